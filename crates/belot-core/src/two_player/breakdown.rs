//! Two-player Belot's score breakdown (the protocol's `score`).

use serde::Serialize;

use super::{TwoMatch, TwoPhase, TwoSummary};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::game::Deal;
use crate::report::{AnnouncedBreakdown, DealReport, MeldsShown, RowReport};
use crate::seat::Seat;
use crate::view::belote_calls;

/// A two-player deal's score breakdown and its match's.
#[derive(Clone, Debug, Serialize)]
pub struct TwoBreakdown {
    /// The current deal.
    pub deal: TwoDealBreakdown,
    /// The match.
    #[serde(rename = "match")]
    pub game: TwoMatchBreakdown,
}

/// The deal part of [`TwoBreakdown`].
#[derive(Clone, Debug, Serialize)]
pub struct TwoDealBreakdown {
    /// The deal's number.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// Where the deal stands.
    pub phase: TwoPhase,
    /// The contract, once made.
    pub contract: Option<Contract>,
    /// True in the all-pass deal (распасы).
    pub raspasy: bool,
    /// The loader.
    pub taker: Option<Seat>,
    /// Card points: tricks lie face down, so only once the deal is over.
    pub card_points: Option<[u32; 2]>,
    /// Tricks each.
    pub tricks: [u8; 2],
    /// Announcements (cards once shown).
    pub announcements: Vec<AnnouncedBreakdown>,
    /// Who won the contest of constructions, once decided.
    pub contest_winner: Option<Option<Seat>>,
    /// Constructions shown.
    pub constructions: Vec<MeldsShown>,
    /// Each бела call: who, with which card.
    pub belote_calls: Vec<(Seat, Card)>,
    /// Who exchanged the seven for the вскрышка.
    pub exchanged_by: Option<Seat>,
    /// Who asked for a redeal.
    pub redeal_by: Option<Seat>,
    /// The deal summary scoring reads.
    pub summary: Option<TwoSummary>,
    /// The score, once the deal is over.
    pub score: Option<DealReport>,
}

/// The match part of [`TwoBreakdown`]: several hanging totals.
#[derive(Clone, Debug, Serialize)]
pub struct TwoMatchBreakdown {
    /// The total that wins.
    pub target: u32,
    /// Each player's total.
    pub totals: [i32; 2],
    /// All points hanging.
    pub pool: i32,
    /// Each hanging total.
    pub pools: Vec<i32>,
    /// Points lost at the match's end.
    pub pool_lost: i32,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winner, once over.
    pub winner: Option<Seat>,
    /// Every row.
    pub rows: Vec<RowReport>,
}

/// `m`'s breakdown: while the deal goes on, only what both may know.
pub(crate) fn breakdown(m: &TwoMatch) -> TwoBreakdown {
    let d = m.current();
    let l = m.ledger();
    let over = d.is_over();
    let (points, tricks) = d
        .play_state()
        .map(|p| {
            let (pt, t) = (p.points(), p.tricks());
            ([pt[0], pt[1]], [t[0], t[1]])
        })
        .unwrap_or_default();
    // Shown: everything once the deal is over; before, the contest
    // winner's constructions after the first trick.
    let shown = |s: Seat| over || (d.contest_decided() && d.contest_winner() == Some(s));
    let cards = |s: Seat| d.constructions(s).iter().map(|m| m.cards()).collect::<Vec<CardSet>>();
    let announcements = d.announcements().iter().map(|a| AnnouncedBreakdown {
        seat: a.seat,
        kind: a.meld.name(),
        points: a.points,
        cards: shown(a.seat).then(|| a.meld.cards()),
    });
    let deal = TwoDealBreakdown {
        number: m.deal_number(),
        dealer: Deal::dealer(d),
        phase: d.phase(),
        contract: d.contract(),
        raspasy: d.is_raspasy(),
        taker: d.loader(),
        card_points: over.then_some(points),
        tricks,
        announcements: announcements.collect(),
        contest_winner: d.contest_decided().then(|| d.contest_winner()),
        constructions: MeldsShown::of(2, shown, cards),
        belote_calls: belote_calls(Deal::actions(d)),
        exchanged_by: d.exchanged_by(),
        redeal_by: d.redeal_by(),
        summary: d.summary().copied(),
        score: Deal::report(d),
    };
    let game = TwoMatchBreakdown {
        target: l.options.target,
        totals: l.totals,
        pool: l.pool(),
        pools: l.pools.clone(),
        pool_lost: l.pool_lost,
        next_dealer: l.next_dealer,
        winner: l.winner,
        rows: crate::game_match::Ledger::row_reports(l),
    };
    TwoBreakdown { deal, game }
}
