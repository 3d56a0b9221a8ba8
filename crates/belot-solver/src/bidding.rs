//! Bidding by playouts, in every game (French Belote for four, three or
//! two, two-player and three-player Belot): the
//! bot deals the cards it cannot see in ways consistent with the calls
//! made so far, and for each call it may make plays the rest of the deal
//! out (the rest of the auction and the card play, every seat bidding and
//! playing as the heuristic bot does), then makes the call whose deals
//! scored best for its side.
//!
//! Double-dummy play does not serve here: a taker who sees every card
//! makes contracts no player makes, and solved layouts bid far too much
//! (measured, see docs/bots.md). Playouts by sound, imperfect players
//! give each call the score it tends to get at a real table.

use belot_core::{Action, Card, CardSet, Deck, Rank, Seat, SeatAction};
use rand_core::RngCore;

use crate::bots::{below, heuristic_act};
use crate::odds::{Stakes, margin};
use belot_core::{AnyDeal, Deal};

/// Layouts tried for each one kept: the first whose seats would have made
/// the calls they made (else the last).
pub(crate) const TRIES: usize = 24;

/// The calls of `legal` when every legal action is a call and there is a
/// choice; `None` otherwise.
pub(crate) fn bidding_calls(legal: &[Action]) -> Option<Vec<&Action>> {
    let is_call = |a: &&Action| {
        matches!(
            a,
            Action::Take
                | Action::Pass
                | Action::Name { .. }
                | Action::AllTrumps
                | Action::NoTrumps
        )
    };
    let calls: Vec<&Action> = legal.iter().filter(is_call).collect();
    (calls.len() >= 2 && calls.len() == legal.len()).then_some(calls)
}

/// A bidding decision: whose, and the cards it cannot see.
pub(crate) struct Spot {
    pub(crate) me: Seat,
    pub(crate) players: u8,
    /// The seat's cards (each seat holds as many during the auction).
    pub(crate) hand: CardSet,
    pub(crate) unseen: Vec<Card>,
    /// Two teams of partners (seats of one parity).
    pub(crate) teams: bool,
}

/// A deal built from the seats' hands and the cards still to deal, with
/// the calls so far replayed, and whether the other seats' calls are the
/// heuristic bot's on it.
pub(crate) type Layout<'a> = dyn Fn(&[CardSet; 4], &[Card]) -> Option<(AnyDeal, bool)> + 'a;

/// True when the seats' hands explain the calls made (checked before a
/// deal is built).
pub(crate) type Check<'a> = dyn Fn(&[CardSet; 4]) -> bool + 'a;

/// A bidding turn as the playouts take it, in any game: each game's
/// `bidding::turn` says whose it is, how the unseen cards are dealt and
/// how the others' calls are explained.
pub(crate) struct Playouts<'a> {
    spot: Spot,
    calls: Vec<&'a Action>,
    /// The heuristic's call (it wins ties).
    usual: Action,
    check: Option<Box<Check<'a>>>,
    pub(crate) layout: Box<Layout<'a>>,
}

impl<'a> Playouts<'a> {
    /// The turn of `spot` with the calls of `legal`; `None` when not every
    /// legal action is a call or there is no choice.
    pub(crate) fn new(
        spot: Spot,
        legal: &'a [Action],
        usual: impl FnOnce() -> Action,
        check: Option<Box<Check<'a>>>,
        layout: Box<Layout<'a>>,
    ) -> Option<Self> {
        // The heuristic's call is asked only when there is a choice.
        let calls = bidding_calls(legal)?;
        Some(Playouts { spot, calls, usual: usual(), check, layout })
    }

    /// The call to make after `samples` layouts each played out once per
    /// candidate call (see [`Spot::best`]).
    pub(crate) fn best(
        self,
        samples: u32,
        stakes: Option<&Stakes>,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        let Playouts { spot, calls, usual, check, layout } = self;
        spot.best(&calls, (samples, stakes), usual, rng, check.as_deref(), &*layout)
    }
}

impl Spot {
    /// The spot of `me` in two- or three-player Belot, each for himself:
    /// every card but its hand and the turned card is unseen.
    pub(crate) fn alone(me: Seat, players: u8, hand: CardSet, turned: Card) -> Spot {
        let unseen = (CardSet::FULL - hand - turned.set()).iter().collect();
        Spot { me, players, hand, unseen, teams: false }
    }

    /// Plays each of `calls` out on `samples` layouts and returns the call
    /// with the best total; `usual` (the heuristic's call) wins ties, so a
    /// hand the playouts cannot tell apart is bid as before. A deal's
    /// score counts as the side's points less the others', or, in a match
    /// whose `stakes` are known, as the chance to win the match after it.
    /// `None` when no layout could be drawn or a call was refused.
    pub(crate) fn best(
        mut self,
        calls: &[&Action],
        (samples, stakes): (u32, Option<&Stakes>),
        usual: Action,
        rng: &mut dyn RngCore,
        check: Option<&Check>,
        layout: &Layout,
    ) -> Option<Action> {
        let mut totals = vec![0f64; calls.len()];
        let mut played = 0u32;
        for _ in 0..samples.max(1) {
            let Some(table) = self.draw(rng, check, layout) else { continue };
            for (call, total) in calls.iter().zip(totals.iter_mut()) {
                let mut t = table.clone();
                t.apply(self.me, call).ok()?;
                let points = play_out(&mut t, self.me, self.teams)?;
                *total += stakes.map_or(margin(&points), |s| s.value(&points));
            }
            played += 1;
        }
        if played == 0 {
            return None;
        }
        let mut best = calls.iter().position(|c| **c == usual).unwrap_or(0);
        for (i, t) in totals.iter().enumerate() {
            if *t > totals[best] {
                best = i;
            }
        }
        Some(calls[best].clone())
    }

    /// A layout of the unseen cards: the others' hands, then the cards
    /// still to deal, in order. Drawn again (up to [`TRIES`] times) until
    /// the others' calls are explained: by `check` on the hands when
    /// given, else by the layout's replay; failing that, the last draw.
    fn draw(
        &mut self,
        rng: &mut dyn RngCore,
        check: Option<&Check>,
        layout: &Layout,
    ) -> Option<AnyDeal> {
        let first = self.hand.len();
        let rest_at = (self.players as usize - 1) * first;
        let mut hands = [CardSet::EMPTY; 4];
        let mut kept = None;
        for _ in 0..TRIES {
            shuffle(&mut self.unseen, rng);
            let mut next = 0;
            for (s, hand) in hands.iter_mut().enumerate().take(self.players as usize) {
                *hand = if s == self.me.index() {
                    self.hand
                } else {
                    next += first;
                    self.unseen[next - first..next].iter().copied().collect()
                };
            }
            match check {
                Some(check) if check(&hands) => break,
                Some(_) => {}
                None => {
                    if let Some((t, explained)) = layout(&hands, &self.unseen[rest_at..]) {
                        kept = Some(t);
                        if explained {
                            break;
                        }
                    }
                }
            }
        }
        match check {
            Some(_) => layout(&hands, &self.unseen[rest_at..]).map(|x| x.0),
            None => kept,
        }
    }
}

/// The 7s and 8s (out of play with three players).
pub(crate) fn low_cards() -> CardSet {
    CardSet::rank(Rank::Seven) | CardSet::rank(Rank::Eight)
}

/// Who gets each of the two-player deal's first twelve cards: three
/// each, twice, the non-dealer first.
pub(crate) fn two_seats(dealer: Seat) -> impl Iterator<Item = Seat> {
    (0..12).map(move |i| if (i / 3) % 2 == 0 { dealer.next(2) } else { dealer })
}

/// The deck that deals `hands`: the next card of each of `seats` in
/// turn, then `turned`, then `rest`. `None` when a hand runs out or the
/// cards are not a deck.
pub(crate) fn deck_of(
    hands: &[CardSet; 4],
    seats: impl IntoIterator<Item = Seat>,
    turned: Card,
    rest: impl IntoIterator<Item = Card>,
) -> Option<Deck> {
    let mut order: Vec<Card> = Vec::with_capacity(32);
    let mut left = hands.map(|h| h.into_iter());
    for seat in seats {
        order.push(left[seat.index()].next()?);
    }
    order.push(turned);
    order.extend(rest);
    Deck::from_cards(&order).ok()
}

/// `table` with `calls` replayed, if `me` is then to act; and whether each
/// other seat's call is the heuristic bot's there.
pub(crate) fn replay(
    mut table: AnyDeal,
    calls: &[SeatAction],
    me: Seat,
) -> Option<(AnyDeal, bool)> {
    let mut explained = true;
    for c in calls {
        if c.seat != me {
            explained &= heuristic_act(&table.view(c.seat)) == c.action;
        }
        table.apply(c.seat, &c.action).ok()?;
    }
    (table.to_act() == Some(me)).then_some((table, explained))
}

/// Plays `table` to its end with every seat the heuristic bot; what it
/// scored for each side, `me`'s first (its team's), then the others in
/// turn (with teams, the other team). A deal nobody takes scores
/// nothing; `None` when an action is refused.
pub(crate) fn play_out(table: &mut AnyDeal, me: Seat, teams: bool) -> Option<Vec<f64>> {
    while let Some(seat) = table.to_act() {
        let action = heuristic_act(&table.view(seat));
        table.apply(seat, &action).ok()?;
    }
    let players = table.view(me).players() as usize;
    let sides = if teams { 2 } else { players };
    let Some(points) = table.recorded() else { return Some(vec![0.0; sides]) };
    // With teams a team's points are on both its seats: the next seat is
    // the other team.
    let at = |i: usize| points.get((me.index() + i) % players).map_or(0.0, |p| p.as_f64());
    Some((0..sides).map(at).collect())
}

/// Fisher–Yates.
pub(crate) fn shuffle(cards: &mut [Card], rng: &mut dyn RngCore) {
    for i in (1..cards.len()).rev() {
        cards.swap(i, below(rng, i + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::french::bidding::{consistent, layout_deal};
    use crate::bots::{french, three, two};
    use crate::games::SolverGame;
    use belot_core::french::{FrenchDeal, FrenchOptions, FrenchRules};
    use belot_core::three_player::{ThreeDeal, ThreeOptions, ThreeRules};
    use belot_core::two_player::{TwoDeal, TwoOptions, TwoPhase};
    use belot_core::{Deck, Suit, parse_cards};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// A four-player deal, seat 3 dealing: seat 0 (first to speak) gets
    /// `first` (five cards) and `turned` is turned; the other cards follow
    /// in a fixed order.
    fn deal_with(first: &str, turned: &str) -> FrenchDeal {
        let mine = parse_cards(first).unwrap();
        let up = parse_cards(turned).unwrap()[0];
        let others: Vec<Card> =
            CardSet::FULL.iter().filter(|c| !mine.contains(c) && *c != up).collect();
        let mut order = Vec::new();
        let mut rest = others.into_iter();
        // Packets of 3 then 2, from the dealer's left (seat 0).
        for (packet, from) in [(3, 0), (2, 3)] {
            order.extend_from_slice(&mine[from..from + packet]);
            for _ in 0..3 * packet {
                order.push(rest.next().unwrap());
            }
        }
        order.push(up);
        order.extend(rest);
        let deck = Deck::from_cards(&order).unwrap();
        let deal = FrenchDeal::new(FrenchOptions::default(), Seat(3), deck).unwrap();
        assert_eq!(deal.hand(Seat(0)), mine.iter().copied().collect());
        deal
    }

    /// The call of the seat to act in `deal`, by `samples` playouts with
    /// the game's default rules.
    fn first_call<R: SolverGame>(deal: &R::Deal, samples: u32, seed: u64) -> Action
    where
        R::Options: Default,
    {
        let view = deal.view(deal.to_act().unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        R::call(&R::Options::default(), &view, samples, None, &mut rng).unwrap()
    }

    fn call(deal: &FrenchDeal, seed: u64) -> Action {
        first_call::<FrenchRules>(deal, 64, seed)
    }

    #[test]
    fn french_playouts_take_a_strong_hand_and_pass_a_weak_one() {
        // The jack and nine of the turned suit with its ace and two side aces.
        let strong = deal_with("JH 9H AH AS AC", "TH");
        assert_eq!(call(&strong, 1), Action::Take);
        // Small cards, none of the turned suit.
        let weak = deal_with("7S 8S 7D 8C 9C", "7H");
        assert_eq!(call(&weak, 1), Action::Pass);
    }

    #[test]
    fn french_playouts_name_the_suit_of_a_strong_hand_in_round_two() {
        let mut deal = deal_with("JS 9S AS TS KS", "7H");
        for _ in 0..4 {
            let seat = deal.to_act().unwrap();
            deal.apply(seat, &Action::Pass).unwrap();
        }
        assert_eq!(deal.to_act(), Some(Seat(0)));
        assert_eq!(call(&deal, 2), Action::Name { suit: Suit::Spades });
    }

    #[test]
    fn french_playouts_repeat_with_the_same_seed() {
        let deal = deal_with("JH 7S AD 8C QH", "9H");
        assert_eq!(call(&deal, 5), call(&deal, 5));
    }

    #[test]
    fn layouts_keep_the_hand_and_explain_the_passes() {
        let mut deal = deal_with("JH 7S AD 8C QH", "9H");
        // Seat 0 and seat 1 pass; seat 2 is to speak.
        deal.apply(Seat(0), &Action::Pass).unwrap();
        deal.apply(Seat(1), &Action::Pass).unwrap();
        let view = deal.view(Seat(2));
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let unseen: Vec<Card> = (CardSet::FULL - view.hand - view.turned_set()).iter().collect();
        let mut explained = 0;
        for _ in 0..50 {
            let mut cards = unseen.clone();
            shuffle(&mut cards, &mut rng);
            let mut hands = [CardSet::EMPTY; 4];
            let mut next = 0;
            for (s, hand) in hands.iter_mut().enumerate() {
                *hand = if s == 2 {
                    view.hand
                } else {
                    next += 5;
                    cards[next - 5..next].iter().copied().collect()
                };
            }
            let d = layout_deal(&FrenchOptions::default(), &view, &hands, &cards[15..]).unwrap();
            for s in 0..4 {
                assert_eq!(d.view(Seat(s)).hand(), hands[s as usize]);
            }
            assert_eq!(d.view(Seat(2)).hand(), view.hand);
            explained +=
                [0, 1].iter().all(|&s| consistent(&view, Seat(s), hands[s as usize])) as u32;
        }
        // Most hands pass the turned suit.
        assert!(explained > 10, "{explained}");
        // A hand that would have taken does not explain a pass.
        let taker = parse_cards("JH TH AH AS AC").unwrap().into_iter().collect();
        assert!(!consistent(&view, Seat(0), taker));
    }

    #[test]
    fn layouts_deal_as_the_table_does_with_three_and_two_players() {
        for players in [3u8, 2] {
            let options = FrenchOptions { players, ..FrenchOptions::default() };
            for k in 0..20 {
                let deal =
                    FrenchDeal::new(options, Seat(0), Deck::from_seed(k, players as u64)).unwrap();
                let me = deal.to_act().unwrap();
                let view = deal.view(me);
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                let action = french::bidding::turn(&options, &view)
                    .unwrap()
                    .best(8, None, &mut rng)
                    .unwrap();
                assert!(view.legal.contains(&action));
                // The real deal's own hands, dealt again from a layout.
                let hands: [CardSet; 4] = std::array::from_fn(|s| {
                    if s < players as usize { deal.hand(Seat(s as u8)) } else { CardSet::EMPTY }
                });
                let pool = if players == 3 { CardSet::FULL - low_cards() } else { CardSet::FULL };
                let dealt = hands.iter().fold(view.turned_set(), |a, h| a | *h);
                let rest: Vec<Card> = (pool - dealt).iter().collect();
                let again = layout_deal(&options, &view, &hands, &rest).unwrap();
                for s in 0..players {
                    assert_eq!(again.view(Seat(s)).hand(), deal.hand(Seat(s)));
                }
                let AnyDeal::French(again) = again else { panic!("not a French deal") };
                assert_eq!(again.turned(), deal.turned());
            }
        }
    }

    /// A three-player deal, seat 2 dealing: seat 0 (first to speak) gets
    /// `six` and `turned` is turned.
    fn three_with(six: &str, turned: &str) -> ThreeDeal {
        let mine = parse_cards(six).unwrap();
        let up = parse_cards(turned).unwrap()[0];
        let mut rest = CardSet::FULL.iter().filter(|c| !mine.contains(c) && *c != up);
        let mut order = Vec::new();
        for round in 0..2 {
            order.extend_from_slice(&mine[3 * round..3 * round + 3]);
            order.extend(rest.by_ref().take(6));
        }
        order.push(up);
        order.extend(rest);
        let deck = Deck::from_cards(&order).unwrap();
        let deal = ThreeDeal::new(ThreeOptions::default(), Seat(2), deck).unwrap();
        assert_eq!(deal.hand(Seat(0)), mine.iter().copied().collect());
        assert_eq!(deal.to_act(), Some(Seat(0)));
        deal
    }

    fn three(deal: &ThreeDeal, seed: u64) -> Action {
        first_call::<ThreeRules>(deal, 48, seed)
    }

    #[test]
    fn three_player_playouts_take_a_strong_hand_and_pass_a_weak_one() {
        let strong = three_with("JS 9S AS TS AH AD", "KS");
        assert_eq!(three(&strong, 1), Action::Take);
        assert_eq!(three(&strong, 1), three(&strong, 1));
        let weak = three_with("7H 8H 7D 8D 7C 9C", "8S");
        assert_eq!(three(&weak, 1), Action::Pass);
    }

    #[test]
    fn three_player_layouts_deal_as_the_table_does_and_explain_the_calls() {
        let options = ThreeOptions::default();
        let mut checked = 0;
        for k in 0..20 {
            let mut deal = ThreeDeal::new(options, Seat(1), Deck::from_seed(k, 3)).unwrap();
            // The first speaker calls as the heuristic does; the next one
            // is to speak.
            let first = deal.to_act().unwrap();
            let call = three::act(&deal.view(first));
            deal.apply(first, &call).unwrap();
            let Some(me) = deal.to_act() else { continue };
            let view = deal.view(me);
            if view.exchanged || view.phase != belot_core::three_player::ThreePhase::Bidding {
                continue;
            }
            let hands: [CardSet; 4] =
                std::array::from_fn(
                    |s| if s < 3 { deal.hand(Seat(s as u8)) } else { CardSet::EMPTY },
                );
            let dealt = hands.iter().fold(view.original_turned.set(), |a, h| a | *h);
            let rest: Vec<Card> = (CardSet::FULL - dealt).iter().collect();
            let turn = three::bidding::turn(&options, &view).unwrap();
            let (again, explained) = (turn.layout)(&hands, &rest).unwrap();
            for s in 0..3 {
                assert_eq!(again.view(Seat(s)).hand(), deal.hand(Seat(s)));
            }
            // The real hands explain the heuristic's own call.
            assert!(explained);
            let mut rng = ChaCha8Rng::seed_from_u64(k);
            let action = turn.best(8, None, &mut rng).unwrap();
            assert!(view.legal.contains(&action));
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn two_player_layouts_deal_as_the_table_does_and_explain_the_calls() {
        let options = TwoOptions::default();
        let mut checked = 0;
        for k in 0..30 {
            let mut deal = TwoDeal::new(options, Seat(1), Deck::from_seed(k, 2)).unwrap();
            let first = deal.to_act().unwrap();
            let call = two::act(&deal.view(first));
            deal.apply(first, &call).unwrap();
            let Some(me) = deal.to_act() else { continue };
            let view = deal.view(me);
            if view.phase != TwoPhase::Bidding {
                continue;
            }
            let hands: [CardSet; 4] =
                std::array::from_fn(
                    |s| if s < 2 { deal.hand(Seat(s as u8)) } else { CardSet::EMPTY },
                );
            let dealt = hands.iter().fold(view.original_turned.set(), |a, h| a | *h);
            let rest: Vec<Card> = deal.deck().cards()[13..].to_vec();
            assert_eq!(rest.len() + dealt.len(), 32);
            let turn = two::bidding::turn(&options, &view).unwrap();
            let (again, explained) = (turn.layout)(&hands, &rest).unwrap();
            for s in 0..2 {
                assert_eq!(again.view(Seat(s)).hand(), deal.hand(Seat(s)));
            }
            assert!(explained);
            let mut rng = ChaCha8Rng::seed_from_u64(k);
            let action = turn.best(8, None, &mut rng).unwrap();
            assert!(view.legal.contains(&action));
            assert_eq!(
                action,
                two::bidding::turn(&options, &view)
                    .unwrap()
                    .best(8, None, &mut ChaCha8Rng::seed_from_u64(k))
                    .unwrap()
            );
            checked += 1;
        }
        assert!(checked > 10, "{checked}");
    }

    /// Seat 0's stakes in a match of `game` where each seat has `totals`
    /// (with teams, a team's on both its seats) and nothing is held.
    fn seat0_stakes(game: &belot_core::Game, totals: &[i32]) -> Stakes {
        use belot_core::{Half, Standing};
        let totals = totals.iter().map(|&t| Half::points(t)).collect();
        let standing = Standing { totals, held: Half::points(0), winners: Vec::new() };
        Stakes::new(game, &standing, Seat(0)).unwrap()
    }

    /// The match score in view: a side behind near the end takes more
    /// contracts than the same side ahead (the chance to win rewards the
    /// risk), and at 0–0 the calls are nearly those made for points.
    #[test]
    fn calls_take_more_risk_behind_near_the_end_than_ahead() {
        use belot_core::Game;
        let options = FrenchOptions::default();
        let game = Game::French(options);
        let stakes = |us: i32, them: i32| seat0_stakes(&game, &[us, them, us, them]);
        let (mut behind, mut ahead, mut same) = (0, 0, 0);
        let deals = 60;
        for k in 0..deals {
            let deal = FrenchDeal::new(options, Seat(3), Deck::from_seed(k, 77)).unwrap();
            let view = deal.view(Seat(0));
            let call = |stakes: Option<&Stakes>| {
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                french::bidding::turn(&options, &view).unwrap().best(64, stakes, &mut rng).unwrap()
            };
            for (low, high) in [(500, 850), (600, 900), (800, 950), (300, 700)] {
                behind += (call(Some(&stakes(low, high))) != Action::Pass) as u32;
                ahead += (call(Some(&stakes(high, low))) != Action::Pass) as u32;
            }
            same += (call(Some(&stakes(0, 0))) == call(None)) as u32;
        }
        assert!(behind > ahead, "took {behind} times behind, {ahead} ahead");
        assert!(same >= deals as u32 * 9 / 10, "{same} of {deals} calls as for points at 0-0");
    }

    /// The match score in view with three sides: a three-player seat far
    /// behind a rival near the target declares more than the same seat
    /// leading, and with every total level the calls are nearly those
    /// made for points.
    #[test]
    fn three_player_calls_take_more_risk_behind_than_ahead() {
        use belot_core::Game;
        let options = ThreeOptions::default();
        let game = Game::ThreePlayer(options);
        // Seat 0 speaks first (seat 2 deals); its total, then seats 1, 2.
        let stakes = |totals: [i32; 3]| seat0_stakes(&game, &totals);
        let (mut behind, mut ahead, mut same) = (0, 0, 0);
        let deals = 60;
        for k in 0..deals {
            let deal = ThreeDeal::new(options, Seat(2), Deck::from_seed(k, 78)).unwrap();
            let view = deal.view(Seat(0));
            let call = |stakes: Option<&Stakes>| {
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                three::bidding::turn(&options, &view).unwrap().best(64, stakes, &mut rng).unwrap()
            };
            for (low, high) in [(150, 460), (250, 470), (300, 440)] {
                behind += (call(Some(&stakes([low, high, low]))) != Action::Pass) as u32;
                ahead += (call(Some(&stakes([high, low, low]))) != Action::Pass) as u32;
            }
            same += (call(Some(&stakes([0, 0, 0]))) == call(None)) as u32;
        }
        assert!(behind > ahead, "declared {behind} times behind, {ahead} ahead");
        assert!(same >= deals as u32 * 17 / 20, "{same} of {deals} calls as for points at 0-0-0");
    }
}
