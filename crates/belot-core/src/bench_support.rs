//! Shared by the playout benchmark and the `playouts` example: the
//! workload compared against colver (random deals, hearts trump taken by
//! seat 0's side, seat 0 leads; every playout copied from the start of
//! play, played to the end by uniformly random legal cards, and scored).

use rand_core::RngCore;

use crate::card::{CardSet, Suit};
use crate::contract::Contract;
use crate::deck::Deck;
use crate::french::{DealSummary, FrenchOptions, score_deal, side_totals};
use crate::meld::belote_holder;
use crate::play::{PlayRules, PlayState};
use crate::seat::{Seat, Side};

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
    };
    score_deal(&summary, options).recorded
}
