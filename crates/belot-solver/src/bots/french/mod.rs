//! The heuristic bot in French Belote: bids from the strength of its
//! trumps and aces, announces its melds, calls belote; on lead, cashes
//! its master cards, draws trumps while the opponents may still hold some
//! (it counts them), returns its partner's suit and avoids suits an
//! opponent ruffs; following, weighs each card by what the trick brings
//! its side (wins tricks cheaply, gives points to a partner who holds the
//! trick, does not throw points onto a trick the opponents win).

pub(crate) mod bidding;
pub(crate) mod reading;

pub use reading::french_code;

use belot_core::french::SeatView;

use super::common;
use belot_core::{Action, Card, CardSet, Contract, Rank, Suit};

/// Strength of a hand with `trump`: trump card points, 10 per side ace,
/// a bonus for trump length.
pub(crate) fn strength(hand: CardSet, trump: Suit) -> i32 {
    let c = Contract::Suit(trump);
    let trumps = hand.of_suit(trump);
    let side_aces = (hand - trumps).iter().filter(|x| x.rank() == Rank::Ace).count() as i32;
    c.set_points(trumps) as i32 + 10 * side_aces + 6 * trumps.len() as i32
}

/// How boldly the bot bids: the hand strength ([`strength`]) it needs to
/// take the turned suit in round 1, and to name a suit in round 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bidding {
    /// Round 1.
    pub take: i32,
    /// Round 2.
    pub name: i32,
}

impl Default for Bidding {
    /// Tuned in mirrored heuristic-against-heuristic matches (4,000
    /// deck pairs per setting): these take about 70% of the deals and beat
    /// bolder and more timid settings (a threshold of 62 scored 46.7%).
    fn default() -> Bidding {
        Bidding { take: 50, name: 54 }
    }
}

/// True when a bidder holding `held` (its cards and the turned card)
/// makes `call` bidding as `bidding` says, in round 1 (`round1`) or 2
/// with `turned` turned. Actions that are not calls are always true.
pub(crate) fn would_call(
    held: CardSet,
    turned: Suit,
    round1: bool,
    call: &Action,
    bidding: Bidding,
) -> bool {
    match call {
        Action::Take => strength(held, turned) >= bidding.take,
        Action::Pass if round1 => strength(held, turned) < bidding.take,
        Action::Pass => {
            Suit::ALL.iter().filter(|&&x| x != turned).all(|&x| strength(held, x) < bidding.name)
        }
        Action::Name { suit } => {
            let v = strength(held, *suit);
            v >= bidding.name
                && Suit::ALL.iter().filter(|&&x| x != turned).all(|&x| strength(held, x) <= v)
        }
        _ => true,
    }
}

/// The heuristic bot's action in French Belote.
pub fn act(view: &SeatView) -> Action {
    act_with(view, Bidding::default())
}

/// The heuristic bot's action, bidding as `bidding` says.
pub fn act_with(view: &SeatView, bidding: Bidding) -> Action {
    {
        let legal = &view.legal;
        let first = || legal.first().cloned().unwrap_or(Action::Pass);
        // Announce everything it holds, first.
        if let Some(a) = legal.iter().find(|a| matches!(a, Action::Announce { .. })) {
            return a.clone();
        }
        if legal.contains(&Action::Take) {
            // Round 1: the turned card joins the taker's hand.
            let Some(turned) = view.turned else { return Action::Pass };
            let hand = view.hand | turned.set();
            return if strength(hand, turned.suit()) >= bidding.take {
                Action::Take
            } else {
                Action::Pass
            };
        }
        if legal.iter().any(|a| matches!(a, Action::Name { .. })) {
            let hand = view.hand | view.turned_set();
            let best = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Name { suit } => Some((*suit, strength(hand, *suit))),
                    _ => None,
                })
                .max_by_key(|x| x.1);
            return match best {
                Some((suit, s)) if s >= bidding.name => Action::Name { suit },
                _ => Action::Pass,
            };
        }
        let cards = common::playable(legal);
        if cards.is_empty() {
            return first();
        }
        let Some(contract) = view.contract else { return first() };
        // Call belote when the card allows it.
        let play = |card: Card| common::play_action(&cards, card, true);
        let unique: Vec<Card> = cards.iter().map(|x| x.0).collect();
        if view.trick.as_ref().is_none_or(|t| t.cards.is_empty()) {
            return play(lead(view, contract, &unique));
        }
        play(follow(view, contract, &cards).unwrap_or(unique[0]))
    }
}

/// The card the heuristic bot would play from `legal` (the cards the seat
/// of `view` may play to its trick in progress, led when it is empty):
/// the play model behind [`crate::playmodel`].
pub(crate) fn card(view: &SeatView, contract: Contract, legal: CardSet) -> Option<Card> {
    let first = legal.first()?;
    if view.trick.as_ref().is_none_or(|t| t.cards.is_empty()) {
        return Some(lead(view, contract, &legal.iter().collect::<Vec<_>>()));
    }
    let cards: Vec<(Card, bool)> = legal.iter().map(|c| (c, false)).collect();
    Some(follow(view, contract, &cards).unwrap_or(first))
}

/// The suits each seat is known to be void in, from the tricks it saw: a
/// player who did not follow the suit led has none of it.
fn voids(view: &SeatView) -> [CardSet; 4] {
    let mut void = [CardSet::EMPTY; 4];
    let tricks = view.tricks.iter().chain(view.trick.as_ref());
    for t in tricks {
        let Some(&(_, led)) = t.cards.first() else { continue };
        for &(seat, card) in &t.cards[1..] {
            if card.suit() != led.suit() {
                void[seat.index() & 3] |= CardSet::suit(led.suit());
            }
        }
    }
    void
}

/// The card to lead, from `cards` (the distinct legal cards).
///
/// A master card first (nothing higher still out): a master trump only
/// while an opponent may still hold a trump and the bot's side took the
/// contract (a defender does not draw the taker's trumps for him), a
/// side-suit master only when no opponent who may hold a trump is void
/// in it. Then the partner's suit (the first side suit he led), low.
/// Else the cheapest side card of a suit no opponent ruffs, else the
/// cheapest card.
fn lead(view: &SeatView, contract: Contract, cards: &[Card]) -> Card {
    let pts = |c: Card| contract.points(c) as i32;
    let power =
        |c: Card| contract.strength(c) as i32 + if contract.is_trump(c.suit()) { 10 } else { 0 };
    let played = view
        .tricks
        .iter()
        .flat_map(|t| t.cards.iter().map(|x| x.1))
        .fold(CardSet::EMPTY, |a, c| a | c.set());
    let out = !(played | view.hand);
    let void = voids(view);
    let me = view.seat.index() & 3;
    let teams = view.players == 4;
    let partner = teams.then_some((me + 2) % 4);
    let opponents: Vec<usize> =
        (0..view.players as usize).filter(|&s| s != me && Some(s) != partner).collect();
    let trumps = contract.trumps();
    // Trumps still out that an opponent may hold.
    let trumps_out = out & trumps;
    let opp_trumps =
        !trumps_out.is_empty() && opponents.iter().any(|&s| (void[s] & trumps).is_empty());
    let ours = match view.taker {
        Some(t) => t.index() & 3 == me || Some(t.index() & 3) == partner,
        None => false,
    };
    // A suit some opponent may ruff: void in it, and not void in trumps.
    let ruffed = |c: Card| {
        !contract.is_trump(c.suit())
            && !trumps_out.is_empty()
            && opponents.iter().any(|&s| void[s].contains(c) && (void[s] & trumps).is_empty())
    };
    let master = |c: Card| (contract.higher_than(c) & out).is_empty();
    let best = cards
        .iter()
        .copied()
        .filter(|&c| master(c))
        .filter(|&c| {
            if trumps.len() == 32 {
                true
            } else if contract.is_trump(c.suit()) {
                opp_trumps && ours
            } else {
                !ruffed(c)
            }
        })
        .max_by_key(|&c| (pts(c), power(c)));
    if let Some(c) = best {
        return c;
    }
    if let Some(p) = partner {
        let led_by_partner = view.tricks.iter().find_map(|t| {
            let &(s, c) = t.cards.first()?;
            (s.index() & 3 == p && !contract.is_trump(c.suit())).then_some(c.suit())
        });
        if let Some(suit) = led_by_partner
            && let Some(c) = cards
                .iter()
                .copied()
                .filter(|c| c.suit() == suit)
                .min_by_key(|&c| (pts(c), power(c)))
        {
            return c;
        }
    }
    let cheapest = |f: &dyn Fn(Card) -> bool| {
        cards.iter().copied().filter(|&c| f(c)).min_by_key(|&c| (pts(c), power(c)))
    };
    cheapest(&|c| !contract.is_trump(c.suit()) && !ruffed(c))
        .or_else(|| cheapest(&|_| true))
        .unwrap_or(cards[0])
}

/// The card to play onto a trick in progress, by the card-play rule the
/// two- and three-player bots share ([`common::Turn`]): each card weighed
/// by the points the trick is expected to bring the bot's side (a
/// partner's points are its own) less what the card is still worth in
/// hand, from what the seat knows of the other hands (the turned card in
/// the taker's hand; voids, missing trumps and missing higher cards
/// revealed by the plays, with the partner exception of §1.6).
fn follow(view: &SeatView, contract: Contract, cards: &[(Card, bool)]) -> Option<Card> {
    use super::common::{Knowledge, Turn};
    let n = view.players as usize;
    let me = view.seat;
    let (trick, played) = common::trick_and_played(&view.tricks, view.trick.as_ref());
    let mut known = [CardSet::EMPTY; 4];
    if let Some(t) = view.taker
        && t != me
    {
        known[t.index() & 3] |= view.turned_set();
    }
    let known = known.map(|k| k - played - view.hand);
    let unseen = !(view.hand | played | view.bottom.map_or(CardSet::EMPTY, |c| c.set()));
    let mut sizes = [0; 4];
    for (i, s) in view.hand_sizes.iter().enumerate().take(4) {
        sizes[i] = *s;
    }
    let mut know = Knowledge::new(contract, unseen, known, sizes);
    let partners = n == 4;
    let rules =
        if partners { belot_core::PlayRules::FRENCH } else { belot_core::PlayRules::NO_PARTNERS };
    for t in view.tricks.iter().map(|t| &t.cards).chain([&trick]) {
        know.learn_with(t, partners, &rules);
    }
    let turn =
        Turn::new(contract, view.players, me, view.hand, cards, &trick, &know).valuing(|s| {
            let friend = s == me || (n == 4 && s.plus(2, 4) == me);
            if friend { (1.0, false) } else { (-1.0, true) }
        });
    turn.choose()
}

crate::games::solver_game!(belot_core::french::FrenchRules {});

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::parse_cards;

    fn hand(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    #[test]
    fn french_heuristic_bids_from_hand_strength() {
        let b = Bidding::default();
        // Jack, nine and ace of the suit and a side ace: takes.
        assert!(strength(hand("JH 9H AH AS 7D 8C 9S"), Suit::Hearts) >= b.take);
        // The jack alone with small side cards: passes.
        assert!(strength(hand("JH 7S 8S 9D 7C 8C QD"), Suit::Hearts) < b.take);
        // The same cards are strong in one suit and weak in another.
        let h = hand("JS 9S TS KS 7H 8D 9C");
        assert!(strength(h, Suit::Spades) >= b.name);
        assert!(strength(h, Suit::Hearts) < b.name);
    }
}
