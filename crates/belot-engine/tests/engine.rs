//! The `belot engine` JSON-lines protocol, without a process.

use belot_engine::Engine;
use proptest::prelude::*;
use serde_json::{Value, json};

fn send(e: &mut Engine, req: Value) -> Value {
    let line = e.handle_line(&req.to_string());
    assert!(!line.contains('\n'), "one line per response");
    serde_json::from_str(&line).unwrap()
}

fn ok(e: &mut Engine, req: Value) -> Value {
    let r = send(e, req.clone());
    assert_eq!(r["ok"], true, "{req} -> {r}");
    r
}

fn err(e: &mut Engine, req: Value, code: &str) -> String {
    let r = send(e, req.clone());
    assert_eq!(r["ok"], false, "{req} -> {r}");
    assert_eq!(r["error"]["code"], code, "{req} -> {r}");
    r["error"]["message"].as_str().unwrap().to_string()
}

/// The announcement fixture: seat 0 a tierce A-K-Q of hearts and the
/// belote, seat 1 a quarte K-Q-J-10 of diamonds, seat 2 a carré of nines,
/// seat 3 a tierce A-K-Q of clubs.
fn meld_hands() -> Value {
    json!([
        ["AH", "KH", "QH", "7S", "8S", "7D", "8D", "7C"],
        ["KD", "QD", "JD", "TD", "AS", "KS", "8C", "TC"],
        ["9S", "9H", "9D", "9C", "JS", "QS", "AD", "JC"],
        ["TS", "7H", "8H", "TH", "JH", "QC", "KC", "AC"]
    ])
}

/// The 32 cards in index order.
fn ordered_deck() -> Vec<String> {
    (0..32).map(|i| belot_core::Card::from_index(i).unwrap().to_string()).collect()
}

/// Starts a `variant` deal of the deck in index order, dealt by seat 0
/// (the engine names the variant, seat 1 is to act); `seat`'s view.
fn new_ordered(e: &mut Engine, variant: &str, seat: u64) -> Value {
    let r = ok(e, json!({"cmd": "new", "variant": variant, "deck": ordered_deck(), "dealer": 0}));
    assert_eq!((r["variant"].clone(), r["to_act"].clone()), (json!(variant), json!(1)));
    ok(e, json!({"cmd": "view", "seat": seat}))["view"].clone()
}

/// The first legal action, an announcement carrying the first meld.
fn first_action(legal: &Value) -> Option<Value> {
    let mut first = legal["actions"].as_array()?.first()?.clone();
    if first["type"] == "announce" {
        first["melds"] = json!([legal["melds"][0]]);
    }
    Some(first)
}

/// Plays the current deal to its end with the first legal action each time.
fn play_deal(e: &mut Engine) {
    while let Some(first) = first_action(&ok(e, json!({"cmd": "legal"}))) {
        ok(e, json!({"cmd": "act", "action": first}));
    }
}

#[test]
fn errors_say_what_is_accepted_and_change_nothing() {
    let mut e = Engine::new();
    let m = err(&mut e, json!({"cmd": "legal"}), "no_game");
    assert!(m.contains("\"new\""), "{m}");
    let line = e.handle_line("{not json");
    let r: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(r["error"]["code"], "bad_json");
    assert!(r["error"]["message"].as_str().unwrap().contains("one JSON object per line"));
    let m = err(&mut e, json!({"cmd": "fly"}), "unknown_command");
    assert!(m.contains("new, view, state, legal, act, score, next, save, load, help"), "{m}");
    err(&mut e, json!([1, 2]), "bad_request");
    err(&mut e, json!({"nocmd": 1}), "bad_request");
    let m = err(&mut e, json!({"cmd": "new", "options": {"targte": 5}}), "bad_request");
    assert!(m.contains("unknown field `targte`"), "{m}");
    // A value of the wrong type: the option is named, the type in words.
    for (variant, options) in [
        ("french", json!({"target": "x"})),
        ("two_player", json!({"target": -1})),
        ("three_player", json!({"target": 1.5})),
    ] {
        let m = err(
            &mut e,
            json!({"cmd": "new", "variant": variant, "options": options}),
            "bad_request",
        );
        assert!(m.contains("option \"target\"") && m.contains("a whole number, 0 or more"), "{m}");
    }
    let m = err(&mut e, json!({"cmd": "new", "options": {"litige": "maybe"}}), "bad_request");
    assert!(m.contains("option \"litige\"") && m.contains("`hold`"), "{m}");
    let m = err(&mut e, json!({"cmd": "new", "dealer": 7}), "bad_request");
    assert!(m.contains("seats are 0 to 3"), "{m}");
    let m = err(&mut e, json!({"cmd": "new", "deck": ["JS"]}), "invalid");
    assert!(m.contains("all 32 cards"), "{m}");
    err(&mut e, json!({"cmd": "new", "seed": 1, "deck": []}), "bad_request");

    ok(&mut e, json!({"cmd": "new", "seed": 5, "dealer": 0}));
    let before = ok(&mut e, json!({"cmd": "state"}));
    let m = err(
        &mut e,
        json!({"cmd": "act", "action": {"type": "play", "card": "JS"}}),
        "illegal_action",
    );
    assert!(m.contains("take") && m.contains("pass"), "{m}");
    let m =
        err(&mut e, json!({"cmd": "act", "action": {"type": "play", "card": "ZZ"}}), "bad_request");
    assert!(m.contains("expected rank then suit"), "{m}");
    let m = err(&mut e, json!({"cmd": "act", "action": {"type": "jump"}}), "bad_request");
    assert!(m.contains("pass") && m.contains("announce"), "{m}");
    let m =
        err(&mut e, json!({"cmd": "act", "seat": 3, "action": {"type": "pass"}}), "not_your_turn");
    assert!(m.contains("seat 1's turn"), "{m}");
    err(&mut e, json!({"cmd": "view", "seat": 9}), "bad_request");
    err(&mut e, json!({"cmd": "view"}), "bad_request");
    err(&mut e, json!({"cmd": "next"}), "illegal_action");
    err(&mut e, json!({"cmd": "state", "extra": 1}), "bad_request");
    assert_eq!(ok(&mut e, json!({"cmd": "state"})), before);
}

#[test]
fn id_is_echoed() {
    let mut e = Engine::new();
    let r = send(&mut e, json!({"cmd": "help", "id": "abc"}));
    assert_eq!(r["id"], "abc");
    assert!(r["commands"].as_array().unwrap().len() >= 10);
    let r = send(&mut e, json!({"cmd": "legal", "id": 7}));
    assert_eq!((r["id"].clone(), r["ok"].clone()), (json!(7), json!(false)));
}

#[test]
fn a_deal_from_a_deck_through_the_protocol() {
    let mut e = Engine::new();
    // The deck in index order: seat 1 is dealt 7S 8S 9S JH QH, JD is turned.
    let deck = ordered_deck();
    let r = ok(&mut e, json!({"cmd": "new", "deck": deck, "dealer": 0}));
    assert_eq!(r["to_act"], 1);
    assert_eq!(r["phase"], "bidding");
    let v = ok(&mut e, json!({"cmd": "view", "seat": 1}));
    assert_eq!(v["view"]["hand"], json!(["7S", "8S", "9S", "JH", "QH"]));
    assert_eq!(v["view"]["turned"], "JD");
    assert_eq!(v["view"]["legal"], json!([{"type": "take"}, {"type": "pass"}]));
    // Another seat's view has no hand of seat 1 and no legal actions.
    let v2 = ok(&mut e, json!({"cmd": "view", "seat": 2}));
    assert!(v2["view"].get("legal").is_none());
    assert!(!v2["view"].to_string().contains("\"7S\""));
    ok(&mut e, json!({"cmd": "act", "action": {"type": "pass"}}));
    let r = ok(&mut e, json!({"cmd": "act", "seat": 2, "action": {"type": "take"}}));
    assert_eq!(r["contract"], "D");
    assert_eq!(r["taker"], 2);
    assert_eq!(r["phase"], "playing");
    play_deal(&mut e);
    let s = ok(&mut e, json!({"cmd": "score"}));
    let deal = &s["deal"];
    assert_eq!(deal["phase"], "finished");
    let cp = deal["score"]["card_points"].as_array().unwrap();
    let total: i64 = cp.iter().map(|x| x.as_i64().unwrap()).sum();
    assert!(total == 162 || total == 252, "{s}");
    assert!(deal["score"]["outcome"].is_string());
    assert_eq!(s["match"]["rows"].as_array().unwrap().len(), 1);
    assert_eq!(s["match"]["next_dealer"], 1);
    let m = err(&mut e, json!({"cmd": "act", "action": {"type": "pass"}}), "deal_over");
    assert!(m.contains("over"));
    let r = ok(&mut e, json!({"cmd": "next", "seed": 3}));
    assert_eq!(r["dealer"], 1);
    assert_eq!(r["deal"], 2);
}

#[test]
fn start_from_hands_and_read_the_breakdown() {
    let mut e = Engine::new();
    let hands = meld_hands();
    let r =
        ok(&mut e, json!({"cmd": "new", "hands": hands, "trump": "H", "taker": 0, "dealer": 3}));
    assert_eq!((r["phase"].clone(), r["to_act"].clone()), (json!("playing"), json!(0)));
    let legal = ok(&mut e, json!({"cmd": "legal"}));
    assert_eq!(legal["actions"][0], json!({"type": "announce"}));
    assert_eq!(legal["melds"], json!([["QH", "KH", "AH"]]));
    ok(
        &mut e,
        json!({"cmd": "act", "action": {"type": "announce", "melds": [["AH", "KH", "QH"]]}}),
    );
    // The others see the kind, not the cards, before the contest.
    let v = ok(&mut e, json!({"cmd": "view", "seat": 1}));
    assert_eq!(v["view"]["announcements"][0]["kind"], "tierce");
    assert!(v["view"]["announcements"][0].get("cards").is_none());
    let m = err(
        &mut e,
        json!({"cmd": "act", "action": {"type": "announce", "melds": [["AH", "KH", "QH"]]}}),
        "illegal_action",
    );
    assert!(m.contains("already announced"), "{m}");
    // play_deal takes the first legal action: every later seat announces
    // all its melds. Seat 1's quarte beats seat 0's tierce (side 1 also
    // scores seat 3's tierce); seat 2's carré of nines is side 0's.
    play_deal(&mut e);
    let s = ok(&mut e, json!({"cmd": "score"}));
    let got: Vec<(i64, i64, bool)> = s["deal"]["announcements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["seat"].as_i64().unwrap(), a["points"].as_i64().unwrap(), a["scored"] == true))
        .collect();
    assert_eq!(got, vec![(0, 20, false), (1, 50, true), (2, 150, true), (3, 20, true)]);
    assert_eq!(s["deal"]["belote"]["seat"], 0);
    assert_eq!(s["deal"]["summary"]["announcements"], json!([150, 70]));
    // Hands must be four hands of eight distinct cards.
    let m =
        err(&mut e, json!({"cmd": "new", "hands": [["AH"]], "trump": "H", "taker": 0}), "invalid");
    assert!(m.contains("4 hands"), "{m}");
    err(&mut e, json!({"cmd": "new", "hands": hands}), "bad_request");
}

#[test]
fn save_and_load_replay_exactly() {
    let mut e = Engine::new();
    ok(&mut e, json!({"cmd": "new", "seed": 11, "dealer": 2, "options": {"target": 500}}));
    play_deal(&mut e);
    ok(&mut e, json!({"cmd": "next"}));
    for _ in 0..6 {
        let legal = ok(&mut e, json!({"cmd": "legal"}));
        let first = first_action(&legal).unwrap();
        ok(&mut e, json!({"cmd": "act", "action": first}));
    }
    let saved = ok(&mut e, json!({"cmd": "save"}))["record"].clone();
    assert_eq!(saved["format"], "belot-record");
    assert_eq!(saved["deals"].as_array().unwrap().len(), 2);
    let state = ok(&mut e, json!({"cmd": "state"}));
    let mut e2 = Engine::new();
    ok(&mut e2, json!({"cmd": "load", "record": saved.clone()}));
    assert_eq!(ok(&mut e2, json!({"cmd": "state"})), state);
    assert_eq!(ok(&mut e2, json!({"cmd": "save"}))["record"], saved);
    // A tampered record is refused with the place it fails.
    let mut bad = saved.clone();
    bad["deals"][0]["result"] = json!([1, 2]);
    let m = err(&mut e2, json!({"cmd": "load", "record": bad}), "invalid");
    assert!(m.contains("deal 1: the record says"), "{m}");
    let mut bad = saved.clone();
    bad["deals"][1]["actions"][0]["seat"] = json!(2);
    let m = err(&mut e2, json!({"cmd": "load", "record": bad}), "invalid");
    assert!(m.contains("deal 2, action 1 (seat 2: "), "{m}");
    // With names, the failing action names its player too.
    let mut named = saved.clone();
    named["names"] = json!(["Ana", "Boris", "Cvetan", "Dora"]);
    named["deals"][1]["actions"][0]["seat"] = json!(2);
    let m = err(&mut e2, json!({"cmd": "load", "record": named}), "invalid");
    assert!(m.contains("deal 2, action 1 (seat 2 (Cvetan): "), "{m}");
    // A target lowered under the record: its later deals come after the
    // end of the match, and the record says where.
    let mut short = saved.clone();
    short["options"]["target"] = json!(1);
    let m = err(&mut e2, json!({"cmd": "load", "record": short}), "invalid");
    assert!(m.contains("deal 2: the match was over after deal 1"), "{m}");
    // Options that are not an object of house rules say so in words.
    let mut bad = saved;
    bad["options"] = json!(null);
    let m = err(&mut e2, json!({"cmd": "load", "record": bad}), "bad_request");
    assert!(m.starts_with("load: record.options: "), "{m}");
    assert!(m.contains("expected an object of house rules"), "{m}");
    // The failed loads left the loaded game alone.
    assert_eq!(ok(&mut e2, json!({"cmd": "state"})), state);
}

#[test]
fn a_record_keeps_its_players_names_and_refuses_bad_ones() {
    let mut e = Engine::new();
    ok(&mut e, json!({"cmd": "new", "seed": 3, "dealer": 0}));
    play_deal(&mut e);
    let mut saved = ok(&mut e, json!({"cmd": "save"}))["record"].clone();
    // A record without names has no names field.
    assert!(saved.get("names").is_none(), "{saved}");
    saved["names"] = json!(["Ана", "Bob", "Іван", "Zoé"]);
    let mut e2 = Engine::new();
    ok(&mut e2, json!({"cmd": "load", "record": saved.clone()}));
    assert_eq!(ok(&mut e2, json!({"cmd": "save"}))["record"], saved);
    let state = ok(&mut e2, json!({"cmd": "state"}));
    // One name per seat, or none; each 1 to 40 characters, no control
    // characters. A refused record leaves the loaded game and its names.
    for (names, says) in [
        (json!(["A", "B", "C"]), "names 3 players but the game has 4"),
        (json!(["A", "", "C", "D"]), "name of seat 1"),
        (json!(["A", "B\nC", "C", "D"]), "no control characters"),
        (json!(["A", "B", "C", "x".repeat(41)]), "1 to 40 characters"),
    ] {
        let mut bad = saved.clone();
        bad["names"] = names;
        let m = err(&mut e2, json!({"cmd": "load", "record": bad}), "invalid");
        assert!(m.contains(says), "{m}");
    }
    assert_eq!(ok(&mut e2, json!({"cmd": "state"})), state);
    assert_eq!(ok(&mut e2, json!({"cmd": "save"}))["record"]["names"], saved["names"]);
    // A new match has no names.
    ok(&mut e2, json!({"cmd": "new", "seed": 3, "dealer": 0}));
    assert!(ok(&mut e2, json!({"cmd": "save"}))["record"].get("names").is_none());
}

#[test]
fn a_whole_match_to_1000_through_the_protocol() {
    let mut e = Engine::new();
    ok(&mut e, json!({"cmd": "new", "seed": 2026, "dealer": 0}));
    let mut deals = 0;
    loop {
        play_deal(&mut e);
        deals += 1;
        let s = ok(&mut e, json!({"cmd": "score"}));
        if !s["match"]["winner"].is_null() {
            let totals = s["match"]["totals"].as_array().unwrap();
            let w = s["match"]["winner"].as_u64().unwrap() as usize;
            assert!(totals[w].as_i64().unwrap() >= 1000);
            break;
        }
        assert!(deals < 200, "a match ends");
        ok(&mut e, json!({"cmd": "next"}));
    }
    let m = err(&mut e, json!({"cmd": "next"}), "illegal_action");
    assert!(m.contains("match is over"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary lines never panic, always get one JSON response, and a
    /// refused request leaves the game as it was.
    #[test]
    fn arbitrary_lines_never_panic(lines in prop::collection::vec(line_strategy(), 1..8)) {
        let mut e = Engine::new();
        e.handle_line(r#"{"cmd":"new","seed":1}"#);
        for line in lines {
            let before = e.handle_line(r#"{"cmd":"state"}"#);
            let out = e.handle_line(&line);
            let v: Value = serde_json::from_str(&out).unwrap();
            prop_assert!(v["ok"].is_boolean());
            if v["ok"] == false {
                prop_assert!(v["error"]["message"].as_str().is_some_and(|m| !m.is_empty()));
                prop_assert_eq!(e.handle_line(r#"{"cmd":"state"}"#), before);
            }
        }
    }
}

fn line_strategy() -> impl Strategy<Value = String> {
    let cmd = prop_oneof![
        Just("new"),
        Just("view"),
        Just("state"),
        Just("legal"),
        Just("act"),
        Just("score"),
        Just("next"),
        Just("save"),
        Just("load"),
        Just("help"),
        Just("x")
    ];
    let value = prop_oneof![
        Just(json!(null)),
        Just(json!(0)),
        Just(json!(3)),
        Just(json!(-1)),
        Just(json!(99)),
        Just(json!("JS")),
        Just(json!("10H")),
        Just(json!("♥")),
        Just(json!({"type": "pass"})),
        Just(json!({"type": "take"})),
        Just(json!({"type": "play", "card": "7S"})),
        Just(json!({"type": "name", "suit": "H"})),
        Just(json!({"type": "announce", "melds": [["AH","KH","QH"]]})),
        Just(json!([["AH"]])),
        Just(json!({"target": 500})),
        Just(json!("deadbeef")),
        any::<i64>().prop_map(|n| json!(n)),
        ".{0,12}".prop_map(|s| json!(s)),
    ];
    let key = prop_oneof![
        Just("seat"),
        Just("action"),
        Just("seed"),
        Just("deck"),
        Just("hands"),
        Just("trump"),
        Just("taker"),
        Just("dealer"),
        Just("options"),
        Just("record"),
        Just("id"),
        Just("zz")
    ];
    prop_oneof![
        // Structured requests with random fields.
        (cmd, prop::collection::vec((key, value), 0..4)).prop_map(|(c, kv)| {
            let mut m = serde_json::Map::new();
            m.insert("cmd".into(), json!(c));
            for (k, v) in kv {
                m.insert(k.into(), v);
            }
            Value::Object(m).to_string()
        }),
        // Raw noise, including broken JSON and deep nesting.
        ".{0,64}",
        "[\\[{\"]{0,300}",
    ]
}

#[test]
fn two_player_through_the_protocol() {
    let mut e = Engine::new();
    let v = new_ordered(&mut e, "two_player", 1);
    assert_eq!(v["hand"], json!(["7S", "8S", "9S", "KS", "AS", "7H"]));
    assert_eq!(v["turned"], "JH");
    assert!(v["bottom"].is_null());
    // Neither the other hand nor the stock appears in a view.
    let text = v.to_string();
    for hidden in ["TS", "QH", "AC", "7D"] {
        assert!(!text.contains(&format!("\"{hidden}\"")), "{hidden} in {text}");
    }
    err(&mut e, json!({"cmd": "view", "seat": 2}), "bad_request");
    ok(&mut e, json!({"cmd": "act", "action": {"type": "take"}}));
    let legal = ok(&mut e, json!({"cmd": "legal"}));
    assert_eq!(legal["actions"][0], json!({"type": "exchange"}));
    ok(&mut e, json!({"cmd": "act", "action": {"type": "exchange"}}));
    let v = ok(&mut e, json!({"cmd": "view", "seat": 0}))["view"].clone();
    assert_eq!((v["turned"].clone(), v["exchanged_by"].clone()), (json!("7H"), json!(1)));
    assert_eq!(v["bottom"], "AC");
    let m = err(&mut e, json!({"cmd": "act", "action": {"type": "redeal"}}), "illegal_action");
    assert!(m.contains("four 7s or four 8s"), "{m}");
    let s = ok(&mut e, json!({"cmd": "score"}));
    assert_eq!(s["deal"]["taker"], 1);
    assert_eq!(s["match"]["target"], 1001);
    // Hands are a French start only; the first dealer is drawn by lot.
    let m = err(
        &mut e,
        json!({"cmd": "new", "variant": "two_player", "hands": [], "trump": "H", "taker": 0}),
        "bad_request",
    );
    assert!(m.contains("seed or a deck"), "{m}");
    let a = ok(&mut e, json!({"cmd": "new", "variant": "two_player", "seed": 5}))["dealer"].clone();
    let b = ok(&mut e, json!({"cmd": "new", "variant": "two_player", "seed": 5}))["dealer"].clone();
    assert_eq!(a, b);
    assert_eq!(first_dealers(&mut e, "two_player", 16), 2, "both seats get to deal first");
}

#[test]
fn three_player_through_the_protocol() {
    let mut e = Engine::new();
    let v = new_ordered(&mut e, "three_player", 2);
    assert_eq!(v["hand"], json!(["TS", "JS", "QS", "JH", "QH", "KH"]));
    assert!(!v.to_string().contains("\"7S\""), "seat 1's card in seat 2's view");
    err(&mut e, json!({"cmd": "view", "seat": 3}), "bad_request");
    ok(&mut e, json!({"cmd": "act", "action": {"type": "take"}}));
    // Everyone is asked in turn; seat 0 holds the seven of trumps.
    for _ in 0..2 {
        let legal = ok(&mut e, json!({"cmd": "legal"}));
        assert!(!legal["actions"].to_string().contains("exchange"));
        ok(&mut e, json!({"cmd": "act", "action": {"type": "pass"}}));
    }
    let legal = ok(&mut e, json!({"cmd": "legal"}));
    assert_eq!(legal["seat"], 0);
    assert!(legal["actions"].as_array().unwrap().contains(&json!({"type": "exchange"})));
    ok(&mut e, json!({"cmd": "act", "action": {"type": "exchange"}}));
    let s = ok(&mut e, json!({"cmd": "score"}));
    assert_eq!(
        (s["deal"]["exchanged"].clone(), s["match"]["target"].clone()),
        (json!(true), json!(501))
    );
    let n = first_dealers(&mut e, "three_player", 24);
    assert_eq!(n, 3, "the first dealer is drawn by lot among three");
}

#[test]
fn score_during_a_deal_shows_only_public_information() {
    let mut e = Engine::new();
    let hands = meld_hands();
    ok(&mut e, json!({"cmd": "new", "hands": hands, "trump": "H", "taker": 0, "dealer": 3}));
    ok(
        &mut e,
        json!({"cmd": "act", "action": {"type": "announce", "melds": [["AH", "KH", "QH"]]}}),
    );
    let s = ok(&mut e, json!({"cmd": "score"}));
    assert!(s["deal"]["announcements"][0]["cards"].is_null(), "not shown before the contest");
    assert!(s["deal"]["belote"].is_null(), "the belote holder is unknown before he calls");
    play_deal(&mut e);
    let s = ok(&mut e, json!({"cmd": "score"}));
    assert_eq!(s["deal"]["announcements"][0]["cards"], json!(["QH", "KH", "AH"]));
    assert_eq!(s["deal"]["belote"]["seat"], 0);

    let deck = ordered_deck();
    ok(&mut e, json!({"cmd": "new", "variant": "two_player", "deck": deck, "dealer": 0}));
    ok(&mut e, json!({"cmd": "act", "action": {"type": "take"}}));
    ok(
        &mut e,
        json!({"cmd": "act", "action": {"type": "announce", "melds": [["AH", "KH", "QH"]]}}),
    );
    ok(&mut e, json!({"cmd": "act", "action": {"type": "play", "card": "7S"}}));
    let s = ok(&mut e, json!({"cmd": "score"}));
    assert!(s["deal"]["card_points"].is_null(), "tricks lie face down");
    assert_eq!(s["deal"]["constructions"], json!([]));
    assert!(s["deal"]["announcements"][0]["cards"].is_null());
}

/// How many seats deal first in matches of `variant` from seeds 0 to
/// `seeds - 1`, the first dealer drawn by lot.
fn first_dealers(e: &mut Engine, variant: &str, seeds: u64) -> usize {
    let dealers: std::collections::BTreeSet<String> = (0..seeds)
        .map(|s| ok(e, json!({"cmd": "new", "variant": variant, "seed": s}))["dealer"].to_string())
        .collect();
    dealers.len()
}

#[test]
fn a_refusal_of_the_rules_gives_its_reason_and_the_values_it_names() {
    let mut e = Engine::default();
    let hands = json!([
        ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"],
        ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "7D"],
        ["AH", "8D", "9D", "TD", "JD", "QD", "KD", "AD"],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
    ]);
    ok(&mut e, json!({"cmd": "new", "hands": hands, "trump": "C", "taker": 3}));
    ok(&mut e, json!({"cmd": "act", "action": {"type": "play", "card": "7H"}}));
    let before = ok(&mut e, json!({"cmd": "state"}));
    // Seat 2 holds a heart: the diamond is refused, the heart named.
    let r = send(&mut e, json!({"cmd": "act", "action": {"type": "play", "card": "8D"}}));
    assert_eq!(
        r,
        json!({"ok": false, "error": {
            "code": "illegal_action",
            "reason": "card_not_legal",
            "message": "8D may not be played now (follow suit, trump, over-trump); legal cards: AH",
            "params": {"card": "8D", "legal": ["AH"]},
        }})
    );
    let r = send(&mut e, json!({"cmd": "act", "action": {"type": "play", "card": "7S"}}));
    assert_eq!(r["error"]["reason"], "card_not_held", "{r}");
    assert_eq!(r["error"]["params"], json!({"card": "7S", "legal": ["AH"]}), "{r}");
    let r = send(&mut e, json!({"cmd": "act", "seat": 0, "action": {"type": "pass"}}));
    assert_eq!(r["error"]["code"], "not_your_turn", "{r}");
    assert_eq!(r["error"]["reason"], "not_your_turn", "{r}");
    assert_eq!(r["error"]["params"], json!({"expected": 2, "got": 0}), "{r}");
    let r = send(&mut e, json!({"cmd": "next"}));
    assert_eq!(
        (&r["error"]["code"], &r["error"]["reason"]),
        (&json!("illegal_action"), &json!("deal_not_over"))
    );
    assert!(r["error"].get("params").is_none(), "no params, no key: {r}");
    // A refusal of the protocol itself has no reason.
    let r = send(&mut e, json!({"cmd": "view", "seat": 9}));
    assert_eq!(r["error"]["code"], "bad_request", "{r}");
    assert!(r["error"].get("reason").is_none(), "{r}");
    assert_eq!(ok(&mut e, json!({"cmd": "state"})), before);
}

#[test]
fn the_protocol_lists_every_reason() {
    let doc = include_str!("../../../docs/protocol.md");
    let table = &doc[doc.find("### Reasons").expect("a Reasons section")..];
    for (code, meaning) in belot_core::GAME_CODES {
        let row = format!("| `{code}` | {meaning} |");
        assert!(table.contains(&row), "docs/protocol.md's Reasons say {row}");
    }
}

/// Two- and three-player Belot say alike why a card is refused: not in
/// the hand (`card_not_held`), as French does.
#[test]
fn a_card_not_in_the_hand_is_refused_as_not_held_in_every_game() {
    for variant in ["two_player", "three_player"] {
        let mut e = Engine::default();
        ok(&mut e, json!({"cmd": "new", "variant": variant, "seed": 1}));
        // The first legal action each time, until a card is to be played.
        let (seat, hand) = loop {
            let legal = ok(&mut e, json!({"cmd": "legal"}));
            let seat = legal["seat"].clone();
            if legal["actions"].as_array().unwrap().iter().any(|a| a["type"] == "play") {
                let view = ok(&mut e, json!({"cmd": "view", "seat": seat}));
                break (seat, view["hand"].to_string());
            }
            let first = legal["actions"][0].clone();
            ok(&mut e, json!({"cmd": "act", "seat": seat, "action": first}));
        };
        let card = ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H", "8H", "9H"]
            .into_iter()
            .find(|c| !hand.contains(c))
            .unwrap();
        let act = json!({"cmd": "act", "seat": seat, "action": {"type": "play", "card": card}});
        let r = send(&mut e, act);
        assert_eq!(r["error"]["reason"], "card_not_held", "{variant}: {r}");
        assert_eq!(r["error"]["params"]["card"], card, "{variant}: {r}");
    }
}
