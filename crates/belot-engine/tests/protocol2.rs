//! Protocol version 2 (docs/protocol.md, "Changes from version 1"): each
//! new request and field, in every game.

use belot_engine::Engine;
use serde_json::{Value, json};

fn ok(e: &mut Engine, req: Value) -> Value {
    let r: Value = serde_json::from_str(&e.handle_line(&req.to_string())).unwrap();
    assert_eq!(r["ok"], true, "{req} -> {r}");
    r
}

fn refused(e: &mut Engine, req: Value, code: &str) -> Value {
    let r: Value = serde_json::from_str(&e.handle_line(&req.to_string())).unwrap();
    assert_eq!(r["error"]["code"], code, "{req} -> {r}");
    r
}

const GAMES: [(&str, Value); 5] = [
    ("french", Value::Null),
    ("french", Value::Null),
    ("french", Value::Null),
    ("two_player", Value::Null),
    ("three_player", Value::Null),
];

/// `new` for game `i` of `GAMES` (French for 4, 3 and 2 players).
fn new_game(i: usize, seed: u64) -> Value {
    let players = [4, 3, 2][i.min(2)];
    let options = if i < 3 { json!({"players": players}) } else { json!({}) };
    json!({"cmd": "new", "variant": GAMES[i].0, "seed": seed, "dealer": 0, "options": options})
}

#[test]
fn hello_answers_the_version_and_every_game_with_its_words() {
    let mut e = Engine::new();
    let r = ok(&mut e, json!({"cmd": "hello", "id": 1}));
    assert_eq!(r["protocol"], 2);
    assert_eq!(r["id"], 1);
    let games = r["games"].as_array().unwrap();
    let names: Vec<&str> = games.iter().map(|g| g["variant"].as_str().unwrap()).collect();
    assert_eq!(names, ["french", "two_player", "three_player"]);
    assert_eq!(games[0]["players"], json!([4, 3, 2]));
    assert_eq!(games[1]["target"], 1001);
    assert_eq!(games[2]["target"], 501);
    for g in games {
        for word in ["taker", "turned", "belote"] {
            assert!(g["words"][word].is_string(), "{g}");
        }
    }
    refused(&mut e, json!({"cmd": "hello", "version": 1}), "bad_request");
}

#[test]
fn every_game_names_the_taker_the_turned_card_and_the_belote_calls_alike() {
    for i in 0..GAMES.len() {
        let mut e = Engine::new();
        ok(&mut e, new_game(i, 3));
        // Through the auction, then one card.
        for _ in 0..12 {
            let legal = ok(&mut e, json!({"cmd": "legal"}));
            let Some(first) = legal["actions"].get(0).cloned() else { break };
            let st = ok(&mut e, json!({"cmd": "act", "action": first}));
            if st["phase"] == "playing" && st["taker"].is_u64() {
                break;
            }
        }
        let v = ok(&mut e, json!({"cmd": "view", "seat": 0}))["view"].clone();
        for field in ["taker", "turned", "belote_calls"] {
            assert!(v.get(field).is_some(), "game {i}: no {field} in {v}");
        }
        for old in ["loader", "declarer", "vskryshka", "bela_calls", "belot_calls"] {
            assert!(v.get(old).is_none(), "game {i}: {old} in {v}");
        }
        let status = ok(&mut e, json!({"cmd": "legal"}));
        assert!(status.get("melds").is_some());
    }
}

/// Plays deals of game `i` with every seat announcing and calling belote
/// whenever offered; calls `check` with each legal list and action.
fn play_calling(i: usize, seeds: std::ops::Range<u64>, mut check: impl FnMut(u64, &Value, &Value)) {
    for seed in seeds {
        let mut e = Engine::new();
        ok(&mut e, new_game(i, seed));
        loop {
            let legal = ok(&mut e, json!({"cmd": "legal"}));
            let actions = legal["actions"].as_array().unwrap();
            let Some(first) = actions.first() else { break };
            let called = actions.iter().find(|a| a["belote"] == true);
            let action = called.unwrap_or(first).clone();
            check(seed, &legal, &action);
            ok(&mut e, json!({"cmd": "act", "action": action}));
        }
    }
}

#[test]
fn one_announce_action_carries_the_melds_chosen_from_the_list() {
    for i in 0..GAMES.len() {
        let mut offered = 0;
        play_calling(i, 0..40, |_, legal, _| {
            let announces =
                legal["actions"].as_array().unwrap().iter().filter(|a| a["type"] == "announce");
            let n = announces.clone().count();
            assert!(n <= 1, "game {i}: {legal}");
            let melds = legal["melds"].as_array().unwrap();
            assert_eq!(n == 1, !melds.is_empty(), "game {i}: {legal}");
            if n == 1 {
                assert_eq!(announces.clone().next().unwrap(), &json!({"type": "announce"}));
                offered += 1;
            }
        });
        assert!(offered > 5, "game {i}: announcements offered {offered} times");
    }
}

#[test]
fn an_announcement_names_any_of_the_melds_offered_and_no_other() {
    // French Belote: seat 0 holds a tierce in hearts and a carré of nines.
    let hands = json!([
        ["AH", "KH", "QH", "9S", "9H", "9D", "9C", "7C"],
        ["KD", "QD", "JD", "TD", "AS", "KS", "8C", "TC"],
        ["7S", "8S", "TS", "7D", "8D", "AD", "JS", "QS"],
        ["7H", "8H", "TH", "JH", "JC", "QC", "KC", "AC"]
    ]);
    let start = json!({"cmd": "new", "hands": hands, "trump": "H", "taker": 0, "dealer": 3});
    let mut e = Engine::new();
    ok(&mut e, start.clone());
    let legal = ok(&mut e, json!({"cmd": "legal"}));
    assert_eq!(legal["melds"].as_array().unwrap().len(), 2, "{legal}");
    let tierce = legal["melds"][0].clone();
    let wrong = json!({"type": "announce", "melds": [["JH", "QH", "KH"]]});
    refused(&mut e, json!({"cmd": "act", "action": wrong}), "illegal_action");
    let one = json!({"type": "announce", "melds": [tierce]});
    ok(&mut e, json!({"cmd": "act", "action": one}));
    let v = ok(&mut e, json!({"cmd": "view", "seat": 1}))["view"].clone();
    assert_eq!(v["announcements"].as_array().unwrap().len(), 1);
    // With no melds named, the announcement is of every meld offered.
    let mut e = Engine::new();
    ok(&mut e, start);
    ok(&mut e, json!({"cmd": "act", "action": {"type": "announce"}}));
    let v = ok(&mut e, json!({"cmd": "view", "seat": 1}))["view"].clone();
    assert_eq!(v["announcements"].as_array().unwrap().len(), 2, "{v}");
}

#[test]
fn the_belote_call_is_made_on_both_cards_in_every_game() {
    for i in 0..GAMES.len() {
        let (mut first, mut second) = (0, 0);
        let mut called: Vec<(u64, u64, String)> = Vec::new();
        play_calling(i, 0..60, |seed, legal, action| {
            if action["belote"] != true {
                return;
            }
            let card = action["card"].as_str().unwrap().to_string();
            let suit = card[1..].to_string();
            let seat = legal["seat"].as_u64().unwrap();
            // The second card of the pair is offered with the call too.
            if called.iter().any(|(d, s, c)| (*d, *s) == (seed, seat) && c[1..] == suit) {
                second += 1;
            } else {
                first += 1;
                called.push((seed, seat, card));
            }
        });
        assert!(first > 3 && second > 3, "game {i}: {first} first calls, {second} second");
    }
}
