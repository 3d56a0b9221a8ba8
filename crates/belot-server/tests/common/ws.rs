//! A table's WebSocket client for the tests: it keeps the last state it
//! was sent and every message, and plays the first legal action.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as Ws;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A connection to a table, and the last state it was sent.
pub struct Client {
    pub ws: Socket,
    pub state: Value,
    /// Every message received.
    pub seen: Vec<Value>,
}

impl Client {
    pub async fn open(addr: SocketAddr, path: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}")).await.unwrap();
        let mut c = Client { ws, state: Value::Null, seen: Vec::new() };
        c.recv().await;
        c
    }

    /// A player's connection to seat `seat`.
    pub async fn seat(addr: SocketAddr, id: &str, seat: u64, secret: &str) -> Client {
        let mut c = Client::open(addr, &format!("/api/tables/{id}/ws")).await;
        c.send(json!({"type": "hello", "seat": seat, "secret": secret})).await;
        let m = c.recv().await;
        assert_eq!(m["type"], "state", "{m}");
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Ws::text(v.to_string())).await.unwrap();
    }

    /// The next message (a state is kept as the last state).
    pub async fn recv(&mut self) -> Value {
        let v: Value = loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("a message within 20 s")
                .expect("the connection open")
                .expect("a good frame");
            match m {
                Ws::Text(t) => break serde_json::from_str(t.as_str()).unwrap(),
                Ws::Close(_) => break json!({"type": "closed"}),
                // The protocol's pongs (to the tests' own pings).
                Ws::Pong(_) | Ws::Ping(_) => continue,
                other => panic!("unexpected {other:?}"),
            }
        };
        if v["type"] == "state" {
            self.state = v.clone();
        }
        self.seen.push(v.clone());
        v
    }

    /// Waits until a state satisfies `f`.
    pub async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        while !f(&self.state) {
            self.recv().await;
        }
        self.state.clone()
    }
}

pub async fn create(addr: SocketAddr, rules: Value, seats: &[&str]) -> Value {
    let body = json!({"rules": rules, "seats": seats, "name": "Ana"});
    let (status, v) = super::http(addr, "POST", "/api/tables", Some(&body)).await;
    assert_eq!(status, 201, "{v}");
    v
}

pub fn french() -> Value {
    json!({"variant": "french"})
}

pub fn my_turn(s: &Value) -> bool {
    s["view"]["to_act"] == s["you"] && !s["view"]["legal"].as_array().unwrap().is_empty()
}

pub fn deal_over(s: &Value) -> bool {
    s["view"]["to_act"].is_null()
}

/// Plays the first legal action whenever it is this client's turn, until
/// the deal is over; returns the deal's last state.
pub async fn play_deal(c: &mut Client) -> Value {
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
