//! Two-player Belot's auction by playouts (see [`crate::bidding`]).

use belot_core::two_player::{TwoDeal, TwoOptions, TwoPhase, TwoView};
use belot_core::{Action, AnyDeal, Card, CardSet, Deck};
use rand_core::RngCore;

use crate::bidding::*;
use crate::odds::Stakes;

/// The call to make in two-player Belot (seed 001) from `view` (a
/// bidding turn), as three-player Belot's [`crate::bots::three::bidding::call`] makes it: layouts of the unseen cards
/// kept when the other player's calls are the heuristic bot's with them,
/// each call (a suit, ВК, БК or pass, распасы included) played out.
pub(crate) fn call(
    options: &TwoOptions,
    view: &TwoView,
    samples: u32,
    stakes: Option<&Stakes>,
    rng: &mut dyn RngCore,
) -> Option<Action> {
    if view.phase != TwoPhase::Bidding {
        return None;
    }
    let calls = bidding_calls(&view.legal)?;
    let spot = Spot {
        me: view.seat,
        players: 2,
        hand: view.hand,
        unseen: (CardSet::FULL - view.hand - view.original_turned.set()).iter().collect(),
        teams: false,
    };
    let layout = |hands: &[CardSet; 4], rest: &[Card]| two_layout(options, view, hands, rest);
    spot.best(&calls, (samples, stakes), crate::bots::two::act(view), rng, None, &layout)
}

/// The two-player deal with these hands (six cards each) and `rest`, with
/// the calls of `view` replayed; and whether the other player's calls are
/// the ones the heuristic bot makes with his hand.
pub(crate) fn two_layout(
    options: &TwoOptions,
    view: &TwoView,
    hands: &[CardSet; 4],
    rest: &[Card],
) -> Option<(AnyDeal, bool)> {
    let mut order: Vec<Card> = Vec::with_capacity(32);
    let mut left = hands.map(|h| h.into_iter());
    deal_two(&mut order, &mut left, view.dealer)?;
    order.push(view.original_turned);
    order.extend_from_slice(rest);
    let deal = TwoDeal::new(*options, view.dealer, Deck::from_cards(&order).ok()?).ok()?;
    replay(deal.into(), &view.calls, view.seat)
}
