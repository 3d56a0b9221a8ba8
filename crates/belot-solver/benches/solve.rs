//! Exact double-dummy values of full French deals (hearts trump, seat 0
//! leads, for seat 0's side), of every card of them, and the `pimc` bot's
//! first card of a deal. Each iteration asserts the answers it timed.
#![allow(missing_docs)] // criterion_group! generates an undocumented fn

use belot_core::play::{PlayRules, PlayState};
use belot_core::{AnyDeal, Deal, Game};
use belot_core::{CardSet, Contract, Deck, Seat, Suit};
use belot_solver::bots::Bot;
use belot_solver::pimc::PimcBot;
use belot_solver::{Config, Solver};
use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn deal(k: u64) -> PlayState {
    let deck = Deck::from_seed(1, k);
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &c) in deck.cards().iter().enumerate() {
        hands[i / 8].insert(c);
    }
    PlayState::new(hands, 4, true, Contract::Suit(Suit::Hearts), PlayRules::FRENCH, Seat(0))
}

fn solve(c: &mut Criterion) {
    let deals: Vec<PlayState> = (0..8).map(deal).collect();
    let mut solver = Solver::for_seats(0b0101, Config::default());
    let values: Vec<u32> = deals
        .iter()
        .map(|s| {
            solver.reset(0b0101);
            solver.value(s)
        })
        .collect();
    let mut g = c.benchmark_group("solver");
    g.sample_size(10);
    g.bench_function("french_full_deal_value_x8", |b| {
        b.iter(|| {
            for (s, &v) in black_box(&deals).iter().zip(&values) {
                solver.reset(0b0101);
                assert_eq!(solver.value(s), v);
            }
        })
    });
    g.bench_function("french_full_deal_every_card_x8", |b| {
        b.iter(|| {
            for (s, &v) in black_box(&deals).iter().zip(&values) {
                solver.reset(0b0101);
                let sol = solver.solve(s);
                assert_eq!(sol.value, v);
                assert_eq!(sol.cards.len(), s.legal().len());
            }
        })
    });
    g.finish();

    // The pimc bot's opening lead in 8 French deals (its default budget).
    let game = Game::from_name("french").unwrap();
    let views: Vec<_> = (0..8u64)
        .filter_map(|k| {
            let mut t = AnyDeal::new(&game, Seat(3), Deck::from_seed(2, k)).ok()?;
            // Seat 0 takes (it speaks first), the others pass.
            while let Some(s) = t.to_act() {
                let v = t.view(s);
                if v.playable().len() > 1 && s == Seat(0) {
                    return Some(v);
                }
                let a = if v.legal().contains(&belot_core::Action::Take) && s == Seat(0) {
                    belot_core::Action::Take
                } else if v.legal().contains(&belot_core::Action::Pass) {
                    belot_core::Action::Pass
                } else {
                    v.legal()[0].clone()
                };
                t.apply(s, &a).ok()?;
            }
            None
        })
        .collect();
    assert!(!views.is_empty());
    let mut g = c.benchmark_group("pimc");
    g.sample_size(10);
    g.bench_function("french_opening_lead_x8", |b| {
        b.iter(|| {
            for v in black_box(&views) {
                let mut bot = PimcBot::new(game);
                let a = bot.act(v, &mut ChaCha8Rng::seed_from_u64(1));
                assert!(v.legal().contains(&a));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
