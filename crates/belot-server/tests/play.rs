//! Card tables over the network: tables made and joined over HTTP, played
//! over WebSockets by people and bots, every message a seat receives
//! checked for another seat's cards; reconnection, restart, the score
//! sheet of a table, and abuse.

mod common;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::Duration;

use belot_core::{Card, CardSet};
use belot_server::Limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as Ws;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn fast() -> Limits {
    Limits { bot_pace: Duration::ZERO, ..Limits::default() }
}

/// A connection to a table, and the last state it was sent.
struct Client {
    ws: Socket,
    state: Value,
    /// Every message received.
    seen: Vec<Value>,
}

impl Client {
    async fn open(addr: SocketAddr, path: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await.unwrap();
        let mut c = Client { ws, state: Value::Null, seen: Vec::new() };
        c.recv().await;
        c
    }

    /// A player's connection to seat `seat`.
    async fn seat(addr: SocketAddr, id: &str, seat: u64, secret: &str) -> Client {
        let mut c = Client::open(addr, &format!("/api/tables/{id}/ws")).await;
        c.send(json!({"type": "hello", "seat": seat, "secret": secret})).await;
        let m = c.recv().await;
        assert_eq!(m["type"], "state", "{m}");
        c
    }

    async fn send(&mut self, v: Value) {
        self.ws.send(Ws::text(v.to_string())).await.unwrap();
    }

    /// The next message (a state is kept as the last state).
    async fn recv(&mut self) -> Value {
        let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
            .await
            .expect("a message within 20 s")
            .expect("the connection open")
            .expect("a good frame");
        let v: Value = match m {
            Ws::Text(t) => serde_json::from_str(t.as_str()).unwrap(),
            Ws::Close(_) => json!({"type": "closed"}),
            other => panic!("unexpected {other:?}"),
        };
        if v["type"] == "state" {
            self.state = v.clone();
        }
        self.seen.push(v.clone());
        v
    }

    /// Waits until a state satisfies `f`.
    async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        while !f(&self.state) {
            self.recv().await;
        }
        self.state.clone()
    }
}

async fn create(addr: SocketAddr, rules: Value, seats: &[&str]) -> Value {
    let body = json!({"rules": rules, "seats": seats, "name": "Ana"});
    let (status, v) = common::http(addr, "POST", "/api/tables", Some(&body)).await;
    assert_eq!(status, 201, "{v}");
    v
}

fn french() -> Value {
    json!({"variant": "french"})
}

fn my_turn(s: &Value) -> bool {
    s["view"]["to_act"] == s["you"] && !s["view"]["legal"].as_array().unwrap().is_empty()
}

fn deal_over(s: &Value) -> bool {
    s["view"]["to_act"].is_null()
}

/// Plays the first legal action whenever it is this client's turn, until
/// the deal is over; returns the deal's last state.
async fn play_deal(c: &mut Client) -> Value {
    loop {
        let s = c.until(|s| my_turn(s) || deal_over(s)).await;
        if deal_over(&s) {
            return s;
        }
        let action = s["view"]["legal"][0].clone();
        c.send(json!({"type": "act", "seq": s["seq"], "action": action})).await;
        c.until(|n| n["seq"].as_u64() > s["seq"].as_u64()).await;
    }
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
    let path = common::db("ws-french");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let t = create(addr, french(), &["me", "easy", "strong", "easy"]).await;
    let id = t["id"].as_str().unwrap();
    let mut me =
        Client::seat(addr, id, t["seat"].as_u64().unwrap(), t["secret"].as_str().unwrap()).await;
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
