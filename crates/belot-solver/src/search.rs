//! The search: fail-soft principal variation search over single cards, on
//! the future points of the maximizing side, with the transposition table
//! at trick starts, quick bounds, collapsed moves, the points bound
//! between cards of one suit, and ordering; and the drivers (the value of
//! a position, and of each of its cards).

use belot_core::{Card, CardSet, PlayState, Seat};

use crate::moves::{CardTable, MoveList, Ordering, collapse, generate};
use crate::tt::{Bounds, Key, Table};
use crate::{Config, Solution, Stats};

/// An exact double-dummy solver for one maximizing side. Reuse it for
/// many positions of the same contract, play duties and side: the table
/// keeps what it learnt (see [`Solver::reset`] to start afresh).
pub struct Solver {
    config: Config,
    /// Bit `i`: seat `i`'s points are counted.
    side: u8,
    /// The counted seats want as few points as possible (распасы): the
    /// others maximize the count.
    least: bool,
    /// Points in play from the current root: taken + still out.
    total: u32,
    tt: Table,
    ordering: Ordering,
    cards: CardTable,
    /// Counters since the last [`Solver::value`] or [`Solver::solve`].
    pub stats: Stats,
    /// Nodes after which a search gives up ([`Solver::solve_within`]).
    limit: u64,
    /// The last search gave up: its values mean nothing.
    aborted: bool,
}

/// Table size: 2^13 buckets of 64 bytes (512 KiB: the L2 cache of the
/// machines we measure on; a larger table saves few nodes and costs more
/// in cache misses than it saves).
const TABLE_BITS: u32 = 13;

/// Tricks left (the one in progress included) from which the last card
/// of a trick looks its children up in the table first.
const ETC_LEFT: u8 = 4;

/// Half the width of the first window around a guessed value.
const ASPIRATION: i32 = 8;

impl Solver {
    /// A solver for the side of `seat`: with four players in two teams
    /// his team (seats `s` and `s + 2`), otherwise the seat alone.
    pub fn new(state: &PlayState, seat: Seat, config: Config) -> Solver {
        let mut side = 1u8 << (seat.0 & 3);
        if let Some(p) = state.partner(seat) {
            side |= 1 << (p.0 & 3);
        }
        Solver::for_seats(side, config)
    }

    /// A solver maximizing the points of the seats in `seats` (bit `i`
    /// for seat `i`) against the others: two players against one in the
    /// three-player games, for instance.
    pub fn for_seats(seats: u8, config: Config) -> Solver {
        Solver {
            config,
            side: seats & 15,
            least: false,
            total: 0,
            tt: Table::new(TABLE_BITS),
            ordering: Ordering::new(),
            cards: CardTable::new(belot_core::Contract::NoTrumps),
            stats: Stats::default(),
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Forgets what the table and the ordering learnt, and maximizes for
    /// `seats` from now on: the next positions may be of another
    /// contract, other play duties or another side.
    pub fn reset(&mut self, seats: u8) {
        self.side = seats & 15;
        self.least = false;
        self.tt.clear();
        self.ordering = Ordering::new();
    }

    /// As [`Solver::reset`], for a game where the seats in `seats` want to
    /// take as few points as possible and the others want them to take
    /// many (the two-player all-pass deal, распасы): values are still the
    /// points of `seats`, now minimized by them.
    pub fn reset_least(&mut self, seats: u8) {
        self.reset(seats);
        self.least = true;
    }

    /// The seats counted for the maximizing side (bit per seat).
    pub fn seats(&self) -> u8 {
        self.side
    }

    /// True when `seat`'s points are counted.
    #[inline(always)]
    fn counted(&self, seat: Seat) -> bool {
        (self.side >> (seat.0 & 3)) & 1 != 0
    }

    /// True when `seat` wants the count high.
    #[inline(always)]
    fn maximizing(&self, seat: Seat) -> bool {
        self.counted(seat) != self.least
    }

    /// The seats that want the count high.
    #[inline(always)]
    fn maximizers(&self) -> u8 {
        if self.least { !self.side & 15 } else { self.side }
    }

    fn side_points(&self, s: &PlayState) -> u32 {
        let p = s.points();
        (0..4).filter(|&i| (self.side >> i) & 1 != 0).map(|i| p[i]).sum()
    }

    /// Points still to be taken from `s`: cards in hands and in the trick
    /// in progress, and the last trick's 10.
    fn remaining(s: &PlayState) -> u32 {
        let hands = s.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let c = s.contract();
        c.set_points(hands) + s.trick_points() + if s.is_over() { 0 } else { 10 }
    }

    #[inline(always)]
    fn taken(s: &PlayState) -> u32 {
        let p = s.points();
        p[0] + p[1] + p[2] + p[3]
    }

    fn set_root(&mut self, s: &PlayState) {
        self.total = Self::taken(s) + Self::remaining(s);
        self.cards = CardTable::new(s.contract());
    }

    /// The value of `s` for the side: its final card points (points
    /// already taken included, the last trick's 10 included).
    pub fn value(&mut self, s: &PlayState) -> u32 {
        self.stats = Stats::default();
        self.set_root(s);
        self.side_points(s) + self.future(s, None)
    }

    /// As [`Solver::value`], giving up after `nodes` nodes (`None`).
    pub fn value_within(&mut self, s: &PlayState, nodes: u64) -> Option<u32> {
        self.within(nodes, |me| me.value(s))
    }

    /// As [`Solver::solve`], giving up after `nodes` nodes (`None`): a
    /// bound on the time a bot spends on one position. What the table
    /// learnt before giving up stays exact.
    pub fn solve_within(&mut self, s: &PlayState, nodes: u64) -> Option<Solution> {
        self.within(nodes, |me| me.solve(s))
    }

    /// What `run` finds within `nodes` nodes, or `None` when it gave up.
    fn within<T>(&mut self, nodes: u64, run: impl FnOnce(&mut Self) -> T) -> Option<T> {
        self.limit = nodes;
        self.aborted = false;
        let found = run(self);
        self.limit = u64::MAX;
        (!std::mem::take(&mut self.aborted)).then_some(found)
    }

    /// The value of `s` and of every legal card.
    pub fn solve(&mut self, s: &PlayState) -> Solution {
        self.stats = Stats::default();
        self.set_root(s);
        let legal = s.legal();
        let base = self.side_points(s);
        if legal.is_empty() {
            return Solution { value: base, cards: Vec::new() };
        }
        // Equivalent cards have equal values: solve one of each group.
        let trick: CardSet = s.current_trick().iter().copied().collect();
        let all = s.hands().iter().fold(trick, |a, &h| a | h);
        let others = (all - s.hand(s.to_play())).bits();
        let reps = if self.config.equivalence {
            collapse(legal.bits(), others, self.cards.torder)
        } else {
            legal.bits()
        };
        let mut solved: Vec<(Card, u32)> = Vec::with_capacity(legal.len());
        // A card right after one of its group (one suit, no other
        // player's card between them) has a value within their points
        // difference of it: a window that cannot miss. (Card order is
        // index order: ordering the cards by group, or best first, cost
        // 5–9% more in measurements.)
        let table = self.cards;
        let group = |c: Card| {
            let i = c.index() as usize & 31;
            (i >> 3) * 16 + (table.above[i] & others).count_ones() as usize
        };
        let order = CardSet(reps);
        // Otherwise siblings' values are still close: each search starts
        // from a window around the previous card's future.
        let mut guess = None;
        let mut last: Option<(usize, i32, u32)> = None;
        for card in order {
            let mut n = *s;
            n.step(card);
            let taken = self.side_points(&n);
            let pts = table.pts[card.index() as usize & 31] as i32;
            let f = match last {
                Some((g, p, v)) if g == group(card) && self.config.point_bounds => {
                    let d = (pts - p).abs();
                    let lo = (v as i32 - d - taken as i32).max(0);
                    let hi = v as i32 + d - taken as i32;
                    self.future_within(&n, lo, hi)
                }
                _ => self.future(&n, guess),
            };
            guess = Some(f);
            last = Some((group(card), pts, taken + f));
            solved.push((card, taken + f));
        }
        let maximizing = self.maximizing(s.to_play());
        let mut cards = Vec::with_capacity(legal.len());
        for card in legal {
            // A collapsed card has the value of the kept card of its
            // group: the nearest kept card above it in its suit.
            let c = s.contract();
            let v = solved.iter().find(|x| x.0 == card).map(|x| x.1).unwrap_or_else(|| {
                solved
                    .iter()
                    .filter(|x| x.0.suit() == card.suit() && c.strength(x.0) > c.strength(card))
                    .min_by_key(|x| c.strength(x.0))
                    .map_or(0, |x| x.1)
            });
            cards.push((card, v));
        }
        let values = cards.iter().map(|x| x.1);
        let value = if maximizing { values.max() } else { values.min() };
        Solution { value: value.unwrap_or(base), cards }
    }

    /// Future points of the side from `s`: one search with the full
    /// window; or, given a guess, a narrow window around it first.
    fn future(&mut self, s: &PlayState, guess: Option<u32>) -> u32 {
        if s.is_over() {
            return 0;
        }
        self.total = Self::taken(s) + Self::remaining(s);
        let full = (-1, self.total as i32 + 1);
        if let (Some(g), true) = (guess, self.config.alpha_beta) {
            let (a, b) = (g as i32 - ASPIRATION, g as i32 + ASPIRATION);
            self.stats.iterations += 1;
            let v = self.search(s, a, b, 0);
            if v > a && v < b {
                return v as u32;
            }
        }
        self.stats.iterations += 1;
        self.search(s, full.0, full.1, 0) as u32
    }

    /// Future points of the side from `s`, known to lie in `lo..=hi`: one
    /// search with that window (and the full one, should it miss).
    fn future_within(&mut self, s: &PlayState, lo: i32, hi: i32) -> u32 {
        if s.is_over() {
            return 0;
        }
        self.total = Self::taken(s) + Self::remaining(s);
        self.stats.iterations += 1;
        let v = self.search(s, lo - 1, hi + 1, 0);
        if v >= lo && v <= hi {
            return v as u32;
        }
        self.future(s, None)
    }

    /// The last trick: every hand holds one card.
    #[inline(always)]
    fn last_trick(&self, s: &PlayState) -> i32 {
        // Decided from the card tables: no state to advance.
        let t = &self.cards;
        let n = s.players();
        let hands = s.hands();
        let mut seat = s.leader();
        let mut win_seat = seat;
        let mut win = hands[seat.index() & 3].bits().trailing_zeros() as usize & 31;
        let mut points = t.pts[win] as i32 + 10;
        for _ in 1..n {
            seat = seat.next(n);
            let c = hands[seat.index() & 3].bits().trailing_zeros() as usize & 31;
            points += t.pts[c] as i32;
            let ruff_c = (t.ruff >> c) & 1 != 0;
            let ruff_w = (t.ruff >> win) & 1 != 0;
            if (c >> 3 == win >> 3 && t.power[c] > t.power[win]) || (ruff_c && !ruff_w) {
                win = c;
                win_seat = seat;
            }
        }
        if self.counted(win_seat) { points } else { 0 }
    }

    /// The side's points from the trick `card` completes in `next`, 0 if
    /// the trick goes on or goes to the other side.
    #[inline(always)]
    fn gain(&self, s: &PlayState, next: &mut PlayState, card: Card) -> i32 {
        if next.step(card) {
            let w = next.leader();
            if self.counted(w) {
                return (next.points()[w.index() & 3] - s.points()[w.index() & 3]) as i32;
            }
        }
        0
    }

    /// Plain fail-soft alpha-beta to the end (for the last two tricks).
    fn lean(&mut self, s: &PlayState, mut alpha: i32, mut beta: i32) -> i32 {
        self.stats.nodes += 1;
        if s.current_trick().is_empty() && s.tricks_total() - s.tricks_played() == 1 {
            return self.last_trick(s);
        }
        if beta <= 0 {
            return 0;
        }
        let maximizing = self.maximizing(s.to_play());
        let mut best: i32 = if maximizing { -1 } else { i32::MAX };
        let mut m = s.legal().bits();
        while m != 0 {
            let card = Card::from_index(m.trailing_zeros() as u8)
                .expect("a set bit of a 32-card set is a card");
            m &= m - 1;
            let mut next = *s;
            let g = self.gain(s, &mut next, card);
            let v = g + self.lean(&next, alpha - g, beta.saturating_sub(g));
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(best);
            } else {
                best = best.min(v);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        best.max(0)
    }

    /// Future points of the side from `s`, exact when strictly inside
    /// (alpha, beta); otherwise a bound on that side of the window
    /// (fail-soft). Windows are signed: a child's window is shifted by
    /// the points its card took, and may fall below zero.
    /// The value of a node that needs no search: out of budget, the last
    /// trick, or a window no value can fall in.
    #[inline]
    fn settled(&mut self, s: &PlayState, alpha: i32, beta: i32, start: bool) -> Option<i32> {
        let cfg = self.config;
        if start {
            if self.stats.nodes > self.limit {
                // Give up (checked at trick starts only: cheap, and a
                // trick's own tree is small): unwind storing nothing.
                self.aborted = true;
                return Some(0);
            }
            let left = s.tricks_total().saturating_sub(s.tricks_played());
            if left == 0 {
                return Some(0);
            }
            if left == 1 {
                return Some(self.last_trick(s));
            }
        }
        if cfg.alpha_beta {
            // Every value is at least 0: with beta at or below 0 the node
            // already fails high (this keeps windows well formed).
            if beta <= 0 {
                return Some(0);
            }
            if cfg.quick_bounds {
                let rem = (self.total - Self::taken(s)) as i32;
                if rem <= alpha {
                    // Not even taking everything left reaches alpha.
                    return Some(rem);
                }
            }
        }
        None
    }

    /// The bound from the leader's side's quick tricks, when it settles
    /// the window: their sure points bound the count from below when the
    /// leader is counted, else from above.
    #[inline]
    fn quick(&mut self, s: &PlayState, alpha: i32, beta: i32) -> Option<i32> {
        // In распасы nobody wants tricks: sure winners bound nothing.
        if self.least || s.tricks_total() - s.tricks_played() < 3 {
            return None;
        }
        let leader = s.leader();
        let ours = if self.counted(leader) { self.side } else { !self.side & 15 };
        let sure = crate::quick::sure_points(s, &self.cards, ours) as i32;
        if self.counted(leader) {
            (sure >= beta).then_some(sure)
        } else {
            let rem = (self.total - Self::taken(s)) as i32;
            (rem - sure <= alpha).then_some(rem - sure)
        }
    }

    /// The transposition table's bounds for `key`: `Err(value)` when they
    /// settle the node, else the bounds found (narrowing the window).
    #[inline]
    fn probe(&mut self, key: &Key, alpha: &mut i32, beta: &mut i32) -> Result<Option<Bounds>, i32> {
        let Some(mut b) = self.bounds(key) else { return Ok(None) };
        b.best = b.best.map(|c| key.unkeyed(c, &self.cards.ranks));
        if b.lo == b.hi {
            self.stats.tt_hits += 1;
            return Err(b.lo as i32);
        }
        if self.config.alpha_beta {
            if b.lo as i32 >= *beta {
                self.stats.tt_hits += 1;
                return Err(b.lo as i32);
            }
            if b.hi as i32 <= *alpha {
                self.stats.tt_hits += 1;
                return Err(b.hi as i32);
            }
            *alpha = (*alpha).max(b.lo as i32);
            *beta = (*beta).min(b.hi as i32);
        }
        Ok(Some(b))
    }

    /// The table's bounds for `key`'s position: those stored for its key,
    /// widened by the points its cards differ by from the stored
    /// position's.
    #[inline(always)]
    fn bounds(&self, key: &Key) -> Option<Bounds> {
        let (mut b, stored) = self.tt.probe(key)?;
        if stored != key.live() {
            let (below, above) = key.slack(stored, &self.cards.ranks);
            b.lo = b.lo.saturating_sub(below);
            b.hi = b.hi.saturating_add(above);
        }
        Some(b)
    }

    /// The table's key of the trick start `s`.
    #[inline(always)]
    fn key(&self, s: &PlayState) -> Key {
        if self.config.relative_keys {
            Key::relative(s.hands(), s.leader(), &self.cards.ranks)
        } else {
            Key::new(s.hands(), s.leader())
        }
    }

    /// Stores `best`, found in the window `(alpha0, beta0)`, as the node's
    /// exact value or a bound, over what was `stored`.
    #[inline]
    fn store(
        &mut self,
        key: &Key,
        s: &PlayState,
        stored: Option<Bounds>,
        (best, best_card): (i32, Option<Card>),
        (alpha0, beta0): (i32, i32),
    ) {
        let rem = self.total - Self::taken(s);
        let (mut lo, mut hi) = stored.map_or((0, rem.min(255) as u8), |b| (b.lo, b.hi));
        let b = best.min(255) as u8;
        if !self.config.alpha_beta || (best > alpha0 && best < beta0) {
            (lo, hi) = (b, b);
        } else if best >= beta0 {
            lo = lo.max(b);
        } else {
            hi = hi.min(b);
        }
        let ranks = &self.cards.ranks;
        let best_card = best_card.or(stored.and_then(|b| b.best)).map(|c| key.keyed(c, ranks));
        self.tt.store(key, Bounds { lo, hi, best: best_card });
    }

    /// The value of the child `next` reached by a card worth `g`, the
    /// `k`-th tried: a null window first when a best is known (PVS).
    #[inline]
    fn child(
        &mut self,
        next: &PlayState,
        (g, k): (i32, usize),
        (alpha, beta): (i32, i32),
        maximizing: bool,
        ply: usize,
    ) -> i32 {
        let cfg = self.config;
        if !cfg.alpha_beta {
            self.search(next, -1, i32::MAX, ply + 1)
        } else if cfg.pvs && k > 0 && beta.saturating_sub(alpha) > 1 {
            // Null window first: is this card better than the best?
            let (sa, sb) = if maximizing { (alpha, alpha + 1) } else { (beta - 1, beta) };
            let r = self.search(next, sa - g, sb - g, ply + 1);
            if r + g > alpha && r + g < beta {
                self.stats.researches += 1;
                let (ra, rb) = if maximizing { (r + g - 1, beta) } else { (alpha, r + g + 1) };
                self.search(next, ra - g, rb.saturating_sub(g), ply + 1)
            } else {
                r
            }
        } else {
            self.search(next, alpha - g, beta.saturating_sub(g), ply + 1)
        }
    }

    /// The last two tricks: a tiny tree, searched without ordering, its
    /// value stored under `key`.
    fn last_two(
        &mut self,
        s: &PlayState,
        key: Option<&Key>,
        stored: Option<Bounds>,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        let best = self.lean(s, alpha, beta).max(0);
        if let Some(key) = key
            && !self.aborted
        {
            self.store(key, s, stored, (best, None), (alpha, beta));
        }
        best
    }

    fn search(&mut self, s: &PlayState, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.stats.nodes += 1;
        let cfg = self.config;
        let start = s.current_trick().is_empty();
        if let Some(v) = self.settled(s, alpha, beta, start) {
            return v;
        }
        let legal = s.legal();
        if legal.len() == 1 && !start {
            // A forced card: no choice to order, nothing to store.
            let card = legal.first().expect("a set bit of a 32-card set is a card");
            let mut next = *s;
            let g = self.gain(s, &mut next, card);
            return g + self.search(&next, alpha - g, beta.saturating_sub(g), ply + 1);
        }
        let use_tt = cfg.transposition && start;
        let key = if use_tt { Some(self.key(s)) } else { None };
        let mut stored: Option<Bounds> = None;
        if let Some(key) = &key {
            match self.probe(key, &mut alpha, &mut beta) {
                Err(v) => return v,
                Ok(b) => stored = b,
            }
        }
        if start
            && cfg.alpha_beta
            && cfg.quick_tricks
            && let Some(v) = self.quick(s, alpha, beta)
        {
            return v;
        }
        if start && cfg.alpha_beta && s.tricks_total() - s.tricks_played() == 2 {
            return self.last_two(s, key.as_ref(), stored, (alpha, beta));
        }
        let (best, best_card) = self.branch(s, legal, (alpha, beta), ply, stored);
        if self.aborted {
            return 0;
        }
        let mut best = best.max(0);
        if let Some(b) = stored {
            best = best.clamp(b.lo as i32, b.hi as i32);
        }
        if let Some(key) = &key {
            self.store(key, s, stored, (best, best_card), (alpha, beta));
        }
        best
    }

    /// Searches each legal card in order within the window; the best value
    /// and the card that gave it (none when every card failed).
    #[inline(always)]
    fn branch(
        &mut self,
        s: &PlayState,
        legal: CardSet,
        (mut alpha, mut beta): (i32, i32),
        ply: usize,
        stored: Option<Bounds>,
    ) -> (i32, Option<Card>) {
        let cfg = self.config;
        let maximizing = self.maximizing(s.to_play());
        let mut list = MoveList::new();
        let ordering = cfg.ordering.then(|| (&self.ordering, ply, stored.and_then(|b| b.best)));
        let others = generate(
            s,
            legal.bits(),
            &self.cards,
            self.maximizers(),
            cfg.equivalence,
            ordering,
            &mut list,
        );
        if let Some(hit) = self.etc(s, &list, (alpha, beta), maximizing) {
            return hit;
        }
        let bounds = cfg.alpha_beta && cfg.point_bounds;
        let mut seen = Seen::default();
        let mut best: i32 = if maximizing { -1 } else { i32::MAX };
        let mut best_card = None;
        let better = |v: i32, best: i32| if maximizing { v > best } else { v < best };
        for k in 0..list.len() {
            let card = list.pick(k);
            let group = bounds.then(|| self.group(card, legal, others)).flatten();
            if let Some((gid, pts)) = group
                && let Some(v) = seen.bound(gid, pts, maximizing, (alpha, beta))
            {
                // Played in the place of a card of its group, this one
                // cannot change the result.
                best = if maximizing { best.max(v) } else { best.min(v) };
                self.stats.point_skips += 1;
                continue;
            }
            let mut next = *s;
            let g = self.gain(s, &mut next, card);
            let v = g + self.child(&next, (g, k), (alpha, beta), maximizing, ply);
            if self.aborted {
                return (0, None);
            }
            if let Some((gid, pts)) = group {
                seen.note(gid, pts, v, (alpha, beta));
            }
            if better(v, best) {
                (best, best_card) = (v, Some(card));
            }
            if maximizing {
                alpha = alpha.max(best)
            } else {
                beta = beta.min(best)
            }
            if cfg.alpha_beta && alpha >= beta {
                self.cut(k, ply, card);
                break;
            }
        }
        (best, best_card)
    }

    /// Enhanced transposition cut-off at the last card of a trick (with
    /// [`ETC_LEFT`] tricks or more left, and a choice): a card whose next
    /// trick start the table already settles beyond the window.
    #[inline]
    fn etc(
        &mut self,
        s: &PlayState,
        list: &MoveList,
        (alpha, beta): (i32, i32),
        maximizing: bool,
    ) -> Option<(i32, Option<Card>)> {
        let cfg = self.config;
        if !(cfg.alpha_beta && cfg.transposition)
            || list.len() < 2
            || s.current_trick().len() + 1 != s.players() as usize
            || s.tricks_total() - s.tricks_played() < ETC_LEFT
        {
            return None;
        }
        for k in 0..list.len() {
            let card = list.card(k);
            let mut next = *s;
            let g = self.gain(s, &mut next, card);
            let Some(b) = self.bounds(&self.key(&next)) else { continue };
            if maximizing && g + b.lo as i32 >= beta {
                self.stats.tt_hits += 1;
                return Some((g + b.lo as i32, Some(card)));
            }
            if !maximizing && g + b.hi as i32 <= alpha {
                self.stats.tt_hits += 1;
                return Some((g + b.hi as i32, Some(card)));
            }
        }
        None
    }

    /// The group of `card` for point bounds: cards of a suit with no other
    /// player's card between them share one (the count of others' cards
    /// above them), with the card's points. Only a suit with two legal
    /// cards can have a group of two; a lone card has none.
    #[inline(always)]
    fn group(&self, card: Card, legal: CardSet, others: u32) -> Option<(u8, i32)> {
        let ci = card.index() as usize & 31;
        let suit = (legal.bits() >> (ci & !7)) as u8;
        (suit & suit.wrapping_sub(1) != 0).then(|| {
            let gid = (ci >> 3) as u8 * 16 + (self.cards.above[ci] & others).count_ones() as u8;
            (gid, self.cards.pts[ci] as i32)
        })
    }

    /// Counts a cut-off, and remembers its card for move ordering.
    #[inline(always)]
    fn cut(&mut self, k: usize, ply: usize, card: Card) {
        self.stats.cuts += 1;
        if k == 0 {
            self.stats.first_cuts += 1;
        }
        if self.config.ordering {
            self.ordering.cut(ply, card);
        }
    }
}

/// Cards already searched at a node, for point bounds: (group, points,
/// upper bound, lower bound), at most nine. Stored in 16 bits (values lie
/// within a few hundred points): one is made at every node.
#[derive(Default)]
struct Seen {
    cards: [(u8, i16, i16, i16); 9],
    n: usize,
}

impl Seen {
    /// The bound that makes a card of group `gid` worth `pts` not worth
    /// searching in the window, if there is one.
    #[inline(always)]
    fn bound(&self, gid: u8, pts: i32, maximizing: bool, (alpha, beta): (i32, i32)) -> Option<i32> {
        let (ub, lb) = group_bounds(&self.cards[..self.n], gid, pts);
        if maximizing && ub <= alpha {
            Some(ub)
        } else if !maximizing && lb >= beta {
            Some(lb)
        } else {
            None
        }
    }

    /// What the value `v` found in the window says of the card: an upper
    /// bound when it failed low, a lower one when it failed high.
    #[inline(always)]
    fn note(&mut self, gid: u8, pts: i32, v: i32, (alpha, beta): (i32, i32)) {
        if self.n == self.cards.len() {
            return;
        }
        let v = v.clamp(i16::MIN as i32 + 1, i16::MAX as i32 - 1) as i16;
        let (u, l) = if v as i32 <= alpha {
            (v, i16::MIN)
        } else if v as i32 >= beta {
            (i16::MAX, v)
        } else {
            (v, v)
        };
        self.cards[self.n] = (gid, pts as i16, u, l);
        self.n += 1;
    }
}

/// Bounds on the value of a card worth `pts` from the cards of its group
/// `gid` already searched (group, points, upper, lower bound): played in
/// another's place, a card's value differs by at most their difference in
/// points.
#[inline]
fn group_bounds(seen: &[(u8, i16, i16, i16)], gid: u8, pts: i32) -> (i32, i32) {
    let (mut ub, mut lb) = (i32::MAX, i32::MIN);
    for &(g2, p2, u2, l2) in seen {
        if g2 == gid {
            let d = (pts - p2 as i32).abs();
            if u2 != i16::MAX {
                ub = ub.min(u2 as i32 + d);
            }
            if l2 != i16::MIN {
                lb = lb.max(l2 as i32 - d);
            }
        }
    }
    (ub, lb)
}
