//! # belot-solver
//!
//! An exact double-dummy solver for every Belot game: given a play
//! position with all hands known, the card points one side will take
//! from here under best play by everybody, and the value of each legal
//! card. Two or four players play it as the zero-sum game it is; with
//! three players each for himself the chosen player plays against the
//! other two together (the usual "paranoid" reduction, exact for the
//! declarer's contract).
//!
//! The parts follow Bo Haglund's DDS: the search state with make (a copy
//! of the `Copy` [`PlayState`]), move generation and ordering, equivalent
//! cards collapsed (adjacent in rank among the cards still out **and**
//! equal in points), a transposition table of bounds at trick starts,
//! quick bounds on the points still to take, and the driver. Every
//! pruning can be switched off in [`Config`]; tests check that the value
//! never changes.

pub mod arena;
pub mod bots;
pub mod pimc;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use belot_core::{Card, CardSet, PlayState, Seat, Suit};

/// Which prunings the search uses (all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Alpha-beta cut-offs (off: plain minimax).
    pub alpha_beta: bool,
    /// Transposition table of bounds at trick starts.
    pub transposition: bool,
    /// Collapse equivalent cards.
    pub equivalence: bool,
    /// Cut when the points still out cannot change the outcome.
    pub quick_bounds: bool,
    /// Try likely best cards first.
    pub ordering: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            alpha_beta: true,
            transposition: true,
            equivalence: true,
            quick_bounds: true,
            ordering: true,
        }
    }
}

impl Config {
    /// Every pruning off: plain minimax, the reference.
    pub const NAIVE: Config = Config {
        alpha_beta: false,
        transposition: false,
        equivalence: false,
        quick_bounds: false,
        ordering: false,
    };
}

/// The value of a position and of each legal card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Card points `side` ends the deal with under best play (points
    /// already taken included, the last trick's 10 included).
    pub value: u32,
    /// Each legal card of the player to act and the value after it.
    pub cards: Vec<(Card, u32)>,
}

/// Search counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched.
    pub nodes: u64,
    /// Transposition-table hits that ended a search.
    pub tt_hits: u64,
}

/// A fast hash for the table's keys (card bitsets): one multiply-rotate
/// per word; the keys are already well spread.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(x as u64);
    }
}

type Table = HashMap<(u128, u8), (u32, u32), BuildHasherDefault<KeyHasher>>;

/// The solver: a configuration, a transposition table and counters.
pub struct Solver {
    config: Config,
    /// Seats counted for the maximizing side.
    side: [bool; 4],
    /// Card points of every card dealt, plus the last trick's 10.
    total: u32,
    tt: Table,
    /// Counters of the last solve.
    pub stats: Stats,
}

impl Solver {
    /// A solver for the side of `seat`: with four players his team (seats
    /// `s` and `s + 2`), otherwise the seat alone.
    pub fn new(state: &PlayState, seat: Seat, config: Config) -> Solver {
        let mut side = [false; 4];
        side[seat.index() & 3] = true;
        if state.players() == 4 && state.partner(seat).is_some() {
            side[(seat.index() + 2) & 3] = true;
        }
        let dealt = state.played() | state.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let total = state.contract().set_points(dealt) + 10;
        Solver { config, side, total, tt: Table::default(), stats: Stats::default() }
    }

    fn side_points(&self, s: &PlayState) -> u32 {
        let p = s.points();
        (0..4).filter(|&i| self.side[i]).map(|i| p[i]).sum()
    }

    /// Points still to be taken from `s` (cards in hands and in the trick
    /// in progress, and the last trick's 10).
    fn remaining(s: &PlayState) -> u32 {
        let c = s.contract();
        let hands = s.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let trick: u32 = s.current_trick().iter().map(|&x| c.points(x)).sum();
        c.set_points(hands) + trick + if s.is_over() { 0 } else { 10 }
    }

    /// [`Solver::remaining`] in O(1): everything dealt (fixed for a
    /// solve) less what has been taken.
    #[inline]
    fn remaining_fast(&self, s: &PlayState) -> u32 {
        self.total - s.points().iter().sum::<u32>()
    }

    /// The value of `s` for the side: its final card points.
    pub fn value(&mut self, s: &PlayState) -> u32 {
        self.stats = Stats::default();
        let base = self.side_points(s);
        base + self.future(s)
    }

    /// Future points of the side from `s`: MTD(f), a series of null-window
    /// searches that the transposition table makes cheap, when alpha-beta
    /// and the table are on; one full-window search otherwise.
    fn future(&mut self, s: &PlayState) -> u32 {
        if !(self.config.alpha_beta && self.config.transposition) {
            return self.search(s, -1, i32::MAX);
        }
        let (mut lower, mut upper) = (0u32, Self::remaining(s));
        let mut g = upper / 2;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            // Null window (beta - 1, beta): is the value at least beta?
            g = self.search(s, beta as i32 - 1, beta as i32);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        lower
    }

    /// The value of `s` and of every legal card.
    pub fn solve(&mut self, s: &PlayState) -> Solution {
        let value = self.value(s);
        let base = self.side_points(s);
        let mut cards = Vec::new();
        for card in s.legal() {
            let mut n = *s;
            n.step(card);
            cards.push((card, base + self.gain(s, &n) + self.future(&n)));
        }
        Solution { value, cards }
    }

    fn gain(&self, before: &PlayState, after: &PlayState) -> u32 {
        self.side_points(after) - self.side_points(before)
    }

    fn key(s: &PlayState) -> (u128, u8) {
        let h = s.hands();
        let k = h[0].bits() as u128
            | (h[1].bits() as u128) << 32
            | (h[2].bits() as u128) << 64
            | (h[3].bits() as u128) << 96;
        (k, s.leader().0)
    }

    /// Future points of the side from `s`, exact when strictly inside
    /// (alpha, beta); otherwise a bound on that side of the window
    /// (fail-soft). Windows are signed: a child's window is shifted by the
    /// points its move took, and may fall below zero.
    fn search(&mut self, s: &PlayState, mut alpha: i32, mut beta: i32) -> u32 {
        self.stats.nodes += 1;
        if s.is_over() {
            return 0;
        }
        let cfg = self.config;
        // Every value is at least 0: with beta at or below 0 the node
        // already fails high (this keeps windows well formed).
        if beta <= 0 {
            return 0;
        }
        let rem = self.remaining_fast(s);
        debug_assert_eq!(rem, Self::remaining(s));
        if cfg.quick_bounds && cfg.alpha_beta && rem as i32 <= alpha {
            // Not even taking everything left reaches alpha.
            return rem;
        }
        let at_trick_start = s.current_trick().is_empty();
        let key = Self::key(s);
        if cfg.transposition && at_trick_start {
            if let Some(&(lo, hi)) = self.tt.get(&key) {
                if lo == hi {
                    self.stats.tt_hits += 1;
                    return lo;
                }
                if cfg.alpha_beta {
                    if lo as i32 >= beta {
                        self.stats.tt_hits += 1;
                        return lo;
                    }
                    if hi as i32 <= alpha {
                        self.stats.tt_hits += 1;
                        return hi;
                    }
                    alpha = alpha.max(lo as i32);
                    beta = beta.min(hi as i32);
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = self.side[s.to_play().index() & 3];
        let mut moves = [Card::new(Suit::Spades, belot_core::Rank::Seven); 9];
        let n = self.moves(s, &mut moves);
        let mut best: i32 = if maximizing { 0 } else { i32::MAX };
        for &card in &moves[..n] {
            let mut next = *s;
            next.step(card);
            let g = self.gain(s, &next) as i32;
            let v = g + if cfg.alpha_beta {
                self.search(&next, alpha - g, beta.saturating_sub(g)) as i32
            } else {
                self.search(&next, -1, i32::MAX) as i32
            };
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if cfg.alpha_beta && alpha >= beta {
                break;
            }
        }
        let best = best.max(0) as u32;
        if cfg.transposition && at_trick_start {
            let e = self.tt.entry(key).or_insert((0, rem));
            let b = best as i32;
            if !cfg.alpha_beta || (b > alpha0 && b < beta0) {
                *e = (best, best);
            } else if b >= beta0 {
                e.0 = e.0.max(best);
            } else {
                e.1 = e.1.min(best);
            }
        }
        best
    }

    /// The cards to try, equivalent ones collapsed, likely best first.
    fn moves(&self, s: &PlayState, out: &mut [Card; 9]) -> usize {
        let legal = s.legal();
        let c = s.contract();
        let mut n = 0;
        if self.config.equivalence {
            // Cards still out, in any hand: two of the mover's cards with
            // none of these between them in trick order, and equal points,
            // lead to the same value.
            // Cards of the trick in progress count too: one of two cards
            // may beat them and the other not.
            let trick: CardSet = s.current_trick().iter().copied().collect();
            let out_cards = s.hands().iter().fold(trick, |a, &h| a | h);
            for suit in Suit::ALL {
                let mine = legal.of_suit(suit);
                if mine.is_empty() {
                    continue;
                }
                // The mover's cards of this suit, strongest first: walk the
                // suit's trick order (no sorting on this hot path).
                let mut cards = [Card::new(suit, belot_core::Rank::Seven); 8];
                let mut k = 0;
                for r in belot_core::contract::trick_order(c.is_trump(suit)) {
                    let x = Card::new(suit, r);
                    if mine.contains(x) {
                        cards[k] = x;
                        k += 1;
                    }
                }
                let others = out_cards.of_suit(suit) - mine;
                let mut prev: Option<Card> = None;
                for &card in &cards[..k] {
                    if let Some(p) = prev {
                        // Cards strictly between the two in trick order.
                        let between =
                            !(others & c.higher_than(card) & !c.higher_than(p) & !p.set())
                                .is_empty();
                        if !between && c.points(p) == c.points(card) {
                            prev = Some(card);
                            continue;
                        }
                    }
                    if n < out.len() {
                        out[n] = card;
                        n += 1;
                    }
                    prev = Some(card);
                }
            }
        } else {
            for card in legal {
                if n < out.len() {
                    out[n] = card;
                    n += 1;
                }
            }
        }
        if self.config.ordering {
            let maximizing = self.side[s.to_play().index() & 3];
            let trick = s.current_trick();
            let winning_ours =
                !trick.is_empty() && self.side[s.winning_seat().index() & 3] == maximizing;
            out[..n].sort_by_key(|&card| {
                let pts = c.points(card) as i32;
                let str = c.strength(card) as i32 + if c.is_trump(card.suit()) { 8 } else { 0 };
                // Leading: strong cards first. Following: take the trick
                // with a strong card, or give points to a partner winning,
                // or throw the cheapest card.
                let score = if trick.is_empty() {
                    str * 4 + pts
                } else if winning_ours {
                    pts * 4 - str
                } else {
                    str * 4 - pts
                };
                std::cmp::Reverse(score)
            });
        }
        n
    }
}

/// The value of `s` for the side of `seat`, with all prunings.
pub fn solve_value(s: &PlayState, seat: Seat) -> u32 {
    Solver::new(s, seat, Config::default()).value(s)
}
