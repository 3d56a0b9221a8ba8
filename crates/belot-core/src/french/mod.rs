//! French Belote (seed 002): four players in two teams, to 1000 (or 500).

mod breakdown;
mod deal;
mod game;
mod options;
mod report;
mod score;
mod sheet;
mod three;
mod view;

pub use breakdown::{
    AnnouncementBreakdown, BeloteBreakdown, FrenchBreakdown, FrenchDealBreakdown,
    FrenchMatchBreakdown, Summary,
};
pub use deal::{
    Announcement, FrenchDeal, PLAYERS, Phase, announcement_contests, side_in, side_of, side_totals,
};
pub use game::FrenchRules;
pub use options::{
    AnnounceContests, BothCross, CapotVictim, FirstPackets, FrenchOptions, LitigeMode,
};
pub use score::{
    CAPOT_POINTS, DEAL_POINTS, DealScore, DealSummary, Entry, Ledger, Outcome, Row, score_deal,
};
pub use sheet::{Announced, FrenchInput};
pub use three::{DealScore3, DealSummary3, Entry3, Ledger3, Row3, score_deal3};
pub use view::{AnnouncementView, FullState, SeatView, TrickView};

use serde::Serialize;

use crate::any_match::Standing;
use crate::error::GameError;
use crate::game_match::{GameMatch, Ledger as MatchLedger, Start, Tally};
use crate::points::Half;
use crate::report::RowReport;
use crate::seat::Seat;

/// A French Belote match: the deals played so far, the deal in progress
/// and the ledger (totals, held points, dealer, winner).
pub type FrenchMatch = GameMatch<FrenchRules>;

/// A French match's running score: two sides (four players in teams, or
/// two players), or three players each for himself (scored their own
/// way, §4.11).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(untagged)]
pub enum FrenchLedger {
    /// Two sides.
    Sides(Ledger),
    /// Three players.
    Three(Ledger3),
}

impl FrenchLedger {
    /// The options.
    pub fn options(&self) -> &FrenchOptions {
        match self {
            FrenchLedger::Sides(l) => &l.options,
            FrenchLedger::Three(l) => &l.options,
        }
    }
}

/// A French deal as its ledger records it: for two sides, or for three
/// players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FrenchEntry {
    /// Two sides.
    Sides(Entry),
    /// Three players.
    Three(Entry3),
}

impl MatchLedger for FrenchLedger {
    type Deal = FrenchDeal;
    type Entry = FrenchEntry;
    fn entry_of(&self, deal: &FrenchDeal) -> FrenchEntry {
        match self {
            FrenchLedger::Sides(_) => FrenchEntry::Sides(match deal.summary() {
                Some(summary) => Entry::Played { summary: *summary },
                None => Entry::ThrownIn,
            }),
            FrenchLedger::Three(_) => FrenchEntry::Three(match deal.summary3() {
                Some(summary) => Entry3::Played { summary: *summary },
                None => Entry3::ThrownIn,
            }),
        }
    }
    fn push_entry(&mut self, entry: &FrenchEntry) -> bool {
        match (self, entry) {
            (FrenchLedger::Sides(l), FrenchEntry::Sides(e)) => {
                l.push(e);
                true
            }
            (FrenchLedger::Three(l), FrenchEntry::Three(e)) => {
                l.push(e);
                true
            }
            _ => false,
        }
    }
    fn last_row(&self) -> Option<RowReport> {
        match self {
            FrenchLedger::Sides(l) => l.rows.last().map(RowReport::from),
            FrenchLedger::Three(l) => l.rows.last().map(RowReport::from),
        }
    }
    /// Forgets the rows, keeping the dealer rotation.
    fn forget_rows(&mut self) {
        match self {
            FrenchLedger::Sides(l) => {
                l.first_dealer = l.next_dealer();
                l.rows.clear();
            }
            FrenchLedger::Three(l) => {
                l.first_dealer = l.next_dealer();
                l.rows.clear();
            }
        }
    }
    fn tally(&self) -> Tally {
        let f = Half::points;
        match self {
            FrenchLedger::Sides(l) => Tally {
                totals: l.totals.map(f).to_vec(),
                pool: f(l.pool),
                pool_lost: f(l.pool_lost),
                winner: l.winner.map(|s| s.0),
            },
            FrenchLedger::Three(l) => Tally {
                totals: l.totals.map(f).to_vec(),
                pool: f(l.pool),
                pool_lost: f(l.pool_lost),
                winner: l.winner.map(|s| s.0),
            },
        }
    }
    fn next_dealer(&self) -> Seat {
        match self {
            FrenchLedger::Sides(l) => l.next_dealer(),
            FrenchLedger::Three(l) => l.next_dealer(),
        }
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        match self {
            FrenchLedger::Sides(l) => l.rows.get(i)?.score.map(|s| s.recorded.to_vec()),
            FrenchLedger::Three(l) => l.rows.get(i)?.score.map(|s| s.recorded.to_vec()),
        }
    }
    fn standing(&self) -> Standing {
        match self {
            FrenchLedger::Sides(l) => sides_standing(l),
            FrenchLedger::Three(l) => Standing {
                totals: l.totals.iter().map(|&t| Half::points(t)).collect(),
                held: Half::points(l.pool),
                winners: l.winner.into_iter().collect(),
            },
        }
    }
    fn row_reports(&self) -> Vec<RowReport> {
        match self {
            FrenchLedger::Sides(l) => l.rows.iter().map(RowReport::from).collect(),
            FrenchLedger::Three(l) => l.rows.iter().map(RowReport::from).collect(),
        }
    }
    fn resume(&mut self, start: &Start) -> Result<(), GameError> {
        let o = *self.options();
        start.check(if o.players == 3 { 3 } else { 2 }, o.target, false)?;
        let t = start.whole_totals();
        let held = start.held.0 / 2;
        match self {
            FrenchLedger::Sides(l) => {
                (l.totals, l.pool, l.earlier_deals) = ([t[0], t[1]], held, start.deal - 1);
            }
            FrenchLedger::Three(l) => {
                (l.totals, l.pool, l.earlier_deals) = ([t[0], t[1], t[2]], held, start.deal - 1);
            }
        }
        Ok(())
    }
}

/// Two sides' standing, per seat (with teams, each seat its team's).
fn sides_standing(l: &Ledger) -> Standing {
    let n = l.options.players;
    let seats = (0..n).map(Seat);
    Standing {
        totals: seats.clone().map(|s| Half::points(l.totals[side_in(s, n).index()])).collect(),
        held: Half::points(l.pool),
        winners: seats.filter(|&s| l.winner == Some(side_in(s, n))).collect(),
    }
}
