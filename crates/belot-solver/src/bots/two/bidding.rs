//! Two-player Belot's auction by playouts (see [`crate::bidding`]).

use belot_core::two_player::{TwoDeal, TwoOptions, TwoPhase, TwoView};
use belot_core::{Card, CardSet};

use crate::bidding::*;

/// The bidding turn of `view` in two-player Belot (seed 001), as
/// three-player Belot's [`crate::bots::three::bidding::turn`] takes it:
/// layouts of the unseen cards kept when the other player's calls are the
/// heuristic bot's with them, each call (a suit, ВК, БК or pass, распасы
/// included) played out.
pub(crate) fn turn<'a>(options: &'a TwoOptions, view: &'a TwoView) -> Option<Playouts<'a>> {
    if view.phase != TwoPhase::Bidding {
        return None;
    }
    // The deal with these hands (six cards each) and `rest`, the calls
    // replayed; and whether the other player's calls are the ones the
    // heuristic bot makes with his hand.
    let layout = move |hands: &[CardSet; 4], rest: &[Card]| {
        let seats = two_seats(view.dealer);
        let deck = deck_of(hands, seats, view.original_turned, rest.iter().copied())?;
        let deal = TwoDeal::new(*options, view.dealer, deck).ok()?;
        replay(deal.into(), &view.calls, view.seat)
    };
    let spot = Spot::alone(view.seat, 2, view.hand, view.original_turned);
    Playouts::new(spot, &view.legal, || super::act(view), None, Box::new(layout))
}
