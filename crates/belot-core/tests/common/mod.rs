//! Helpers shared by the integration tests.
#![allow(dead_code)]

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::{Action, Card, CardSet, Seat, Suit, parse_cards};

pub fn c(s: &str) -> Card {
    s.parse().unwrap()
}

pub fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

pub fn hands(h: [&str; 4]) -> [CardSet; 4] {
    h.map(set)
}

/// The announcement fixture (8 cards each, trump chosen by the test):
/// seat 0: tierce A-K-Q of hearts (and K+Q of hearts: belote if hearts
/// are trump); seat 1: quarte K-Q-J-10 of diamonds; seat 2: carré of
/// nines; seat 3: tierce A-K-Q of clubs.
pub const MELD_HANDS: [&str; 4] = [
    "AH KH QH 7S 8S 7D 8D 7C",
    "KD QD JD TD AS KS 8C TC",
    "9S 9H 9D 9C JS QS AD JC",
    "TS 7H 8H TH JH QC KC AC",
];

/// A deal at the start of play from the given hands; dealer seat 3, so
/// seat 0 (dealer's left) leads.
pub fn deal_at_play(opts: FrenchOptions, h: [&str; 4], trump: Suit, taker: u8) -> FrenchDeal {
    FrenchDeal::from_hands(opts, Seat(3), hands(h), trump, Seat(taker)).unwrap()
}

/// Plays the deal to its end: each seat plays its first legal card
/// (calling belote when it may), never announcing.
pub fn play_out(d: &mut FrenchDeal) {
    while let Some(seat) = d.to_act() {
        let a = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Play { .. }))
            .expect("a legal card");
        d.apply(seat, &a).unwrap();
    }
}

/// Announces `melds` (each a card list) for the seat to act.
pub fn announce(d: &mut FrenchDeal, melds: &[&str]) {
    let seat = d.to_act().unwrap();
    let melds =
        melds.iter().map(|m| belot_core::meld::Meld::from_cards(set(m)).expect("a meld")).collect();
    d.apply(seat, &Action::Announce { melds }).unwrap();
}

/// Plays the first legal card of the seat to act.
pub fn play_first(d: &mut FrenchDeal) -> Card {
    let seat = d.to_act().unwrap();
    let card = d.play_state().unwrap().legal().first().unwrap();
    d.apply(seat, &Action::play(card)).unwrap();
    card
}
