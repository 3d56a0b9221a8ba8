//! Two-player Belot to 1001 (seed 001) with all-trumps (ВК), no-trumps (БК)
//! and the all-pass deal (распасы).

mod breakdown;
mod deal;
mod game;
mod options;
mod report;
mod score;
mod sheet;
mod view;

pub use breakdown::{TwoBreakdown, TwoDealBreakdown, TwoMatchBreakdown};
pub use deal::{PLAYERS, TwoAnnouncement, TwoDeal, TwoPhase};
pub use game::TwoRules;
pub use options::{
    BaitMode, BkCarreValues, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer, TieMode,
    TwoOptions,
};
pub use score::{TwoEntry, TwoLedger, TwoOutcome, TwoRow, TwoScore, TwoSummary, score_deal};
pub use sheet::TwoInput;
pub use view::{TwoFullState, TwoView};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::any_match::Standing;
use crate::error::GameError;
use crate::game_match::{GameMatch, Ledger, Start, Tally};
use crate::points::Half;
use crate::report::RowReport;
use crate::seat::Seat;

/// The first dealer drawn by lot from `seed` (§3.2): the low bit of the
/// first draw of `ChaCha8Rng::seed_from_u64(seed)` on stream `u64::MAX`
/// (a stream no deck uses).
pub fn dealer_by_lot(seed: u64) -> Seat {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::MAX);
    Seat((rng.next_u32() & 1) as u8)
}

/// A two-player match: the deals so far, the one in progress, the ledger.
pub type TwoMatch = GameMatch<TwoRules>;

impl Ledger for TwoLedger {
    type Deal = TwoDeal;
    type Entry = TwoEntry;
    fn entry_of(&self, deal: &TwoDeal) -> TwoEntry {
        match (deal.phase(), deal.summary()) {
            (TwoPhase::Finished, Some(s)) => TwoEntry::Played { summary: *s },
            (TwoPhase::Redealt, _) => TwoEntry::Redeal,
            _ => TwoEntry::ThrownIn,
        }
    }
    fn push_entry(&mut self, entry: &TwoEntry) -> bool {
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
        let f = Half::points;
        Tally {
            totals: self.totals.map(f).to_vec(),
            pool: f(self.pool()),
            pool_lost: f(self.pool_lost),
            winner: self.winner.map(|s| s.0),
        }
    }
    fn next_dealer(&self) -> Seat {
        self.next_dealer
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        self.rows.get(i).and_then(|r| r.score).map(|s| s.recorded.to_vec())
    }
    fn standing(&self) -> Standing {
        Standing {
            totals: self.totals.iter().map(|&t| Half::points(t)).collect(),
            held: Half::points(self.pools.iter().sum()),
            winners: self.winner.into_iter().collect(),
        }
    }
    fn row_reports(&self) -> Vec<RowReport> {
        self.rows.iter().map(RowReport::from).collect()
    }
    fn resume(&mut self, start: &Start) -> Result<(), GameError> {
        start.check(2, self.options.target, false)?;
        self.totals = [start.totals[0].0 / 2, start.totals[1].0 / 2];
        self.pools = if start.held.0 > 0 { vec![start.held.0 / 2] } else { Vec::new() };
        self.earlier_deals = start.deal - 1;
        Ok(())
    }
}
