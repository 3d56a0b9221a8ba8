//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::fmt::Debug;

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::game_match::Registered;
use belot_core::{Action, Card, CardSet, Seat, Suit, parse_cards};
use belot_core::{Deal, Deck, GameMatch, MatchRecord, meld::Meld};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde::Serialize;

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
/// (calling belote or бела when it may), never announcing or exchanging.
pub fn play_out(d: &mut impl Deal) {
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

/// A random legal action. While bidding (no card played and a pass
/// allowed), passes come twice as often as anything else, so that second
/// rounds and throw-ins happen too.
pub fn random_action<D: Deal>(d: &D, rng: &mut ChaCha8Rng) -> Action {
    let legal = d.legal_actions();
    assert!(!legal.is_empty(), "a player to act has a legal action");
    let bidding = d.play_state().is_none() && legal.contains(&Action::Pass);
    if bidding && !rng.next_u32().is_multiple_of(3) {
        return Action::Pass;
    }
    legal[(rng.next_u32() as usize) % legal.len()].clone()
}

/// Every card named anywhere in a JSON value.
fn cards_in(v: &serde_json::Value, out: &mut Vec<Card>) {
    match v {
        serde_json::Value::String(s) if s.len() == 2 => out.extend(s.parse::<Card>().ok()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// Asserts that `view`, `seat`'s view, names no card outside `allowed`.
pub fn assert_hides(view: &impl Serialize, seat: Seat, allowed: CardSet) {
    let mut named = Vec::new();
    cards_in(&serde_json::to_value(view).unwrap(), &mut named);
    for card in named {
        assert!(allowed.contains(card), "seat {seat} view shows hidden card {card}");
    }
}

/// Plays `d` to its end with [`random_action`]. With `checks`, before
/// each action: every one of `bad` (and a random card's play, with and
/// without a belote call) that is not legal is refused, so is a legal
/// action out of turn, neither changes the deal, and `check_view` holds
/// for every seat.
pub fn play_random<D: Deal + Debug>(
    d: &mut D,
    rng: &mut ChaCha8Rng,
    checks: bool,
    bad: &[Action],
    check_view: impl Fn(&D, Seat),
) {
    while let Some(seat) = d.to_act() {
        if checks {
            check_refusals(d, seat, rng, bad);
            for s in 0..d.players() {
                check_view(d, Seat(s));
            }
        }
        let a = random_action(d, rng);
        d.apply(seat, &a).unwrap();
    }
}

/// Illegal and out-of-turn actions are refused and change nothing.
fn check_refusals<D: Deal + Debug>(d: &mut D, seat: Seat, rng: &mut ChaCha8Rng, bad: &[Action]) {
    let before = format!("{d:?}");
    let legal = d.legal_actions();
    let card = Card::from_index((rng.next_u32() % 32) as u8).unwrap();
    let plays = [Action::play(card), Action::Play { card, belote: true }];
    for a in bad.iter().chain(&plays).filter(|a| !legal.contains(a)) {
        assert!(d.apply(seat, a).is_err(), "{a} refused");
    }
    let n = d.players();
    let other = Seat((seat.0 + 1 + (rng.next_u32() % (n as u32 - 1)) as u8) % n);
    assert!(d.apply(other, &legal[0]).is_err(), "out of turn refused");
    assert_eq!(before, format!("{d:?}"), "refused actions changed nothing");
}

/// A deal dealt by `new` from seed `seed`'s first deck and played to its
/// end with [`play_random`] (its random actions seeded with `seed`).
pub fn random_deal<D: Deal + Debug, E: Debug>(
    seed: u64,
    new: impl FnOnce(Deck) -> Result<D, E>,
    checks: bool,
    bad: &[Action],
    check_view: impl Fn(&D, Seat),
) -> D {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut d = new(Deck::from_seed(seed, 0)).unwrap();
    play_random(&mut d, &mut rng, checks, bad, check_view);
    d
}

/// The cards of `melds`.
pub fn cards_of<'a>(melds: impl IntoIterator<Item = &'a Meld>) -> CardSet {
    melds.into_iter().fold(CardSet::EMPTY, |s, m| s | m.cards())
}

/// A seat's `hand` and the cards played in `d`: what its view may show.
pub fn hand_and_played<D: Deal>(d: &D, hand: CardSet) -> CardSet {
    match d.play_state() {
        Some(p) => hand | p.played(),
        None => hand,
    }
}

/// `m`'s record comes back the same through JSON and replays to the same
/// record and ledger; returns the match replayed.
pub fn assert_replays<R: Registered>(m: &GameMatch<R>) -> GameMatch<R>
where
    R::Ledger: PartialEq + Debug,
{
    let rec = m.record();
    let back: MatchRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
    assert_eq!(back, rec);
    let replayed = GameMatch::<R>::from_record(&back).unwrap();
    assert_eq!(replayed.record(), rec);
    assert_eq!(replayed.ledger(), m.ledger());
    replayed
}

/// Plays `deals` deals of `m` at random (fewer if the match ends), the
/// next one dealt after each.
pub fn play_deals<R: Registered>(m: &mut GameMatch<R>, rng: &mut ChaCha8Rng, deals: usize) {
    for _ in 0..deals {
        while let Some(seat) = m.current().to_act() {
            let a = random_action(m.current(), rng);
            m.apply(seat, &a).unwrap();
        }
        if m.is_over() {
            break;
        }
        m.next_deal(None).unwrap();
    }
}

/// A French deal summary: `taker`'s side took trump, the sides took
/// `card_points`; no capot, announcements or belote.
pub fn french_summary(taker: u8, card_points: [u32; 2]) -> belot_core::french::DealSummary {
    belot_core::french::DealSummary {
        taker: belot_core::Side(taker),
        card_points,
        capot: None,
        announcements: [0, 0],
        belote: None,
        deal_points: None,
    }
}

/// A two-player summary: hearts, no announcements, 4 and 5 tricks.
pub fn two_summary(loader: u8, cards: [u32; 2]) -> belot_core::two_player::TwoSummary {
    belot_core::two_player::TwoSummary {
        contract: belot_core::Contract::Suit(Suit::Hearts),
        raspasy: false,
        loader: Some(Seat(loader)),
        card_points: cards,
        tricks: [4, 5],
        constructions: [0, 0],
        belas: [0, 0],
    }
}

/// The two-player распасы deal of seed 001: seat 0 took 40 card points
/// and 3 tricks holding a бела, seat 1 122 and 6 tricks with a 50
/// construction.
pub fn raspasy_summary() -> belot_core::two_player::TwoSummary {
    belot_core::two_player::TwoSummary {
        raspasy: true,
        loader: None,
        constructions: [0, 50],
        belas: [1, 0],
        tricks: [3, 6],
        ..two_summary(0, [40, 122])
    }
}

/// A three-player summary dealt by seat 2: three tricks each, no
/// combinations, seat 0 took the last trick.
pub fn three_summary(declarer: u8, cards: [u32; 3]) -> belot_core::three_player::ThreeSummary {
    belot_core::three_player::ThreeSummary {
        declarer: Seat(declarer),
        dealer: Seat(2),
        card_points: cards,
        tricks: [3, 3, 3],
        last_trick: Seat(0),
        combinations: [0, 0, 0],
        belots: [0, 0, 0],
    }
}

/// Recorded half points as points.
pub fn in_points(r: [belot_core::Half; 3]) -> [f64; 3] {
    r.map(|h| h.0 as f64 / 2.0)
}
