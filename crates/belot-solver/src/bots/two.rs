//! The heuristic bot in two-player Belot (seed 001).

use belot_core::Action;
use belot_core::two_player::TwoView;

/// The heuristic bot's action in two-player Belot.
pub fn act(view: &TwoView) -> Action {
    view.legal.first().cloned().unwrap_or(Action::Pass)
}
