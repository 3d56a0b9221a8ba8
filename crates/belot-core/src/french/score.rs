//! Scoring French Belote: one deal from its summary (§4.8), and the match
//! ledger (§4.9, §5.4): running totals, held litige points, dealer, winner.
//!
//! A deal played in the engine and a deal entered at a table are both
//! reduced to a [`DealSummary`] and scored here, so there is one path.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use super::options::{BothCross, CapotVictim, FrenchOptions, LitigeMode};
use crate::seat::{Seat, Side};

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

/// One entry of a match: a scored deal, or a deal thrown in after
/// everybody passed twice.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A deal that was played (or entered) and scored.
    Played {
        /// The deal's facts.
        summary: DealSummary,
    },
    /// Everybody passed: no score, the next player deals.
    ThrownIn,
}

/// One row of the running-total table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Row {
    /// Deal number, from 1.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// The scored deal (`None`: thrown in).
    pub score: Option<DealScore>,
    /// Held points from earlier deals awarded now, and to whom.
    pub pool_awarded: Option<(Side, i32)>,
    /// What each side records for this row (deal + awarded pool).
    pub recorded: [i32; 2],
    /// Held points waiting after this row.
    pub pool_after: i32,
    /// Running totals after this row.
    pub totals: [i32; 2],
    /// False for rows entered after the match was already won (not scored).
    pub counted: bool,
}

/// The state of a match: totals, held points, next dealer and winner,
/// kept by folding entries left to right.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ledger {
    /// Options of the match.
    pub options: FrenchOptions,
    /// Who dealt first.
    pub first_dealer: Seat,
    /// Every row so far.
    pub rows: Vec<Row>,
    /// Running totals per side.
    pub totals: [i32; 2],
    /// Points held by litiges, waiting for a deal's winner.
    pub pool: i32,
    /// The side that won the match, once it is over.
    pub winner: Option<Side>,
    /// Held points lost because the match ended while they waited.
    pub pool_lost: i32,
    /// Deals played before this ledger began (a match resumed at given
    /// totals): rows are numbered after them.
    #[serde(default)]
    pub earlier_deals: u32,
}

impl Ledger {
    /// An empty match.
    pub fn new(options: FrenchOptions, first_dealer: Seat) -> Ledger {
        Ledger {
            earlier_deals: 0,
            options,
            first_dealer,
            rows: Vec::new(),
            totals: [0, 0],
            pool: 0,
            winner: None,
            pool_lost: 0,
        }
    }

    /// Folds a list of entries from an empty match.
    pub fn from_entries(options: FrenchOptions, first_dealer: Seat, entries: &[Entry]) -> Ledger {
        let mut l = Ledger::new(options, first_dealer);
        for e in entries {
            l.push(e);
        }
        l
    }

    /// Who deals the next deal: the dealer moves one seat to the left after
    /// every entry, played or thrown in (§5.5).
    pub fn next_dealer(&self) -> Seat {
        let n = self.options.players.clamp(2, 4);
        self.first_dealer.plus((self.rows.len() % n as usize) as u8, n)
    }

    /// True once a side has won.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Adds one entry and returns its row.
    pub fn push(&mut self, e: &Entry) -> Row {
        let number = self.earlier_deals + self.rows.len() as u32 + 1;
        let dealer = self.next_dealer();
        let row = match (e, self.winner.is_some()) {
            (Entry::ThrownIn, _) => Row {
                number,
                dealer,
                score: None,
                pool_awarded: None,
                recorded: [0, 0],
                pool_after: self.pool,
                totals: self.totals,
                counted: !self.is_over(),
            },
            (Entry::Played { summary }, true) => Row {
                number,
                dealer,
                score: Some(score_deal(summary, &self.options)),
                pool_awarded: None,
                recorded: [0, 0],
                pool_after: self.pool,
                totals: self.totals,
                counted: false,
            },
            (Entry::Played { summary }, false) => {
                let score = score_deal(summary, &self.options);
                let mut rec = score.recorded;
                let mut awarded = None;
                if let Some(w) = score.winner()
                    && self.pool > 0
                {
                    rec[w.index()] += self.pool;
                    awarded = Some((w, self.pool));
                    self.pool = 0;
                }
                self.pool += score.held;
                self.totals[0] += rec[0];
                self.totals[1] += rec[1];
                self.winner = self.check_winner(score.taker);
                if self.winner.is_some() && self.pool > 0 {
                    self.pool_lost = self.pool;
                    self.pool = 0;
                }
                Row {
                    number,
                    dealer,
                    score: Some(score),
                    pool_awarded: awarded,
                    recorded: rec,
                    pool_after: self.pool,
                    totals: self.totals,
                    counted: true,
                }
            }
        };
        self.rows.push(row);
        row
    }

    fn check_winner(&self, taker: Side) -> Option<Side> {
        let target = self.options.target as i32;
        let [a, b] = self.totals;
        match (a >= target, b >= target) {
            (false, false) => None,
            (true, false) => Some(Side(0)),
            (false, true) => Some(Side(1)),
            (true, true) => match self.options.both_cross {
                BothCross::Taker => Some(taker),
                BothCross::MorePoints if a > b => Some(Side(0)),
                BothCross::MorePoints if b > a => Some(Side(1)),
                BothCross::MorePoints => None,
            },
        }
    }
}
