//! Three-player Belot's auction by playouts (see [`crate::bidding`]).

use belot_core::three_player::{ThreeDeal, ThreeOptions, ThreeView};
use belot_core::{Card, CardSet};

use crate::bidding::*;

/// The bidding turn of `view` in three-player Belot (seed 000), as French
/// Belote's [`crate::bots::french::bidding::turn`] takes it: layouts of
/// the unseen cards, each kept only when the others' calls so far are the
/// heuristic bot's with those cards (else the last of a few draws), each
/// call played out on every layout. `None` when this is not a bidding
/// decision with a choice.
pub(crate) fn turn<'a>(options: &'a ThreeOptions, view: &'a ThreeView) -> Option<Playouts<'a>> {
    if view.exchanged {
        return None;
    }
    // The deal with these hands (six cards each) and `rest`, the calls
    // replayed; and whether every other seat's call is the one the
    // heuristic bot makes with its hand there.
    let layout = move |hands: &[CardSet; 4], rest: &[Card]| {
        // Three cards at a time from the dealer's left, twice round.
        let seats = (0..18).map(|i| view.dealer.plus(1 + ((i / 3) % 3) as u8, 3));
        let deck = deck_of(hands, seats, view.original_turned, rest.iter().copied())?;
        let deal = ThreeDeal::new(*options, view.dealer, deck).ok()?;
        replay(deal.into(), &view.calls, view.seat)
    };
    let spot = Spot::alone(view.seat, 3, view.hand, view.original_turned);
    Playouts::new(spot, &view.legal, || super::act(view), None, Box::new(layout))
}
