//! French Belote's auction by playouts (see [`crate::bidding`]).

use belot_core::french::{FirstPackets, FrenchDeal, FrenchOptions, SeatView};
use belot_core::{AnyDeal, Card, CardSet, Seat};

use super::{Bidding, would_call};
use crate::bidding::*;

/// The bidding turn of `view`: layouts of the unseen cards whose hands
/// explain the others' calls, each played out once per candidate call;
/// `None` when this is not a bidding decision with a choice. Each
/// playout counts for its points, or, with the match's stakes, for the
/// chance to win the match after it.
pub(crate) fn turn<'a>(options: &'a FrenchOptions, view: &'a SeatView) -> Option<Playouts<'a>> {
    let n = options.players;
    let pool = if n == 3 { CardSet::FULL - low_cards() } else { CardSet::FULL };
    let spot = Spot {
        me: view.seat,
        players: n,
        hand: view.hand,
        unseen: (pool - view.hand - view.turned_set()).iter().collect(),
        teams: n == 4,
    };
    // The French heuristic's calls follow from a threshold, checked on
    // the hands before a deal is built.
    let check = move |hands: &[CardSet; 4]| {
        (0..n).all(|s| Seat(s) == view.seat || consistent(view, Seat(s), hands[s as usize]))
    };
    let layout = move |hands: &[CardSet; 4], rest: &[Card]| {
        layout_deal(options, view, hands, rest).map(|t| (t, true))
    };
    let usual = || super::act(view);
    Playouts::new(spot, &view.legal, usual, Some(Box::new(check)), Box::new(layout))
}

/// True when `seat`, holding `hand` (its cards during the auction), would
/// have made the calls it made, bidding as the heuristic bot does.
pub(crate) fn consistent(view: &SeatView, seat: Seat, hand: CardSet) -> bool {
    // No turned card shown: no auction was seen, so any hand fits it.
    let Some(turned) = view.turned else { return true };
    let held = hand | turned.set();
    let round1 = view.players as usize;
    view.calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.seat == seat)
        .all(|(i, c)| would_call(held, turned.suit(), i < round1, &c.action, Bidding::default()))
}

/// The French deal with these hands (as dealt before the auction) and
/// `rest` still to deal, with the calls of `view` made.
pub(crate) fn layout_deal(
    options: &FrenchOptions,
    view: &SeatView,
    hands: &[CardSet; 4],
    rest: &[Card],
) -> Option<AnyDeal> {
    let n = options.players;
    let (p1, p2) = match options.first_packets {
        FirstPackets::ThreeTwo => (3, 2),
        FirstPackets::TwoThree => (2, 3),
    };
    let seats: Vec<Seat> = if n == 2 {
        two_seats(view.dealer).collect()
    } else {
        let round = |packet| (1..=n).flat_map(move |k| vec![view.dealer.plus(k, n); packet]);
        [p1, p2].into_iter().flat_map(round).collect()
    };
    // With three players the 7s and 8s are set aside at the deal,
    // wherever they lie.
    let aside = if n == 3 { low_cards() } else { CardSet::EMPTY };
    let rest = rest.iter().copied().chain(aside);
    let deck = deck_of(hands, seats, view.turned?, rest)?;
    let deal = FrenchDeal::new(*options, view.dealer, deck).ok()?;
    replay(deal.into(), &view.calls, view.seat).map(|x| x.0)
}
