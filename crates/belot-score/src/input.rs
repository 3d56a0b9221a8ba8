//! A score sheet's set-up: the game, its house rules and the players'
//! names, checked. The deals entered are core's
//! [`DealInput`](belot_core::DealInput), each game's checked and converted
//! by the game's own code.

use belot_core::{Game, Refusal, Seat};
use serde::{Deserialize, Serialize};

/// A score sheet's set-up.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// A name for the game (optional).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 40))]
    pub name: String,
    /// Player names in seat order (the order the deal passes, to the
    /// left), each 1 to 40 characters.
    pub players: Vec<String>,
    /// Who deals first.
    #[serde(default)]
    pub first_dealer: Seat,
    /// Game and house rules.
    pub rules: Game,
    /// The sheet is kept by a card table of `belot serve`, which alone
    /// writes it (its finished deals); no change from anywhere else is
    /// taken ([`Setup::kept_by_table`]). Set only when the table makes
    /// the sheet: a set-up change keeps it as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "openapi", schema(read_only))]
    pub kept_by_table: bool,
}

/// Longest player or game name accepted.
pub const MAX_NAME: usize = 40;

/// Whether a character is refused in a name: control characters (Cc),
/// format characters (Cf: soft hyphen, zero-width characters, bidi marks,
/// embeddings, overrides and isolates, word joiners, byte-order mark,
/// tags…) and the line and paragraph separators. They are invisible or
/// reorder the text shown around them.
pub fn refused_in_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c as u32,
            0x00AD
                | 0x0600..=0x0605
                | 0x061C
                | 0x06DD
                | 0x070F
                | 0x0890..=0x0891
                | 0x08E2
                | 0x180E
                | 0x200B..=0x200F
                | 0x2028..=0x202E
                | 0x2060..=0x2064
                | 0x2066..=0x206F
                | 0xFEFF
                | 0xFFF9..=0xFFFB
                | 0x110BD
                | 0x110CD
                | 0x13430..=0x1343F
                | 0x1BCA0..=0x1BCA3
                | 0x1D173..=0x1D17A
                | 0xE0001
                | 0xE0020..=0xE007F
        )
}

/// At most `MAX_NAME` characters of a name, escaped, for a message.
fn excerpt(s: &str) -> String {
    let short: String = s.chars().take(MAX_NAME).collect();
    let more = if short.len() < s.len() { "…" } else { "" };
    format!("{short:?}{more}")
}

/// Checks one (trimmed) name: `what` says whose it is.
/// `seat` is the player's, `None` for the game's name.
fn name_ok(name: &str, seat: Option<usize>, min: usize, max: usize) -> Result<(), Refusal> {
    let what = match seat {
        Some(s) => format!("player name at seat {s}"),
        None => "game name".to_string(),
    };
    let rule =
        format!("{min} to {max} characters, no control, invisible or text-direction characters");
    let with_seat = |r: Refusal| match seat {
        Some(s) => r.with("seat", s),
        None => r,
    };
    if let Some(c) = name.chars().find(|&c| refused_in_name(c)) {
        let code = format!("U+{:04X}", c as u32);
        let m = format!(
            "{what} {} holds {code}, a control, invisible or text-direction character: {rule}",
            excerpt(name)
        );
        return Err(with_seat(Refusal::new("name_character", m).with("char", code)));
    }
    let n = name.chars().count();
    if n < min || n > max {
        let m = format!("{what} {} has {n} characters: {rule}", excerpt(name));
        let r = Refusal::new("name_length", m).with("min", min).with("max", max);
        return Err(with_seat(r.with("length", n)));
    }
    Ok(())
}

impl Setup {
    /// Refuses a change made by anyone but the card table that keeps the
    /// sheet ([`Setup::kept_by_table`]).
    pub fn refuse_if_kept(&self) -> Result<(), Refusal> {
        if self.kept_by_table {
            return Err(Refusal::new(
                "kept_by_table",
                "this score sheet is kept by its card table: its deals are written as they end \
                 there, and nothing else changes it",
            ));
        }
        Ok(())
    }

    /// Checks a set-up entered now (a new sheet, a set-up change): as
    /// [`Setup::validate`], and the game's name at most [`MAX_NAME`]
    /// characters, as the players' (sheets stored before this held up to
    /// twice as many, which still read).
    pub fn check_new(&self) -> Result<(), Refusal> {
        self.validate()?;
        name_ok(self.name.trim(), None, 0, MAX_NAME)
    }

    /// Checks the set-up; says what is wrong and what is accepted. Names
    /// are judged trimmed (see [`Setup::normalized`]): a player name has 1
    /// to [`MAX_NAME`] characters, the game name at most twice that, and
    /// neither holds control, format (invisible) or bidi characters.
    pub fn validate(&self) -> Result<(), Refusal> {
        let n = usize::from(self.rules.players());
        self.rules.validate().map_err(|e| {
            let r = Refusal::new("house_rules", e.message.clone()).with("rule", e.code);
            r.with("detail", e.message)
        })?;
        if self.players.len() != n {
            let m = format!(
                "{} needs {n} player names in seat order; got {}",
                self.rules.variant(),
                self.players.len()
            );
            let r = Refusal::new("player_count", m).with("count", n);
            return Err(r.with("got", self.players.len()));
        }
        for (seat, p) in self.players.iter().enumerate() {
            name_ok(p.trim(), Some(seat), 1, MAX_NAME)?;
        }
        name_ok(self.name.trim(), None, 0, MAX_NAME * 2)?;
        if self.first_dealer.index() >= n {
            let m = format!(
                "first dealer seat {} does not exist: seats are 0 to {}",
                self.first_dealer,
                n - 1
            );
            return Err(Refusal::new("no_such_seat", m).with("seat", self.first_dealer.0));
        }
        Ok(())
    }

    /// The set-up as stored: game and player names trimmed, then checked
    /// ([`Setup::validate`]).
    pub fn normalized(mut self) -> Result<Setup, Refusal> {
        fn trim(s: &mut String) {
            let t = s.trim();
            if t.len() != s.len() {
                *s = t.to_string();
            }
        }
        trim(&mut self.name);
        self.players.iter_mut().for_each(trim);
        self.validate()?;
        Ok(self)
    }
}
