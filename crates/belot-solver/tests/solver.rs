//! The solver equals a naive minimax on small endgames of every variant
//! and contract type, and its value never changes with a pruning off.

use belot_core::play::{PlayRules, PlayState};
use belot_core::{CardSet, Contract, Deck, Seat, Suit};
use belot_solver::{Config, Solver};
use proptest::prelude::*;

/// Plain minimax written for the test: the side's final points.
fn minimax(s: &PlayState, side: &[bool; 4]) -> u32 {
    if s.is_over() {
        let p = s.points();
        return (0..4).filter(|&i| side[i]).map(|i| p[i]).sum();
    }
    let max = side[s.to_play().index()];
    let vals = s.legal().iter().map(|c| {
        let mut n = *s;
        n.step(c);
        minimax(&n, side)
    });
    if max { vals.max().unwrap() } else { vals.min().unwrap() }
}

fn endgame(seed: u64, players: u8, per: usize, contract: Contract, leader: u8) -> PlayState {
    let deck = Deck::from_seed(seed, 0);
    let mut hands = [CardSet::EMPTY; 4];
    for (p, hand) in hands.iter_mut().enumerate().take(players as usize) {
        for &c in &deck.cards()[p * per..(p + 1) * per] {
            hand.insert(c);
        }
    }
    let rules = if players == 4 { PlayRules::FRENCH } else { PlayRules::NO_PARTNERS };
    PlayState::new(hands, players, players == 4, contract, rules, Seat(leader))
}

fn contract_of(k: u8) -> Contract {
    match k % 6 {
        0..=3 => Contract::Suit(Suit::ALL[k as usize % 4]),
        4 => Contract::AllTrumps,
        _ => Contract::NoTrumps,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn solver_equals_naive_minimax_on_endgames(seed in any::<u64>(), players in 2..=4u8, k in 0..6u8, lead in 0..4u8, seat in 0..4u8) {
        let per = match players { 4 => 3, 3 => 4, _ => 5 };
        let s = endgame(seed, players, per, contract_of(k), lead % players);
        let seat = Seat(seat % players);
        let mut side = [false; 4];
        side[seat.index()] = true;
        if players == 4 { side[(seat.index() + 2) % 4] = true; }
        let want = minimax(&s, &side);
        prop_assert_eq!(Solver::new(&s, seat, Config::default()).value(&s), want);
        // Each pruning off on its own: the value does not move.
        for off in 0..5 {
            let mut c = Config::default();
            match off { 0 => c.alpha_beta = false, 1 => c.transposition = false, 2 => c.equivalence = false, 3 => c.quick_bounds = false, _ => c.ordering = false }
            prop_assert_eq!(Solver::new(&s, seat, c).value(&s), want, "config {:?}", c);
        }
        // Each card's value too.
        let sol = Solver::new(&s, seat, Config::default()).solve(&s);
        prop_assert_eq!(sol.value, want);
        for (card, v) in sol.cards {
            let mut n = s;
            n.step(card);
            prop_assert_eq!(v, minimax(&n, &side));
        }
    }

    #[test]
    fn mid_trick_positions_too(seed in any::<u64>(), k in 0..6u8, steps in 1..4usize) {
        let mut s = endgame(seed, 4, 4, contract_of(k), 0);
        for _ in 0..steps {
            let c = s.legal().first().unwrap();
            s.step(c);
        }
        let side = [true, false, true, false];
        prop_assert_eq!(Solver::new(&s, Seat(0), Config::default()).value(&s), minimax(&s, &side));
    }
}

#[test]
fn a_full_french_deal_is_solved_and_the_naive_search_agrees_on_its_endgame() {
    let s = endgame(7, 4, 8, Contract::Suit(Suit::Hearts), 0);
    let mut solver = Solver::new(&s, Seat(0), Config::default());
    let v = solver.value(&s);
    assert!(v <= 162);
    // The other side's value is the complement.
    let w = Solver::new(&s, Seat(1), Config::default()).value(&s);
    assert_eq!(v + w, 162);
}
