//! Load generator for `belot serve`'s card tables. Bounded in time and
//! count; talks only to the loopback address given.
//!
//! TABLES French tables, each with two people simulated here and two
//! strong bots played by the server. A person acts at a human pace: when
//! the view says it is his turn, he thinks 1 to 3 seconds, then sends the
//! first legal action (a bid that is not a pass if there is one, so that
//! deals are played). At a deal's end, the table's first person deals the
//! next one after 2 seconds. Measured: for every person's action, the time
//! from sending it to each person of the table receiving the state that
//! holds it (every seat's update); errors and lost connections.
//! SPECTATORS (default 0) watch the first table through its spectators'
//! link, ten from each loopback address 127.0.1.x, reading every state.
//!
//! `cargo run --release -p belot-server --example tableload -- 127.0.0.1:8080 [TABLES] [SECONDS] [SPECTATORS]`

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as Ws;

/// What the run found, shared by the clients.
#[derive(Default)]
struct Tally {
    /// Time from an action sent to a person's receiving its state.
    latencies: Vec<Duration>,
    /// Actions sent, by table: when, and the change count they make.
    sent: HashMap<usize, (Instant, u64)>,
    actions: usize,
    deals: usize,
    errors: HashMap<String, usize>,
    /// Messages the spectators read.
    watched: usize,
}

type Shared = Arc<Mutex<Tally>>;

fn tally(t: &Shared) -> std::sync::MutexGuard<'_, Tally> {
    t.lock().unwrap_or_else(|p| p.into_inner())
}

fn error(t: &Shared, what: impl Into<String>) {
    *tally(t).errors.entry(what.into()).or_default() += 1;
}

/// One request; HTTP/1.0, so that the answer (also through a proxy) is
/// never chunked.
async fn post(addr: &str, path: &str, body: Value) -> Result<Value, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let b = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.0\r\nHost: l\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{b}",
        b.len()
    );
    s.write_all(req.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&out);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    let v: Value = serde_json::from_str(body).map_err(|e| format!("{e}: {text}"))?;
    if v.get("error").is_some() {
        return Err(v.to_string());
    }
    Ok(v)
}

/// A made table: its id, its spectators' id, the two people's seats and
/// secrets.
type Made = (String, String, [(u64, String); 2]);

/// One table: made, a friend joined.
async fn table(addr: &str) -> Result<Made, String> {
    let body = json!({"rules": {"variant": "french"}, "seats": ["me", "open", "strong", "strong"], "name": "A"});
    let t = post(addr, "/api/tables", body).await?;
    let id = t["id"].as_str().ok_or("no id")?.to_string();
    let j = post(addr, &format!("/api/tables/{id}/join"), json!({"name": "B"})).await?;
    let a = (t["seat"].as_u64().unwrap_or(0), t["secret"].as_str().unwrap_or("").to_string());
    let b = (j["seat"].as_u64().unwrap_or(1), j["secret"].as_str().unwrap_or("").to_string());
    let view = t["view"].as_str().unwrap_or("").to_string();
    Ok((id, view, [a, b]))
}

/// A spectator of `view` from loopback address `from`, reading every
/// message until `end`.
async fn spectator(addr: String, view: String, from: std::net::Ipv4Addr, end: Instant, t: Shared) {
    let sock = match tokio::net::TcpSocket::new_v4() {
        Ok(s) if s.bind((from, 0).into()).is_ok() => s,
        _ => return error(&t, "spectator bind"),
    };
    let Ok(Ok(stream)) =
        tokio::time::timeout(Duration::from_secs(10), sock.connect(addr.parse().unwrap())).await
    else {
        return error(&t, "spectator connect");
    };
    let url = format!("ws://{addr}/api/watch/{view}/ws");
    let plain = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    let Ok((mut ws, _)) = tokio_tungstenite::client_async(url, plain).await else {
        return error(&t, "spectator refused");
    };
    while let Ok(Some(Ok(_))) = tokio::time::timeout_at(end.into(), ws.next()).await {
        tally(&t).watched += 1;
    }
}

/// The action a person takes: a card, else a bid that is not a pass.
fn choose(state: &Value) -> Option<Value> {
    let legal = state["view"]["legal"].as_array()?;
    let card = legal.iter().find(|a| a["type"] == "play");
    let bid = legal.iter().find(|a| a["type"] != "pass" && a["type"] != "announce");
    card.or(bid).or(legal.first()).cloned()
}

struct Person {
    k: usize,
    /// The action (by when it was sent) whose state this person has had.
    had: Option<Instant>,
    deals_next: bool,
    tally: Shared,
    rng: ChaCha8Rng,
}

impl Person {
    /// Records this person's receipt of a state: the latency of the
    /// table's last action, if this state holds it.
    fn received(&mut self, seq: u64, at: Instant) {
        let mut t = tally(&self.tally);
        if let Some(&(sent, want)) = t.sent.get(&self.k)
            && seq >= want
            && self.had != Some(sent)
        {
            self.had = Some(sent);
            t.latencies.push(at - sent);
        }
    }

    async fn run(mut self, addr: String, id: String, seat: u64, secret: String, end: Instant) {
        let url = format!("ws://{addr}/api/tables/{id}/ws");
        let Ok(Ok((mut ws, _))) =
            tokio::time::timeout(Duration::from_secs(10), tokio_tungstenite::connect_async(url))
                .await
        else {
            return error(&self.tally, "connect");
        };
        let hello = json!({"type": "hello", "seat": seat, "secret": secret});
        if ws.send(Ws::text(hello.to_string())).await.is_err() {
            return error(&self.tally, "send");
        }
        let mut state = Value::Null;
        let mut due: Option<(Instant, Value)> = None;
        while Instant::now() < end {
            let wake = due.as_ref().map_or(end, |d| d.0.min(end));
            tokio::select! {
                m = ws.next() => {
                    let at = Instant::now();
                    let Some(Ok(Ws::Text(text))) = m else { return error(&self.tally, "connection lost") };
                    let Ok(v) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                    match v["type"].as_str() {
                        Some("state") if v["you"].as_u64() == Some(seat) => {
                            self.received(v["seq"].as_u64().unwrap_or(0), at);
                            state = v;
                            due = self.plan(&state, seat);
                        }
                        Some("error") => error(&self.tally, v["code"].as_str().unwrap_or("?").to_string()),
                        _ => {}
                    }
                }
                () = tokio::time::sleep_until(wake.into()) => {
                    let Some((_, msg)) = due.take() else { continue };
                    let seq = state["seq"].as_u64().unwrap_or(0);
                    {
                        let mut t = tally(&self.tally);
                        t.sent.insert(self.k, (Instant::now(), seq + 1));
                        t.actions += 1;
                        if msg["type"] == "next" { t.deals += 1; }
                    }
                    if ws.send(Ws::text(msg.to_string())).await.is_err() {
                        return error(&self.tally, "send");
                    }
                }
            }
        }
        let _ = ws.close(None).await;
    }

    /// What this person does next and when: think 1 to 3 s on his turn;
    /// deal the next deal 2 s after one ends (the table's first person).
    fn plan(&mut self, s: &Value, seat: u64) -> Option<(Instant, Value)> {
        let seq = s["seq"].clone();
        if s["view"]["to_act"].as_u64() == Some(seat) {
            let think = Duration::from_millis(1000 + self.rng.next_u64() % 2000);
            let action = choose(s)?;
            return Some((
                Instant::now() + think,
                json!({"type": "act", "seq": seq, "action": action}),
            ));
        }
        if self.deals_next && s["hands"].is_array() && s["match_over"] == false {
            return Some((
                Instant::now() + Duration::from_secs(2),
                json!({"type": "next", "seq": seq}),
            ));
        }
        None
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1000.0
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr = args.first().cloned().unwrap_or_else(|| "127.0.0.1:8080".into());
    if !addr.starts_with("127.") && !addr.starts_with("localhost") {
        eprintln!("tableload: loopback addresses only");
        std::process::exit(2);
    }
    let tables: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60);
    let spectators: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let shared: Shared = Arc::default();
    let mut made = Vec::new();
    for _ in 0..tables {
        match table(&addr).await {
            Ok(t) => made.push(t),
            Err(e) => error(&shared, format!("create: {}", e.chars().take(80).collect::<String>())),
        }
    }
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    if let Some((_, view, _)) = made.first() {
        for i in 0..spectators {
            let from =
                std::net::Ipv4Addr::new(127, 0, 1 + (i / 10 / 250) as u8, 1 + (i / 10 % 250) as u8);
            let (a, v, t) = (addr.clone(), view.clone(), Arc::clone(&shared));
            tasks.push(tokio::spawn(spectator(a, v, from, end, t)));
        }
    }
    for (k, (id, _, seats)) in made.into_iter().enumerate() {
        for (n, (seat, secret)) in seats.into_iter().enumerate() {
            let p = Person {
                k,
                had: None,
                deals_next: n == 0,
                tally: Arc::clone(&shared),
                rng: ChaCha8Rng::seed_from_u64((k * 2 + n) as u64),
            };
            tasks.push(tokio::spawn(p.run(addr.clone(), id.clone(), seat, secret, end)));
        }
    }
    for t in tasks {
        let _ = t.await;
    }
    let t = tally(&shared);
    let mut lat = t.latencies.clone();
    lat.sort();
    let errors: usize = t.errors.values().sum();
    println!(
        "{tables} tables, {} people, {spectators} spectators on the first ({} states read), {seconds} s: \
         {} actions by people ({:.1}/s), {} deals dealt; \
         card to every seat's update: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} updates; errors {errors} {:?}",
        tables * 2,
        t.watched,
        t.actions,
        t.actions as f64 / seconds as f64,
        t.deals,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len(),
        t.errors,
    );
}
