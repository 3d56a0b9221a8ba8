//! Random playouts (the workload compared with colver, see
//! `bench/compare-colver.sh`) and legal-move generation. Every iteration
//! reseeds its generator and asserts the answer it timed.

#![allow(missing_docs)] // criterion_group! generates an undocumented fn

mod support;
use belot_core::french::FrenchOptions;
use belot_core::play::PlayState;
use belot_core::three_player::ThreeOptions;
use belot_core::two_player::TwoOptions;
use belot_core::{Contract, PlayoutRng, Seat, Suit};
use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use support::{PlayoutStart, playout, playout_three, playout_two, start, start_three, start_two};

const DEALS: u64 = 16;
const PER_DEAL: u64 = 64;

/// Sum of both sides' recorded points over all playouts of one iteration;
/// asserts that every playout dealt out exactly 162 card points.
fn batch<R: RngCore>(starts: &[PlayoutStart], options: &FrenchOptions, rng: &mut R) -> i64 {
    let mut total = 0i64;
    for s in starts {
        for _ in 0..PER_DEAL {
            let (r, cards) = playout(s, options, rng);
            assert_eq!(cards, 162);
            total += (r[0] + r[1]) as i64;
        }
    }
    total
}

/// Sum of the recorded points over `PER_DEAL` playouts of each start by
/// `playout` (which returns a playout's recorded points, summed, and the
/// card points it dealt out); asserts that each playout dealt out the
/// card points `expected` of its start.
fn batch_of<S>(starts: &[S], expected: &[u32], mut playout: impl FnMut(&S) -> (i64, u32)) -> i64 {
    let mut total = 0i64;
    for (s, &want) in starts.iter().zip(expected) {
        for _ in 0..PER_DEAL {
            let (r, cards) = playout(s);
            assert_eq!(cards, want);
            total += r;
        }
    }
    total
}

fn check(total: i64) {
    // 162 or 252 per deal plus belote, less any litige held points.
    let n = (DEALS * PER_DEAL) as i64;
    assert!(total > 140 * n && total < 272 * n, "implausible total {total}");
}

fn playouts(c: &mut Criterion) {
    let options = FrenchOptions::default();
    let starts: Vec<PlayoutStart> = (0..DEALS).map(|k| start(1, k)).collect();
    let mut g = c.benchmark_group("french_playout");
    g.throughput(Throughput::Elements(DEALS * PER_DEAL));
    // One generator for the whole run, never reseeded: replaying the same
    // games every iteration would let the branch predictor learn them.
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    g.bench_function("chacha8", |b| {
        b.iter(|| check(batch(black_box(&starts), &options, &mut rng)))
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    g.bench_function("xoshiro256pp", |b| {
        b.iter(|| check(batch(black_box(&starts), &options, &mut rng)))
    });
    g.finish();
}

fn two_player_playouts(c: &mut Criterion) {
    let options = TwoOptions::default();
    let mut g = c.benchmark_group("two_player_playout");
    g.throughput(Throughput::Elements(DEALS * PER_DEAL));
    for (name, contract) in [
        ("suit", Contract::Suit(Suit::Hearts)),
        ("all_trumps", Contract::AllTrumps),
        ("no_trumps", Contract::NoTrumps),
    ] {
        let starts: Vec<PlayState> = (0..DEALS).map(|k| start_two(3, k, contract)).collect();
        // Each playout deals out the card points of its 18 cards plus 10.
        let expected: Vec<u32> = starts
            .iter()
            .map(|s| contract.set_points(s.hand(Seat(0)) | s.hand(Seat(1))) + 10)
            .collect();
        let mut rng = PlayoutRng::seed_from_u64(42);
        g.bench_function(name, |b| {
            b.iter(|| {
                let total = batch_of(black_box(&starts), &expected, |s| {
                    let (r, cards) = playout_two(s, &options, &mut rng);
                    ((r[0] + r[1]) as i64, cards)
                });
                assert!(total > 0);
            })
        });
    }
    g.finish();
}

fn three_player_playouts(c: &mut Criterion) {
    let options = ThreeOptions::default();
    let mut g = c.benchmark_group("three_player_playout");
    g.throughput(Throughput::Elements(DEALS * PER_DEAL));
    let starts: Vec<PlayState> = (0..DEALS).map(|k| start_three(4, k)).collect();
    let contract = Contract::Suit(Suit::Hearts);
    let expected: Vec<u32> = starts
        .iter()
        .map(|s| contract.set_points(s.hand(Seat(0)) | s.hand(Seat(1)) | s.hand(Seat(2))) + 10)
        .collect();
    let mut rng = PlayoutRng::seed_from_u64(42);
    g.bench_function("suit", |b| {
        b.iter(|| {
            let total = batch_of(black_box(&starts), &expected, |s| {
                let (r, cards) = playout_three(s, &options, &mut rng);
                (r as i64, cards)
            });
            assert!(total > 0);
        })
    });
    g.finish();
}

fn legal_moves(c: &mut Criterion) {
    // Legal plays at every position of 16 fixed random games.
    let starts: Vec<PlayoutStart> = (0..DEALS).map(|k| start(2, k)).collect();
    let mut positions = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for s in &starts {
        let mut st = s.state;
        while !st.is_over() {
            positions.push(st);
            let legal = st.legal();
            let k = rng.next_u32() as usize % legal.len();
            st.step(legal.nth(k).unwrap());
        }
    }
    let expected: u32 = positions.iter().map(|p| p.legal().bits().count_ones()).sum();
    let mut g = c.benchmark_group("legal_plays");
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("french_hearts", |b| {
        b.iter(|| {
            let n: u32 = black_box(&positions).iter().map(|p| p.legal().bits().count_ones()).sum();
            assert_eq!(n, expected);
        })
    });
    g.finish();
}

criterion_group!(benches, playouts, two_player_playouts, three_player_playouts, legal_moves);
criterion_main!(benches);
