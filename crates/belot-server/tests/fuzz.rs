//! The HTTP API's bodies fuzzed (proptest, bounded: 400 cases by default,
//! `PROPTEST_CASES` for longer runs): valid requests mutated leaf by leaf,
//! keys dropped and added, and raw bytes. Whatever comes in, the server
//! never fails (no 5xx, no panic), every refusal is a JSON error with a
//! stable code, and a refused change changes nothing.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use belot_server::{Hub, Limits, app};
use proptest::prelude::*;
use serde_json::{Value, json};
use tower::ServiceExt;

mod common;

/// Requests the API takes, one per kind of body.
fn templates() -> Vec<Value> {
    vec![
        json!({"version": 0, "change": {"op": "add", "entry": {"kind": "french", "taker": 1,
            "card_points": [null, 100], "announcements": [20, 0], "capot": null, "belote": 0}}}),
        json!({"version": 0, "change": {"op": "add", "entry": {"kind": "french", "taker": 0,
            "card_points": [80, null], "trump": "H", "announced": [
                {"seat": 0, "cards": ["JH", "JS", "JD", "JC"]}]}}}),
        json!({"version": 0, "change": {"op": "add", "entry": {"kind": "thrown_in"}}}),
        json!({"version": 0, "change": {"op": "edit", "id": 1, "entry": {"kind": "french",
            "taker": 2, "card_points": [null, 90]}}}),
        json!({"version": 0, "change": {"op": "delete", "id": 1}}),
        json!({"version": 0, "change": {"op": "undo"}}),
        json!({"name": "Friday", "players": ["A", "B", "C", "D"], "first_dealer": 3,
            "rules": {"variant": "french", "options": {"target": 500}}}),
        json!({"players": ["A", "B"], "rules": {"variant": "two_player"}}),
        json!({"players": ["A", "B", "C"], "rules": {"variant": "three_player"}}),
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        Just(json!(u64::MAX)),
        Just(json!(-1)),
        ".{0,12}".prop_map(Value::from),
        Just(json!("\u{202e}\u{200b}x")),
        Just(json!("x".repeat(5000))),
        Just(json!([])),
        Just(json!({})),
        Just(json!([[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]])),
    ]
}

/// Replaces the `k`-th leaf (in a walk of the tree) with `v`, or drops or
/// adds a key there.
fn mutate(t: &mut Value, k: &mut usize, v: &Value, how: u8) -> bool {
    match t {
        Value::Object(m) => {
            let keys: Vec<String> = m.keys().cloned().collect();
            for key in keys {
                if *k == 0 {
                    match how % 3 {
                        0 => m[&key] = v.clone(),
                        1 => drop(m.remove(&key)),
                        _ => drop(m.insert(format!("{key}_x"), v.clone())),
                    }
                    return true;
                }
                *k -= 1;
                if mutate(m.get_mut(&key).unwrap(), k, v, how) {
                    return true;
                }
            }
            false
        }
        Value::Array(a) => a.iter_mut().any(|x| mutate(x, k, v, how)),
        _ => false,
    }
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    let mutated =
        (0..templates().len(), prop::collection::vec((0usize..40, leaf(), any::<u8>()), 1..4))
            .prop_map(|(i, muts)| {
                let mut t = templates()[i].clone();
                for (mut k, v, how) in muts {
                    mutate(&mut t, &mut k, &v, how);
                }
                t.to_string().into_bytes()
            });
    prop_oneof![
        4 => mutated,
        1 => prop::collection::vec(any::<u8>(), 0..300),
        1 => Just(b"[".repeat(100_000)),
    ]
}

/// A change made on the game's current version (so that it reaches the
/// rules, not only the staleness check), unless the fuzz changed it.
fn at_version(bytes: Vec<u8>, version: &Value) -> Vec<u8> {
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(mut v) if v.get("version") == Some(&json!(0)) => {
            v["version"] = version.clone();
            v.to_string().into_bytes()
        }
        _ => bytes,
    }
}

async fn call(hub: &Hub, method: &str, uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let req = Request::builder().method(method).uri(uri).header("content-type", "application/json");
    let resp = app(hub.clone()).oneshot(req.body(Body::from(body)).unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 22).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn check_refusal(status: StatusCode, b: &Value) -> Result<(), TestCaseError> {
    prop_assert!(!status.is_server_error(), "{status}: {b}");
    if !status.is_success() {
        prop_assert!(b["error"]["code"].is_string(), "{status}: {b}");
        // What the refusal says quotes little of the input; a stale
        // change's answer also carries the game's current state, which
        // grows with the game, so only the error itself is measured.
        prop_assert!(b["error"].to_string().len() < 2000, "refusals quote little: {b}");
    }
    Ok(())
}

#[test]
fn api_bodies_never_break_the_server_and_refusals_change_nothing() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let limits = Limits { creates_per_minute: 1_000_000, ..Limits::default() };
    let hub = rt.block_on(async { Hub::open(&common::db("fuzz"), limits).unwrap() });
    let (_, st) = rt.block_on(call(&hub, "POST", "/api/sheets", templates()[6].to_string().into()));
    let id = st["id"].as_str().unwrap().to_string();
    let config =
        ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() };
    let (taken, refused) = (std::cell::Cell::new(0), std::cell::Cell::new(0));
    proptest!(config, |(bytes in body(), create in any::<bool>())| {
        rt.block_on(async {
            if create {
                let (s, b) = call(&hub, "POST", "/api/sheets", bytes).await;
                return check_refusal(s, &b);
            }
            let url = format!("/api/sheets/{id}");
            let (_, before) = call(&hub, "GET", &url, vec![]).await;
            let bytes = at_version(bytes, &before["version"]);
            let (s, b) = call(&hub, "POST", &format!("{url}/changes"), bytes).await;
            check_refusal(s, &b)?;
            let (_, after) = call(&hub, "GET", &url, vec![]).await;
            if s.is_success() {
                taken.set(taken.get() + 1);
                prop_assert_eq!(&after["version"], &b["version"]);
            } else {
                refused.set(refused.get() + 1);
                prop_assert_eq!(before, after, "a refused change changed the game");
            }
            Ok(())
        })?;
    });
    // The fuzz reached both sides: changes the rules took and refusals.
    assert!(
        taken.get() > 10 && refused.get() > 50,
        "{} taken, {} refused",
        taken.get(),
        refused.get()
    );
}
