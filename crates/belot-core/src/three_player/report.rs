//! Three-player Belot's deals and rows as every game shows them.

use super::{ThreeOutcome, ThreeRow, ThreeScore};
use crate::report::{DealReport, RowReport, row_report, whole};

impl From<&ThreeScore> for DealReport {
    fn from(s: &ThreeScore) -> DealReport {
        let cards: Vec<i32> = (0..3).map(|i| s.card_points[i] + s.last_trick[i]).collect();
        let bonus: Vec<i32> = (0..3).map(|i| s.bonus[i] - s.last_trick[i]).collect();
        let all = s.capo.iter().filter(|&&c| c).count() == 2;
        DealReport {
            outcome: three_outcome(s.outcome),
            taker: Some(s.declarer.0),
            capot: s.capo.iter().position(|&c| !c).filter(|_| all).map(|i| i as u8),
            card_points: whole(&cards),
            bonus: whole(&bonus),
            melds: whole(&s.combinations),
            belote: whole(&s.belots),
            multiplier: 1,
            totals: whole(&s.totals),
            recorded: s.recorded.to_vec(),
            held: s.held,
        }
    }
}

fn three_outcome(o: ThreeOutcome) -> &'static str {
    match o {
        ThreeOutcome::Made => "made",
        ThreeOutcome::Failed => "failed",
        ThreeOutcome::Tie => "tie",
    }
}

row_report!(ThreeRow, std::convert::identity, redeal: |_: &ThreeRow| false,
    pool: |r: &ThreeRow| r.pool_after);
