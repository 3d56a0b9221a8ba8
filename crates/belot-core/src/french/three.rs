//! French Belote for three players, each for himself (seed 002 §1, rules
//! reference §4.11): the taker must score more than each opponent; dedans
//! gives each opponent his own total and half of the taker's (the taker
//! keeps his belote); a tie with the best opponent holds the taker's points
//! as in §4.8.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use super::options::{BothCross, CapotVictim, FrenchOptions, LitigeMode};
use super::score::{CAPOT_POINTS, Outcome};
use crate::seat::Seat;
use crate::tally::Scoring;

/// What happened in a three-player deal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSummary3 {
    /// Who took trump.
    pub taker: Seat,
    /// Who dealt (the odd point of a split goes first after him).
    pub dealer: Seat,
    /// Card points per player, the last trick's 10 included (sum 162).
    pub card_points: [u32; 3],
    /// The player who took every trick.
    #[serde(default)]
    pub capot: Option<Seat>,
    /// Announcement points each player won.
    #[serde(default)]
    pub announcements: [u32; 3],
    /// The player who scored belote–rebelote.
    #[serde(default)]
    pub belote: Option<Seat>,
}

impl DealSummary3 {
    /// Checks the summary; says why it cannot be.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        for s in
            [Some(self.taker), Some(self.dealer), self.capot, self.belote].into_iter().flatten()
        {
            if s.0 > 2 {
                return Err(InvalidInput::new(
                    "no_such_seat",
                    format!("seat {s} does not exist: seats are 0 to 2"),
                ));
            }
        }
        if self.capot.is_none() && self.card_points.iter().map(|&p| p as u64).sum::<u64>() != 162 {
            return Err(InvalidInput::new(
                "card_points_sum",
                "the three players' card points (last trick included) must add up to 162",
            ));
        }
        Ok(())
    }
}

/// A scored three-player deal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DealScore3 {
    /// Made, dedans or litige.
    pub outcome: Outcome,
    /// True when the taker tied the best opponent.
    pub tie: bool,
    /// The taker.
    pub taker: Seat,
    /// Card points per player (252 for a capot).
    pub card_points: [i32; 3],
    /// Announcements per player after the capot rule.
    pub announcements: [i32; 3],
    /// Belote points per player.
    pub belote: [i32; 3],
    /// Card + announcements + belote.
    pub totals: [i32; 3],
    /// Points each player records for this deal.
    pub recorded: [i32; 3],
    /// Points held by a litige.
    pub held: i32,
}

impl DealScore3 {
    /// Who wins the deal and takes held points: the taker if made; on a
    /// dedans the opponent who records the most (if unique); nobody in a
    /// held litige.
    pub fn winner(&self) -> Option<Seat> {
        match self.outcome {
            Outcome::Made => Some(self.taker),
            Outcome::Dedans => {
                let t = self.taker.index();
                let opp: Vec<usize> = (0..3).filter(|&i| i != t).collect();
                match self.recorded[opp[0]].cmp(&self.recorded[opp[1]]) {
                    std::cmp::Ordering::Greater => Some(Seat(opp[0] as u8)),
                    std::cmp::Ordering::Less => Some(Seat(opp[1] as u8)),
                    std::cmp::Ordering::Equal => None,
                }
            }
            Outcome::Litige => None,
        }
    }
}

/// Scores one three-player deal.
pub fn score_deal3(s: &DealSummary3, o: &FrenchOptions) -> DealScore3 {
    let mut cards = s.card_points.map(|c| c.min(100_000) as i32);
    let mut ann = s.announcements.map(|a| a.min(100_000) as i32);
    if let Some(c) = s.capot {
        let c = c.index() % 3;
        cards = [0; 3];
        cards[c] = CAPOT_POINTS as i32;
        for v in (0..3).filter(|&i| i != c) {
            match o.capot_victim_announcements {
                CapotVictim::Keep => {}
                CapotVictim::Void => ann[v] = 0,
                CapotVictim::Transfer => {
                    ann[c] += ann[v];
                    ann[v] = 0;
                }
            }
        }
    }
    let mut bel = [0; 3];
    if let Some(b) = s.belote {
        bel[b.index() % 3] = 20;
    }
    let tot = [0, 1, 2].map(|i| cards[i] + ann[i] + bel[i]);
    let test = |i: usize| tot[i] - if o.belote_in_contract_test { 0 } else { bel[i] };
    let t = s.taker.index() % 3;
    // Opponents in turn order after the dealer.
    let opp: Vec<usize> = (1..=3).map(|k| (s.dealer.index() + k) % 3).filter(|&i| i != t).collect();
    let best = test(opp[0]).max(test(opp[1]));
    let tie = test(t) == best;
    let outcome = if test(t) > best {
        Outcome::Made
    } else if test(t) < best {
        Outcome::Dedans
    } else {
        match o.litige {
            LitigeMode::Hold => Outcome::Litige,
            LitigeMode::TieIsDedans => Outcome::Dedans,
            LitigeMode::TieIsMade => Outcome::Made,
        }
    };
    let mut rec = tot;
    let mut held = 0;
    match outcome {
        Outcome::Made => {}
        Outcome::Dedans => {
            let share = tot[t] - bel[t];
            rec[t] = bel[t];
            let (a, b) = (opp[0], opp[1]);
            let half = share / 2;
            // The odd point to the opponent with the higher total (the first
            // after the dealer if equal), as in three-player Belot.
            let (extra_a, extra_b) = if share % 2 == 0 {
                (0, 0)
            } else if tot[b] > tot[a] {
                (0, 1)
            } else {
                (1, 0)
            };
            rec[a] += half + extra_a;
            rec[b] += half + extra_b;
        }
        Outcome::Litige => {
            rec[t] = if o.litige_holds_belote { 0 } else { bel[t] };
            held = tot[t] - rec[t];
        }
    }
    DealScore3 {
        outcome,
        tie,
        taker: s.taker,
        card_points: cards,
        announcements: ann,
        belote: bel,
        totals: tot,
        recorded: rec,
        held,
    }
}

/// French Belote for three, each for himself, as a
/// [`crate::tally::Ledger`] folds its deals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ThreeScoring;

impl Scoring for ThreeScoring {
    type Options = FrenchOptions;
    type Summary = DealSummary3;
    type Score = DealScore3;
    type Points = i32;
    type Party = Seat;
    type Totals = [i32; 3];

    fn score(summary: &DealSummary3, options: &FrenchOptions) -> DealScore3 {
        score_deal3(summary, options)
    }
    fn recorded(score: &DealScore3) -> [i32; 3] {
        score.recorded
    }
    fn held(score: &DealScore3) -> i32 {
        score.held
    }
    fn pool_taker(score: &DealScore3, _: &[i32; 3]) -> Option<usize> {
        score.winner().map(|w| w.index() % 3)
    }
    fn party(i: usize) -> Seat {
        Seat(i as u8)
    }
    fn winner(totals: &[i32; 3], score: &DealScore3, options: &FrenchOptions) -> Option<Seat> {
        let target = options.target as i32;
        let over: Vec<usize> = (0..3).filter(|&i| totals[i] >= target).collect();
        if over.is_empty() {
            return None;
        }
        if options.both_cross == BothCross::Taker
            && over.contains(&(score.taker.index() % 3))
            && over.len() > 1
        {
            return Some(score.taker);
        }
        let max = over.iter().map(|&i| totals[i]).max()?;
        let top: Vec<usize> = over.into_iter().filter(|&i| totals[i] == max).collect();
        (top.len() == 1).then(|| Seat(top[0] as u8))
    }
    /// The dealer moves one seat to the left after every entry.
    fn next_dealer(_: &FrenchOptions, dealer: Seat, _: Option<(&[i32; 3], &[i32; 3])>) -> Seat {
        dealer.next(3)
    }
}

/// One entry of a three-player match.
pub type Entry3 = crate::tally::Entry<ThreeScoring>;
/// One row of the running-total table.
pub type Row3 = crate::tally::Row<ThreeScoring>;
/// A three-player French match's totals, held points, dealer and winner.
pub type Ledger3 = crate::tally::Ledger<ThreeScoring>;
