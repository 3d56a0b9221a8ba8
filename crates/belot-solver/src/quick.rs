//! Quick tricks: at a trick start, the points the leader's side is sure
//! to take by leading winners one after another (DDS's quick tricks,
//! counted in points). A lower bound on that side's future points, so an
//! upper bound on the other side's: a node whose window lies beyond it
//! needs no search.

use belot_core::PlayState;

use crate::moves::CardTable;

/// Card points the side `ours` (a bit per seat; the leader's side) is
/// sure to take from the trick start `s`: the leader leads winners that
/// nobody can beat or ruff, trumps first (each round of trumps draws one
/// from every player who still has one), then the other suits' masters
/// while every opponent still follows or has no trump left. Each trick
/// counts the winner's points and the fewest points each other player
/// can give to it; the last trick's 10 counts when every trick is won.
pub(crate) fn sure_points(s: &PlayState, t: &CardTable, ours: u8) -> u32 {
    let hands = s.hands().map(|h| h.bits());
    let leader = s.leader().index() & 3;
    let mine = hands[leader];
    let others = (0..4).filter(|&i| i != leader).fold(0, |a, i| a | hands[i]);
    let mut cash = Cash { t, hands, leader, others, ours, rounds: [0; 4], pts: 0, won: 0 };
    // Trumps first: each round draws a trump from every player with one.
    let trump_rounds = cash.run(mine & t.ruff, 0);
    for suit in [0xffu32, 0xff00, 0xff_0000, 0xff00_0000] {
        if suit & t.ruff == 0 && cash.run(mine & suit, trump_rounds) == u32::MAX {
            return cash.pts; // a partner may have taken the lead
        }
    }
    if cash.won == mine.count_ones() && cash.won > 0 {
        cash.pts += 10;
    }
    cash.pts
}

/// Winners led one after another from the leader's hand.
struct Cash<'a> {
    t: &'a CardTable,
    hands: [u32; 4],
    leader: usize,
    /// The other hands' cards.
    others: u32,
    /// The leader's side.
    ours: u8,
    /// Rounds led of each suit.
    rounds: [u32; 4],
    pts: u32,
    won: u32,
}

impl Cash<'_> {
    /// Leads `cards` (one suit) from the highest while each is sure to
    /// win, `trump_rounds` rounds of trumps having been led: the tricks
    /// won; `u32::MAX` when a partner might ruff the last one (that trick
    /// still counts, but the lead may be his).
    fn run(&mut self, mut cards: u32, trump_rounds: u32) -> u32 {
        let t = self.t;
        let mut won = 0;
        while cards != 0 {
            let c = 31 - cards.leading_zeros() as usize;
            cards &= !(1 << c);
            if t.above[c] & self.others != 0 {
                break;
            }
            let suit = c >> 3;
            let r = self.rounds[suit];
            // Nobody may ruff a plain suit who follows it or has no trump.
            let safe = |h: u32| {
                let ruffs = (h & t.ruff).count_ones().saturating_sub(trump_rounds);
                (1u32 << c) & t.ruff != 0
                    || (h & (0xff << (suit * 8))).count_ones() > r
                    || ruffs == 0
            };
            let seats = (0..4).filter(|&p| p != self.leader && self.hands[p] != 0);
            if seats.clone().any(|p| (self.ours >> p) & 1 == 0 && !safe(self.hands[p])) {
                break;
            }
            self.pts += trick_points(t, &self.hands, self.leader, c, r);
            self.rounds[suit] += 1;
            self.won += 1;
            won += 1;
            // A partner who may ruff takes the lead away.
            if seats.clone().any(|p| (self.ours >> p) & 1 != 0 && !safe(self.hands[p])) {
                return u32::MAX;
            }
        }
        won
    }
}

/// The fewest points a trick led with card `c` (the `round`-th lead of
/// its suit) holds: the card's, and each other player's cheapest card of
/// the suit while he may still hold one, else his cheapest card.
#[inline(always)]
fn trick_points(t: &CardTable, hands: &[u32; 4], leader: usize, c: usize, round: u32) -> u32 {
    let mask = 0xffu32 << (c & !7);
    let mut pts = t.pts[c] as u32;
    for (p, &h) in hands.iter().enumerate() {
        if p == leader || h == 0 {
            continue;
        }
        let pool = if (h & mask).count_ones() > round { h & mask } else { h };
        pts += cheapest(t, pool);
    }
    pts
}

/// The fewest points of a card in `cards`.
#[inline(always)]
fn cheapest(t: &CardTable, mut cards: u32) -> u32 {
    let mut least = u32::MAX;
    while cards != 0 {
        let i = cards.trailing_zeros() as usize;
        cards &= cards - 1;
        least = least.min(t.pts[i] as u32);
    }
    if least == u32::MAX { 0 } else { least }
}

#[cfg(test)]
mod tests {
    use belot_core::play::{PlayRules, PlayState};
    use belot_core::{CardSet, Contract, Deck, Seat, Suit};
    use proptest::prelude::*;

    use super::sure_points;
    use crate::moves::CardTable;
    use crate::{Config, Solver};

    fn position(seed: u64, players: u8, per: usize, contract: Contract, leader: u8) -> PlayState {
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The quick tricks never promise the leader's side more than it
        /// takes under best play, in every game and contract.
        #[test]
        fn quick_tricks_never_exceed_the_leaders_value(seed in any::<u64>(), players in 2..=4u8, k in 0..6u8, lead in 0..4u8, pair in any::<bool>()) {
            let per = match players { 4 => 5, 3 => 6, _ => 8 };
            let contract = match k {
                0..=3 => Contract::Suit(Suit::ALL[k as usize]),
                4 => Contract::AllTrumps,
                _ => Contract::NoTrumps,
            };
            let s = position(seed, players, per, contract, lead % players);
            let leader = s.leader();
            // Partners with four; with three, the leader alone or with
            // the next seat (two seats against one, as the solver plays).
            let partner = match players {
                4 => 1 << ((leader.0 + 2) & 3),
                3 if pair => 1 << ((leader.0 + 1) % 3),
                _ => 0,
            };
            let ours = 1 << leader.0 | partner;
            let sure = sure_points(&s, &CardTable::new(contract), ours);
            let config = Config { quick_tricks: false, ..Config::default() };
            let value = Solver::for_seats(ours, config).value(&s);
            prop_assert!(sure <= value, "sure {} > value {}", sure, value);
        }
    }
}
