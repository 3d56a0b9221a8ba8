//! The solver equals a naive minimax on small endgames of every variant
//! and contract type, and its value never changes with a pruning off.

use belot_core::play::{PlayRules, PlayState};
use belot_core::{Card, CardSet, Contract, Deck, Rank, Seat, Suit};
use belot_solver::{Config, Solver};
use proptest::prelude::*;

/// Plain minimax written for the test: the side's final points, which
/// the side maximizes and the others minimize.
fn minimax(s: &PlayState, side: &[bool; 4]) -> u32 {
    minimax_aim(s, side, false)
}

/// Plain minimax for распасы: the side's final points, which the side
/// minimizes and the others maximize.
fn minimax_least(s: &PlayState, side: &[bool; 4]) -> u32 {
    minimax_aim(s, side, true)
}

/// Each card's value in `cards` (a solution's for `s`) is what
/// `minimax` finds after that card.
fn check_cards(
    s: &PlayState,
    cards: Vec<(Card, u32)>,
    side: &[bool; 4],
    minimax: fn(&PlayState, &[bool; 4]) -> u32,
) -> Result<(), TestCaseError> {
    for (card, v) in cards {
        let mut n = *s;
        n.step(card);
        prop_assert_eq!(v, minimax(&n, side), "{}", card);
    }
    Ok(())
}

fn minimax_aim(s: &PlayState, side: &[bool; 4], least: bool) -> u32 {
    if s.is_over() {
        let p = s.points();
        return (0..4).filter(|&i| side[i]).map(|i| p[i]).sum();
    }
    let vals = s.legal().iter().map(|c| {
        let mut n = *s;
        n.step(c);
        minimax_aim(&n, side, least)
    });
    // The side's seat wants the most (the fewest in распасы).
    if side[s.to_play().index()] != least { vals.max().unwrap() } else { vals.min().unwrap() }
}

fn endgame(seed: u64, players: u8, per: usize, contract: Contract, leader: u8) -> PlayState {
    let deck = Deck::from_seed(seed, 0);
    // Hands of `per` cards from the top of the deck, in seat order.
    let mut hands = [CardSet::EMPTY; 4];
    for (hand, cards) in hands.iter_mut().zip(deck.cards().chunks(per)).take(players as usize) {
        *hand = cards.iter().copied().collect();
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
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn solver_equals_naive_minimax_on_endgames(seed in any::<u64>(), players in 2..=4u8, k in 0..6u8, lead in 0..4u8, seat in 0..4u8) {
        // As large as the naive minimax can check quickly.
        let per = match players { 4 => 4, 3 => 5, _ => 6 };
        let s = endgame(seed, players, per, contract_of(k), lead % players);
        let seat = Seat(seat % players);
        let mut side = [false; 4];
        side[seat.index()] = true;
        if players == 4 { side[(seat.index() + 2) % 4] = true; }
        let want = minimax(&s, &side);
        prop_assert_eq!(Solver::new(&s, seat, Config::default()).value(&s), want);
        // Each pruning off on its own: the value does not move.
        for off in 0..9 {
            let mut c = Config::default();
            match off { 0 => c.alpha_beta = false, 1 => c.transposition = false, 2 => c.equivalence = false, 3 => c.quick_bounds = false, 4 => c.ordering = false, 5 => c.point_bounds = false, 6 => c.quick_tricks = false, 7 => c.relative_keys = false, _ => c.pvs = false }
            prop_assert_eq!(Solver::new(&s, seat, c).value(&s), want, "config {:?}", c);
        }
        // Each card's value too.
        let sol = Solver::new(&s, seat, Config::default()).solve(&s);
        prop_assert_eq!(sol.value, want);
        check_cards(&s, sol.cards, &side, minimax)?;
    }

    /// Three players: the two defenders play together against the
    /// taker (the side of two seats the bots and the hint solve for).
    #[test]
    fn solver_equals_naive_minimax_for_two_seats_together(seed in any::<u64>(), k in 0..6u8, lead in 0..3u8, taker in 0..3u8) {
        let s = endgame(seed, 3, 5, contract_of(k), lead);
        let mut side = [true, true, true, false];
        side[taker as usize] = false;
        let seats = 0b111 & !(1u8 << taker);
        let want = minimax(&s, &side);
        prop_assert_eq!(Solver::for_seats(seats, Config::default()).value(&s), want);
        prop_assert_eq!(Solver::for_seats(seats, Config::NAIVE).value(&s), want);
        let sol = Solver::for_seats(seats, Config::default()).solve(&s);
        check_cards(&s, sol.cards, &side, minimax)?;
    }

    /// Two-player распасы: each player wants the fewest points; the
    /// solver's value is the counted player's points, minimized by him.
    #[test]
    fn solver_equals_naive_minimax_in_raspasy(seed in any::<u64>(), suit in 0..4usize, lead in 0..2u8, seat in 0..2u8) {
        let s = endgame(seed, 2, 6, Contract::Suit(Suit::ALL[suit]), lead);
        let mut side = [false; 4];
        side[seat as usize] = true;
        let want = minimax_least(&s, &side);
        for config in [Config::default(), Config::NAIVE] {
            let mut solver = Solver::for_seats(1 << seat, config);
            solver.reset_least(1 << seat);
            prop_assert_eq!(solver.value(&s), want, "config {:?}", config);
        }
        let mut solver = Solver::for_seats(1 << seat, Config::default());
        solver.reset_least(1 << seat);
        check_cards(&s, solver.solve(&s).cards, &side, minimax_least)?;
    }

    /// Relative keys: positions that differ only in which cards of a suit
    /// were played share table entries, whose bounds widen by the points
    /// that differ. One solver, its table kept, solves a position and
    /// then each twin (a card in a hand swapped for a played one of its
    /// suit) exactly, and every card of the twin too.
    #[test]
    fn one_table_solves_twins_that_differ_in_played_cards(seed in any::<u64>(), players in 2..=4u8, k in 0..6u8, lead in 0..4u8) {
        let per = match players { 4 => 4, 3 => 5, _ => 6 };
        let contract = contract_of(k);
        let s = endgame(seed, players, per, contract, lead % players);
        let side = [true, false, players == 4, false];
        let mut solver = Solver::new(&s, Seat(0), Config::default());
        prop_assert_eq!(solver.value(&s), minimax(&s, &side));
        let held = s.hands().iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let rules = if players == 4 { PlayRules::FRENCH } else { PlayRules::NO_PARTNERS };
        for seat in 0..players as usize {
            for live in s.hand(Seat(seat as u8)) {
                for dead in CardSet::suit(live.suit()).iter().filter(|&c| !held.contains(c)) {
                    let mut hands = *s.hands();
                    hands[seat] = (hands[seat] - CardSet::from(live)) | CardSet::from(dead);
                    let twin = PlayState::new(hands, players, players == 4, contract, rules, Seat(lead % players));
                    prop_assert_eq!(solver.value(&twin), minimax(&twin, &side), "{} for {}", dead, live);
                    if dead.rank() == Rank::Ace {
                        for (card, v) in solver.solve(&twin).cards {
                            let mut n = twin;
                            n.step(card);
                            prop_assert_eq!(v, minimax(&n, &side), "{} for {}: {}", dead, live, card);
                        }
                    }
                }
            }
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

/// The values colver 0.11.1, an independent solver, finds for 60 full
/// deals in each of the four trump suits (`tests/data/colver_values.txt`,
/// written by `bench/compare-colver-solve.py`) under the play duties it
/// implements: belot's solver finds the same 240 values.
#[test]
fn values_equal_colvers_on_full_deals() {
    let data = include_str!("data/colver_values.txt");
    let rules =
        PlayRules { must_undertrump: false, overtrump_over_partner: false, ..PlayRules::FRENCH };
    let mut solver = Solver::for_seats(0b0101, Config::default());
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 5, "{line}");
        let mut hands = [CardSet::EMPTY; 4];
        for (h, text) in hands.iter_mut().zip(&parts[..4]) {
            *h = belot_core::parse_cards(text).unwrap().into_iter().collect();
            assert_eq!(h.len(), 8);
        }
        let values: Vec<u32> = parts[4].split_whitespace().map(|v| v.parse().unwrap()).collect();
        for (suit, want) in Suit::ALL.into_iter().zip(values) {
            let s = PlayState::new(hands, 4, true, Contract::Suit(suit), rules, Seat(0));
            solver.reset(0b0101);
            assert_eq!(solver.value(&s), want, "{line}: {suit}");
            checked += 1;
        }
    }
    assert_eq!(checked, 240);
}

/// Full deals under seed 002's duties: every pruning switched off in
/// turn (the naive search is too slow for a full deal) gives the same
/// value, for all three kinds of contract.
#[test]
fn full_deals_keep_their_value_with_each_pruning_off() {
    for (k, contract) in [Contract::Suit(Suit::Clubs), Contract::AllTrumps, Contract::NoTrumps]
        .into_iter()
        .enumerate()
    {
        let s = endgame(100 + k as u64, 4, 8, contract, 1);
        let want = Solver::new(&s, Seat(0), Config::default()).value(&s);
        for off in 0..8 {
            let mut c = Config::default();
            match off {
                0 => c.transposition = false,
                1 => c.equivalence = false,
                2 => c.quick_bounds = false,
                3 => c.ordering = false,
                4 => c.point_bounds = false,
                5 => c.quick_tricks = false,
                6 => c.relative_keys = false,
                _ => c.pvs = false,
            }
            assert_eq!(Solver::new(&s, Seat(0), c).value(&s), want, "{contract} {c:?}");
        }
    }
}
