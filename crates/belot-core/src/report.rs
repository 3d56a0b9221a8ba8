//! One way to show a scored deal in every game: [`DealReport`], what the
//! engine's `score`, the score sheets' rows and `belot score` show, with
//! the same field names whatever the game.

use serde::Serialize;

use crate::card::CardSet;
use crate::points::Half;
use crate::seat::Seat;

/// A scored deal, per side (a team with four French players, else a
/// player). Points are whole or half points ([`Half`]), never floats.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct DealReport {
    /// How the contract went: `made`, `dedans` or `litige` (French
    /// Belote); `made`, `bait`, `tie` or `raspasy` (two-player); `made`,
    /// `failed` or `tie` (three-player).
    pub outcome: &'static str,
    /// The side that took the contract (none in распасы).
    pub taker: Option<u8>,
    /// The side that took every trick, if one did.
    pub capot: Option<u8>,
    /// Card points per side, the last trick's 10 included (252 to a
    /// French capot).
    pub card_points: Vec<Half>,
    /// Bonuses besides cards: the three-player capo bonuses.
    pub bonus: Vec<Half>,
    /// Announcement points per side (melds, constructions, combinations)
    /// that count.
    pub melds: Vec<Half>,
    /// Belote (бела, belot) points per side that count.
    pub belote: Vec<Half>,
    /// What the deal's points are multiplied by (2 in a two-player
    /// no-trumps deal, else 1).
    pub multiplier: u32,
    /// Each side's points for the deal: (cards + bonus + melds + belote)
    /// × multiplier.
    pub totals: Vec<Half>,
    /// What each side records for the deal, before any held points it
    /// receives (the sheet's and the match's rows add those).
    pub recorded: Vec<Half>,
    /// Points held for the winner of a later deal.
    pub held: Half,
}

/// Whole points per side as [`Half`]s.
pub(crate) fn whole(v: &[i32]) -> Vec<Half> {
    v.iter().map(|&p| Half::points(p)).collect()
}

/// One row of a match's running-total table, shown the same way in every
/// game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RowReport {
    /// Deal number, from 1.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// The scored deal (none: thrown in or redealt).
    pub score: Option<DealReport>,
    /// A two-player redeal (four 7s or four 8s claimed).
    pub redeal: bool,
    /// Held points from earlier deals that this deal's winner received:
    /// the side and the points.
    pub pool_awarded: Option<(u8, Half)>,
    /// What each side records in this row: the deal's points and any held
    /// points received.
    pub recorded: Vec<Half>,
    /// Held points waiting after this row.
    pub pool_after: Half,
    /// Running totals after this row.
    pub totals: Vec<Half>,
    /// False for rows entered after the match was already won: kept and
    /// shown, not scored.
    pub counted: bool,
}

/// `From<&Row>` for a game's row type, whose points are read by `$p`
/// (whole points, or halves as they are).
macro_rules! row_report {
    ($row:ty, $p:expr, redeal: $redeal:expr, pool: $pool:expr) => {
        impl From<&$row> for RowReport {
            fn from(r: &$row) -> RowReport {
                RowReport {
                    number: r.number,
                    dealer: r.dealer,
                    score: r.score.as_ref().map(DealReport::from),
                    redeal: ($redeal)(r),
                    pool_awarded: r.pool_awarded.map(|(w, p)| (w.0, $p(p))),
                    recorded: r.recorded.iter().map(|&p| $p(p)).collect(),
                    pool_after: ($pool)(r),
                    totals: r.totals.iter().map(|&p| $p(p)).collect(),
                    counted: r.counted,
                }
            }
        }
    };
}
pub(crate) use row_report;

/// An announcement in a score breakdown where the contest winner's melds
/// alone score (two- and three-player Belot).
#[derive(Clone, Debug, Serialize)]
pub struct AnnouncedBreakdown {
    /// Who announced.
    pub seat: Seat,
    /// tierce, quarte, …, carre.
    pub kind: &'static str,
    /// Its value.
    pub points: u32,
    /// The cards, once shown.
    pub cards: Option<CardSet>,
}

/// A seat's melds shown in a score breakdown.
#[derive(Clone, Debug, Serialize)]
pub struct MeldsShown {
    /// Whose.
    pub seat: Seat,
    /// The melds' cards.
    pub melds: Vec<CardSet>,
}

impl MeldsShown {
    /// The melds of each seat of `seats` that `shown` allows.
    pub fn of(
        seats: u8,
        shown: impl Fn(Seat) -> bool,
        melds: impl Fn(Seat) -> Vec<CardSet>,
    ) -> Vec<MeldsShown> {
        let seats = (0..seats).map(Seat).filter(|&s| shown(s));
        seats.map(|seat| MeldsShown { seat, melds: melds(seat) }).collect()
    }
}
