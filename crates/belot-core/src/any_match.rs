//! [`AnyMatch`]: a match of any game, chosen at run time (as shakmaty's
//! `VariantPosition` does for chess): who acts, what is legal, applying
//! an action, the next deal, the record, for every game alike. The
//! `belot engine` protocol (crate `belot-engine`), the bots and the
//! command line drive every game through it.

use crate::action::Action;
use crate::deck::Deck;
use crate::error::GameError;
use crate::game::{AnyDeal, AnyView, Game};
use crate::game_match::{GameMatch, Start};
use crate::play::{PlayState, Trick};
use crate::points::Half;
use crate::record::MatchRecord;
pub use crate::registry::AnyMatch;
use crate::seat::Seat;
use crate::{each_game, map_game, with_rules};

/// What a match of any game does: the interface the engine protocol,
/// the bots and the command line drive every game through. Each game's
/// match implements it once; [`AnyMatch`] delegates to the one it holds.
pub trait Match {
    /// Players at the table.
    fn players(&self) -> u8;
    /// Who is to act in the current deal, if anyone.
    fn to_act(&self) -> Option<Seat>;
    /// The legal actions of the seat to act.
    fn legal_actions(&self) -> Vec<Action>;
    /// Applies `seat`'s action to the current deal; a refused action
    /// changes nothing.
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError>;
    /// The tricks completed in the current deal.
    fn tricks(&self) -> &[Trick];
    /// The card play's position, once the card play has begun.
    fn play_state(&self) -> Option<&PlayState>;
    /// True once the match has a winner.
    fn match_over(&self) -> bool;
    /// Deals the next deal: from `deck`, else from the match's seed.
    fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError>;
    /// Deals dealt, the current one included.
    fn deal_count(&self) -> usize;
    /// Who dealt the current deal.
    fn dealer(&self) -> Seat;
    /// The game record.
    fn record(&self) -> MatchRecord;
    /// The game and its house rules.
    fn game(&self) -> Game;
    /// What `seat` may know of the current deal.
    fn view(&self, seat: Seat) -> AnyView;
    /// The points each seat's side records for the current deal, once it
    /// is scored (see [`Deal::recorded`]).
    fn deal_recorded(&self) -> Option<Vec<Half>>;
    /// Totals, held points and the winner.
    fn standing(&self) -> Standing;
    /// The number of the current deal (a resumed match counts the deals
    /// before its start).
    fn deal_number(&self) -> u32;
    /// Starts the match at given totals, held points and deal number,
    /// before any deal is over; a refused start changes nothing.
    fn resume(&mut self, start: Start) -> Result<(), GameError>;
}

/// Where a match stands.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Standing {
    /// Each seat's match total (with teams, its team's on both seats).
    pub totals: Vec<Half>,
    /// Points held for the winner of a later deal.
    pub held: Half,
    /// The seats that won the match (a team's two, or one player); empty
    /// while it goes on.
    pub winners: Vec<Seat>,
}

impl AnyMatch {
    /// A match of `game` whose first deal is `deck`, dealt by
    /// `first_dealer`.
    pub fn new(game: &Game, first_dealer: Seat, deck: Deck) -> Result<AnyMatch, GameError> {
        Ok(map_game!(Game => AnyMatch, game, o => GameMatch::new(*o, first_dealer, deck)?))
    }

    /// A match of `game` whose deal `k` is [`Deck::from_seed`]`(seed, k)`,
    /// the first dealt by `first_dealer`.
    pub fn from_seed(game: &Game, first_dealer: Seat, seed: u64) -> Result<AnyMatch, GameError> {
        Ok(map_game!(Game => AnyMatch, game, o => GameMatch::from_seed(*o, first_dealer, seed)?))
    }

    /// Replays a record of any variant.
    pub fn from_record(r: &MatchRecord) -> Result<AnyMatch, GameError> {
        with_rules!(r.game.variant(), R => GameMatch::<R>::from_record(r).map(AnyMatch::from))
    }

    /// Replays a record of any variant, consuming it: each deal's actions
    /// are freed once replayed (a big record and its match are never
    /// both held whole). Gives back the record's names.
    pub fn from_record_owned(r: MatchRecord) -> Result<(AnyMatch, Vec<String>), GameError> {
        use crate::record::replay_owned;
        with_rules!(r.game.variant(), R => {
            replay_owned::<GameMatch<R>>(r).map(|(m, n)| (AnyMatch::from(m), n))
        })
    }

    /// The match it holds, as the one interface.
    fn inner(&self) -> &dyn Match {
        each_game!(AnyMatch, self, m => m as &dyn Match)
    }

    fn inner_mut(&mut self) -> &mut dyn Match {
        each_game!(AnyMatch, self, m => m as &mut dyn Match)
    }

    /// The current deal, as any game's.
    pub fn current_deal(&self) -> AnyDeal {
        map_game!(AnyMatch => AnyDeal, self, m => m.current().clone())
    }
}

impl Match for AnyMatch {
    fn players(&self) -> u8 {
        self.inner().players()
    }
    fn to_act(&self) -> Option<Seat> {
        self.inner().to_act()
    }
    fn legal_actions(&self) -> Vec<Action> {
        self.inner().legal_actions()
    }
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.inner_mut().apply(seat, action)
    }
    fn tricks(&self) -> &[Trick] {
        self.inner().tricks()
    }
    fn play_state(&self) -> Option<&PlayState> {
        self.inner().play_state()
    }
    fn match_over(&self) -> bool {
        self.inner().match_over()
    }
    fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        self.inner_mut().next_deal(deck)
    }
    fn deal_count(&self) -> usize {
        self.inner().deal_count()
    }
    fn dealer(&self) -> Seat {
        self.inner().dealer()
    }
    fn record(&self) -> MatchRecord {
        self.inner().record()
    }
    fn game(&self) -> Game {
        self.inner().game()
    }
    fn view(&self, seat: Seat) -> AnyView {
        self.inner().view(seat)
    }
    fn deal_recorded(&self) -> Option<Vec<Half>> {
        self.inner().deal_recorded()
    }
    fn standing(&self) -> Standing {
        self.inner().standing()
    }
    fn deal_number(&self) -> u32 {
        self.inner().deal_number()
    }
    fn resume(&mut self, start: Start) -> Result<(), GameError> {
        self.inner_mut().resume(start)
    }
}
