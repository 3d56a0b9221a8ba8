//! Helpers shared by the server's tests: a database file per test, a
//! server on a real port, and a raw live-update client that decodes
//! HTTP/1.1 chunked bodies itself (to see exactly what a phone gets).
#![allow(dead_code)]

pub mod webdriver;
pub mod ws;

use std::path::PathBuf;
use std::time::Duration;

use belot_server::{Hub, Limits, app, serve_with};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One request to the router without a socket: the status and JSON body.
pub async fn call(
    hub: &Hub,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (axum::http::StatusCode, Value) {
    use tower::ServiceExt;
    let req = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json");
    let body = body.map_or(axum::body::Body::empty(), |b| axum::body::Body::from(b.to_string()));
    let resp = app(hub.clone()).oneshot(req.body(body).unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = axum::body::to_bytes(resp.into_body(), 1 << 20).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A fresh database file under the tests' target folder.
pub fn db(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("server-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("belot.db")
}

/// A server on a loopback port with these limits; returns its address and
/// hub. It stops when `stop` is sent.
pub async fn start(
    path: &std::path::Path,
    limits: Limits,
) -> (std::net::SocketAddr, Hub, tokio::sync::oneshot::Sender<()>) {
    start_at(&belot_store::Location::Sqlite(path.to_path_buf()), limits).await
}

/// One HTTP/1.1 request on a new connection; the status and JSON body.
pub async fn http(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let b = body.map(|b| b.to_string()).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{b}",
        b.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// A live-update listener.
pub struct Sse {
    r: BufReader<TcpStream>,
    buf: String,
}

impl Sse {
    /// Opens `path` (an events URL); None with the status if refused.
    pub async fn open(addr: std::net::SocketAddr, path: &str) -> Result<Sse, u16> {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let req = format!("GET {path} HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        let mut r = BufReader::new(s);
        let mut status = String::new();
        r.read_line(&mut status).await.unwrap();
        let code: u16 = status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        loop {
            let mut l = String::new();
            if r.read_line(&mut l).await.unwrap() == 0 || l == "\r\n" {
                break;
            }
        }
        if code != 200 {
            return Err(code);
        }
        Ok(Sse { r, buf: String::new() })
    }

    /// The next chunk of the chunked body, as text; None at its end.
    async fn chunk(&mut self) -> Option<String> {
        let mut size = String::new();
        if self.r.read_line(&mut size).await.ok()? == 0 {
            return None;
        }
        let n = usize::from_str_radix(size.trim(), 16).ok()?;
        if n == 0 {
            return None;
        }
        let mut data = vec![0; n + 2];
        self.r.read_exact(&mut data).await.ok()?;
        data.truncate(n);
        Some(String::from_utf8(data).unwrap())
    }

    /// The next event (name and JSON data), skipping comments; None when
    /// the stream ends.
    pub async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let ev: String = self.buf.drain(..end + 2).collect();
                let mut name = String::from("message");
                let mut data = None;
                for line in ev.lines() {
                    if let Some(n) = line.strip_prefix("event: ") {
                        name = n.to_string();
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data = Some(serde_json::from_str(d).unwrap());
                    }
                }
                if let Some(d) = data {
                    return Some((name, d));
                }
                continue;
            }
            let c = self.chunk().await?;
            self.buf.push_str(&c);
        }
    }

    /// The next event within `wait`.
    pub async fn next_within(&mut self, wait: Duration) -> Option<(String, Value)> {
        tokio::time::timeout(wait, self.next()).await.ok().flatten()
    }
}

use std::collections::BTreeSet;

use belot_core::Card;

/// Every card named in a text: a two-character card code standing alone
/// (not inside a longer word or number).
pub fn cards_in_text(s: &str, out: &mut BTreeSet<Card>) {
    let b = s.as_bytes();
    for i in 0..b.len().saturating_sub(1) {
        let alone = |j: Option<&u8>| j.is_none_or(|c| !c.is_ascii_alphanumeric());
        if alone(i.checked_sub(1).and_then(|j| b.get(j)))
            && alone(b.get(i + 2))
            && let Some(c) = s.get(i..i + 2).and_then(|t| t.parse::<Card>().ok())
        {
            out.insert(c);
        }
    }
}

pub fn cards_in(v: &Value, out: &mut BTreeSet<Card>) {
    match v {
        Value::String(s) => cards_in_text(s, out),
        Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        Value::Object(m) => m.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

/// Every card named anywhere in a JSON value, in a string of its own or
/// inside a longer text.
pub fn named(v: &Value) -> BTreeSet<Card> {
    let mut out = BTreeSet::new();
    cards_in(v, &mut out);
    out
}

#[allow(unused_imports)] // Only the PostgreSQL tests use it.
pub use belot_store::testing::PgTestDb as PgDb;

/// A server on a loopback port over the store at `loc`.
pub async fn start_at(
    loc: &belot_store::Location,
    limits: Limits,
) -> (std::net::SocketAddr, Hub, tokio::sync::oneshot::Sender<()>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let hub = Hub::open_at(loc, limits).unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let h = hub.clone();
    tokio::spawn(async move {
        serve_with(listener, h.clone(), app(h), async {
            let _ = rx.await;
        })
        .await
        .unwrap();
    });
    (addr, hub, tx)
}
