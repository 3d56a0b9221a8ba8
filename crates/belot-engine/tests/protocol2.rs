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

/// Four hands, each a space-separated card list, as the protocol wants
/// them: arrays of card names.
fn hands_json(h: [&str; 4]) -> Value {
    json!(h.map(|cards| cards.split(' ').collect::<Vec<_>>()))
}

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
    let hands = hands_json([
        "AH KH QH 9S 9H 9D 9C 7C",
        "KD QD JD TD AS KS 8C TC",
        "7S 8S TS 7D 8D AD JS QS",
        "7H 8H TH JH JC QC KC AC",
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

/// Plays deals with the first legal action until the match is over.
fn play_to_the_end(e: &mut Engine) -> Value {
    for _ in 0..200 {
        let legal = ok(e, json!({"cmd": "legal"}));
        match legal["actions"].get(0).cloned() {
            Some(a) => {
                ok(e, json!({"cmd": "act", "action": a}));
            }
            None => {
                let st = ok(e, json!({"cmd": "score"}));
                if st["match"]["winner"] != Value::Null {
                    return st;
                }
                ok(e, json!({"cmd": "next"}));
            }
        }
    }
    panic!("no winner");
}

#[test]
fn new_starts_a_match_at_given_totals_held_points_dealer_and_deal_number() {
    let starts = [
        (0, json!({"totals": [950, 900], "held": 81, "deal": 12})),
        (1, json!({"totals": [950, 900, 940], "deal": 7})),
        (3, json!({"totals": [990, 1000], "held": 30, "deal": 20})),
        (4, json!({"totals": [480.5, 470, 490], "held": 12.5, "deal": 9})),
    ];
    for (i, start) in starts {
        let mut e = Engine::new();
        let mut new = new_game(i, 4);
        new["start"] = start.clone();
        new["dealer"] = json!(1);
        let st = ok(&mut e, new);
        assert_eq!(st["deal"], start["deal"], "game {i}: {st}");
        assert_eq!(st["dealer"], 1);
        assert_eq!(st["totals"], start["totals"], "game {i}: {st}");
        // The end comes within a deal or two, the rows numbered on.
        let score = play_to_the_end(&mut e);
        let rows = score["match"]["rows"].as_array().unwrap();
        assert_eq!(rows[0]["number"], start["deal"], "game {i}");
        // The record keeps the start, and replays to the same end.
        let saved = ok(&mut e, json!({"cmd": "save"}))["record"].clone();
        assert_eq!(saved["start"]["totals"], start["totals"], "game {i}");
        let mut e2 = Engine::new();
        ok(&mut e2, json!({"cmd": "load", "record": saved}));
        let again = ok(&mut e2, json!({"cmd": "score"}));
        assert_eq!(again["match"], score["match"], "game {i}");
    }
}

#[test]
fn a_start_that_cannot_be_is_refused_and_changes_nothing() {
    let mut e = Engine::new();
    ok(&mut e, json!({"cmd": "new", "seed": 1}));
    let before = ok(&mut e, json!({"cmd": "state"}));
    for (i, start) in [
        (0, json!({"totals": [1000, 0]})),
        (0, json!({"totals": [10, 20, 30]})),
        (0, json!({"totals": [10.5, 20]})),
        (0, json!({"totals": [10, 20], "held": -1})),
        (0, json!({"totals": [10, 20], "deal": 0})),
        (3, json!({"totals": [1001, 0]})),
        (4, json!({"totals": [501, 0, 0]})),
    ] {
        let mut new = new_game(i, 4);
        new["start"] = start;
        refused(&mut e, new, "invalid");
    }
    let mut new = new_game(0, 4);
    new["start"] = json!({"totals": [1, 2], "extra": 1});
    refused(&mut e, new, "bad_request");
    assert_eq!(ok(&mut e, json!({"cmd": "state"})), before);
}

#[test]
fn the_hello_example_in_the_protocol_document_is_what_the_engine_answers() {
    let doc = include_str!("../../../docs/protocol.md");
    let example = doc.lines().find(|l| l.starts_with(r#"{"engine":"#)).expect("hello example");
    let mut e = Engine::new();
    let got = ok(&mut e, json!({"cmd": "hello"}));
    let mut want: Value = serde_json::from_str(example).unwrap();
    want["engine"] = got["engine"].clone(); // the version changes with releases
    assert_eq!(got, want);
}

#[test]
fn a_french_deal_starts_from_a_bare_contract_with_no_turned_card_shown() {
    let hands = hands_json([
        "AH KH QH 7S 8S 7D 8D 7C",
        "KD QD JD TD AS KS 8C TC",
        "9S 9H 9D 9C JS QS AD JC",
        "TS 7H 8H TH JH QC KC AC",
    ]);
    let taker_cards: Vec<Value> = hands[1].as_array().unwrap().clone();
    let mut e = Engine::new();
    let new = json!({"cmd": "new", "hands": hands, "trump": "D", "taker": 1, "dealer": 3});
    let st = ok(&mut e, new);
    assert_eq!((st["contract"].clone(), st["taker"].clone()), (json!("D"), json!(1)));
    let check = |e: &mut Engine| {
        for seat in [0, 2, 3] {
            let v = ok(e, json!({"cmd": "view", "seat": seat}))["view"].clone();
            assert_eq!(v["turned"], Value::Null, "{v}");
            assert_eq!(v["calls"], json!([]), "{v}");
            // None of the taker's unplayed cards shows in another's view.
            let played: Vec<Value> = v["tricks"]
                .as_array()
                .unwrap()
                .iter()
                .chain(v["trick"].as_object().map(|_| &v["trick"]))
                .flat_map(|t| t["cards"].as_array().unwrap().iter().map(|c| c[1].clone()))
                .collect();
            let text = v.to_string();
            for c in taker_cards.iter().filter(|c| !played.contains(c)) {
                assert!(!text.contains(&c.to_string()), "seat {seat} sees {c}: {v}");
            }
        }
    };
    check(&mut e);
    // Saved and loaded, the deal still shows no turned card.
    let saved = ok(&mut e, json!({"cmd": "save"}))["record"].clone();
    assert_eq!(saved["deals"][0]["bare"], true);
    let mut e2 = Engine::new();
    ok(&mut e2, json!({"cmd": "load", "record": saved}));
    check(&mut e2);
}
