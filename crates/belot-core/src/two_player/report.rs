//! Two-player Belot's deals and rows as every game shows them.

use super::{TwoOutcome, TwoRow, TwoScore};
use crate::points::Half;
use crate::report::{DealReport, RowReport, row_report, whole};

impl From<&TwoScore> for DealReport {
    fn from(s: &TwoScore) -> DealReport {
        DealReport {
            outcome: two_outcome(s.outcome),
            taker: s.loader.map(|l| l.0),
            capot: s.capot.map(|c| c.0),
            card_points: whole(&s.card_points),
            bonus: whole(&[0, 0]),
            melds: whole(&s.constructions),
            belote: whole(&s.belas),
            multiplier: s.multiplier.max(0) as u32,
            totals: whole(&s.totals),
            recorded: whole(&s.recorded),
            held: Half::points(s.held),
        }
    }
}

fn two_outcome(o: TwoOutcome) -> &'static str {
    match o {
        TwoOutcome::Made => "made",
        TwoOutcome::Bait => "bait",
        TwoOutcome::Tie => "tie",
        TwoOutcome::Raspasy => "raspasy",
    }
}

row_report!(TwoRow, Half::points, redeal: |r: &TwoRow| r.redeal,
    pool: |r: &TwoRow| Half::points(r.pools_after.iter().sum()));
