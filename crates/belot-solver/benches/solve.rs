//! Exact double-dummy values of full French deals (hearts trump, seat 0
//! leads, for seat 0's side). Each iteration asserts the values it found.
#![allow(missing_docs)] // criterion_group! generates an undocumented fn

use belot_core::play::{PlayRules, PlayState};
use belot_core::{CardSet, Contract, Deck, Seat, Suit};
use belot_solver::{Config, Solver};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

fn deal(k: u64) -> PlayState {
    let deck = Deck::from_seed(1, k);
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &c) in deck.cards().iter().enumerate() {
        hands[i / 8].insert(c);
    }
    PlayState::new(hands, 4, true, Contract::Suit(Suit::Hearts), PlayRules::FRENCH, Seat(0))
}

fn solve(c: &mut Criterion) {
    let deals: Vec<PlayState> = (1..6).map(deal).collect();
    let values: Vec<u32> =
        deals.iter().map(|s| Solver::new(s, Seat(0), Config::default()).value(s)).collect();
    let mut g = c.benchmark_group("solver");
    g.sample_size(10);
    g.bench_function("french_full_deal_value_x5", |b| {
        b.iter(|| {
            for (s, &v) in black_box(&deals).iter().zip(&values) {
                assert_eq!(Solver::new(s, Seat(0), Config::default()).value(s), v);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
