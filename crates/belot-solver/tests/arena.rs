//! Tournaments: mirrored bookkeeping, the same result on any number of
//! threads, and the statistics.

use belot_core::Game;
use belot_solver::arena::{Arena, PairResult, Unit, report};
use belot_solver::bots::BotKind;

fn arena(a: BotKind, b: BotKind, deals: u32) -> Arena {
    Arena {
        a: a.into(),
        b: b.into(),
        sets: deals,
        unit: Unit::Deals,
        seed: 7,
        game: Game::from_name("french").unwrap(),
    }
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
        PairResult { a: 300.0, b: 100.0, ..Default::default() },
        PairResult { a: 100.0, b: 300.0, ..Default::default() },
        PairResult { a: 200.0, b: 200.0, ..Default::default() },
        PairResult { a: 400.0, b: 0.0, ..Default::default() },
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
    let all = vec![PairResult { a: 10.0, b: 0.0, ..Default::default() }; 30];
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
        let a = Arena {
            a: BotKind::Heuristic.into(),
            b: BotKind::Heuristic.into(),
            sets: 100,
            unit: Unit::Deals,
            seed: 3,
            game,
        };
        let r = a.run(&|| {}).unwrap();
        assert_eq!(r.games, 100 * if game.players() == 3 { 3 } else { 2 }, "{name}");
        assert!((r.a_points - r.b_points).abs() < 1e-6, "{name}: {r:?}");
        assert!(r.a_points > 0.0, "{name}");
        let r = Arena { b: BotKind::Random.into(), ..a }.run(&|| {}).unwrap();
        assert!(r.share > 0.5, "{name}: {r:?}");
    }
}

fn matches(a: BotKind, b: BotKind, sets: u32, name: &str) -> Arena {
    let (a, b) = (a.into(), b.into());
    Arena { a, b, sets, unit: Unit::Matches, seed: 11, game: Game::from_name(name).unwrap() }
}

#[test]
fn mirrored_matches_of_a_bot_against_itself_are_even_in_every_game() {
    // The same decks in the same order and the same first dealer: each
    // game of a set is the same match with the seats renamed, so each
    // side wins as many matches and points as the other.
    for name in ["french", "french-3", "french-2", "two-player", "three-player"] {
        let r = matches(BotKind::Heuristic, BotKind::Heuristic, 20, name).run(&|| {}).unwrap();
        let three = Game::from_name(name).unwrap().players() == 3;
        assert_eq!(r.unit, Unit::Matches);
        assert_eq!(r.games, 20 * if three { 3 } else { 2 }, "{name}");
        assert!((r.a_points - r.b_points).abs() < 1e-6, "{name}: {r:?}");
        assert_eq!((r.win_rate, r.won_tied_lost), (0.5, [0, 20, 0]), "{name}");
        let won = r.matches_won.unwrap();
        assert!((won - if three { 1.0 / 3.0 } else { 0.5 }).abs() < 1e-9, "{name}: {won}");
        // A match is several deals, and each reached its target.
        assert!(r.deals > 2 * r.games, "{name}: {} deals", r.deals);
        let target = r.options["target"].as_f64().unwrap();
        assert!(r.a_points + r.b_points >= target * r.pairs as f64, "{name}: {r:?}");
    }
}

#[test]
fn heuristic_wins_nearly_every_match_against_random() {
    for name in ["french", "two-player", "three-player"] {
        let r = matches(BotKind::Heuristic, BotKind::Random, 60, name).run(&|| {}).unwrap();
        let won = r.matches_won.unwrap();
        // One seat in three wins a three-player match.
        let floor = if name == "three-player" { 0.6 } else { 0.9 };
        assert!(won > floor, "{name}: {r:?}");
        assert!(r.win_rate > 0.9 && r.share > 0.6, "{name}: {r:?}");
        let ci = r.matches_won_ci.unwrap();
        assert!(ci[0] < won && won <= ci[1] && ci[1] <= 1.0, "{name}: {ci:?}");
    }
}

#[test]
fn matches_give_the_same_result_on_any_number_of_threads() {
    let a = matches(BotKind::Heuristic, BotKind::Random, 40, "two-player");
    let many = a.run(&|| {}).unwrap();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    assert_eq!(many, pool.install(|| a.run(&|| {}).unwrap()));
    // Single deals are not matches: no match figures.
    let d = Arena { unit: Unit::Deals, ..a }.run(&|| {}).unwrap();
    assert_eq!((d.unit, d.matches_won, d.deals), (Unit::Deals, None, d.games));
}

#[test]
fn a_mirrored_match_is_won_by_winning_matches_not_by_points() {
    // `a` won one match of two but scored fewer points: a tie, not a loss.
    let tied = PairResult { a: 900.0, b: 1500.0, wins: Some([1.0, 1.0]), deals: 20 };
    let won = PairResult { a: 1200.0, b: 1100.0, wins: Some([2.0, 0.0]), deals: 18 };
    let r = report(BotKind::Heuristic, BotKind::Random, &[tied, won], 2);
    assert_eq!((r.unit, r.won_tied_lost, r.win_rate), (Unit::Matches, [1, 1, 0], 0.75));
    assert_eq!((r.games, r.deals, r.matches_won), (4, 38, Some(0.75)));
    // Points per match played: (-600 + 100) / 2 sets / 2 games.
    assert!((r.mean_diff - -125.0).abs() < 1e-9, "{}", r.mean_diff);
}
