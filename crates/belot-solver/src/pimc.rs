//! `pimc`: Perfect-Information Monte Carlo, in every game. For a card to
//! play, the bot deals the cards it cannot see among the other hands (and
//! the stock), consistent with everything its seat knows
//! ([`PlayInfo`]), solves each such layout exactly with the double-dummy
//! solver, and plays the card with the best total. It bids by playouts
//! in every game ([`crate::bidding`]); announcing and the other choices
//! before the play are the heuristic bot's.
//!
//! The budget is deterministic (layouts and solver nodes, not time), so
//! the same views and the same seed give the same moves on any machine.

use belot_core::{Action, Card, CardSet};
use rand_core::RngCore;

use crate::bots::{Bot, HeuristicBot};
use crate::games::SolverGame;
use crate::knowledge::{Memory, Objective, PlayInfo};
use crate::odds::Stakes;
use crate::{Config, Solver};
use belot_core::{AnyView, Game, Seat, Standing};

/// How much a `pimc` decision may search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Most layouts solved per card played.
    pub samples: u32,
    /// Solver nodes for the whole decision: a layout that would go over
    /// is given up and left out (the first layout may use
    /// [`Budget::first`] even if more).
    pub nodes: u64,
    /// Nodes the first layout may always use.
    pub first: u64,
    /// Layouts played out per bidding decision (0 bids as the heuristic
    /// bot does).
    pub bids: u32,
}

impl Budget {
    /// 32 layouts within 600,000 nodes: a few milliseconds late in a
    /// deal, at most some tens of milliseconds at its first tricks (see
    /// docs/bots.md for the times per game). Since the table keys by
    /// relative rank, about 30 layouts fit a decision; a million nodes
    /// fitted all 32 more often, took no more points (three-player Belot,
    /// 53.7% against 53.6% of the points against `heuristic`) and its
    /// slowest decisions went over 100 ms. 128 layouts played out per
    /// call (512 measured no better: 49.8% of the points against 128 over
    /// 1,000 mirrored French deals).
    pub const DEFAULT: Budget = Budget { samples: 32, nodes: 600_000, first: 600_000, bids: 128 };
    /// A quarter of the layouts within a fifth of the nodes, a quarter of
    /// the playouts per call: the tables' medium level (`pimc:8:200000:32`).
    pub const MEDIUM: Budget = Budget { samples: 8, nodes: 200_000, first: 200_000, bids: 32 };
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// Layouts drawn for each one kept, weighed by the auction's calls.
const CALL_TRIES: usize = 16;

/// The PIMC bot.
pub struct PimcBot {
    /// The game (its play duties are the solver's).
    pub game: Game,
    /// The search budget of one card.
    pub budget: Budget,
    memory: Memory,
    solver: Option<Solver>,
    /// Where the match stands, in a whole match: calls are weighed by the
    /// chance to win it.
    standing: Option<Standing>,
    /// Decisions so far, and those where no layout fitted the budget (the
    /// heuristic bot chose).
    pub stats: PimcStats,
}

/// Counters of a [`PimcBot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PimcStats {
    /// Card decisions with a choice.
    pub decisions: u64,
    /// Layouts solved in all.
    pub layouts: u64,
    /// Solver nodes searched in all (given-up layouts included).
    pub nodes: u64,
    /// Decisions left to the heuristic bot: no layout fitted the budget.
    pub fallbacks: u64,
}

impl PimcBot {
    /// A PIMC bot for a table of `game`, with the default budget.
    pub fn new(game: Game) -> PimcBot {
        PimcBot::with_budget(game, Budget::default())
    }

    /// A PIMC bot with its own budget.
    pub fn with_budget(game: Game, budget: Budget) -> PimcBot {
        PimcBot {
            game,
            budget,
            memory: Memory::default(),
            solver: None,
            standing: None,
            stats: PimcStats::default(),
        }
    }

    /// What the match's score puts at stake for `seat`, in a whole match
    /// of two sides.
    fn stakes(&self, seat: Seat) -> Option<Stakes> {
        Stakes::new(&self.game, self.standing.as_ref()?, seat)
    }

    /// The card to play: the best total over the sampled layouts.
    fn choose(&mut self, info: &PlayInfo, legal: CardSet, rng: &mut dyn RngCore) -> Option<Card> {
        if legal.len() == 1 {
            return legal.first();
        }
        // Card points never meet the match's stakes: only a deal's score.
        let stakes = matches!(info.objective, Objective::Contract { .. })
            .then(|| self.stakes(info.me))
            .flatten();
        let stakes = stakes.as_ref();
        let solver =
            self.solver.get_or_insert_with(|| Solver::for_seats(info.side, Config::default()));
        if info.minimize {
            solver.reset_least(info.side);
        } else {
            solver.reset(info.side);
        }
        let mut totals = [0f64; 32];
        let (mut solved, mut nodes) = (0u32, 0u64);
        for _ in 0..self.budget.samples.max(1) {
            let left = self.budget.nodes.saturating_sub(nodes);
            let limit = if solved == 0 { left.max(self.budget.first) } else { left };
            if limit == 0 {
                break;
            }
            // Layouts weighed by the auction's calls (what each bidder's
            // calls say of his hand).
            let Some(hands) = info.sample_by_calls(rng, CALL_TRIES) else { continue };
            let Some(state) = info.position(hands) else { continue };
            // One table for every layout: its keys are whole positions,
            // so entries stay exact and later layouts reuse them.
            let solution = solver.solve_within(&state, limit);
            nodes += solver.stats.nodes;
            let Some(solution) = solution else { break };
            // Each card's worth as the seat's objective says (the deal's
            // score in two-player Belot, card points elsewhere).
            let in_play = crate::points_in_play(&state);
            for (card, v) in solution.cards {
                totals[card.index() as usize & 31] +=
                    match (stakes, info.objective.scores(v, in_play)) {
                        // In a match, a deal's score is worth the chance to win it.
                        (Some(stakes), Some((mine, theirs))) => stakes.value(&[mine, theirs]),
                        _ => info.objective.worth(v, in_play),
                    };
            }
            solved += 1;
        }
        self.stats.decisions += 1;
        self.stats.layouts += solved as u64;
        self.stats.nodes += nodes;
        if solved == 0 {
            self.stats.fallbacks += 1;
            return None;
        }
        // The best total (the least with the aim reversed); ties to the
        // lowest card, so the choice never depends on iteration order.
        let worth = |c: Card| {
            let t = totals[c.index() as usize & 31];
            if info.minimize { -t } else { t }
        };
        let mut best: Option<Card> = None;
        for c in legal {
            if best.is_none_or(|b| worth(c) > worth(b)) {
                best = Some(c);
            }
        }
        best
    }
}

impl Bot for PimcBot {
    fn name(&self) -> &'static str {
        "pimc"
    }

    fn observe(&mut self, view: &AnyView) {
        self.memory.observe(view);
    }

    fn release(&mut self) {
        self.solver = None;
    }

    fn standing(&mut self, standing: &Standing) {
        self.standing = Some(standing.clone());
    }

    fn act(&mut self, view: &AnyView, rng: &mut dyn RngCore) -> Action {
        let Some((info, legal)) = crate::bots::card_decision(view, &self.game, &mut self.memory)
        else {
            let bids = self.budget.bids;
            let stakes = self.stakes(view.seat());
            let call = match bids {
                0 => None,
                _ => belot_core::each_game!(AnyView, view, R, v => {
                    R::options_of(&self.game).and_then(|o| R::call(&o, v, bids, stakes.as_ref(), rng))
                }),
            };
            if let Some(call) = call {
                return call;
            }
            return HeuristicBot.act(view, rng);
        };
        let card = self.choose(&info, legal, rng);
        crate::bots::card_action(view, card, rng)
    }
}
