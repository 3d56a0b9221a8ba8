//! Card tables over the network: tables made and joined over HTTP, played
//! over WebSockets by people and bots, every message a seat receives
//! checked for another seat's cards; reconnection, restart, the score
//! sheet of a table, and abuse.

mod common;

use common::ws::{Client, create, deal_over, french, my_turn, play_deal};

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::Duration;

use belot_core::{Card, CardSet};
use belot_server::Limits;
use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as Ws;

fn fast() -> Limits {
    Limits { bot_pace: Duration::ZERO, trick_pause: Duration::ZERO, ..Limits::default() }
}

fn cards(v: &Value, out: &mut BTreeSet<Card>) {
    match v {
        Value::String(s) if s.len() == 2 => out.extend(s.parse::<Card>().ok()),
        Value::Array(a) => a.iter().for_each(|x| cards(x, out)),
        Value::Object(m) => m.values().for_each(|x| cards(x, out)),
        _ => {}
    }
}

/// No message names a card outside the seat's hand unless spectators
/// were shown it by then (a spectator sees no hand: only cards played,
/// melds shown, the turned card, and all hands once the deal is over).
/// A spectator may skip a state (each connection gets the latest), so
/// for a state it did not see, the cards on the table in that message
/// (and the turned card) count as shown.
fn check_hidden(msgs: &[Value], spect: &[Value]) {
    for m in msgs.iter().filter(|m| m["type"] == "state") {
        let hand: CardSet = serde_json::from_value(m["view"]["hand"].clone()).unwrap();
        let mut v = m.clone();
        v["view"].as_object_mut().unwrap().remove("hand");
        let mut named = BTreeSet::new();
        cards(&v, &mut named);
        let seq = m["seq"].as_u64().unwrap();
        let mut shown = BTreeSet::new();
        for p in spect.iter().filter(|s| s["seq"].as_u64().is_some_and(|n| n <= seq)) {
            cards(p, &mut shown);
        }
        if !spect.iter().any(|s| s["seq"] == m["seq"]) {
            cards(&m["view"]["trick"], &mut shown);
            cards(&m["last_trick"], &mut shown);
            cards(&m["view"]["turned"], &mut shown);
        }
        for c in named {
            assert!(
                hand.contains(c) || shown.contains(&c),
                "seq {seq}: {c} is neither in the seat's hand nor shown to spectators: {m}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_three_bots_play_a_french_deal_over_a_websocket() {
    let (addr, _hub, stop, t, id) =
        french_table("ws-french", fast(), &["me", "easy", "strong", "easy"]).await;
    let mut me =
        Client::seat(addr, &id, t["seat"].as_u64().unwrap(), t["secret"].as_str().unwrap()).await;
    let mut watcher =
        Client::open(addr, &format!("/api/watch/{}/ws", t["view"].as_str().unwrap())).await;
    let end = play_deal(&mut me).await;
    assert!(end["hands"].is_array(), "{end}");
    assert_eq!(end["deal"], 1);
    let spect = watcher.until(|s| s["seq"] == end["seq"]).await;
    assert_eq!(spect["view"]["hand"], json!([]), "a spectator holds no hand");
    check_hidden(&me.seen, &watcher.seen);
    let _ = stop.send(());
}

/// The table maker's seat and three easy bots.
const ME_AND_EASY_BOTS: &[&str] = &["me", "easy", "easy", "easy"];

/// The table maker's seat and three open seats.
const ME_AND_OPEN_SEATS: &[&str] = &["me", "open", "open", "open"];

/// A server with `limits` on a fresh database named `name`, and a
/// French table of `seats` made on it: the server's address, hub and stop
/// handle, the table as made (its secret, view id…) and its id.
async fn french_table(
    name: &str,
    limits: Limits,
    seats: &[&str],
) -> (SocketAddr, belot_server::Hub, tokio::sync::oneshot::Sender<()>, Value, String) {
    let (addr, hub, stop) = common::start(&common::db(name), limits).await;
    let t = create(addr, french(), seats).await;
    let id = t["id"].as_str().unwrap().to_string();
    (addr, hub, stop, t, id)
}

async fn join(addr: SocketAddr, id: &str, name: &str) -> (u64, String) {
    let body = json!({"name": name});
    let (status, v) =
        common::http(addr, "POST", &format!("/api/tables/{id}/join"), Some(&body)).await;
    assert_eq!(status, 200, "{v}");
    (v["seat"].as_u64().unwrap(), v["secret"].as_str().unwrap().to_string())
}

/// A table of two people (the maker and one who joins by the link) and
/// the given other seats; both connected.
async fn two_people(addr: SocketAddr, rules: Value, seats: &[&str]) -> (Value, Client, Client) {
    let t = create(addr, rules, seats).await;
    let id = t["id"].as_str().unwrap();
    let a =
        Client::seat(addr, id, t["seat"].as_u64().unwrap(), t["secret"].as_str().unwrap()).await;
    let (seat, secret) = join(addr, id, "Boris").await;
    let b = Client::seat(addr, id, seat, &secret).await;
    (t, a, b)
}

async fn people_play_a_deal(rules: Value, seats: &[&str]) {
    let path = common::db("ws-people");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let (t, mut a, mut b) = two_people(addr, rules, seats).await;
    let mut watcher =
        Client::open(addr, &format!("/api/watch/{}/ws", t["view"].as_str().unwrap())).await;
    let (ea, eb) = tokio::join!(play_deal(&mut a), play_deal(&mut b));
    assert_eq!(ea["standing"], eb["standing"]);
    assert!(ea["hands"].is_array());
    watcher.until(|s| s["seq"].as_u64() >= ea["seq"].as_u64()).await;
    check_hidden(&a.seen, &watcher.seen);
    check_hidden(&b.seen, &watcher.seen);
    // The deal is on a score sheet of the game, with the same totals;
    // players and spectators alike get its read-only link.
    let s = a.until(|s| s["sheet"].is_string()).await;
    let w = watcher.until(|s| s["sheet"].is_string()).await;
    assert_eq!(s["sheet"], w["sheet"]);
    let sheet = s["sheet"].as_str().unwrap();
    let (status, sh) = common::http(addr, "GET", &format!("/api/view/{sheet}"), None).await;
    assert_eq!(status, 200, "{sh}");
    assert_eq!(sh["setup"]["rules"]["variant"], s["view"]["variant"]);
    let totals: Vec<f64> = serde_json::from_value(sh["table"]["totals"].clone()).unwrap();
    let standing: Vec<f64> = serde_json::from_value(ea["standing"]["totals"].clone()).unwrap();
    assert_eq!(totals, standing[..totals.len()], "{sh} {ea}");
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_two_bots_play_a_french_deal() {
    people_play_a_deal(french(), &["me", "open", "easy", "strong"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_a_two_player_deal() {
    people_play_a_deal(json!({"variant": "two_player"}), &["me", "open"]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_bot_play_a_three_player_deal() {
    people_play_a_deal(json!({"variant": "three_player"}), &["me", "open", "medium"]).await;
}

/// Waits for this client's turn; returns the state.
async fn my_turn_now(c: &mut Client) -> Value {
    c.until(my_turn).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_action_sent_twice_is_applied_once_and_out_of_turn_is_refused() {
    let path = common::db("ws-twice");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let (_, mut x, mut y) = two_people(addr, french(), &["me", "open", "easy", "easy"]).await;
    // Seat 1 (the one who joined) bids first.
    let s = my_turn_now(&mut y).await;
    let (a, b) = (&mut y, &mut x);
    // The other person tries to act now.
    let other = json!({"type": "act", "seq": s["seq"], "action": s["view"]["legal"][0]});
    b.send(other).await;
    let e = b.until_error().await;
    assert_eq!(e["code"], "not_your_turn", "{e}");
    let act = json!({"type": "act", "seq": s["seq"], "action": s["view"]["legal"][0]});
    a.send(act.clone()).await;
    a.send(act).await;
    let e = a.until_error().await;
    assert_eq!(e["code"], "stale", "{e}");
    // Exactly one change of the acting seat.
    let next = a.until(|n| n["seq"].as_u64() > s["seq"].as_u64()).await;
    let calls = next["view"]["calls"].as_array().unwrap();
    assert_eq!(calls.iter().filter(|c| c["seat"] == s["you"]).count(), 1, "{next}");
    let _ = stop.send(());
}

impl Client {
    /// The next error message.
    async fn until_error(&mut self) -> Value {
        loop {
            let m = self.recv().await;
            if m["type"] == "error" || m["type"] == "closed" {
                return m;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_comes_back_the_same_after_a_reconnection_and_a_restart() {
    let path = common::db("ws-restart");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    let (id, secret) = (t["id"].as_str().unwrap(), t["secret"].as_str().unwrap());
    let seat = t["seat"].as_u64().unwrap();
    let mut c = Client::seat(addr, id, seat, secret).await;
    let s = my_turn_now(&mut c).await;
    // A reload: a new connection gets the same state.
    drop(c);
    let c = Client::seat(addr, id, seat, secret).await;
    assert_eq!(c.state, s);
    drop(c);
    let _ = stop.send(());
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let c = Client::seat(addr, id, seat, secret).await;
    assert_eq!(c.state["seq"], s["seq"]);
    assert_eq!(c.state["view"], s["view"]);
    assert_eq!(c.state["seats"], s["seats"]);
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_deal_is_on_the_tables_score_sheet_and_in_its_record() {
    let (addr, _hub, stop, t, id) = french_table("ws-sheet", fast(), ME_AND_EASY_BOTS).await;
    let mut c = Client::seat(addr, &id, 0, t["secret"].as_str().unwrap()).await;
    let (_, rec) = common::http(addr, "GET", &format!("/api/tables/{id}/record.json"), None).await;
    assert_eq!(rec["deals"], json!([]), "the deal in play is not in the record");
    let end = play_deal(&mut c).await;
    let s = c.until(|s| s["sheet"].is_string()).await;
    let sheet = s["sheet"].as_str().unwrap();
    let (status, sh) = common::http(addr, "GET", &format!("/api/view/{sheet}"), None).await;
    assert_eq!(status, 200, "{sh}");
    assert_eq!(sh["table"]["rows"].as_array().unwrap().len(), 1, "{sh}");
    let totals: Vec<i64> = serde_json::from_value(sh["table"]["totals"].clone()).unwrap();
    let standing: Vec<i64> = serde_json::from_value(end["standing"]["totals"].clone()).unwrap();
    assert_eq!(totals, standing[..totals.len()], "{sh} {end}");
    let (_, rec) = common::http(addr, "GET", &format!("/api/tables/{id}/record.json"), None).await;
    let record: belot_core::MatchRecord = serde_json::from_value(rec).unwrap();
    assert_eq!(record.deals.len(), 1);
    assert_eq!(record.names[0], "Ana");
    belot_core::AnyMatch::from_record(&record).unwrap();
    // The deal judged card by card, for the players and for spectators.
    let (status, r) = common::http(addr, "GET", &format!("/api/tables/{id}/review/1"), None).await;
    assert_eq!(status, 200, "{r}");
    let cards = r["cards"].as_array().unwrap();
    let played = record.deals[0]
        .actions
        .iter()
        .filter(|a| matches!(a.action, belot_core::Action::Play { .. }))
        .count();
    assert_eq!(cards.len(), played);
    for c in cards {
        let (v, b, cost) = (
            c["value"].as_u64().unwrap(),
            c["best"].as_u64().unwrap(),
            c["cost"].as_u64().unwrap(),
        );
        assert!(v <= b && cost == b - v, "{c}");
        assert!(!c["best_cards"].as_array().unwrap().is_empty());
    }
    let mistakes: u64 =
        r["players"].as_array().unwrap().iter().map(|p| p["mistakes"].as_u64().unwrap()).sum();
    assert_eq!(mistakes as usize, cards.iter().filter(|c| c["cost"] != 0).count());
    let view = t["view"].as_str().unwrap();
    let (_, w) = common::http(addr, "GET", &format!("/api/watch/{view}/review/1"), None).await;
    assert_eq!(w, r);
    let (status, e) = common::http(addr, "GET", &format!("/api/tables/{id}/review/2"), None).await;
    assert_eq!((status, e["error"]["code"].clone()), (404, json!("no_deal")));
    let _ = stop.send(());
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    common::http(addr, "POST", path, Some(&body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tables_and_joins_are_refused_with_a_code() {
    let path = common::db("ws-refusals");
    let limits = Limits { creates_per_minute: 3, ..fast() };
    let (addr, _hub, stop) = common::start(&path, limits).await;
    let cases = [
        (json!({"rules": french(), "seats": ["me", "open"], "name": "A"}), "bad_seats"),
        (
            json!({"rules": french(), "seats": ["me", "me", "open", "open"], "name": "A"}),
            "bad_seats",
        ),
        (json!({"rules": french(), "seats": ["easy", "easy", "strong", "easy"]}), "bad_seats"),
        (
            json!({"rules": french(), "seats": ["me", "open", "open", "open"], "timer": 601}),
            "bad_timer",
        ),
        (
            json!({"rules": french(), "seats": ["me", "open", "open", "open"], "name": "\u{202e}x"}),
            "bad_name",
        ),
        (json!({"rules": french(), "seats": ["me", "open", "open", "open"]}), "bad_name"),
        (json!({"rules": {"variant": "poker"}, "seats": []}), "invalid_value"),
        (
            json!({"rules": french(), "seats": ["me", "open", "open", "open"], "x": 1}),
            "unknown_field",
        ),
    ];
    for (body, code) in cases {
        let (status, v) = post(addr, "/api/tables", body.clone()).await;
        assert_eq!(v["error"]["code"], code, "{body} → {status} {v}");
    }
    let t = create(addr, json!({"variant": "two_player"}), &["me", "open"]).await;
    let id = t["id"].as_str().unwrap();
    let join_path = format!("/api/tables/{id}/join");
    let (_, v) = post(addr, &join_path, json!({"name": ""})).await;
    assert_eq!(v["error"]["code"], "bad_name");
    let (_, v) = post(addr, &join_path, json!({"name": "B", "seat": 0})).await;
    assert_eq!(v["error"]["code"], "seat_taken");
    let (_, v) = post(addr, &join_path, json!({"name": "B", "seat": 7})).await;
    assert_eq!(v["error"]["code"], "no_seat");
    join(addr, id, "B").await;
    let (status, v) = post(addr, &join_path, json!({"name": "C"})).await;
    assert_eq!((status, v["error"]["code"].clone()), (409, json!("seat_taken")));
    let (status, _) =
        post(addr, "/api/tables/00000000000000000000000000000000/join", json!({"name": "C"})).await;
    assert_eq!(status, 404);
    let (status, _) = common::http(addr, "GET", "/api/tables/nope", None).await;
    assert_eq!(status, 404);
    // The creation limit counts tables (and score sheets) per address.
    create(addr, french(), &["me", "open", "open", "open"]).await;
    create(addr, french(), &["me", "open", "open", "open"]).await;
    let (status, v) = post(
        addr,
        "/api/tables",
        json!({"rules": french(), "seats": ["me", "open", "open", "open"], "name": "A"}),
    )
    .await;
    assert_eq!((status, v["error"]["code"].clone()), (429, json!("rate_limited")));
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_an_error_and_change_nothing() {
    let (addr, _hub, stop, t, id) = french_table("ws-bad", fast(), ME_AND_OPEN_SEATS).await;
    let before = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    let mut c = Client::open(addr, &format!("/api/tables/{id}/ws")).await;
    let cases = [
        ("not json", "bad_message"),
        (r#"{"type":"act","seq":1,"action":{"type":"pass"}}"#, "not_your_seat"),
        (r#"{"type":"hello","seat":0,"secret":"00"}"#, "not_your_seat"),
        (r#"{"type":"hello","seat":9,"secret":"00"}"#, "no_seat"),
        (r#"{"type":"launch"}"#, "bad_message"),
        (r#"{"type":"next","seq":-1}"#, "bad_message"),
    ];
    for (text, code) in cases {
        c.ws.send(Ws::text(text)).await.unwrap();
        let e = c.until_error().await;
        assert_eq!(e["code"], code, "{text} → {e}");
    }
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.recv().await["type"], "pong");
    let mut w = Client::open(addr, &format!("/api/watch/{}/ws", t["view"].as_str().unwrap())).await;
    w.send(json!({"type": "hello", "seat": 0, "secret": t["secret"]})).await;
    assert_eq!(w.until_error().await["code"], "read_only");
    let after = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    assert_eq!(before, after);
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_big_and_binary_messages_close_the_connection() {
    let path = common::db("ws-flood");
    let limits = Limits { ws_rate: 5, max_table_players: 3, ..fast() };
    let (addr, _hub, stop) = common::start(&path, limits).await;
    let t = create(addr, french(), &["me", "open", "open", "open"]).await;
    let ws = format!("/api/tables/{}/ws", t["id"].as_str().unwrap());
    let mut c = Client::open(addr, &ws).await;
    for _ in 0..30 {
        if c.ws.send(Ws::text(r#"{"type":"ping"}"#)).await.is_err() {
            break;
        }
    }
    let mut last = json!(null);
    while last["type"] != "error" {
        last = c.recv().await;
    }
    assert_eq!(last["code"], "rate_limited");
    // Issue 43: a burst of 200 of the protocol's own pings (answered with
    // pongs, and not counted before) is limited too, and gets the reason
    // before the close, sent without reading (the server reads what came
    // meanwhile instead of resetting the socket).
    let mut c = Client::open(addr, &ws).await;
    let burst: Vec<Ws> = (0..200).map(|i| Ws::Ping(vec![i as u8; 100].into())).collect();
    for m in burst {
        if c.ws.feed(m).await.is_err() {
            break;
        }
    }
    let _ = c.ws.flush().await;
    let mut last = json!(null);
    while last["type"] != "error" && last["type"] != "closed" {
        last = c.recv().await;
    }
    assert_eq!(last["code"], "rate_limited", "{last}");
    // Too big, or text that is not UTF-8: a last error says why, then
    // the connection closes.
    let mut c = Client::open(addr, &ws).await;
    let _ = c.ws.send(Ws::text("x".repeat(10_000))).await;
    assert_eq!(c.until_error().await["code"], "too_big");
    assert_eq!(c.until_error().await["type"], "closed");
    let mut c = Client::open(addr, &ws).await;
    let bad = tokio_tungstenite::tungstenite::protocol::frame::Frame::message(
        vec![b'{', 0xff, 0xfe, b'}'],
        tokio_tungstenite::tungstenite::protocol::frame::coding::OpCode::Data(
            tokio_tungstenite::tungstenite::protocol::frame::coding::Data::Text,
        ),
        true,
    );
    let _ = c.ws.send(Ws::Frame(bad)).await;
    assert_eq!(c.until_error().await["code"], "bad_message");
    assert_eq!(c.until_error().await["type"], "closed");
    let mut c = Client::open(addr, &ws).await;
    c.ws.send(Ws::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(c.until_error().await["code"], "bad_message");
    // At most three connections to one table.
    let _keep: Vec<Client> =
        futures_util::future::join_all((0..3).map(|_| Client::open(addr, &ws))).await;
    let refused = tokio_tungstenite::connect_async(format!("ws://{addr}{ws}")).await;
    assert!(refused.is_err(), "a fourth connection is refused");
    let _ = stop.send(());
}

/// Random text, JSON of the right shapes with wrong values, and random
/// commands with wrong secrets, over several connections: the server
/// answers each, stays up, and the table does not change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fuzzed_stream_changes_nothing_and_the_server_stays_up() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};
    let (addr, _hub, stop, _, id) = french_table(
        "ws-fuzz",
        Limits { ws_rate: 10_000, ..fast() },
        &["me", "open", "easy", "easy"],
    )
    .await;
    let before = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let words = [
        "type", "hello", "act", "next", "bot", "leave", "seat", "secret", "seq", "action", "play",
        "card", "pass", "take", "JS", "{", "}", "[", "]", ":", ",", "\"", "0", "-1", "1e99",
        "null", "true", "level", "easy", "\u{202e}", "\\u0000",
    ];
    for conn in 0..8 {
        let mut c = Client::open(addr, &format!("/api/tables/{id}/ws")).await;
        for _ in 0..250 {
            let n = 1 + rng.next_u32() % 24;
            let text: String =
                (0..n).map(|_| words[rng.next_u32() as usize % words.len()]).collect();
            let text = if conn % 2 == 0 { text } else { format!(r#"{{"type":"{text}"}}"#) };
            if c.ws.send(Ws::text(text)).await.is_err() {
                break;
            }
            let m = c.recv().await;
            assert!(m["type"] == "error" || m["type"] == "pong" || m["type"] == "closed", "{m}");
        }
    }
    let after = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await.1;
    assert_eq!(before, after);
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seats_take_bots_and_a_person_who_leaves_is_replaced() {
    let (addr, _hub, stop, t, id) = french_table("ws-leave", fast(), ME_AND_OPEN_SEATS).await;
    let mut c = Client::seat(addr, &id, 0, t["secret"].as_str().unwrap()).await;
    for (seat, level) in [(1, "easy"), (2, "strong"), (3, "easy")] {
        c.send(json!({"type": "bot", "seat": seat, "level": level})).await;
        c.until(|s| s["seats"][seat]["kind"] == "bot").await;
    }
    c.send(json!({"type": "bot", "seat": 2, "level": "easy"})).await;
    assert_eq!(c.until_error().await["code"], "seat_taken");
    let mut w = Client::open(addr, &format!("/api/watch/{}/ws", t["view"].as_str().unwrap())).await;
    c.send(json!({"type": "leave"})).await;
    let s = w.until(|s| s["seats"][0]["kind"] == "bot").await;
    assert_eq!(s["seats"][0]["name"], "pimc");
    // Bots only now: they play the deal out while someone watches.
    w.until(deal_over).await;
    c.send(json!({"type": "next", "seq": 0})).await;
    assert_eq!(c.until_error().await["code"], "not_your_seat");
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_out_of_time_gets_the_bots_action() {
    let path = common::db("ws-timer");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let body = json!({"rules": {"variant": "two_player"}, "seats": ["me", "easy"], "name": "A", "timer": 1});
    let (_, t) = post(addr, "/api/tables", body).await;
    let id = t["id"].as_str().unwrap();
    let mut c = Client::seat(addr, id, 0, t["secret"].as_str().unwrap()).await;
    let s = my_turn_now(&mut c).await;
    assert_eq!(s["timer"], 1);
    let started = std::time::Instant::now();
    let next = c.until(|n| n["seq"].as_u64() > s["seq"].as_u64()).await;
    // Seat 0 was to act and nobody else could: the table moved on by its
    // action, played for it once its second was up (a bid, an
    // announcement or a card, as the random deal has it).
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(900) && waited < Duration::from_secs(5), "{waited:?}");
    assert_ne!(next["view"], s["view"], "{next}");
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_wait_while_nobody_is_connected() {
    // Seat 0 deals; the three bots bid first.
    let (addr, _hub, stop, t, id) = french_table("ws-wait", fast(), ME_AND_EASY_BOTS).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, s) = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(s["view"]["to_act"], 1, "{s}");
    let mut c = Client::seat(addr, &id, 0, t["secret"].as_str().unwrap()).await;
    my_turn_now(&mut c).await;
    let _ = stop.send(());
}

/// A table connection that says nothing is closed once `--ws-idle` passes,
/// with a last message saying why; the table goes on for the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_connection_is_closed_when_idle() {
    let path = common::db("ws-idle");
    let limits = Limits { ws_idle: Duration::from_millis(300), ..fast() };
    let (addr, _hub, stop) = common::start(&path, limits).await;
    let t = create(addr, french(), &["me", "open", "open", "open"]).await;
    let mut c = Client::open(addr, &format!("/api/tables/{}/ws", t["id"].as_str().unwrap())).await;
    let e = c.until_error().await;
    assert_eq!(e["code"], "idle", "{e}");
    let (status, _) =
        common::http(addr, "GET", &format!("/api/tables/{}", t["id"].as_str().unwrap()), None)
            .await;
    assert_eq!(status, 200);
    let _ = stop.send(());
}

/// Issue 42, "tap to continue": after a trick the bots wait until a
/// person taps (continue); the state says so (held), also to a phone that
/// reconnects meanwhile, and a stale continue changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_tap_to_continue_the_bots_wait_for_a_persons_tap_after_each_trick() {
    let path = common::db("ws-tap");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let body = json!({"rules": french(), "seats": ["me", "easy", "easy", "easy"], "name": "A",
        "tap_to_continue": true});
    let (status, t) = post(addr, "/api/tables", body).await;
    assert_eq!(status, 201, "{t}");
    let (id, secret) = (t["id"].as_str().unwrap(), t["secret"].as_str().unwrap());
    let mut c = Client::seat(addr, id, 0, secret).await;
    assert_eq!(c.state["tap"], true);
    let held = loop {
        let s = c.until(|s| my_turn(s) || s["held"] == true || deal_over(s)).await;
        assert!(!deal_over(&s), "a deal with no trick a bot leads after");
        if s["held"] == true {
            break s;
        }
        c.send(json!({"type": "act", "seq": s["seq"], "action": s["view"]["legal"][0]})).await;
        c.until(|n| n["seq"].as_u64() > s["seq"].as_u64()).await;
    };
    assert!(held["last_trick"]["cards"].as_array().is_some_and(|c| c.len() == 4), "{held}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, now) = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(now["seq"], held["seq"], "the bots wait");
    // A phone that reconnects is told, and a stale continue does nothing.
    drop(c);
    let mut c = Client::seat(addr, id, 0, secret).await;
    assert_eq!(
        (c.state["held"].clone(), c.state["seq"].clone()),
        (json!(true), held["seq"].clone())
    );
    c.send(json!({"type": "continue", "seq": held["seq"].as_u64().unwrap() - 1})).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, now) = common::http(addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(now["seq"], held["seq"], "the bots still wait");
    c.send(json!({"type": "continue", "seq": held["seq"]})).await;
    let s = c.until(|s| s["held"] == false).await;
    assert_eq!(s["seq"], held["seq"]);
    c.until(|s| s["seq"].as_u64() > held["seq"].as_u64()).await;
    let _ = stop.send(());
}
