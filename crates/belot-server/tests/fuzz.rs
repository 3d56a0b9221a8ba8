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

/// Every route, as a path to mutate: `{id}` stands for a segment.
const ROUTES: &[&str] = &[
    "/",
    "/g/{id}",
    "/t/{id}",
    "/app.js",
    "/score.js",
    "/i18n/{id}",
    "/i18n/{id}.js",
    "/healthz",
    "/api/openapi.json",
    "/api/reach",
    "/api/rules",
    "/api/sheets",
    "/api/sheets/{id}",
    "/api/sheets/{id}/changes",
    "/api/sheets/{id}/changes?before={id}&limit={id}",
    "/api/sheets/{id}/preview",
    "/api/sheets/{id}/events",
    "/api/sheets/{id}/export.csv",
    "/api/sheets/{id}/qr.svg?origin={id}",
    "/api/view/{id}",
    "/api/view/{id}/events",
    "/api/tables",
    "/api/tables/{id}",
    "/api/tables/{id}/join",
    "/api/tables/{id}/do",
    "/api/tables/{id}/ws",
    "/api/tables/{id}/record.json",
    "/api/tables/{id}/review/{id}",
    "/api/watch/{id}",
    "/api/watch/{id}/ws",
    "/api/watch/{id}/review/{id}",
    "/api/watch/{id}/qr.svg",
];

/// Odd path segments: too long for an id, negative, past `u64`, escapes,
/// a climb out.
const ODD_SEGMENTS: &[&str] =
    &["0123456789abcdef0123456789abcdef", "-1", "18446744073709551616", "%ff%fe", "%00", "..%2f.."];

fn segment() -> impl Strategy<Value = String> {
    // Each odd segment, the long one and a random one alike often.
    prop_oneof![
        ODD_SEGMENTS.len() as u32 => prop::sample::select(ODD_SEGMENTS).prop_map(String::from),
        1 => Just("a".repeat(9000)),
        1 => "[a-zA-Z0-9%._~-]{0,40}",
    ]
}

/// Header lines a client might send, sane or not (besides the two huge
/// ones made in `headers`).
const HEADERS: &[&str] = &[
    "",
    "Content-Length: 1000000000\r\nExpect: 100-continue\r\n",
    "Content-Length: abc\r\n",
    "Content-Length: 5\r\nContent-Length: 6\r\n",
    "Transfer-Encoding: chunked\r\n",
    "Connection: Upgrade\r\nUpgrade: websocket\r\n",
    "Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: x\r\n",
    "X-Forwarded-For: 10.0.0.1, ::1\r\n",
    "Accept-Encoding: gzip\r\n",
    "Bad Header\r\n",
    "X-Ctl: a\u{7}b\r\n",
];

/// Headers a client might send, sane or not.
fn headers() -> impl Strategy<Value = String> {
    // Each of `HEADERS` and the two huge ones alike often.
    let one = prop_oneof![
        HEADERS.len() as u32 => prop::sample::select(HEADERS).prop_map(String::from),
        1 => Just(format!("X-Big: {}\r\n", "a".repeat(500_000))),
        1 => Just("X-Many: 1\r\n".repeat(300)),
    ];
    prop::collection::vec(one, 0..3).prop_map(|v| v.concat())
}

/// One raw HTTP/1.1 exchange: the status, the head (lower case) and the
/// body (chunks joined).
fn exchange(addr: std::net::SocketAddr, req: &[u8]) -> (u16, String, Vec<u8>) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(20))).unwrap();
    let _ = s.write_all(req);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let end = out.windows(4).position(|w| w == b"\r\n\r\n").map_or(out.len(), |i| i + 4);
    let head = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
    let status = head.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut body = out[end..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, head, body)
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(i) = b.windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(std::str::from_utf8(&b[..i]).unwrap_or("0").trim(), 16);
        let Ok(n) = n else { break };
        if n == 0 || b.len() < i + 2 + n {
            break;
        }
        out.extend_from_slice(&b[i + 2..i + 2 + n]);
        b = &b[(i + 4 + n).min(b.len())..];
    }
    out
}

/// Issue 43: every route's path, method and headers fuzzed over a real
/// socket (so that the HTTP layer's own refusals are seen too): every
/// answer of 400 or more is a JSON error with a code, never a bare text
/// or an empty body, and the server never fails (no 500).
#[test]
fn every_routes_paths_and_headers_answer_json_errors() {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let limits = Limits { creates_per_minute: 1_000_000, ..Limits::default() };
    let (addr, _hub, _stop) = rt.block_on(common::start(&common::db("fuzz-paths"), limits));
    let config =
        ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() };
    let methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "BREW"];
    let seen = std::cell::RefCell::new(std::collections::BTreeSet::new());
    proptest!(config, |(route in 0..ROUTES.len(), segs in prop::collection::vec(segment(), 3),
                        method in 0..methods.len(), extra in headers(), body in ".{0,40}")| {
        let mut path = ROUTES[route].to_string();
        for s in &segs {
            path = path.replacen("{id}", s, 1);
        }
        let method = methods[method];
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: t\r\n{extra}Connection: close\r\n\r\n{body}"
        );
        let (status, head, bytes) = exchange(addr, req.as_bytes());
        prop_assert!(status != 0 && status != 500, "{status} for {method} {path}");
        seen.borrow_mut().insert(status);
        if status >= 400 {
            prop_assert!(head.contains("content-type: application/json"), "{status}: {head}");
        }
        if status >= 400 && method != "HEAD" && !head.contains("content-encoding") {
            let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
            prop_assert!(
                v["error"]["code"].is_string(),
                "{status} for {method} {}: {}",
                path.chars().take(80).collect::<String>(),
                String::from_utf8_lossy(&bytes)
            );
        }
    });
    // The fuzz reached the HTTP layer's refusals and the router's.
    let seen = seen.into_inner();
    for s in [400, 404, 405, 413, 431] {
        assert!(seen.contains(&s), "no {s} among {seen:?}");
    }
}
