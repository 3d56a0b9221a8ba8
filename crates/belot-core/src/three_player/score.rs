//! Scoring three-player Belot (§2.8) and the match ledger (§2.9). Points
//! are kept in half points internally, because a failed declarer's odd
//! total may be split into halves (option `odd_point = half_points`).

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

pub use crate::points::Half;

use super::options::{FailTest, NextDealer, OddPoint, ThreeOptions};
use crate::seat::Seat;

/// Players at the table.
pub const PLAYERS: u8 = 3;

/// What happened in a deal, as far as scoring needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreeSummary {
    /// Who took the contract.
    pub declarer: Seat,
    /// Who dealt (the odd point's tie-break starts after him).
    pub dealer: Seat,
    /// Card points each player took in tricks (the last trick's 10 not
    /// included).
    pub card_points: [u32; 3],
    /// Tricks each player took (a player with none is "capo").
    pub tricks: [u8; 3],
    /// Who took the last trick.
    pub last_trick: Seat,
    /// Value of all combinations of the player who won the contest (0 for
    /// the others).
    #[serde(default)]
    pub combinations: [u32; 3],
    /// Number of belots each player declared.
    #[serde(default)]
    pub belots: [u8; 3],
}

impl ThreeSummary {
    /// Checks the summary for consistency; says why not.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        for s in [self.declarer, self.dealer, self.last_trick] {
            if s.0 >= PLAYERS {
                return Err(InvalidInput::new(
                    "no_such_seat",
                    format!("seat {s} does not exist: seats are 0 to 2"),
                ));
            }
        }
        if self.tricks.iter().map(|&t| t as u32).sum::<u32>() != 9 {
            return Err(InvalidInput::new(
                "tricks_sum",
                "the three players' tricks must add up to 9",
            ));
        }
        if self.tricks[self.last_trick.index()] == 0 {
            return Err(InvalidInput::new(
                "last_trick_no_trick",
                "the player who took the last trick took at least one trick",
            ));
        }
        if self.combinations.iter().filter(|&&c| c > 0).count() > 1 {
            return Err(InvalidInput::new(
                "contest_one_winner",
                "only the winner of the combination contest scores combinations",
            ));
        }
        Ok(())
    }
}

/// A deal's outcome for the declarer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreeOutcome {
    /// He beat the opponents as the fail test asks.
    Made,
    /// He failed: his points are split between the opponents.
    Failed,
    /// A tie: his points wait for the next deal's top scorer.
    Tie,
}

/// A scored deal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ThreeScore {
    /// Made, failed or tie.
    pub outcome: ThreeOutcome,
    /// The declarer.
    pub declarer: Seat,
    /// Card points per player.
    pub card_points: [i32; 3],
    /// Last trick and capo bonuses per player.
    pub bonus: [i32; 3],
    /// The last trick's 10 per player, when it scores (included in
    /// `bonus`).
    #[serde(default)]
    pub last_trick: [i32; 3],
    /// Combinations that count per player.
    pub combinations: [i32; 3],
    /// Belot points per player.
    pub belots: [i32; 3],
    /// Players who took no trick.
    pub capo: [bool; 3],
    /// The sum of the above per player.
    pub totals: [i32; 3],
    /// What each player records (may end in a half).
    pub recorded: [Half; 3],
    /// The declarer's points held by a tie.
    pub held: Half,
}

/// Scores one deal (§2.8).
pub fn score_deal(s: &ThreeSummary, o: &ThreeOptions) -> ThreeScore {
    let zero: [bool; 3] = s.tricks.map(|t| t == 0);
    let nzero = zero.iter().filter(|&&z| z).count();
    let last = s.last_trick.index() % 3;
    let mut bonus = [0i32; 3];
    // The last trick's 10, when it scores (it is in `bonus`).
    let mut last_ten = [0i32; 3];
    if nzero == 0 || o.capo_also_scores_last_trick {
        last_ten[last] = 10;
    }
    match nzero {
        0 => bonus[last] += 10,
        1 => {
            for i in 0..3 {
                if !zero[i] {
                    bonus[i] += o.single_capo_bonus_each as i32;
                }
            }
        }
        _ => {
            if let Some(i) = (0..3).find(|&i| !zero[i]) {
                bonus[i] += o.double_capo_bonus as i32;
            }
        }
    }
    if nzero >= 1 && o.capo_also_scores_last_trick {
        bonus[last] += 10;
    }
    // Clamped so an unchecked summary cannot overflow (real values are far below).
    let cards = s.card_points.map(|c| c.min(100_000) as i32);
    let mut combos = s.combinations.map(|c| c.min(100_000) as i32);
    let mut belots = s.belots.map(|b| 20 * b as i32);
    for i in 0..3 {
        if zero[i] && !o.capo_keeps_own_points {
            combos[i] = 0;
            belots[i] = 0;
        }
    }
    let totals = [0, 1, 2].map(|i| cards[i] + bonus[i] + combos[i] + belots[i]);
    let d = s.declarer.index() % 3;
    // Opponents in turn order after the dealer (the odd point's tie-break).
    let opp: Vec<usize> = (1..=3).map(|k| (s.dealer.index() + k) % 3).filter(|&i| i != d).collect();
    let (o1, o2) = (opp[0], opp[1]);
    let best = totals[o1].max(totals[o2]);
    let worst = totals[o1].min(totals[o2]);
    let outcome = match o.fail_test {
        FailTest::BelowBestOpponent if totals[d] > best => ThreeOutcome::Made,
        FailTest::BelowBestOpponent if totals[d] < best => ThreeOutcome::Failed,
        FailTest::BelowBestOpponent => ThreeOutcome::Tie,
        FailTest::BelowBoth if totals[d] > worst => ThreeOutcome::Made,
        FailTest::BelowBoth if totals[d] < worst => ThreeOutcome::Failed,
        FailTest::BelowBoth => ThreeOutcome::Tie,
    };
    let mut rec = totals.map(Half::points);
    let mut held = Half(0);
    match outcome {
        ThreeOutcome::Made => {}
        ThreeOutcome::Failed => {
            let kept = if o.failed_declarer_keeps_belot { belots[d] } else { 0 };
            let share = totals[d] - kept;
            rec[d] = Half::points(kept);
            let (h1, h2) = match o.odd_point {
                OddPoint::HalfPoints => (share, share),
                OddPoint::Discard => (share / 2 * 2, share / 2 * 2),
                OddPoint::ToHigherOpponent => {
                    let base = share / 2 * 2;
                    let odd = (share % 2) * 2;
                    if totals[o2] > totals[o1] { (base, base + odd) } else { (base + odd, base) }
                }
            };
            rec[o1] = Half(rec[o1].0 + h1);
            rec[o2] = Half(rec[o2].0 + h2);
        }
        ThreeOutcome::Tie => {
            rec[d] = Half(0);
            held = Half::points(totals[d]);
        }
    }
    ThreeScore {
        outcome,
        declarer: s.declarer,
        card_points: cards,
        bonus,
        last_trick: last_ten,
        combinations: combos,
        belots,
        capo: zero,
        totals,
        recorded: rec,
        held,
    }
}

/// One entry of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ThreeEntry {
    /// A deal played (or entered) and scored.
    Played {
        /// The deal's facts.
        summary: ThreeSummary,
    },
    /// Two rounds of passes: no score, the next player deals.
    ThrownIn,
}

/// One row of the running-total table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ThreeRow {
    /// Deal number, from 1.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// The score (`None`: thrown in).
    pub score: Option<ThreeScore>,
    /// Held points from earlier deals awarded now, and to whom.
    pub pool_awarded: Option<(Seat, Half)>,
    /// What each player records for this row.
    pub recorded: [Half; 3],
    /// Held points waiting after this row.
    pub pool_after: Half,
    /// Running totals after this row.
    pub totals: [Half; 3],
    /// False for rows after the match was won.
    pub counted: bool,
}

/// The state of a three-player match.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ThreeLedger {
    /// Options.
    pub options: ThreeOptions,
    /// Who dealt first.
    pub first_dealer: Seat,
    /// Every row.
    pub rows: Vec<ThreeRow>,
    /// Running totals.
    pub totals: [Half; 3],
    /// Held points waiting for a deal's unique top scorer.
    pub pool: Half,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winner, once the match is over.
    pub winner: Option<Seat>,
    /// Held points lost when the match ended.
    pub pool_lost: Half,
    /// Deals played before this ledger began (a match resumed at given
    /// totals): rows are numbered after them.
    #[serde(default)]
    pub earlier_deals: u32,
}

/// The unique maximum's index, if unique.
fn unique_max(v: &[Half; 3]) -> Option<usize> {
    let m = *v.iter().max()?;
    let at: Vec<usize> = (0..3).filter(|&i| v[i] == m).collect();
    (at.len() == 1).then(|| at[0])
}

/// The first seat after `dealer` in turn order among those with the
/// maximal value.
fn top_after(v: &[Half; 3], dealer: Seat) -> Seat {
    let m = v.iter().copied().max().unwrap_or_default();
    let i = (1..=3).map(|k| (dealer.index() + k) % 3).find(|&i| v[i] == m).unwrap_or(0);
    Seat(i as u8)
}

impl ThreeLedger {
    /// An empty match.
    pub fn new(options: ThreeOptions, first_dealer: Seat) -> ThreeLedger {
        ThreeLedger {
            earlier_deals: 0,
            options,
            first_dealer,
            rows: Vec::new(),
            totals: [Half(0); 3],
            pool: Half(0),
            next_dealer: first_dealer,
            winner: None,
            pool_lost: Half(0),
        }
    }

    /// Folds a list of entries from an empty match.
    pub fn from_entries(
        options: ThreeOptions,
        first_dealer: Seat,
        entries: &[ThreeEntry],
    ) -> ThreeLedger {
        let mut l = ThreeLedger::new(options, first_dealer);
        for e in entries {
            l.push(e);
        }
        l
    }

    /// True once a player has won.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Adds one entry and returns its row.
    pub fn push(&mut self, e: &ThreeEntry) -> ThreeRow {
        let number = self.earlier_deals + self.rows.len() as u32 + 1;
        let dealer = self.next_dealer;
        let counted = !self.is_over();
        let mut row = ThreeRow {
            number,
            dealer,
            score: None,
            pool_awarded: None,
            recorded: [Half(0); 3],
            pool_after: self.pool,
            totals: self.totals,
            counted,
        };
        match e {
            ThreeEntry::ThrownIn => self.next_dealer = dealer.next(PLAYERS),
            ThreeEntry::Played { summary } => {
                let score = score_deal(summary, &self.options);
                row.score = Some(score);
                let mut rec = score.recorded;
                if counted {
                    // Held points go to the unique top recorder of this deal,
                    // even a tie deal; its own held points wait after (§8.2).
                    if self.pool.0 > 0
                        && let Some(top) = unique_max(&rec)
                    {
                        rec[top] = Half(rec[top].0 + self.pool.0);
                        row.pool_awarded = Some((Seat(top as u8), self.pool));
                        self.pool = Half(0);
                    }
                    self.pool = Half(self.pool.0 + score.held.0);
                    for (t, r) in self.totals.iter_mut().zip(rec) {
                        t.0 += r.0;
                    }
                    row.recorded = rec;
                    self.winner = self.check_winner();
                    if self.winner.is_some() {
                        self.pool_lost = self.pool;
                        self.pool = Half(0);
                    }
                }
                self.next_dealer = match self.options.next_dealer {
                    NextDealer::TopOfDeal => top_after(&rec, dealer),
                    NextDealer::TopCumulative => top_after(&self.totals, dealer),
                    NextDealer::RotateLeft => dealer.next(PLAYERS),
                };
            }
        }
        row.pool_after = self.pool;
        row.totals = self.totals;
        self.rows.push(row);
        row
    }

    fn check_winner(&self) -> Option<Seat> {
        let t = Half::points(self.options.target as i32);
        if !self.totals.iter().any(|&x| x >= t) {
            return None;
        }
        // Several over the target: the highest total; equal → play on.
        unique_max(&self.totals).map(|i| Seat(i as u8))
    }
}
