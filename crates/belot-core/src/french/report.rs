//! French Belote's deals and rows as every game shows them.

use super::{DealScore, Outcome, RowOf};
use crate::points::Half;
use crate::report::{DealReport, RowReport, row_report, whole};

impl<const N: usize> From<&DealScore<N>> for DealReport {
    fn from(s: &DealScore<N>) -> DealReport {
        DealReport {
            outcome: french_outcome(s.outcome),
            taker: Some(s.taker.0),
            capot: s.capot.map(|c| c.0),
            card_points: whole(&s.card_points),
            bonus: vec![Half(0); N],
            melds: whole(&s.announcements),
            belote: whole(&s.belote),
            multiplier: 1,
            totals: whole(&s.totals),
            recorded: whole(&s.recorded),
            held: Half::points(s.held),
        }
    }
}

fn french_outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Made => "made",
        Outcome::Dedans => "dedans",
        Outcome::Litige => "litige",
    }
}

row_report!(RowOf<2>, Half::points, redeal: |_: &RowOf<2>| false,
    pool: |r: &RowOf<2>| Half::points(r.pool_after));
row_report!(RowOf<3>, Half::points, redeal: |_: &RowOf<3>| false,
    pool: |r: &RowOf<3>| Half::points(r.pool_after));
