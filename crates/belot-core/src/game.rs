//! The games behind one face: which game ([`Variant`]), a game with its
//! house rules ([`Game`]), what a deal of any game does ([`Deal`]), a deal
//! of a game chosen at run time ([`AnyDeal`]) and what one seat sees of it
//! ([`AnyView`]). A whole match is [`crate::Match`] / [`crate::AnyMatch`].
//!
//! A new game implements [`Deal`] for its deal and [`crate::Match`] for
//! its match, and adds one arm to each enum here.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::action::{Action, SeatAction};
use crate::card::CardSet;
use crate::contract::Contract;
use crate::deck::Deck;
use crate::error::{GameError, InvalidInput, ParseError};
use crate::french::{FrenchDeal, FrenchOptions, SeatView};
use crate::play::{PlayState, Trick};
use crate::points::Half;
use crate::report::DealReport;
use crate::seat::Seat;
use crate::three_player::{ThreeDeal, ThreeOptions, ThreeView};
use crate::two_player::{TwoDeal, TwoOptions, TwoView};
use crate::view::{AnnouncementView, SeatCommon};

/// Which game of the family: the one type the command line, score sheets,
/// solver, server and records name a game by.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// French Belote (seed 002): four players in two teams, or two or
    /// three each for himself.
    French,
    /// Two-player Belot to 1001 (seed 001).
    TwoPlayer,
    /// Three-player Belot of the Black Sea ports (seed 000).
    ThreePlayer,
}

impl Variant {
    /// Every game, in the order they are listed.
    pub const ALL: [Variant; 3] = [Variant::French, Variant::TwoPlayer, Variant::ThreePlayer];

    /// The name records and the protocol use: `french`, `two_player`,
    /// `three_player`.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::French => "french",
            Variant::TwoPlayer => "two_player",
            Variant::ThreePlayer => "three_player",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    /// Reads `french` (or `belote`), `two_player` and `three_player`, with
    /// `-` for `_` and in any case.
    fn from_str(s: &str) -> Result<Variant, ParseError> {
        match s.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "french" | "belote" => Ok(Variant::French),
            "two_player" => Ok(Variant::TwoPlayer),
            "three_player" => Ok(Variant::ThreePlayer),
            _ => Err(ParseError::new(format!(
                "unknown game {s:?}: the games are french, two_player, three_player"
            ))),
        }
    }
}

/// A game and its house rules. French Belote for three and for two
/// players are games of their own: their names are `french-3` and
/// `french-2`, and [`Game::players`] tells them apart.
///
/// In JSON: `{"variant": "french", "options": {...}}` (options missing
/// take their defaults).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(from = "GameRepr", into = "GameRepr")]
pub enum Game {
    /// French Belote (seed 002).
    French(FrenchOptions),
    /// Two-player Belot to 1001 (seed 001).
    TwoPlayer(TwoOptions),
    /// Three-player Belot of the Black Sea ports (seed 000).
    ThreePlayer(ThreeOptions),
}

/// [`Game`]'s JSON form.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(tag = "variant", rename_all = "snake_case", deny_unknown_fields)]
enum GameRepr {
    French {
        #[serde(default, deserialize_with = "rules_object")]
        options: FrenchOptions,
    },
    TwoPlayer {
        #[serde(default, deserialize_with = "rules_object")]
        options: TwoOptions,
    },
    ThreePlayer {
        #[serde(default, deserialize_with = "rules_object")]
        options: ThreeOptions,
    },
}

/// House rules are an object: serde's derive would also take an array,
/// its items read as the fields in order (`[1]` as the first rule).
fn rules_object<'de, D, O>(d: D) -> Result<O, D::Error>
where
    D: serde::Deserializer<'de>,
    O: Deserialize<'de>,
{
    struct Rules<O>(std::marker::PhantomData<O>);
    impl<'de, O: Deserialize<'de>> serde::de::Visitor<'de> for Rules<O> {
        type Value = O;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object of house rules")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<O, A::Error> {
            O::deserialize(serde::de::value::MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_map(Rules(std::marker::PhantomData))
}

impl From<GameRepr> for Game {
    fn from(r: GameRepr) -> Game {
        match r {
            GameRepr::French { options } => Game::French(options),
            GameRepr::TwoPlayer { options } => Game::TwoPlayer(options),
            GameRepr::ThreePlayer { options } => Game::ThreePlayer(options),
        }
    }
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        match g {
            Game::French(options) => GameRepr::French { options },
            Game::TwoPlayer(options) => GameRepr::TwoPlayer { options },
            Game::ThreePlayer(options) => GameRepr::ThreePlayer { options },
        }
    }
}

/// The names [`Game::from_name`] reads, as an error lists them.
const GAME_NAMES: &str = "french (4 players in teams), french-3, french-2 (each for himself), \
                          two-player (to 1001), three-player (to 501)";

impl Game {
    /// The game with its seed's default rules.
    pub fn default_for(variant: Variant) -> Game {
        match variant {
            Variant::French => Game::French(FrenchOptions::default()),
            Variant::TwoPlayer => Game::TwoPlayer(TwoOptions::default()),
            Variant::ThreePlayer => Game::ThreePlayer(ThreeOptions::default()),
        }
    }

    /// Which game.
    pub fn variant(&self) -> Variant {
        match self {
            Game::French(_) => Variant::French,
            Game::TwoPlayer(_) => Variant::TwoPlayer,
            Game::ThreePlayer(_) => Variant::ThreePlayer,
        }
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        match self {
            Game::French(o) => o.players,
            Game::TwoPlayer(_) => 2,
            Game::ThreePlayer(_) => 3,
        }
    }

    /// The total that wins the match.
    pub fn target(&self) -> u32 {
        match self {
            Game::French(o) => o.target,
            Game::TwoPlayer(o) => o.target,
            Game::ThreePlayer(o) => o.target,
        }
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
        match self {
            Game::French(o) if o.players == 3 => "french-3",
            Game::French(o) if o.players == 2 => "french-2",
            Game::French(_) => "french",
            Game::TwoPlayer(_) => "two-player",
            Game::ThreePlayer(_) => "three-player",
        }
    }

    /// The game for a name of [`Game::name`] (also `french-4` and
    /// `belote` for `french`, `_` for `-`), with the seed's default rules.
    pub fn from_name(name: &str) -> Result<Game, ParseError> {
        let french = |players| Game::French(FrenchOptions { players, ..FrenchOptions::default() });
        Ok(match name.trim().to_lowercase().replace('_', "-").as_str() {
            "french" | "french-4" | "belote" => french(4),
            "french-3" => french(3),
            "french-2" => french(2),
            "two-player" => Game::default_for(Variant::TwoPlayer),
            "three-player" => Game::default_for(Variant::ThreePlayer),
            other => {
                return Err(ParseError::new(format!(
                    "unknown game {other:?}: the games are {GAME_NAMES}"
                )));
            }
        })
    }

    /// Checks the house rules; says which one is wrong.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        match self {
            Game::French(o) => o.validate(),
            Game::TwoPlayer(o) => o.validate(),
            Game::ThreePlayer(o) => o.validate(),
        }
    }
}

/// What a deal of any game does, from the deal to its score. Each game's
/// deal implements it once; [`AnyDeal`] delegates to the one it holds.
pub trait Deal {
    /// What one seat may know of the deal.
    type View;
    /// Players at the table.
    fn players(&self) -> u8;
    /// Who dealt.
    fn dealer(&self) -> Seat;
    /// The cards in dealing order.
    fn deck(&self) -> &Deck;
    /// Every action so far, in order.
    fn actions(&self) -> &[SeatAction];
    /// Who is to act, if anyone.
    fn to_act(&self) -> Option<Seat>;
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<Action>;
    /// Applies `seat`'s action; a refused action changes nothing.
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError>;
    /// What `seat` may know now: never another seat's unplayed cards.
    fn view(&self, seat: Seat) -> Self::View;
    /// The tricks completed.
    fn tricks(&self) -> &[Trick];
    /// The card play's position, once it began (every hand: for analysis
    /// and tests, never for a player).
    fn play_state(&self) -> Option<&PlayState>;
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
}

/// `Deal` for a game's deal type: the same inherent calls on each, with
/// its view and how it reads its recorded points.
macro_rules! impl_deal {
    ($ty:ty, $view:ty, players: |$p:ident| $players:expr, recorded: |$r:ident| $recorded:expr,
     report: |$q:ident| $report:expr) => {
        impl Deal for $ty {
            type View = $view;
            fn players(&self) -> u8 {
                let $p = self;
                $players
            }
            fn dealer(&self) -> Seat {
                self.dealer
            }
            fn deck(&self) -> &Deck {
                &self.deck
            }
            fn actions(&self) -> &[SeatAction] {
                &self.actions
            }
            fn to_act(&self) -> Option<Seat> {
                <$ty>::to_act(self)
            }
            fn legal_actions(&self) -> Vec<Action> {
                <$ty>::legal_actions(self)
            }
            fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
                <$ty>::apply(self, seat, action)
            }
            fn view(&self, seat: Seat) -> $view {
                <$ty>::view(self, seat)
            }
            fn tricks(&self) -> &[Trick] {
                &self.tricks
            }
            fn play_state(&self) -> Option<&PlayState> {
                self.play.as_ref()
            }
            fn is_over(&self) -> bool {
                <$ty>::is_over(self)
            }
            fn recorded(&self) -> Option<Vec<Half>> {
                let $r = self;
                $recorded
            }
            fn report(&self) -> Option<DealReport> {
                let $q = self;
                $report
            }
        }
    };
}

impl_deal!(FrenchDeal, SeatView, players: |d| FrenchDeal::players(d), recorded: |d| french_recorded(d),
    // French Belote for three scores its own way (score3).
    report: |d| d.score().map(DealReport::from).or_else(|| d.score3().map(DealReport::from)));
impl_deal!(TwoDeal, TwoView, players: |_d| 2, recorded: |d| {
    d.score().map(|s| s.recorded.iter().map(|&p| Half::points(p)).collect())
}, report: |d| d.score().map(DealReport::from));
impl_deal!(ThreeDeal, ThreeView, players: |_d| 3, recorded: |d| {
    d.score().map(|s| s.recorded.to_vec())
}, report: |d| d.score().map(DealReport::from));

/// A French deal's recorded points per seat (teams: each seat its team's).
fn french_recorded(d: &FrenchDeal) -> Option<Vec<Half>> {
    if let Some(s) = d.score() {
        let seats = 0..d.players();
        Some(seats.map(|i| Half::points(s.recorded[d.side(Seat(i)).index() & 1])).collect())
    } else {
        d.score3().map(|s| s.recorded.iter().map(|&p| Half::points(p)).collect())
    }
}

/// A deal of any game, chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyDeal {
    /// French Belote.
    French(FrenchDeal),
    /// Two-player Belot.
    TwoPlayer(TwoDeal),
    /// Three-player Belot.
    ThreePlayer(ThreeDeal),
}

impl AnyDeal {
    /// Deals `deck` with `dealer` dealing.
    pub fn new(game: &Game, dealer: Seat, deck: Deck) -> Result<AnyDeal, GameError> {
        Ok(match game {
            Game::French(o) => AnyDeal::French(FrenchDeal::new(*o, dealer, deck)?),
            Game::TwoPlayer(o) => AnyDeal::TwoPlayer(TwoDeal::new(*o, dealer, deck)?),
            Game::ThreePlayer(o) => AnyDeal::ThreePlayer(ThreeDeal::new(*o, dealer, deck)?),
        })
    }
}

/// Runs `$e` on the game's deal `$d` that an [`AnyDeal`] holds.
macro_rules! each {
    ($self:expr, $d:ident => $e:expr) => {
        match $self {
            AnyDeal::French($d) => $e,
            AnyDeal::TwoPlayer($d) => $e,
            AnyDeal::ThreePlayer($d) => $e,
        }
    };
}

impl Deal for AnyDeal {
    type View = AnyView;
    fn players(&self) -> u8 {
        each!(self, d => Deal::players(d))
    }
    fn dealer(&self) -> Seat {
        each!(self, d => d.dealer())
    }
    fn deck(&self) -> &Deck {
        each!(self, d => d.deck())
    }
    fn actions(&self) -> &[SeatAction] {
        each!(self, d => d.actions())
    }
    fn to_act(&self) -> Option<Seat> {
        each!(self, d => d.to_act())
    }
    fn legal_actions(&self) -> Vec<Action> {
        each!(self, d => d.legal_actions())
    }
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        each!(self, d => d.apply(seat, action))
    }
    fn view(&self, seat: Seat) -> AnyView {
        each!(self, d => d.view(seat).into())
    }
    fn tricks(&self) -> &[Trick] {
        each!(self, d => d.tricks())
    }
    fn play_state(&self) -> Option<&PlayState> {
        each!(self, d => d.play_state())
    }
    fn is_over(&self) -> bool {
        each!(self, d => d.is_over())
    }
    fn recorded(&self) -> Option<Vec<Half>> {
        each!(self, d => Deal::recorded(d))
    }
    fn report(&self) -> Option<DealReport> {
        each!(self, d => Deal::report(d))
    }
}

/// What one seat sees of a deal of any game: never another seat's
/// unplayed cards. In JSON, the game's own view.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnyView {
    /// French Belote.
    French(SeatView),
    /// Two-player Belot.
    TwoPlayer(TwoView),
    /// Three-player Belot.
    ThreePlayer(ThreeView),
}

impl From<SeatView> for AnyView {
    fn from(v: SeatView) -> AnyView {
        AnyView::French(v)
    }
}

impl From<TwoView> for AnyView {
    fn from(v: TwoView) -> AnyView {
        AnyView::TwoPlayer(v)
    }
}

impl From<ThreeView> for AnyView {
    fn from(v: ThreeView) -> AnyView {
        AnyView::ThreePlayer(v)
    }
}

/// Reads the field `$f` of whichever view an [`AnyView`] holds.
macro_rules! field {
    ($self:expr, $f:ident) => {
        match $self {
            AnyView::French(v) => &v.$f,
            AnyView::TwoPlayer(v) => &v.$f,
            AnyView::ThreePlayer(v) => &v.$f,
        }
    };
}

impl AnyView {
    /// What every game's view holds alike.
    pub fn common(&self) -> &SeatCommon {
        match self {
            AnyView::French(v) => &v.common,
            AnyView::TwoPlayer(v) => &v.common,
            AnyView::ThreePlayer(v) => &v.common,
        }
    }

    /// What anyone watching the table may know: this view without its
    /// seat's hand and legal actions, and without the cards of
    /// announcements that did not score (only the scoring ones are shown
    /// to all).
    pub fn into_public(mut self) -> AnyView {
        let c = match &mut self {
            AnyView::French(v) => &mut v.common,
            AnyView::TwoPlayer(v) => &mut v.common,
            AnyView::ThreePlayer(v) => &mut v.common,
        };
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
        field!(self, announcements)
    }

    /// Melds shown beyond the announced ones: the two- and three-player
    /// contest winner's other constructions or combinations.
    pub fn shown(&self) -> Vec<(Seat, CardSet)> {
        let (winner, melds) = match self {
            AnyView::French(_) => return Vec::new(),
            AnyView::TwoPlayer(v) => (v.contest_winner, &v.shown_constructions),
            AnyView::ThreePlayer(v) => (v.contest_winner, &v.shown_combinations),
        };
        winner.map(|w| melds.iter().map(|&c| (w, c)).collect()).unwrap_or_default()
    }

    /// The seat the view is for.
    pub fn seat(&self) -> Seat {
        *field!(self, seat)
    }

    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        *field!(self, dealer)
    }

    /// The seat's legal actions (empty when it is not its turn).
    pub fn legal(&self) -> &[Action] {
        field!(self, legal)
    }

    /// The seat's cards.
    pub fn hand(&self) -> CardSet {
        *field!(self, hand)
    }

    /// The contract, once made.
    pub fn contract(&self) -> Option<Contract> {
        *field!(self, contract)
    }

    /// Who is to act, if anyone.
    pub fn to_act(&self) -> Option<Seat> {
        *field!(self, to_act)
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        match self {
            AnyView::French(v) => v.players,
            AnyView::TwoPlayer(_) => 2,
            AnyView::ThreePlayer(_) => 3,
        }
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
        !matches!(self, AnyView::TwoPlayer(v) if v.bela_charges_caller)
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
