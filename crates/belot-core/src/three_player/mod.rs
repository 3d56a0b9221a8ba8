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
use crate::record::{DealRecord, MatchRecord, Variant};
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
        let deck = match (deck, self.seed) {
            (Some(d), _) => d,
            (None, Some(seed)) => Deck::from_seed(seed, k),
            (None, None) => {
                return Err(GameError::Invalid(
                    "this match has no seed: give the next deal's deck (or a seed)".into(),
                ));
            }
        };
        let next = ThreeDeal::new(self.options, self.ledger.next_dealer, deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record; each deal's `result` is in half points (×2).
    pub fn record(&self) -> MatchRecord {
        let deals = self
            .done
            .iter()
            .chain(std::iter::once(&self.current))
            .enumerate()
            .map(|(i, d)| DealRecord {
                dealer: d.dealer(),
                deck: *d.deck(),
                actions: d.actions().to_vec(),
                result: self
                    .ledger
                    .rows
                    .get(i)
                    .and_then(|r| r.score)
                    .map(|s| s.recorded.iter().map(|h| h.0).collect()),
            })
            .collect();
        MatchRecord {
            format: crate::record::FORMAT.into(),
            version: crate::record::VERSION,
            variant: Variant::ThreePlayer,
            options: serde_json::to_value(self.options).unwrap_or_default(),
            first_dealer: self.ledger.first_dealer,
            seed: self.seed,
            deals,
        }
    }

    /// Replays a record exactly, or says where it fails.
    pub fn from_record(r: &MatchRecord) -> Result<ThreeMatch, GameError> {
        r.check_header(Variant::ThreePlayer)?;
        let options: ThreeOptions = serde_json::from_value(r.options.clone())
            .map_err(|e| GameError::Invalid(format!("record options: {e}")))?;
        let Some(first) = r.deals.first() else {
            return Err(GameError::Invalid("the record has no deal".into()));
        };
        if first.dealer != r.first_dealer {
            return Err(GameError::Invalid(format!(
                "deal 1 is dealt by seat {} but first_dealer is {}",
                first.dealer, r.first_dealer
            )));
        }
        let mut m = ThreeMatch::new(options, r.first_dealer, first.deck)?;
        m.seed = r.seed;
        for (i, d) in r.deals.iter().enumerate() {
            if i > 0 {
                if d.dealer != m.ledger.next_dealer {
                    return Err(GameError::Invalid(format!(
                        "deal {} is dealt by seat {} but seat {} deals it",
                        i + 1,
                        d.dealer,
                        m.ledger.next_dealer
                    )));
                }
                m.next_deal(Some(d.deck))
                    .map_err(|e| GameError::Invalid(format!("deal {}: {e}", i + 1)))?;
            }
            for (j, a) in d.actions.iter().enumerate() {
                m.apply(a.seat, &a.action).map_err(|e| {
                    GameError::Invalid(format!(
                        "deal {}, action {} ({}): {e}",
                        i + 1,
                        j + 1,
                        a.action
                    ))
                })?;
            }
            if let Some(expected) = &d.result {
                let got: Option<Vec<i32>> =
                    m.current.score().map(|s| s.recorded.iter().map(|h| h.0).collect());
                if got.as_ref() != Some(expected) {
                    return Err(GameError::Invalid(format!(
                        "deal {}: the record says {:?} but replaying it gives {:?}",
                        i + 1,
                        expected,
                        got
                    )));
                }
            }
            if i + 1 < r.deals.len() && !m.current.is_over() {
                return Err(GameError::Invalid(format!(
                    "deal {} is not finished but more deals follow it",
                    i + 1
                )));
            }
        }
        Ok(m)
    }
}
