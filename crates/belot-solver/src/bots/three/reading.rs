//! What a three-player Belot seat knows when it plays a card: the cards
//! it saw, the auction read by the bidders' model (the exchange of the
//! seven), the others' plays read by the play model.

use std::cell::RefCell;

use belot_core::three_player::{ThreeRules, ThreeView};
use belot_core::view::TrickView;
use belot_core::{Action, Card, CardSet, Contract, Game, PlayRules, Rank, Registered, Seat};

use crate::knowledge::*;
use crate::playmodel::{PlayModel, Then, rewind};

/// Three-player Belot's bidders: the heuristic bot's calls from its hand
/// of six when it spoke, the turned card apart.
#[derive(Debug)]
struct ThreeModel {
    /// Who exchanged the seven of trumps (shown) for the turned card.
    exchange: Option<(Seat, Card)>,
    /// The dealer, when he may not pass in the second round.
    forced: Option<Seat>,
}

impl BidModel for ThreeModel {
    /// He held the seven when he spoke, not the turned card.
    fn spoke_from(&self, seat: Seat, cards: CardSet, turned: Card) -> Option<CardSet> {
        let (x, seven) = self.exchange.filter(|&(x, _)| x == seat)?;
        let _ = x;
        Some((cards - turned.set()) | seven.set())
    }
    fn would_call(&self, held: CardSet, turned: Card, r1: bool, a: &Action, seat: Seat) -> bool {
        super::would_call(held, turned, r1, a, self.forced == Some(seat))
    }
}

impl Then for ThreeView {
    fn model_card(&mut self, held: CardSet, legal: CardSet, _contract: Contract) -> Option<Card> {
        self.common.hand = held;
        self.common.legal = legal.iter().map(|card| Action::Play { card, belote: false }).collect();
        super::card(self)
    }
    fn clone_box(&self) -> Box<dyn Then> {
        Box::new(self.clone())
    }
}

/// The three-player auction as the seat saw it.
fn auction(game: &Game, v: &ThreeView) -> Auction {
    let forced = ThreeRules::options_of(game).is_some_and(|o| o.round2_forced_for_dealer);
    let exchange = match (v.exchanged_by, v.contract.and_then(|c| c.trump_suit())) {
        (Some(x), Some(t)) => Some((x, Card::new(t, Rank::Seven))),
        _ => None,
    };
    Auction {
        turned: v.original_turned,
        calls: v.calls.iter().map(|c| (c.seat, c.action.clone())).collect(),
        players: 3,
        first: 6,
        taker_gets_turned: false,
        taker: v.taker,
        model: std::sync::Arc::new(ThreeModel { exchange, forced: forced.then_some(v.dealer) }),
        melds: std::array::from_fn(|_| None),
        reuse: belot_core::meld::CardReuse::AllowCarreAndSeq,
        cap: 5,
        memo: RefCell::default(),
    }
}

/// What a three-player Belot seat knows.
pub(crate) fn play_info(
    game: &Game,
    v: &ThreeView,
    contract: Contract,
    _memory: &mut Memory,
) -> PlayInfo {
    let rules = PlayRules::NO_PARTNERS;
    let mut tricks: Vec<&TrickView> = v.tricks.iter().collect();
    tricks.extend(v.trick.iter());
    let played = tricks.iter().fold(CardSet::EMPTY, |a, t| a | trick_cards(t));
    // No all trumps in three-player Belot: belote calls are of trumps.
    let exchanged = v.exchanged_by.map(|x| (x, v.original_turned));
    let contest = v.contest_winner.map(|w| (w, v.shown_combinations.as_slice()));
    let known = belot_known(&v.common, contract, 3, exchanged, contest);
    let out = v.turned.set();
    let sides = sides_against(3, false, v.taker);
    // Each seat for its own card points (why: `side_of`).
    let side = crate::side_of(game, v.taker, v.seat);
    PlayInfo {
        me: v.seat,
        players: 3,
        partners: false,
        contract,
        rules,
        hand: v.hand,
        leader: v.trick.as_ref().map_or(v.seat, |t| t.leader),
        trick: current(&v.trick),
        known,
        cannot: revealed(tricks.iter().map(|t| t.cards.as_slice()), 3, false, contract, &rules),
        unlikely: silent_belote(&tricks, &v.belote_calls, contract.trumps()),
        sizes: sizes_of(v.hand_sizes.iter().copied().chain(std::iter::repeat(0))),
        unseen: !(played | v.hand | out),
        side,
        sides,
        minimize: false,
        objective: Objective::Points,
        auction: Some(auction(game, v)),
        played_by: played_by(&tricks),
        plays: Some(play_model(v, contract, PLAY_MISS)),
    }
}

/// The same in three-player Belot.
pub(crate) fn play_model(view: &ThreeView, contract: Contract, miss: f64) -> PlayModel {
    let tricks: Vec<&TrickView> = view.tricks.iter().chain(view.trick.as_ref()).collect();
    let [a, b, c] = view.hand_sizes;
    let mut model = PlayModel::new(contract, PlayRules::NO_PARTNERS, miss);
    model.add_steps(&tricks, view.seat, [a, b, c, 0], 3, |s| {
        let mut then = view.clone();
        rewind(&mut then.common, s, &tricks);
        then.tricks.truncate(s.trick);
        then.hand_sizes = [s.sizes[0], s.sizes[1], s.sizes[2]];
        Box::new(then)
    });
    model
}

/// Each for himself: no contract between two sides whose outcome a
/// reviewed card changes.
pub(crate) fn outcome(
    _deal: &belot_core::three_player::ThreeDeal,
    _options: belot_core::three_player::ThreeOptions,
) -> Option<crate::games::OutcomeOf> {
    None
}
