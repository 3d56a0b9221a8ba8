//! Two-player Belot to 1001 (seed 001) with all-trumps (ВК), no-trumps (БК)
//! and the all-pass deal (распасы).

mod deal;
mod options;
mod score;
mod view;

pub use deal::{PLAYERS, TwoAnnouncement, TwoDeal, TwoPhase};
pub use options::{
    BaitMode, BkCarreValues, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer, TieMode,
    TwoOptions,
};
pub use score::{TwoEntry, TwoLedger, TwoOutcome, TwoRow, TwoScore, TwoSummary, score_deal};
pub use view::{TwoAnnouncementView, TwoFullState, TwoView};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::action::Action;
use crate::deck::Deck;
use crate::error::GameError;
use crate::record::{MatchRecord, Variant};
use crate::seat::Seat;

/// The first dealer drawn by lot from `seed` (§3.2): the low bit of the
/// first draw of `ChaCha8Rng::seed_from_u64(seed)` on stream `u64::MAX`
/// (a stream no deck uses).
pub fn dealer_by_lot(seed: u64) -> Seat {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::MAX);
    Seat((rng.next_u32() & 1) as u8)
}

/// A two-player match: the deals so far, the one in progress, the ledger.
#[derive(Clone, Debug)]
pub struct TwoMatch {
    options: TwoOptions,
    seed: Option<u64>,
    done: Vec<TwoDeal>,
    current: TwoDeal,
    ledger: TwoLedger,
}

impl TwoMatch {
    /// A match whose first deal is `deck`, dealt by `first_dealer`.
    pub fn new(options: TwoOptions, first_dealer: Seat, deck: Deck) -> Result<TwoMatch, GameError> {
        let current = TwoDeal::new(options, first_dealer, deck)?;
        Ok(TwoMatch {
            options,
            seed: None,
            done: Vec::new(),
            current,
            ledger: TwoLedger::new(options, first_dealer),
        })
    }

    /// A match whose deals come from `seed` (deal `k` uses
    /// [`Deck::from_seed`]`(seed, k)`).
    pub fn from_seed(
        options: TwoOptions,
        first_dealer: Seat,
        seed: u64,
    ) -> Result<TwoMatch, GameError> {
        let mut m = TwoMatch::new(options, first_dealer, Deck::from_seed(seed, 0))?;
        m.seed = Some(seed);
        Ok(m)
    }

    /// The options.
    pub fn options(&self) -> &TwoOptions {
        &self.options
    }

    /// The deal in progress (or the last one, once over).
    pub fn current(&self) -> &TwoDeal {
        &self.current
    }

    /// Deals before the current one.
    pub fn previous_deals(&self) -> &[TwoDeal] {
        &self.done
    }

    /// Totals, hanging points, rows, winner.
    pub fn ledger(&self) -> &TwoLedger {
        &self.ledger
    }

    /// Number of deals dealt, the current one included.
    pub fn deal_count(&self) -> usize {
        self.done.len() + 1
    }

    /// Applies an action to the current deal; records it when it ends.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.current.apply(seat, action)?;
        if self.current.is_over() && self.ledger.rows.len() == self.done.len() {
            let entry = match (self.current.phase(), self.current.summary()) {
                (TwoPhase::Finished, Some(s)) => TwoEntry::Played { summary: *s },
                (TwoPhase::Redealt, _) => TwoEntry::Redeal,
                _ => TwoEntry::ThrownIn,
            };
            self.ledger.push(&entry);
        }
        Ok(())
    }

    /// Starts the next deal with `deck` (or the seed's next deck), dealt
    /// by whoever the ledger says deals next.
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
        let next = TwoDeal::new(self.options, self.ledger.next_dealer, deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record.
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
    pub fn from_record(r: &MatchRecord) -> Result<TwoMatch, GameError> {
        crate::record::replay(r)
    }
}

impl crate::record::Replay for TwoMatch {
    const VARIANT: Variant = Variant::TwoPlayer;
    type Options = TwoOptions;
    fn start(options: TwoOptions, first_dealer: Seat, deck: Deck) -> Result<Self, GameError> {
        TwoMatch::new(options, first_dealer, deck)
    }
    fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }
    fn next_dealer(&self) -> Seat {
        self.ledger.next_dealer
    }
    fn result(&self, i: usize) -> Option<Vec<i32>> {
        self.ledger.rows.get(i).and_then(|r| r.score).map(|s| s.recorded.to_vec())
    }
    fn current_over(&self) -> bool {
        self.current.is_over()
    }
}
