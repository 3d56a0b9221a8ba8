//! What the registry and every layer above ask of two-player Belot.

use super::{TwoDeal, TwoFullState, TwoLedger, TwoOptions, TwoPhase, TwoView};
use crate::card::CardSet;
use crate::game::{DealPhase, GameView, house_rules, impl_deal};
use crate::game_match::{Words, game_rules};
use crate::points::Half;
use crate::report::DealReport;
use crate::seat::Seat;

/// Two-player Belot's types, as [`crate::GameMatch`] takes them.
#[derive(Clone, Copy, Debug)]
pub struct TwoRules;

game_rules!(TwoRules, "two_player", TwoOptions, TwoDeal, TwoLedger, super::TwoBreakdown, {
    const NAMES_HELP: &'static str = "two-player (to 1001)";
    const TABLES: &'static [u8] = &[2];
    const WORDS: Words =
        Words {
            taker: "loader (заказчик)", turned: "вскрышка (vskryshka)", belote: "бела (bela)"
        };
    type Input = super::TwoInput;
    fn convert(
        input: &super::TwoInput,
        options: &TwoOptions,
        _dealer: Seat,
    ) -> Result<super::TwoEntry, crate::error::Refusal> {
        super::sheet::convert(input, options)
    }
    fn input_of(deal: &TwoDeal) -> crate::registry::DealInput {
        super::sheet::input_of(deal)
    }
    fn thrown_in(_options: &TwoOptions) -> super::TwoEntry {
        super::TwoEntry::ThrownIn
    }
    fn redeal(_options: &TwoOptions) -> Option<super::TwoEntry> {
        Some(super::TwoEntry::Redeal)
    }
    fn describe(input: &super::TwoInput, name: &dyn Fn(Seat) -> String) -> String {
        super::sheet::describe(input, name)
    }
    fn breakdown(m: &super::TwoMatch) -> super::TwoBreakdown {
        super::breakdown::breakdown(m)
    }
    fn first_dealer(seed: u64) -> Option<Seat> {
        Some(super::dealer_by_lot(seed))
    }
});

house_rules!(TwoOptions, players: 2, name: "two-player");

impl From<TwoPhase> for DealPhase {
    fn from(p: TwoPhase) -> DealPhase {
        match p {
            TwoPhase::Bidding => DealPhase::Bidding,
            TwoPhase::Playing => DealPhase::Playing,
            TwoPhase::Finished => DealPhase::Finished,
            TwoPhase::ThrownIn => DealPhase::ThrownIn,
            TwoPhase::Redealt => DealPhase::Redealt,
        }
    }
}

impl_deal!(TwoDeal, TwoView, TwoFullState, {
    fn players(&self) -> u8 {
        2
    }
    fn recorded(&self) -> Option<Vec<Half>> {
        self.score().map(|s| s.recorded.iter().map(|&p| Half::points(p)).collect())
    }
    fn report(&self) -> Option<DealReport> {
        self.score().map(DealReport::from)
    }
    fn phase(&self) -> DealPhase {
        TwoDeal::phase(self).into()
    }
    fn all_pass(&self) -> Option<bool> {
        Some(self.is_raspasy())
    }
    fn called_suits(&self, seat: Seat) -> u8 {
        self.bela_called(seat)
    }
});

impl GameView for TwoView {
    fn players(&self) -> u8 {
        2
    }
    fn shown(&self) -> Vec<(Seat, CardSet)> {
        let melds = self.shown_constructions.iter();
        self.contest_winner.map(|w| melds.map(|&c| (w, c)).collect()).unwrap_or_default()
    }
    fn call_scores(&self) -> bool {
        !self.bela_charges_caller
    }
}
