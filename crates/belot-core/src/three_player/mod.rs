//! Three-player Belot of the Black Sea ports (seed 000): 9 cards each, to
//! 501, each for himself.

mod breakdown;
mod deal;
mod game;
mod options;
mod report;
mod score;
mod sheet;
mod view;

pub use breakdown::{ThreeBreakdown, ThreeDealBreakdown};
pub use deal::{ThreeAnnouncement, ThreeDeal, ThreePhase};
pub use game::ThreeRules;
pub use options::{CarreTiebreak, FailTest, NextDealer, OddPoint, ThreeOptions};
pub use score::{
    Half, PLAYERS, ThreeEntry, ThreeLedger, ThreeOutcome, ThreeRow, ThreeScore, ThreeSummary,
    score_deal,
};
pub use sheet::ThreeInput;
pub use view::{ThreeFullState, ThreeView};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::any_match::Standing;
use crate::deck::uniform;
use crate::error::GameError;
use crate::game_match::{GameMatch, Ledger, Start, Tally};
use crate::report::RowReport;
use crate::seat::Seat;

/// The first dealer drawn by lot from `seed` (seed 000: by lot): a uniform
/// draw in 0..3 from `ChaCha8Rng::seed_from_u64(seed)` on stream
/// `u64::MAX`.
pub fn dealer_by_lot(seed: u64) -> Seat {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::MAX);
    let _ = rng.next_u32(); // keep the draw distinct from the two-player lot
    Seat(uniform(&mut rng, 3) as u8)
}

/// A three-player match: the deals so far, the one in progress, the
/// ledger.
pub type ThreeMatch = GameMatch<ThreeRules>;

impl Ledger for ThreeLedger {
    type Deal = ThreeDeal;
    type Entry = ThreeEntry;
    fn entry_of(&self, deal: &ThreeDeal) -> ThreeEntry {
        match deal.summary() {
            Some(s) => ThreeEntry::Played { summary: *s },
            None => ThreeEntry::ThrownIn,
        }
    }
    fn push_entry(&mut self, entry: &ThreeEntry) -> bool {
        self.push(entry);
        true
    }
    fn last_row(&self) -> Option<RowReport> {
        self.rows.last().map(RowReport::from)
    }
    fn forget_rows(&mut self) {
        self.rows.clear();
    }
    fn tally(&self) -> Tally {
        Tally {
            totals: self.totals.to_vec(),
            pool: self.pool,
            pool_lost: self.pool_lost,
            winner: self.winner.map(|s| s.0),
        }
    }
    fn next_dealer(&self) -> Seat {
        self.next_dealer
    }
    /// In half points (×2), as records store them.
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        let score = self.rows.get(i).and_then(|r| r.score)?;
        Some(score.recorded.iter().map(|h| h.0).collect())
    }
    fn standing(&self) -> Standing {
        Standing {
            totals: self.totals.to_vec(),
            held: self.pool,
            winners: self.winner.into_iter().collect(),
        }
    }
    fn row_reports(&self) -> Vec<RowReport> {
        self.rows.iter().map(RowReport::from).collect()
    }
    fn resume(&mut self, start: &Start) -> Result<(), GameError> {
        start.check(3, self.options.target, true)?;
        self.totals = [start.totals[0], start.totals[1], start.totals[2]];
        self.pool = start.held;
        self.earlier_deals = start.deal - 1;
        Ok(())
    }
}
