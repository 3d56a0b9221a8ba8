//! The HTTP API without a socket (`app()` with oneshot requests), and once
//! over a real port with live events.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use belot_server::{Hub, Limits, app};
use serde_json::{Value, json};
use tower::ServiceExt;

mod common;
use common::{call, db};

fn hub() -> Hub {
    Hub::open(&db("hub"), Limits::default()).unwrap()
}

fn setup() -> Value {
    json!({"name": "<b>Friday</b>", "players": ["Ana", "<script>alert(1)</script>", "Chloé", "Dimitar"],
           "first_dealer": 3, "rules": {"variant": "french"}})
}

/// A new sheet of `setup()` on `h`: its edit id, and the URL its changes
/// are posted to.
async fn new_sheet(h: &Hub) -> (String, String) {
    let (_, st) = call(h, "POST", "/api/sheets", Some(setup())).await;
    let id = st["id"].as_str().unwrap().to_string();
    let url = format!("/api/sheets/{id}/changes");
    (id, url)
}

/// Posts `change` to `url`, made on the sheet at `version`.
async fn send(h: &Hub, url: &str, version: u64, change: Value) -> (StatusCode, Value) {
    call(h, "POST", url, Some(json!({"version": version, "change": change}))).await
}

fn add(taker: u8, points: u32) -> Value {
    json!({"op": "add", "entry": {"kind": "french", "taker": taker, "card_points": [null, points]}})
}

#[tokio::test]
async fn create_change_and_read() {
    let h = hub();
    let (s, st) = call(&h, "POST", "/api/sheets", Some(setup())).await;
    assert_eq!(s, StatusCode::CREATED);
    let id = st["id"].as_str().unwrap().to_string();
    assert_eq!(st["version"], 0);
    assert_eq!(st["mode"], "edit");
    // Names are data, returned as given (the UI puts them in as text).
    assert_eq!(st["setup"]["players"][1], "<script>alert(1)</script>");
    let url = format!("/api/sheets/{id}/changes");
    let (s, st) = send(&h, &url, 0, add(1, 100)).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    // The answer to a change is what changed: the new row and the totals.
    assert_eq!(st["version"], 1);
    assert_eq!(st["totals"], json!([62, 100]));
    assert_eq!((st["rows_from"].clone(), st["rows"].as_array().unwrap().len()), (json!(0), 1));
    let (s, st) = call(&h, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!((s, st["version"].clone()), (StatusCode::OK, json!(1)));
    // Undo, redo through the same endpoint.
    let (_, st) = send(&h, &url, 1, json!({"op": "undo"})).await;
    assert_eq!(st["totals"], json!([0, 0]));
    assert_eq!(st["can_redo"], true);
    // Or the whole state, when asked.
    let (_, st) = send(&h, &format!("{url}?reply=full"), 2, json!({"op": "redo"})).await;
    assert_eq!(
        (st["mode"].clone(), st["table"]["totals"].clone()),
        (json!("edit"), json!([62, 100]))
    );
    assert_eq!(
        (st["can_take_back"].clone(), st["can_put_back"].clone()),
        (json!(true), json!(false))
    );
    // ↶ takes back the last deal; ↷ puts it back (seed 002 §11).
    let (s, st) = send(&h, &url, 3, add(0, 90)).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    let (_, st) = send(&h, &url, 4, json!({"op": "take_back"})).await;
    assert_eq!((st["rows_from"].clone(), st["totals"].clone()), (json!(1), json!([62, 100])));
    assert_eq!(st["can_put_back"], true);
    let (_, st) = send(&h, &url, 5, json!({"op": "put_back"})).await;
    assert_eq!(st["rows"].as_array().unwrap().len(), 1);
    assert_eq!(st["can_put_back"], false);
}

#[tokio::test]
async fn a_stale_edit_is_refused_with_the_current_state() {
    let h = hub();
    let (id, url) = new_sheet(&h).await;
    // Two phones both at version 0: the first wins, the second is refused.
    let (s1, _) = send(&h, &url, 0, add(1, 100)).await;
    let (s2, body) = send(&h, &url, 0, add(0, 90)).await;
    assert_eq!((s1, s2), (StatusCode::OK, StatusCode::CONFLICT));
    assert_eq!(body["error"]["code"], "stale");
    assert!(body["error"]["message"].as_str().unwrap().contains("another phone"));
    assert_eq!(body["state"]["version"], 1);
    assert_eq!(body["state"]["table"]["totals"], json!([62, 100]));
    let (_, st) = call(&h, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 1, "the stale change stored nothing");
}

#[tokio::test]
async fn bad_input_gets_clear_errors_and_stores_nothing() {
    let h = hub();
    let (id, url) = new_sheet(&h).await;
    let (s, b) = send(&h, &url, 0, add(1, 161)).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(b["error"]["message"].as_str().unwrap().contains("never 1 or 161"));
    // A code and its figures, for a message in the player's language.
    assert_eq!(b["error"]["code"], "card_points");
    assert_eq!(b["error"]["params"], json!({"points": 161, "total": 162}));
    let (s, b) = send(&h, &url, 0, json!({"op": "fly"})).await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(b["error"]["message"].as_str().unwrap().contains("unknown variant"), "{b}");
    let (s, _) = call(
        &h,
        "POST",
        "/api/sheets",
        Some(json!({"players": ["A"], "rules": {"variant": "french"}})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, b) = call(&h, "GET", "/api/sheets/00000000000000000000000000000000", None).await;
    assert_eq!((s, b["error"]["code"].clone()), (StatusCode::NOT_FOUND, json!("not_found")));
    let (s, _) = call(&h, "GET", "/api/sheets/not-an-id", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // Over 64 KiB: refused before parsing.
    let big = json!({"version": 0, "change": {"op": "add", "entry": {"kind": "thrown_in"}}, "pad": "x".repeat(70_000)});
    let (s, _) = call(&h, "POST", &url, Some(big)).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    let (_, st) = call(&h, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 0, "nothing stored");
}

#[tokio::test]
async fn the_read_only_link_cannot_write_and_hides_the_edit_id() {
    let h = hub();
    let (_, st) = call(&h, "POST", "/api/sheets", Some(setup())).await;
    let (id, view) =
        (st["id"].as_str().unwrap().to_string(), st["view_id"].as_str().unwrap().to_string());
    let (s, v) = call(&h, "GET", &format!("/api/view/{view}"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!((v["mode"].clone(), v["id"].clone()), (json!("view"), Value::Null));
    assert!(!v.to_string().contains(&id), "the edit id never leaks to a spectator");
    let (s, _) = send(&h, &format!("/api/view/{view}/changes"), 0, add(1, 100)).await;
    assert!(s == StatusCode::NOT_FOUND || s == StatusCode::METHOD_NOT_ALLOWED);
    // The view id is not an edit id.
    let (s, _) = send(&h, &format!("/api/sheets/{view}/changes"), 0, add(1, 100)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn ui_openapi_exports_and_qr() {
    let h = hub();
    let (id, url) = new_sheet(&h).await;
    send(&h, &url, 0, add(1, 100)).await;
    let get = |uri: String| {
        let h = h.clone();
        async move {
            let resp = app(h)
                .oneshot(Request::builder().uri(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            let ct = resp
                .headers()
                .get("content-type")
                .map(|v| v.to_str().unwrap().to_string())
                .unwrap_or_default();
            let s = resp.status();
            let b = axum::body::to_bytes(resp.into_body(), 1 << 20).await.unwrap();
            (s, ct, String::from_utf8_lossy(&b).to_string())
        }
    };
    let (s, ct, html) = get("/".into()).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.starts_with("text/html") && html.contains("app.js"));
    let (_, _, js) = get("/app.js".into()).await;
    let (_, _, css) = get("/app.css".into()).await;
    assert!(html.len() + js.len() + css.len() < 200 * 1024, "page load under 200 KB");
    assert!(!js.contains("innerHTML"), "text is never put in as HTML");
    let (s, _, spec) = get("/api/openapi.json".into()).await;
    let spec: Value = serde_json::from_str(&spec).unwrap();
    assert_eq!((s, spec["openapi"].clone()), (StatusCode::OK, json!("3.1.0")));
    let (_, ct, csv) = get(format!("/api/sheets/{id}/export.csv")).await;
    assert!(ct.starts_with("text/csv") && csv.lines().count() == 2, "{csv}");
    let (_, _, j) = get(format!("/api/sheets/{id}/export.json")).await;
    assert!(j.contains("belot-sheet"));
    let (s, ct, svg) =
        get(format!("/api/sheets/{id}/qr.svg?origin=http%3A%2F%2Fexample.test")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.starts_with("image/svg+xml") && svg.contains("<svg"));
}

/// Over a real port: a phone listening to the live events sees a change
/// made by another phone within a second: the whole state first, then
/// what changed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_events_over_a_real_port() {
    let (addr, _hub, _stop) = common::start(&db("live"), Limits::default()).await;
    let (_, st) = common::http(addr, "POST", "/api/sheets", Some(&setup())).await;
    let (id, view) =
        (st["id"].as_str().unwrap().to_string(), st["view_id"].as_str().unwrap().to_string());
    let mut sse = common::Sse::open(addr, &format!("/api/view/{view}/events")).await.unwrap();
    let (name, first) = sse.next().await.unwrap();
    assert_eq!((name.as_str(), first["version"].clone()), ("state", json!(0)));
    assert!(first["id"].is_null(), "spectators never get the edit id");
    let change = json!({"version": 0, "change": add(1, 100)});
    let (s, _) =
        common::http(addr, "POST", &format!("/api/sheets/{id}/changes"), Some(&change)).await;
    assert_eq!(s, 200);
    let (name, next) =
        sse.next_within(std::time::Duration::from_secs(1)).await.expect("within a second");
    assert_eq!((name.as_str(), next["version"].clone()), ("delta", json!(1)));
    assert_eq!(next["totals"], json!([62, 100]));
    assert!(!next.to_string().contains(&id), "spectators never get the edit id");
}

/// Two servers over one database file (as behind a load balancer): the one
/// whose cached copy is behind is refused by the store, answers 409 with
/// the stored state, and the phone's next try on that state goes through.
#[tokio::test]
async fn a_change_refused_by_the_store_answers_409_with_the_stored_state() {
    let path = db("two-servers");
    // B does not look for A's writes on its own: the store's check finds them.
    let slow = Limits { freshness: std::time::Duration::from_secs(3600), ..Limits::default() };
    let a = Hub::open(&path, Limits::default()).unwrap();
    let b = Hub::open(&path, slow).unwrap();
    let (id, url) = new_sheet(&a).await;
    // Both servers load the empty sheet; A takes a change, B is now behind.
    assert_eq!(call(&b, "GET", &format!("/api/sheets/{id}"), None).await.1["version"], 0);
    let (s, _) = send(&a, &url, 0, add(1, 100)).await;
    assert_eq!(s, StatusCode::OK);
    let (s, st) = send(&b, &url, 0, add(0, 90)).await;
    assert_eq!(s, StatusCode::CONFLICT, "{st}");
    assert_eq!(st["error"]["code"], "stale");
    assert_eq!(st["state"]["version"], 1, "{st}");
    let (s, st) = send(&b, &url, 1, add(0, 90)).await;
    assert_eq!((s, st["version"].clone()), (StatusCode::OK, json!(2)));
}

/// A change sent again with its key (its answer was lost, a double tap, a
/// phone's queue sent after a reload) is applied once, also after the
/// server restarts; a bad key is refused.
#[tokio::test]
async fn a_keyed_change_sent_twice_is_applied_once_even_across_a_restart() {
    let path = db("keys");
    let h = Hub::open(&path, Limits::default()).unwrap();
    let (_, url) = new_sheet(&h).await;
    let keyed = json!({"version": 0, "change": add(1, 100), "key": "phone-1-deal-1"});
    let (s, first) = call(&h, "POST", &url, Some(keyed.clone())).await;
    assert_eq!((s, first["version"].clone()), (StatusCode::OK, json!(1)));
    let (s, again) = call(&h, "POST", &url, Some(keyed.clone())).await;
    assert_eq!((s, again["version"].clone()), (StatusCode::OK, json!(1)), "applied once");
    h.close().await;
    let h = Hub::open(&path, Limits::default()).unwrap();
    let (s, again) = call(&h, "POST", &url, Some(keyed)).await;
    assert_eq!((s, again["version"].clone()), (StatusCode::OK, json!(1)), "{again}");
    let bad = json!({"version": 1, "change": add(1, 100), "key": "no spaces or quotes\""});
    let (s, b) = call(&h, "POST", &url, Some(bad)).await;
    assert_eq!(
        (s, b["error"]["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("bad_request"))
    );
    // Issue 44: a deal without a taker is a coded refusal that names the
    // field, not serde's words alone.
    let no_taker = json!({"version": 1, "key": "k2",
        "change": {"op": "add", "entry": {"kind": "french", "card_points": [90, null]}}});
    let (s, b) = call(&h, "POST", &url, Some(no_taker)).await;
    assert_eq!(
        (s, b["error"]["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("missing_field"))
    );
    assert_eq!(b["error"]["params"]["field"], json!("taker"), "{b}");
    assert_eq!(b["error"]["params"]["at"], json!("change"), "{b}");
    let extra = json!({"version": 1, "key": "k3", "x": 1, "change": add(1, 100)});
    let (_, b) = call(&h, "POST", &url, Some(extra)).await;
    assert_eq!(b["error"]["code"], json!("unknown_field"), "{b}");
}

/// Issue 19: the "changes" view lists every change, newest first, page by
/// page, each saying whether it can be reverted now; reverting one is a
/// change like any other (version-checked, live, undoable).
#[tokio::test]
async fn the_changes_view_lists_changes_and_reverts_any_of_them() {
    let h = hub();
    let (id, url) = new_sheet(&h).await;
    let post = |v: u64, change: Value| {
        let (h, url) = (h.clone(), url.clone());
        async move { send(&h, &url, v, change).await }
    };
    for (v, p) in [100, 90, 80].into_iter().enumerate() {
        assert_eq!(post(v as u64, add(1, p)).await.0, StatusCode::OK);
    }
    let edit = json!({"op": "edit", "id": 2, "entry": {"kind": "french", "taker": 0, "card_points": [120, null]}});
    assert_eq!(post(3, edit).await.0, StatusCode::OK);
    let (s, list) = call(&h, "GET", &url, None).await;
    assert_eq!(s, StatusCode::OK, "{list}");
    assert_eq!(list["version"], 4);
    let ns: Vec<u64> =
        list["changes"].as_array().unwrap().iter().map(|c| c["n"].as_u64().unwrap()).collect();
    assert_eq!(ns, [4, 3, 2, 1]);
    assert_eq!(list["changes"][0]["change"]["op"], "edit");
    assert_eq!(
        (list["changes"][0]["deal"].clone(), list["changes"][0]["revertable"].clone()),
        (json!(2), json!(true))
    );
    // Pages: two at a time, then the rest.
    let (_, page) = call(&h, "GET", &format!("{url}?limit=2"), None).await;
    assert_eq!((page["changes"].as_array().unwrap().len(), page["more"].clone()), (2, json!(true)));
    let (_, page) = call(&h, "GET", &format!("{url}?before=3&limit=2"), None).await;
    assert_eq!((page["changes"][0]["n"].clone(), page["more"].clone()), (json!(2), json!(false)));
    // Change 4 (the edit of deal 2) reverted: deal 2 is Boris's 90 again.
    let (s, _) = post(4, json!({"op": "revert", "change": 4})).await;
    assert_eq!(s, StatusCode::OK);
    let (_, st) = call(&h, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["table"]["rows"][1]["entry"]["card_points"], json!([null, 90]));
    let (_, list) = call(&h, "GET", &url, None).await;
    assert_eq!(list["changes"][0]["change"], json!({"op": "revert", "change": 4}));
    assert_eq!(list["changes"][1]["revertable"], false, "reverted already");
    // Refused in words the page translates, and nothing changes.
    let (s, e) = post(5, json!({"op": "revert", "change": 4})).await;
    assert_eq!(
        (s, e["error"]["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("cannot_revert"))
    );
    assert_eq!(e["error"]["params"]["change"], 4);
    let (_, e) = post(5, json!({"op": "revert", "change": 77})).await;
    assert_eq!(e["error"]["code"], "no_such_change");
    let (_, st) = call(&h, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 5);
    // Bad paging is bounded, never an error.
    let (s, page) = call(&h, "GET", &format!("{url}?limit=100000&before=0"), None).await;
    assert_eq!((s, page["changes"].as_array().unwrap().len()), (StatusCode::OK, 0));
    let (s, e) = call(&h, "GET", &format!("{url}?limit=abc"), None).await;
    assert_eq!((s, e["error"]["code"].clone()), (StatusCode::BAD_REQUEST, json!("bad_request")));
}

/// The page's word files, one per language (ui/i18n/).
const WORDS: [(&str, &str); 6] = [
    ("en", include_str!("../ui/i18n/en.js")),
    ("bg", include_str!("../ui/i18n/bg.js")),
    ("ru", include_str!("../ui/i18n/ru.js")),
    ("uk", include_str!("../ui/i18n/uk.js")),
    ("ro", include_str!("../ui/i18n/ro.js")),
    ("fr", include_str!("../ui/i18n/fr.js")),
];

/// A word file's keys (one `"key": "words",` a line).
fn word_keys(file: &str) -> std::collections::BTreeSet<String> {
    file.lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.split_once("\": ").map(|(k, _)| k.to_string()))
        .collect()
}

/// Every refusal belot-score can give, and the server's own, has words in
/// each of the page's six languages; so has every kind of change the
/// changes view lists (issue 19: no English-only text reaches a player).
#[test]
fn every_refusal_and_change_has_words_in_every_language() {
    let server =
        ["not_found", "game_full", "disk_full", "storage", "bad_request", "too_many_listeners"];
    let ops = ["add", "edit", "delete", "restore", "take_back", "put_back", "undo", "redo"];
    for (lang, file) in WORDS {
        let keys = word_keys(file);
        for code in belot_score::CODES.iter().chain(&server) {
            assert!(keys.contains(&format!("err_{code}")), "{lang}: err_{code}");
        }
        for op in ops.iter().chain(&["setup", "revert", "undo_setup", "redo_setup"]) {
            assert!(keys.contains(&format!("ch_{op}")), "{lang}: ch_{op}");
        }
    }
}

/// Every word of the page (the score keeper's and the card tables') is
/// there in all six languages: each file has English's keys, and the
/// others besides only the house rules' words (whose English is the
/// server's).
#[test]
fn every_word_of_the_page_is_in_six_languages() {
    let en = word_keys(WORDS[0].1);
    assert!(en.len() > 300, "{}", en.len());
    for (lang, file) in &WORDS[1..] {
        let other = word_keys(file);
        let missing: Vec<_> = en.difference(&other).collect();
        let extra: Vec<_> = other
            .difference(&en)
            .filter(|k| !k.starts_with("opt_") && !k.starts_with("choice_"))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{lang}: missing {missing:?}, extra {extra:?}"
        );
    }
}

/// The page's files and the API's answers go gzipped to a client that
/// asks (a phone on a slow link); a live stream never is, nor a client
/// that does not ask. The page's weight, compressed, stays under 50 KB.
#[tokio::test]
async fn responses_are_gzipped_when_asked_and_the_page_is_light() {
    let h = hub();
    let (id, _) = new_sheet(&h).await;
    let get = |path: String, gzip: bool| {
        let h = h.clone();
        async move {
            let mut req = Request::builder().uri(path);
            if gzip {
                req = req.header("accept-encoding", "gzip, deflate, br");
            }
            let resp = app(h).oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
            let enc =
                resp.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_string());
            let ctype = resp.headers()["content-type"].to_str().unwrap().to_string();
            if ctype.starts_with("text/event-stream") {
                return (enc, ctype, 0);
            }
            let body = axum::body::to_bytes(resp.into_body(), 1 << 22).await.unwrap();
            (enc, ctype, body.len())
        }
    };
    // What each screen loads: a French game's page in Bulgarian (English's
    // words and Bulgarian's, the scorer for deals saved offline, the
    // game's module); a card table adds its script.
    let mut size = std::collections::BTreeMap::new();
    let game_page =
        ["/", "/app.js", "/app.css", "/score.js", "/i18n/en.js", "/i18n/bg.js", "/games/french.js"];
    for &path in game_page.iter().chain(&["/table.js"]) {
        let (enc, _, zipped) = get(path.to_string(), true).await;
        assert_eq!(enc.as_deref(), Some("gzip"), "{path}");
        let (enc, _, plain) = get(path.to_string(), false).await;
        assert_eq!(enc, None, "{path}");
        assert!(zipped < plain, "{path}: {zipped} of {plain} bytes");
        size.insert(path, (zipped, plain));
    }
    let weigh = |paths: &[&str]| {
        paths.iter().fold((0, 0), |(z, p), path| (z + size[path].0, p + size[path].1))
    };
    let page = weigh(&game_page);
    let table = weigh(&["/", "/app.js", "/app.css", "/i18n/en.js", "/i18n/bg.js", "/table.js"]);
    eprintln!("a game's page: {} bytes, {} gzipped", page.1, page.0);
    eprintln!("with a card table: {} bytes, {} gzipped", table.1, table.0);
    assert!(page.0 < 50_000, "the page weighs {} bytes gzipped", page.0);
    assert!(table.0 < 70_000, "the table page weighs {} bytes gzipped", table.0);
    let (enc, _, _) = get(format!("/api/sheets/{id}"), true).await;
    assert_eq!(enc.as_deref(), Some("gzip"));
    let (enc, ctype, _) = get(format!("/api/sheets/{id}/events"), true).await;
    assert_eq!((enc, ctype.as_str()), (None, "text/event-stream"));
}

/// Every operation the description lists is served: its path and method
/// reach a handler, not the router's answer to an unknown path (404) or
/// method (405). The other way round holds by construction (`app()`
/// registers each API route with its description, and a page's route
/// cannot be an `/api` one: `lib.rs`'s tests), so the description lists
/// exactly the API's 28 operations.
#[tokio::test]
async fn every_described_operation_is_served() {
    let h = hub();
    let (_, spec) = call(&h, "GET", "/api/openapi.json", None).await;
    let mut operations = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        // Ids of the right form that name nothing; deal 1.
        let path = path.replace("{deal}", "1");
        let mut parts: Vec<&str> = path.split('/').collect();
        for p in parts.iter_mut().filter(|p| p.starts_with('{')) {
            *p = "0123456789abcdef0123456789abcdef";
        }
        let uri = parts.join("/");
        for method in item.as_object().unwrap().keys() {
            operations += 1;
            let (s, body) = call(&h, &method.to_uppercase(), &uri, None).await;
            let at = format!("{method} {uri}: {s} {body}");
            assert_ne!(s, StatusCode::METHOD_NOT_ALLOWED, "{at}");
            assert_ne!(body["error"]["message"], "no such page or API endpoint", "{at}");
        }
    }
    assert_eq!(operations, 28);
    // The router's own answers, for comparison.
    let (s, body) = call(&h, "GET", "/api/nothing", None).await;
    assert_eq!(
        (s, body["error"]["message"].clone()),
        (StatusCode::NOT_FOUND, json!("no such page or API endpoint"))
    );
    let (s, _) = call(&h, "DELETE", "/api/rules", None).await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
}

/// The page's two scripts share one global scope: no top-level name of
/// one may be declared again by the other (the later would replace it).
#[test]
fn the_ui_scripts_declare_no_name_twice() {
    fn names(src: &str) -> std::collections::BTreeSet<String> {
        src.lines()
            .filter_map(|l| {
                let l = l.strip_prefix("async ").unwrap_or(l);
                ["function ", "const ", "let ", "var "].iter().find_map(|k| l.strip_prefix(k)).map(
                    |rest| rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect(),
                )
            })
            .collect()
    }
    let app = names(include_str!("../ui/app.js"));
    let table = names(include_str!("../ui/table.js"));
    assert!(app.contains("send") && table.contains("routeTable"));
    let both: Vec<_> = app.intersection(&table).collect();
    assert!(both.is_empty(), "declared in app.js and table.js: {both:?}");
}

/// `/healthz` answers 200 while the database answers with its schema.
#[tokio::test]
async fn the_health_check_answers_on_sqlite() {
    let h = hub();
    let (status, v) = call(&h, "GET", "/healthz", None).await;
    assert_eq!((status, v["ok"].clone()), (StatusCode::OK, json!(true)), "{v}");
}
