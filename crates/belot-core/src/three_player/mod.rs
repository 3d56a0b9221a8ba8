//! Three-player Belot of the Black Sea ports (seed 000): 9 cards each, to
//! 501, each for himself.

mod deal;
mod options;
mod score;
mod view;

pub use deal::{ThreeAnnouncement, ThreeDeal, ThreePhase};
pub use options::{CarreTiebreak, FailTest, NextDealer, OddPoint, ThreeOptions};
pub use score::{
    Half, PLAYERS, ThreeEntry, ThreeLedger, ThreeOutcome, ThreeRow, ThreeScore, ThreeSummary,
    score_deal,
};
pub use view::{ThreeAnnouncementView, ThreeFullState, ThreeView};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::action::Action;
use crate::deck::{Deck, uniform};
use crate::error::GameError;
use crate::record::{MatchRecord, Variant};
use crate::seat::Seat;

/// The first dealer drawn by lot from `seed` (seed 000: by lot): a uniform
/// draw in 0..3 from `ChaCha8Rng::seed_from_u64(seed)` on stream
/// `u64::MAX`.
pub fn dealer_by_lot(seed: u64) -> Seat {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::MAX);
    let _ = rng.next_u32(); // keep the draw distinct from the two-player lot
    Seat(uniform(&mut rng, 3) as u8)
}

/// A three-player match.
#[derive(Clone, Debug)]
pub struct ThreeMatch {
    options: ThreeOptions,
    seed: Option<u64>,
    done: Vec<ThreeDeal>,
    current: ThreeDeal,
    ledger: ThreeLedger,
}

impl ThreeMatch {
    /// A match whose first deal is `deck`.
    pub fn new(
        options: ThreeOptions,
        first_dealer: Seat,
        deck: Deck,
    ) -> Result<ThreeMatch, GameError> {
        let current = ThreeDeal::new(options, first_dealer, deck)?;
        Ok(ThreeMatch {
            options,
            seed: None,
            done: Vec::new(),
            current,
            ledger: ThreeLedger::new(options, first_dealer),
        })
    }

    /// A match whose deals come from `seed`.
    pub fn from_seed(
        options: ThreeOptions,
        first_dealer: Seat,
        seed: u64,
    ) -> Result<ThreeMatch, GameError> {
        let mut m = ThreeMatch::new(options, first_dealer, Deck::from_seed(seed, 0))?;
        m.seed = Some(seed);
        Ok(m)
    }

    /// The options.
    pub fn options(&self) -> &ThreeOptions {
        &self.options
    }
    /// The current deal.
    pub fn current(&self) -> &ThreeDeal {
        &self.current
    }
    /// Deals before the current one.
    pub fn previous_deals(&self) -> &[ThreeDeal] {
        &self.done
    }
    /// The ledger.
    pub fn ledger(&self) -> &ThreeLedger {
        &self.ledger
    }
    /// Deals dealt so far, the current one included.
    pub fn deal_count(&self) -> usize {
        self.done.len() + 1
    }

    /// Applies an action; records the deal when it ends.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.current.apply(seat, action)?;
        if self.current.is_over() && self.ledger.rows.len() == self.done.len() {
            let entry = match self.current.summary() {
                Some(s) => ThreeEntry::Played { summary: *s },
                None => ThreeEntry::ThrownIn,
            };
            self.ledger.push(&entry);
        }
        Ok(())
    }

    /// Starts the next deal, dealt by whoever the ledger says.
    pub fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        if !self.current.is_over() {
            return Err(GameError::Illegal(
                "the current deal is not over yet; play it to the end first".into(),
            ));
        }
        if self.ledger.is_over() {
            return Err(GameError::Illegal("the match is over; start a new one".into()));
        }
        let k = self.done.len() as u64 + 1;
        let deck = Deck::next_in_match(deck, self.seed, k)?;
        let next = ThreeDeal::new(self.options, self.ledger.next_dealer, deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record; each deal's `result` is in half points (×2).
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
    pub fn from_record(r: &MatchRecord) -> Result<ThreeMatch, GameError> {
        crate::record::replay(r)
    }
}

impl crate::record::Replay for ThreeMatch {
    const VARIANT: Variant = Variant::ThreePlayer;
    type Options = ThreeOptions;
    fn start(options: ThreeOptions, first_dealer: Seat, deck: Deck) -> Result<Self, GameError> {
        ThreeMatch::new(options, first_dealer, deck)
    }
    fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
    fn next_dealer(&self) -> Seat {
        self.ledger.next_dealer
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        self.ledger
            .rows
            .get(i)
            .and_then(|r| r.score)
            .map(|s| s.recorded.iter().map(|h| h.0).collect())
    }
    fn current_over(&self) -> bool {
        self.current.is_over()
    }
}
