//! Scoring French Belote: one deal from its summary (§4.8), and the match
//! ledger (§4.9, §5.4): running totals, held litige points, dealer, winner.
//!
//! A deal played in the engine and a deal entered at a table are both
//! reduced to a [`DealSummary`] and scored here, so there is one path.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use super::options::{BothCross, CapotVictim, FrenchOptions, LitigeMode};
use crate::seat::{Seat, Side};
use crate::tally::Scoring;

/// Card points in a deal: 152 in the cards plus 10 for the last trick.
pub const DEAL_POINTS: u32 = 162;
/// Card points of a capot: 252 instead of 162.
pub const CAPOT_POINTS: u32 = 252;

/// What happened in a deal, as far as scoring needs to know (§5.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealSummary {
    /// The side that took trump.
    pub taker: Side,
    /// Card points per side, the 10 for the last trick included
    /// (sum 162). Ignored when `capot` is set.
    pub card_points: [u32; 2],
    /// The side that took every trick, if any.
    #[serde(default)]
    pub capot: Option<Side>,
    /// Announcement points each side won in the contests.
    #[serde(default)]
    pub announcements: [u32; 2],
    /// The side whose player scored belote–rebelote.
    #[serde(default)]
    pub belote: Option<Side>,
    /// Card points in play with the last trick (`null`: 162). Less with
    /// two players, who leave cards out of play (§4.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal_points: Option<u32>,
}

impl DealSummary {
    /// Checks that the summary could come from a real deal; says why not.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        if self.taker.0 > 1 {
            return Err(InvalidInput::new(
                "no_such_side",
                format!("taker side {} does not exist: sides are 0 and 1", self.taker),
            ));
        }
        for s in [self.capot, self.belote].into_iter().flatten() {
            if s.0 > 1 {
                return Err(InvalidInput::new(
                    "no_such_side",
                    format!("side {s} does not exist: sides are 0 and 1"),
                ));
            }
        }
        let total = self.deal_points.unwrap_or(DEAL_POINTS);
        if total > 1000 {
            return Err(InvalidInput::new(
                "deal_points",
                format!("deal points {total} cannot be: a deal holds at most 162 card points"),
            ));
        }
        if self.capot.is_none() {
            let [a, b] = self.card_points.map(u64::from);
            if a + b != total as u64 {
                return Err(InvalidInput::new(
                    "card_points_sum",
                    format!(
                        "card points {a} + {b} = {}: the two sides' card points (last trick \
                     included) must add up to {total}",
                        a + b
                    ),
                ));
            }
            if a == 1 || b == 1 {
                return Err(InvalidInput::new(
                    "card_point_one",
                    "no side can take exactly 1 card point (or 161): card values are \
                     0, 2, 3, 4, 10, 11, 14, 20 and the last trick 10",
                ));
            }
        }
        for a in self.announcements {
            if a % 10 != 0 {
                return Err(InvalidInput::new(
                    "announcement_points",
                    format!(
                        "announcement points {a} are not a multiple of 10: announcements are worth \
                     20, 50, 100, 150 or 200"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// A deal's outcome for the taking side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The takers scored more: both sides record their own points.
    Made,
    /// The takers scored less: the defenders take the whole deal.
    Dedans,
    /// Exact tie held over (litige): the takers' points wait.
    Litige,
}

/// A scored deal: the breakdown and what each side records (before any
/// held points from earlier deals are awarded).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DealScore {
    /// Made, dedans or litige.
    pub outcome: Outcome,
    /// True when the totals were equal (settled by the litige option).
    pub tie: bool,
    /// The taking side.
    pub taker: Side,
    /// The side that took every trick.
    pub capot: Option<Side>,
    /// Card points per side (252/0 with a capot).
    pub card_points: [i32; 2],
    /// Announcement points per side after the capot rule.
    pub announcements: [i32; 2],
    /// Belote points per side.
    pub belote: [i32; 2],
    /// Card + announcements + belote per side.
    pub totals: [i32; 2],
    /// Points each side records for this deal.
    pub recorded: [i32; 2],
    /// Points set aside by a litige, waiting for the next deal's winner.
    pub held: i32,
}

impl DealScore {
    /// The side that wins the deal (receives held points): the takers if
    /// made, the defenders if dedans, nobody in a held litige.
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Made => Some(self.taker),
            Outcome::Dedans => Some(self.taker.other()),
            Outcome::Litige => None,
        }
    }
}

/// Scores one deal (§4.8).
pub fn score_deal(s: &DealSummary, o: &FrenchOptions) -> DealScore {
    // Sides are 0 and 1; masking keeps an unchecked summary from panicking.
    let t = s.taker.index() & 1;
    let f = 1 - t;
    let mut cards = s.card_points.map(|x| x.min(100_000) as i32);
    let mut ann = s.announcements.map(|x| x.min(100_000) as i32);
    if let Some(c) = s.capot {
        let c = c.index() & 1;
        cards = [0, 0];
        // 100 instead of the last trick's 10: 252 when all 32 cards play.
        cards[c] = s.deal_points.unwrap_or(DEAL_POINTS).min(10_000) as i32
            + (CAPOT_POINTS - DEAL_POINTS) as i32;
        let victim = 1 - c;
        match o.capot_victim_announcements {
            CapotVictim::Keep => {}
            CapotVictim::Void => ann[victim] = 0,
            CapotVictim::Transfer => {
                ann[c] += ann[victim];
                ann[victim] = 0;
            }
        }
    }
    let mut bel = [0, 0];
    if let Some(b) = s.belote {
        bel[b.index() & 1] = 20;
    }
    let tot = [cards[0] + ann[0] + bel[0], cards[1] + ann[1] + bel[1]];
    let test = |side: usize| tot[side] - if o.belote_in_contract_test { 0 } else { bel[side] };
    let (ct, cf) = (test(t), test(f));
    let tie = ct == cf;
    let outcome = if ct > cf {
        Outcome::Made
    } else if ct < cf {
        Outcome::Dedans
    } else {
        match o.litige {
            LitigeMode::Hold => Outcome::Litige,
            LitigeMode::TieIsDedans => Outcome::Dedans,
            LitigeMode::TieIsMade => Outcome::Made,
        }
    };
    let mut rec = [0, 0];
    let mut held = 0;
    match outcome {
        Outcome::Made => rec = tot,
        Outcome::Dedans => {
            // The defenders take the whole deal with every announcement;
            // the takers keep only their belote (seed 002 §8).
            rec[f] = cards[t] + cards[f] + ann[t] + ann[f] + bel[f];
            rec[t] = bel[t];
        }
        Outcome::Litige => {
            rec[f] = tot[f];
            rec[t] = if o.litige_holds_belote { 0 } else { bel[t] };
            held = tot[t] - rec[t];
        }
    }
    DealScore {
        outcome,
        tie,
        taker: Side(t as u8),
        capot: s.capot,
        card_points: cards,
        announcements: ann,
        belote: bel,
        totals: tot,
        recorded: rec,
        held,
    }
}

/// French Belote's two sides (teams, or two players), as a
/// [`crate::tally::Ledger`] folds their deals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SidesScoring;

impl Scoring for SidesScoring {
    type Options = FrenchOptions;
    type Summary = DealSummary;
    type Score = DealScore;
    type Points = i32;
    type Party = Side;
    type Totals = [i32; 2];

    fn score(summary: &DealSummary, options: &FrenchOptions) -> DealScore {
        score_deal(summary, options)
    }
    fn recorded(score: &DealScore) -> [i32; 2] {
        score.recorded
    }
    fn held(score: &DealScore) -> i32 {
        score.held
    }
    fn pool_taker(score: &DealScore, _: &[i32; 2]) -> Option<usize> {
        score.winner().map(Side::index)
    }
    fn party(i: usize) -> Side {
        Side(i as u8)
    }
    fn winner(totals: &[i32; 2], score: &DealScore, options: &FrenchOptions) -> Option<Side> {
        let target = options.target as i32;
        let [a, b] = *totals;
        match (a >= target, b >= target) {
            (false, false) => None,
            (true, false) => Some(Side(0)),
            (false, true) => Some(Side(1)),
            (true, true) => match options.both_cross {
                BothCross::Taker => Some(score.taker),
                BothCross::MorePoints if a > b => Some(Side(0)),
                BothCross::MorePoints if b > a => Some(Side(1)),
                BothCross::MorePoints => None,
            },
        }
    }
    /// The dealer moves one seat to the left after every entry, played or
    /// thrown in (§5.5).
    fn next_dealer(
        options: &FrenchOptions,
        dealer: Seat,
        _: Option<(&[i32; 2], &[i32; 2])>,
    ) -> Seat {
        dealer.next(options.players.clamp(2, 4))
    }
}

/// One entry of a match: a scored deal, or a deal thrown in.
pub type Entry = crate::tally::Entry<SidesScoring>;
/// One row of the running-total table.
pub type Row = crate::tally::Row<SidesScoring>;
/// The state of a two-sided match: totals, held points (litiges), next
/// dealer and winner.
pub type Ledger = crate::tally::Ledger<SidesScoring>;
