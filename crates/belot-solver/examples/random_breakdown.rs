//! Where the points go when a bot plays French Belote (4 players)
//! against `random`: `cargo run --release -p belot-solver --example
//! random_breakdown -- [DEALS] [BOT] [TAKE,NAME]` (default 2000 decks,
//! `heuristic`). Each deck is played twice, the bot's team in seats 0
//! and 2, then 1 and 3 (as `belot arena` does). Prints, for the deals the
//! bot's team took and those `random` took, how many, how many were made,
//! and each side's recorded points: what bounds the bot's share of the
//! points.
//!
//! BOT `oracle` is no bot: it bids and announces as `heuristic` but
//! plays each card double-dummy, seeing every hand (the solver's best
//! card on the real deal; the heuristic's card when it is as good).
//! `oracle-leads` does so only on lead and `oracle-follows` only when
//! following, playing the heuristic's card otherwise. They bound what any
//! card play can take from `random` behind the heuristic's auction, and
//! show where the heuristic leaves points.
//!
//! BOT `exploit[:N]` is a bot, but one made for `random` alone: it bids
//! and announces as `heuristic`, and chooses each card by sampling `N`
//! layouts of the unseen cards consistent with its view (default 300)
//! and playing every legal card out on each, its opponents playing
//! uniformly random cards (as `random` does) and its own side a greedy
//! rule; the card whose playouts scored best for its side (the deal's
//! score by the core's scoring, announcements left out) is played. It shows what a bot that
//! sees only its own hand can take from `random` by modelling it exactly.
//!
//! `TAKE,NAME` makes the heuristic (and the oracles) bid with those
//! strength thresholds instead of its own (`50,54`); `1000,1000` never
//! takes.

use belot_core::french::FrenchOptions;
use belot_core::{Action, Card, Deck, PlayState, PlayoutRng, Seat, Side};
use belot_core::{AnyDeal, AnyView, Deal, Game};
use belot_solver::bots::BotKind;
use belot_solver::bots::french::{Bidding, act_with};
use belot_solver::knowledge::{Memory, PlayInfo};
use belot_solver::{Config, Solver};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// When the oracle overrides the heuristic's card.
#[derive(Clone, Copy, PartialEq)]
enum Oracle {
    Never,
    Always,
    Leads,
    Follows,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let name = args.get(1).map_or("heuristic", |s| s.as_str());
    let (oracle, bot) = match name {
        "oracle" => (Oracle::Always, BotKind::Heuristic),
        "oracle-leads" => (Oracle::Leads, BotKind::Heuristic),
        "oracle-follows" => (Oracle::Follows, BotKind::Heuristic),
        s if s.starts_with("exploit") => (Oracle::Never, BotKind::Heuristic),
        s => (
            Oracle::Never,
            s.parse().expect("BOT: a bot name, oracle[-leads|-follows], exploit[:N]"),
        ),
    };
    let exploit = name.strip_prefix("exploit").map(|x| {
        x.strip_prefix(':').map_or(300, |n| n.parse().expect("exploit:N, N layouts a card"))
    });
    let bidding = args.get(2).map(|b| {
        let parse = |x: Option<&str>| x.and_then(|x| x.trim().parse().ok());
        let mut it = b.split(',');
        match (parse(it.next()), parse(it.next())) {
            (Some(take), Some(name)) => Bidding { take, name },
            _ => panic!("TAKE,NAME: two integers, as 50,54"),
        }
    });
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
            let mut memory: Vec<Memory> = (0..4).map(|_| Memory::default()).collect();
            let mut table =
                AnyDeal::new(&game, Seat((k % 4) as u8), Deck::from_seed(1, k)).unwrap();
            while let Some(seat) = table.to_act() {
                let view = table.view(seat);
                let mut action = match (mine(seat), bidding, &view) {
                    (true, Some(b), AnyView::French(v)) => act_with(v, b),
                    _ => bots[seat.index()].act(&view, &mut rng),
                };
                if let (true, Action::Play { card, .. }) = (mine(seat), &action) {
                    action = oracle_play(&table, seat, *card, oracle).unwrap_or(action);
                    if let Some(n) = exploit {
                        let memory = &mut memory[seat.index()];
                        if let Some(c) = exploit_card(&game, &table, seat, memory, &mut rng, n) {
                            action = play_action(&table, seat, c).unwrap_or(action);
                        }
                    }
                }
                table.apply(seat, &action).unwrap();
            }
            let AnyDeal::French(deal) = &table else { unreachable!() };
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
    let bids = bidding.map_or(String::new(), |b| format!(", bidding at {},{}", b.take, b.name));
    println!(
        "{name} vs random, French Belote, {n} decks played twice{bids} ({passed} deals passed out)"
    );
    for (what, r) in ["taken by the bot's team", "taken by random"].iter().zip(rows) {
        println!(
            "{what:24} {:5} deals, {:5.1}% made, {name} {:6.1} and random {:6.1} points a deal, {name}'s share {:5.1}%",
            r[0],
            100.0 * r[1] / r[0].max(1.0),
            r[2] / r[0].max(1.0),
            r[3] / r[0].max(1.0),
            100.0 * r[2] / (r[2] + r[3]).max(1.0)
        );
    }
    println!("share of all points: {:.1}%", 100.0 * ours / all.max(1.0));
}

/// The oracle's play in place of `card`, the heuristic's: the solver's
/// best card on the real deal when `card` is worse (None: keep `card`).
fn oracle_play(table: &AnyDeal, seat: Seat, card: Card, oracle: Oracle) -> Option<Action> {
    let state = table.play_state()?;
    let lead = state.current_trick().is_empty();
    let on = match oracle {
        Oracle::Never => false,
        Oracle::Always => true,
        Oracle::Leads => lead,
        Oracle::Follows => !lead,
    };
    if !on {
        return None;
    }
    let sol = Solver::new(state, seat, Config::default()).solve(state);
    let best = sol.cards.iter().map(|c| c.1).max()?;
    if sol.cards.iter().any(|c| c.0 == card && c.1 == best) {
        return None;
    }
    let pick = sol.cards.iter().find(|c| c.1 == best)?.0;
    play_action(table, seat, pick)
}

/// Plays `pick`, calling belote whenever the rules let it be called, as
/// the heuristic does.
fn play_action(table: &AnyDeal, seat: Seat, pick: Card) -> Option<Action> {
    table
        .view(seat)
        .legal()
        .iter()
        .filter(|a| matches!(a, Action::Play { card, .. } if *card == pick))
        .max_by_key(|a| matches!(a, Action::Play { belote: true, .. }))
        .cloned()
}

/// The `exploit` bot's card: the best total over `n` layouts drawn from
/// what `seat` knows, each legal card played out once per layout with the
/// opponents at random and the seat's side greedy (None: one legal card).
fn exploit_card(
    game: &Game,
    table: &AnyDeal,
    seat: Seat,
    memory: &mut Memory,
    rng: &mut ChaCha8Rng,
    n: usize,
) -> Option<Card> {
    let info = PlayInfo::from_view(game, &table.view(seat), memory)?;
    let AnyDeal::French(deal) = table else { return None };
    let ours = deal.taker()?.0 & 1 == seat.0 & 1;
    let legal = info.legal();
    if legal.len() < 2 {
        return None;
    }
    let mut playout_rng = PlayoutRng::seed_from_u64(rng.next_u64());
    let mut totals = [0i64; 32];
    for _ in 0..n {
        let Some(position) = info.sample(rng).and_then(|h| info.position(h)) else { continue };
        for card in legal {
            let mut s = position;
            s.step(card);
            play_out(&mut s, seat, &mut playout_rng);
            totals[card.index() as usize & 31] += deal_score(&s, seat, ours, deal.options());
        }
    }
    legal.iter().max_by_key(|c| totals[c.index() as usize & 31])
}

/// Plays to the end: `seat`'s side by [`greedy`], the others at random.
fn play_out(s: &mut PlayState, seat: Seat, rng: &mut PlayoutRng) {
    while !s.is_over() {
        let legal = s.legal();
        let card = if s.to_play().0 & 1 == seat.0 & 1 {
            greedy(s)
        } else {
            belot_core::play::select_bit(legal, (rng.next_u64() % legal.len() as u64) as u32)
        };
        s.step(card);
    }
}

/// A simple rule for the exploiting side's playouts: lead its strongest
/// card; on a partner's trick, give points when last, else the least;
/// take a trick worth taking with the cheapest winning card; else throw
/// the least.
fn greedy(s: &PlayState) -> Card {
    let legal = s.legal();
    let c = s.contract();
    let least = || legal.iter().min_by_key(|&x| (c.points(x), c.strength(x)));
    let pick = if s.current_trick().is_empty() {
        legal.iter().max_by_key(|&x| (c.strength(x), c.points(x)))
    } else {
        let last = s.current_trick().len() == 3;
        let beat = legal & s.beating();
        if s.winning_seat().0 == (s.to_play().0 + 2) & 3 {
            if last {
                legal.iter().max_by_key(|&x| (c.points(x), std::cmp::Reverse(c.strength(x))))
            } else {
                least()
            }
        } else if !beat.is_empty() && (last || s.trick_points() >= 10) {
            beat.iter().min_by_key(|&x| (c.is_trump(x.suit()), c.strength(x), c.points(x)))
        } else {
            least()
        }
    };
    pick.unwrap_or(belot_core::play::select_bit(legal, 0))
}

/// The deal's score difference for `seat`'s side at the end of play
/// (`ours`: its side took the contract), scored by the core's French
/// scoring under the table's `options`, announcements and belote left
/// out.
fn deal_score(s: &PlayState, seat: Seat, ours: bool, options: &FrenchOptions) -> i64 {
    use belot_core::french::{DealSummary, score_deal};
    let (card_points, _, capot) = belot_core::french::side_totals(s);
    let me = seat.index() & 1;
    let taker = Side((me as u8) ^ u8::from(!ours));
    let summary = DealSummary {
        taker,
        card_points,
        capot,
        announcements: [0, 0],
        belote: None,
        deal_points: None,
    };
    let r = score_deal(&summary, options).recorded;
    (r[me] - r[1 - me]) as i64
}
