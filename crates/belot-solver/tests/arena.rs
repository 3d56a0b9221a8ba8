//! Tournaments: mirrored bookkeeping, the same result on any number of
//! threads, and the statistics.

use belot_solver::arena::{Arena, PairResult, report};
use belot_solver::bots::BotKind;
use belot_solver::game::Game;

fn arena(a: BotKind, b: BotKind, deals: u32) -> Arena {
    Arena { a, b, deals, seed: 7, game: Game::from_name("french").unwrap() }
}

#[test]
fn a_deterministic_bot_against_itself_scores_exactly_even_on_mirrored_deals() {
    // Both games of a pair are the same game with the teams' names
    // swapped, so each bot's team gets exactly what the other got.
    let r = arena(BotKind::Heuristic, BotKind::Heuristic, 200).run(&|| {}).unwrap();
    assert_eq!(r.a_points, r.b_points);
    assert_eq!((r.share, r.mean_diff, r.win_rate, r.elo), (0.5, 0.0, 0.5, 0.0));
    assert!(r.a_points > 0.0);
}

#[test]
fn the_result_does_not_depend_on_the_number_of_threads() {
    let a = arena(BotKind::Heuristic, BotKind::Random, 300);
    let many = a.run(&|| {}).unwrap();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let one = pool.install(|| a.run(&|| {}).unwrap());
    assert_eq!(many, one);
    // And the progress callback is called once per pair.
    let n = std::sync::atomic::AtomicU32::new(0);
    a.run(&|| {
        n.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(n.into_inner(), 300);
}

#[test]
fn heuristic_beats_random_clearly() {
    let r = arena(BotKind::Heuristic, BotKind::Random, 1000).run(&|| {}).unwrap();
    assert!(r.share_ci[0] > 0.7, "{r:?}");
    assert!(r.win_rate_ci[0] > 0.8, "{r:?}");
    assert!(r.elo > 200.0, "{r:?}");
}

#[test]
fn statistics_of_known_pairs() {
    let pairs = [
        PairResult { a: 300.0, b: 100.0 },
        PairResult { a: 100.0, b: 300.0 },
        PairResult { a: 200.0, b: 200.0 },
        PairResult { a: 400.0, b: 0.0 },
    ];
    let r = report(BotKind::Heuristic, BotKind::Random, &pairs, 2);
    assert_eq!((r.pairs, r.games, r.a_points, r.b_points), (4, 8, 1000.0, 600.0));
    assert!((r.share - 0.625).abs() < 1e-12);
    // Per deal (a pair is two deals): 100, -100, 0, 200.
    assert!((r.mean_diff - 50.0).abs() < 1e-12);
    assert!(r.mean_diff_ci[0] < 50.0 && r.mean_diff_ci[1] > 50.0);
    // Wins 1, 0, 0.5, 1.
    assert!((r.win_rate - 0.625).abs() < 1e-12);
    assert_eq!((r.won_tied_lost, r.unscored), ([2, 1, 1], 0));
    assert!(r.win_rate_ci[0] < 0.625 && r.win_rate_ci[1] > 0.625);
    // A bot that wins every set: the interval stays within 0 to 1.
    let all = vec![PairResult { a: 10.0, b: 0.0 }; 30];
    let w = report(BotKind::Heuristic, BotKind::Random, &all, 2);
    assert_eq!((w.win_rate, w.win_rate_ci[1]), (1.0, 1.0));
    assert!(w.win_rate_ci[0] > 0.85 && w.win_rate_ci[0] < 1.0, "{:?}", w.win_rate_ci);
    assert!(w.elo_ci[0].is_finite() && w.elo_ci[0] > 0.0);
    // A set where no game scored is a tie, and counted as such.
    let none = report(BotKind::Heuristic, BotKind::Random, &[PairResult::default()], 2);
    assert_eq!((none.won_tied_lost, none.unscored, none.win_rate), ([0, 1, 0], 1, 0.5));
    // 62.5% is +89 Elo.
    assert!((r.elo - 88.7).abs() < 0.1, "{}", r.elo);
    assert!(r.share_ci[0] < r.share && r.share < r.share_ci[1]);
    // No pairs: nothing divides by zero.
    let empty = report(BotKind::Random, BotKind::Random, &[], 2);
    assert_eq!((empty.share, empty.win_rate, empty.elo), (0.5, 0.5, 0.0));
}

#[test]
fn every_game_has_its_tournament() {
    // A deterministic bot against itself is even in every game: two
    // mirrored games (three with three players) of each deck.
    for name in ["french-3", "french-2", "two-player", "three-player"] {
        let game = Game::from_name(name).unwrap();
        let a = Arena { a: BotKind::Heuristic, b: BotKind::Heuristic, deals: 100, seed: 3, game };
        let r = a.run(&|| {}).unwrap();
        assert_eq!(r.games, 100 * if game.players() == 3 { 3 } else { 2 }, "{name}");
        assert!((r.a_points - r.b_points).abs() < 1e-6, "{name}: {r:?}");
        assert!(r.a_points > 0.0, "{name}");
        let r = Arena { b: BotKind::Random, ..a }.run(&|| {}).unwrap();
        assert!(r.share > 0.5, "{name}: {r:?}");
    }
}
