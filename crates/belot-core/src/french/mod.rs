//! French Belote (seed 002): four players in two teams, to 1000 (or 500).

mod breakdown;
mod deal;
mod game;
mod options;
mod report;
mod score;
mod sheet;
mod view;

pub use breakdown::{
    AnnouncementBreakdown, BeloteBreakdown, FrenchBreakdown, FrenchDealBreakdown,
    FrenchMatchBreakdown, Summary,
};
pub use deal::{
    Announcement, FrenchDeal, FrenchScored, PLAYERS, Phase, Scored, announcement_contests, side_in,
    side_of, side_totals,
};
pub use game::FrenchRules;
pub use options::{
    AnnounceContests, BothCross, CapotVictim, FirstPackets, FrenchOptions, LitigeMode,
};
pub use score::{
    CAPOT_POINTS, DEAL_POINTS, DealScore, DealSummary, Entry, EntryOf, FrenchScoring, Ledger,
    LedgerOf, Outcome, Row, RowOf, score_deal, score_dealt,
};
pub use sheet::{Announced, FrenchInput};
pub use view::{AnnouncementView, FullState, SeatView, TrickView};

use serde::Serialize;

use crate::any_match::Standing;
use crate::error::GameError;
use crate::game_match::{GameMatch, Ledger as MatchLedger, Start, Tally};
use crate::points::Half;
use crate::report::RowReport;
use crate::seat::{Seat, Side};

/// A French Belote match: the deals played so far, the deal in progress
/// and the ledger (totals, held points, dealer, winner).
pub type FrenchMatch = GameMatch<FrenchRules>;

/// The same code for a value of either number of sides: `by_sides!(Enum,
/// value, x => expr)` runs `expr` with `x` bound in each variant.
macro_rules! by_sides {
    ($enum:ident, $value:expr, $x:pat => $e:expr) => {
        match $value {
            $enum::Two($x) => $e,
            $enum::Three($x) => $e,
        }
    };
}
pub(crate) use by_sides;

/// A French match's running score, by its number of sides: two (four
/// players in teams, or two players), or three players each for himself
/// (§4.11). Both are scored by the same code ([`FrenchScoring`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(untagged)]
pub enum FrenchLedger {
    /// Two sides.
    Two(Ledger),
    /// Three sides: three players, each for himself.
    Three(LedgerOf<3>),
}

impl FrenchLedger {
    /// A new match for the options' number of players.
    pub fn new(options: FrenchOptions, first_dealer: Seat) -> FrenchLedger {
        match options.players {
            3 => FrenchLedger::Three(LedgerOf::new(options, first_dealer)),
            _ => FrenchLedger::Two(Ledger::new(options, first_dealer)),
        }
    }

    /// The options.
    pub fn options(&self) -> &FrenchOptions {
        by_sides!(FrenchLedger, self, l => &l.options)
    }
}

/// A French deal as its ledger records it, by the number of sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FrenchEntry {
    /// Two sides.
    Two(Entry),
    /// Three sides.
    Three(EntryOf<3>),
}

impl FrenchEntry {
    /// A deal thrown in, for the options' number of players.
    pub fn thrown_in(options: &FrenchOptions) -> FrenchEntry {
        match options.players {
            3 => FrenchEntry::Three(EntryOf::ThrownIn),
            _ => FrenchEntry::Two(Entry::ThrownIn),
        }
    }
}

impl MatchLedger for FrenchLedger {
    type Deal = FrenchDeal;
    type Entry = FrenchEntry;
    fn entry_of(&self, deal: &FrenchDeal) -> FrenchEntry {
        match deal.scored() {
            Some(FrenchScored::Two(s)) => FrenchEntry::Two(Entry::Played { summary: s.summary }),
            Some(FrenchScored::Three(s)) => {
                FrenchEntry::Three(EntryOf::Played { summary: s.summary })
            }
            None => FrenchEntry::thrown_in(self.options()),
        }
    }
    fn push_entry(&mut self, entry: &FrenchEntry) -> bool {
        match (self, entry) {
            (FrenchLedger::Two(l), FrenchEntry::Two(e)) => _ = l.push(e),
            (FrenchLedger::Three(l), FrenchEntry::Three(e)) => _ = l.push(e),
            _ => return false,
        }
        true
    }
    fn last_row(&self) -> Option<RowReport> {
        by_sides!(FrenchLedger, self, l => l.rows.last().map(RowReport::from))
    }
    /// Forgets the rows, keeping the dealer rotation.
    fn forget_rows(&mut self) {
        by_sides!(FrenchLedger, self, l => {
            l.first_dealer = l.next_dealer();
            l.rows.clear();
        })
    }
    fn tally(&self) -> Tally {
        let f = Half::points;
        by_sides!(FrenchLedger, self, l => Tally {
            totals: l.totals.map(f).to_vec(),
            pool: f(l.pool),
            pool_lost: f(l.pool_lost),
            winner: l.winner.map(|s| s.0),
        })
    }
    fn next_dealer(&self) -> Seat {
        by_sides!(FrenchLedger, self, l => l.next_dealer())
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        by_sides!(FrenchLedger, self, l => l.rows.get(i)?.score.map(|s| s.recorded.to_vec()))
    }
    fn standing(&self) -> Standing {
        by_sides!(FrenchLedger, self, l => standing(&l.options, l.totals, l.pool, l.winner))
    }
    fn row_reports(&self) -> Vec<RowReport> {
        by_sides!(FrenchLedger, self, l => l.rows.iter().map(RowReport::from).collect())
    }
    fn resume(&mut self, start: &Start) -> Result<(), GameError> {
        let o = *self.options();
        start.check(if o.players == 3 { 3 } else { 2 }, o.target, false)?;
        let t = start.whole_totals();
        let held = start.held.0 / 2;
        by_sides!(FrenchLedger, self, l => {
            (l.pool, l.earlier_deals) = (held, start.deal - 1);
            for (total, &given) in l.totals.iter_mut().zip(&t) {
                *total = given;
            }
        });
        Ok(())
    }
}

/// The standing per seat: each seat its side's total (with teams, its
/// team's).
fn standing<const N: usize>(
    o: &FrenchOptions,
    totals: [i32; N],
    pool: i32,
    winner: Option<Side>,
) -> Standing {
    let n = o.players;
    let seats = (0..n).map(Seat);
    Standing {
        totals: seats.clone().map(|s| Half::points(totals[side_in(s, n).index() % N])).collect(),
        held: Half::points(pool),
        winners: seats.filter(|&s| winner == Some(side_in(s, n))).collect(),
    }
}
