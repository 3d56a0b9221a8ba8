//! Where the points go when a bot plays French Belote (4 players)
//! against `random`: `cargo run --release -p belot-solver --example
//! random_breakdown -- [DEALS] [BOT]` (default 2000 decks, `heuristic`).
//! Each deck is played twice, the bot's team in seats 0 and 2, then 1
//! and 3 (as `belot arena` does). Prints, for the deals the bot's team
//! took and those `random` took, how many, how many were made, and each
//! side's recorded points: what bounds the bot's share of the points.

use belot_core::{Deck, Seat};
use belot_solver::bots::BotKind;
use belot_solver::game::{Game, Table};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let bot: BotKind = args.get(1).map_or(Ok(BotKind::Heuristic), |s| s.parse()).unwrap();
    let game = Game::from_name("french").unwrap();
    // [bot took, random took] × [deals, made, bot's points, random's points]
    let mut rows = [[0f64; 4]; 2];
    let mut passed = 0;
    for k in 0..n {
        for g in 0..2u8 {
            let mut rng = ChaCha8Rng::seed_from_u64(k * 2 + g as u64);
            let mine = |s: Seat| s.0 % 2 == g;
            let mut bots: Vec<_> = (0..4u8)
                .map(|s| if mine(Seat(s)) { bot.make(&game) } else { BotKind::Random.make(&game) })
                .collect();
            let mut table = Table::new(&game, Seat((k % 4) as u8), Deck::from_seed(1, k)).unwrap();
            while let Some(seat) = table.to_act() {
                let action = bots[seat.index()].act(&table.view(seat), &mut rng);
                table.apply(seat, &action).unwrap();
            }
            let Table::French(deal) = &table else { unreachable!() };
            let Some(score) = deal.score() else {
                passed += 1;
                continue;
            };
            let Some(taker) = deal.taker() else { continue };
            let row = &mut rows[!mine(taker) as usize];
            let ours = deal.side(Seat(g)).index() & 1;
            row[0] += 1.0;
            row[1] += (score.outcome == belot_core::french::Outcome::Made) as u8 as f64;
            row[2] += score.recorded[ours] as f64;
            row[3] += score.recorded[1 - ours] as f64;
        }
    }
    let all: f64 = rows.iter().map(|r| r[2] + r[3]).sum();
    let ours: f64 = rows.iter().map(|r| r[2]).sum();
    println!("{bot} vs random, French Belote, {n} decks played twice ({passed} deals passed out)");
    for (name, r) in ["taken by the bot's team", "taken by random"].iter().zip(rows) {
        println!(
            "{name:24} {:5} deals, {:5.1}% made, {bot} {:6.1} and random {:6.1} points a deal, {bot}'s share {:5.1}%",
            r[0],
            100.0 * r[1] / r[0].max(1.0),
            r[2] / r[0].max(1.0),
            r[3] / r[0].max(1.0),
            100.0 * r[2] / (r[2] + r[3]).max(1.0)
        );
    }
    println!("share of all points: {:.1}%", 100.0 * ours / all.max(1.0));
}
