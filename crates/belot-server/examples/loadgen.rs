//! Load generator for `belot serve`. Bounded in time and count; talks only
//! to the loopback address given. Errors (refused connections, 503s, …)
//! are counted and printed, never a panic.
//!
//! Throughput: CONNS keep-alive connections, each entering deals into its
//! own game as fast as the server answers (a new game every 40 deals, a
//! long match), for SECONDS; prints deal entries per second and latency
//! percentiles.
//!
//! `cargo run --release -p belot-server --example loadgen -- 127.0.0.1:8080 [CONNS] [SECONDS]`
//!
//! Fan-out: LISTENERS live-update streams on one game's read-only link,
//! then CONNS writers for SECONDS, one entering deals into that game, the
//! others into their own games; prints writes per second and, over every
//! (listener, write to that game) pair, the time from the write's answer
//! to the listener's first event at that version or later. With `--idle`
//! the listeners take their status line and then never read again (what a
//! stalled phone does): only writes and refusals are reported.
//!
//! `loadgen 127.0.0.1:8080 --listeners 1000 --conns 8 --seconds 10 [--listened-rate R] [--idle]`
//!
//! `--listened-rate R` paces the writes to the listened game (R a second;
//! a real table enters a deal every minute or two); by default they go
//! as fast as the server answers.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

const SETUP: &str =
    r#"{"players":["A","B","C","D"],"rules":{"variant":"french","options":{"target":100000}}}"#;
/// Deals per game in a writer's own games: a long match.
const DEALS_PER_GAME: usize = 40;
/// A request not answered in this time counts as a broken connection.
const IO_TIMEOUT: Duration = Duration::from_secs(10);
/// How long listeners may take to connect.
const LISTEN_GRACE: Duration = Duration::from_secs(10);
/// How long listeners may take to catch up once the writers stop; a write
/// not received by then counts as never received.
const CATCH_UP: Duration = Duration::from_secs(5);

struct Args {
    addr: String,
    conns: usize,
    seconds: u64,
    listeners: Option<usize>,
    idle: bool,
    /// Writes per second to the listened game; 0: as fast as it answers.
    listened_rate: u32,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        addr: String::new(),
        conns: 8,
        seconds: 10,
        listeners: None,
        idle: false,
        listened_rate: 0,
    };
    let mut positional = Vec::new();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = || it.next().ok_or(format!("{arg} needs a value"));
        match arg.as_str() {
            "--conns" => a.conns = number(&value()?)?,
            "--seconds" => a.seconds = number(&value()?)?,
            "--listeners" => a.listeners = Some(number(&value()?)?),
            "--idle" => a.idle = true,
            "--listened-rate" => a.listened_rate = number(&value()?)?,
            _ if arg.starts_with("--") => return Err(format!("unknown flag {arg}")),
            _ => positional.push(arg),
        }
    }
    let mut p = positional.into_iter();
    a.addr = p.next().unwrap_or_else(|| "127.0.0.1:8080".into());
    if let Some(c) = p.next() {
        a.conns = number(&c)?;
    }
    if let Some(s) = p.next() {
        a.seconds = number(&s)?;
    }
    if !(a.addr.starts_with("127.") || a.addr.starts_with("localhost:")) {
        return Err(format!("{}: loopback addresses only", a.addr));
    }
    // Bounded whatever is asked.
    a.conns = a.conns.clamp(1, 1024);
    a.seconds = a.seconds.clamp(1, 120);
    a.listeners = a.listeners.map(|n| n.min(5000));
    Ok(a)
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse().map_err(|_| format!("{s}: not a number"))
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("loadgen: {e}");
            std::process::exit(2);
        }
    };
    match args.listeners {
        None => throughput(&args),
        Some(n) => fan_out(&args, n),
    }
}

// ---- HTTP/1.1 client, blocking, for the writers ----

/// One keep-alive HTTP/1.1 connection.
struct Http {
    w: TcpStream,
    r: BufReader<TcpStream>,
    /// The server said it closes the connection after this answer.
    closed: bool,
}

impl Http {
    fn connect(addr: &str) -> io::Result<Http> {
        let w = TcpStream::connect(addr)?;
        w.set_nodelay(true)?;
        w.set_read_timeout(Some(IO_TIMEOUT))?;
        w.set_write_timeout(Some(IO_TIMEOUT))?;
        let r = BufReader::new(w.try_clone()?);
        Ok(Http { w, r, closed: false })
    }

    /// Sends a request and reads the answer's status and body.
    fn request(&mut self, method: &str, path: &str, body: &str) -> io::Result<(u16, String)> {
        write!(
            self.w,
            "{method} {path} HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )?;
        let code = status_code(&self.line()?);
        let (mut len, mut chunked) = (0usize, false);
        loop {
            let line = self.line()?;
            if line.is_empty() {
                break;
            }
            let (k, v) = line.split_once(':').unwrap_or((&line, ""));
            let v = v.trim().to_ascii_lowercase();
            match k.trim().to_ascii_lowercase().as_str() {
                "content-length" => len = v.parse().unwrap_or(0),
                "transfer-encoding" => chunked = v.contains("chunked"),
                "connection" => self.closed |= v == "close",
                _ => {}
            }
        }
        let body = if chunked { self.chunked()? } else { self.exact(len)? };
        Ok((code, String::from_utf8_lossy(&body).into_owned()))
    }

    /// A line without its CRLF; the end of the stream is an error here.
    fn line(&mut self) -> io::Result<String> {
        let mut s = String::new();
        if self.r.read_line(&mut s)? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        Ok(s.trim_end().to_string())
    }

    fn exact(&mut self, n: usize) -> io::Result<Vec<u8>> {
        let mut b = vec![0; n];
        self.r.read_exact(&mut b)?;
        Ok(b)
    }

    fn chunked(&mut self) -> io::Result<Vec<u8>> {
        let mut body = Vec::new();
        loop {
            let size = self.line()?;
            let n = chunk_size(&size).ok_or(io::ErrorKind::InvalidData)?;
            let data = self.exact(n + 2)?;
            if n == 0 {
                return Ok(body);
            }
            body.extend_from_slice(&data[..n]);
        }
    }
}

fn status_code(line: &str) -> u16 {
    line.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

fn chunk_size(line: &str) -> Option<usize> {
    usize::from_str_radix(line.split(';').next()?.trim(), 16).ok()
}

/// A string field of a JSON answer (`"id":"…"`), without parsing it all.
fn json_str<'a>(body: &'a str, key: &str) -> Option<&'a str> {
    body.split(&format!("\"{key}\":\"")).nth(1)?.split('"').next()
}

/// The first number field `key` of a JSON text: the state's and the
/// delta's `version` come before any nested one.
fn json_usize(body: &str, key: &str) -> Option<usize> {
    let rest = body.split(&format!("\"{key}\":")).nth(1)?;
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    rest[..end].parse().ok()
}

/// The change that enters the next deal of a game at `version`.
fn entry(version: usize) -> String {
    format!(
        r#"{{"version":{version},"change":{{"op":"add","entry":{{"kind":"french","taker":{},"card_points":[null,{}]}}}}}}"#,
        version % 4,
        40 + (version * 13) % 80
    )
}

/// Starts a game: its edit id and read-only id.
fn create(http: &mut Http) -> Result<(String, Option<String>), String> {
    match http.request("POST", "/api/sheets", SETUP) {
        Ok((201, body)) => match json_str(&body, "id") {
            Some(id) => Ok((id.to_string(), json_str(&body, "view_id").map(str::to_string))),
            None => Err("201 without an id".into()),
        },
        Ok((code, _)) => Err(format!("{code}")),
        Err(e) => Err(format!("io: {}", e.kind())),
    }
}

// ---- writers ----

/// What one writer saw.
#[derive(Default)]
struct Tally {
    /// Answer times of accepted entries.
    lat: Vec<Duration>,
    /// Refusals and failures by kind: "POST /changes 503", "io: …".
    errors: BTreeMap<String, usize>,
    /// For the listened game: each version entered and when its answer came.
    acks: Vec<(usize, Instant)>,
}

struct Writer {
    addr: String,
    http: Option<Http>,
    /// The game being written and its version.
    game: Option<(String, usize)>,
    /// This writer keeps to its one game (the listened one).
    fixed: bool,
    /// Time between two writes, if paced, and when the next is due.
    pace: Option<Duration>,
    due: Instant,
    tally: Tally,
}

impl Writer {
    fn new(addr: &str, listened: Option<&str>, rate: u32) -> Writer {
        Writer {
            pace: (listened.is_some() && rate > 0).then(|| Duration::from_secs(1) / rate),
            due: Instant::now(),
            addr: addr.to_string(),
            http: None,
            game: listened.map(|id| (id.to_string(), 0)),
            fixed: listened.is_some(),
            tally: Tally::default(),
        }
    }

    fn run(mut self, deadline: Instant) -> Tally {
        while Instant::now() < deadline {
            if let Some(p) = self.pace {
                // Paced on a fixed schedule: a late write does not push
                // the next ones back.
                std::thread::sleep(self.due.saturating_duration_since(Instant::now()));
                self.due += p;
                if Instant::now() >= deadline {
                    break;
                }
            }
            if let Err(e) = self.step() {
                self.count(format!("io: {}", e.kind()));
                self.http = None;
                // A refused or broken connection: back off a little
                // rather than spin.
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.tally
    }

    fn count(&mut self, what: String) {
        *self.tally.errors.entry(what).or_default() += 1;
    }

    /// One request: a new game when due, else the next deal.
    fn step(&mut self) -> io::Result<()> {
        let http = match &mut self.http {
            Some(h) => h,
            None => self.http.insert(Http::connect(&self.addr)?),
        };
        match &self.game {
            Some((id, v)) if self.fixed || *v < DEALS_PER_GAME => {
                let (id, v) = (id.clone(), *v);
                let t = Instant::now();
                let answer =
                    http.request("POST", &format!("/api/sheets/{id}/changes"), &entry(v))?;
                self.entered(id, v, t, answer);
            }
            _ => match create(http) {
                Ok((id, _)) => self.game = Some((id, 0)),
                Err(e) => self.refused(format!("POST /api/sheets {e}")),
            },
        }
        if self.http.as_ref().is_some_and(|h| h.closed) {
            self.http = None;
        }
        Ok(())
    }

    fn entered(&mut self, id: String, v: usize, t: Instant, (code, body): (u16, String)) {
        if code != 200 {
            self.refused(format!("POST /changes {code}"));
            if !self.fixed {
                self.game = None; // start afresh rather than guess
            } else if code == 409 {
                self.resync(&id);
            }
            return;
        }
        let now = Instant::now();
        self.tally.lat.push(now - t);
        let version = json_usize(&body, "version").unwrap_or(v + 1);
        if self.fixed {
            self.tally.acks.push((version, now));
        }
        self.game = Some((id, version));
    }

    fn refused(&mut self, what: String) {
        self.count(what);
        // A server that refuses (503 under load) is not hammered.
        std::thread::sleep(Duration::from_millis(5));
    }

    /// Takes the listened game's version from the server after a 409.
    fn resync(&mut self, id: &str) {
        let Some(http) = &mut self.http else { return };
        if let Ok((200, body)) = http.request("GET", &format!("/api/sheets/{id}"), "")
            && let Some(v) = json_usize(&body, "version")
        {
            self.game = Some((id.to_string(), v));
        }
    }
}

/// Runs `writers` until `seconds` have passed; their tallies.
fn write_for(addr: &str, conns: usize, listened: Option<(&str, u32)>, seconds: u64) -> Vec<Tally> {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let handles: Vec<_> = (0..conns)
        .map(|i| {
            let w = match listened {
                Some((id, rate)) if i == 0 => Writer::new(addr, Some(id), rate),
                _ => Writer::new(addr, None, 0),
            };
            let name = format!("writer-{i}");
            std::thread::Builder::new().name(name).spawn(move || w.run(deadline)).ok()
        })
        .collect();
    // A writer without a thread, or whose thread died, wrote nothing.
    handles.into_iter().map(|h| h.and_then(|h| h.join().ok()).unwrap_or_default()).collect()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0
}

fn errors_line(tallies: &[Tally]) -> String {
    let mut all: BTreeMap<&str, usize> = BTreeMap::new();
    for t in tallies {
        for (k, n) in &t.errors {
            *all.entry(k).or_default() += n;
        }
    }
    if all.is_empty() {
        return "errors: none".into();
    }
    let list: Vec<String> = all.iter().map(|(k, n)| format!("{k} ×{n}")).collect();
    format!("errors: {}", list.join(", "))
}

/// Entries, their rate and latency percentiles, and the errors.
fn writes_line(tallies: &[Tally], seconds: u64) -> String {
    let mut lat: Vec<Duration> = tallies.iter().flat_map(|t| t.lat.iter().copied()).collect();
    lat.sort();
    format!(
        "{} deal entries in {seconds} s: {:.0} entries/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {}",
        lat.len(),
        lat.len() as f64 / seconds as f64,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        errors_line(tallies)
    )
}

fn throughput(a: &Args) {
    let tallies = write_for(&a.addr, a.conns, None, a.seconds);
    println!("{} connections: {}", a.conns, writes_line(&tallies, a.seconds));
}

// ---- listeners (tokio: a thousand sockets on one thread) ----

/// Decodes a live-update stream as its bytes come: the status line and
/// headers, the chunked encoding, then SSE events (an event may span
/// several chunks, a chunk may hold several events). Each byte is looked
/// at once and only an event's first bytes are kept: a whole state is
/// large, and a slow decoder would make the listeners, not the server,
/// the bottleneck.
#[derive(Default)]
struct Decoder {
    /// Bytes not yet decoded: the head, or a chunk-size line in parts.
    raw: Vec<u8>,
    status: Option<u16>,
    /// Bytes left in the current chunk, then its CRLF.
    in_chunk: usize,
    crlf: usize,
    /// The current event's first bytes (its name and version are there).
    head: Vec<u8>,
    /// The last byte of the body seen was a newline.
    newline: bool,
}

/// An event: whether it was a whole state (not a delta), and its version.
struct Event {
    state: bool,
    version: Option<usize>,
}

/// Enough of an event for `event: state\ndata: {"id":…,"version":N`.
const HEAD: usize = 256;

impl Decoder {
    /// Decodes `bytes`; complete events go to `out`.
    fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<Event>) {
        if self.status.is_none() {
            self.raw.extend_from_slice(bytes);
            let Some(end) = find(&self.raw, b"\r\n\r\n") else { return };
            let head = String::from_utf8_lossy(&self.raw[..end]).into_owned();
            self.status = Some(status_code(head.lines().next().unwrap_or("")));
            let rest = self.raw.split_off(end + 4);
            self.raw.clear();
            return self.feed(&rest, out);
        }
        while !bytes.is_empty() {
            if self.in_chunk > 0 {
                let n = self.in_chunk.min(bytes.len());
                self.body(&bytes[..n], out);
                self.in_chunk -= n;
                bytes = &bytes[n..];
            } else if self.crlf > 0 {
                let n = self.crlf.min(bytes.len());
                self.crlf -= n;
                bytes = &bytes[n..];
            } else {
                // A chunk-size line, perhaps split across reads.
                let Some(eol) = bytes.iter().position(|&b| b == b'\n') else {
                    return self.raw.extend_from_slice(bytes);
                };
                self.raw.extend_from_slice(&bytes[..eol]);
                let size = chunk_size(&String::from_utf8_lossy(&self.raw));
                self.raw.clear();
                bytes = &bytes[eol + 1..];
                match size {
                    Some(0) | None => return, // the end, or not chunked
                    Some(n) => (self.in_chunk, self.crlf) = (n, 2),
                }
            }
        }
    }

    /// Body bytes: an event ends at a blank line.
    fn body(&mut self, mut data: &[u8], out: &mut Vec<Event>) {
        while let Some(i) = data.iter().position(|&b| b == b'\n') {
            self.keep(&data[..=i]);
            if i == 0 && self.newline {
                out.extend(self.event());
                self.newline = false;
            } else {
                self.newline = true;
            }
            data = &data[i + 1..];
        }
        if !data.is_empty() {
            self.keep(data);
            self.newline = false;
        }
    }

    fn keep(&mut self, data: &[u8]) {
        let room = HEAD.saturating_sub(self.head.len());
        self.head.extend_from_slice(&data[..room.min(data.len())]);
    }

    /// The event just ended; None for a comment (a keep-alive).
    fn event(&mut self) -> Option<Event> {
        let head = String::from_utf8_lossy(&self.head).into_owned();
        self.head.clear();
        let data = head.lines().find_map(|l| l.strip_prefix("data: "))?;
        let state = !head.starts_with("event: delta");
        Some(Event { state, version: json_usize(data, "version") })
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// What the listeners share with the main thread.
struct Shared {
    addr: String,
    path: String,
    /// Listeners that have their first state, and those refused.
    ready: AtomicUsize,
    failed: AtomicUsize,
    /// The last version written (usize::MAX until the writers are done):
    /// a listener that has it stops.
    last: AtomicUsize,
    /// Stop now, whatever was received.
    stop: AtomicBool,
}

/// What one listener received: each event's version and when it came.
#[derive(Default)]
struct Heard {
    events: Vec<(usize, Instant)>,
    states: usize,
    deltas: usize,
    /// Why it could not listen: a status or an I/O error.
    refused: Option<String>,
}

async fn open(s: &Shared, small_buffer: bool) -> io::Result<tokio::net::TcpStream> {
    let addr = tokio::net::lookup_host(&s.addr).await?.next().ok_or(io::ErrorKind::NotFound)?;
    let sock = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    if small_buffer {
        // A stalled phone: its window closes after a few kilobytes.
        sock.set_recv_buffer_size(4096)?;
    }
    let mut t = sock.connect(addr).await?;
    let req = format!("GET {} HTTP/1.1\r\nHost: load\r\nAccept: text/event-stream\r\n\r\n", s.path);
    t.write_all(req.as_bytes()).await?;
    Ok(t)
}

/// Reads one live-update stream until it has the last version written,
/// or is told to stop.
async fn listen(s: Arc<Shared>) -> Heard {
    let mut h = Heard::default();
    let mut t = match open(&s, false).await {
        Ok(t) => t,
        Err(e) => return refused(&s, h, format!("io: {}", e.kind())),
    };
    let mut d = Decoder::default();
    let mut buf = vec![0u8; 32 * 1024];
    let mut events = Vec::new();
    let mut have = 0usize;
    while !s.stop.load(Ordering::Relaxed) && have < s.last.load(Ordering::Relaxed) {
        // `read` is cancel-safe: a timeout loses no bytes.
        let n = match tokio::time::timeout(Duration::from_millis(100), t.read(&mut buf)).await {
            Err(_) => continue,
            Ok(Ok(0)) => return refused(&s, h, "stream ended".into()),
            Ok(Ok(n)) => n,
            Ok(Err(e)) => return refused(&s, h, format!("io: {}", e.kind())),
        };
        let now = Instant::now();
        d.feed(&buf[..n], &mut events);
        match d.status {
            Some(200) | None => {}
            Some(code) => return refused(&s, h, format!("{code}")),
        }
        for ev in events.drain(..) {
            let v = ev.version.unwrap_or(have);
            if h.events.is_empty() {
                s.ready.fetch_add(1, Ordering::Relaxed);
            }
            if ev.state {
                h.states += 1
            } else {
                h.deltas += 1
            }
            h.events.push((v, now));
            have = have.max(v);
        }
    }
    h
}

fn refused(s: &Shared, mut h: Heard, why: String) -> Heard {
    // A listener that had its first state was counted ready: it ended
    // early, which shows as missed writes rather than a refusal.
    if h.events.is_empty() {
        s.failed.fetch_add(1, Ordering::Relaxed);
    }
    h.refused = Some(why);
    h
}

/// Opens a stream, takes its status line, then never reads again: the
/// server's sends pile up until the socket's window closes.
async fn idle(s: Arc<Shared>) -> Heard {
    let h = Heard::default();
    let t = match open(&s, true).await {
        Ok(t) => t,
        Err(e) => return refused(&s, h, format!("io: {}", e.kind())),
    };
    let mut t = t;
    let mut head = [0u8; 16];
    match tokio::time::timeout(LISTEN_GRACE, t.read(&mut head)).await {
        Ok(Ok(n)) if n >= 12 && &head[9..12] == b"200" => {
            s.ready.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Ok(n)) => {
            let code = String::from_utf8_lossy(&head[..n.min(12)]).into_owned();
            return refused(&s, h, code.get(9..).unwrap_or("closed").to_string());
        }
        Ok(Err(e)) => return refused(&s, h, format!("io: {}", e.kind())),
        Err(_) => return refused(&s, h, "no answer".into()),
    };
    while !s.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(t);
    h
}

/// Starts `n` listeners on a thread of their own; join it for what they heard.
fn spawn_listeners(s: &Arc<Shared>, n: usize, idle_: bool) -> std::thread::JoinHandle<Vec<Heard>> {
    let s = Arc::clone(s);
    std::thread::spawn(move || {
        let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(rt) => rt,
            Err(e) => {
                eprintln!("loadgen: no runtime: {e}");
                return Vec::new();
            }
        };
        rt.block_on(async {
            let tasks: Vec<_> = (0..n)
                .map(|_| {
                    let s = Arc::clone(&s);
                    if idle_ { tokio::spawn(idle(s)) } else { tokio::spawn(listen(s)) }
                })
                .collect();
            let mut all = Vec::with_capacity(n);
            for t in tasks {
                all.push(t.await.unwrap_or_default());
            }
            all
        })
    })
}

/// Waits (bounded) until `cond` holds.
fn wait_until(limit: Duration, cond: impl Fn() -> bool) {
    let end = Instant::now() + limit;
    while !cond() && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn fan_out(a: &Args, n: usize) {
    let (id, view) = match Http::connect(&a.addr)
        .map_err(|e| format!("io: {}", e.kind()))
        .and_then(|mut h| create(&mut h))
    {
        Ok((id, Some(view))) => (id, view),
        Ok((_, None)) => return eprintln!("loadgen: the server gave no view_id"),
        Err(e) => return eprintln!("loadgen: cannot start the listened game: {e}"),
    };
    let s = Arc::new(Shared {
        addr: a.addr.clone(),
        path: format!("/api/view/{view}/events"),
        ready: AtomicUsize::new(0),
        failed: AtomicUsize::new(0),
        last: AtomicUsize::new(usize::MAX),
        stop: AtomicBool::new(false),
    });
    let t0 = Instant::now();
    let listeners = spawn_listeners(&s, n, a.idle);
    wait_until(LISTEN_GRACE, || {
        s.ready.load(Ordering::Relaxed) + s.failed.load(Ordering::Relaxed) >= n
    });
    let connected = s.ready.load(Ordering::Relaxed);
    println!(
        "{} listeners on one game's read-only link{}: {connected} streaming after {:.1} s",
        n,
        if a.idle { " that never read" } else { "" },
        t0.elapsed().as_secs_f64()
    );
    let tallies = write_for(&a.addr, a.conns, Some((&id, a.listened_rate)), a.seconds);
    let acks = &tallies[0].acks;
    // Listeners stop once they have the last version, or after the grace.
    s.last.store(acks.last().map_or(0, |x| x.0), Ordering::Relaxed);
    if !a.idle {
        wait_until(CATCH_UP, || listeners.is_finished());
    }
    s.stop.store(true, Ordering::Relaxed);
    let heard = listeners.join().unwrap_or_default();
    let pace = match a.listened_rate {
        0 => "as fast as it answers".to_string(),
        r => format!("paced at {r}/s"),
    };
    println!(
        "{} writers, one on the listened game ({pace}: {} entries there): {}",
        a.conns,
        acks.len(),
        writes_line(&tallies, a.seconds)
    );
    println!("listeners: {}", refusals_line(&heard));
    if !a.idle {
        println!("{}", fan_out_line(acks, &heard));
    }
}

fn refusals_line(heard: &[Heard]) -> String {
    let mut why: BTreeMap<&str, usize> = BTreeMap::new();
    for h in heard {
        if let Some(r) = &h.refused {
            *why.entry(r).or_default() += 1;
        }
    }
    let (states, deltas) = heard.iter().fold((0, 0), |(s, d), h| (s + h.states, d + h.deltas));
    let list: Vec<String> = why.iter().map(|(k, n)| format!("{k} ×{n}")).collect();
    format!(
        "{} events received ({deltas} deltas, {states} whole states); ended early or refused: {}",
        states + deltas,
        if list.is_empty() { "none".into() } else { list.join(", ") }
    )
}

/// For each listener and each write to its game: the time from the
/// write's answer to the listener's first event at that version or later
/// (a listener that fell behind gets the whole state at a later version).
fn fan_out_line(acks: &[(usize, Instant)], heard: &[Heard]) -> String {
    let (mut lat, mut missed, mut early) = (Vec::new(), 0usize, 0usize);
    for h in heard.iter().filter(|h| !h.events.is_empty()) {
        for &(v, at) in acks {
            // Versions only grow along a stream.
            let i = h.events.partition_point(|e| e.0 < v);
            match h.events.get(i) {
                Some(&(_, got)) if got < at => {
                    early += 1; // the event beat the writer's answer
                    lat.push(Duration::ZERO);
                }
                Some(&(_, got)) => lat.push(got - at),
                None => missed += 1,
            }
        }
    }
    lat.sort();
    format!(
        "fan-out over {} (listener, write) pairs: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {early} before the write's answer (counted 0), {missed} never received",
        lat.len(),
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    )
}
