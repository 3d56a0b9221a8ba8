//! The games behind one face: which game ([`Variant`]), a game with its
//! house rules ([`Game`]), what a deal of any game does ([`Deal`]), a deal
//! of a game chosen at run time ([`AnyDeal`]) and what one seat sees of it
//! ([`AnyView`]). A whole match is [`crate::Match`] / [`crate::AnyMatch`].
//!
//! The enums over the games are made from the registry
//! ([`crate::registry`]); a new game implements the traits here in its
//! own folder.

use std::fmt;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::action::{Action, SeatAction};
use crate::card::CardSet;
use crate::contract::Contract;
use crate::deal_base::DealBase;
use crate::deck::Deck;
use crate::error::{GameError, InvalidInput, ParseError};
use crate::play::{PlayState, Trick};
use crate::points::Half;
pub use crate::registry::{AnyDeal, AnyState, AnyView, Game, Variant};
use crate::report::DealReport;
use crate::seat::Seat;
use crate::view::{AnnouncementView, SeatCommon};
use crate::{each_game, map_game, with_rules};

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    /// Reads a game's name (`french`, `two_player`, …) or alias
    /// (`belote`), with `-` for `_` and in any case.
    fn from_str(s: &str) -> Result<Variant, ParseError> {
        let name = s.trim().to_ascii_lowercase().replace('-', "_");
        let known = |v: &Variant| with_rules!(v, R => R::NAME == name || R::ALIASES.contains(&name.as_str()));
        Variant::ALL.into_iter().find(known).ok_or_else(|| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.as_str()).collect();
            ParseError::new(format!("unknown game {s:?}: the games are {}", names.join(", ")))
        })
    }
}

/// A game's house rules: what every layer asks of them.
pub trait HouseRules:
    Copy + fmt::Debug + Default + PartialEq + Eq + Serialize + DeserializeOwned
{
    /// Players at the table.
    fn players(&self) -> u8;
    /// The total that wins the match.
    fn target(&self) -> u32;
    /// Checks the rules; says which one is wrong.
    fn check(&self) -> Result<(), InvalidInput>;
    /// The game's short name with these rules (`french-3`, …: see
    /// [`Game::name`]).
    fn short_name(&self) -> &'static str;
}

/// `HouseRules` for a game played by a fixed number of players, whose
/// options have `target` and `validate`.
macro_rules! house_rules {
    ($options:ty, players: $n:expr, name: $name:literal) => {
        impl $crate::game::HouseRules for $options {
            fn players(&self) -> u8 {
                $n
            }
            fn target(&self) -> u32 {
                self.target
            }
            fn check(&self) -> Result<(), $crate::error::InvalidInput> {
                self.validate()
            }
            fn short_name(&self) -> &'static str {
                $name
            }
        }
    };
}
pub(crate) use house_rules;

impl Game {
    /// The game with its seed's default rules.
    pub fn default_for(variant: Variant) -> Game {
        with_rules!(variant, R => R::game(Default::default()))
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        each_game!(Game, self, R, _ => R::VARIANT)
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        each_game!(Game, self, o => o.players())
    }

    /// The total that wins the match.
    pub fn target(&self) -> u32 {
        each_game!(Game, self, o => o.target())
    }

    /// True when seats `s` and `s + 2` play as partners.
    pub fn teams(&self) -> bool {
        self.players() == 4
    }

    /// Scoring sides: two teams of two with four players, else one per
    /// player.
    pub fn sides(&self) -> usize {
        match self.players() {
            4 => 2,
            n => n as usize,
        }
    }

    /// The game's short name: `french`, `french-3`, `french-2`,
    /// `two-player`, `three-player`.
    pub fn name(&self) -> &'static str {
        each_game!(Game, self, o => o.short_name())
    }

    /// The game for a name of [`Game::name`] (also `french-4` and
    /// `belote` for `french`, `_` for `-`), with the seed's default rules.
    pub fn from_name(name: &str) -> Result<Game, ParseError> {
        let name = name.trim().to_lowercase().replace('_', "-");
        Variant::ALL
            .into_iter()
            .find_map(|v| with_rules!(v, R => R::by_name(&name).map(R::game)))
            .ok_or_else(|| {
                let help: Vec<&str> =
                    Variant::ALL.iter().map(|&v| with_rules!(v, R => R::NAMES_HELP)).collect();
                ParseError::new(format!("unknown game {name:?}: the games are {}", help.join(", ")))
            })
    }

    /// Checks the house rules; says which one is wrong.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        each_game!(Game, self, o => o.check())
    }

    /// The seats whose card points count for `seat` (a bit per seat) once
    /// `taker` (if any) took ([`Rules::side_mask`](crate::Rules::side_mask)).
    pub fn side_mask(&self, taker: Option<Seat>, seat: Seat) -> u8 {
        each_game!(Game, self, R, o => R::side_mask(o, taker, seat))
    }

    /// Who deals first where the game draws lots
    /// ([`Rules::first_dealer`](crate::Rules::first_dealer)).
    pub fn first_dealer(&self, seed: u64) -> Option<Seat> {
        with_rules!(self.variant(), R => R::first_dealer(seed))
    }
}

/// Where a deal stands, in every game alike (each game's own phase
/// maps onto it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealPhase {
    /// The auction.
    Bidding,
    /// Announcements before the card play (three-player Belot).
    Announcing,
    /// The card play.
    Playing,
    /// Played to the end and scored.
    Finished,
    /// Everyone passed: no contract, no score.
    ThrownIn,
    /// Annulled and dealt again by the same dealer.
    Redealt,
}

/// What a deal of any game does, from the deal to its score. Each game's
/// deal implements it once (most of it by `impl_deal!`); [`AnyDeal`]
/// delegates to the one it holds.
pub trait Deal {
    /// What one seat may know of the deal.
    type View;
    /// Everything about the deal, every hand included.
    type State: Serialize + Clone + fmt::Debug;
    /// Players at the table.
    fn players(&self) -> u8;
    /// What every game's deal holds: dealer, deck, turned card, contract,
    /// taker, actions, play, tricks.
    fn base(&self) -> &DealBase;
    /// Who dealt.
    fn dealer(&self) -> Seat {
        self.base().dealer
    }
    /// The cards in dealing order.
    fn deck(&self) -> &Deck {
        &self.base().deck
    }
    /// Every action so far, in order.
    fn actions(&self) -> &[SeatAction] {
        &self.base().actions
    }
    /// Who is to act, if anyone.
    fn to_act(&self) -> Option<Seat>;
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<Action>;
    /// Applies `seat`'s action; a refused action changes nothing.
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError>;
    /// What `seat` may know now: never another seat's unplayed cards.
    fn view(&self, seat: Seat) -> Self::View;
    /// The tricks completed.
    fn tricks(&self) -> &[Trick] {
        &self.base().tricks
    }
    /// The card play's position, once it began (every hand: for analysis
    /// and tests, never for a player).
    fn play_state(&self) -> Option<&PlayState> {
        self.base().play.as_ref()
    }
    /// True when the deal is over (played, thrown in or annulled).
    fn is_over(&self) -> bool;
    /// The points each seat's side records for this deal once it is
    /// scored (with teams, each seat its team's; points held for a later
    /// deal count for nobody). `None` for a deal not played (thrown in,
    /// annulled) or not finished.
    fn recorded(&self) -> Option<Vec<Half>>;
    /// The score of the finished deal, shown alike in every game; `None`
    /// for a deal not played (thrown in, redealt) or not finished.
    fn report(&self) -> Option<DealReport>;
    /// Where the deal stands.
    fn phase(&self) -> DealPhase;
    /// The contract, once made.
    fn contract(&self) -> Option<Contract> {
        self.base().contract
    }
    /// Who took the contract (taker, loader, declarer), once made.
    fn taker(&self) -> Option<Seat> {
        self.base().taker
    }
    /// Everything about the deal, every hand included (for analysis and
    /// tests, never for a player).
    fn full_state(&self) -> Self::State;
    /// In a game with an all-pass deal (распасы): whether this is one.
    fn all_pass(&self) -> Option<bool> {
        None
    }
    /// The suits (a bit per suit) in which `seat` has called its belote,
    /// in a game that takes the call once per suit; 0 elsewhere.
    fn called_suits(&self, _seat: Seat) -> u8 {
        0
    }
}

/// `Deal` for a game's deal type: the calls every deal type has alike
/// under the same names, then the game's own `$more` items (`players`,
/// `recorded`, `report`, `phase`, `taker`, and any provided method it
/// changes).
macro_rules! impl_deal {
    ($ty:ty, $view:ty, $state:ty, { $($more:tt)* }) => {
        impl $crate::game::Deal for $ty {
            type View = $view;
            type State = $state;
            fn base(&self) -> &$crate::deal_base::DealBase {
                &self.base
            }
            fn to_act(&self) -> Option<$crate::seat::Seat> {
                <$ty>::to_act(self)
            }
            fn legal_actions(&self) -> Vec<$crate::action::Action> {
                <$ty>::legal_actions(self)
            }
            fn apply(
                &mut self,
                seat: $crate::seat::Seat,
                action: &$crate::action::Action,
            ) -> Result<(), $crate::error::GameError> {
                <$ty>::apply(self, seat, action)
            }
            fn view(&self, seat: $crate::seat::Seat) -> $view {
                <$ty>::view(self, seat)
            }
            fn is_over(&self) -> bool {
                <$ty>::is_over(self)
            }
            fn full_state(&self) -> $state {
                <$ty>::full_state(self)
            }
            $($more)*
        }
    };
}
pub(crate) use impl_deal;

impl AnyDeal {
    /// Deals `deck` with `dealer` dealing.
    pub fn new(game: &Game, dealer: Seat, deck: Deck) -> Result<AnyDeal, GameError> {
        Ok(each_game!(Game, game, R, o => R::deal(*o, dealer, deck)?.into()))
    }
}

impl Deal for AnyDeal {
    type View = AnyView;
    type State = AnyState;
    fn players(&self) -> u8 {
        each_game!(AnyDeal, self, d => Deal::players(d))
    }
    fn base(&self) -> &DealBase {
        each_game!(AnyDeal, self, d => Deal::base(d))
    }
    fn to_act(&self) -> Option<Seat> {
        each_game!(AnyDeal, self, d => Deal::to_act(d))
    }
    fn legal_actions(&self) -> Vec<Action> {
        each_game!(AnyDeal, self, d => Deal::legal_actions(d))
    }
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        each_game!(AnyDeal, self, d => Deal::apply(d, seat, action))
    }
    fn view(&self, seat: Seat) -> AnyView {
        each_game!(AnyDeal, self, d => Deal::view(d, seat).into())
    }
    fn is_over(&self) -> bool {
        each_game!(AnyDeal, self, d => Deal::is_over(d))
    }
    fn recorded(&self) -> Option<Vec<Half>> {
        each_game!(AnyDeal, self, d => Deal::recorded(d))
    }
    fn report(&self) -> Option<DealReport> {
        each_game!(AnyDeal, self, d => Deal::report(d))
    }
    fn phase(&self) -> DealPhase {
        each_game!(AnyDeal, self, d => Deal::phase(d))
    }
    fn full_state(&self) -> AnyState {
        map_game!(AnyDeal => AnyState, self, d => Deal::full_state(d))
    }
    fn all_pass(&self) -> Option<bool> {
        each_game!(AnyDeal, self, d => Deal::all_pass(d))
    }
    fn called_suits(&self, seat: Seat) -> u8 {
        each_game!(AnyDeal, self, d => Deal::called_suits(d, seat))
    }
}

/// What a game's seat view gives beyond [`SeatCommon`] (which it reads as
/// its own fields).
pub trait GameView:
    std::ops::Deref<Target = SeatCommon> + std::ops::DerefMut + Serialize + Clone + fmt::Debug
{
    /// Players at the table.
    fn players(&self) -> u8;
    /// Melds shown beyond the announced ones (the two- and three-player
    /// contest winner's other constructions or combinations).
    fn shown(&self) -> Vec<(Seat, CardSet)> {
        Vec::new()
    }
    /// True when a belote call scores for its caller (not so in a распасы
    /// deal whose table charges a бела to its caller).
    fn call_scores(&self) -> bool {
        true
    }
}

impl AnyView {
    /// What every game's view holds alike.
    pub fn common(&self) -> &SeatCommon {
        each_game!(AnyView, self, v => &**v)
    }

    /// What anyone watching the table may know: this view without its
    /// seat's hand and legal actions, and without the cards of
    /// announcements that did not score (only the scoring ones are shown
    /// to all).
    pub fn into_public(mut self) -> AnyView {
        let c: &mut SeatCommon = each_game!(AnyView, &mut self, v => &mut **v);
        c.hand = CardSet::EMPTY;
        c.legal.clear();
        for a in &mut c.announcements {
            if a.scored != Some(true) {
                a.cards = None;
            }
        }
        self
    }

    /// The announcements this seat has heard (cards where shown).
    pub fn announcements(&self) -> &[AnnouncementView] {
        &self.common().announcements
    }

    /// Melds shown beyond the announced ones: the two- and three-player
    /// contest winner's other constructions or combinations.
    pub fn shown(&self) -> Vec<(Seat, CardSet)> {
        each_game!(AnyView, self, v => v.shown())
    }

    /// The seat the view is for.
    pub fn seat(&self) -> Seat {
        self.common().seat
    }

    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        self.common().dealer
    }

    /// The seat's legal actions (empty when it is not its turn).
    pub fn legal(&self) -> &[Action] {
        &self.common().legal
    }

    /// The seat's cards.
    pub fn hand(&self) -> CardSet {
        self.common().hand
    }

    /// The contract, once made.
    pub fn contract(&self) -> Option<Contract> {
        self.common().contract
    }

    /// Who is to act, if anyone.
    pub fn to_act(&self) -> Option<Seat> {
        self.common().to_act
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        each_game!(AnyView, self, v => v.players())
    }

    /// The cards the seat may play now (empty outside its turn to play).
    pub fn playable(&self) -> CardSet {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Play { card, .. } => Some(card.set()),
                _ => None,
            })
            .fold(CardSet::EMPTY, |a, c| a | c)
    }

    /// True when a belote (бела) call scores for its caller: everywhere
    /// but a распасы deal whose table charges a бела to its caller.
    pub fn call_scores(&self) -> bool {
        each_game!(AnyView, self, v => v.call_scores())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 43: house rules are an object; an array is refused, not read
    /// field by field (`[1]` had been taken as the first rule).
    #[test]
    fn house_rules_must_be_an_object() {
        let g: Game = serde_json::from_str(r#"{"variant":"french","options":{"target":500}}"#)
            .expect("an object of rules");
        assert!(matches!(g, Game::French(o) if o.target == 500));
        for bad in [r#"[1]"#, r#"[]"#, r#"1"#, r#""x""#] {
            let text = format!(r#"{{"variant":"two_player","options":{bad}}}"#);
            let e = serde_json::from_str::<Game>(&text).unwrap_err().to_string();
            assert!(e.contains("an object of house rules"), "{bad}: {e}");
        }
        let g: Game = serde_json::from_str(r#"{"variant":"three_player"}"#).unwrap();
        assert_eq!(g, Game::default_for(Variant::ThreePlayer));
    }
}
