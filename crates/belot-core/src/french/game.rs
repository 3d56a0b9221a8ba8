//! What the registry and every layer above ask of French Belote.

use super::{
    FrenchDeal, FrenchLedger, FrenchOptions, FrenchScored, FullState, Phase, SeatView, by_sides,
};
use crate::card::{CardSet, Suit};
use crate::deck::Deck;
use crate::error::{GameError, InvalidInput, Refusal};
use crate::game::{DealPhase, GameView, HouseRules, impl_deal};
use crate::game_match::{Rules, Words};
use crate::points::Half;
use crate::registry::DealInput;
use crate::report::DealReport;
use crate::seat::Seat;

/// French Belote's types, as [`crate::GameMatch`] takes them.
#[derive(Clone, Copy, Debug)]
pub struct FrenchRules;

impl Rules for FrenchRules {
    const NAME: &'static str = "french";
    const ALIASES: &'static [&'static str] = &["belote"];
    const NAMES_HELP: &'static str =
        "french (4 players in teams), french-3, french-2 (each for himself)";
    const TABLES: &'static [u8] = &[4, 3, 2];
    const WORDS: Words = Words { taker: "preneur", turned: "retourne", belote: "belote" };
    type Options = FrenchOptions;
    type Deal = FrenchDeal;
    type Ledger = FrenchLedger;
    type Input = super::FrenchInput;
    fn convert(
        input: &super::FrenchInput,
        options: &FrenchOptions,
        _: Seat,
    ) -> Result<super::FrenchEntry, Refusal> {
        // The ledger knows the dealer when it scores the entry.
        super::sheet::convert(input, options)
    }
    fn input_of(deal: &FrenchDeal) -> DealInput {
        super::sheet::input_of(deal)
    }
    fn thrown_in(options: &FrenchOptions) -> super::FrenchEntry {
        super::FrenchEntry::thrown_in(options)
    }
    fn describe(input: &super::FrenchInput, name: &dyn Fn(Seat) -> String) -> String {
        super::sheet::describe(input, name)
    }
    type Breakdown = super::FrenchBreakdown;
    fn breakdown(m: &super::FrenchMatch) -> super::FrenchBreakdown {
        super::breakdown::breakdown(m)
    }
    fn deal(options: FrenchOptions, dealer: Seat, deck: Deck) -> Result<FrenchDeal, GameError> {
        FrenchDeal::new(options, dealer, deck)
    }
    fn ledger(options: FrenchOptions, first_dealer: Seat) -> FrenchLedger {
        FrenchLedger::new(options, first_dealer)
    }
    fn by_name(name: &str) -> Option<FrenchOptions> {
        let players = match name {
            "french" | "french-4" | "belote" => 4,
            "french-3" => 3,
            "french-2" => 2,
            _ => return None,
        };
        Some(FrenchOptions { players, ..FrenchOptions::default() })
    }
    /// With three, the taker alone or his two opponents together (the
    /// solver's side of two); else as every game.
    fn side_mask(options: &FrenchOptions, taker: Option<Seat>, seat: Seat) -> u8 {
        match (options.players, taker) {
            (4, _) => 1 << (seat.0 & 3) | 1 << ((seat.0 + 2) & 3),
            (3, Some(t)) if t != seat => 0b111 & !(1 << (t.0 & 3)),
            _ => 1 << (seat.0 & 3),
        }
    }
    const BARE_CONTRACT: bool = true;
    fn from_contract(
        options: FrenchOptions,
        dealer: Seat,
        hands: [CardSet; 4],
        trump: Suit,
        taker: Seat,
    ) -> Result<FrenchDeal, GameError> {
        FrenchDeal::from_contract(options, dealer, hands, trump, taker)
    }
    fn is_bare(deal: &FrenchDeal) -> bool {
        deal.is_bare()
    }
    fn set_bare(deal: &mut FrenchDeal) -> Result<(), GameError> {
        deal.set_bare();
        Ok(())
    }
}

impl HouseRules for FrenchOptions {
    fn players(&self) -> u8 {
        self.players
    }
    fn target(&self) -> u32 {
        self.target
    }
    fn check(&self) -> Result<(), InvalidInput> {
        self.validate()
    }
    fn short_name(&self) -> &'static str {
        match self.players {
            3 => "french-3",
            2 => "french-2",
            _ => "french",
        }
    }
}

impl From<Phase> for DealPhase {
    fn from(p: Phase) -> DealPhase {
        match p {
            Phase::Bidding => DealPhase::Bidding,
            Phase::Playing => DealPhase::Playing,
            Phase::Finished => DealPhase::Finished,
            Phase::ThrownIn => DealPhase::ThrownIn,
        }
    }
}

impl_deal!(FrenchDeal, SeatView, FullState, {
    fn players(&self) -> u8 {
        FrenchDeal::players(self)
    }
    /// Each seat records its side's points.
    fn recorded(&self) -> Option<Vec<Half>> {
        let seats = (0..FrenchDeal::players(self)).map(Seat);
        by_sides!(FrenchScored, self.scored()?, s => Some(
            seats.map(|i| Half::points(s.score.recorded[self.side(i).index() % s.score.recorded.len()])).collect()
        ))
    }
    fn report(&self) -> Option<DealReport> {
        by_sides!(FrenchScored, self.scored()?, s => Some(DealReport::from(&s.score)))
    }
    fn phase(&self) -> DealPhase {
        FrenchDeal::phase(self).into()
    }
});

impl GameView for SeatView {
    fn players(&self) -> u8 {
        self.players
    }
}
