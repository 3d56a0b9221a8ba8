//! Game set-up and the deals players enter at a table, per variant, with
//! the checks that refuse what cannot happen. Each entered deal becomes the
//! rules engine's deal summary: a deal entered by hand and a deal played in
//! the engine are scored by the same code.

use crate::refusal::Refusal;
use belot_core::french::FrenchDeal;
use belot_core::french::{
    DealSummary, DealSummary3, Entry, Entry3, FrenchOptions, announcement_contests,
};
use belot_core::game_match::Registered;
use belot_core::meld::{CardReuse, Meld, MeldValues};
use belot_core::three_player::ThreeDeal;
use belot_core::three_player::{ThreeEntry, ThreeSummary};
use belot_core::two_player::TwoDeal;
use belot_core::two_player::{TwoEntry, TwoSummary};
use belot_core::{AnyMatch, Contract, Deal, Game, GameMatch, Seat, Side, Suit};
use serde::{Deserialize, Serialize};

/// A score sheet's set-up.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// A name for the game (optional).
    #[serde(default)]
    pub name: String,
    /// Player names in seat order (the order the deal passes, to the left).
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
        match &self.rules {
            Game::French(options) => options.validate(),
            Game::TwoPlayer(options) => options.validate(),
            Game::ThreePlayer(options) => options.validate(),
        }
        .map_err(|e| {
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

/// One entry of a score sheet: a deal as the players count it at the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum DealInput {
    /// A French deal: who took, the card points of all sides but at most
    /// one (`null`: derived from the 162), announcement points each side
    /// won, capot, belote.
    French {
        /// The player who took trump.
        taker: Seat,
        /// Card points per side with the last trick's 10; one may be null.
        card_points: Vec<Option<u32>>,
        /// Announcement points each side scored (after the contests).
        #[serde(default)]
        announcements: Vec<u32>,
        /// The side that took every trick.
        #[serde(default)]
        capot: Option<u8>,
        /// The side that scored belote–rebelote.
        #[serde(default)]
        belote: Option<u8>,
        /// Instead of announcement points: the melds announced, in
        /// announcing order, and the app runs the contests (needs `trump`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        announced: Vec<Announced>,
        /// The trump suit (needed to run the contests).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trump: Option<Suit>,
    },
    /// A two-player deal.
    TwoPlayer {
        /// Suit (`S H D C`), `AT` (ВК) or `NT` (БК); the вскрышка suit in распасы.
        contract: Contract,
        /// An all-pass deal.
        #[serde(default)]
        raspasy: bool,
        /// Who loaded the game (absent in распасы).
        #[serde(default)]
        loader: Option<Seat>,
        /// Card points of both players, the last trick's 10 included (cards
        /// are out of play, so both are entered).
        card_points: [u32; 2],
        /// Construction points of the contest winner (0 for the other).
        #[serde(default)]
        constructions: [u32; 2],
        /// Belas each player declared.
        #[serde(default)]
        belas: [u8; 2],
        /// Whether each player took at least one trick (default: he took
        /// card points).
        #[serde(default)]
        took_trick: Option<[bool; 2]>,
    },
    /// A three-player deal.
    ThreePlayer {
        /// The declarer.
        declarer: Seat,
        /// Card points of each player, the last trick's 10 included.
        card_points: [u32; 3],
        /// Who took the last trick: needed with a capo only (without one
        /// the 10 is in its taker's points, and scores the same whoever
        /// he is).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_trick: Option<Seat>,
        /// Players who took no trick (capo).
        #[serde(default)]
        capo: Vec<Seat>,
        /// Combination points of the contest winner (0 for the others).
        #[serde(default)]
        combinations: [u32; 3],
        /// Belots each player declared.
        #[serde(default)]
        belots: [u8; 3],
    },
    /// Everybody passed: no score, the deal moves on.
    ThrownIn,
    /// Two-player redeal claimed with four 7s or four 8s.
    Redeal,
}

/// A meld announced at the table: who, and its cards.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announced {
    /// The player who announced it.
    pub seat: Seat,
    /// The meld (its cards).
    pub meld: Meld,
}

/// A deal converted for the rules engine's ledgers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Converted {
    /// French, two sides.
    French(Entry),
    /// French, three players.
    French3(Entry3),
    /// Two-player Belot.
    Two(TwoEntry),
    /// Three-player Belot.
    Three(ThreeEntry),
}

/// Refuses a meld its player already announced, or one sharing cards
/// with another of his melds where the table's card re-use rule forbids
/// it (a card may be in one carré and one sequence, or with `once_only`
/// in one meld only).
fn meld_fits_hand(earlier: &[Meld], a: &Announced, reuse: CardReuse) -> Result<(), Refusal> {
    let cards = a.meld.cards();
    for &m in earlier {
        if m == a.meld {
            let m =
                format!("[{cards}] is announced twice by player {}: each meld counts once", a.seat);
            return Err(Refusal::new("meld_twice", m).with("seat", a.seat.0));
        }
        let shared = m.cards() & cards;
        let carre_and_sequence = matches!(m, Meld::Carre(_)) != matches!(a.meld, Meld::Carre(_));
        if shared.is_empty() || (carre_and_sequence && reuse == CardReuse::AllowCarreAndSeq) {
            continue;
        }
        let rule = match reuse {
            CardReuse::AllowCarreAndSeq => {
                "a card may be in one carré and one sequence, never in two sequences"
            }
            CardReuse::OnceOnly => "with this table's rules a card counts in one meld only",
        };
        let m = format!(
            "[{}] and [{cards}], both announced by player {}, share [{shared}]: {rule}",
            m.cards(),
            a.seat
        );
        let code = match reuse {
            CardReuse::AllowCarreAndSeq => "meld_cards_shared",
            CardReuse::OnceOnly => "meld_cards_shared_once",
        };
        return Err(Refusal::new(code, m).with("seat", a.seat.0));
    }
    Ok(())
}

fn side_ok(s: Option<u8>, sides: usize, what: &str) -> Result<(), Refusal> {
    match s {
        Some(x) if x as usize >= sides => {
            let m = format!("{what} side {x} does not exist: sides are 0 to {}", sides - 1);
            Err(Refusal::new("no_such_side", m).with("what", what).with("side", x))
        }
        _ => Ok(()),
    }
}

/// Announcement points a side can win: sums of 20, 50, 100, 150, 200 (so
/// never 10 or 30), at most 1000.
fn announcement_ok(a: u32) -> Result<(), Refusal> {
    if !a.is_multiple_of(10) || a == 10 || a == 30 || a > 1000 {
        let m = format!(
            "announcement points {a} cannot be made: announcements are worth 20, 50, 100, 150 \
             or 200, so a side's points are 0 or a sum of those (not 10 or 30), at most 1000"
        );
        return Err(Refusal::new("announcement_points", m).with("points", a));
    }
    Ok(())
}

/// Whether one side's card points are possible: 0 to the deal's total,
/// never exactly 1 or total − 1 (no card is worth 1).
fn card_points_ok(p: u32, total: u32) -> Result<(), Refusal> {
    if p > total || p == 1 || p + 1 == total {
        let m = format!(
            "card points {p} cannot be: each side's card points are 0 to {total} (last trick \
             included), never 1 or {}",
            total - 1
        );
        return Err(Refusal::new("card_points", m).with("points", p).with("total", total));
    }
    Ok(())
}

/// The announcement points each side wins from the melds announced: the
/// contests of §4.6, after checking that the melds can be held.
fn melds_points(
    announced: &[Announced],
    trump: Option<Suit>,
    announcements: &[u32],
    options: &FrenchOptions,
    sides: usize,
    n: usize,
) -> Result<Vec<u32>, Refusal> {
    let trump = trump
        .ok_or(Refusal::new("melds_need_trump", "to score announced melds give the trump suit"))?;
    if !announcements.is_empty() {
        return Err(Refusal::new(
            "melds_or_points",
            "give either announcement points or the announced melds, not both",
        ));
    }
    let mut held = belot_core::CardSet::EMPTY;
    let mut per_seat = vec![belot_core::CardSet::EMPTY; n];
    let mut melds: Vec<Vec<Meld>> = vec![Vec::new(); n];
    for a in announced {
        seat_ok(a.seat, n, "announcing")?;
        let cards = a.meld.cards();
        let others = held - per_seat[a.seat.index()];
        if !(others & cards).is_empty() {
            let m = format!(
                "[{}] is announced by two players: a card is in one hand only",
                cards & others
            );
            return Err(Refusal::new("meld_two_hands", m).with("seat", a.seat.0));
        }
        meld_fits_hand(&melds[a.seat.index()], a, options.card_reuse)?;
        melds[a.seat.index()].push(a.meld);
        held |= cards;
        per_seat[a.seat.index()] |= cards;
        if per_seat[a.seat.index()].len() > 8 {
            let m = "a player's melds hold more than his 8 cards";
            return Err(Refusal::new("meld_too_many_cards", m).with("seat", a.seat.0));
        }
    }
    let entries: Vec<(Seat, Meld)> = announced.iter().map(|a| (a.seat, a.meld)).collect();
    let scored = announcement_contests(&entries, Contract::Suit(trump), options);
    let mut v = vec![0u32; sides];
    for ((seat, meld), s) in entries.iter().zip(scored) {
        if s {
            let side = if options.players == 4 { seat.index() & 1 } else { seat.index() };
            v[side] += MeldValues::FRENCH.value(*meld);
        }
    }
    Ok(v)
}

/// Each side's card points, the one left out derived (all 162 are played
/// unless two players leave cards out), checked.
fn french_card_points(
    card_points: &[Option<u32>],
    capot: Option<u8>,
    options: &FrenchOptions,
    sides: usize,
) -> Result<Vec<u32>, Refusal> {
    // Two players leave cards out of play: every side's points are
    // needed and the total is theirs; otherwise all 162 are played.
    let pts = match capot {
        Some(c) => capot_card_points(card_points, c as usize, options, sides)?,
        None if options.players == 2 => {
            if card_points.iter().any(Option::is_none) {
                return Err(Refusal::new(
                    "card_points_both",
                    "with two players cards stay out of play: give both players' card points",
                ));
            }
            card_points.iter().map(|p| p.unwrap_or(0)).collect()
        }
        None => all_162(card_points)?,
    };
    if options.players == 2 && capot.is_none() {
        if pts.iter().any(|&p| p > 156) {
            return Err(Refusal::new(
                "card_points_range",
                "card points: each player has 0 to 156 with cards out of play",
            )
            .with("total", 156));
        }
        let total: u32 = pts.iter().sum();
        if !(10..=156).contains(&total) {
            let m = format!(
                "two players' card points add up to {total}: with 14 cards out of play a \
             deal holds 10 to 156"
            );
            return Err(Refusal::new("card_points_sum", m).with("sum", total).with("total", 156));
        }
    }
    Ok(pts)
}

/// A capot side's card points (all 162, or what two players typed) and
/// the others' 0.
fn capot_card_points(
    card_points: &[Option<u32>],
    c: usize,
    options: &FrenchOptions,
    sides: usize,
) -> Result<Vec<u32>, Refusal> {
    // A capot side took every card: the others have none.
    for (i, p) in card_points.iter().enumerate() {
        if i != c && p.is_some_and(|x| x > 0) {
            let m = format!(
                "side {c} made capot, so side {i} took no card points; leave its \
             points 0 or null"
            );
            return Err(Refusal::new("capot_other_points", m).with("side", c).with("other", i));
        }
    }
    if options.players != 2 && card_points[c].is_some_and(|p| p != 162) {
        let m = format!("side {c} made capot: its card points are all 162; leave them null");
        return Err(Refusal::new("capot_points", m).with("side", c));
    }
    let mut v = vec![0; sides];
    v[c] = match (options.players, card_points[c]) {
        (2, Some(p)) if (10..=156).contains(&p) => p,
        (2, _) => {
            let m = "with two players give the capot player's card points (10 to 156)";
            return Err(Refusal::new("capot_points_two", m).with("side", c));
        }
        _ => 162,
    };
    Ok(v)
}

/// The sides' card points when all 162 are played: the one left out is
/// derived from the others.
fn all_162(card_points: &[Option<u32>]) -> Result<Vec<u32>, Refusal> {
    let missing = card_points.iter().filter(|p| p.is_none()).count();
    if missing > 1 {
        return Err(Refusal::new(
            "card_points_missing",
            "give the card points of all sides but one",
        ));
    }
    if card_points.iter().flatten().any(|&p| p > 162) {
        return Err(Refusal::new("card_points_range", "card points: each side has 0 to 162")
            .with("total", 162));
    }
    // The points typed first: a refusal names what was typed.
    for &p in card_points.iter().flatten() {
        card_points_ok(p, 162)?;
    }
    let known: u32 = card_points.iter().flatten().sum();
    if known > 162 {
        let m = format!("card points add up to {known}: at most 162 in a deal");
        return Err(Refusal::new("card_points_sum", m).with("sum", known).with("total", 162));
    }
    let v: Vec<u32> = card_points.iter().map(|p| p.unwrap_or(162 - known)).collect();
    let sum = v.iter().sum::<u32>();
    if sum != 162 {
        let m = format!(
            "card points add up to {sum}: the sides' card points (last trick \
             included) add up to 162; leave one side null to derive it"
        );
        return Err(Refusal::new("card_points_all", m).with("sum", sum));
    }
    for &p in &v {
        card_points_ok(p, 162)?;
    }
    Ok(v)
}

/// A seat of a game of `n` players; `what` says whose it is.
fn seat_ok(s: Seat, n: usize, what: &str) -> Result<(), Refusal> {
    if s.index() >= n {
        let m = format!("{what} seat {s} does not exist: seats are 0 to {}", n - 1);
        return Err(Refusal::new("no_such_seat", m).with("what", what).with("seat", s.0));
    }
    Ok(())
}

/// The rules engine's own check of a deal refused it (what the checks
/// above did not catch): its code is the parameter `rule`, its English
/// words `detail`.
fn deal_rules(e: belot_core::InvalidInput) -> Refusal {
    let r = Refusal::new("deal_rules", e.message.clone()).with("rule", e.code);
    r.with("detail", e.message)
}

impl DealInput {
    /// Checks the entry against the game and converts it to the engine's
    /// summary; says why it cannot be and what is allowed.
    pub fn convert(&self, rules: &Game, dealer: Seat) -> Result<Converted, Refusal> {
        match (self, rules) {
            (DealInput::ThrownIn, Game::French(options)) if options.players == 3 => {
                Ok(Converted::French3(Entry3::ThrownIn))
            }
            (DealInput::ThrownIn, Game::French(_)) => Ok(Converted::French(Entry::ThrownIn)),
            (DealInput::ThrownIn, Game::TwoPlayer(_)) => Ok(Converted::Two(TwoEntry::ThrownIn)),
            (DealInput::ThrownIn, Game::ThreePlayer(_)) => {
                Ok(Converted::Three(ThreeEntry::ThrownIn))
            }
            (DealInput::Redeal, Game::TwoPlayer(_)) => Ok(Converted::Two(TwoEntry::Redeal)),
            (DealInput::Redeal, _) => Err(Refusal::new(
                "redeal_two_player",
                "a redeal (four 7s or four 8s) exists only in two-player Belot",
            )),
            (DealInput::French { .. }, Game::French(options)) => {
                self.convert_french(options, rules, dealer)
            }
            (DealInput::TwoPlayer { .. }, Game::TwoPlayer(_)) => self.convert_two(rules),
            (DealInput::ThreePlayer { .. }, Game::ThreePlayer(_)) => {
                self.convert_three(rules, dealer)
            }
            _ => Err(self.wrong_game(rules)),
        }
    }

    /// This entry is for another game than the sheet's.
    fn wrong_game(&self, rules: &Game) -> Refusal {
        let m = format!("a {} entry does not belong on a {} sheet", self.kind(), rules.variant());
        Refusal::new("wrong_game", m).with("kind", self.kind())
    }

    /// A French Belote deal (4, 3 or 2 players).
    fn convert_french(
        &self,
        options: &FrenchOptions,
        rules: &Game,
        dealer: Seat,
    ) -> Result<Converted, Refusal> {
        let DealInput::French {
            taker,
            card_points,
            announcements,
            capot,
            belote,
            announced,
            trump,
        } = self
        else {
            return Err(self.wrong_game(rules));
        };
        let n = usize::from(rules.players());
        let seat_ok = |s: Seat, what: &str| seat_ok(s, n, what);
        seat_ok(*taker, "taker")?;
        let sides = rules.sides();
        side_ok(*capot, sides, "capot")?;
        side_ok(*belote, sides, "belote")?;
        if card_points.len() != sides {
            let m = format!("give card points for each of the {sides} sides (one may be null)");
            return Err(Refusal::new("side_count", m).with("count", sides));
        }
        let ann: Vec<u32> = if !announced.is_empty() {
            // The app runs the contests of §4.6 on the announced melds.
            melds_points(announced, *trump, announcements, options, sides, n)?
        } else if announcements.is_empty() {
            vec![0; sides]
        } else {
            announcements.clone()
        };
        if ann.len() != sides {
            let m = format!("give announcement points for each of the {sides} sides");
            return Err(Refusal::new("side_count", m).with("count", sides));
        }
        for &a in &ann {
            announcement_ok(a)?;
        }
        let pts = french_card_points(card_points, *capot, options, sides)?;
        if options.players == 3 {
            let s = DealSummary3 {
                taker: *taker,
                dealer,
                card_points: [pts[0], pts[1], pts[2]],
                capot: capot.map(Seat),
                announcements: [ann[0], ann[1], ann[2]],
                belote: belote.map(Seat),
            };
            s.validate().map_err(deal_rules)?;
            Ok(Converted::French3(Entry3::Played { summary: s }))
        } else {
            let side = |s: Seat| if options.players == 4 { Side(s.0 & 1) } else { Side(s.0) };
            let s = DealSummary {
                taker: side(*taker),
                card_points: [pts[0], pts[1]],
                capot: capot.map(Side),
                announcements: [ann[0], ann[1]],
                belote: belote.map(Side),
                deal_points: (options.players == 2).then(|| pts[0] + pts[1]),
            };
            s.validate().map_err(deal_rules)?;
            Ok(Converted::French(Entry::Played { summary: s }))
        }
    }

    /// A two-player Belot deal.
    fn convert_two(&self, rules: &Game) -> Result<Converted, Refusal> {
        let DealInput::TwoPlayer {
            contract,
            raspasy,
            loader,
            card_points,
            constructions,
            belas,
            took_trick,
        } = self
        else {
            return Err(self.wrong_game(rules));
        };
        let seat_ok = |s: Seat, what: &str| seat_ok(s, usize::from(rules.players()), what);
        if let Some(l) = loader {
            seat_ok(*l, "loader")?;
        }
        two_card_points(card_points, *contract)?;
        check_constructions(constructions)?;
        check_belas(belas, *contract)?;
        let tricks = two_tricks(card_points, *took_trick)?;
        let s = TwoSummary {
            contract: *contract,
            raspasy: *raspasy,
            loader: *loader,
            card_points: *card_points,
            tricks,
            constructions: *constructions,
            belas: *belas,
        };
        s.validate().map_err(deal_rules)?;
        Ok(Converted::Two(TwoEntry::Played { summary: s }))
    }

    /// A three-player Belot deal.
    fn convert_three(&self, rules: &Game, dealer: Seat) -> Result<Converted, Refusal> {
        let DealInput::ThreePlayer {
            declarer,
            card_points,
            last_trick,
            capo,
            combinations,
            belots,
        } = self
        else {
            return Err(self.wrong_game(rules));
        };
        let seat_ok = |s: Seat, what: &str| seat_ok(s, usize::from(rules.players()), what);
        seat_ok(*declarer, "declarer")?;
        for s in capo {
            seat_ok(*s, "capo")?;
        }
        let last_trick = three_last_trick(*last_trick, capo, card_points)?;
        seat_ok(last_trick, "last trick")?;
        check_capo(capo, card_points)?;
        check_combinations(combinations, belots)?;
        three_card_points(card_points, capo, last_trick)?;
        let mut cards = *card_points;
        cards[last_trick.index()] -= 10;
        let mut tricks = [0u8; 3];
        let playing: Vec<usize> = (0..3).filter(|&i| !capo.contains(&Seat(i as u8))).collect();
        for (k, &i) in playing.iter().enumerate() {
            tricks[i] = if k == 0 { 9 - (playing.len() as u8 - 1) } else { 1 };
        }
        let s = ThreeSummary {
            declarer: *declarer,
            dealer,
            card_points: cards,
            tricks,
            last_trick,
            combinations: *combinations,
            belots: *belots,
        };
        s.validate().map_err(deal_rules)?;
        Ok(Converted::Three(ThreeEntry::Played { summary: s }))
    }

    /// The entry's kind as written in JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            DealInput::French { .. } => "french",
            DealInput::TwoPlayer { .. } => "two_player",
            DealInput::ThreePlayer { .. } => "three_player",
            DealInput::ThrownIn => "thrown_in",
            DealInput::Redeal => "redeal",
        }
    }
}

impl DealInput {
    /// Every finished deal of a played match as the entry a score sheet
    /// of its game takes: the same summary the engine scored.
    pub fn from_match(game: &AnyMatch) -> Vec<DealInput> {
        match game {
            AnyMatch::French(m) => finished(m).map(DealInput::from_french).collect(),
            AnyMatch::TwoPlayer(m) => finished(m).map(DealInput::from_two).collect(),
            AnyMatch::ThreePlayer(m) => finished(m).map(DealInput::from_three).collect(),
        }
    }

    /// A finished French deal as entered (thrown in when nobody took).
    pub fn from_french(d: &FrenchDeal) -> DealInput {
        let (taker, card_points, announcements, capot, belote) = if let Some(s) = d.summary3() {
            let pts = &s.card_points;
            (
                s.taker,
                pts.to_vec(),
                s.announcements.to_vec(),
                s.capot.map(|c| c.0),
                s.belote.map(|b| b.0),
            )
        } else if let (Some(s), Some(taker)) = (d.summary(), d.taker()) {
            let pts = &s.card_points;
            (
                taker,
                pts.to_vec(),
                s.announcements.to_vec(),
                s.capot.map(|c| c.0),
                s.belote.map(|b| b.0),
            )
        } else {
            return DealInput::ThrownIn;
        };
        DealInput::French {
            taker,
            card_points: card_points.into_iter().map(Some).collect(),
            announcements,
            capot,
            belote,
            announced: Vec::new(),
            trump: None,
        }
    }

    /// A finished two-player deal as entered (a redeal, or thrown in).
    pub fn from_two(d: &TwoDeal) -> DealInput {
        match (d.summary(), d.redeal_by()) {
            (Some(s), _) => DealInput::TwoPlayer {
                contract: s.contract,
                raspasy: s.raspasy,
                loader: s.loader,
                card_points: s.card_points,
                constructions: s.constructions,
                belas: s.belas,
                took_trick: Some([s.tricks[0] > 0, s.tricks[1] > 0]),
            },
            (None, Some(_)) => DealInput::Redeal,
            (None, None) => DealInput::ThrownIn,
        }
    }

    /// A finished three-player deal as entered: the last trick's 10 in
    /// its taker's card points, capo for who took no trick.
    pub fn from_three(d: &ThreeDeal) -> DealInput {
        let Some(s) = d.summary() else { return DealInput::ThrownIn };
        let mut card_points = s.card_points;
        card_points[s.last_trick.index() % 3] += 10;
        DealInput::ThreePlayer {
            declarer: s.declarer,
            card_points,
            last_trick: Some(s.last_trick),
            capo: (0..3).filter(|&i| s.tricks[i] == 0).map(|i| Seat(i as u8)).collect(),
            combinations: s.combinations,
            belots: s.belots,
        }
    }
}

/// The finished deals of a match, in order.
fn finished<R: Registered>(m: &GameMatch<R>) -> impl Iterator<Item = &R::Deal> {
    m.previous_deals().iter().chain(std::iter::once(m.current())).filter(|d| d.is_over())
}

/// A two-player deal's card points (§3.7): each 0 to 258 but never 1,
/// together 10 up to what the contract's 18 cards in play can hold.
fn two_card_points(card_points: &[u32; 2], contract: Contract) -> Result<(), Refusal> {
    if let Some(&p) = card_points.iter().find(|&&p| p > 258 || p == 1) {
        let m =
            format!("card points {card_points:?} cannot be: each player's are 0 to 258, never 1");
        return Err(Refusal::new("card_points", m).with("points", p).with("total", 259));
    }
    let total = card_points[0] + card_points[1];
    let max = match contract {
        Contract::AllTrumps => 238,
        Contract::NoTrumps => 126,
        Contract::Suit(_) => 156,
    };
    if total < 10 || total > max {
        let m = format!(
            "card points add up to {total}: with 14 cards out of play this contract's 18 cards \
             hold 10 to {max} (last trick included)"
        );
        let r = Refusal::new("card_points_between", m).with("sum", total);
        return Err(r.with("min", 10).with("max", max));
    }
    Ok(())
}

/// Construction points a player can make: 20, 50, 100, … and their sums.
fn check_constructions(constructions: &[u32; 2]) -> Result<(), Refusal> {
    for &c in constructions {
        if c != 0 && !(c >= 20 && c % 10 == 0 && c != 30 && c <= 1000) {
            let m = format!(
                "construction points {c} cannot be made: constructions are worth 20, 50, 100, \
                 110, 140 or 200"
            );
            return Err(Refusal::new("construction_points", m).with("points", c));
        }
    }
    Ok(())
}

/// Бела calls: one per suit at most, four in all in ВК, none in БК, one
/// player's only in a suit contract.
fn check_belas(belas: &[u8; 2], contract: Contract) -> Result<(), Refusal> {
    if belas.iter().any(|&b| b > 4)
        || (contract == Contract::NoTrumps && belas.iter().any(|&b| b > 0))
    {
        return Err(Refusal::new(
            "belas_per_suit",
            "belas: at most one per suit (4 in ВК), none in БК",
        ));
    }
    if belas.iter().map(|&b| b as u32).sum::<u32>() > 4 {
        return Err(Refusal::new("belas_total", "belas: at most four in all (one per suit)"));
    }
    if !matches!(contract, Contract::AllTrumps) && belas.iter().sum::<u8>() > 1 {
        return Err(Refusal::new(
            "bela_one_player",
            "in a suit contract only one player can hold the бела",
        ));
    }
    Ok(())
}

/// Tricks each player took, as far as scoring needs: who took none (no
/// card points then) and who took some.
fn two_tricks(card_points: &[u32; 2], took_trick: Option<[bool; 2]>) -> Result<[u8; 2], Refusal> {
    let took = took_trick.unwrap_or([card_points[0] > 0, card_points[1] > 0]);
    for p in 0..2 {
        if !took[p] && card_points[p] > 0 {
            let m = format!(
                "player {p} took no trick, so he has no card points; got {}",
                card_points[p]
            );
            let r = Refusal::new("no_trick_points", m).with("seat", p);
            return Err(r.with("points", card_points[p]));
        }
    }
    match took {
        [true, true] => Ok([4, 5]),
        [true, false] => Ok([9, 0]),
        [false, true] => Ok([0, 9]),
        [false, false] => Err(Refusal::new(
            "nobody_took_tricks",
            "somebody took the tricks: mark at least one player as taking a trick",
        )),
    }
}

/// Capo players (§2.7) took no trick: each listed once, with no card
/// points; nobody has more than 162.
fn check_capo(capo: &[Seat], card_points: &[u32; 3]) -> Result<(), Refusal> {
    let mut seen = [false; 3];
    for s in capo {
        if std::mem::replace(&mut seen[s.index()], true) {
            let m = format!("capo player {s} is listed twice");
            return Err(Refusal::new("capo_twice", m).with("seat", s.0));
        }
        let p = card_points[s.index()];
        if p > 0 {
            let m = format!("capo player {s} took no trick, so he has no card points; got {p}");
            let r = Refusal::new("no_trick_points", m).with("seat", s.0);
            return Err(r.with("points", p));
        }
    }
    if card_points.iter().any(|&p| p > 162) {
        return Err(Refusal::new("card_points_range", "card points: each player has 0 to 162")
            .with("total", 162));
    }
    Ok(())
}

/// Who took the last trick. Without a capo the form need not ask: the
/// 10 is in its taker's points and the deal scores the same whoever took
/// it, so the player with the most points (at least 10) stands for him.
fn three_last_trick(
    given: Option<Seat>,
    capo: &[Seat],
    card_points: &[u32; 3],
) -> Result<Seat, Refusal> {
    if let Some(s) = given {
        return Ok(s);
    }
    if !capo.is_empty() {
        let m = "with a player who took no trick (capo), say who took the last trick";
        return Err(Refusal::new("last_trick_needed", m));
    }
    let top = (0..3).max_by_key(|&i| (card_points[i], std::cmp::Reverse(i))).unwrap_or(0);
    if card_points[top] < 10 {
        let m = "someone took the last trick, so someone has at least its 10 points";
        return Err(Refusal::new("no_last_trick_points", m));
    }
    Ok(Seat(top as u8))
}

/// Three-player card points: the capo players are not all three and did
/// not take the last trick, whose taker holds at least its 10; 10 to 162
/// in all.
fn three_card_points(
    card_points: &[u32; 3],
    capo: &[Seat],
    last_trick: Seat,
) -> Result<(), Refusal> {
    if capo.len() > 2 || capo.contains(&last_trick) {
        return Err(Refusal::new(
            "capo_last_trick",
            "capo players took no trick: not all three, and not the one who took the last trick",
        ));
    }
    if card_points[last_trick.index()] < 10 {
        let m = "the player who took the last trick has at least its 10 points";
        return Err(Refusal::new("last_trick_points", m).with("seat", last_trick.0));
    }
    let total: u32 = card_points.iter().sum();
    if !(10..=162).contains(&total) {
        let m = format!(
            "card points add up to {total}: 27 cards are in play, at most 162 with the last trick"
        );
        let r = Refusal::new("card_points_between", m).with("sum", total);
        return Err(r.with("min", 10).with("max", 162));
    }
    Ok(())
}

/// Combination points (sums of 20, 50, 100, …) and belot calls (four at
/// most).
fn check_combinations(combinations: &[u32; 3], belots: &[u8; 3]) -> Result<(), Refusal> {
    for &c in combinations {
        if c != 0 && !(c % 10 == 0 && c <= 1000) {
            let m = format!(
                "combination points {c} cannot be made: 20 (or the table's tierce), 50, 100, \
                 150, 200 and their sums, at most 1000"
            );
            return Err(Refusal::new("combination_points", m).with("points", c));
        }
    }
    if belots.iter().map(|&b| b as u32).sum::<u32>() > 4 {
        return Err(Refusal::new("belots_total", "belots: at most four in all (one per suit)"));
    }
    Ok(())
}
