//! One running score for the games whose held points wait in a single
//! pool: French Belote (two sides, or three players each for himself) and
//! three-player Belot (in half points). A [`Scoring`] says what differs:
//! the points (whole or half), who wins a match (a side or a player), who
//! takes the held points, who deals next; [`Ledger`] folds the deals.

use std::fmt::Debug;
use std::ops::Add;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// What a game's ledger needs of its scoring.
pub trait Scoring: Copy + Debug + PartialEq + Eq {
    /// The house rules.
    type Options: Copy + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// A finished deal's facts.
    type Summary: Copy + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// A scored deal.
    type Score: Copy + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// Whole points (`i32`) or half points ([`crate::Half`]).
    type Points: Copy
        + Debug
        + Default
        + Ord
        + Add<Output = Self::Points>
        + Serialize
        + DeserializeOwned;
    /// Who wins a match: a side or a player.
    type Party: Copy + Debug + Eq + Serialize + DeserializeOwned;
    /// One total per party.
    type Totals: Copy
        + Debug
        + Default
        + Eq
        + AsRef<[Self::Points]>
        + AsMut<[Self::Points]>
        + Serialize
        + DeserializeOwned;

    /// Scores a deal dealt by `dealer`.
    fn score(summary: &Self::Summary, options: &Self::Options, dealer: Seat) -> Self::Score;
    /// What each party records for the deal itself.
    fn recorded(score: &Self::Score) -> Self::Totals;
    /// Points the deal holds back for a later deal's winner.
    fn held(score: &Self::Score) -> Self::Points;
    /// Who takes the points held from earlier deals (an index into the
    /// totals), given what the deal records.
    fn pool_taker(score: &Self::Score, recorded: &Self::Totals) -> Option<usize>;
    /// The party at index `i` of the totals.
    fn party(i: usize) -> Self::Party;
    /// The match's winner once `totals` are recorded after `score`.
    fn winner(
        totals: &Self::Totals,
        score: &Self::Score,
        options: &Self::Options,
    ) -> Option<Self::Party>;
    /// Who deals after `dealer`; for a played deal, what it recorded and
    /// the totals after it.
    fn next_dealer(
        options: &Self::Options,
        dealer: Seat,
        played: Option<(&Self::Totals, &Self::Totals)>,
    ) -> Seat;
}

/// Held points awarded by a deal, and to whom.
pub type Award<S> = Option<(<S as Scoring>::Party, <S as Scoring>::Points)>;

/// One entry of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", bound = "")]
pub enum Entry<S: Scoring> {
    /// A deal played (or entered) and scored.
    Played {
        /// The deal's facts.
        summary: S::Summary,
    },
    /// Everybody passed: no score, the next player deals.
    ThrownIn,
}

/// One row of the running-total table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Row<S: Scoring> {
    /// Deal number, from 1.
    pub number: u32,
    /// Who dealt.
    pub dealer: Seat,
    /// The scored deal (`None`: thrown in).
    pub score: Option<S::Score>,
    /// Held points from earlier deals awarded now, and to whom.
    pub pool_awarded: Award<S>,
    /// What each party records for this row (deal + awarded pool).
    pub recorded: S::Totals,
    /// Held points waiting after this row.
    pub pool_after: S::Points,
    /// Running totals after this row.
    pub totals: S::Totals,
    /// False for rows entered after the match was already won (not scored).
    pub counted: bool,
}

/// The state of a match: totals, held points, next dealer and winner,
/// kept by folding entries left to right.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Ledger<S: Scoring> {
    /// Options of the match.
    pub options: S::Options,
    /// Who dealt first.
    pub first_dealer: Seat,
    /// Every row so far.
    pub rows: Vec<Row<S>>,
    /// Running totals per party.
    pub totals: S::Totals,
    /// Points held back, waiting for a deal's winner.
    pub pool: S::Points,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winner, once the match is over.
    pub winner: Option<S::Party>,
    /// Held points lost because the match ended while they waited.
    pub pool_lost: S::Points,
    /// Deals played before this ledger began (a match resumed at given
    /// totals): rows are numbered after them.
    #[serde(default)]
    pub earlier_deals: u32,
}

impl<S: Scoring> Ledger<S> {
    /// An empty match.
    pub fn new(options: S::Options, first_dealer: Seat) -> Ledger<S> {
        Ledger {
            options,
            first_dealer,
            rows: Vec::new(),
            totals: S::Totals::default(),
            pool: S::Points::default(),
            next_dealer: first_dealer,
            winner: None,
            pool_lost: S::Points::default(),
            earlier_deals: 0,
        }
    }

    /// Folds a list of entries from an empty match.
    pub fn from_entries(options: S::Options, first_dealer: Seat, entries: &[Entry<S>]) -> Self {
        let mut l = Ledger::new(options, first_dealer);
        for e in entries {
            l.push(e);
        }
        l
    }

    /// Who deals the next deal.
    pub fn next_dealer(&self) -> Seat {
        self.next_dealer
    }

    /// True once the match has a winner.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Adds one entry and returns its row. A deal entered after the match
    /// was won is scored but not counted.
    pub fn push(&mut self, e: &Entry<S>) -> Row<S> {
        let dealer = self.next_dealer;
        let counted = !self.is_over();
        let mut row = Row {
            number: self.earlier_deals + self.rows.len() as u32 + 1,
            dealer,
            score: None,
            pool_awarded: None,
            recorded: S::Totals::default(),
            pool_after: self.pool,
            totals: self.totals,
            counted,
        };
        let mut played = None;
        if let Entry::Played { summary } = e {
            let score = S::score(summary, &self.options, dealer);
            row.score = Some(score);
            let rec = if counted {
                let (rec, awarded) = self.settle(&score);
                (row.recorded, row.pool_awarded) = (rec, awarded);
                rec
            } else {
                S::recorded(&score)
            };
            played = Some(rec);
        }
        self.next_dealer =
            S::next_dealer(&self.options, dealer, played.as_ref().map(|r| (r, &self.totals)));
        row.pool_after = self.pool;
        row.totals = self.totals;
        self.rows.push(row);
        row
    }

    /// Records a counted deal: held points awarded, its own held back,
    /// totals, the winner (held points left are lost once the match ends).
    fn settle(&mut self, score: &S::Score) -> (S::Totals, Award<S>) {
        let zero = S::Points::default();
        let mut rec = S::recorded(score);
        let mut awarded = None;
        if self.pool > zero
            && let Some(i) = S::pool_taker(score, &rec)
        {
            rec.as_mut()[i] = rec.as_ref()[i] + self.pool;
            awarded = Some((S::party(i), self.pool));
            self.pool = zero;
        }
        self.pool = self.pool + S::held(score);
        for (t, &r) in self.totals.as_mut().iter_mut().zip(rec.as_ref()) {
            *t = *t + r;
        }
        self.winner = S::winner(&self.totals, score, &self.options);
        if self.winner.is_some() {
            self.pool_lost = self.pool;
            self.pool = zero;
        }
        (rec, awarded)
    }
}

/// The match part of a deal's score breakdown (the protocol's `score`):
/// target, totals, held points, next dealer, winner and every row.
#[derive(Clone, Debug, Serialize)]
pub struct MatchBreakdown<T, P, W> {
    /// The total that wins.
    pub target: u32,
    /// Running totals per party.
    pub totals: T,
    /// Points held for a later deal's winner.
    pub pool: P,
    /// Held points lost because the match ended while they waited.
    pub pool_lost: P,
    /// Who deals next.
    pub next_dealer: Seat,
    /// The winner, once the match is over.
    pub winner: Option<W>,
    /// Every row, as every game shows it.
    pub rows: Vec<crate::report::RowReport>,
}

impl<S: Scoring> Ledger<S>
where
    S::Options: crate::game::HouseRules,
    for<'a> crate::report::RowReport: From<&'a Row<S>>,
{
    /// The match part of the score breakdown.
    pub fn breakdown(&self) -> MatchBreakdown<S::Totals, S::Points, S::Party> {
        use crate::game::HouseRules;
        MatchBreakdown {
            target: self.options.target(),
            totals: self.totals,
            pool: self.pool,
            pool_lost: self.pool_lost,
            next_dealer: self.next_dealer,
            winner: self.winner,
            rows: self.rows.iter().map(crate::report::RowReport::from).collect(),
        }
    }
}
