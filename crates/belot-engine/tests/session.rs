//! `belot engine`'s `bot` and `solve` commands: the bots play any seat
//! of any game from its view, the solver values the legal cards, and a
//! refused request changes nothing.

use belot_engine::Session;
use serde_json::{Value, json};

fn ask(s: &mut Session, req: Value) -> Value {
    let line = s.handle_line(&req.to_string());
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{req} -> {line}: {e}"))
}

fn ok(s: &mut Session, req: Value) -> Value {
    let r = ask(s, req.clone());
    assert_eq!(r["ok"], true, "{req} -> {r}");
    r
}

fn refused(s: &mut Session, req: Value, code: &str) -> String {
    let r = ask(s, req.clone());
    assert_eq!(
        (r["ok"].clone(), r["error"]["code"].as_str()),
        (json!(false), Some(code)),
        "{req} -> {r}"
    );
    r["error"]["message"].as_str().unwrap().to_string()
}

/// The games as `new` starts them.
fn games() -> Vec<Value> {
    vec![
        json!({"cmd": "new", "variant": "french", "seed": 5, "dealer": 0}),
        json!({"cmd": "new", "variant": "french", "seed": 5, "options": {"players": 3}}),
        json!({"cmd": "new", "variant": "french", "seed": 5, "options": {"players": 2}}),
        json!({"cmd": "new", "variant": "two_player", "seed": 5}),
        json!({"cmd": "new", "variant": "three_player", "seed": 5}),
    ]
}

/// The heuristic bot bids for every seat until a card is to be played,
/// dealing again when a deal is thrown in.
fn to_the_card_play(s: &mut Session) {
    loop {
        let legal = ok(s, json!({"cmd": "legal"}));
        if legal["seat"].is_null() {
            ok(s, json!({"cmd": "next"}));
        } else if legal["actions"].as_array().unwrap().iter().any(|a| a["type"] == "play") {
            return;
        } else {
            ok(s, json!({"cmd": "bot", "bot": "heuristic"}));
        }
    }
}

#[test]
fn engine_bots_play_every_seat_of_every_game_to_the_end_of_the_match() {
    for new in games() {
        let mut s = Session::new();
        ok(&mut s, new.clone());
        let (mut deals, mut actions, mut over) = (0, 0, false);
        loop {
            let status = ok(&mut s, json!({"cmd": "legal"}));
            if status["seat"].is_null() {
                deals += 1;
                if over {
                    let m = refused(&mut s, json!({"cmd": "bot"}), "deal_over");
                    assert!(m.contains("the match is over"), "{new}: {m}");
                    break;
                }
                assert!(deals < 100, "{new}: no winner after {deals} deals");
                ok(&mut s, json!({"cmd": "next"}));
                continue;
            }
            // Each seat in turn by another bot; the action is one of the
            // legal ones, and the reply is `act`'s with the action.
            let bot = ["random", "heuristic", "pimc:2:5000"][actions % 3];
            let r = ok(&mut s, json!({"cmd": "bot", "bot": bot, "seed": actions}));
            assert_eq!(r["seat"], status["seat"], "{new}");
            // Protocol 2 lists one announce; its melds come from `melds`.
            let legal = status["actions"].as_array().unwrap();
            let mut action = r["action"].clone();
            if let Some(chosen) = action.as_object_mut().and_then(|a| a.remove("melds")) {
                let offered = status["melds"].as_array().unwrap();
                assert!(chosen.as_array().unwrap().iter().all(|m| offered.contains(m)), "{r}");
            }
            assert!(legal.contains(&action), "{new}: {r} not in {legal:?}");
            over = r["match_over"] == true;
            actions += 1;
        }
        assert!(deals >= 2, "{new}: {deals} deals");
    }
}

#[test]
fn the_same_view_bot_and_seed_give_the_same_action_and_naming_it_changes_nothing() {
    let mut s = Session::new();
    ok(&mut s, json!({"cmd": "new", "seed": 9, "dealer": 0}));
    to_the_card_play(&mut s);
    let before = ok(&mut s, json!({"cmd": "state"}));
    let a = ok(&mut s, json!({"cmd": "bot", "seed": 3, "apply": false}));
    let b = ok(&mut s, json!({"cmd": "bot", "seed": 3, "apply": false}));
    assert_eq!(a, b);
    assert_eq!((a["bot"].as_str(), a.get("phase")), (Some("pimc"), None), "{a}");
    assert_eq!(before, ok(&mut s, json!({"cmd": "state"})));
    // Applied, it is that action.
    let c = ok(&mut s, json!({"cmd": "bot", "seed": 3}));
    assert_eq!(c["action"], a["action"]);
    assert_ne!(before, ok(&mut s, json!({"cmd": "state"})));
}

#[test]
fn solve_values_every_legal_card_of_the_seat_to_play() {
    for new in games() {
        let mut s = Session::new();
        ok(&mut s, new.clone());
        refused(&mut s, json!({"cmd": "solve"}), "not_now");
        to_the_card_play(&mut s);
        let mut checked = 0;
        let mut last: Option<(Value, Option<u64>)> = None;
        loop {
            let legal = ok(&mut s, json!({"cmd": "legal"}));
            if legal["seat"].is_null() {
                break;
            }
            let plays: Vec<&Value> = legal["actions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["type"] == "play")
                .map(|a| &a["card"])
                .collect();
            if plays.is_empty() {
                ok(&mut s, json!({"cmd": "bot", "bot": "heuristic"}));
                continue;
            }
            let r = ok(&mut s, json!({"cmd": "solve"}));
            assert_eq!(r["seat"], legal["seat"], "{new}");
            let cards = r["cards"].as_array().unwrap();
            let mut valued: Vec<&Value> = cards.iter().map(|c| &c["card"]).collect();
            let mut want = plays.clone();
            valued.sort_by_key(|c| c.to_string());
            want.sort_by_key(|c| c.to_string());
            assert_eq!(valued, want, "{new}: every legal card, once");
            let values = cards.iter().map(|c| c["value"].as_u64().unwrap());
            let best = if r["aim"] == "fewest" { values.min() } else { values.max() };
            assert_eq!(r["best"].as_u64(), best, "{new}: {r}");
            let seat = r["seat"].as_u64().unwrap();
            assert!(r["side"].as_array().unwrap().contains(&json!(seat)), "{new}: {r}");
            // Three-player Belot: each seat for itself, defenders too.
            if new["variant"] == "three_player" {
                assert_eq!(r["side"], json!([seat]), "{new}: {r}");
            }
            // A best card was played last: when the same side plays next,
            // its value under best play is what it was.
            if let Some((side, was)) = last.take().filter(|l| l.0 == r["side"]) {
                assert_eq!(best, was, "{new}: side {side} after its best card");
            }
            last = Some((r["side"].clone(), best));
            let card = cards.iter().find(|c| c["value"].as_u64() == best).unwrap()["card"].clone();
            ok(&mut s, json!({"cmd": "act", "action": {"type": "play", "card": card}}));
            checked += 1;
            if checked == 6 {
                break;
            }
        }
        assert!(checked > 0, "{new}");
    }
}

#[test]
fn refused_bot_and_solve_requests_say_what_is_accepted_and_change_nothing() {
    let mut s = Session::new();
    refused(&mut s, json!({"cmd": "bot"}), "no_game");
    refused(&mut s, json!({"cmd": "solve"}), "no_game");
    ok(&mut s, json!({"cmd": "new", "seed": 2, "dealer": 0}));
    let before = ok(&mut s, json!({"cmd": "state"}));
    let m = refused(&mut s, json!({"cmd": "bot", "bot": "alphazero"}), "bad_request");
    assert!(m.contains("the bots are random, heuristic, pimc"), "{m}");
    let m = refused(&mut s, json!({"cmd": "bot", "depth": 3}), "bad_request");
    assert!(m.contains("expected one of `bot`, `seed`, `seat`, `apply`"), "{m}");
    let m = refused(&mut s, json!({"cmd": "bot", "seat": 3}), "not_your_turn");
    assert!(m.contains("seat 1"), "{m}");
    refused(&mut s, json!({"cmd": "solve", "seat": 1}), "bad_request");
    let m = refused(&mut s, json!({"cmd": "bot", "seed": -1}), "bad_request");
    assert!(m.starts_with("bot: seed: invalid value: integer `-1`"), "{m}");
    let m = refused(&mut s, json!({"cmd": "bot", "apply": 1}), "bad_request");
    assert!(m.starts_with("bot: apply: invalid type"), "{m}");
    // A seat that does not exist, as `act` says it.
    let m = refused(&mut s, json!({"cmd": "bot", "seat": 9}), "bad_request");
    assert_eq!(m, "seat 9 does not exist: seats are 0 to 3");
    // Budgets that would hold the session for minutes are refused here.
    let m = refused(&mut s, json!({"cmd": "bot", "bot": "ismcts:2000000"}), "bad_request");
    assert!(m.contains("ITERATIONS up to 1000000 here"), "{m}");
    let m = refused(&mut s, json!({"cmd": "bot", "bot": "pimc:8:200000000"}), "bad_request");
    assert!(m.contains("NODES up to 100000000 here"), "{m}");
    assert_eq!(before, ok(&mut s, json!({"cmd": "state"})));
    // The id comes back, on success and on refusal.
    let r = ask(&mut s, json!({"cmd": "bot", "bot": "nope", "id": 7}));
    assert_eq!(r["id"], 7);
    assert_eq!(ok(&mut s, json!({"cmd": "bot", "apply": false, "id": "x"}))["id"], "x");
    // `help` lists the two, and an unknown command names them.
    let help = ok(&mut s, json!({"cmd": "help"}));
    let names: Vec<&str> =
        help["commands"].as_array().unwrap().iter().map(|c| c["cmd"].as_str().unwrap()).collect();
    assert!(names.contains(&"bot") && names.contains(&"solve") && names.contains(&"act"));
    let m = refused(&mut s, json!({"cmd": "bots"}), "unknown_command");
    assert!(m.ends_with("help, bot, solve"), "{m}");
    // Everything else is the core's: bad JSON too.
    let r: Value = serde_json::from_str(&s.handle_line("{nope")).unwrap();
    assert_eq!(r["error"]["code"], "bad_json");
    // Once the deal is over, nobody is to act.
    while ok(&mut s, json!({"cmd": "legal"}))["seat"].is_number() {
        ok(&mut s, json!({"cmd": "bot", "bot": "random"}));
    }
    let m = refused(&mut s, json!({"cmd": "bot"}), "deal_over");
    assert!(m.contains("next"), "{m}");
    refused(&mut s, json!({"cmd": "solve"}), "not_now");
}

#[test]
fn solve_waits_for_the_card_play_in_three_player_announcing() {
    // Three-player Belot: after the auction the players announce (and may
    // exchange the seven) before the first lead; no card is to be played.
    let mut s = Session::new();
    ok(&mut s, json!({"cmd": "new", "variant": "three_player", "seed": 1}));
    let mut saw = 0;
    loop {
        let legal = ok(&mut s, json!({"cmd": "legal"}));
        let actions = legal["actions"].as_array().unwrap();
        if legal["seat"].is_null() {
            ok(&mut s, json!({"cmd": "next"}));
            continue;
        }
        if actions.iter().any(|a| a["type"] == "play") {
            assert!(saw > 0, "no announcing seen");
            let r = ok(&mut s, json!({"cmd": "solve"}));
            assert_eq!(r["seat"], legal["seat"]);
            break;
        }
        let phase = ok(&mut s, json!({"cmd": "bot", "bot": "heuristic", "apply": false}));
        let state = ok(&mut s, json!({"cmd": "state"}));
        if state["state"]["phase"] == "announcing" {
            refused(&mut s, json!({"cmd": "solve"}), "not_now");
            saw += 1;
        }
        ok(&mut s, json!({"cmd": "act", "action": phase["action"]}));
    }
}

#[test]
fn the_engines_two_player_bot_remembers_the_tricks_that_left_the_view() {
    // A bot kept for the whole deal sees every trick as it is turned; the
    // engine makes a bot for each request, shown the deal as its seat saw
    // it. Asked with the same seeds, the two choose alike all deal long.
    use belot_core::{AnyDeal, Deal, Game};
    use belot_core::{Deck, Seat};
    use belot_solver::bots::BotKind;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let kind: BotKind = "pimc:6:20000".parse().unwrap();
    let mut differ = 0;
    for seed in 0..6u64 {
        let mut s = Session::new();
        ok(&mut s, json!({"cmd": "new", "variant": "two_player", "seed": seed}));
        let rec = ok(&mut s, json!({"cmd": "save"}))["record"]["deals"][0].clone();
        let dealer = Seat(rec["dealer"].as_u64().unwrap() as u8);
        let cards: Vec<belot_core::Card> = serde_json::from_value(rec["deck"].clone()).unwrap();
        let game = Game::from_name("two-player").unwrap();
        let mut table = AnyDeal::new(&game, dealer, Deck::from_cards(&cards).unwrap()).unwrap();
        let mut kept = [kind.make(&game), kind.make(&game)];
        // Both are in a match at 0–0, and bid by its score.
        let zero = belot_core::Half::points(0);
        let standing =
            belot_core::Standing { totals: vec![zero; 2], held: zero, winners: Vec::new() };
        kept.iter_mut().for_each(|b| b.standing(&standing));
        let mut k = 0u64;
        while let Some(seat) = table.to_act() {
            let mine = kept[seat.index()].act(&table.view(seat), &mut ChaCha8Rng::seed_from_u64(k));
            // The engine's bot for this seat: the other seat's actions and
            // every earlier one of this seat reached it only as `act`s.
            let r = ok(
                &mut s,
                json!({"cmd": "bot", "bot": kind.to_string(), "seed": k, "apply": false}),
            );
            if r["action"] != json!(mine) {
                differ += 1;
            }
            ok(&mut s, json!({"cmd": "act", "action": mine}));
            table.apply(seat, &mine).unwrap();
            k += 1;
        }
    }
    assert_eq!(differ, 0, "{differ} decisions differ");
}
