//! Random-playout throughput, the same workload as `bench/colver_playouts.py`:
//! DEALS random deals (hearts trump, seat 0's side takes, seat 0 leads),
//! ROLLOUTS playouts from each: copy the start of play, play uniformly
//! random legal cards to the end, score the deal.
//!
//! `cargo run --release -p belot-core --example playouts -- [DEALS] [ROLLOUTS] [SEED]`
//!
//! Prints one JSON line per random generator (ChaCha8 and Xoshiro256++)
//! and asserts the answer: every playout deals out 162 card points, and the
//! mean recorded points are in range.

use std::time::Instant;

#[path = "../benches/support/mod.rs"]
#[allow(dead_code)] // the benchmark uses the rest
mod support;
use belot_core::french::FrenchOptions;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use support::{playout, start};

fn run<R: RngCore>(name: &str, mut rng: R, deals: u64, rollouts: u64, seed: u64) {
    let options = FrenchOptions::default();
    let starts: Vec<_> = (0..deals).map(|k| start(seed, k)).collect();
    let mut total = [0i64; 2];
    let t = Instant::now();
    for s in &starts {
        for _ in 0..rollouts {
            let (r, cards) = playout(s, &options, &mut rng);
            assert_eq!(cards, 162);
            total[0] += r[0] as i64;
            total[1] += r[1] as i64;
        }
    }
    let seconds = t.elapsed().as_secs_f64();
    let n = deals * rollouts;
    // Without announcements a deal records 162 (252 capot) + 20 belote at
    // most, less only when a litige holds the taker's points.
    let mean = (total[0] + total[1]) as f64 / n as f64;
    assert!((140.0..=272.0).contains(&mean), "mean recorded points {mean} out of range");
    println!(
        "{{\"engine\":\"belot\",\"rng\":\"{name}\",\"playouts\":{n},\"seconds\":{seconds:.4},\
         \"playouts_per_sec\":{:.0},\"mean_recorded\":[{:.2},{:.2}]}}",
        n as f64 / seconds,
        total[0] as f64 / n as f64,
        total[1] as f64 / n as f64
    );
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(2000);
    let rollouts = args.get(1).copied().unwrap_or(1000);
    let seed = args.get(2).copied().unwrap_or(1);
    run("chacha8", ChaCha8Rng::seed_from_u64(seed), deals, rollouts, seed);
    run("xoshiro256++", Xoshiro256PlusPlus::seed_from_u64(seed), deals, rollouts, seed);
}
