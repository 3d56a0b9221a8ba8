//! Scoring two-player Belot: one deal from its summary (§3.7, §3.9), and
//! the match ledger (§3.8): running totals, hanging points, dealer, winner.
//! A deal played in the engine and a deal entered by hand are both reduced
//! to a [`TwoSummary`] and scored here.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use super::options::{BaitMode, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer};
use super::options::{TieMode, TwoOptions};
use crate::contract::Contract;
use crate::seat::Seat;

/// What happened in a deal, as far as scoring needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoSummary {
    /// The contract played (the вскрышка suit in распасы).
    pub contract: Contract,
    /// An all-pass deal (распасы): nobody loaded, each tries to take little.
    #[serde(default)]
    pub raspasy: bool,
    /// Who loaded the game (`None` in распасы).
    pub loader: Option<Seat>,
    /// Card points each player took, the last trick's 10 included, not
    /// doubled.
    pub card_points: [u32; 2],
    /// Tricks each player took.
    pub tricks: [u8; 2],
    /// Value of all constructions of the player who won the construction
    /// contest (0 for the other); they count only if he took a trick.
    #[serde(default)]
    pub constructions: [u32; 2],
    /// Number of belas each player declared.
    #[serde(default)]
    pub belas: [u8; 2],
}

impl TwoSummary {
    /// Checks that the summary is consistent; says why not.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        match (self.raspasy, self.loader) {
            (true, Some(_)) => {
                return Err(InvalidInput::new("raspasy_loader", "a распасы deal has no loader"));
            }
            (false, None) => {
                return Err(InvalidInput::new(
                    "loader_missing",
                    "a deal that is not распасы needs a loader (seat 0 or 1)",
                ));
            }
            (_, Some(s)) if s.0 > 1 => {
                return Err(InvalidInput::new(
                    "no_such_seat",
                    format!("loader seat {s} does not exist: seats are 0 and 1"),
                ));
            }
            _ => {}
        }
        if self.raspasy && self.contract.trump_suit().is_none() {
            return Err(InvalidInput::new(
                "raspasy_trump",
                "a распасы deal is played with a trump suit",
            ));
        }
        if self.constructions[0] > 0 && self.constructions[1] > 0 {
            return Err(InvalidInput::new(
                "contest_one_winner",
                "only the winner of the construction contest scores constructions",
            ));
        }
        if self.tricks[0] as u16 + self.tricks[1] as u16 != 9 {
            return Err(InvalidInput::new(
                "tricks_sum",
                format!(
                    "tricks {} + {} must add up to the 9 tricks of a deal",
                    self.tricks[0], self.tricks[1]
                ),
            ));
        }
        Ok(())
    }
}

/// A deal's outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TwoOutcome {
    /// The loader scored more.
    Made,
    /// The loader failed (байт).
    Bait,
    /// Equal totals: the loader's points hang, or both keep theirs.
    Tie,
    /// An all-pass deal, scored negative.
    Raspasy,
}

/// A scored deal: the breakdown and what each player records (before any
/// hanging points from earlier deals are awarded).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TwoScore {
    /// Made, bait, tie or распасы.
    pub outcome: TwoOutcome,
    /// True when the totals were equal (whatever the tie option made of it).
    pub tie: bool,
    /// The loader.
    pub loader: Option<Seat>,
    /// 2 in no-trumps (everything doubled), else 1.
    pub multiplier: i32,
    /// Card points per player (last trick included, not doubled).
    pub card_points: [i32; 2],
    /// Constructions that count (the contest winner's, if he took a trick).
    pub constructions: [i32; 2],
    /// Бела points per player.
    pub belas: [i32; 2],
    /// (cards + constructions + бела) × multiplier.
    pub totals: [i32; 2],
    /// Points each player records for this deal (negative in распасы).
    pub recorded: [i32; 2],
    /// Points left hanging by a tie.
    pub held: i32,
    /// The player who took every trick, if one did (no bonus in this
    /// game: it is said, as in the other games' reports).
    #[serde(default)]
    pub capot: Option<Seat>,
}

impl TwoScore {
    /// The player who wins the deal and takes hanging points: the loader
    /// if made, the вист on a bait, nobody on a tie or in распасы.
    pub fn winner(&self) -> Option<Seat> {
        match (self.outcome, self.loader) {
            (TwoOutcome::Made, Some(l)) => Some(l),
            (TwoOutcome::Bait, Some(l)) => Some(Seat(1 - l.0)),
            _ => None,
        }
    }
}

/// Scores one deal.
pub fn score_deal(s: &TwoSummary, o: &TwoOptions) -> TwoScore {
    let mult = if s.contract == Contract::NoTrumps && !s.raspasy { 2 } else { 1 };
    // Clamped so an unchecked summary cannot overflow (real values are far below).
    let cards = s.card_points.map(|x| x.min(100_000) as i32);
    let cons =
        [0, 1].map(|p| if s.tricks[p] >= 1 { s.constructions[p].min(100_000) as i32 } else { 0 });
    let bela = s.belas.map(|b| 20 * b as i32);
    let totals = [0, 1].map(|p| (cards[p] + cons[p] + bela[p]) * mult);
    let mut score = TwoScore {
        outcome: TwoOutcome::Raspasy,
        tie: false,
        loader: s.loader,
        multiplier: mult,
        card_points: cards,
        constructions: cons,
        belas: bela,
        totals,
        recorded: [0, 0],
        held: 0,
        capot: (0..2).find(|&p| s.tricks[p] == 9).map(|p| Seat(p as u8)),
    };
    let Some(loader) = s.loader.filter(|_| !s.raspasy) else {
        // Распасы: points count against the one who took them (§3.9, §8.3).
        score.recorded = [0, 1].map(|p| {
            let q = 1 - p;
            match o.raspasy_meld_charging {
                RaspasyMeldCharging::Opponent => {
                    let c = if s.tricks[p] >= 1 { cons[q] } else { 0 };
                    -(cards[p] + c + bela[q])
                }
                RaspasyMeldCharging::Own => -(cards[p] + cons[p] + bela[p]),
            }
        });
        return score;
    };
    let l = loader.index() & 1;
    let v = 1 - l;
    let kept = if o.bela_survives_bait { bela[l] * mult } else { 0 };
    score.tie = totals[l] == totals[v];
    score.outcome = if totals[l] > totals[v] {
        TwoOutcome::Made
    } else if totals[l] < totals[v] || o.tie_mode == TieMode::LoaderFails {
        TwoOutcome::Bait
    } else {
        TwoOutcome::Tie
    };
    match score.outcome {
        TwoOutcome::Made if o.winner_takes_all => {
            score.recorded[l] = totals[l] + totals[v];
        }
        TwoOutcome::Made => score.recorded = totals,
        TwoOutcome::Bait => {
            score.recorded[l] = kept;
            score.recorded[v] = match o.bait_mode {
                BaitMode::AllToVist => totals[l] + totals[v] - kept,
                BaitMode::OpponentOwnOnly => totals[v],
            };
        }
        TwoOutcome::Tie if o.tie_mode == TieMode::BothKeep => score.recorded = totals,
        TwoOutcome::Tie => {
            score.recorded[v] = totals[v];
            score.recorded[l] = kept;
            score.held = totals[l] - kept;
        }
        TwoOutcome::Raspasy => {}
    }
    score
}

/// One entry of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TwoEntry {
    /// A deal played (or entered) and scored.
    Played {
        /// The deal's facts.
        summary: TwoSummary,
    },
    /// A redeal claimed with four 7s or four 8s: annulled, no score.
    Redeal,
    /// Four passes with распасы disabled: no score, the other player deals.
    ThrownIn,
}

/// One row of the running-total table (seed 001: each row is the state of
/// the game after one deal).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TwoRow {
    /// Deal number, from 1.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// The entry's kind and score.
    pub score: Option<TwoScore>,
    /// True for a redeal claim.
    pub redeal: bool,
    /// Hanging points awarded now, and to whom.
    pub pool_awarded: Option<(Seat, i32)>,
    /// What each player records for this row (deal + awarded points).
    pub recorded: [i32; 2],
    /// Hanging totals waiting after this row (one with `sum`).
    pub pools_after: Vec<i32>,
    /// Running totals after this row.
    pub totals: [i32; 2],
    /// False for rows after the match was won (not scored).
    pub counted: bool,
}

/// The state of a two-player match, folded from its entries.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TwoLedger {
    /// Options of the match.
    pub options: TwoOptions,
    /// Who dealt first.
    pub first_dealer: Seat,
    /// Every row so far.
    pub rows: Vec<TwoRow>,
    /// Running totals per player.
    pub totals: [i32; 2],
    /// Hanging totals, oldest first (at most one with `pool_mode = sum`).
    pub pools: Vec<i32>,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winner, once the match is over.
    pub winner: Option<Seat>,
    /// Hanging points lost because the match ended.
    pub pool_lost: i32,
    /// Deals played before this ledger began (a match resumed at given
    /// totals): rows are numbered after them.
    #[serde(default)]
    pub earlier_deals: u32,
}

impl TwoLedger {
    /// An empty match.
    pub fn new(options: TwoOptions, first_dealer: Seat) -> TwoLedger {
        TwoLedger {
            earlier_deals: 0,
            options,
            first_dealer,
            rows: Vec::new(),
            totals: [0, 0],
            pools: Vec::new(),
            next_dealer: first_dealer,
            winner: None,
            pool_lost: 0,
        }
    }

    /// Folds a list of entries from an empty match.
    pub fn from_entries(
        options: TwoOptions,
        first_dealer: Seat,
        entries: &[TwoEntry],
    ) -> TwoLedger {
        let mut l = TwoLedger::new(options, first_dealer);
        for e in entries {
            l.push(e);
        }
        l
    }

    /// Hanging points waiting, all pools together.
    pub fn pool(&self) -> i32 {
        self.pools.iter().sum()
    }

    /// True once a player has won.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Adds one entry and returns its row.
    pub fn push(&mut self, e: &TwoEntry) -> TwoRow {
        let number = self.earlier_deals + self.rows.len() as u32 + 1;
        let dealer = self.next_dealer;
        let other = Seat(1 - (dealer.0 & 1));
        let counted = !self.is_over();
        let mut row = TwoRow {
            number,
            dealer,
            score: None,
            redeal: false,
            pool_awarded: None,
            recorded: [0, 0],
            pools_after: Vec::new(),
            totals: self.totals,
            counted,
        };
        match e {
            TwoEntry::Redeal => {
                row.redeal = true;
                self.next_dealer = match self.options.redeal_dealer {
                    RedealDealer::Same => dealer,
                    RedealDealer::Alternate => other,
                };
            }
            TwoEntry::ThrownIn => self.next_dealer = other,
            TwoEntry::Played { summary } => {
                let score = score_deal(summary, &self.options);
                row.score = Some(score);
                self.next_dealer = other;
                if counted {
                    let mut rec = score.recorded;
                    if let Some(w) = score.winner()
                        && !self.pools.is_empty()
                    {
                        let award = match self.options.pool_mode {
                            PoolMode::Sum => self.pools.drain(..).sum(),
                            PoolMode::Separate => self.pools.remove(0),
                        };
                        rec[w.index() & 1] += award;
                        row.pool_awarded = Some((w, award));
                    }
                    if score.held > 0 {
                        match (self.options.pool_mode, self.pools.first_mut()) {
                            (PoolMode::Sum, Some(p)) => *p += score.held,
                            _ => self.pools.push(score.held),
                        }
                    }
                    self.totals[0] += rec[0];
                    self.totals[1] += rec[1];
                    row.recorded = rec;
                    self.winner = self.check_winner(score.loader);
                    if self.winner.is_some() {
                        self.pool_lost = self.pool();
                        self.pools.clear();
                    }
                }
            }
        }
        row.pools_after = self.pools.clone();
        row.totals = self.totals;
        self.rows.push(row.clone());
        row
    }

    fn check_winner(&self, loader: Option<Seat>) -> Option<Seat> {
        let t = self.options.target as i32;
        let [a, b] = self.totals;
        match (a >= t, b >= t) {
            (false, false) => None,
            (true, false) => Some(Seat(0)),
            (false, true) => Some(Seat(1)),
            (true, true) => match (self.options.both_cross, loader) {
                (BothCross2::LoaderWins, Some(l)) => Some(l),
                _ if a > b => Some(Seat(0)),
                _ if b > a => Some(Seat(1)),
                _ => None,
            },
        }
    }
}
