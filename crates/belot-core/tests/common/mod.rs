//! Helpers shared by the integration tests.
#![allow(dead_code)]

use belot_core::Deal as _;
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

/// A two-player deck by the dealing convention of §3.2: the non-dealer's
/// first six cards, the dealer's six, the вскрышка, three more each after
/// the auction, the bottom card; the other cards fill the rest in index
/// order.
pub fn two_deck(
    nd6: &str,
    d6: &str,
    v: &str,
    nd3: &str,
    d3: &str,
    bottom: &str,
) -> belot_core::Deck {
    let p = |s: &str| parse_cards(s).unwrap();
    let (nd6, d6, nd3, d3) = (p(nd6), p(d6), p(nd3), p(d3));
    let (v, bottom) = (c(v), c(bottom));
    let mut order = Vec::with_capacity(32);
    order.extend_from_slice(&nd6[..3]);
    order.extend_from_slice(&d6[..3]);
    order.extend_from_slice(&nd6[3..]);
    order.extend_from_slice(&d6[3..]);
    order.push(v);
    order.extend_from_slice(&nd3);
    order.extend_from_slice(&d3);
    let used: CardSet = order.iter().copied().chain([bottom]).collect();
    for i in 0..32 {
        let card = Card::from_index(i).unwrap();
        if !used.contains(card) {
            order.push(card);
        }
    }
    order.push(bottom);
    belot_core::Deck::from_cards(&order).unwrap()
}

/// Plays a two-player deal to its end: first legal card each time (with
/// the бела call when offered), never announcing or exchanging.
pub fn two_play_out(d: &mut belot_core::two_player::TwoDeal) {
    while let Some(seat) = d.to_act() {
        let a = d
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Play { .. }))
            .expect("a legal card");
        d.apply(seat, &a).unwrap();
    }
}
