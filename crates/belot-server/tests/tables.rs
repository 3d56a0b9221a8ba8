//! Tables: whole matches of every game played through `Table` by people
//! (random legal actions, sent with the seat's secret) and bots, with
//! every message to every seat and to a spectator checked for hidden
//! cards after every change.

mod common;

use std::collections::BTreeSet;

use belot_core::{Action, Card, Game, Match, Seat};
use belot_server::table::{Decks, SeatSpec, Table, TableError, Viewer};
use belot_solver::bots::BotKind;
use common::named;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Decks shuffled from `seed`: the same deals each run.
fn decks(seed: u64) -> Decks {
    Box::new(ChaCha8Rng::seed_from_u64(seed))
}

/// Cards every seat is shown outside its own hand: what all may know.
fn public(t: &Table) -> BTreeSet<Card> {
    let players = t.game().players();
    let known = (0..players).map(|s| {
        let mut v = serde_json::to_value(t.message(Viewer::Seat(Seat(s)))).unwrap();
        v["view"].as_object_mut().unwrap().remove("hand");
        named(&v)
    });
    known.reduce(|a, b| a.intersection(&b).copied().collect()).unwrap_or_default()
}

/// No message names a card another seat still holds, unless every seat
/// is shown it (a turned card taken, a meld shown); the spectator sees no
/// held card but those.
fn check_messages(t: &Table) {
    let m = t.game();
    let hands: Vec<BTreeSet<Card>> =
        (0..m.players()).map(|s| m.view(Seat(s)).hand().iter().collect()).collect();
    let public = public(t);
    let mut viewers: Vec<Viewer> = (0..m.players()).map(|s| Viewer::Seat(Seat(s))).collect();
    viewers.push(Viewer::Spectator);
    for viewer in viewers {
        let shown = named(&serde_json::to_value(t.message(viewer)).unwrap());
        for (s, hand) in hands.iter().enumerate() {
            if viewer == Viewer::Seat(Seat(s as u8)) {
                continue;
            }
            for c in shown.intersection(hand) {
                assert!(public.contains(c), "{viewer:?} is sent {c}, held by seat {s}");
            }
        }
    }
}

/// Plays `deals` deals at a table of `game` (fewer if the match ends):
/// people in the seats of `people`, heuristic bots in the others.
fn play(game: &Game, seed: u64, people: &[u8], deals: usize) -> usize {
    let mut t = Table::new(game, decks(seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let secret = |s: u8| format!("{:032x}", seed * 16 + s as u64);
    for s in 0..t.game().players() {
        if people.contains(&s) {
            t.join(Seat(s), &format!("P{s}"), secret(s)).unwrap();
        } else {
            t.seat_bot(Seat(s), BotKind::Heuristic).unwrap();
        }
    }
    let mut played = 0;
    while played < deals {
        check_messages(&t);
        let Some(seat) = t.game().to_act() else {
            played += 1;
            if t.game().match_over() {
                break;
            }
            t.deal_next().unwrap();
            continue;
        };
        if people.contains(&seat.0) {
            let legal = t.game().view(seat).legal().to_vec();
            let a = legal[(rng.next_u32() as usize) % legal.len()].clone();
            // Someone else's secret is refused and changes nothing.
            let seen = t.seq();
            assert_eq!(t.act(seat, "0", seen, &a), Err(TableError::NotYours));
            assert_eq!(t.seq(), seen);
            t.act(seat, &secret(seat.0), seen, &a).unwrap();
            // The same action sent again is stale: applied once.
            assert_eq!(
                t.act(seat, &secret(seat.0), seen, &a),
                Err(TableError::Stale { seq: seen + 1 })
            );
        } else {
            t.step_bot(&mut rng).expect("a bot is to act");
        }
    }
    played
}

/// Issue 21 (2): over at least 200 full deals of every game, no message to
/// a seat or to a spectator names another seat's unplayed cards.
#[test]
fn tables_never_send_a_seat_another_seats_cards() {
    for name in ["french", "french-3", "french-2", "two-player", "three-player"] {
        let game = Game::from_name(name).unwrap();
        let n = game.players();
        let mut deals = 0;
        let mut seed = 0;
        while deals < 200 {
            // All people, one person, or people in every other seat.
            let people: Vec<u8> = match seed % 3 {
                0 => (0..n).collect(),
                1 => vec![(seed % n as u64) as u8],
                _ => (0..n).step_by(2).collect(),
            };
            deals += play(&game, seed, &people, 40);
            seed += 1;
        }
    }
}

#[test]
fn a_table_refuses_taken_seats_bad_names_and_actions_out_of_turn() {
    let game = Game::from_name("french").unwrap();
    let mut t = Table::new(&game, decks(1)).unwrap();
    t.join(Seat(0), "Ana", "a".repeat(32)).unwrap();
    assert_eq!(t.join(Seat(0), "Boris", "b".repeat(32)), Err(TableError::Taken));
    assert_eq!(t.join(Seat(4), "Boris", "b".repeat(32)), Err(TableError::NoSeat));
    assert_eq!(t.join(Seat(1), " ", "b".repeat(32)), Err(TableError::BadName));
    assert_eq!(t.join(Seat(1), &"x".repeat(25), "b".repeat(32)), Err(TableError::BadName));
    assert_eq!(t.join(Seat(1), "a\u{7}b", "b".repeat(32)), Err(TableError::BadName));
    t.join(Seat(1), "Boris", "b".repeat(32)).unwrap();
    let (a, b) = ("a".repeat(32), "b".repeat(32));
    // Two seats are open: the table waits, and shows no hand.
    assert!(t.waiting());
    assert_eq!(t.act(Seat(1), &b, t.seq(), &Action::Pass).unwrap_err().code(), "waiting");
    assert!(t.message(Viewer::Seat(Seat(1))).view.hand().is_empty());
    assert!(t.message(Viewer::Seat(Seat(1))).waiting);
    t.join(Seat(2), "Chloé", "c".repeat(32)).unwrap();
    t.seat_bot(Seat(3), BotKind::Heuristic).unwrap();
    assert!(!t.waiting());
    assert_eq!(t.message(Viewer::Seat(Seat(1))).view.hand().len(), 5);
    let seq = t.seq();
    // Seat 1 is to act first (the dealer is seat 0); seat 0 may not.
    let e = t.act(Seat(0), &a, seq, &Action::Pass).unwrap_err();
    assert_eq!(e.code(), "not_your_turn");
    let e = t.act(Seat(1), &b, seq, &Action::play("7S".parse().unwrap())).unwrap_err();
    assert_eq!(e.code(), "illegal");
    // The rules' own code and the values their message names.
    let TableError::Game(g) = &e else { panic!("{e:?}") };
    let r = g.refusal();
    assert_eq!(r.code, "auction_round1", "{r:?}");
    assert_eq!(r.params.get("action"), Some(&"play 7S".into()), "{r:?}");
    assert!(r.params.contains_key("suit"), "{r:?}");
    assert_eq!(t.act(Seat(1), &a, seq, &Action::Pass), Err(TableError::NotYours));
    assert_eq!(t.act(Seat(1), &b, seq - 1, &Action::Pass).unwrap_err().code(), "stale");
    assert_eq!(t.seq(), seq, "refusals change nothing");
    t.act(Seat(1), &b, seq, &Action::Pass).unwrap();
    assert_eq!(t.seq(), seq + 1);
    let m = t.message(Viewer::Spectator);
    assert!(m.view.hand().is_empty() && m.view.legal().is_empty());
    assert_eq!(m.seats[0].name, "Ana");
    assert_eq!(m.seats[2].kind, "person");
}

/// Issue 21 (3): a table rebuilt from its record, seats and change count
/// (a server restart) sends every seat the same message as before.
#[test]
fn a_table_rebuilt_from_its_record_is_the_same_table() {
    for name in ["french", "french-3", "two-player", "three-player"] {
        let game = Game::from_name(name).unwrap();
        let mut t = Table::new(&game, decks(9)).unwrap();
        t.join(Seat(0), "Ana", "a".repeat(32)).unwrap();
        for s in 1..t.game().players() {
            t.seat_bot(Seat(s), BotKind::Heuristic).unwrap();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        // Half a deal or so: bots play until the person is to act twice.
        for _ in 0..2 {
            while t.step_bot(&mut rng).is_some() {}
            if let Some(seat) = t.game().to_act() {
                let a = t.game().view(seat).legal()[0].clone();
                t.act(seat, &"a".repeat(32), t.seq(), &a).unwrap();
            }
        }
        let back = Table::restore(&t.record(), &t.seats(), t.seq(), decks(0)).unwrap();
        assert_eq!(back.seats(), t.seats());
        let mut bad = t.seats();
        bad[1] = SeatSpec::Bot { bot: "genius".into() };
        let e = Table::restore(&t.record(), &bad, t.seq(), decks(0)).err().unwrap();
        assert_eq!(e.code(), "bad_seats");
        bad.pop();
        assert_eq!(
            Table::restore(&t.record(), &bad, 0, decks(0)).err().unwrap().code(),
            "bad_seats"
        );
        let players = t.game().players();
        let viewers = (0..players).map(|s| Viewer::Seat(Seat(s))).chain([Viewer::Spectator]);
        for v in viewers {
            let (a, b) = (t.message(v), back.message(v));
            assert_eq!(
                serde_json::to_value(a).unwrap(),
                serde_json::to_value(b).unwrap(),
                "{name}"
            );
        }
    }
}

/// The tables' levels: easy, medium and strong are three different bots;
/// each seat shows its level, and keeps it when the table is rebuilt from
/// its stored record (a restart).
#[test]
fn a_bot_seat_shows_its_level_and_keeps_it_when_the_table_is_rebuilt() {
    use belot_solver::bots::Level;
    let kinds: BTreeSet<String> = Level::ALL.iter().map(|l| l.kind().to_string()).collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    for level in Level::ALL {
        assert_eq!(level.name().parse::<BotKind>().unwrap(), level.kind());
        assert_eq!(Level::of(level.kind()), Some(level));
        let mut t = Table::new(&Game::from_name("french").unwrap(), decks(5)).unwrap();
        t.join(Seat(0), "Ana", "s".into()).unwrap();
        t.seat_bot(Seat(1), level.kind()).unwrap();
        let back = Table::restore(&t.record(), &t.seats(), t.seq(), decks(0)).unwrap();
        for table in [&t, &back] {
            let seats = &table.message(Viewer::Spectator).seats;
            assert_eq!((seats[1].kind, seats[1].level), ("bot", Some(level.name())), "{level:?}");
            assert_eq!(seats[0].level, None);
        }
    }
    assert_eq!(Level::of(BotKind::Random), None);
}

/// A move the rules refuse is answered, over HTTP and on the WebSocket,
/// with the table's code (`illegal`), the English message, and the
/// rules' own code (`reason`) with the values it names (`params`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_rules_refuse_gives_their_reason_over_http_and_the_websocket() {
    use common::ws::{Client, create, french, my_turn};
    let limits = belot_server::Limits {
        bot_pace: std::time::Duration::ZERO,
        trick_pause: std::time::Duration::ZERO,
        ..belot_server::Limits::default()
    };
    let path = common::db("reason");
    let (addr, _hub, stop) = common::start(&path, limits).await;
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    let (id, secret) = (t["id"].as_str().unwrap(), t["secret"].as_str().unwrap());
    let seat = t["seat"].as_u64().unwrap();
    let mut c = Client::seat(addr, id, seat, secret).await;
    let s = c.until(my_turn).await;
    let auction = s["view"]["legal"].as_array().unwrap().iter().any(|a| a["type"] == "pass");
    // In the auction a card is refused; in the card play, a pass.
    let (wrong, reasons): (serde_json::Value, &[&str]) = if auction {
        (serde_json::json!({"type": "play", "card": "7S"}), &["auction_round1", "auction_round2"])
    } else {
        (serde_json::json!({"type": "pass"}), &["action_not_now"])
    };
    let act = serde_json::json!({"type": "act", "seq": s["seq"], "action": wrong});
    let body = serde_json::json!({"seat": seat, "secret": secret, "command": act});
    let (status, r) =
        common::http(addr, "POST", &format!("/api/tables/{id}/do"), Some(&body)).await;
    assert_eq!(status, 422, "{r}");
    let e = &r["error"];
    assert_eq!(e["code"], "illegal", "{r}");
    let reason = e["reason"].as_str().unwrap_or_default();
    assert!(reasons.contains(&reason), "{r}");
    let action = if auction { "play 7S" } else { "pass" };
    assert_eq!(e["params"]["action"], action, "{r}");
    assert!(e["message"].as_str().unwrap().ends_with(&format!("got {action}")), "{r}");
    c.send(act).await;
    let w = loop {
        let m = c.recv().await;
        if m["type"] == "error" || m["type"] == "closed" {
            break m;
        }
    };
    assert_eq!(w["code"], "illegal", "{w}");
    assert_eq!(
        (&w["reason"], &w["params"], &w["message"]),
        (&e["reason"], &e["params"], &e["message"])
    );
    let _ = stop.send(());
}
