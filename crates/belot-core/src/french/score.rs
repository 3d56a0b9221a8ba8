//! Scoring French Belote: one deal from its summary (§4.8), and the match
//! ledger (§4.9, §5.4): running totals, held litige points, dealer, winner.
//!
//! A deal played in the engine and a deal entered at a table are both
//! reduced to a [`DealSummary`] and scored here, so there is one path.

use crate::error::InvalidInput;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::options::{BothCross, CapotVictim, FrenchOptions, LitigeMode};
use crate::seat::{Seat, Side};
use crate::tally::Scoring;

/// Card points in a deal: 152 in the cards plus 10 for the last trick.
pub const DEAL_POINTS: u32 = 162;
/// Card points of a capot: 252 instead of 162.
pub const CAPOT_POINTS: u32 = 252;

/// What happened in a deal, as far as scoring needs to know (§5.3), for
/// `N` parties: two sides (four players in teams, or two players), or
/// three players each for himself (§4.11), each his own side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(serialize = "[u32; N]: Serialize", deserialize = "[u32; N]: Deserialize<'de> + Default")
)]
pub struct DealSummary<const N: usize = 2> {
    /// The side that took trump.
    pub taker: Side,
    /// Card points per side, the 10 for the last trick included
    /// (sum 162). Ignored when `capot` is set.
    pub card_points: [u32; N],
    /// The side that took every trick, if any.
    #[serde(default)]
    pub capot: Option<Side>,
    /// Announcement points each side won in the contests.
    #[serde(default)]
    pub announcements: [u32; N],
    /// The side whose player scored belote–rebelote.
    #[serde(default)]
    pub belote: Option<Side>,
    /// Card points in play with the last trick (`null`: 162). Less with
    /// two players, who leave cards out of play (§4.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal_points: Option<u32>,
}

impl<const N: usize> DealSummary<N> {
    /// Checks that the summary could come from a real deal; says why not.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        for s in [Some(self.taker), self.capot, self.belote].into_iter().flatten() {
            if s.index() >= N {
                let m = format!("side {s} does not exist: sides are 0 to {}", N - 1);
                return Err(InvalidInput::new("no_such_side", m));
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
            self.card_points_ok(total)?;
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

    fn card_points_ok(&self, total: u32) -> Result<(), InvalidInput> {
        let sum: u64 = self.card_points.iter().map(|&p| u64::from(p)).sum();
        if sum != u64::from(total) {
            let parts: Vec<String> = self.card_points.iter().map(u32::to_string).collect();
            return Err(InvalidInput::new(
                "card_points_sum",
                format!(
                    "card points {} = {sum}: the sides' card points (last trick included) must \
                     add up to {total}",
                    parts.join(" + ")
                ),
            ));
        }
        if self.card_points.contains(&1) {
            return Err(InvalidInput::new(
                "card_point_one",
                "no side can take exactly 1 card point: card values are 0, 2, 3, 4, 10, 11, \
                 14, 20 and the last trick 10",
            ));
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

/// A scored deal of `N` parties: the breakdown and what each records
/// (before any held points from earlier deals are awarded).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(bound(serialize = "[i32; N]: Serialize", deserialize = "[i32; N]: Deserialize<'de>"))]
pub struct DealScore<const N: usize = 2> {
    /// Made, dedans or litige.
    pub outcome: Outcome,
    /// True when the taker tied his best opponent (settled by the litige
    /// option).
    pub tie: bool,
    /// The taking side.
    pub taker: Side,
    /// The side that took every trick.
    pub capot: Option<Side>,
    /// Card points per side (252 for a capot's side, 0 for the others).
    pub card_points: [i32; N],
    /// Announcement points per side after the capot rule.
    pub announcements: [i32; N],
    /// Belote points per side.
    pub belote: [i32; N],
    /// Card + announcements + belote per side.
    pub totals: [i32; N],
    /// Points each side records for this deal.
    pub recorded: [i32; N],
    /// Points set aside by a litige, waiting for the next deal's winner.
    pub held: i32,
}

impl<const N: usize> DealScore<N> {
    /// The side that wins the deal (receives held points): the takers if
    /// made; on a dedans the defending side that records the most (if
    /// only one does); nobody in a held litige.
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Made => Some(self.taker),
            Outcome::Dedans => {
                let opp = (0..N).filter(|&i| i != self.taker.index());
                let best = opp.clone().map(|i| self.recorded[i]).max()?;
                let mut top = opp.filter(|&i| self.recorded[i] == best);
                match (top.next(), top.next()) {
                    (Some(i), None) => Some(Side(i as u8)),
                    _ => None,
                }
            }
            Outcome::Litige => None,
        }
    }
}

/// Scores one deal of two sides (§4.8).
pub fn score_deal(s: &DealSummary, o: &FrenchOptions) -> DealScore {
    // With one defending side no odd point is shared: the dealer does not
    // matter.
    score_dealt(s, o, Seat(0))
}

/// Scores one deal of `N` parties dealt by `dealer` (§4.8, §4.11): the
/// taker must score more than each opponent; on a dedans the defenders
/// share the taker's points but his belote (one defending side takes them
/// all; of two, the odd point goes to the higher total, else the first
/// after the dealer).
pub fn score_dealt<const N: usize>(
    s: &DealSummary<N>,
    o: &FrenchOptions,
    dealer: Seat,
) -> DealScore<N> {
    // Masking keeps an unchecked summary from panicking.
    let t = s.taker.index() % N;
    let (cards, ann) = capot_points(s, o);
    let mut bel = [0; N];
    if let Some(b) = s.belote {
        bel[b.index() % N] = 20;
    }
    let tot: [i32; N] = std::array::from_fn(|i| cards[i] + ann[i] + bel[i]);
    let test = |i: usize| tot[i] - if o.belote_in_contract_test { 0 } else { bel[i] };
    // The defenders in turn order after the dealer.
    let opp: Vec<usize> = (1..=N).map(|k| (dealer.index() + k) % N).filter(|&i| i != t).collect();
    let best = opp.iter().map(|&i| test(i)).max().unwrap_or(0);
    let tie = test(t) == best;
    let outcome = match test(t).cmp(&best) {
        std::cmp::Ordering::Greater => Outcome::Made,
        std::cmp::Ordering::Less => Outcome::Dedans,
        std::cmp::Ordering::Equal => match o.litige {
            LitigeMode::Hold => Outcome::Litige,
            LitigeMode::TieIsDedans => Outcome::Dedans,
            LitigeMode::TieIsMade => Outcome::Made,
        },
    };
    let mut rec = tot;
    let mut held = 0;
    match outcome {
        Outcome::Made => {}
        Outcome::Dedans => {
            // The defenders take the taker's cards and announcements; he
            // keeps only his belote (seed 002 §8).
            rec[t] = bel[t];
            share(&mut rec, &tot, &opp, tot[t] - bel[t]);
        }
        Outcome::Litige => {
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

/// Card and announcement points per side after the capot rule: the
/// capot's side takes every card point and 100 for the last trick
/// instead of 10 (252 when all 32 cards play).
fn capot_points<const N: usize>(s: &DealSummary<N>, o: &FrenchOptions) -> ([i32; N], [i32; N]) {
    let mut cards = s.card_points.map(|x| x.min(100_000) as i32);
    let mut ann = s.announcements.map(|x| x.min(100_000) as i32);
    if let Some(c) = s.capot {
        let c = c.index() % N;
        cards = [0; N];
        cards[c] = s.deal_points.unwrap_or(DEAL_POINTS).min(10_000) as i32
            + (CAPOT_POINTS - DEAL_POINTS) as i32;
        for v in (0..N).filter(|&i| i != c) {
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
    (cards, ann)
}

/// Shares `points` between the defenders `opp` (in turn order after the
/// dealer): the odd point to the higher total, else to the first.
fn share<const N: usize>(rec: &mut [i32; N], tot: &[i32; N], opp: &[usize], points: i32) {
    match *opp {
        [a] => rec[a] += points,
        [a, b] => {
            let odd = points % 2;
            let (extra_a, extra_b) = if tot[b] > tot[a] { (0, odd) } else { (odd, 0) };
            rec[a] += points / 2 + extra_a;
            rec[b] += points / 2 + extra_b;
        }
        _ => {}
    }
}

/// French Belote's scoring for `N` parties (two sides, or three players
/// each for himself), as a [`crate::tally::Ledger`] folds their deals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FrenchScoring<const N: usize>;

impl<const N: usize> Scoring for FrenchScoring<N>
where
    [u32; N]: Serialize + DeserializeOwned + Default,
    [i32; N]: Serialize + DeserializeOwned + Default,
{
    type Options = FrenchOptions;
    type Summary = DealSummary<N>;
    type Score = DealScore<N>;
    type Points = i32;
    type Party = Side;
    type Totals = [i32; N];

    fn score(summary: &DealSummary<N>, options: &FrenchOptions, dealer: Seat) -> DealScore<N> {
        score_dealt(summary, options, dealer)
    }
    fn recorded(score: &DealScore<N>) -> [i32; N] {
        score.recorded
    }
    fn held(score: &DealScore<N>) -> i32 {
        score.held
    }
    fn pool_taker(score: &DealScore<N>, _: &[i32; N]) -> Option<usize> {
        score.winner().map(Side::index)
    }
    fn party(i: usize) -> Side {
        Side(i as u8)
    }
    /// The side over the target; of several, the taker (by the option),
    /// else the one with the most points, if only one has them.
    fn winner(totals: &[i32; N], score: &DealScore<N>, options: &FrenchOptions) -> Option<Side> {
        let target = options.target as i32;
        let over: Vec<usize> = (0..N).filter(|&i| totals[i] >= target).collect();
        let taker = score.taker.index();
        if options.both_cross == BothCross::Taker && over.len() > 1 && over.contains(&taker) {
            return Some(score.taker);
        }
        let max = over.iter().map(|&i| totals[i]).max()?;
        let mut top = over.into_iter().filter(|&i| totals[i] == max);
        match (top.next(), top.next()) {
            (Some(i), None) => Some(Side(i as u8)),
            _ => None,
        }
    }
    /// The dealer moves one seat to the left after every entry, played or
    /// thrown in (§5.5).
    fn next_dealer(
        options: &FrenchOptions,
        dealer: Seat,
        _: Option<(&[i32; N], &[i32; N])>,
    ) -> Seat {
        dealer.next(options.players.clamp(2, 4))
    }
}

/// One entry of a match of `N` sides: a scored deal, or a deal thrown in.
pub type EntryOf<const N: usize> = crate::tally::Entry<FrenchScoring<N>>;
/// One row of the running-total table of `N` sides.
pub type RowOf<const N: usize> = crate::tally::Row<FrenchScoring<N>>;
/// The state of a match of `N` sides: totals, held points (litiges), next
/// dealer and winner.
pub type LedgerOf<const N: usize> = crate::tally::Ledger<FrenchScoring<N>>;
/// One entry of a match of two sides.
pub type Entry = EntryOf<2>;
/// One row of a match of two sides.
pub type Row = RowOf<2>;
/// A match of two sides (four players in teams, or two players).
pub type Ledger = LedgerOf<2>;
