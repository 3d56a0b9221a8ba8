//! Three-player Belot's auction by playouts (see [`crate::bidding`]).

use belot_core::three_player::{ThreeDeal, ThreeOptions, ThreeView};
use belot_core::{Action, AnyDeal, Card, CardSet, Deck};
use rand_core::RngCore;

use crate::bidding::*;
use crate::odds::Stakes;

/// The call to make in three-player Belot (seed 000) from `view` (a
/// bidding turn), as French Belote's [`crate::bots::french::bidding::call`] makes it: `samples` layouts of the
/// unseen cards, each kept only when the others' calls so far are the
/// heuristic bot's with those cards (else the last of a few draws), each
/// call played out on every layout. `None` when this is not a bidding
/// decision with a choice.
pub(crate) fn call(
    options: &ThreeOptions,
    view: &ThreeView,
    samples: u32,
    stakes: Option<&Stakes>,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    if view.exchanged {
        return None;
    }
    let calls = bidding_calls(&view.legal)?;
    let spot = Spot {
        me: view.seat,
        players: 3,
        hand: view.hand,
        unseen: (CardSet::FULL - view.hand - view.original_turned.set()).iter().collect(),
        teams: false,
    };
    let layout = |hands: &[CardSet; 4], rest: &[Card]| three_layout(options, view, hands, rest);
    spot.best(&calls, (samples, stakes), crate::bots::three::act(view), rng, None, &layout)
}

/// The three-player deal with these hands (six cards each) and `rest`,
/// with the calls of `view` replayed; and whether every other seat's call
/// is the one the heuristic bot makes with its hand there.
pub(crate) fn three_layout(
    options: &ThreeOptions,
    view: &ThreeView,
    hands: &[CardSet; 4],
    rest: &[Card],
) -> Option<(AnyDeal, bool)> {
    let mut order: Vec<Card> = Vec::with_capacity(32);
    let mut left = hands.map(|h| h.into_iter());
    // Three cards at a time from the dealer's left, twice round.
    for i in 0..18 {
        let seat = view.dealer.plus(1 + ((i / 3) % 3) as u8, 3);
        order.push(left[seat.index()].next()?);
    }
    order.push(view.original_turned);
    order.extend_from_slice(rest);
    let deal = ThreeDeal::new(*options, view.dealer, Deck::from_cards(&order).ok()?).ok()?;
    replay(deal.into(), &view.calls, view.seat)
}
