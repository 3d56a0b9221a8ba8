//! What the solver and the bots ask of each game: [`SolverGame`],
//! implemented once per game in its bot's folder (`bots/<game>/`, by
//! `solver_game!`). Code over every game reaches it by
//! `belot_core::each_game!`, so a game the registry lists without an
//! implementation here does not compile.

use belot_core::{Action, Contract, Deal, Game, Registered, Rules};
use rand_core::RngCore;

use crate::knowledge::{Memory, PlayInfo};
use crate::odds::Stakes;

/// What one seat sees of a deal of the game `R`.
pub(crate) type ViewOf<R> = <<R as Rules>::Deal as Deal>::View;

/// What a deal's outcome would be with other card points: from a seat
/// and the card points its side ends the deal with, the contract's
/// outcome ("made", "dedans", ...). The rest of the deal (who took,
/// announcements, belote) is as it was, and the deal is scored by the
/// core's scoring, as every deal is. Exact, since a side can make sure
/// of `v` card points exactly when the solver's value is `v` or more, and
/// the outcome only grows with the taker's points. None when the deal
/// is unfinished, in распасы, or with three players (there the outcome
/// turns on how the two others share their points, which the solver,
/// playing them as one side, leaves open).
pub(crate) type OutcomeOf = Box<dyn Fn(belot_core::Seat, u32) -> &'static str>;

/// `SolverGame` for a game whose bot folder has the heuristic's `act`,
/// `bidding::turn`, `reading::play_info` and `reading::outcome`; then the
/// items the game changes (`$more`).
macro_rules! solver_game {
    ($rules:ty { $($more:tt)* }) => {
        impl $crate::games::SolverGame for $rules {
            fn heuristic(view: &$crate::games::ViewOf<$rules>) -> belot_core::Action {
                act(view)
            }
            fn call(
                options: &<$rules as belot_core::Rules>::Options,
                view: &$crate::games::ViewOf<$rules>,
                samples: u32,
                stakes: Option<&$crate::odds::Stakes>,
                rng: &mut dyn rand_core::RngCore,
            ) -> Option<belot_core::Action> {
                bidding::turn(options, view)?.best(samples, stakes, rng)
            }
            fn play_info(
                game: &belot_core::Game,
                view: &$crate::games::ViewOf<$rules>,
                contract: belot_core::Contract,
                memory: &mut $crate::knowledge::Memory,
            ) -> $crate::knowledge::PlayInfo {
                reading::play_info(game, view, contract, memory)
            }
            fn outcome(
                deal: &<$rules as belot_core::Rules>::Deal,
                options: <$rules as belot_core::Rules>::Options,
            ) -> Option<$crate::games::OutcomeOf> {
                reading::outcome(deal, options)
            }
            $($more)*
        }
    };
}
pub(crate) use solver_game;

/// A game as the solver and the bots play it.
pub(crate) trait SolverGame: Registered {
    /// The heuristic bot's action (it draws nothing at random).
    fn heuristic(view: &ViewOf<Self>) -> Action;
    /// A call of the auction chosen by `samples` playouts (`None`: leave
    /// it to the heuristic).
    fn call(
        options: &Self::Options,
        view: &ViewOf<Self>,
        samples: u32,
        stakes: Option<&Stakes>,
        rng: &mut dyn RngCore,
    ) -> Option<Action>;
    /// What the seat knows when it is to play a card under `contract`
    /// (before [`PlayInfo::finish`]).
    fn play_info(
        game: &Game,
        view: &ViewOf<Self>,
        contract: Contract,
        memory: &mut Memory,
    ) -> PlayInfo;
    /// True when tricks leave the view as they are turned, so a player
    /// keeps them in [`Memory`] (and a fresh bot is shown the deal so far).
    const TRICKS_LEAVE_VIEW: bool = false;
    /// Takes in what `view` shows of the tricks, where they leave it.
    fn observe(_view: &ViewOf<Self>, _memory: &mut Memory) {}
    /// How the finished `deal`'s outcome reads for each seat and card
    /// points (`None` where there is no contract between two sides).
    fn outcome(deal: &Self::Deal, options: Self::Options) -> Option<OutcomeOf>;
}
