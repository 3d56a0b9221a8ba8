//! α-μ search (Cazenave and Ventos): the seat's own next card chosen once
//! for every layout it cannot tell apart, instead of once per layout as
//! double-dummy solving assumes (strategy fusion). The others play each
//! layout as the solver does; the last of the seat's cards searched is
//! valued by the solver in each layout.

use belot_core::{Card, PlayState, Seat};

use crate::search::Solver;

/// A value per layout (`NAN` where the layout is not in the node).
type Vector = Vec<f64>;

/// The search of one decision.
pub struct AlphaMu<'a> {
    /// The layouts, the seat to move in each.
    pub worlds: Vec<PlayState>,
    /// What a side's final card points are worth in each layout.
    pub worth: &'a dyn Fn(usize, u32) -> f64,
    /// The seats playing for the seat's side (bit per seat).
    pub side: u8,
    /// The seat deciding.
    pub me: Seat,
    /// The solver valuing the leaves (its side set to `side`).
    pub solver: &'a mut Solver,
    /// Largest front kept (the best means).
    pub cap: usize,
    /// Leaves solved.
    pub leaves: u64,
    /// Solver nodes allowed in all; the search gives up beyond.
    pub limit: u64,
    /// Solver nodes searched so far.
    pub nodes: u64,
}

impl AlphaMu<'_> {
    /// Each legal card's best mean over the layouts, looking `m` of the
    /// seat's own cards ahead (m ≥ 1).
    pub fn root(&mut self, m: u32) -> Option<Vec<(Card, f64)>> {
        let all: Vec<usize> = (0..self.worlds.len()).collect();
        let states: Vec<PlayState> = self.worlds.clone();
        let legal = states[0].legal();
        let n = all.len() as f64;
        let mut out = Vec::new();
        for c in legal {
            let next: Vec<PlayState> = states
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.step(c);
                    s
                })
                .collect();
            let front = if m <= 1 {
                vec![self.leaf_after(&all, &next)]
            } else {
                self.others(&all, &next, m - 1)
            };
            let best = front
                .iter()
                .map(|v| all.iter().map(|&w| v[w]).sum::<f64>() / n)
                .fold(f64::NEG_INFINITY, f64::max);
            out.push((c, best));
            if self.nodes >= self.limit {
                return None;
            }
        }
        Some(out)
    }

    /// Values of positions reached after the seat's last searched card.
    fn leaf_after(&mut self, set: &[usize], states: &[PlayState]) -> Vector {
        let mut v = vec![f64::NAN; self.worlds.len()];
        for (&w, s) in set.iter().zip(states) {
            let left = self.limit.saturating_sub(self.nodes);
            let pts = if left == 0 { None } else { self.solver.value_within(s, left) };
            self.nodes += self.solver.stats.nodes;
            self.leaves += 1;
            let Some(pts) = pts else {
                self.nodes = self.limit;
                return v.iter().map(|_| 0.0).collect();
            };
            v[w] = (self.worth)(w, pts);
        }
        v
    }

    /// The seat to move next is another: each layout's player picks his
    /// card as the solver would, for every front of the seat's choices.
    fn others(&mut self, set: &[usize], states: &[PlayState], m: u32) -> Vec<Vector> {
        let s0 = &states[0];
        if s0.is_over() {
            return vec![self.leaf_after(set, states)];
        }
        let seat = s0.to_play();
        if seat == self.me {
            return self.mine(set, states, m);
        }
        let ours = self.side & (1 << seat.index()) != 0;
        let mut cards = belot_core::CardSet::EMPTY;
        for s in states {
            cards |= s.legal();
        }
        let init = if ours { f64::NEG_INFINITY } else { f64::INFINITY };
        let mut acc: Vec<Vector> = vec![set_vector(self.worlds.len(), set, init)];
        for c in cards {
            let (sub, next): (Vec<usize>, Vec<PlayState>) = set
                .iter()
                .zip(states)
                .filter(|(_, s)| s.legal().contains(c))
                .map(|(&w, s)| {
                    let mut s = s.clone();
                    s.step(c);
                    (w, s)
                })
                .unzip();
            let child = self.others(&sub, &next, m);
            let mut combined = Vec::with_capacity(acc.len() * child.len());
            for a in &acc {
                for b in &child {
                    let mut v = a.clone();
                    for &w in &sub {
                        v[w] = if ours { v[w].max(b[w]) } else { v[w].min(b[w]) };
                    }
                    combined.push(v);
                }
            }
            acc = self.reduce_to(set, combined, self.cap * 4);
        }
        self.reduce(set, acc)
    }

    /// The seat moves again: one card for every layout still possible.
    fn mine(&mut self, set: &[usize], states: &[PlayState], m: u32) -> Vec<Vector> {
        if m <= 1 {
            // The solver's value of each card in each layout.
            let mut by_card: Vec<(Card, Vector)> = Vec::new();
            for (&w, s) in set.iter().zip(states) {
                let left = self.limit.saturating_sub(self.nodes);
                let sol = if left == 0 { None } else { self.solver.solve_within(s, left) };
                self.nodes += self.solver.stats.nodes;
                self.leaves += 1;
                let Some(sol) = sol else {
                    self.nodes = self.limit;
                    return vec![vec![0.0; self.worlds.len()]];
                };
                for (c, pts) in sol.cards {
                    let v = (self.worth)(w, pts);
                    match by_card.iter_mut().find(|(k, _)| *k == c) {
                        Some((_, vec)) => vec[w] = v,
                        None => {
                            let mut vec = vec![f64::NAN; self.worlds.len()];
                            vec[w] = v;
                            by_card.push((c, vec));
                        }
                    }
                }
            }
            let all = by_card.into_iter().map(|(_, v)| v).collect();
            return self.reduce(set, all);
        }
        let mut all = Vec::new();
        for c in states[0].legal() {
            let next: Vec<PlayState> = states
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s.step(c);
                    s
                })
                .collect();
            all.extend(self.others(set, &next, m - 1));
        }
        self.reduce(set, all)
    }

    /// The vectors no other beats in every layout of `set`, at most `cap`
    /// of them (the best means).
    fn reduce(&self, set: &[usize], vs: Vec<Vector>) -> Vec<Vector> {
        self.reduce_to(set, vs, self.cap)
    }

    fn reduce_to(&self, set: &[usize], mut vs: Vec<Vector>, cap: usize) -> Vec<Vector> {
        let mean = |v: &Vector| set.iter().map(|&w| v[w]).filter(|x| x.is_finite()).sum::<f64>();
        vs.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
        let mut out: Vec<Vector> = Vec::new();
        for v in vs {
            let dominated = out.iter().any(|o| set.iter().all(|&w| o[w] >= v[w]));
            if !dominated {
                out.push(v);
                if out.len() >= cap {
                    break;
                }
            }
        }
        out
    }
}

/// A vector holding `x` in the layouts of `set`.
fn set_vector(n: usize, set: &[usize], x: f64) -> Vector {
    let mut v = vec![f64::NAN; n];
    for &w in set {
        v[w] = x;
    }
    v
}

#[cfg(test)]
mod tests {
    use belot_core::play::{PlayRules, PlayState};
    use belot_core::{CardSet, Contract, Deck, Seat, Suit};

    use super::AlphaMu;
    use crate::{Config, Solver};

    fn position(seed: u64, per: usize, leader: u8) -> PlayState {
        let deck = Deck::from_seed(seed, 0);
        let mut hands = [CardSet::EMPTY; 4];
        for (p, hand) in hands.iter_mut().enumerate() {
            for &c in &deck.cards()[p * per..(p + 1) * per] {
                hand.insert(c);
            }
        }
        let contract = Contract::Suit(Suit::Hearts);
        PlayState::new(hands, 4, true, contract, PlayRules::FRENCH, Seat(leader))
    }

    /// With every layout the same there is nothing to fuse: α-μ gives
    /// each card its double-dummy value.
    #[test]
    fn one_layout_gives_the_double_dummy_values() {
        for seed in 0..30 {
            let s = position(seed, 4, (seed % 4) as u8);
            let me = s.to_play();
            let side = (1u8 << me.index()) | (1u8 << ((me.index() + 2) % 4));
            let mut solver = Solver::for_seats(side, Config::default());
            let dd = solver.solve(&s);
            let worth = |_: usize, v: u32| v as f64;
            let mut am = AlphaMu {
                worlds: vec![s.clone(), s.clone(), s.clone()],
                worth: &worth,
                side,
                me,
                solver: &mut solver,
                cap: 16,
                leaves: 0,
                limit: u64::MAX,
                nodes: 0,
            };
            for m in 1..=3 {
                let vals = am.root(m).unwrap();
                for (c, v) in vals {
                    let want = dd.cards.iter().find(|(k, _)| *k == c).unwrap().1 as f64;
                    assert_eq!(v, want, "seed {seed} m {m} card {c:?}");
                }
            }
        }
    }

    /// Choosing its next card once for the layouts it cannot tell apart,
    /// the seat never expects more than double-dummy play in each layout
    /// promises on average.
    #[test]
    fn fusion_free_values_never_exceed_the_mean_of_the_layouts() {
        for seed in 0..20u64 {
            let s = position(seed, 4, 0);
            let me = s.to_play();
            let side = 0b0101;
            // Other layouts: the three others' cards dealt again.
            let others: Vec<_> = (1..4).flat_map(|p| s.hand(Seat(p)).iter().collect::<Vec<_>>()).collect();
            let mut worlds = Vec::new();
            for k in 0..4u64 {
                let mut cards = others.clone();
                let n = cards.len();
                for i in 0..n {
                    let j = ((seed * 31 + k * 17 + i as u64 * 7) % n as u64) as usize;
                    cards.swap(i, j);
                }
                let mut hands = *s.hands();
                for p in 1..4 {
                    hands[p] = cards[(p - 1) * 4..p * 4].iter().copied().collect();
                }
                worlds.push(PlayState::new(hands, 4, true, s.contract(), PlayRules::FRENCH, Seat(0)));
            }
            let mut solver = Solver::for_seats(side, Config::default());
            let mut mean = std::collections::HashMap::new();
            for w in &worlds {
                for (c, v) in solver.solve(w).cards {
                    *mean.entry(c).or_insert(0.0) += v as f64 / worlds.len() as f64;
                }
            }
            let worth = |_: usize, v: u32| v as f64;
            let mut am = AlphaMu { worlds, worth: &worth, side, me, solver: &mut solver, cap: 64, leaves: 0, limit: u64::MAX, nodes: 0 };
            for (c, v) in am.root(2).unwrap() {
                assert!(v <= mean[&c] + 1e-9, "seed {seed}: {c:?} {v} > {}", mean[&c]);
            }
        }
    }
}
