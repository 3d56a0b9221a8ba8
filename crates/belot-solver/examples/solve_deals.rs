//! Solves N random full French deals (hearts trump, seat 0 leads, for
//! seat 0's side): `cargo run --release -p belot-solver --example solve_deals -- N SEED [ffb]`.
//! Prints one JSON line per deal: the hands (colver card ids), value,
//! best card, milliseconds for the value and for every card's value.

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
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let n = args.first().copied().unwrap_or(20);
    let seed = args.get(1).copied().unwrap_or(1);
    for k in 0..n {
        let deck = Deck::from_seed(seed, k);
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in deck.cards().iter().enumerate() {
            hands[i / 8].insert(c);
        }
        let s = PlayState::new(
            hands,
            4,
            true,
            Contract::Suit(Suit::Hearts),
            PlayRules::FRENCH,
            Seat(0),
        );
        if std::env::var_os("CHECK_CONFIGS").is_some() {
            check_configs(&s);
        }
        let t = Instant::now();
        let mut solver = Solver::new(&s, Seat(0), Config::default());
        let value = solver.value(&s);
        let ms_value = t.elapsed().as_secs_f64() * 1000.0;
        let t = Instant::now();
        let sol = Solver::new(&s, Seat(0), Config::default()).solve(&s);
        let ms_all = t.elapsed().as_secs_f64() * 1000.0;
        let best =
            sol.cards.iter().max_by_key(|x| x.1).map(|x| x.0.to_string()).unwrap_or_default();
        let ids: Vec<Vec<u8>> = hands.iter().map(|h| h.iter().map(colver_id).collect()).collect();
        println!(
            "{{\"deal\":{k},\"hands\":{ids:?},\"value\":{value},\"best\":\"{best}\",\"ms_value\":{ms_value:.3},\"ms_all_cards\":{ms_all:.3},\"nodes\":{}}}",
            solver.stats.nodes
        );
    }
}

/// With `CHECK_CONFIGS` set: the value under several configurations
/// (each must agree).
fn check_configs(s: &PlayState) {
    for (name, c) in [
        ("default", Config::default()),
        ("no-tt", Config { transposition: false, ..Config::default() }),
        ("no-eq", Config { equivalence: false, ..Config::default() }),
        ("no-qb", Config { quick_bounds: false, ..Config::default() }),
    ] {
        let t = Instant::now();
        let v = Solver::new(s, Seat(0), c).value(s);
        eprintln!("{name}: {v} in {:?}", t.elapsed());
    }
}
