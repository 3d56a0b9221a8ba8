//! French Belote's score breakdown (the protocol's `score`).

use serde::Serialize;

use super::{DealSummary, FrenchLedger, FrenchMatch, FrenchScored, Phase, by_sides};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::game::Deal;
use crate::report::DealReport;
use crate::seat::{Seat, Side};
use crate::tally::MatchBreakdown;
use crate::view::belote_calls;

/// A French deal's score breakdown and its match's.
#[derive(Clone, Debug, Serialize)]
pub struct FrenchBreakdown {
    /// The current deal.
    pub deal: FrenchDealBreakdown,
    /// The match.
    #[serde(rename = "match")]
    pub game: FrenchMatchBreakdown,
}

/// The deal part of [`FrenchBreakdown`].
#[derive(Clone, Debug, Serialize)]
pub struct FrenchDealBreakdown {
    /// The deal's number.
    pub number: u32,
    /// Players at the table.
    pub players: u8,
    /// Who dealt.
    pub dealer: Seat,
    /// Where the deal stands.
    pub phase: Phase,
    /// The contract, once made.
    pub contract: Option<Contract>,
    /// Who took.
    pub taker: Option<Seat>,
    /// Card points per side so far.
    pub card_points: Vec<u32>,
    /// Tricks per side so far.
    pub tricks: Vec<u8>,
    /// Announcements (cards once shown).
    pub announcements: Vec<AnnouncementBreakdown>,
    /// The belote, once called (or the deal over).
    pub belote: Option<BeloteBreakdown>,
    /// Each belote call: who, with which card.
    pub belote_calls: Vec<(Seat, Card)>,
    /// The deal summary scoring reads.
    pub summary: Option<Summary>,
    /// The score, once the deal is over.
    pub score: Option<DealReport>,
}

/// An announcement in the breakdown.
#[derive(Clone, Debug, Serialize)]
pub struct AnnouncementBreakdown {
    /// Who announced.
    pub seat: Seat,
    /// His side.
    pub side: Side,
    /// tierce, quarte, …, carre.
    pub kind: &'static str,
    /// The cards, once shown.
    pub cards: Option<CardSet>,
    /// Its value.
    pub points: u32,
    /// Whether it scored, once the contests are decided.
    pub scored: Option<bool>,
}

/// The belote in the breakdown.
#[derive(Clone, Debug, Serialize)]
pub struct BeloteBreakdown {
    /// Who holds it.
    pub seat: Seat,
    /// His side.
    pub side: Side,
    /// Calls made (belote, rebelote).
    pub calls: u8,
}

/// The summary scoring read, as the protocol shows it: with three
/// players also who dealt (the odd point's tie-break).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    /// The side that took trump.
    pub taker: Side,
    /// Who dealt (three players).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealer: Option<Seat>,
    /// Card points per side, the last trick's 10 included.
    pub card_points: Vec<u32>,
    /// The side that took every trick.
    pub capot: Option<Side>,
    /// Announcement points each side won.
    pub announcements: Vec<u32>,
    /// The side that scored belote–rebelote.
    pub belote: Option<Side>,
    /// Card points in play (two players, who leave cards out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal_points: Option<u32>,
}

impl Summary {
    fn of<const N: usize>(s: &DealSummary<N>, dealer: Seat) -> Summary {
        Summary {
            taker: s.taker,
            dealer: (N == 3).then_some(dealer),
            card_points: s.card_points.to_vec(),
            capot: s.capot,
            announcements: s.announcements.to_vec(),
            belote: s.belote,
            deal_points: s.deal_points,
        }
    }
}

/// The match part of [`FrenchBreakdown`], by the number of sides.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum FrenchMatchBreakdown {
    /// Two sides.
    Two(MatchBreakdown<[i32; 2], i32, Side>),
    /// Three sides.
    Three(MatchBreakdown<[i32; 3], i32, Side>),
}

/// `m`'s breakdown: while the deal goes on, only what every player may
/// know (announcements' cards once shown, belote once called).
pub(crate) fn breakdown(m: &FrenchMatch) -> FrenchBreakdown {
    let d = m.current();
    let over = d.is_over();
    let announcements = d
        .announcements()
        .iter()
        .map(|a| AnnouncementBreakdown {
            seat: a.seat,
            side: d.side(a.seat),
            kind: a.meld.name(),
            cards: (over || (d.contests_decided() && a.scored)).then(|| a.meld.cards()),
            points: a.points,
            scored: d.contests_decided().then_some(a.scored),
        })
        .collect();
    let belote = d
        .belote_seat()
        .filter(|_| over || d.belote_calls() > 0)
        .map(|s| BeloteBreakdown { seat: s, side: d.side(s), calls: d.belote_calls() });
    let summary =
        d.scored().map(|s| by_sides!(FrenchScored, s, s => Summary::of(&s.summary, d.base.dealer)));
    let deal = FrenchDealBreakdown {
        number: m.deal_number(),
        players: d.players(),
        dealer: d.base.dealer,
        phase: d.phase(),
        contract: d.contract(),
        taker: d.taker(),
        card_points: d.points_so_far(),
        tricks: d.tricks_so_far(),
        announcements,
        belote,
        belote_calls: belote_calls(&d.base.actions),
        summary,
        score: Deal::report(d),
    };
    let game = match m.ledger() {
        FrenchLedger::Two(l) => FrenchMatchBreakdown::Two(l.breakdown()),
        FrenchLedger::Three(l) => FrenchMatchBreakdown::Three(l.breakdown()),
    };
    FrenchBreakdown { deal, game }
}
