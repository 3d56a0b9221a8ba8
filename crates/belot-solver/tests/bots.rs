//! Bots in every game: every move legal over thousands of deals, moves
//! that depend only on what the seat was shown (the same views with other
//! unseen cards give the same moves), and the heuristic bot stronger than
//! the random one.

use belot_core::{Action, Card, Deck, Seat};
use belot_solver::bots::{Bot, BotKind, HeuristicBot, RandomBot};
use belot_solver::game::{Game, GameView, Table};
use belot_solver::pimc::{Budget, PimcBot};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn games() -> Vec<Game> {
    ["french", "french-3", "french-2", "two-player", "three-player"]
        .iter()
        .map(|n| Game::from_name(n).unwrap())
        .collect()
}

/// Plays a deal with `bots[seat]`; every action must be accepted. Returns
/// the actions taken.
fn play(table: &mut Table, bots: &mut [Box<dyn Bot>], rng: &mut ChaCha8Rng) -> Vec<(Seat, Action)> {
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

fn small_pimc(game: Game) -> Box<dyn Bot> {
    Box::new(PimcBot::with_budget(game, Budget { samples: 3, nodes: 20_000, first: 200_000 }))
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
                    if (s as u64 + k) % 2 == 0 {
                        Box::new(HeuristicBot) as Box<dyn Bot>
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            let mut t =
                Table::new(&game, Seat((k % n as u64) as u8), Deck::from_seed(k, 0)).unwrap();
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
fn every_pimc_move_is_legal() {
    for game in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let n = game.players();
        for k in 0..12u64 {
            let mut bots: Vec<Box<dyn Bot>> = (0..n)
                .map(|s| {
                    if s % 2 == 0 {
                        small_pimc(game)
                    } else if k % 2 == 0 {
                        Box::new(HeuristicBot) as Box<dyn Bot>
                    } else {
                        Box::new(RandomBot)
                    }
                })
                .collect();
            let mut t =
                Table::new(&game, Seat((k % n as u64) as u8), Deck::from_seed(k + 500, 0)).unwrap();
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
        let mut a = Table::new(&game, dealer, deck).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(k);
        let mut bots: Vec<Box<dyn Bot>> = (0..n)
            .map(|s| if s == seat.0 { make() } else { Box::new(HeuristicBot) as Box<dyn Bot> })
            .collect();
        let actions = play(&mut a, &mut bots, &mut rng);
        // Cards `seat` never held: swap two of them (a pair chosen by k).
        let seen: Vec<Card> = deck.cards().to_vec();
        let mut held = belot_core::CardSet::EMPTY;
        let mut t = Table::new(&game, dealer, deck).unwrap();
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
        let mut ta = Table::new(&game, dealer, deck).unwrap();
        let mut tb = Table::new(&game, dealer, deck_b).unwrap();
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

fn same(a: &GameView, b: &GameView) -> bool {
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
    }
}

#[test]
fn heuristic_takes_more_points_than_random_in_every_game() {
    for game in games() {
        let arena = belot_solver::arena::Arena {
            a: BotKind::Heuristic,
            b: BotKind::Random,
            deals: 300,
            seed: 2,
            game,
        };
        let r = arena.run(&|| {}).unwrap();
        assert!(r.share_ci[0] > 0.55, "{}: {r:?}", game.name());
    }
}
