//! Fuzzing `belot engine`'s lines: the engine's per-line entry point
//! ([`Engine::handle_line`], which `belot engine` calls for every command
//! but `bot` and `solve`) is fed random bytes, valid commands (legal and
//! illegal actions, views of every seat, loads of saved records) and their
//! mutations: truncated, with bytes changed, with wrong types, huge
//! numbers, deep nesting.
//!
//! Invariants, after every line: no panic; the reply is one line holding
//! one JSON object with `"ok": true` and no error, or `"ok": false` and an
//! error with a stable `code`; a refused line changes nothing (`save` and
//! `state` are the same before and after); a seat's view holds none of
//! another seat's cards but those made public (the turned card, the
//! bottom card, announced melds).
//!
//! Bounded by case count: 512 sequences of up to 64 lines by default, under
//! a minute in debug on 2 cores; `PROPTEST_CASES=N` runs N sequences.

use belot_engine::Engine;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Every error code of docs/protocol.md.
const CODES: &[&str] = &[
    "bad_json",
    "bad_request",
    "unknown_command",
    "no_game",
    "not_your_turn",
    "illegal_action",
    "deal_over",
    "not_now",
    "invalid",
    "internal",
    "too_large",
];

/// View fields that show cards every seat has seen.
const PUBLIC: &[&str] = &[
    "turned",
    "original_turned",
    "bottom",
    "announcements",
    "shown_constructions",
    "shown_combinations",
];

/// Valid command lines, from docs/protocol.md.
const COMMANDS: &[&str] = &[
    r#"{"cmd":"help"}"#,
    r#"{"cmd":"new","seed":42,"dealer":0}"#,
    r#"{"cmd":"new","variant":"french","seed":42,"dealer":0,"options":{"target":1000}}"#,
    r#"{"cmd":"new","variant":"french","seed":5,"options":{"players":3}}"#,
    r#"{"cmd":"new","variant":"french","seed":6,"options":{"players":2}}"#,
    r#"{"cmd":"new","variant":"two_player","seed":7}"#,
    r#"{"cmd":"new","variant":"three_player","seed":7}"#,
    r#"{"cmd":"view","seat":1}"#,
    r#"{"cmd":"state"}"#,
    r#"{"cmd":"legal","id":17}"#,
    r#"{"cmd":"act","action":{"type":"pass"}}"#,
    r#"{"cmd":"act","seat":2,"action":{"type":"take"}}"#,
    r#"{"cmd":"act","action":{"type":"name","suit":"C"}}"#,
    r#"{"cmd":"act","action":{"type":"play","card":"KD"}}"#,
    r#"{"cmd":"act","action":{"type":"play","card":"KH","belote":true}}"#,
    r#"{"cmd":"act","action":{"type":"announce","melds":[["QH","KH","AH"],["9S","9H","9D","9C"]]}}"#,
    r#"{"cmd":"act","action":{"type":"all_trumps"}}"#,
    r#"{"cmd":"act","action":{"type":"exchange"}}"#,
    r#"{"cmd":"act","action":{"type":"redeal"}}"#,
    r#"{"cmd":"score"}"#,
    r#"{"cmd":"next"}"#,
    r#"{"cmd":"next","seed":3}"#,
    r#"{"cmd":"save"}"#,
];

/// Values that do not belong where they are put.
const ODD: &[&str] = &[
    "null",
    "true",
    "-1",
    "0",
    "1.5",
    "1e400",
    "18446744073709551616",
    "-9223372036854775809",
    "99999999999999999999999999999999",
    "\"\"",
    "\"7S\"",
    "\"\\u0000\"",
    "[]",
    "{}",
    "[[[[[[[[]]]]]]]]",
    "{\"a\":{\"b\":{\"c\":[1,2,{}]}}}",
];

/// One step of a session.
#[derive(Debug, Clone)]
enum Op {
    /// A line as given.
    Raw(String),
    /// A valid command, perhaps mutated.
    Command(usize, Mutation),
    /// One of the legal actions (index modulo their number), or, when
    /// `illegal`, an action not among them.
    Act { index: usize, illegal: bool },
    /// A view of a seat (some that do not exist).
    View(i64),
    /// `load` of the current match's record, perhaps mutated.
    Load(Mutation),
}

/// A change to a valid line.
#[derive(Debug, Clone)]
enum Mutation {
    None,
    /// Cut at this byte (modulo the length).
    Truncate(usize),
    /// Replace one byte (position modulo the length).
    Byte(usize, u8),
    /// Replace the n-th JSON value of the line (modulo their number) by
    /// one of [`ODD`].
    Value(usize, usize),
    /// Remove the n-th array element or object entry.
    Remove(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => Just(Mutation::None),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        1 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Byte(i, b)),
        3 => (any::<usize>(), 0..ODD.len()).prop_map(|(i, v)| Mutation::Value(i, v)),
        2 => any::<usize>().prop_map(Mutation::Remove),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        1 => proptest::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| Op::Raw(String::from_utf8_lossy(&b).into_owned())),
        1 => "[ -~]{0,48}".prop_map(Op::Raw),
        4 => (0..COMMANDS.len(), mutation()).prop_map(|(c, m)| Op::Command(c, m)),
        6 => (any::<usize>(), proptest::bool::weighted(0.2))
            .prop_map(|(index, illegal)| Op::Act { index, illegal }),
        2 => (-1i64..6).prop_map(Op::View),
        1 => mutation().prop_map(Op::Load),
    ]
}

/// Every node of a JSON value, depth first, as mutable references'
/// positions: the n-th is changed by `change`.
fn nth_node(v: &mut Value, n: &mut usize, change: &mut dyn FnMut(&mut Value) -> bool) -> bool {
    if *n == 0 {
        return change(v);
    }
    *n -= 1;
    match v {
        Value::Array(items) => items.iter_mut().any(|x| nth_node(x, n, change)),
        Value::Object(map) => map.values_mut().any(|x| nth_node(x, n, change)),
        _ => false,
    }
}

fn count_nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn mutate(line: String, m: &Mutation) -> String {
    let mut bytes = line.into_bytes();
    match *m {
        Mutation::None => {}
        Mutation::Truncate(i) => bytes.truncate(i % (bytes.len() + 1)),
        Mutation::Byte(i, b) => {
            let i = i % bytes.len().max(1);
            if let Some(x) = bytes.get_mut(i) {
                *x = b;
            }
        }
        Mutation::Value(i, odd) => return change_value(&bytes, i, Some(ODD[odd])),
        Mutation::Remove(i) => return change_value(&bytes, i, None),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The line with its n-th JSON value replaced by `odd`, or (None) with
/// the n-th element or entry removed from its array or object.
fn change_value(bytes: &[u8], n: usize, odd: Option<&str>) -> String {
    let mut v: Value = serde_json::from_slice(bytes).expect("a valid line");
    let mut change = |x: &mut Value| {
        match (odd, x) {
            // A number out of every range: written as text below.
            (Some("1e400"), x) => *x = json!("__huge__"),
            (Some(odd), x) => *x = serde_json::from_str(odd).expect("an odd value"),
            (None, Value::Array(items)) if !items.is_empty() => {
                items.remove(n % items.len());
            }
            (None, Value::Object(map)) if !map.is_empty() => {
                let key = map.keys().nth(n % map.len()).cloned();
                key.and_then(|k| map.remove(&k));
            }
            (None, _) => {}
        }
        true
    };
    let mut k = n % count_nodes(&v);
    nth_node(&mut v, &mut k, &mut change);
    v.to_string().replace("\"__huge__\"", "1e400")
}

fn line_of(e: &mut Engine, op: &Op) -> String {
    match op {
        Op::Raw(s) => s.clone(),
        Op::Command(c, m) => mutate(COMMANDS[*c].to_string(), m),
        Op::View(seat) => json!({"cmd": "view", "seat": seat}).to_string(),
        Op::Act { index, illegal } => act_line(e, *index, *illegal),
        Op::Load(m) => {
            let saved: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"save"}"#)).unwrap();
            let record = saved.get("record").cloned().unwrap_or(json!({"format": "belot-record"}));
            mutate(json!({"cmd": "load", "record": record}).to_string(), m)
        }
    }
}

/// An `act` line: a legal action, or one that is not legal now.
fn act_line(e: &mut Engine, index: usize, illegal: bool) -> String {
    let legal: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"legal"}"#)).unwrap();
    let actions = legal["actions"].as_array().cloned().unwrap_or_default();
    if illegal || actions.is_empty() {
        let candidates = [
            json!({"type": "play", "card": "7S"}),
            json!({"type": "play", "card": "AH", "belote": true}),
            json!({"type": "take"}),
            json!({"type": "name", "suit": "H"}),
            json!({"type": "announce", "melds": [["7C", "8C", "9C"]]}),
            json!({"type": "no_trumps"}),
        ];
        let action =
            candidates.iter().cycle().skip(index % candidates.len()).find(|a| !actions.contains(a));
        let seat = (index / 7) % 5;
        return json!({"cmd": "act", "seat": seat, "action": action}).to_string();
    }
    json!({"cmd": "act", "action": actions[index % actions.len()]}).to_string()
}

/// What a refused line must leave as it was.
fn snapshot(e: &mut Engine) -> (String, String) {
    (e.handle_line(r#"{"cmd":"save"}"#), e.handle_line(r#"{"cmd":"state"}"#))
}

/// Sends a line and checks every invariant; returns the reply.
fn check(e: &mut Engine, line: &str) -> Value {
    let before = snapshot(e);
    let reply = e.handle_line(line);
    assert!(!reply.contains('\n'), "one line per reply: {line:?} -> {reply}");
    let v: Value = serde_json::from_str(&reply).unwrap_or_else(|err| {
        panic!("reply to {line:?} is not JSON ({err}): {reply}");
    });
    let obj = v.as_object().unwrap_or_else(|| panic!("reply is not an object: {reply}"));
    match obj.get("ok") {
        Some(Value::Bool(true)) => assert!(obj.get("error").is_none(), "{reply}"),
        Some(Value::Bool(false)) => {
            let code = v["error"]["code"].as_str().unwrap_or_default();
            assert!(CODES.contains(&code), "unknown code {code:?}: {line:?} -> {reply}");
            assert!(v["error"]["message"].is_string(), "{reply}");
            assert!(snapshot(e) == before, "refused line changed the game: {line:?} -> {reply}");
        }
        _ => panic!("no ok: {line:?} -> {reply}"),
    }
    if v["ok"] == true && v.get("view").is_some() {
        check_view(e, &v["view"]);
    }
    v
}

/// A seat's view holds none of the other seats' cards but public ones.
fn check_view(e: &mut Engine, view: &Value) {
    let state: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"state"}"#)).unwrap();
    let hands = state["state"]["hands"].as_array().expect("state has hands").clone();
    let seat = view["seat"].as_u64().expect("a view names its seat") as usize;
    assert_eq!(view["hand"], hands[seat], "a view shows its seat's own hand");
    let mut shown = view.clone();
    for key in PUBLIC {
        shown.as_object_mut().unwrap().remove(*key);
    }
    let text = shown.to_string();
    for (other, hand) in hands.iter().enumerate().filter(|&(s, _)| s != seat) {
        for card in hand.as_array().unwrap() {
            let quoted = card.to_string();
            assert!(!text.contains(&quoted), "seat {seat}'s view shows {quoted} of seat {other}");
        }
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(512)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random sessions of valid, mutated and random lines keep every
    /// invariant.
    #[test]
    fn engine_lines_fuzz(start in 1..8usize, ops in proptest::collection::vec(op(), 1..64)) {
        let mut e = Engine::new();
        // Most sessions have a match to act in; some never start one.
        if start < 7 {
            check(&mut e, COMMANDS[start]);
        }
        for op in &ops {
            let line = line_of(&mut e, op);
            check(&mut e, &line);
        }
    }
}

/// Deep nesting neither overflows the stack (the test thread has 2 MiB)
/// nor is accepted: 100,000 brackets anywhere in a line.
#[test]
fn deep_nesting_is_refused_without_overflow() {
    let mut e = Engine::new();
    check(&mut e, r#"{"cmd":"new","seed":1}"#);
    let n = 100_000;
    let open = "[".repeat(n);
    let closed = format!("{open}{}", "]".repeat(n));
    let objects = format!("{}1{}", "{\"a\":".repeat(n), "}".repeat(n));
    let lines = [
        open.clone(),
        closed.clone(),
        objects.clone(),
        format!(r#"{{"cmd":"new","options":{closed}}}"#),
        format!(r#"{{"cmd":"new","options":{objects}}}"#),
        format!(r#"{{"cmd":"help","id":{closed}}}"#),
        format!(r#"{{"cmd":{closed}}}"#),
        format!(r#"{{"cmd":"view","seat":{closed}}}"#),
        format!(r#"{{"cmd":"act","action":{objects}}}"#),
        format!(r#"{{"cmd":"help","unknown":{closed}}}"#),
        format!(
            r#"{{"cmd":"load","record":{{"format":"belot-record","version":1,"variant":"french","options":{closed},"first_dealer":0,"deals":[]}}}}"#
        ),
    ];
    for line in &lines {
        let v = check(&mut e, line);
        assert_eq!(v["ok"], false, "{}", &line[..40.min(line.len())]);
    }
    // Within serde_json's own limit (128 levels) a deep id is fine.
    let deep_id = format!(r#"{{"cmd":"help","id":{}{}}}"#, "[".repeat(100), "]".repeat(100));
    assert_eq!(check(&mut e, &deep_id)["ok"], true);
}

/// Free-form fields are bounded in size: a large `id` or `options` is
/// refused, not built.
#[test]
fn large_free_form_values_are_refused() {
    let mut e = Engine::new();
    let many = format!("[{}0]", "0,".repeat(5_000));
    for line in [
        format!(r#"{{"cmd":"help","id":{many}}}"#),
        format!(r#"{{"cmd":"new","options":{many}}}"#),
        format!(r#"{{"cmd":"act","action":{{"type":"announce","melds":{many}}}}}"#),
    ] {
        let v = check(&mut e, &line);
        assert_eq!(v["error"]["code"], "bad_request", "{v}");
    }
    let v = check(&mut e, r#"{"cmd":"help","id":[1,2,{"a":"b"}]}"#);
    assert_eq!(v["id"], json!([1, 2, {"a": "b"}]));
}

/// Numbers beyond every type are refused as such.
#[test]
fn huge_numbers_are_refused() {
    let mut e = Engine::new();
    for n in ["1e400", "18446744073709551616", "-1", "1.5", "256"] {
        let v = check(&mut e, &format!(r#"{{"cmd":"new","seed":{n},"dealer":{n}}}"#));
        assert_eq!(v["ok"], false, "{n}: {v}");
    }
}
