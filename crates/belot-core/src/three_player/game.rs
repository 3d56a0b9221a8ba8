//! What the registry and every layer above ask of three-player Belot.

use super::{ThreeDeal, ThreeFullState, ThreeLedger, ThreeOptions, ThreePhase, ThreeView};
use crate::card::CardSet;
use crate::game::{DealPhase, GameView, house_rules, impl_deal};
use crate::game_match::{Words, game_rules};
use crate::points::Half;
use crate::report::DealReport;
use crate::seat::Seat;

/// Three-player Belot's types, as [`crate::GameMatch`] takes them.
#[derive(Clone, Copy, Debug)]
pub struct ThreeRules;

game_rules!(
    ThreeRules,
    "three_player",
    ThreeOptions,
    ThreeDeal,
    ThreeLedger,
    super::ThreeBreakdown,
    {
        const NAMES_HELP: &'static str = "three-player (to 501)";
        const TABLES: &'static [u8] = &[3];
        const WORDS: Words = Words { taker: "declarer", turned: "turned card", belote: "belot" };
        type Input = super::ThreeInput;
        fn convert(
            input: &super::ThreeInput,
            options: &ThreeOptions,
            dealer: Seat,
        ) -> Result<super::ThreeEntry, crate::error::Refusal> {
            super::sheet::convert(input, options, dealer)
        }
        fn input_of(deal: &ThreeDeal) -> crate::registry::DealInput {
            super::sheet::input_of(deal)
        }
        fn thrown_in(_options: &ThreeOptions) -> super::ThreeEntry {
            super::ThreeEntry::ThrownIn
        }
        fn describe(input: &super::ThreeInput, name: &dyn Fn(Seat) -> String) -> String {
            super::sheet::describe(input, name)
        }
        fn breakdown(m: &super::ThreeMatch) -> super::ThreeBreakdown {
            super::breakdown::breakdown(m)
        }
        fn first_dealer(seed: u64) -> Option<Seat> {
            Some(super::dealer_by_lot(seed))
        }
    }
);

house_rules!(ThreeOptions, players: 3, name: "three-player");

impl From<ThreePhase> for DealPhase {
    fn from(p: ThreePhase) -> DealPhase {
        match p {
            ThreePhase::Bidding => DealPhase::Bidding,
            ThreePhase::Announcing => DealPhase::Announcing,
            ThreePhase::Playing => DealPhase::Playing,
            ThreePhase::Finished => DealPhase::Finished,
            ThreePhase::ThrownIn => DealPhase::ThrownIn,
        }
    }
}

impl_deal!(ThreeDeal, ThreeView, ThreeFullState, {
    fn players(&self) -> u8 {
        3
    }
    fn recorded(&self) -> Option<Vec<Half>> {
        self.score().map(|s| s.recorded.to_vec())
    }
    fn report(&self) -> Option<DealReport> {
        self.score().map(DealReport::from)
    }
    fn phase(&self) -> DealPhase {
        ThreeDeal::phase(self).into()
    }
    fn called_suits(&self, seat: Seat) -> u8 {
        self.belot_called(seat)
    }
});

impl GameView for ThreeView {
    fn players(&self) -> u8 {
        3
    }
    fn shown(&self) -> Vec<(Seat, CardSet)> {
        let melds = self.shown_combinations.iter();
        self.contest_winner.map(|w| melds.map(|&c| (w, c)).collect()).unwrap_or_default()
    }
}
