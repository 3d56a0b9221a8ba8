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
use crate::record::{DealRecord, MatchRecord, Variant};
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
        let deck = match (deck, self.seed) {
            (Some(d), _) => d,
            (None, Some(seed)) => Deck::from_seed(seed, k),
            (None, None) => {
                return Err(GameError::Invalid(
                    "this match has no seed: give the next deal's deck (or a seed)".into(),
                ));
            }
        };
        let next = TwoDeal::new(self.options, self.ledger.next_dealer, deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record.
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
                result: self.ledger.rows.get(i).and_then(|r| r.score).map(|s| s.recorded.to_vec()),
            })
            .collect();
        MatchRecord {
            format: crate::record::FORMAT.into(),
            version: crate::record::VERSION,
            variant: Variant::TwoPlayer,
            options: serde_json::to_value(self.options).unwrap_or_default(),
            first_dealer: self.ledger.first_dealer,
            seed: self.seed,
            deals,
        }
    }

    /// Replays a record exactly, or says where it fails.
    pub fn from_record(r: &MatchRecord) -> Result<TwoMatch, GameError> {
        r.check_header(Variant::TwoPlayer)?;
        let options: TwoOptions = serde_json::from_value(r.options.clone())
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
        let mut m = TwoMatch::new(options, r.first_dealer, first.deck)?;
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
                let got = m.current.score().map(|s| s.recorded.to_vec());
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
