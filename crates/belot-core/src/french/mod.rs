//! French Belote (seed 002): four players in two teams, to 1000 (or 500).

mod deal;
mod options;
mod score;
mod three;
mod view;

pub use deal::{
    Announcement, FrenchDeal, PLAYERS, Phase, announcement_contests, side_in, side_of, side_totals,
};
pub use options::{
    AnnounceContests, BothCross, CapotVictim, FirstPackets, FrenchOptions, LitigeMode,
};
pub use score::{
    CAPOT_POINTS, DEAL_POINTS, DealScore, DealSummary, Entry, Ledger, Outcome, Row, score_deal,
};
pub use three::{DealScore3, DealSummary3, Entry3, Ledger3, Row3, score_deal3};
pub use view::{AnnouncementView, FullState, SeatView, TrickView};

use crate::action::Action;
use crate::deck::Deck;
use crate::error::GameError;
use crate::record::{MatchRecord, Variant};
use crate::seat::Seat;

/// A French Belote match: the deals played so far, the deal in progress
/// and the ledger (totals, held points, dealer, winner).
#[derive(Clone, Debug)]
pub struct FrenchMatch {
    options: FrenchOptions,
    seed: Option<u64>,
    done: Vec<FrenchDeal>,
    current: FrenchDeal,
    ledger: Ledger,
    /// The ledger of a three-player match (each for himself).
    ledger3: Ledger3,
}

impl FrenchMatch {
    /// A match whose first deal is `deck`, dealt by `first_dealer`.
    pub fn new(
        options: FrenchOptions,
        first_dealer: Seat,
        deck: Deck,
    ) -> Result<FrenchMatch, GameError> {
        let current = FrenchDeal::new(options, first_dealer, deck)?;
        Ok(FrenchMatch {
            options,
            seed: None,
            done: Vec::new(),
            current,
            ledger: Ledger::new(options, first_dealer),
            ledger3: Ledger3::new(options, first_dealer),
        })
    }

    /// A match whose deals come from `seed` (deal `k` uses
    /// [`Deck::from_seed`]`(seed, k)`).
    pub fn from_seed(
        options: FrenchOptions,
        first_dealer: Seat,
        seed: u64,
    ) -> Result<FrenchMatch, GameError> {
        let mut m = FrenchMatch::new(options, first_dealer, Deck::from_seed(seed, 0))?;
        m.seed = Some(seed);
        Ok(m)
    }

    /// A match whose first deal starts at the card play from given hands.
    pub fn with_deal(options: FrenchOptions, deal: FrenchDeal) -> FrenchMatch {
        let ledger = Ledger::new(options, deal.dealer());
        let ledger3 = Ledger3::new(options, deal.dealer());
        let mut m =
            FrenchMatch { options, seed: None, done: Vec::new(), current: deal, ledger, ledger3 };
        m.settle();
        m
    }

    /// The options.
    pub fn options(&self) -> &FrenchOptions {
        &self.options
    }

    /// The seed deals are drawn from, if any.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The deal in progress (or the last one, once over).
    pub fn current(&self) -> &FrenchDeal {
        &self.current
    }

    /// Deals completed before the current one.
    pub fn previous_deals(&self) -> &[FrenchDeal] {
        &self.done
    }

    /// Totals, held points, rows, winner (two sides: four players in teams,
    /// or two players).
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// The ledger of a three-player match.
    pub fn ledger3(&self) -> &Ledger3 {
        &self.ledger3
    }

    fn three(&self) -> bool {
        self.options.players == 3
    }

    /// True once the match has a winner.
    pub fn is_over(&self) -> bool {
        if self.three() { self.ledger3.is_over() } else { self.ledger.is_over() }
    }

    /// Who deals the next deal.
    pub fn next_dealer(&self) -> Seat {
        if self.three() { self.ledger3.next_dealer() } else { self.ledger.next_dealer() }
    }

    fn rows(&self) -> usize {
        if self.three() { self.ledger3.rows.len() } else { self.ledger.rows.len() }
    }

    /// Points each side recorded in deal `i` (0-based), once scored.
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        if self.three() {
            self.ledger3.rows.get(i).and_then(|r| r.score).map(|s| s.recorded.to_vec())
        } else {
            self.ledger.rows.get(i).and_then(|r| r.score).map(|s| s.recorded.to_vec())
        }
    }

    /// Number of deals dealt, the current one included.
    pub fn deal_count(&self) -> usize {
        self.done.len() + 1
    }

    /// Applies an action to the current deal; scores it when it ends.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.current.apply(seat, action)?;
        self.settle();
        Ok(())
    }

    /// Records the current deal in the ledger once it is over (once only).
    fn settle(&mut self) {
        if !self.current.is_over() || self.rows() > self.done.len() {
            return;
        }
        if self.three() {
            let entry = match self.current.summary3() {
                Some(summary) => Entry3::Played { summary: *summary },
                None => Entry3::ThrownIn,
            };
            self.ledger3.push(&entry);
        } else {
            let entry = match self.current.summary() {
                Some(summary) => Entry::Played { summary: *summary },
                None => Entry::ThrownIn,
            };
            self.ledger.push(&entry);
        }
    }

    /// Starts the next deal with `deck` (or the seed's next deck). The
    /// dealer moves one seat to the left.
    pub fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        if !self.current.is_over() {
            return Err(GameError::Illegal(
                "the current deal is not over yet; play it to the end first".into(),
            ));
        }
        if self.is_over() {
            return Err(GameError::Illegal("the match is over; start a new one".into()));
        }
        let k = self.done.len() as u64 + 1;
        let deck = Deck::next_in_match(deck, self.seed, k)?;
        let next = FrenchDeal::new(self.options, self.next_dealer(), deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record: options, first dealer, each deal's deck and actions
    /// and, for finished deals, the points recorded.
    pub fn record(&self) -> MatchRecord {
        let deals = self.done.iter().chain(std::iter::once(&self.current));
        crate::record::build(
            self,
            &self.options,
            self.ledger.first_dealer,
            self.seed,
            deals.map(|d| (d.dealer(), *d.deck(), d.actions())),
        )
    }

    /// Replays a record exactly, or says where it fails.
    pub fn from_record(r: &MatchRecord) -> Result<FrenchMatch, GameError> {
        crate::record::replay(r)
    }
}

impl crate::record::Replay for FrenchMatch {
    const VARIANT: Variant = Variant::French;
    type Options = FrenchOptions;
    fn start(options: FrenchOptions, first_dealer: Seat, deck: Deck) -> Result<Self, GameError> {
        FrenchMatch::new(options, first_dealer, deck)
    }
    fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
    fn next_dealer(&self) -> Seat {
        FrenchMatch::next_dealer(self)
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        FrenchMatch::result(self, i)
    }
    fn current_over(&self) -> bool {
        self.current.is_over()
    }
}
