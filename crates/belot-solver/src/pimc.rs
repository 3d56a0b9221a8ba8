//! `pimc`: Perfect-Information Monte Carlo for French Belote. For a card
//! to play, the bot deals the cards it cannot see at random among the
//! other seats, consistent with everything its seat knows — its hand, the
//! cards played, the turned card (the taker's), a belote call's partner
//! card, announced melds shown, and the suits each seat has shown it lacks
//! — solves each such deal exactly with the double-dummy solver and plays
//! the card with the best total. Bidding and announcing are the
//! heuristic bot's.

use belot_core::french::{FrenchOptions, SeatView};
use belot_core::{Action, Card, CardSet, Contract, PlayState, Rank, Seat};
use rand_core::RngCore;

use crate::bots::{Bot, HeuristicBot};
use crate::{Config, Solver};

/// The PIMC bot.
pub struct PimcBot {
    /// The table's rules (they decide the play duties the solver follows).
    pub options: FrenchOptions,
    /// Deals sampled per card played.
    pub samples: u32,
}

impl PimcBot {
    /// Samples per decision by default: enough to average out single
    /// unlucky layouts, few enough for a quick move.
    pub const DEFAULT_SAMPLES: u32 = 12;

    /// A PIMC bot for this table.
    pub fn new(options: FrenchOptions) -> PimcBot {
        PimcBot { options, samples: Self::DEFAULT_SAMPLES }
    }
}

/// A uniform number below `n` (n ≥ 1).
fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// What the seat knows of where the unseen cards are.
struct Knowledge {
    /// Cards each other seat certainly holds.
    known: [CardSet; 4],
    /// Suits each seat has shown it lacks, as card masks.
    void: [CardSet; 4],
    /// Cards nobody has played and this seat does not hold or know.
    unknown: CardSet,
    /// Cards each seat still holds.
    sizes: [usize; 4],
}

fn knowledge(view: &SeatView, contract: Contract) -> Knowledge {
    let me = view.seat;
    let mut played = CardSet::EMPTY;
    let mut void = [CardSet::EMPTY; 4];
    let tricks = view.tricks.iter().chain(view.trick.iter());
    for t in tricks {
        let Some(&(_, lead)) = t.cards.first() else { continue };
        let mut win = t.cards[0];
        for &(seat, card) in &t.cards {
            played.insert(card);
            if seat == t.cards[0].0 {
                continue;
            }
            let s = seat.index() & 3;
            if card.suit() != lead.suit() {
                void[s] |= CardSet::suit(lead.suit());
                // Not following and not trumping is allowed only with no
                // trump, or when the partner holds the trick.
                let partner_wins = (win.0.index() + 2) % 4 == s;
                if let Some(t) = contract.trump_suit()
                    && !contract.is_trump(card.suit())
                    && !partner_wins
                {
                    void[s] |= CardSet::suit(t);
                }
            }
            if contract.beats(card, win.1) {
                win = (seat, card);
            }
        }
    }
    let mut known = [CardSet::EMPTY; 4];
    let mut assign = |seat: Seat, cards: CardSet| {
        if seat != me {
            let k = &mut known[seat.index() & 3];
            *k |= cards - played - view.hand;
        }
    };
    if let Some(taker) = view.taker {
        assign(taker, view.turned.set());
    }
    if let Some(t) = contract.trump_suit() {
        for &(seat, _) in &view.belote_calls {
            let pair = CardSet::suit(t) & (CardSet::rank(Rank::King) | CardSet::rank(Rank::Queen));
            assign(seat, pair);
        }
    }
    for a in &view.announcements {
        if let Some(cards) = a.cards {
            assign(a.seat, cards);
        }
    }
    let all_known = known.iter().fold(CardSet::EMPTY, |a, &k| a | k);
    let mut sizes = [0usize; 4];
    for (i, s) in view.hand_sizes.iter().enumerate().take(4) {
        sizes[i] = *s;
    }
    Knowledge { known, void, unknown: !(played | view.hand | all_known), sizes }
}

/// Deals the unknown cards to the other seats: each card to a seat with
/// room that may hold its suit, chosen in proportion to the room left,
/// the most constrained cards first. None if this draw got stuck.
fn draw(k: &Knowledge, me: Seat, rng: &mut dyn RngCore, use_voids: bool) -> Option<[CardSet; 4]> {
    let mut hands = k.known;
    let mut room = [0usize; 4];
    for (s, r) in room.iter_mut().enumerate() {
        if s != me.index() {
            *r = k.sizes[s].checked_sub(k.known[s].len())?;
        }
    }
    let mut cards: Vec<Card> = k.unknown.iter().collect();
    // Shuffle, then stably put the cards fewer seats can take first.
    for i in (1..cards.len()).rev() {
        cards.swap(i, below(rng, i + 1));
    }
    let takers = |c: Card| {
        (0..4).filter(|&s| s != me.index() && !(use_voids && k.void[s].contains(c))).count()
    };
    cards.sort_by_key(|&c| takers(c));
    for c in cards {
        let open =
            |s: usize| s != me.index() && room[s] > 0 && !(use_voids && k.void[s].contains(c));
        let total: usize = (0..4).filter(|&s| open(s)).map(|s| room[s]).sum();
        if total == 0 {
            return None;
        }
        let mut pick = below(rng, total);
        let seat = (0..4).filter(|&s| open(s)).find(|&s| {
            if pick < room[s] {
                true
            } else {
                pick -= room[s];
                false
            }
        })?;
        hands[seat].insert(c);
        room[seat] -= 1;
    }
    room.iter().all(|&r| r == 0).then_some(hands)
}

/// The play position of `view` with `hands` as the seats' current cards:
/// the hands at the start of play, then every card played, in order.
fn position(
    view: &SeatView,
    options: &FrenchOptions,
    contract: Contract,
    hands: [CardSet; 4],
) -> Option<PlayState> {
    let mut start = hands;
    let tricks: Vec<_> = view.tricks.iter().chain(view.trick.iter()).collect();
    for t in &tricks {
        for &(seat, card) in &t.cards {
            start[seat.index() & 3].insert(card);
        }
    }
    let rules = options.play_rules();
    let leader = tricks.first().map_or(view.dealer.next(4), |t| t.leader);
    let mut s = PlayState::new(start, 4, true, contract, rules, leader);
    for t in &tricks {
        for &(seat, card) in &t.cards {
            if s.to_play() != seat {
                return None;
            }
            // Unchecked: a sampled layout may not explain every past card
            // (the duty to over-trump is not modelled), but the position
            // from here on is right.
            s.step(card);
        }
    }
    (s.to_play() == view.seat).then_some(s)
}

impl PimcBot {
    /// The card to play: the best total over the sampled deals.
    fn choose(
        &self,
        view: &SeatView,
        contract: Contract,
        legal: CardSet,
        rng: &mut dyn RngCore,
    ) -> Option<Card> {
        if legal.len() == 1 {
            return legal.first();
        }
        let k = knowledge(view, contract);
        let mut totals = [0u64; 32];
        let mut solver: Option<Solver> = None;
        let mut solved = 0;
        for _ in 0..self.samples.max(1) {
            // A few tries with every inference, then without the voids
            // (inferences can clash with an unusual but legal past play).
            let hands = (0..20)
                .find_map(|_| draw(&k, view.seat, rng, true))
                .or_else(|| (0..20).find_map(|_| draw(&k, view.seat, rng, false)));
            let Some(mut hands) = hands else { continue };
            hands[view.seat.index() & 3] = view.hand;
            let Some(state) = position(view, &self.options, contract, hands) else { continue };
            // One solver for all samples: its table is keyed by the whole
            // position, so entries stay valid and are shared.
            let solver =
                solver.get_or_insert_with(|| Solver::new(&state, view.seat, Config::default()));
            for (card, v) in solver.solve(&state).cards {
                totals[card.index() as usize & 31] += v as u64;
            }
            solved += 1;
        }
        if solved == 0 {
            return None;
        }
        legal.iter().max_by_key(|c| (totals[c.index() as usize & 31], std::cmp::Reverse(c.index())))
    }
}

impl Bot for PimcBot {
    fn name(&self) -> &'static str {
        "pimc"
    }

    fn act(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let legal: CardSet = view
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Play { card, .. } => Some(*card),
                _ => None,
            })
            .collect();
        let (Some(contract), false) = (view.contract, legal.is_empty()) else {
            return HeuristicBot.act(view, rng);
        };
        if view.legal.iter().any(|a| matches!(a, Action::Announce { .. })) {
            return HeuristicBot.act(view, rng);
        }
        match self.choose(view, contract, legal, rng) {
            Some(card) => {
                // Call belote whenever the card allows it: it only scores.
                let belote = view.legal.contains(&Action::Play { card, belote: true });
                Action::Play { card, belote }
            }
            None => HeuristicBot.act(view, rng),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::Deck;
    use belot_core::french::FrenchDeal;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Sampled layouts hold exactly the unseen cards, each seat its number
    /// of cards, the cards it is known to hold, and none of a suit it has
    /// shown it lacks; and the rebuilt position is the real one's.
    #[test]
    fn samples_agree_with_everything_the_seat_knows() {
        let options = FrenchOptions::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut checked_voids = 0;
        for k in 0..60u64 {
            let mut d =
                FrenchDeal::new(options, Seat((k % 4) as u8), Deck::from_seed(k, 7)).unwrap();
            while let Some(seat) = d.to_act() {
                let view = d.view(seat);
                if let (Some(contract), Some(play)) = (view.contract, d.play_state())
                    && view.legal.iter().all(|a| matches!(a, Action::Play { .. }))
                {
                    let kn = knowledge(&view, contract);
                    let real = *play.hands();
                    // The real hands never break an inference.
                    for (s, hand) in real.iter().enumerate() {
                        if s != seat.index() {
                            assert!(hand.contains_all(kn.known[s]), "known cards of seat {s}");
                            assert!((*hand & kn.void[s]).is_empty(), "void of seat {s}");
                        }
                    }
                    for _ in 0..20 {
                        // One greedy draw can get stuck; the bot retries too.
                        let mut h = (0..50)
                            .find_map(|_| draw(&kn, seat, &mut rng, true))
                            .expect("a consistent layout");
                        h[seat.index()] = view.hand;
                        for s in 0..4 {
                            assert_eq!(h[s].len(), real[s].len());
                            assert!(h[s].contains_all(kn.known[s]));
                            if s != seat.index() {
                                assert!((h[s] & kn.void[s]).is_empty());
                                checked_voids += kn.void[s].len();
                            }
                        }
                        let all = h.iter().fold(CardSet::EMPTY, |a, &x| a | x);
                        assert_eq!(all, real.iter().fold(CardSet::EMPTY, |a, &x| a | x));
                        let p = position(&view, &options, contract, h).unwrap();
                        assert_eq!(
                            (p.to_play(), p.points(), p.tricks_played()),
                            (play.to_play(), play.points(), play.tricks_played())
                        );
                        assert_eq!(p.current_trick(), play.current_trick());
                    }
                }
                let a = HeuristicBot.act(&view, &mut rng);
                d.apply(seat, &a).unwrap();
            }
        }
        assert!(checked_voids > 0, "some voids were inferred and respected");
    }
}
