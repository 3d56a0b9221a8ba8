//! How much of what seeing every hand is worth a bot's card play takes,
//! against `heuristic`, in any game: `cargo run --release -p belot-solver
//! --example oracle_gap -- GAME [DEALS] [BOT] [SEED]` (default 400 decks,
//! `pimc`, seed 1).
//!
//! Each deck is played once with `heuristic` in every seat (the
//! baseline), then mirrored as `belot arena` seats it (BOT's side in each
//! place in turn) twice: with BOT, and with the *oracle*, which bids and
//! announces as BOT but plays every card double-dummy on the real deal
//! (the solver's best card for its side's card points, the fewest in
//! распасы). The oracle is a cheat, not a bot: it bounds what any card
//! play behind BOT's auction could take. For each, the gain over the
//! baseline in the side's points less the others' (with three players,
//! the mean of the two others), per game, split by who took the
//! contract, and the share of the points as `belot arena` counts it.

use std::collections::BTreeMap;

use belot_core::{Action, AnyDeal, Deal, Deck, Game, Seat};
use belot_solver::bots::BotKind;
use belot_solver::{Config, Solver, side_of};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;

/// One game's outcome: who took, and what each seat recorded.
#[derive(Clone, Copy, Default)]
struct Played {
    taker: Option<Seat>,
    points: [f64; 4],
}

/// The side and aim the oracle plays for at `seat`: as `pimc` plays.
fn aim(game: &Game, deal: &AnyDeal, seat: Seat) -> (u8, bool) {
    let least = deal.all_pass() == Some(true);
    (side_of(game, deal.taker(), seat), least)
}

/// The oracle's card: the best for its aim on the real deal.
fn oracle_card(game: &Game, deal: &AnyDeal, seat: Seat) -> Option<belot_core::Card> {
    let state = deal.play_state()?;
    let (side, least) = aim(game, deal, seat);
    let mut solver = Solver::for_seats(side, Config::default());
    if least {
        solver.reset_least(side);
    }
    let s = solver.solve(state);
    let key = |&(c, v): &(belot_core::Card, u32)| {
        (if least { -(v as i64) } else { v as i64 }, std::cmp::Reverse(c.index()))
    };
    s.cards.iter().max_by_key(|x| key(x)).map(|x| x.0)
}

/// Plays deck `k`, `bot` in the seats `mine` says (with the oracle's
/// card play if `oracle`), `heuristic` elsewhere.
fn play(
    game: &Game,
    seed: u64,
    k: u64,
    bot: BotKind,
    mine: &dyn Fn(u8) -> bool,
    oracle: bool,
) -> Played {
    let dealer = Seat((k % game.players() as u64) as u8);
    let mut deal = AnyDeal::new(game, dealer, Deck::from_seed(seed, k)).expect("a deal");
    let players = game.players();
    let mut bots: Vec<_> = (0..players)
        .map(|s| if mine(s) { bot.make(game) } else { BotKind::Heuristic.make(game) })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ k.rotate_left(32));
    while let Some(seat) = deal.to_act() {
        let view = deal.view(seat);
        let mut action = bots[seat.index()].act(&view, &mut rng);
        // Only a card is overridden: an announcement offered with the
        // cards stays the bot's.
        let card_play = matches!(action, Action::Play { .. });
        if oracle
            && card_play
            && mine(seat.0)
            && view.playable().len() > 1
            && let Some(card) = oracle_card(game, &deal, seat)
        {
            let belote = view.legal().contains(&Action::Play { card, belote: true });
            action = Action::Play { card, belote };
        }
        deal.apply(seat, &action).expect("a legal action");
    }
    let mut points = [0.0; 4];
    for (i, h) in deal.recorded().unwrap_or_default().iter().enumerate().take(4) {
        points[i] = h.as_f64();
    }
    Played { taker: deal.taker(), points }
}

/// `mine`'s points and the others' (their mean with three players; with
/// teams, each team's points are on its seats 0 and 1).
fn sides(game: &Game, p: &Played, mine: &dyn Fn(u8) -> bool) -> (f64, f64) {
    let seats: Vec<u8> = if game.teams() { vec![0, 1] } else { (0..game.players()).collect() };
    let (a, b): (Vec<u8>, Vec<u8>) = seats.into_iter().partition(|&s| mine(s));
    let sum = |v: &[u8]| v.iter().map(|&s| p.points[s as usize]).sum::<f64>();
    (sum(&a), sum(&b) / b.len().max(1) as f64)
}

/// One seating of one deck: who took, the bot's side's points and the
/// others', for the baseline, the bot and the oracle.
type Row = [(&'static str, f64, f64); 3];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = Game::from_name(args.first().map_or("french", |s| s.as_str())).expect("GAME");
    let n: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(400);
    let bot: BotKind = args.get(2).map_or(BotKind::PIMC, |b| b.parse().expect("BOT"));
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let rows: Vec<Row> =
        (0..n).into_par_iter().flat_map_iter(|k| seatings(&game, seed, k, bot)).collect();
    println!(
        "{} {n} decks (seed {seed}), each seating as belot arena: {} games",
        game.name(),
        rows.len()
    );
    report(&rows, &bot.to_string(), 1);
    report(&rows, "oracle", 2);
}

/// Deck `k` in every seating `belot arena` gives the bot.
fn seatings(game: &Game, seed: u64, k: u64, bot: BotKind) -> Vec<Row> {
    let games: u8 = if game.players() == 3 { 3 } else { 2 };
    (0..games)
        .map(|g| {
            let teams = game.teams();
            let m = move |s: u8| if teams { s % 2 == g } else { s == g };
            let role = |p: &Played| match p.taker {
                None => "nobody",
                Some(t) if m(t.0) => "its side",
                Some(_) => "the others",
            };
            [
                play(game, seed, k, BotKind::Heuristic, &m, false),
                play(game, seed, k, bot, &m, false),
                play(game, seed, k, bot, &m, true),
            ]
            .map(|p| {
                let (a, b) = sides(game, &p, &m);
                (role(&p), a, b)
            })
        })
        .collect()
}

/// Column `i`'s share and gain over the baseline, in all and by who took.
fn report(rows: &[Row], who: &str, i: usize) {
    let base: f64 = rows.iter().map(|r| r[0].1 - r[0].2).sum();
    let (a, b) = rows.iter().fold((0.0, 0.0), |(a, b), r| (a + r[i].1, b + r[i].2));
    let gain = (a - b - base) / rows.len() as f64;
    println!(
        "{who}: share {:.1}% of the points, gain over heuristic {gain:+.2} a game",
        100.0 * a / (a + b)
    );
    let mut by: BTreeMap<&str, (u32, f64)> = BTreeMap::new();
    for r in rows {
        let e = by.entry(r[i].0).or_default();
        e.0 += 1;
        e.1 += (r[i].1 - r[i].2) - (r[0].1 - r[0].2);
    }
    for (role, (c, g)) in by {
        println!("  taken by {role:10} {c:6} games, gain {:+.2} a game", g / rows.len() as f64);
    }
}
