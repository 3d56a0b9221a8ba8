//! `ismcts`: Information Set Monte Carlo Tree Search (single observer,
//! Cowling, Powley and Whitehouse 2012), a baseline for the card play in
//! every game. Each iteration deals the unseen cards consistent with what
//! the seat knows ([`PlayInfo`]), walks one tree of the seat's information
//! sets by UCB1 among the cards legal in that layout (counting how often
//! each was available), adds one node, plays random cards to the end, and
//! credits each node with its mover's share of the points. The card
//! played is the most visited. Bidding and the other choices before the
//! play are the heuristic bot's.

use std::time::{Duration, Instant};

use belot_core::{Action, Card, CardSet, PlayState, PlayoutRng};
use rand_core::{RngCore, SeedableRng};

use crate::bots::{Bot, HeuristicBot, below};
use crate::knowledge::{Memory, PlayInfo};
use belot_core::{AnyView, Game};

/// How long an `ismcts` decision may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// A fixed number of iterations (deterministic).
    Iterations(u32),
    /// As many iterations as fit in this time.
    Time(Duration),
}

/// The ISMCTS bot.
pub struct IsmctsBot {
    /// The game (its play duties).
    pub game: Game,
    /// The search effort of one card.
    pub effort: Effort,
    /// The UCB1 exploration constant (rewards are shares of the points,
    /// 0 to 1).
    pub exploration: f64,
    memory: Memory,
    tree: Vec<Node>,
}

/// About 100 ms of search per card on the machines we measure on (2-core
/// AMD EPYC VMs), as a fixed count so that results repeat.
pub const DEFAULT_ITERATIONS: u32 = 60_000;

#[derive(Clone, Copy)]
struct Node {
    /// The card that led here (from the parent).
    card: u8,
    /// Index of the first child and of the next sibling (0: none).
    child: u32,
    sibling: u32,
    visits: u32,
    /// Times this node's card was legal when its parent was visited.
    avail: u32,
    /// Sum of the rewards of the player who played `card`.
    reward: f64,
}

impl IsmctsBot {
    /// An ISMCTS bot for a table of `game`, with [`DEFAULT_ITERATIONS`].
    pub fn new(game: Game) -> IsmctsBot {
        IsmctsBot::with_effort(game, Effort::Iterations(DEFAULT_ITERATIONS))
    }

    /// An ISMCTS bot with its own effort.
    pub fn with_effort(game: Game, effort: Effort) -> IsmctsBot {
        IsmctsBot { game, effort, exploration: 0.7, memory: Memory::default(), tree: Vec::new() }
    }

    fn add(&mut self, parent: usize, card: Card) -> usize {
        let i = self.tree.len();
        self.tree.push(Node {
            card: card.index(),
            child: 0,
            sibling: self.tree[parent].child,
            visits: 0,
            avail: 0,
            reward: 0.0,
        });
        self.tree[parent].child = i as u32;
        i
    }

    /// The mover's reward at the end of a playout: his side's share of
    /// the points, or what is left of it when the aim is reversed.
    fn reward(info: &PlayInfo, end: &PlayState, seat: usize) -> f64 {
        let p = end.points();
        let total: u32 = p.iter().sum();
        let side = info.sides[seat & 3];
        let mine: u32 = (0..4).filter(|&i| (side >> i) & 1 != 0).map(|i| p[i]).sum();
        let share = if total == 0 { 0.5 } else { mine as f64 / total as f64 };
        if info.minimize { 1.0 - share } else { share }
    }

    fn choose(&mut self, info: &PlayInfo, legal: CardSet, rng: &mut dyn RngCore) -> Option<Card> {
        if legal.len() == 1 {
            return legal.first();
        }
        self.tree.clear();
        self.tree.push(Node { card: 0, child: 0, sibling: 0, visits: 0, avail: 0, reward: 0.0 });
        let mut prng = PlayoutRng::seed_from_u64(rng.next_u64());
        let start = Instant::now();
        let mut path: Vec<(usize, usize)> = Vec::with_capacity(40);
        let mut done = 0u32;
        loop {
            match self.effort {
                Effort::Iterations(n) if done >= n => break,
                Effort::Time(t) if done > 0 && done.is_multiple_of(64) && start.elapsed() >= t => {
                    break;
                }
                _ => {}
            }
            done += 1;
            let Some(hands) = info.sample(rng) else { continue };
            let Some(mut s) = info.position(hands) else { continue };
            path.clear();
            self.descend(&mut s, &mut path, rng);
            // Simulation, then every node on the path gets its mover's
            // reward.
            s.playout(&mut prng);
            for &(n, mover) in &path {
                let r = Self::reward(info, &s, mover);
                let node = &mut self.tree[n];
                node.visits += 1;
                node.reward += r;
            }
        }
        self.most_visited(legal)
    }

    /// Selection and expansion in one sampled layout: down the tree by
    /// UCB1 over the children legal here, until a card not tried yet is
    /// added; `path` gets each node and its mover.
    fn descend(
        &mut self,
        s: &mut PlayState,
        path: &mut Vec<(usize, usize)>,
        rng: &mut dyn RngCore,
    ) {
        let mut node = 0usize;
        while !s.is_over() {
            let legal_here = s.legal();
            let mover = s.to_play().index();
            let untried = self.untried(node, legal_here);
            if !untried.is_empty() {
                let card =
                    untried.nth(below(rng, untried.len())).expect("an index below the count");
                let child = self.add(node, card);
                self.tree[child].avail += 1;
                s.step(card);
                path.push((child, mover));
                return;
            }
            node = self.ucb1(node, legal_here);
            let card =
                Card::from_index(self.tree[node].card).expect("a stored card index is a card");
            s.step(card);
            path.push((node, mover));
        }
    }

    /// The cards legal here that `node` has no child for; each child legal
    /// here counts one more time available.
    fn untried(&mut self, node: usize, legal_here: CardSet) -> CardSet {
        let mut untried = legal_here;
        let mut c = self.tree[node].child as usize;
        while c != 0 {
            let card = Card::from_index(self.tree[c].card).expect("a stored card index is a card");
            if legal_here.contains(card) {
                untried.remove(card);
                self.tree[c].avail += 1;
            }
            c = self.tree[c].sibling as usize;
        }
        untried
    }

    /// The child of `node` legal here with the best UCB1 value.
    fn ucb1(&self, node: usize, legal_here: CardSet) -> usize {
        let mut best = (f64::NEG_INFINITY, 0usize);
        let mut c = self.tree[node].child as usize;
        while c != 0 {
            let n = &self.tree[c];
            let card = Card::from_index(n.card).expect("a stored card index is a card");
            if legal_here.contains(card) {
                let v = n.reward / n.visits.max(1) as f64
                    + self.exploration
                        * ((n.avail.max(1) as f64).ln() / n.visits.max(1) as f64).sqrt();
                if v > best.0 {
                    best = (v, c);
                }
            }
            c = self.tree[c].sibling as usize;
        }
        best.1
    }

    /// The most visited legal card at the root; ties to the lowest card.
    fn most_visited(&self, legal: CardSet) -> Option<Card> {
        let mut best: Option<(u32, std::cmp::Reverse<u8>, Card)> = None;
        let mut c = self.tree[0].child as usize;
        while c != 0 {
            let n = self.tree[c];
            let card = Card::from_index(n.card).expect("a stored card index is a card");
            if legal.contains(card) {
                let key = (n.visits, std::cmp::Reverse(n.card), card);
                if best.is_none_or(|b| (key.0, key.1) > (b.0, b.1)) {
                    best = Some(key);
                }
            }
            c = n.sibling as usize;
        }
        best.map(|b| b.2)
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn observe(&mut self, view: &AnyView) {
        self.memory.observe(view);
    }

    fn act(&mut self, view: &AnyView, rng: &mut dyn RngCore) -> Action {
        let Some((info, legal)) = crate::bots::card_decision(view, &self.game, &mut self.memory)
        else {
            return HeuristicBot.act(view, rng);
        };
        let card = self.choose(&info, legal, rng);
        crate::bots::card_action(view, card, rng)
    }
}
