//! One match type for every game: [`GameMatch`] holds the deals played,
//! the deal in progress and the game's ledger, and is the same code for
//! each game. What differs is said once per game by [`Rules`] (its
//! options, deal and ledger types) and [`Ledger`] (how a finished deal is
//! recorded and who deals next).

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::any_match::{Match, Standing};
use crate::card::{CardSet, Suit};
use crate::deck::Deck;
use crate::error::{GameError, Refusal};
use crate::game::{AnyView, Deal, Game, GameView, HouseRules, Variant};
use crate::play::{PlayState, Trick};
use crate::points::Half;
use crate::record::{MatchRecord, Replay};
use crate::registry::{AnyEntry, AnyLedger, DealInput};
use crate::report::RowReport;
use crate::seat::Seat;

/// A game's running score: what a match needs of its ledger.
pub trait Ledger: Clone + Debug + PartialEq {
    /// The game's deal.
    type Deal;
    /// A deal as the ledger records it (played with its summary, thrown
    /// in, …): what a finished deal gives and a score sheet enters.
    type Entry: Copy + Debug + PartialEq + Eq;
    /// The entry of a finished deal.
    fn entry_of(&self, deal: &Self::Deal) -> Self::Entry;
    /// Records `entry` as the next row; false (nothing recorded) for an
    /// entry of another table's kind.
    fn push_entry(&mut self, entry: &Self::Entry) -> bool;
    /// The last row, shown as every game shows a row (built only when
    /// asked: a match's playouts never ask).
    fn last_row(&self) -> Option<RowReport>;
    /// Records a finished deal (played, thrown in or redealt).
    fn settle(&mut self, deal: &Self::Deal) {
        let entry = self.entry_of(deal);
        self.push_entry(&entry);
    }
    /// Forgets the rows, keeping what the next deals need (a score sheet
    /// keeps its rows itself).
    fn forget_rows(&mut self);
    /// Totals per side, held points, points lost at the end and the
    /// winning side, as a score sheet shows them.
    fn tally(&self) -> Tally;
    /// Who deals the next deal.
    fn next_dealer(&self) -> Seat;
    /// True once the match has a winner.
    fn is_over(&self) -> bool {
        !self.standing().winners.is_empty()
    }
    /// What row `i` (0-based) recorded, once scored, as game records
    /// store it (half points for the three-player game).
    fn result(&self, i: usize) -> Option<Vec<i32>>;
    /// Totals, held points and the winner.
    fn standing(&self) -> Standing;
    /// Every row, shown alike in every game.
    fn row_reports(&self) -> Vec<RowReport>;
    /// Starts the ledger at `start`'s totals and held points, its rows
    /// numbered after `start.deal - 1` earlier deals; `start` is checked
    /// ([`Start::check`]).
    fn resume(&mut self, start: &Start) -> Result<(), GameError>;
}

/// What a score sheet shows of a ledger: totals per scoring side (a team
/// of four players counts once), held points, points lost at the end and
/// the winning side.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tally {
    /// Each side's total.
    pub totals: Vec<Half>,
    /// Points held for a later deal.
    pub pool: Half,
    /// Held points lost because the match ended while they waited.
    pub pool_lost: Half,
    /// The winning side, once the match is over.
    pub winner: Option<u8>,
}

/// Where a match starts when it does not start from nothing: a game
/// carried on from paper or another app, or the end of a match tested.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// Each side's total: two with teams (or two players), else one per
    /// player.
    pub totals: Vec<Half>,
    /// Points held for the winner of a later deal.
    #[serde(default)]
    pub held: Half,
    /// The number of the first deal played here (1: a new match).
    #[serde(default = "first_deal")]
    pub deal: u32,
}

fn first_deal() -> u32 {
    1
}

/// Largest total or held amount a start may give, in points.
pub const START_POINTS_MAX: i32 = 100_000;

impl Start {
    /// Checks a start for a match of `sides` sides playing to `target`:
    /// one total per side, each below the target (the match would be
    /// over) and above −[`START_POINTS_MAX`]; held points from 0 to
    /// [`START_POINTS_MAX`]; whole points unless `halves`; deal from 1.
    pub fn check(&self, sides: usize, target: u32, halves: bool) -> Result<(), GameError> {
        let bad = |code, m: String| GameError::invalid(code, format!("start: {m}"));
        if self.totals.len() != sides {
            let m = format!("{} totals given; this game has {sides} sides", self.totals.len());
            return Err(bad("start_sides", m)
                .with("totals", self.totals.len())
                .with("sides", sides));
        }
        let max = Half::points(START_POINTS_MAX);
        let all = self.totals.iter().chain(std::iter::once(&self.held));
        if let Some(h) = all.clone().find(|h| !halves && h.0 % 2 != 0) {
            let m = format!("{h} is not a whole number of points, as this game counts");
            return Err(bad("start_halves", m).with("points", h.to_string()));
        }
        if let Some(t) = self.totals.iter().find(|t| t.0 >= 2 * target as i32 || t.0 <= -max.0) {
            let m = format!("a total of {t} would end the match: totals are below {target}");
            return Err(bad("start_total", m).with("total", t.to_string()).with("target", target));
        }
        if self.held.0 < 0 || self.held > max {
            let m = format!("held points are 0 to {START_POINTS_MAX}; got {}", self.held);
            let e = bad("start_held", m).with("held", self.held.to_string());
            return Err(e.with("max", START_POINTS_MAX));
        }
        if self.deal == 0 || self.deal > 1_000_000 {
            let m = format!("deal numbers go from 1; got {}", self.deal);
            return Err(bad("start_deal", m).with("deal", self.deal));
        }
        Ok(())
    }

    /// The totals in whole points (checked whole by [`Start::check`]).
    pub fn whole_totals(&self) -> Vec<i32> {
        self.totals.iter().map(|t| t.0 / 2).collect()
    }
}

/// A game's rules as types: what [`GameMatch`] is made of, and what
/// every layer above needs to know of the game without naming it.
pub trait Rules: Sized {
    /// The game's name in records and the protocol (`french`, …); also the
    /// name of its folder.
    const NAME: &'static str;
    /// Other names [`crate::Variant`]'s `from_str` reads for the game.
    const ALIASES: &'static [&'static str] = &[];
    /// The names [`crate::Game::from_name`] reads, as an error lists them.
    const NAMES_HELP: &'static str;
    /// The numbers of players the game is played by.
    const TABLES: &'static [u8];
    /// The game's own words for what every game names alike.
    const WORDS: Words;
    /// The house rules.
    type Options: HouseRules;
    /// A deal.
    type Deal: Deal<View: GameView + Into<AnyView>> + Clone + Debug;
    /// The running score.
    type Ledger: Ledger<Deal = Self::Deal>;
    /// A deal as a score sheet's players enter it (in JSON under
    /// `"kind": NAME`).
    type Input: Serialize + DeserializeOwned + Clone + PartialEq + Eq + Debug;
    /// Checks `input` against the house rules and converts it to the
    /// ledger's entry; says why it cannot be and what is allowed.
    fn convert(
        input: &Self::Input,
        options: &Self::Options,
        dealer: Seat,
    ) -> Result<<Self::Ledger as Ledger>::Entry, Refusal>;
    /// A finished deal as a score sheet enters it (thrown in when nobody
    /// took): the same summary the engine scored.
    fn input_of(deal: &Self::Deal) -> DealInput;
    /// The ledger's entry of a deal thrown in.
    fn thrown_in(options: &Self::Options) -> <Self::Ledger as Ledger>::Entry;
    /// The ledger's entry of a redeal, where the game has one.
    fn redeal(_options: &Self::Options) -> Option<<Self::Ledger as Ledger>::Entry> {
        None
    }
    /// Who took what, for a table of results ("Boris ♥", "AT Olena").
    fn describe(input: &Self::Input, name: &dyn Fn(Seat) -> String) -> String;
    /// The protocol's score breakdown of the current deal and the match.
    type Breakdown: Serialize;
    /// The score breakdown of `m`'s current deal and of the match. While
    /// the deal goes on it holds only what every player may know.
    fn breakdown(m: &GameMatch<Self>) -> Self::Breakdown;
    /// Deals `deck` with `dealer` dealing.
    fn deal(options: Self::Options, dealer: Seat, deck: Deck) -> Result<Self::Deal, GameError>;
    /// An empty ledger.
    fn ledger(options: Self::Options, first_dealer: Seat) -> Self::Ledger;
    /// The house rules a short name of [`crate::Game::name`] stands for.
    fn by_name(name: &str) -> Option<Self::Options> {
        (name == Self::NAME.replace('_', "-")).then(Self::Options::default)
    }
    /// Who deals first, where the game draws lots: drawn from `seed`, so
    /// that a seed deals the same everywhere. `None` where the table
    /// chooses.
    fn first_dealer(_seed: u64) -> Option<Seat> {
        None
    }
    /// The seats whose card points count for `seat` (a bit per seat) once
    /// `taker` (if any) took: its team with four players, else itself.
    fn side_mask(options: &Self::Options, _taker: Option<Seat>, seat: Seat) -> u8 {
        match options.players() {
            4 => 1 << (seat.0 & 3) | 1 << ((seat.0 + 2) & 3),
            _ => 1 << (seat.0 & 3),
        }
    }
    /// True when a deal may start from a bare contract
    /// ([`Rules::from_contract`]).
    const BARE_CONTRACT: bool = false;
    /// A deal from a bare contract: the hands, trump and taker given, no
    /// turned card or auction shown (the engine's protocol 2).
    fn from_contract(
        _options: Self::Options,
        _dealer: Seat,
        _hands: [CardSet; 4],
        _trump: Suit,
        _taker: Seat,
    ) -> Result<Self::Deal, GameError> {
        Err(GameError::invalid(
            "no_bare_contract",
            format!("{} deals start from a seed or a deck", Self::NAME),
        ))
    }
    /// True when `deal` started from a bare contract (its auction made up
    /// and shown to nobody): only where [`Rules::BARE_CONTRACT`].
    fn is_bare(_deal: &Self::Deal) -> bool {
        false
    }
    /// Marks `deal` as started from a bare contract (a record replayed).
    fn set_bare(_deal: &mut Self::Deal) -> Result<(), GameError> {
        Err(GameError::invalid(
            "no_bare_contract",
            "only a French Belote deal starts from a bare contract",
        ))
    }
}

/// A game's own words for what every game names alike.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Words {
    /// Who takes the contract: preneur, loader, declarer.
    pub taker: &'static str,
    /// The card turned up for the auction.
    pub turned: &'static str,
    /// King and queen of trumps: belote, бела, belot.
    pub belote: &'static str,
}

/// What the registry says of a game: [`crate::games!`] implements it for
/// each [`Rules`] it lists, so it is never written by hand.
pub trait Registered: Rules {
    /// The game.
    const VARIANT: Variant;
    /// The game's own entry, if `d` is one.
    fn input(d: &DealInput) -> Option<&Self::Input>;
    /// The game's entry as any game's.
    fn wrap_input(i: Self::Input) -> DealInput;
    /// A ledger entry as any game's.
    fn wrap_entry(e: <Self::Ledger as Ledger>::Entry) -> AnyEntry;
    /// The ledger as any game's.
    fn wrap_ledger(l: Self::Ledger) -> AnyLedger;
    /// The game with these house rules.
    fn game(options: Self::Options) -> Game;
    /// The house rules of `game`, if it is this game.
    fn options_of(game: &Game) -> Option<Self::Options>;
}

/// `Rules` for a game whose deal and ledger are made by their `new`.
macro_rules! game_rules {
    ($rules:ty, $name:literal, $options:ty, $deal:ty, $ledger:ty, $breakdown:ty,
     { $($more:tt)* }) => {
        impl $crate::game_match::Rules for $rules {
            const NAME: &'static str = $name;
            type Options = $options;
            type Deal = $deal;
            type Ledger = $ledger;
            type Breakdown = $breakdown;
            fn deal(
                options: $options,
                dealer: $crate::seat::Seat,
                deck: $crate::deck::Deck,
            ) -> Result<$deal, $crate::error::GameError> {
                <$deal>::new(options, dealer, deck)
            }
            fn ledger(options: $options, first_dealer: $crate::seat::Seat) -> $ledger {
                <$ledger>::new(options, first_dealer)
            }
            $($more)*
        }
    };
}
pub(crate) use game_rules;

/// A match of one game: the deals played so far, the deal in progress and
/// the ledger (totals, held points, dealer, winner).
#[derive(Clone, Debug)]
pub struct GameMatch<R: Rules> {
    options: R::Options,
    seed: Option<u64>,
    done: Vec<R::Deal>,
    current: R::Deal,
    ledger: R::Ledger,
    /// Where the match started, when not from nothing.
    start: Option<Start>,
    /// True once the current deal is in the ledger.
    settled: bool,
}

impl<R: Registered> GameMatch<R> {
    /// A match whose first deal is `deck`, dealt by `first_dealer`.
    pub fn new(
        options: R::Options,
        first_dealer: Seat,
        deck: Deck,
    ) -> Result<GameMatch<R>, GameError> {
        let current = R::deal(options, first_dealer, deck)?;
        Ok(GameMatch::with_deal(options, current))
    }

    /// A match whose deals come from `seed` (deal `k` uses
    /// [`Deck::from_seed`]`(seed, k)`).
    pub fn from_seed(
        options: R::Options,
        first_dealer: Seat,
        seed: u64,
    ) -> Result<GameMatch<R>, GameError> {
        let mut m = GameMatch::new(options, first_dealer, Deck::from_seed(seed, 0))?;
        m.seed = Some(seed);
        Ok(m)
    }

    /// A match whose first deal is `deal` (which may start anywhere, such
    /// as at the card play from given hands).
    pub fn with_deal(options: R::Options, deal: R::Deal) -> GameMatch<R> {
        let ledger = R::ledger(options, deal.dealer());
        let mut m = GameMatch {
            options,
            seed: None,
            done: Vec::new(),
            current: deal,
            ledger,
            start: None,
            settled: false,
        };
        m.settle();
        m
    }

    /// Starts the match at `start`'s totals, held points and deal number
    /// (its dealer is the first deal's); only before any deal is over.
    pub fn resume(&mut self, start: Start) -> Result<(), GameError> {
        if !self.done.is_empty() || self.settled {
            return Err(GameError::invalid(
                "start_after_deal",
                "start: only a match with no deal played yet",
            ));
        }
        self.ledger.resume(&start)?;
        self.start = Some(start);
        Ok(())
    }

    /// Where the match started, when not from nothing.
    pub fn start(&self) -> Option<&Start> {
        self.start.as_ref()
    }

    /// The number of the current deal (deals before a resumed start
    /// counted).
    pub fn deal_number(&self) -> u32 {
        self.start.as_ref().map_or(1, |s| s.deal) - 1 + self.deal_count() as u32
    }

    /// The house rules.
    pub fn options(&self) -> &R::Options {
        &self.options
    }

    /// The seed deals are drawn from, if any.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The deal in progress (or the last one, once over).
    pub fn current(&self) -> &R::Deal {
        &self.current
    }

    /// Deals completed before the current one.
    pub fn previous_deals(&self) -> &[R::Deal] {
        &self.done
    }

    /// Totals, held points, rows, winner.
    pub fn ledger(&self) -> &R::Ledger {
        &self.ledger
    }

    /// True once the match has a winner.
    pub fn is_over(&self) -> bool {
        self.ledger.is_over()
    }

    /// Who deals the next deal.
    pub fn next_dealer(&self) -> Seat {
        self.ledger.next_dealer()
    }

    /// Number of deals dealt, the current one included.
    pub fn deal_count(&self) -> usize {
        self.done.len() + 1
    }

    /// Applies an action to the current deal; records it when it ends.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.current.apply(seat, action)?;
        self.settle();
        Ok(())
    }

    /// Records the current deal in the ledger once it is over (once only).
    fn settle(&mut self) {
        if self.current.is_over() && !self.settled {
            self.ledger.settle(&self.current);
            self.settled = true;
        }
    }

    /// Starts the next deal with `deck` (or the seed's next deck), dealt
    /// by whoever the ledger says deals next.
    pub fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        if !self.current.is_over() {
            return Err(GameError::illegal(
                "deal_not_over",
                "the current deal is not over yet; play it to the end first",
            ));
        }
        if self.ledger.is_over() {
            return Err(GameError::illegal("match_over", "the match is over; start a new one"));
        }
        let k = self.done.len() as u64 + 1;
        let deck = Deck::next_in_match(deck, self.seed, k)?;
        let next = R::deal(self.options, self.ledger.next_dealer(), deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        self.settled = false;
        self.settle();
        Ok(())
    }

    /// The game record: options, first dealer, each deal's deck and
    /// actions and, for finished deals, the points recorded.
    pub fn record(&self) -> MatchRecord {
        let deals = self.done.iter().chain(std::iter::once(&self.current));
        let mut r = crate::record::build(
            self,
            R::game(self.options),
            self.done.first().unwrap_or(&self.current).dealer(),
            self.seed,
            deals.map(|d| (d.dealer(), *d.deck(), d.actions())),
        );
        r.start = self.start.clone();
        let first = self.done.first().unwrap_or(&self.current);
        if let Some(d) = r.deals.first_mut() {
            d.bare = R::is_bare(first);
        }
        r
    }

    /// Replays a record exactly, or says where it fails.
    pub fn from_record(r: &MatchRecord) -> Result<GameMatch<R>, GameError> {
        crate::record::replay(r)
    }
}

impl<R: Registered> Match for GameMatch<R> {
    fn players(&self) -> u8 {
        self.current.players()
    }
    fn to_act(&self) -> Option<Seat> {
        self.current.to_act()
    }
    fn legal_actions(&self) -> Vec<Action> {
        self.current.legal_actions()
    }
    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        GameMatch::apply(self, seat, action)
    }
    fn tricks(&self) -> &[Trick] {
        self.current.tricks()
    }
    fn play_state(&self) -> Option<&PlayState> {
        self.current.play_state()
    }
    fn match_over(&self) -> bool {
        self.ledger.is_over()
    }
    fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        GameMatch::next_deal(self, deck)
    }
    fn deal_count(&self) -> usize {
        GameMatch::deal_count(self)
    }
    fn dealer(&self) -> Seat {
        self.current.dealer()
    }
    fn record(&self) -> MatchRecord {
        GameMatch::record(self)
    }
    fn game(&self) -> Game {
        R::game(self.options)
    }
    fn view(&self, seat: Seat) -> AnyView {
        self.current.view(seat).into()
    }
    fn deal_recorded(&self) -> Option<Vec<Half>> {
        self.current.recorded()
    }
    fn standing(&self) -> Standing {
        self.ledger.standing()
    }
    fn deal_number(&self) -> u32 {
        GameMatch::deal_number(self)
    }
    fn resume(&mut self, start: Start) -> Result<(), GameError> {
        GameMatch::resume(self, start)
    }
}

impl<R: Registered> Replay for GameMatch<R> {
    const VARIANT: Variant = R::VARIANT;
    type Options = R::Options;
    fn options(game: &Game) -> Option<R::Options> {
        R::options_of(game)
    }
    fn start(options: R::Options, first_dealer: Seat, deck: Deck) -> Result<Self, GameError> {
        GameMatch::new(options, first_dealer, deck)
    }
    fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
    fn next_dealer(&self) -> Seat {
        self.ledger.next_dealer()
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        self.ledger.result(i)
    }
    fn current_over(&self) -> bool {
        self.current.is_over()
    }
    fn set_bare(&mut self) -> Result<(), GameError> {
        R::set_bare(&mut self.current)
    }
}
