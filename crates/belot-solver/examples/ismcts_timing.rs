//! Times the `ismcts` bot's card decisions (French Belote, 4 players,
//! ismcts in the even seats against the heuristic bot):
//! `cargo run --release -p belot-solver --example ismcts_timing -- [DEALS] [ITERATIONS]`.

mod support;

use std::time::Instant;

use belot_core::{AnyDeal, Deal, Game};
use belot_core::{Deck, Seat};
use belot_solver::bots::{Bot, HeuristicBot};
use belot_solver::ismcts::{DEFAULT_ITERATIONS, Effort, IsmctsBot};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use support::Times;

fn main() {
    let args: Vec<u32> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let n = args.first().copied().unwrap_or(20);
    let iterations = args.get(1).copied().unwrap_or(DEFAULT_ITERATIONS);
    let game = Game::from_name("french").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut times = Vec::new();
    for k in 0..n as u64 {
        let mut table = AnyDeal::new(&game, Seat((k % 4) as u8), Deck::from_seed(99, k)).unwrap();
        let mut bot = IsmctsBot::with_effort(game, Effort::Iterations(iterations));
        while let Some(seat) = table.to_act() {
            let view = table.view(seat);
            let action = if seat.0 % 2 == 0 {
                let choice = view.playable().len() > 1;
                let t = Instant::now();
                let a = bot.act(&view, &mut rng);
                if choice {
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                }
                a
            } else {
                HeuristicBot.act(&view, &mut rng)
            };
            table.apply(seat, &action).unwrap();
        }
    }
    let t = Times::of(&mut times);
    println!(
        "ismcts ({iterations} iterations): {} decisions, mean {:.1} ms, median {:.1} ms, p99 {:.1} ms",
        t.count, t.mean, t.median, t.p99
    );
}
