//! Solves N random full French deals (seat 0 leads, for seat 0's side):
//! `cargo run --release -p belot-solver --example solve_deals -- N SEED [colver] [value]`.
//!
//! Prints one JSON line per deal: the hands (as colver's card ids), the
//! value with hearts trump, the best card, the milliseconds for the
//! value, for every card's value, and for the values of all four trump
//! suits, and the nodes searched for the value. `colver` plays the duties
//! colver implements (no duty to under-trump, a lower trump may go on a
//! partner's), so that both solvers' values can be compared; `value`
//! times the value alone, `all` every card's value alone; `exact` keys
//! the table by exact cards instead of relative ranks.
//!
//! One solver serves every deal, as a program solving many keeps it; it is
//! reset between deals (a new table generation, nothing cleared).

use std::time::Instant;

use belot_core::play::{PlayRules, PlayState};
use belot_core::{CardSet, Contract, Deck, Seat, Suit};
use belot_solver::{Config, Solver};

/// colver's card id: suit * 8 + rank in 7 8 9 J Q K 10 A order.
fn colver_id(c: belot_core::Card) -> u8 {
    let r = [0, 1, 2, 6, 3, 4, 5, 7][c.rank().index()];
    c.suit().index() as u8 * 8 + r
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nums: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let n = nums.first().copied().unwrap_or(20);
    let seed = nums.get(1).copied().unwrap_or(1);
    let colver_rules = args.iter().any(|a| a == "colver");
    let value_only = args.iter().any(|a| a == "value");
    let all_only = args.iter().any(|a| a == "all");
    let rules = if colver_rules {
        PlayRules { must_undertrump: false, overtrump_over_partner: false, ..PlayRules::FRENCH }
    } else {
        PlayRules::FRENCH
    };
    let ns = 0b0101;
    // `exact`: table keys by exact cards, not relative rank.
    let exact = args.iter().any(|a| a == "exact");
    let config = Config { relative_keys: !exact, ..Config::default() };
    let mut solver = Solver::for_seats(ns, config);
    for k in 0..n {
        let deck = Deck::from_seed(seed, k);
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in deck.cards().iter().enumerate() {
            hands[i / 8].insert(c);
        }
        let position = |c: Contract| PlayState::new(hands, 4, true, c, rules, Seat(0));
        let s = position(Contract::Suit(Suit::Hearts));
        solver.reset(ns);
        let t = Instant::now();
        let value = solver.value(&s);
        let ms_value = t.elapsed().as_secs_f64() * 1000.0;
        let nodes = solver.stats.nodes;
        let ids: Vec<Vec<u8>> = hands.iter().map(|h| h.iter().map(colver_id).collect()).collect();
        if value_only {
            println!(
                "{{\"deal\":{k},\"hands\":{ids:?},\"value\":{value},\"ms_value\":{ms_value:.3},\"nodes\":{nodes}}}"
            );
            continue;
        }
        solver.reset(ns);
        let t = Instant::now();
        let sol = solver.solve(&s);
        let ms_all = t.elapsed().as_secs_f64() * 1000.0;
        if all_only {
            let nodes = solver.stats.nodes;
            println!(
                "{{\"deal\":{k},\"value\":{},\"ms_all_cards\":{ms_all:.3},\"nodes\":{nodes}}}",
                sol.value
            );
            continue;
        }
        assert_eq!(sol.value, value, "deal {k}: the best card's value is the position's");
        let best =
            sol.cards.iter().max_by_key(|x| x.1).map(|x| x.0.to_string()).unwrap_or_default();
        // The four trump suits, each a fresh problem.
        let t = Instant::now();
        let suits: Vec<u32> = Suit::ALL
            .iter()
            .map(|&t| {
                solver.reset(ns);
                solver.value(&position(Contract::Suit(t)))
            })
            .collect();
        let ms_suits = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "{{\"deal\":{k},\"hands\":{ids:?},\"value\":{value},\"best\":\"{best}\",\"suits\":{suits:?},\"ms_value\":{ms_value:.3},\"ms_all_cards\":{ms_all:.3},\"ms_suits\":{ms_suits:.3},\"nodes\":{nodes}}}"
        );
    }
}
