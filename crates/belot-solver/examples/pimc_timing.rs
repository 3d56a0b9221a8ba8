//! Times the `pimc` bot's card decisions:
//! `cargo run --release -p belot-solver --example pimc_timing -- [DEALS] [GAME] [SAMPLES NODES | BOT]`
//! (default 200 deals of French Belote for 4 players, the default budget;
//! BOT a pimc bot by name, e.g. `medium` or `pimc:8:200000:32`). `pimc` plays in
//! the even seats against the heuristic bot; every card decision with
//! more than one legal card is timed, and every bidding decision. Prints
//! the mean, median, p99 and slowest decision of each kind and of all.

mod support;

use std::time::Instant;

use belot_core::{AnyDeal, Deal, Game};
use belot_core::{Deck, Seat};
use belot_solver::bots::{Bot, HeuristicBot};
use belot_solver::pimc::{Budget, PimcBot};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use support::Times;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let game = Game::from_name(args.get(1).map_or("french", |s| s.as_str())).unwrap();
    let players = game.players();
    let budget = match (
        args.get(2).and_then(|a| a.parse().ok()),
        args.get(3).and_then(|a| a.parse().ok()),
    ) {
        (Some(samples), Some(nodes)) => Budget { samples, nodes, first: nodes, ..Budget::DEFAULT },
        _ => match args.get(2).map(|a| a.parse::<belot_solver::bots::BotKind>()) {
            Some(Ok(belot_solver::bots::BotKind::Pimc(b))) => b,
            Some(_) => panic!("{:?} is not a pimc bot", args[2]),
            None => Budget::default(),
        },
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut times = Vec::new();
    let mut bids = Vec::new();
    let mut stats = belot_solver::pimc::PimcStats::default();
    for k in 0..n {
        let mut table =
            AnyDeal::new(&game, Seat((k % players as u64) as u8), Deck::from_seed(99, k)).unwrap();
        let mut pimc: Vec<PimcBot> =
            (0..players).map(|_| PimcBot::with_budget(game, budget)).collect();
        while let Some(seat) = table.to_act() {
            let view = table.view(seat);
            let action = if seat.0 % 2 == 0 {
                let choice = view.playable().len() > 1;
                let bid = view.legal().iter().any(|a| {
                    matches!(a, belot_core::Action::Take | belot_core::Action::Name { .. })
                });
                let t = Instant::now();
                let a = pimc[seat.index()].act(&view, &mut rng);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                if choice {
                    times.push(ms);
                } else if bid {
                    bids.push(ms);
                }
                a
            } else {
                HeuristicBot.act(&view, &mut rng)
            };
            table.apply(seat, &action).unwrap();
        }
        for p in &pimc {
            stats.decisions += p.stats.decisions;
            stats.layouts += p.stats.layouts;
            stats.fallbacks += p.stats.fallbacks;
            stats.nodes += p.stats.nodes;
        }
    }
    assert!(!times.is_empty(), "no decisions timed");
    let b = budget;
    println!(
        "pimc ({}, up to {} layouts, {} nodes per card, {} playouts per call):",
        game.name(),
        b.samples,
        b.nodes,
        b.bids
    );
    let mut all: Vec<f64> = times.iter().chain(&bids).copied().collect();
    for (what, xs) in [("cards", &mut times), ("calls", &mut bids), ("all", &mut all)] {
        if xs.is_empty() {
            continue;
        }
        let t = Times::of(xs);
        println!(
            "  {what:5} {:6} decisions, mean {:.1} ms, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            t.count, t.mean, t.median, t.p99, t.max
        );
    }
    println!(
        "{:.1} layouts per decision, {:.0} nodes per layout; {} of {} decisions left to the heuristic (no layout within budget)",
        stats.layouts as f64 / stats.decisions.max(1) as f64,
        stats.nodes as f64 / stats.layouts.max(1) as f64,
        stats.fallbacks,
        stats.decisions
    );
}
