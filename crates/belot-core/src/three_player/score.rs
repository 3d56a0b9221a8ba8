//! Scoring three-player Belot (§2.8) and the match ledger (§2.9). Points
//! are kept in half points internally, because a failed declarer's odd
//! total may be split into halves (option `odd_point = half_points`).

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

pub use crate::points::Half;

use super::options::{FailTest, NextDealer, OddPoint, ThreeOptions};
use crate::seat::Seat;
use crate::tally::Scoring;

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
    let (bonus, last_ten) = trick_bonus(s, o, zero);
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
    let outcome = three_outcome(o.fail_test, &totals, d, (opp[0], opp[1]));
    let kept = if o.failed_declarer_keeps_belot { belots[d] } else { 0 };
    let (recorded, held) = record(o, outcome, &totals, d, kept, (opp[0], opp[1]));
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
        recorded,
        held,
    }
}

/// The bonus points of the tricks (the last trick's 10, the capo bonus)
/// and, of them, the last trick's 10 where it scores.
fn trick_bonus(s: &ThreeSummary, o: &ThreeOptions, zero: [bool; 3]) -> ([i32; 3], [i32; 3]) {
    let nzero = zero.iter().filter(|&&z| z).count();
    let last = s.last_trick.index() % 3;
    let mut bonus = [0i32; 3];
    let mut last_ten = [0i32; 3];
    if nzero == 0 || o.capo_also_scores_last_trick {
        last_ten[last] = 10;
    }
    match nzero {
        0 => bonus[last] += 10,
        1 => {
            for i in (0..3).filter(|&i| !zero[i]) {
                bonus[i] += o.single_capo_bonus_each as i32;
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
    (bonus, last_ten)
}

/// Made, failed or tied: the declarer's total against the best opponent's
/// (or against both).
fn three_outcome(
    test: FailTest,
    totals: &[i32; 3],
    d: usize,
    (o1, o2): (usize, usize),
) -> ThreeOutcome {
    let against = match test {
        FailTest::BelowBestOpponent => totals[o1].max(totals[o2]),
        FailTest::BelowBoth => totals[o1].min(totals[o2]),
    };
    match totals[d].cmp(&against) {
        std::cmp::Ordering::Greater => ThreeOutcome::Made,
        std::cmp::Ordering::Less => ThreeOutcome::Failed,
        std::cmp::Ordering::Equal => ThreeOutcome::Tie,
    }
}

/// What each player records, in half points, and what a tie holds: a
/// failed declarer's points (but `kept`) split between the opponents.
fn record(
    o: &ThreeOptions,
    outcome: ThreeOutcome,
    totals: &[i32; 3],
    d: usize,
    kept: i32,
    (o1, o2): (usize, usize),
) -> ([Half; 3], Half) {
    let mut rec = totals.map(Half::points);
    match outcome {
        ThreeOutcome::Made => (rec, Half(0)),
        ThreeOutcome::Failed => {
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
            (rec, Half(0))
        }
        ThreeOutcome::Tie => {
            rec[d] = Half(0);
            (rec, Half::points(totals[d]))
        }
    }
}

/// Three-player Belot, in half points, as a [`crate::tally::Ledger`]
/// folds its deals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HalfScoring;

impl Scoring for HalfScoring {
    type Options = ThreeOptions;
    type Summary = ThreeSummary;
    type Score = ThreeScore;
    type Points = Half;
    type Party = Seat;
    type Totals = [Half; 3];

    fn score(summary: &ThreeSummary, options: &ThreeOptions, _: Seat) -> ThreeScore {
        score_deal(summary, options)
    }
    fn recorded(score: &ThreeScore) -> [Half; 3] {
        score.recorded
    }
    fn held(score: &ThreeScore) -> Half {
        score.held
    }
    /// Held points go to the unique top recorder of this deal, even a tie
    /// deal; its own held points wait after (§8.2).
    fn pool_taker(_: &ThreeScore, recorded: &[Half; 3]) -> Option<usize> {
        unique_max(recorded)
    }
    fn party(i: usize) -> Seat {
        Seat(i as u8)
    }
    /// Several over the target: the highest total; equal → play on.
    fn winner(totals: &[Half; 3], _: &ThreeScore, options: &ThreeOptions) -> Option<Seat> {
        let t = Half::points(options.target as i32);
        if !totals.iter().any(|&x| x >= t) {
            return None;
        }
        unique_max(totals).map(|i| Seat(i as u8))
    }
    fn next_dealer(
        options: &ThreeOptions,
        dealer: Seat,
        played: Option<(&[Half; 3], &[Half; 3])>,
    ) -> Seat {
        match (played, options.next_dealer) {
            (Some((rec, _)), NextDealer::TopOfDeal) => top_after(rec, dealer),
            (Some((_, totals)), NextDealer::TopCumulative) => top_after(totals, dealer),
            _ => dealer.next(PLAYERS),
        }
    }
}

/// One entry of a match: a deal played, or two rounds of passes.
pub type ThreeEntry = crate::tally::Entry<HalfScoring>;
/// One row of the running-total table.
pub type ThreeRow = crate::tally::Row<HalfScoring>;
/// The state of a three-player match.
pub type ThreeLedger = crate::tally::Ledger<HalfScoring>;

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
