//! Times the `pimc` bot's card decisions in French Belote (4 players,
//! pimc in seats 0 and 2 against the heuristic bot): mean, median, p99
//! and the slowest, over the card plays of `N` deals (argument 1, default
//! 200) where it had more than one legal card.

use std::time::Instant;

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::{Action, Deck, Seat};
use belot_solver::bots::{Bot, HeuristicBot};
use belot_solver::pimc::PimcBot;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let options = FrenchOptions::default();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut times = Vec::new();
    for k in 0..n {
        let mut deal =
            FrenchDeal::new(options, Seat((k % 4) as u8), Deck::from_seed(99, k)).unwrap();
        let mut pimc = PimcBot::new(options);
        while let Some(seat) = deal.to_act() {
            let view = deal.view(seat);
            let cards = view.legal.iter().filter(|a| matches!(a, Action::Play { .. })).count();
            let action = if seat.0 % 2 == 0 && cards > 1 {
                let t = Instant::now();
                let a = pimc.act(&view, &mut rng);
                times.push(t.elapsed().as_secs_f64() * 1e3);
                a
            } else if seat.0 % 2 == 0 {
                pimc.act(&view, &mut rng)
            } else {
                HeuristicBot.act(&view, &mut rng)
            };
            deal.apply(seat, &action).unwrap();
        }
    }
    assert!(!times.is_empty(), "no decisions timed");
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "pimc ({} samples): {} decisions, mean {mean:.1} ms, median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        PimcBot::DEFAULT_SAMPLES,
        times.len(),
        q(0.5),
        q(0.99),
        q(1.0)
    );
}
