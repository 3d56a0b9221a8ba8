//! Three-player Belot's score breakdown (the protocol's `score`).

use serde::Serialize;

use super::{Half, ThreeMatch, ThreePhase, ThreeSummary};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::game::Deal;
use crate::report::{AnnouncedBreakdown, DealReport, MeldsShown};
use crate::seat::Seat;
use crate::tally::MatchBreakdown;
use crate::view::belote_calls;

/// A three-player deal's score breakdown and its match's.
#[derive(Clone, Debug, Serialize)]
pub struct ThreeBreakdown {
    /// The current deal.
    pub deal: ThreeDealBreakdown,
    /// The match.
    #[serde(rename = "match")]
    pub game: MatchBreakdown<[Half; 3], Half, Seat>,
}

/// The deal part of [`ThreeBreakdown`].
#[derive(Clone, Debug, Serialize)]
pub struct ThreeDealBreakdown {
    /// The deal's number.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// Where the deal stands.
    pub phase: ThreePhase,
    /// The contract, once made.
    pub contract: Option<Contract>,
    /// The declarer.
    pub taker: Option<Seat>,
    /// Card points each so far.
    pub card_points: [u32; 3],
    /// Tricks each so far.
    pub tricks: [u8; 3],
    /// True once the declarer exchanged for the turned card.
    pub exchanged: bool,
    /// Announcements (cards once shown).
    pub announcements: Vec<AnnouncedBreakdown>,
    /// Who won the contest of combinations.
    pub contest_winner: Option<Seat>,
    /// Combinations shown.
    pub combinations: Vec<MeldsShown>,
    /// Each belot call: who, with which card.
    pub belote_calls: Vec<(Seat, Card)>,
    /// The deal summary scoring reads.
    pub summary: Option<ThreeSummary>,
    /// The score, once the deal is over.
    pub score: Option<DealReport>,
}

/// `m`'s breakdown: while the deal goes on, only what all may know.
pub(crate) fn breakdown(m: &ThreeMatch) -> ThreeBreakdown {
    let d = m.current();
    let (points, tricks) = d
        .play_state()
        .map(|p| {
            let (pt, t) = (p.points(), p.tricks());
            ([pt[0], pt[1], pt[2]], [t[0], t[1], t[2]])
        })
        .unwrap_or_default();
    let over = d.is_over();
    let shown = |s: Seat| over || d.contest_winner() == Some(s);
    let cards = |s: Seat| d.combinations(s).iter().map(|m| m.cards()).collect::<Vec<CardSet>>();
    let announcements = d.announcements().iter().map(|a| AnnouncedBreakdown {
        seat: a.seat,
        kind: a.meld.name(),
        points: a.points,
        cards: shown(a.seat).then(|| a.meld.cards()),
    });
    let deal = ThreeDealBreakdown {
        number: m.deal_number(),
        dealer: Deal::dealer(d),
        phase: d.phase(),
        contract: d.contract(),
        taker: d.declarer(),
        card_points: points,
        tricks,
        exchanged: d.exchanged(),
        announcements: announcements.collect(),
        contest_winner: d.contest_winner(),
        combinations: MeldsShown::of(3, shown, cards),
        belote_calls: belote_calls(Deal::actions(d)),
        summary: d.summary().copied(),
        score: Deal::report(d),
    };
    ThreeBreakdown { deal, game: m.ledger().breakdown() }
}
