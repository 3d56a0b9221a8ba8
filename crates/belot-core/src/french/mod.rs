//! French Belote (seed 002): four players in two teams, to 1000 (or 500).

mod deal;
mod options;
mod score;
mod three;
mod view;

pub use deal::{Announcement, FrenchDeal, PLAYERS, Phase, side_in, side_of, side_totals};
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
use crate::record::{DealRecord, MatchRecord, Variant};
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
        let deck = match (deck, self.seed) {
            (Some(d), _) => d,
            (None, Some(seed)) => Deck::from_seed(seed, k),
            (None, None) => {
                return Err(GameError::Invalid(
                    "this match has no seed: give the next deal's deck (or a seed)".into(),
                ));
            }
        };
        let next = FrenchDeal::new(self.options, self.next_dealer(), deck)?;
        let prev = std::mem::replace(&mut self.current, next);
        self.done.push(prev);
        Ok(())
    }

    /// The game record: options, first dealer, each deal's deck and actions
    /// and, for finished deals, the points recorded.
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
                result: self.result(i),
            })
            .collect();
        MatchRecord {
            format: crate::record::FORMAT.into(),
            version: crate::record::VERSION,
            variant: Variant::French,
            options: serde_json::to_value(self.options).unwrap_or_default(),
            first_dealer: self.ledger.first_dealer,
            seed: self.seed,
            deals,
        }
    }

    /// Replays a record: every deal from its deck, dealer and actions.
    /// Fails (saying where) if anything does not replay exactly, including
    /// a stored result that differs from the replayed score.
    pub fn from_record(r: &MatchRecord) -> Result<FrenchMatch, GameError> {
        r.check_header(Variant::French)?;
        let options: FrenchOptions = serde_json::from_value(r.options.clone())
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
        let mut m = FrenchMatch::new(options, r.first_dealer, first.deck)?;
        m.seed = r.seed;
        for (i, d) in r.deals.iter().enumerate() {
            if i > 0 {
                if d.dealer != m.next_dealer() {
                    return Err(GameError::Invalid(format!(
                        "deal {} is dealt by seat {} but the deal passes to seat {}",
                        i + 1,
                        d.dealer,
                        m.next_dealer()
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
                let got = m.result(i);
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
