//! Load generator for `belot serve`: CONNS keep-alive connections, each
//! entering deals into its own game as fast as the server answers (a new
//! game every 40 deals, a long match), for SECONDS; prints deal entries per
//! second and latency percentiles.
//! Bounded in time and count; talks only to the address given (loopback).
//!
//! `cargo run --release -p belot-server --example loadgen -- 127.0.0.1:8080 [CONNS] [SECONDS]`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn request(
    s: &mut TcpStream,
    r: &mut BufReader<TcpStream>,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, String) {
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: load\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut status = String::new();
    r.read_line(&mut status).unwrap();
    let code: u16 = status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut len = 0usize;
    loop {
        let mut line = String::new();
        r.read_line(&mut line).unwrap();
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some(v) = l.to_ascii_lowercase().strip_prefix("content-length:") {
            len = v.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; len];
    r.read_exact(&mut body).unwrap();
    (code, String::from_utf8_lossy(&body).into_owned())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr = args.first().cloned().unwrap_or_else(|| "127.0.0.1:8080".into());
    assert!(addr.starts_with("127.") || addr.starts_with("localhost"), "loopback only");
    let conns: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let handles: Vec<_> = (0..conns)
        .map(|_| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(&addr).expect("server answers");
                s.set_nodelay(true).unwrap();
                let mut r = BufReader::new(s.try_clone().unwrap());
                let setup = r#"{"players":["A","B","C","D"],"rules":{"variant":"french","options":{"target":100000}}}"#;
                let mut lat = Vec::new();
                let mut version = 0usize;
                let mut path = String::new();
                while Instant::now() < deadline {
                    if version % 40 == 0 {
                        let (code, body) = request(&mut s, &mut r, "POST", "/api/sheets", setup);
                        assert_eq!(code, 201, "{body}");
                        let id = body.split("\"id\":\"").nth(1).and_then(|x| x.split('"').next()).unwrap().to_string();
                        path = format!("/api/sheets/{id}/changes");
                        version = 0;
                    }
                    let body = format!(
                        r#"{{"version":{version},"change":{{"op":"add","entry":{{"kind":"french","taker":{},"card_points":[null,{}]}}}}}}"#,
                        version % 4,
                        40 + (version * 13) % 80
                    );
                    let t = Instant::now();
                    let (code, resp) = request(&mut s, &mut r, "POST", &path, &body);
                    lat.push(t.elapsed());
                    assert_eq!(code, 200, "{resp}");
                    version += 1;
                }
                lat
            })
        })
        .collect();
    let start = Instant::now();
    let mut all: Vec<Duration> = handles.into_iter().flat_map(|h| h.join().unwrap()).collect();
    let wall = start.elapsed().as_secs_f64().min(seconds as f64).max(0.001);
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 - 1.0) * p) as usize].as_secs_f64() * 1000.0;
    println!(
        "{} deal entries in {:.1} s over {conns} connections: {:.0} entries/s; latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        all.len(),
        wall,
        all.len() as f64 / wall,
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
}
