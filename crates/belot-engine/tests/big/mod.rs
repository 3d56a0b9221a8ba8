//! Big, valid game records for the engine's size tests: a French match to
//! the highest target played with random legal actions, most auctions
//! passed out so that the record holds many (thrown-in) deals.

use belot_core::Action;
use belot_core::AnyMatch as Game;
use belot_core::Match as _;
use belot_core::french::{FrenchMatch, FrenchOptions};
use belot_core::seat::Seat;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Picks an action: a pass 99 times in 100 when passing is legal.
fn choose(legal: &[Action], rng: &mut Rng) -> Action {
    let pass = legal.iter().find(|a| matches!(a, Action::Pass));
    match pass {
        Some(p) if rng.below(100) < 99 => p.clone(),
        _ => legal[rng.below(legal.len())].clone(),
    }
}

/// A record of `deals` deals (fewer if the match ends first), as the JSON
/// text `save` gives.
pub fn french_record(deals: usize, seed: u64) -> String {
    let options = FrenchOptions { target: 100_000, ..FrenchOptions::default() };
    let m = FrenchMatch::from_seed(options, Seat(0), seed).expect("a match starts");
    let mut g = Game::French(m);
    let mut rng = Rng(seed | 1);
    for n in 0..deals {
        while let Some(seat) = g.to_act() {
            let action = choose(&g.legal_actions(), &mut rng);
            g.apply(seat, &action).expect("a legal action applies");
        }
        if n + 1 == deals || g.match_over() {
            break;
        }
        g.next_deal(None).expect("the next deal starts");
    }
    serde_json::to_string(&g.record()).expect("a record serialises")
}
