//! Score sheet entries: a deal as the players enter it at a table
//! ([`DealInput`]), checked and converted to the game's ledger entry by
//! the game's own code ([`crate::Rules::convert`]). A deal entered by hand and a
//! deal played here are scored by the same code.

use crate::error::Refusal;
use crate::game::Deal;
use crate::game_match::{GameMatch, Registered};
use crate::registry::{AnyEntry, AnyLedger, AnyMatch, DealInput, Game};
use crate::seat::Seat;
use crate::{each_game, with_rules};

impl DealInput {
    /// Checks the entry against the game and converts it to the game's
    /// ledger entry; says why it cannot be and what is allowed.
    pub fn convert(&self, game: &Game, dealer: Seat) -> Result<AnyEntry, Refusal> {
        each_game!(Game, game, R, o => {
            let entry = match self {
                DealInput::ThrownIn => R::thrown_in(o),
                DealInput::Redeal => R::redeal(o).ok_or_else(|| Refusal::new(
                    "redeal_two_player",
                    "a redeal (four 7s or four 8s) exists only in two-player Belot",
                ))?,
                other => match R::input(other) {
                    Some(input) => R::convert(input, o, dealer)?,
                    None => return Err(self.wrong_game(game)),
                },
            };
            Ok(R::wrap_entry(entry))
        })
    }

    /// This entry is for another game than the sheet's.
    fn wrong_game(&self, game: &Game) -> Refusal {
        let m = format!("a {} entry does not belong on a {} sheet", self.kind(), game.variant());
        Refusal::new("wrong_game", m).with("kind", self.kind())
    }

    /// The entry's kind as written in JSON.
    pub fn kind(&self) -> &'static str {
        match (self, self.variant()) {
            (_, Some(v)) => v.as_str(),
            (DealInput::Redeal, None) => "redeal",
            (_, None) => "thrown_in",
        }
    }

    /// Who took what, for a table of results: "Boris ♥", "AT Olena",
    /// "raspasy ♠"; "thrown in", "redeal".
    pub fn describe(&self, name: &dyn Fn(Seat) -> String) -> String {
        match (self, self.variant()) {
            (_, Some(v)) => with_rules!(v, R => R::input(self).map(|i| R::describe(i, name)))
                .unwrap_or_default(),
            (DealInput::Redeal, None) => "redeal".into(),
            (_, None) => "thrown in".into(),
        }
    }

    /// Every finished deal of a played match as the entry a score sheet
    /// of its game takes: the same summary the engine scored.
    pub fn from_match(game: &AnyMatch) -> Vec<DealInput> {
        each_game!(AnyMatch, game, R, m => finished(m).map(R::input_of).collect())
    }
}

/// The finished deals of a match, in order.
fn finished<R: Registered>(m: &GameMatch<R>) -> impl Iterator<Item = &R::Deal> {
    m.previous_deals().iter().chain(std::iter::once(m.current())).filter(|d| d.is_over())
}

impl AnyLedger {
    /// An empty ledger of `game`, `first` dealing first.
    pub fn new(game: &Game, first: Seat) -> AnyLedger {
        each_game!(Game, game, R, o => R::wrap_ledger(R::ledger(*o, first)))
    }

    /// Who deals next.
    pub fn next_dealer(&self) -> Seat {
        use crate::game_match::Ledger as _;
        each_game!(AnyLedger, self, l => l.next_dealer())
    }

    /// Forgets the rows, keeping what the next deals need.
    pub fn forget_rows(&mut self) {
        use crate::game_match::Ledger as _;
        each_game!(AnyLedger, self, l => l.forget_rows())
    }

    /// Totals per side, held points, points lost and the winner.
    pub fn tally(&self) -> crate::game_match::Tally {
        use crate::game_match::Ledger as _;
        each_game!(AnyLedger, self, l => l.tally())
    }
}

/// A seat of a game of `n` players; `what` says whose it is.
pub(crate) fn seat_ok(s: Seat, n: usize, what: &str) -> Result<(), Refusal> {
    if s.index() >= n {
        let m = format!("{what} seat {s} does not exist: seats are 0 to {}", n - 1);
        return Err(Refusal::new("no_such_seat", m).with("what", what).with("seat", s.0));
    }
    Ok(())
}

pub(crate) fn side_ok(s: Option<u8>, sides: usize, what: &str) -> Result<(), Refusal> {
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
pub(crate) fn announcement_ok(a: u32) -> Result<(), Refusal> {
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
pub(crate) fn card_points_ok(p: u32, total: u32) -> Result<(), Refusal> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A sheet entry reads and writes the JSON it always had: the game's
    /// fields beside `"kind"`, unknown fields refused in a game's entry
    /// (serde reads a bare kind, `thrown_in` or `redeal`, as it always did:
    /// other fields ignored).
    #[test]
    fn deal_input_json_is_unchanged() {
        let texts = [
            r#"{"kind":"french","taker":1,"card_points":[90,null],"announcements":[20,0],"capot":null,"belote":null}"#,
            r#"{"kind":"two_player","contract":"AT","raspasy":false,"loader":0,"card_points":[150,88],"constructions":[0,0],"belas":[0,0],"took_trick":null}"#,
            r#"{"kind":"three_player","declarer":2,"card_points":[80,52,30],"capo":[],"combinations":[0,0,0],"belots":[0,0,0]}"#,
            r#"{"kind":"thrown_in"}"#,
            r#"{"kind":"redeal"}"#,
        ];
        for t in texts {
            let d: DealInput = serde_json::from_str(t).expect(t);
            assert_eq!(serde_json::to_string(&d).unwrap(), t);
            let extra = t.replacen('}', r#","x":1}"#, 1);
            let refused = serde_json::from_str::<DealInput>(&extra).is_err();
            assert_eq!(refused, !matches!(d, DealInput::ThrownIn | DealInput::Redeal), "{extra}");
        }
    }
}
