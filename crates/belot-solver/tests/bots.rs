//! Bots in every game: every move legal over thousands of deals, moves
//! that depend only on what the seat was shown (the same views with other
//! unseen cards give the same moves), and the heuristic bot stronger than
//! the random one.

use belot_core::{Action, Card, Contract, Deck, Seat};
use belot_core::{AnyDeal, AnyView, Deal, Game};
use belot_solver::bots::{Bot, BotKind, HeuristicBot, RandomBot};
use belot_solver::pimc::{Budget, PimcBot};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Deals per game with `pimc` or `ismcts` at the table: a thousand in all.
const DEALS_WITH_SEARCH: u64 = 200;

fn games() -> Vec<Game> {
    ["french", "french-3", "french-2", "two-player", "three-player"]
        .iter()
        .map(|n| Game::from_name(n).unwrap())
        .collect()
}

/// Plays a deal with `bots[seat]`; every action must be accepted. Returns
/// the actions taken.
fn play(
    table: &mut AnyDeal,
    bots: &mut [Box<dyn Bot>],
    rng: &mut ChaCha8Rng,
) -> Vec<(Seat, Action)> {
    let mut actions = Vec::new();
    while let Some(seat) = table.to_act() {
        let view = table.view(seat);
        let action = bots[seat.index()].act(&view, rng);
        assert!(
            view.legal().contains(&action),
            "{} chose {action}, not in {:?}",
            bots[seat.index()].name(),
            view.legal()
        );
        table
            .apply(seat, &action)
            .unwrap_or_else(|e| panic!("{} played {action}: {e}", bots[seat.index()].name()));
        actions.push((seat, action));
    }
    actions
}

/// `ismcts` with a small budget, for tests.
const SMALL_ISMCTS: BotKind = BotKind::Ismcts(150);

fn small_pimc(game: Game) -> Box<dyn Bot> {
    Box::new(PimcBot::with_budget(
        game,
        Budget { samples: 3, nodes: 20_000, first: 200_000, bids: 8 },
    ))
}

#[test]
fn every_random_and_heuristic_move_is_legal_in_thousands_of_deals() {
    for game in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let n = game.players();
        let mut played = 0;
        for k in 0..1000u64 {
            let mut bots: Vec<Box<dyn Bot>> = (0..n)
                .map(|s| {
                    if (s as u64 + k).is_multiple_of(2) {
                        Box::new(HeuristicBot) as Box<dyn Bot>
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            let mut t =
                AnyDeal::new(&game, Seat((k % n as u64) as u8), Deck::from_seed(k, 0)).unwrap();
            play(&mut t, &mut bots, &mut rng);
            assert!(t.is_over());
            if t.recorded().is_some() {
                played += 1;
            }
        }
        assert!(played > 400, "{}: most deals are taken and played: {played}", game.name());
    }
}

#[test]
fn every_pimc_and_ismcts_move_is_legal() {
    for game in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let n = game.players();
        for k in 0..DEALS_WITH_SEARCH {
            let mut bots: Vec<Box<dyn Bot>> = (0..n)
                .map(|s| {
                    if s % 2 == 0 {
                        if k % 4 < 2 { small_pimc(game) } else { SMALL_ISMCTS.make(&game) }
                    } else if k % 2 == 0 {
                        Box::new(HeuristicBot) as Box<dyn Bot>
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            let mut t =
                AnyDeal::new(&game, Seat((k % n as u64) as u8), Deck::from_seed(k + 500, 0))
                    .unwrap();
            play(&mut t, &mut bots, &mut rng);
            assert!(t.is_over());
        }
    }
}

/// The same deal with two cards unseen by `seat` swapped: the public
/// actions are replayed, and as long as `seat` was shown the same things,
/// a bot in `seat` must choose the same actions.
fn same_views_same_moves(game: Game, make: &dyn Fn() -> Box<dyn Bot>, deals: u64) -> usize {
    let n = game.players();
    let mut compared = 0;
    for k in 0..deals {
        let seat = Seat((k % n as u64) as u8);
        let dealer = Seat(((k / 3) % n as u64) as u8);
        let deck = Deck::from_seed(k + 77, 1);
        // Deal A, played by heuristic bots around `seat`'s bot.
        let mut a = AnyDeal::new(&game, dealer, deck).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(k);
        let mut bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|s| if s == seat.0 { make() } else { Box::new(HeuristicBot) as Box<dyn Bot> })
            .collect();
        let actions = play(&mut a, &mut bots, &mut rng);
        // Cards `seat` never held: swap two of them (a pair chosen by k).
        let seen: Vec<Card> = deck.cards().to_vec();
        let mut held = belot_core::CardSet::EMPTY;
        let mut t = AnyDeal::new(&game, dealer, deck).unwrap();
        for (s, act) in &actions {
            held |= t.view(seat).hand();
            t.apply(*s, act).unwrap();
        }
        let hidden: Vec<usize> = (0..32).filter(|&i| !held.contains(seen[i])).collect();
        if hidden.len() < 2 {
            continue;
        }
        let (i, j) =
            (hidden[(k as usize) % hidden.len()], hidden[(k as usize * 7 + 3) % hidden.len()]);
        if i == j {
            continue;
        }
        let mut cards = seen.clone();
        cards.swap(i, j);
        let deck_b = Deck::from_cards(&cards).unwrap();
        // Replay: both deals, one bot each in `seat`, fed their own views.
        let mut ta = AnyDeal::new(&game, dealer, deck).unwrap();
        let mut tb = AnyDeal::new(&game, dealer, deck_b).unwrap();
        let (mut bot_a, mut bot_b) = (make(), make());
        let (mut ra, mut rb) = (ChaCha8Rng::seed_from_u64(9), ChaCha8Rng::seed_from_u64(9));
        for (s, act) in &actions {
            if *s == seat {
                let (va, vb) = (ta.view(seat), tb.view(seat));
                if !same(&va, &vb) {
                    break;
                }
                let (xa, xb) = (bot_a.act(&va, &mut ra), bot_b.act(&vb, &mut rb));
                assert_eq!(
                    xa,
                    xb,
                    "{}: {} chose differently on the same view",
                    game.name(),
                    bot_a.name()
                );
                compared += 1;
            }
            if ta.apply(*s, act).is_err() || tb.apply(*s, act).is_err() {
                break;
            }
        }
    }
    compared
}

fn same(a: &AnyView, b: &AnyView) -> bool {
    format!("{a:?}") == format!("{b:?}")
}

#[test]
fn moves_depend_only_on_what_the_seat_was_shown() {
    for game in games() {
        for kind in [BotKind::Random, BotKind::Heuristic] {
            let c = same_views_same_moves(game, &|| kind.make(&game), 60);
            assert!(c > 100, "{} {kind}: {c} decisions compared", game.name());
        }
        let c = same_views_same_moves(game, &|| small_pimc(game), 6);
        assert!(c > 10, "{} pimc: {c} decisions compared", game.name());
        let c = same_views_same_moves(game, &|| SMALL_ISMCTS.make(&game), 6);
        assert!(c > 10, "{} ismcts: {c} decisions compared", game.name());
    }
}

/// A bot for a game.
type MakeBot = dyn Fn(Game) -> Box<dyn Bot>;

/// Two-player Belot, распасы (§3.9): with the house rule that charges a
/// бела to its caller no bot calls one, and by default (a бела counts
/// against the other player) every bot calls every one it holds.
#[test]
fn two_player_raspasy_bots_call_bela_only_when_it_charges_the_other() {
    let default = Game::from_name("two-player").unwrap();
    let own = Game::TwoPlayer(belot_core::two_player::TwoOptions {
        raspasy_meld_charging: belot_core::two_player::RaspasyMeldCharging::Own,
        ..Default::default()
    });
    let kinds: [(&str, &MakeBot); 3] = [
        ("heuristic", &|_| Box::new(HeuristicBot)),
        ("pimc", &small_pimc),
        ("ismcts", &|g| SMALL_ISMCTS.make(&g)),
    ];
    let four_passes = [Action::Pass, Action::Pass, Action::Pass, Action::Pass];
    let mut held = 0;
    for k in 0..400u64 {
        let deck = Deck::from_seed(k, 31);
        let Ok(AnyDeal::TwoPlayer(start)) = AnyDeal::new(&default, Seat(1), deck) else { continue };
        let trump = start.view(Seat(0)).turned.suit();
        let kq = belot_core::CardSet::from_iter([
            Card::new(trump, belot_core::Rank::King),
            Card::new(trump, belot_core::Rank::Queen),
        ]);
        for (game, calls) in [(default, true), (own, false)] {
            for (name, make) in &kinds {
                let mut t = AnyDeal::new(&game, Seat(1), deck).unwrap();
                for a in &four_passes {
                    let s = t.to_act().unwrap();
                    t.apply(s, a).unwrap();
                }
                let AnyDeal::TwoPlayer(d) = &t else { unreachable!() };
                if !d.view(Seat(0)).raspasy {
                    break;
                }
                // Hands after the deal's second packets, once play starts.
                let holders: Vec<Seat> = [Seat(0), Seat(1)]
                    .into_iter()
                    .filter(|&s| d.hand(s).contains_all(kq))
                    .collect();
                if holders.is_empty() {
                    break;
                }
                let mut bots: Vec<Box<dyn Bot>> = (0..2).map(|_| make(game)).collect();
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                play(&mut t, &mut bots, &mut rng);
                let AnyDeal::TwoPlayer(d) = &t else { unreachable!() };
                for s in holders {
                    held += 1;
                    assert_eq!(
                        d.bela_called(s) != 0,
                        calls,
                        "deck {k}, {name}, seat {}: бела called {}",
                        s.0,
                        d.bela_called(s)
                    );
                }
            }
        }
        if held >= 60 {
            break;
        }
    }
    assert!(held >= 60, "{held} бела holders in распасы");
}

#[test]
fn heuristic_takes_more_points_than_random_in_every_game() {
    for game in games() {
        let arena = belot_solver::arena::Arena {
            a: BotKind::Heuristic.into(),
            b: BotKind::Random.into(),
            sets: 300,
            unit: belot_solver::arena::Unit::Deals,
            seed: 2,
            game,
        };
        let r = arena.run(&|| {}).unwrap();
        assert!(r.share_ci[0] > 0.55, "{}: {r:?}", game.name());
    }
}

// ---------------------------------------------------------------------
// The heuristic bots of two- and three-player Belot on chosen deals.

use belot_core::three_player::{ThreeDeal, ThreeOptions, ThreePhase};
use belot_core::two_player::{TwoDeal, TwoOptions};
use belot_core::{CardSet, Rank, Suit, parse_cards};
use belot_solver::bots::{three, two};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A deck with `front` on top and the other cards after it, `last` at
/// the bottom.
fn deck_of(front: &[Card], last: Option<Card>) -> Deck {
    let mut all: Vec<Card> = front.to_vec();
    let rest: Vec<Card> = (0..32)
        .filter_map(Card::from_index)
        .filter(|c| !front.contains(c) && Some(*c) != last)
        .collect();
    all.extend(rest);
    if let Some(b) = last {
        all.push(b);
    }
    Deck::from_cards(&all).unwrap()
}

/// A two-player deal (§3.2): the non-dealer's nine cards (the first six
/// dealt before the auction), the dealer's nine, the вскрышка and the
/// bottom card. Seat 1 deals.
fn two_deal(non_dealer: &str, dealer: &str, vskryshka: &str, bottom: &str) -> TwoDeal {
    let (n, d) = (cards(non_dealer), cards(dealer));
    assert_eq!((n.len(), d.len()), (9, 9));
    let mut front = Vec::new();
    for part in [0..3, 3..6, 6..9] {
        if part.start == 6 {
            front.push(card(vskryshka));
        }
        front.extend_from_slice(&n[part.clone()]);
        front.extend_from_slice(&d[part]);
    }
    let deck = deck_of(&front, Some(card(bottom)));
    TwoDeal::new(TwoOptions::default(), Seat(1), deck).unwrap()
}

/// A three-player deal (§2.3) dealt by seat 0: the nine cards of seats
/// 1, 2 and 0 (the first six dealt before the auction) and the turned
/// card.
fn three_deal(hands: [&str; 3], turned: &str) -> ThreeDeal {
    let h: Vec<Vec<Card>> = hands.iter().map(|s| cards(s)).collect();
    assert!(h.iter().all(|x| x.len() == 9));
    let mut front = Vec::new();
    for part in [0..3, 3..6] {
        for x in &h {
            front.extend_from_slice(&x[part.clone()]);
        }
    }
    front.push(card(turned));
    for x in &h {
        front.extend_from_slice(&x[6..9]);
    }
    ThreeDeal::new(ThreeOptions::default(), Seat(0), deck_of(&front, None)).unwrap()
}

fn two_act(d: &TwoDeal) -> Action {
    let seat = d.to_act().unwrap();
    let a = two::act(&d.view(seat));
    assert!(d.view(seat).legal.contains(&a), "{a} is not legal");
    a
}

fn three_act(d: &ThreeDeal) -> Action {
    let seat = d.to_act().unwrap();
    let a = three::act(&d.view(seat));
    assert!(d.view(seat).legal.contains(&a), "{a} is not legal");
    a
}

fn apply2(d: &mut TwoDeal, a: Action) {
    d.apply(d.to_act().unwrap(), &a).unwrap();
}

fn apply3(d: &mut ThreeDeal, a: Action) {
    d.apply(d.to_act().unwrap(), &a).unwrap();
}

/// A card played, by its text.
fn plays(s: &str) -> Action {
    Action::play(card(s))
}

/// `two_deal` after `passes` passes (four: распасы, §3.9).
fn two_passed(
    non_dealer: &str,
    dealer: &str,
    vskryshka: &str,
    bottom: &str,
    passes: usize,
) -> TwoDeal {
    let mut d = two_deal(non_dealer, dealer, vskryshka, bottom);
    for _ in 0..passes {
        apply2(&mut d, Action::Pass);
    }
    d
}

/// `two_deal` after both players pass twice and the non-dealer names
/// `suit` in the second round.
fn two_named(non_dealer: &str, dealer: &str, vskryshka: &str, bottom: &str, suit: Suit) -> TwoDeal {
    let mut d = two_passed(non_dealer, dealer, vskryshka, bottom, 2);
    apply2(&mut d, Action::Name { suit });
    d
}

/// `three_deal` with the turned card taken by seat 1, the
/// announcements passed and then the cards `played`.
fn three_taken(hands: [&str; 3], turned: &str, played: &[&str]) -> ThreeDeal {
    let mut d = three_deal(hands, turned);
    apply3(&mut d, Action::Take);
    while d.phase() == ThreePhase::Announcing {
        apply3(&mut d, Action::Pass);
    }
    for c in played {
        apply3(&mut d, plays(c));
    }
    d
}

#[test]
fn two_player_heuristic_takes_a_strong_trump_hand_and_passes_a_weak_one() {
    // Non-dealer: J 9 A of spades, the вскрышка's suit, and a side ace.
    let d = two_deal("JS 9S AS AH 8D 7C QH 8C 9C", "7H 8H 9H TD JD QD KD AD 7D", "8S", "TC");
    assert_eq!(two_act(&d), Action::Take);
    // Seven, eight, nine of different suits and a queen: nothing to load.
    let mut d = two_deal("7S 8H 9D 7C 8C QD JS 9S AS", "AH TH KH AD TD KD AC TC KC", "8S", "QS");
    assert_eq!(two_act(&d), Action::Pass);
    // The dealer, strong in aces and tens, does not take spades either.
    apply2(&mut d, Action::Pass);
    assert_eq!(two_act(&d), Action::Pass);
}

#[test]
fn two_player_heuristic_bids_all_trumps_with_jacks_and_nines() {
    let d = two_passed("JS 9S JH 9H JD AC 7D 8D 7C", "7H 8H QH KH TD QD QC KC TC", "7S", "8S", 2);
    assert_eq!(two_act(&d), Action::AllTrumps);
}

#[test]
fn two_player_heuristic_bids_no_trumps_with_aces_and_tens() {
    let d = two_passed("AS TS AH TH AD KC 7D 8D 7C", "7H 8H QH KH 9D QD QC JC 9C", "7S", "8S", 2);
    assert_eq!(two_act(&d), Action::NoTrumps);
}

#[test]
fn two_player_dealer_passes_into_raspasy_with_small_cards() {
    // The dealer's last call: small cards suit распасы better than any
    // contract.
    let mut d =
        two_passed("AS TS KS AH TH KH AD TD KD", "7S 8H 7D 8D 7C 9H QC 8C 9C", "JS", "AC", 3);
    assert_eq!(two_act(&d), Action::Pass);
    apply2(&mut d, Action::Pass);
    assert!(d.is_raspasy());
}

#[test]
fn heuristic_exchanges_the_seven_for_a_better_turned_card() {
    // Two-player: the non-dealer takes spades and holds the seven; the
    // вскрышка is the jack.
    let mut d = two_deal("9S AS 7S AH TH 8D 7C QH 8C", "7H 8H 9H TD JD QD KD AD 7D", "JS", "TC");
    apply2(&mut d, Action::Take);
    assert_eq!(two_act(&d), Action::Exchange);
    apply2(&mut d, Action::Exchange);
    assert!(d.hand(Seat(0)).contains(card("JS")));
    // Three-player: seat 1 plays hearts, seat 2 holds the seven of
    // hearts and takes the turned ace for it.
    let mut d = three_deal(
        ["JH 9H TH KH AS AD 8S 8D 8C", "7H 7S 9S JS 7D 9D TC KC 7C", "QS KS TS JD QD KD QC JC 9C"],
        "AH",
    );
    assert_eq!(three_act(&d), Action::Take);
    apply3(&mut d, Action::Take);
    assert_eq!(d.phase(), ThreePhase::Announcing);
    assert_eq!(d.to_act(), Some(Seat(1)));
    let a = three_act(&d); // seat 1 announces or passes
    apply3(&mut d, a);
    assert_eq!(three_act(&d), Action::Exchange);
}

#[test]
fn two_player_heuristic_keeps_the_seven_in_raspasy() {
    let d = two_passed("7S 8H 9D 7C 8C QD 9S 8D 7H", "AH TH KH AD TD KD AC TC KC", "JS", "QS", 4);
    assert!(d.is_raspasy());
    let a = two_act(&d);
    assert!(matches!(a, Action::Play { .. } | Action::Announce { .. }), "{a}");
}

#[test]
fn two_player_heuristic_claims_a_redeal_only_on_a_weak_hand() {
    // Four sevens and nothing else as loader of hearts: annul the deal.
    let hearts = Suit::Hearts;
    let d =
        two_named("7S 7H 7D 7C 8S 9D QC JH 8C", "AH TH KH AD TD KD AC TC KC", "QS", "9S", hearts);
    assert_eq!(two_act(&d), Action::Redeal);
    // Four eights with the jack, nine and ace of trumps: play it.
    let d =
        two_named("8S 8H 8D 8C JH 9H AH TD 7C", "KH QH 7H AD KD AC TC KC QC", "QS", "9S", hearts);
    assert_ne!(two_act(&d), Action::Redeal);
}

#[test]
fn heuristic_announces_its_best_construction() {
    let hearts = Suit::Hearts;
    let d =
        two_named("AS KS QS JS 9H 8D 7C QH 8C", "7H 8H TH TD JD QD KD AD 7D", "7S", "TC", hearts);
    let a = two_act(&d);
    let Action::Announce { melds } = a else { panic!("{a}") };
    assert_eq!(melds[0].cards(), CardSet::from_iter(cards("AS KS QS JS")));
}

#[test]
fn two_player_heuristic_wins_a_ten_with_its_ace_and_throws_nothing_on_a_lost_trick() {
    // Hearts trump; the non-dealer leads the ten of diamonds.
    let spades = Suit::Spades;
    let mut d =
        two_named("TD 7S 8S 9S QC 8C JH 9H AH", "AD 7D KS QS KC 7C 8H 9C TC", "7H", "JC", spades);
    apply2(&mut d, plays("TD"));
    assert_eq!(two_act(&d), plays("AD"));
    // The ace of diamonds led: the dealer has the king and the seven of
    // diamonds, and keeps the king.
    let mut d =
        two_named("AD 7S 8S 9S QC 8C JH 9H AH", "KD 7D KS QS KC 7C 8H 9C TC", "7H", "JC", spades);
    apply2(&mut d, plays("AD"));
    assert_eq!(two_act(&d), plays("7D"));
}

#[test]
fn two_player_heuristic_draws_trumps_with_the_master_trump() {
    // The non-dealer loads hearts with the jack, nine and ace of trumps.
    let hearts = Suit::Hearts;
    let mut d =
        two_named("JH 9H AH 8S 9S 7C TH QD 8C", "AS KS QS AD TD KD AC TC KC", "7S", "7D", hearts);
    // It announces its tierce (J 10 9 of hearts) first.
    let a = two_act(&d);
    assert!(matches!(a, Action::Announce { .. }), "{a}");
    apply2(&mut d, a);
    assert_eq!(two_act(&d), plays("JH"));
}

#[test]
fn two_player_heuristic_calls_bela() {
    // Spades trump; the dealer must beat the seven of trumps with the
    // king or the queen, and calls бела with it.
    let mut d = two_deal("7S 8H 9D 7C 8C QD AH TH JD", "KS QS AD TD KD AC TC KC 9C", "8S", "JC");
    apply2(&mut d, Action::Take);
    apply2(&mut d, plays("7S"));
    let a = two_act(&d);
    assert!(matches!(a, Action::Play { belote: true, .. }), "{a}");
}

#[test]
fn two_player_heuristic_ducks_in_raspasy() {
    // Распасы on spades; the non-dealer leads the nine of diamonds.
    let mut d =
        two_passed("9D 7S 8S 9S QC 8C JH 9H AH", "AD 7D KS QS KC 7C 8H 9C TC", "TS", "JC", 4);
    assert!(d.is_raspasy());
    apply2(&mut d, plays("9D"));
    // Under the nine with the seven, not over it with the ace.
    assert_eq!(two_act(&d), plays("7D"));
    // The ace of diamonds led: the dealer cannot win, and sheds the king.
    let mut d =
        two_passed("AD 7S 8S 9S QC 8C JH 9H AH", "KD 7D KS QS KC 7C 8H 9C TC", "TS", "JC", 4);
    apply2(&mut d, plays("AD"));
    assert_eq!(two_act(&d), plays("KD"));
}

#[test]
fn two_player_heuristic_leads_low_in_raspasy() {
    // Aces and tens beside small cards: it leads a small one.
    let d = two_passed("7S 7D 8D AH TH 8C KD QD 9C", "KS QS JS 7C KC 7H 8H 9H JC", "8S", "TC", 4);
    let a = two_act(&d);
    let Action::Play { card: c, .. } = a else { panic!("{a}") };
    assert!(c.rank() <= Rank::Nine, "leads {c}");
}

#[test]
fn three_player_heuristic_passes_a_weak_hand() {
    let d = three_deal(
        ["7S 8H 9D 7C 8C QD AS TS KS", "JH 9H TH KH AD 8S 9S JS 7D", "AH QH 7H TD JD KD AC TC KC"],
        "QS",
    );
    assert_eq!(three_act(&d), Action::Pass);
}

#[test]
fn three_player_heuristic_plays_a_strong_hand_and_names_its_suit() {
    // Jack, nine, ace of the turned suit and a side ace: play.
    let d = three_deal(
        ["JS 9S AS AH 8D 7C KS QS TS", "JH 9H TH KH AD 8S 7S JD 7D", "QH 7H TD 9D KD AC TC KC QD"],
        "8H",
    );
    let d2 = three_deal(
        ["JH 9H TH KH AD 8S 7S JD 7D", "JS 9S AS AH 8D 7C KS QS TS", "QH 7H TD 9D KD AC TC KC QD"],
        "8H",
    );
    assert_eq!(three_act(&d), Action::Pass, "hearts are not its suit");
    // Seat 1 has spades but hearts were turned; in round 2 it names them.
    let mut d = d;
    for _ in 0..3 {
        apply3(&mut d, Action::Pass);
    }
    assert_eq!(three_act(&d), Action::Name { suit: Suit::Spades });
    // With hearts strong in round 1, seat 1 plays them.
    assert_eq!(three_act(&d2), Action::Take);
}

/// Three-player deal where seat 1 declares clubs and leads a heart; seat
/// 2 then plays `second`, and seat 0 (a defender void in hearts and
/// clubs) is to play.
fn defender_to_play(seat1: &str, seat2: &str, lead: &str, second: &str) -> ThreeDeal {
    three_taken([seat1, seat2, "KD 7S 8S 9S JS QS KS AS TS"], "8C", &[lead, second])
}

#[test]
fn three_player_defender_gives_points_to_the_other_defender_not_to_the_declarer() {
    // The declarer led the seven of hearts and the other defender took it
    // with the ace: the last defender (void in hearts and trumps, the
    // declarer void in spades) throws a card worth points.
    let d =
        defender_to_play("7H JC 9C AC TC KC QC AD TD", "AH TH KH QH JH 9H 8H QD 9D", "7H", "AH");
    let Action::Play { card: c, .. } = three_act(&d) else { panic!() };
    assert!(Contract::Suit(Suit::Clubs).points(c) > 0, "throws {c}");
    // The declarer led the ace and wins the trick: a card worth nothing.
    let d =
        defender_to_play("AH JC 9C AC TC KC QC AD TD", "7H TH KH QH JH 9H 8H QD 9D", "AH", "7H");
    let Action::Play { card: c, .. } = three_act(&d) else { panic!() };
    assert_eq!(Contract::Suit(Suit::Clubs).points(c), 0, "throws {c}");
}

#[test]
fn heuristic_acts_on_every_view_of_a_deal_without_panicking() {
    // Views where it is not the seat's turn: nothing legal, `Pass`.
    let d = two_deal("JS 9S AS AH 8D 7C QH 8C 9C", "7H 8H 9H TD JD QD KD AD 7D", "8S", "TC");
    assert_eq!(two::act(&d.view(Seat(1))), Action::Pass);
    let d = three_deal(
        ["7S 8H 9D 7C 8C QD AS TS KS", "JH 9H TH KH AD 8S 9S JS 7D", "AH QH 7H TD JD KD AC TC KC"],
        "QS",
    );
    assert_eq!(three::act(&d.view(Seat(0))), Action::Pass);
}

#[test]
fn three_player_heuristic_leads_a_ten_once_the_ace_has_fallen() {
    // Hearts trump, seat 1 declares with small trumps; every trick stays
    // in view, so after its ace of spades wins the first trick it knows
    // the ten is the highest spade left, and leads it.
    let d = three_taken(
        ["AS TS 7S 7H 8H 7D 8D 9C 8C", "8S KS JH 9H AH KD QD JC TC", "9S QS TH JD AD 9D AC KC QC"],
        "QH",
        &["AS", "8S", "9S"],
    );
    assert_eq!(d.to_act(), Some(Seat(1)));
    assert_eq!(three_act(&d), plays("TS"));
    // The same after a first trick in diamonds, the ace of spades still
    // out: it does not lead the ten into it.
    let d = three_taken(
        ["AD TS 7S 7H 8H 7D 8D 9C 8C", "8S KS JH 9H AH KD QD JC AS", "9S QS TH JD TD 9D AC KC QC"],
        "QH",
        &["AD", "KD", "9D"],
    );
    assert_eq!(d.to_act(), Some(Seat(1)));
    assert_ne!(three_act(&d), plays("TS"));
}

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_solver::bots::french;

/// A French deal in play from four hands (seat 0's first), hearts trump
/// taken by seat 0, seat 3 dealing (so seat 0 leads), after the cards
/// `played`.
fn french_deal(hands: [&str; 4], played: &[&str]) -> FrenchDeal {
    let h = hands.map(|s| CardSet::from_iter(cards(s)));
    let mut d = FrenchDeal::from_hands(FrenchOptions::default(), Seat(3), h, Suit::Hearts, Seat(0))
        .unwrap();
    for c in played {
        french_play(&mut d, c);
    }
    d
}

fn french_play(d: &mut FrenchDeal, s: &str) {
    d.apply(d.to_act().unwrap(), &plays(s)).unwrap();
}

fn french_act(d: &FrenchDeal) -> Action {
    let v = d.view(d.to_act().unwrap());
    let a = french::act(&v);
    assert!(v.legal.contains(&a), "{a} is not legal");
    a
}

#[test]
fn french_heuristic_returns_its_partners_suit() {
    // Seat 0 leads a small spade, his partner (seat 2) wins it with the
    // ace and, holding no master card, leads spades back.
    let d = french_deal(
        [
            "7S KS JH 9H AH TC 7D 8D",
            "8S 9S AD TD KD QH 7C 8C",
            "AS QS KC QC 9D JD 7H 8H",
            "TS JS AC 9C JC TH KH QD",
        ],
        &["7S", "8S", "AS", "JS"],
    );
    assert_eq!(d.to_act(), Some(Seat(2)));
    assert_eq!(french_act(&d), plays("QS"));
}

#[test]
fn french_heuristic_counts_trumps_and_stops_drawing_when_the_opponents_have_none() {
    // The taker draws trumps with the jack; both opponents show out.
    let d = french_deal(
        [
            "JH 9H AH TH 7S 8S 7D 8D",
            "AS TS KS QS AD TD KD QD",
            "KH QH 8H 7H JS 9S 7C 8C",
            "AC TC KC QC JC 9C 9D JD",
        ],
        &["JH", "QD", "7H", "9C"],
    );
    assert_eq!(d.to_act(), Some(Seat(0)));
    // The nine of trumps is now master, but only his partner still has
    // trumps: he keeps it and leads a side card.
    let Action::Play { card, .. } = french_act(&d) else { panic!() };
    assert_ne!(card.suit(), Suit::Hearts, "led {card}");
}

#[test]
fn french_heuristic_draws_trumps_with_the_master_while_opponents_may_hold_some() {
    let mut d = french_deal(
        [
            "JH 9H AH TH 7S 8S 7D 8D",
            "AS TS KS QS AD TD KD 7H",
            "KH QH 8H QD JS 9S 7C 8C",
            "AC TC KC QC JC 9C 9D JD",
        ],
        &[],
    );
    // He announces his tierce (jack, ten, nine of hearts) first.
    let a = french_act(&d);
    assert!(matches!(a, Action::Announce { .. }), "{a}");
    d.apply(Seat(0), &a).unwrap();
    assert_eq!(french_act(&d), plays("JH"));
}

#[test]
fn french_heuristic_feeds_its_partners_trick_and_gives_nothing_to_the_opponents() {
    let mut d = french_deal(
        [
            "AS KS JH 9H AH TC 7D 8D",
            "8S 9S AD TD KD QH 7C 8C",
            "7S QS KC QC 9D JD 7H 8H",
            "TS JS AC 9C JC TH KH QD",
        ],
        &[],
    );
    // Seat 0 leads the master ace of spades: seat 1 follows with the
    // cheapest spade, and seat 2, his partner holding the trick, gives
    // the queen (3) rather than the seven.
    french_play(&mut d, "AS");
    assert_eq!(french_act(&d), plays("8S"));
    french_play(&mut d, "8S");
    assert_eq!(french_act(&d), plays("QS"));
}
