//! French Belote's deals and rows as every game shows them.

use super::{DealScore, DealScore3, Outcome, Row, Row3};
use crate::points::Half;
use crate::report::{DealReport, RowReport, row_report, whole};

/// A French deal's report: two sides' `DealScore` and three players'
/// `DealScore3` have the same fields.
macro_rules! french_report {
    ($s:expr, capot: $capot:expr) => {
        DealReport {
            outcome: french_outcome($s.outcome),
            taker: Some($s.taker.0),
            capot: $capot,
            card_points: whole(&$s.card_points),
            bonus: vec![Half(0); $s.card_points.len()],
            melds: whole(&$s.announcements),
            belote: whole(&$s.belote),
            multiplier: 1,
            totals: whole(&$s.totals),
            recorded: whole(&$s.recorded),
            held: Half::points($s.held),
        }
    };
}

impl From<&DealScore> for DealReport {
    fn from(s: &DealScore) -> DealReport {
        french_report!(s, capot: s.capot.map(|c| c.0))
    }
}

impl From<&DealScore3> for DealReport {
    fn from(s: &DealScore3) -> DealReport {
        // A capot scores its taker all of CAPOT_POINTS, which no other
        // deal reaches.
        let capot = s.card_points.iter().position(|&p| p == crate::french::CAPOT_POINTS as i32);
        french_report!(s, capot: capot.map(|c| c as u8))
    }
}

fn french_outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Made => "made",
        Outcome::Dedans => "dedans",
        Outcome::Litige => "litige",
    }
}

row_report!(Row, Half::points, redeal: |_: &Row| false,
    pool: |r: &Row| Half::points(r.pool_after));
row_report!(Row3, Half::points, redeal: |_: &Row3| false,
    pool: |r: &Row3| Half::points(r.pool_after));
