//! French Belote's auction by playouts (see [`crate::bidding`]).

use belot_core::french::{FirstPackets, FrenchDeal, FrenchOptions, SeatView};
use belot_core::{Action, AnyDeal, Card, CardSet, Deck, Seat};
use rand_core::RngCore;

use super::{Bidding, would_call};
use crate::bidding::*;
use crate::odds::Stakes;

/// The call to make from `view` (a bidding turn) after `samples` layouts
/// each played out once per candidate call, or `None` when this is not a
/// bidding decision with a choice. Each playout counts for its points, or,
/// with the match's `stakes`, for the chance to win the match after it.
pub(crate) fn call(
    options: &FrenchOptions,
    view: &SeatView,
    samples: u32,
    stakes: Option<&Stakes>,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    let calls = bidding_calls(&view.legal)?;
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
    let check = |hands: &[CardSet; 4]| {
        (0..n).all(|s| Seat(s) == view.seat || consistent(view, Seat(s), hands[s as usize]))
    };
    let layout = |hands: &[CardSet; 4], rest: &[Card]| {
        layout_deal(options, view, hands, rest).map(|t| (t, true))
    };
    let usual = crate::bots::french::act(view);
    spot.best(&calls, (samples, stakes), usual, rng, Some(&check), &layout)
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
    let mut order: Vec<Card> = Vec::with_capacity(32);
    let mut left = hands.map(|h| h.into_iter());
    if n == 2 {
        deal_two(&mut order, &mut left, view.dealer)?;
    } else {
        for packet in [p1, p2] {
            for k in 1..=n {
                let seat = view.dealer.plus(k, n);
                for _ in 0..packet {
                    order.push(left[seat.index()].next()?);
                }
            }
        }
    }
    order.push(view.turned?);
    order.extend_from_slice(rest);
    if n == 3 {
        // Set aside at the deal, wherever they lie.
        order.extend(low_cards());
    }
    let deal = FrenchDeal::new(*options, view.dealer, Deck::from_cards(&order).ok()?).ok()?;
    replay(deal.into(), &view.calls, view.seat).map(|x| x.0)
}
