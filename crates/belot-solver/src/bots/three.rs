//! The heuristic bot in three-player Belot (seed 000).

use belot_core::Action;
use belot_core::three_player::ThreeView;

/// The heuristic bot's action in three-player Belot.
pub fn act(view: &ThreeView) -> Action {
    view.legal.first().cloned().unwrap_or(Action::Pass)
}
