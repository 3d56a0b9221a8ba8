//! The OpenAPI description the server generates: well formed (every
//! `$ref` resolves, every path parameter is declared, every error is an
//! Error) and true to what the handlers send (real answers checked
//! against the schemas the description gives them).

use std::time::Duration;

use belot_server::{Hub, Limits};
use serde_json::{Value, json};

mod common;
use common::ws::{Client, create, french, play_deal};
use common::{call, db};

async fn spec(hub: &Hub) -> Value {
    let (s, spec) = call(hub, "GET", "/api/openapi.json", None).await;
    assert_eq!(s, 200);
    spec
}

fn hub(name: &str) -> Hub {
    Hub::open(&db(name), Limits::default()).unwrap()
}

/// Every `"$ref"` in `v`, with where it is.
fn refs<'a>(v: &'a Value, at: String, out: &mut Vec<(String, &'a str)>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push((at.clone(), r)),
                    _ => refs(x, format!("{at}/{k}"), out),
                }
            }
        }
        Value::Array(a) => {
            a.iter().enumerate().for_each(|(i, x)| refs(x, format!("{at}/{i}"), out))
        }
        _ => {}
    }
}

/// Every `"allOf"` in `v`.
fn all_of<'a>(v: &'a Value, out: &mut Vec<&'a Value>) {
    match v {
        Value::Object(o) => {
            out.extend(o.get("allOf"));
            o.values().for_each(|x| all_of(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| all_of(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn every_reference_resolves_and_every_schema_is_used() {
    let spec = spec(&hub("openapi-refs")).await;
    assert_eq!(spec["openapi"], "3.1.0");
    let schemas = spec["components"]["schemas"].as_object().unwrap();
    let mut all = Vec::new();
    refs(&spec, String::new(), &mut all);
    assert!(all.len() > 100, "{}", all.len());
    for (at, r) in &all {
        let name = r.strip_prefix("#/components/schemas/");
        assert!(name.is_some_and(|n| schemas.contains_key(n)), "{at}: {r} resolves to nothing");
    }
    // An `allOf` joins objects (a part of another type would make it
    // match nothing).
    let mut parts = Vec::new();
    all_of(&spec, &mut parts);
    for p in parts.iter().flat_map(|a| a.as_array().unwrap()) {
        assert!(p["$ref"].is_string() || p["type"] == "object", "{p}");
    }
    for name in schemas.keys() {
        let r = format!("#/components/schemas/{name}");
        assert!(all.iter().any(|(_, x)| *x == r), "the schema {name} is used nowhere");
    }
}

#[tokio::test]
async fn every_operation_is_described_whole() {
    let spec = spec(&hub("openapi-whole")).await;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let at = format!("{method} {path}");
            assert!(op["summary"].as_str().is_some_and(|s| !s.is_empty()), "{at}: a summary");
            assert!(op["tags"].as_array().is_some_and(|t| t.len() == 1), "{at}: a tag");
            // The path's parameters are declared, and only they.
            let mut named: Vec<&str> =
                path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}')).collect();
            let params = op["parameters"].as_array().map(Vec::as_slice).unwrap_or_default();
            let mut declared: Vec<&str> = params
                .iter()
                .filter(|p| p["in"] == "path")
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            named.sort();
            declared.sort();
            assert_eq!(named, declared, "{at}");
            for p in params {
                assert!(p["description"].is_string(), "{at}: {p}");
            }
            let responses = op["responses"].as_object().unwrap();
            assert!(responses.keys().any(|s| s < &"300".to_string()), "{at}: an answer");
            for (status, r) in responses {
                assert!(r["description"].as_str().is_some_and(|d| !d.is_empty()), "{at} {status}");
                if status.as_str() >= "400" {
                    let schema = &r["content"]["application/json"]["schema"];
                    assert_eq!(schema["$ref"], "#/components/schemas/Error", "{at} {status}");
                }
            }
        }
    }
}

/// Where `value` departs from `schema` (its `$ref`s resolved in `doc`):
/// another type, a value out of an enum, a required property missing, or
/// a property the schema does not list (where it lists them: every field
/// the server sends must be described).
fn departures(doc: &Value, schema: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return departures(doc, &doc["components"]["schemas"][name], value, at, out);
    }
    if let Some(alts) = schema["oneOf"].as_array() {
        let fits = alts
            .iter()
            .filter(|s| {
                let mut o = Vec::new();
                departures(doc, s, value, at, &mut o);
                o.is_empty()
            })
            .count();
        if fits != 1 {
            out.push(format!(
                "{at}: fits {fits} of the oneOf's {} alternatives: {value}",
                alts.len()
            ));
        }
        return;
    }
    if let Some(parts) = schema["allOf"].as_array() {
        return departures(doc, &merged(doc, parts), value, at, out);
    }
    if !type_fits(&schema["type"], value) {
        return out.push(format!("{at}: {value} is not of type {}", schema["type"]));
    }
    if let Some(e) = schema["enum"].as_array().filter(|e| !e.contains(value)) {
        out.push(format!("{at}: {value} is not one of {e:?}"));
    }
    match value {
        Value::Object(o) => object_departures(doc, schema, o, at, out),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let item = schema["prefixItems"].get(i).unwrap_or(&schema["items"]);
                if item.is_object() {
                    departures(doc, item, x, &format!("{at}/{i}"), out);
                }
            }
        }
        _ => {}
    }
}

fn object_departures(
    doc: &Value,
    schema: &Value,
    o: &serde_json::Map<String, Value>,
    at: &str,
    out: &mut Vec<String>,
) {
    let Some(props) = schema["properties"].as_object() else { return };
    for req in schema["required"].as_array().into_iter().flatten() {
        if !o.contains_key(req.as_str().unwrap()) {
            out.push(format!("{at}: {req} is missing"));
        }
    }
    for (k, x) in o {
        match props.get(k) {
            Some(s) => departures(doc, s, x, &format!("{at}/{k}"), out),
            None => out.push(format!("{at}: {k} is sent but not described")),
        }
    }
}

/// The parts of an `allOf` as one object schema.
fn merged(doc: &Value, parts: &[Value]) -> Value {
    let mut props = serde_json::Map::new();
    let mut required = Vec::new();
    for p in parts {
        let p = match p["$ref"].as_str() {
            Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
            None => p,
        };
        props.extend(p["properties"].as_object().cloned().unwrap_or_default());
        required.extend(p["required"].as_array().cloned().unwrap_or_default());
    }
    json!({"type": "object", "properties": props, "required": required})
}

fn type_fits(t: &Value, v: &Value) -> bool {
    let one = |t: &str| match t {
        "null" => v.is_null(),
        "boolean" => v.is_boolean(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "string" => v.is_string(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => false,
    };
    match t {
        Value::Null => true,
        Value::String(s) => one(s),
        Value::Array(a) => a.iter().any(|x| x.as_str().is_some_and(one)),
        _ => false,
    }
}

/// Checks an answer against the schema the description gives it.
fn check(doc: &Value, path: &str, method: &str, status: u16, value: &Value) {
    let r = &doc["paths"][path][method]["responses"][status.to_string()];
    let schema = &r["content"]["application/json"]["schema"];
    assert!(schema.is_object(), "{method} {path} {status} is not described");
    let mut out = Vec::new();
    departures(doc, schema, value, "", &mut out);
    assert!(out.is_empty(), "{method} {path} {status}:\n{}", out.join("\n"));
}

async fn post(h: &Hub, uri: &str, body: Value) -> (u16, Value) {
    let (s, v) = call(h, "POST", uri, Some(body)).await;
    (s.as_u16(), v)
}

async fn get(h: &Hub, uri: &str) -> (u16, Value) {
    let (s, v) = call(h, "GET", uri, None).await;
    (s.as_u16(), v)
}

#[tokio::test]
async fn the_sheets_answers_are_as_described() {
    let h = hub("openapi-sheets");
    let doc = spec(&h).await;
    let game = belot_core::Variant::ALL[0].as_str();
    let setup = json!({"players": ["A", "B", "C", "D"], "rules": {"variant": game}});
    let (s, st) = post(&h, "/api/sheets", setup.clone()).await;
    check(&doc, "/api/sheets", "post", s, &st);
    let id = st["id"].as_str().unwrap().to_string();
    let view = st["view_id"].as_str().unwrap().to_string();
    let changes = format!("/api/sheets/{id}/changes");
    let add = json!({"kind": game, "taker": 1, "card_points": [null, 100]});
    let (s, d) =
        post(&h, &changes, json!({"version": 0, "change": {"op": "add", "entry": add}})).await;
    check(&doc, "/api/sheets/{id}/changes", "post", s, &d);
    let thrown = json!({"op": "add", "entry": {"kind": "thrown_in"}});
    let (s, d) =
        post(&h, &format!("{changes}?reply=full"), json!({"version": 1, "change": thrown})).await;
    check(&doc, "/api/sheets/{id}/changes", "post", s, &d);
    let again = json!({"op": "setup", "setup": setup});
    let (s, d) = post(&h, &changes, json!({"version": 2, "change": again})).await;
    check(&doc, "/api/sheets/{id}/changes", "post", s, &d);
    let (s, e) = post(&h, &changes, json!({"version": 0, "change": {"op": "undo"}})).await;
    assert_eq!(e["error"]["code"], "stale");
    check(&doc, "/api/sheets/{id}/changes", "post", s, &e);
    let bad = json!({"kind": game, "taker": 9, "card_points": [null, 100]});
    let (s, e) =
        post(&h, &changes, json!({"version": 3, "change": {"op": "add", "entry": bad}})).await;
    check(&doc, "/api/sheets/{id}/changes", "post", s, &e);
    let (s, c) = get(&h, &changes).await;
    assert_eq!(c["changes"].as_array().map(Vec::len), Some(3), "{c}");
    check(&doc, "/api/sheets/{id}/changes", "get", s, &c);
    for (uri, path) in [
        (format!("/api/sheets/{id}"), "/api/sheets/{id}"),
        (format!("/api/view/{view}"), "/api/view/{view}"),
        (format!("/api/sheets/{id}/export.json"), "/api/sheets/{id}/export.json"),
        ("/api/rules".into(), "/api/rules"),
        ("/api/reach".into(), "/api/reach"),
        ("/healthz".into(), "/healthz"),
        (format!("/api/sheets/{}", "0".repeat(32)), "/api/sheets/{id}"),
    ] {
        let (s, v) = get(&h, &uri).await;
        check(&doc, path, "get", s, &v);
    }
    let (s, p) = post(&h, &format!("/api/sheets/{id}/preview"), json!({"entry": add})).await;
    check(&doc, "/api/sheets/{id}/preview", "post", s, &p);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tables_answers_and_messages_are_as_described() {
    let fast =
        Limits { bot_pace: Duration::ZERO, trick_pause: Duration::ZERO, ..Limits::default() };
    let (addr, hub, stop) = common::start(&db("openapi-tables"), fast).await;
    let doc = spec(&hub).await;
    let (s, open) = post(
        &hub,
        "/api/tables",
        json!({"rules": french(), "seats": ["open", "me", "easy", "easy"], "name": "Ana"}),
    )
    .await;
    check(&doc, "/api/tables", "post", s, &open);
    let open_id = open["id"].as_str().unwrap();
    let (s, seated) =
        post(&hub, &format!("/api/tables/{open_id}/join"), json!({"name": "Bo"})).await;
    check(&doc, "/api/tables/{id}/join", "post", s, &seated);
    let (s, taken) =
        post(&hub, &format!("/api/tables/{open_id}/join"), json!({"name": "Cy", "seat": 0})).await;
    check(&doc, "/api/tables/{id}/join", "post", s, &taken);
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    check(&doc, "/api/tables", "post", 201, &t);
    let (id, view) = (t["id"].as_str().unwrap(), t["view"].as_str().unwrap());
    let secret = t["secret"].as_str().unwrap();
    let hello = json!({"seat": 0, "secret": secret, "command": {"type": "hello"}});
    let (s, m) = post(&hub, &format!("/api/tables/{id}/do"), hello).await;
    check(&doc, "/api/tables/{id}/do", "post", s, &m);
    let mut c = Client::seat(addr, id, 0, secret).await;
    let mut watcher = Client::open(addr, &format!("/api/watch/{view}/ws")).await;
    let end = play_deal(&mut c).await;
    watcher.until(|s| s["seq"] == end["seq"]).await;
    for m in c.seen.iter().chain(&watcher.seen).filter(|m| m["type"] == "state") {
        check(&doc, "/api/tables/{id}", "get", 200, m);
    }
    for (uri, path) in [
        (format!("/api/tables/{id}"), "/api/tables/{id}"),
        (format!("/api/watch/{view}"), "/api/watch/{view}"),
        (format!("/api/tables/{id}/review/1"), "/api/tables/{id}/review/{deal}"),
        (format!("/api/watch/{view}/review/1"), "/api/watch/{view}/review/{deal}"),
        (format!("/api/tables/{id}/review/9"), "/api/tables/{id}/review/{deal}"),
    ] {
        let (s, v) = get(&hub, &uri).await;
        check(&doc, path, "get", s, &v);
    }
    let _ = stop.send(());
}
