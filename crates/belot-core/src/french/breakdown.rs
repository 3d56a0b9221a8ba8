//! French Belote's score breakdown (the protocol's `score`).

use serde::Serialize;

use super::{DealSummary, DealSummary3, FrenchLedger, FrenchMatch, Phase};
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
    pub summary: Summary,
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

/// The summary of a deal for two sides, or for three players.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Summary {
    /// Two sides.
    Sides(Option<DealSummary>),
    /// Three players.
    Three(Option<DealSummary3>),
}

/// The match part of [`FrenchBreakdown`], for two sides or three players.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum FrenchMatchBreakdown {
    /// Two sides.
    Sides(MatchBreakdown<[i32; 2], i32, Side>),
    /// Three players.
    Three(MatchBreakdown<[i32; 3], i32, Seat>),
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
    let summary = match d.players() {
        3 => Summary::Three(d.summary3().copied()),
        _ => Summary::Sides(d.summary().copied()),
    };
    let deal = FrenchDealBreakdown {
        number: m.deal_number(),
        players: d.players(),
        dealer: d.dealer,
        phase: d.phase(),
        contract: d.contract(),
        taker: d.taker(),
        card_points: d.points_so_far(),
        tricks: d.tricks_so_far(),
        announcements,
        belote,
        belote_calls: belote_calls(&d.actions),
        summary,
        score: Deal::report(d),
    };
    let game = match m.ledger() {
        FrenchLedger::Sides(l) => FrenchMatchBreakdown::Sides(l.breakdown()),
        FrenchLedger::Three(l) => FrenchMatchBreakdown::Three(l.breakdown()),
    };
    FrenchBreakdown { deal, game }
}
