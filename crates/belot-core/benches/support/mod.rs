//! Shared by the playout benchmark and the `playouts` example: the
//! workload compared against colver (random deals, hearts trump taken by
//! seat 0's side, seat 0 leads; every playout copied from the start of
//! play, played to the end by uniformly random legal cards, and scored).

use rand_core::RngCore;

use belot_core::card::{CardSet, Suit};
use belot_core::contract::Contract;
use belot_core::deck::Deck;
use belot_core::french::{DealSummary, FrenchOptions, score_deal, side_totals};
use belot_core::meld::belote_holder;
use belot_core::play::{PlayRules, PlayState};
use belot_core::seat::{Seat, Side};

/// A position at the start of play with what scoring needs.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutStart {
    /// The play state before the first card.
    pub state: PlayState,
    /// The side of the belote holder, if any.
    pub belote: Option<Side>,
}

/// The start position of deal `k` from `seed`: cards dealt 8 per seat in
/// deck order, hearts trump, seat 0 leads.
pub fn start(seed: u64, k: u64) -> PlayoutStart {
    let deck = Deck::from_seed(seed, k);
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &c) in deck.cards().iter().enumerate() {
        hands[i / 8].insert(c);
    }
    let contract = Contract::Suit(Suit::Hearts);
    let state = PlayState::new(hands, 4, true, contract, PlayRules::FRENCH, Seat(0));
    let belote = belote_holder(&hands, Suit::Hearts).map(|s| Side(s.0 & 1));
    PlayoutStart { state, belote }
}

/// One random playout from `start`, scored as a French deal; returns the
/// points recorded by the two sides and the card points dealt out in the
/// tricks (always 162: the caller checks it).
#[inline]
pub fn playout<R: RngCore>(
    start: &PlayoutStart,
    options: &FrenchOptions,
    rng: &mut R,
) -> ([i32; 2], u32) {
    let mut s = start.state;
    s.playout(rng);
    (score(&s, start, options), s.points().iter().sum())
}

fn score(s: &PlayState, start: &PlayoutStart, options: &FrenchOptions) -> [i32; 2] {
    let (card_points, _, capot) = side_totals(s);
    let summary = DealSummary {
        taker: Side(0),
        card_points,
        capot,
        announcements: [0, 0],
        belote: start.belote,
        deal_points: None,
    };
    score_deal(&summary, options).recorded
}

/// A two-player start of play: deal `k` of `seed` dealt by the convention
/// of §3.2 (9 cards each after the auction), `contract` loaded by the
/// non-dealer (seat 1), who leads.
pub fn start_two(seed: u64, k: u64, contract: belot_core::Contract) -> PlayState {
    let deck = Deck::from_seed(seed, k);
    let c = deck.cards();
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &card) in c[..12].iter().enumerate() {
        hands[if (i / 3) % 2 == 0 { 1 } else { 0 }].insert(card);
    }
    for (i, &card) in c[13..19].iter().enumerate() {
        hands[if i < 3 { 1 } else { 0 }].insert(card);
    }
    PlayState::new(hands, 2, false, contract, PlayRules::NO_PARTNERS, Seat(1))
}

/// A three-player start of play: deal `k` of `seed` by the convention of
/// §2.3 (9 cards each), hearts trump, dealer seat 0, seat 1 declares and
/// leads.
pub fn start_three(seed: u64, k: u64) -> PlayState {
    let deck = Deck::from_seed(seed, k);
    let c = deck.cards();
    let mut hands = [CardSet::EMPTY; 4];
    for (i, &card) in c[..18].iter().enumerate() {
        hands[(1 + (i / 3) % 3) % 3].insert(card);
    }
    for (i, &card) in c[19..28].iter().enumerate() {
        hands[(1 + i / 3) % 3].insert(card);
    }
    let contract = belot_core::Contract::Suit(Suit::Hearts);
    PlayState::new(hands, 3, false, contract, PlayRules::NO_PARTNERS, Seat(1))
}

/// One random two-player playout, scored (no constructions or бела);
/// returns the recorded points and the card points dealt out in tricks.
#[inline]
pub fn playout_two<R: RngCore>(
    start: &PlayState,
    options: &belot_core::two_player::TwoOptions,
    rng: &mut R,
) -> ([i32; 2], u32) {
    let mut s = *start;
    s.playout(rng);
    let p = s.points();
    let t = s.tricks();
    let summary = belot_core::two_player::TwoSummary {
        contract: s.contract(),
        raspasy: false,
        loader: Some(Seat(1)),
        card_points: [p[0], p[1]],
        tricks: [t[0], t[1]],
        constructions: [0, 0],
        belas: [0, 0],
    };
    (belot_core::two_player::score_deal(&summary, options).recorded, p[0] + p[1])
}

/// One random three-player playout, scored (no combinations or belot);
/// returns the recorded half points and the card points dealt out.
#[inline]
pub fn playout_three<R: RngCore>(
    start: &PlayState,
    options: &belot_core::three_player::ThreeOptions,
    rng: &mut R,
) -> (i32, u32) {
    let mut s = *start;
    s.playout(rng);
    let p = s.points();
    let t = s.tricks();
    let mut cards = [p[0], p[1], p[2]];
    // The winner of the last trick leads "next": the play state added his
    // 10, which three-player scoring decides itself (capo deals).
    let w = s.leader().index() % 3;
    cards[w] -= 10;
    let summary = belot_core::three_player::ThreeSummary {
        declarer: Seat(1),
        dealer: Seat(0),
        card_points: cards,
        tricks: [t[0], t[1], t[2]],
        last_trick: Seat(w as u8),
        combinations: [0; 3],
        belots: [0; 3],
    };
    let rec = belot_core::three_player::score_deal(&summary, options).recorded;
    (rec.iter().map(|h| h.0).sum(), p[0] + p[1] + p[2])
}
