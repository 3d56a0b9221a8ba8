//! `belot serve` as a process: SIGTERM with live listeners connected, the
//! server killed under load with every acknowledged change still there, a
//! foreign or read-only database refused with a clear message.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use belot_store::Store;
use serde_json::{Value, json};

fn dir(tag: &str) -> PathBuf {
    let d =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `belot serve` on a free port and waits until it answers.
fn serve(db: impl AsRef<std::ffi::OsStr>, extra: &[&str]) -> (Child, SocketAddr) {
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["serve", "--addr", &addr.to_string(), "--db"])
        .arg(db)
        .args(extra)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if TcpStream::connect(addr).is_ok() {
            return (child, addr);
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("belot serve did not start");
}

/// One request on its own connection: status and JSON body.
fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> std::io::Result<(u16, Value)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(10)))?;
    let b = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{b}",
        b.len()
    )?;
    let mut out = String::new();
    s.read_to_string(&mut out)?;
    let status = out.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = out.split("\r\n\r\n").nth(1).unwrap_or("");
    Ok((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

fn setup() -> Value {
    json!({"players": ["A", "B", "C", "D"], "rules": {"variant": "french", "options": {"target": 100000}}})
}

fn add(v: usize) -> Value {
    json!({"version": v, "change": {"op": "add", "entry":
        {"kind": "french", "taker": v % 2, "card_points": [null, 40 + (v * 7) % 80]}}})
}

fn new_game(addr: SocketAddr) -> String {
    let (s, st) = http(addr, "POST", "/api/sheets", Some(&setup())).unwrap();
    assert_eq!(s, 201, "{st}");
    st["id"].as_str().unwrap().to_string()
}

/// `belot serve` on a database it must refuse: what it said as it stopped.
fn serve_refused(db: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["serve", "--addr", &format!("127.0.0.1:{}", free_port()), "--db"])
        .arg(db)
        .output()
        .unwrap()
}

fn term(child: &Child) {
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
}

fn wait_exit(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let t = Instant::now();
    while t.elapsed() < limit {
        if let Some(s) = child.try_wait().unwrap() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

#[test]
fn sigterm_with_listeners_connected_exits_cleanly_within_seconds() {
    let d = dir("sigterm");
    let (mut child, addr) = serve(d.join("b.db"), &[]);
    let id = new_game(addr);
    let mut listeners: Vec<BufReader<TcpStream>> = (0..5)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            write!(s, "GET /api/sheets/{id}/events HTTP/1.1\r\nHost: t\r\n\r\n").unwrap();
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let mut r = BufReader::new(s);
            let mut l = String::new();
            r.read_line(&mut l).unwrap();
            assert!(l.starts_with("HTTP/1.1 200"), "{l}");
            r
        })
        .collect();
    assert_eq!(
        http(addr, "POST", &format!("/api/sheets/{id}/changes"), Some(&add(0))).unwrap().0,
        200
    );
    let t = Instant::now();
    term(&child);
    let status = wait_exit(&mut child, Duration::from_secs(8)).expect("exits after SIGTERM");
    assert!(status.success(), "{status:?}");
    assert!(t.elapsed() < Duration::from_secs(6), "took {:?}", t.elapsed());
    for l in &mut listeners {
        let mut rest = Vec::new();
        let _ = l.read_to_end(&mut rest);
    }
    let store = belot_store::SqliteStore::open(&d.join("b.db")).unwrap();
    assert_eq!(store.load(&belot_store::SheetId::parse(&id).unwrap()).unwrap().1.len(), 1);
}

/// Writers on their own games while the server is killed (SIGKILL) at
/// pseudo-random moments, five times: every change the server answered 200
/// is in the database, which stays intact.
#[test]
fn crash_test_server_killed_under_writers_loses_no_acknowledged_change() {
    let d = dir("crash");
    let db = d.join("b.db");
    let acked = kill_under_writers(db.as_os_str());
    let store = belot_store::SqliteStore::open(&db).unwrap();
    store.integrity_check().unwrap();
    all_there(&store, &acked);
}

/// The same on PostgreSQL: every change answered 200 is in the database.
#[test]
fn crash_test_on_postgres_loses_no_acknowledged_change() {
    let Some(pg) = belot_store::testing::PgTestDb::new("crash") else { return };
    let acked = kill_under_writers(pg.url.as_ref());
    let store = belot_store::Location::parse(&pg.url).open().unwrap();
    all_there(store.as_ref(), &acked);
}

/// Five rounds of 16 writers while the server on `db` is killed; the
/// changes it acknowledged.
fn kill_under_writers(db: &std::ffi::OsStr) -> Vec<(String, usize)> {
    let acked: Arc<Mutex<Vec<(String, usize)>>> = Arc::default();
    for round in 0..5u64 {
        let (mut child, addr) = serve(db, &["--creates-per-minute", "100000"]);
        let stop = Arc::new(AtomicBool::new(false));
        let writers: Vec<_> = (0..16)
            .map(|_| {
                let (stop, acked) = (Arc::clone(&stop), Arc::clone(&acked));
                std::thread::spawn(move || write_until_dead(addr, &stop, &acked))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(150 + (round * 7919) % 400));
        child.kill().unwrap();
        child.wait().unwrap();
        stop.store(true, Ordering::Relaxed);
        for w in writers {
            w.join().unwrap();
        }
    }
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() > 50, "only {} changes acknowledged", acked.len());
    acked
}

fn all_there(store: &dyn belot_store::Store, acked: &[(String, usize)]) {
    for (id, version) in acked {
        let stored = store.version(&belot_store::SheetId::parse(id).unwrap()).unwrap();
        assert!(stored >= *version, "{id}: {stored} stored < {version} acknowledged");
    }
}

/// Enters deals into a new game until the server dies; records each
/// acknowledged version.
fn write_until_dead(addr: SocketAddr, stop: &AtomicBool, acked: &Mutex<Vec<(String, usize)>>) {
    let Ok((201, st)) = http(addr, "POST", "/api/sheets", Some(&setup())) else { return };
    let id = st["id"].as_str().unwrap().to_string();
    for v in 0.. {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        match http(addr, "POST", &format!("/api/sheets/{id}/changes"), Some(&add(v))) {
            Ok((200, _)) => acked.lock().unwrap().push((id.clone(), v + 1)),
            _ => return,
        }
    }
}

/// Another program's SQLite file (a table of its own; or, issue 43, no
/// table but a `user_version`, which was once taken for an old belot
/// schema) is refused by `belot serve` and `belot score`, byte for byte as
/// it was, with no journal file left beside it.
#[test]
fn a_foreign_sqlite_file_is_refused_untouched() {
    let cases = [
        "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('cat');",
        "PRAGMA user_version = 3; VACUUM;",
    ];
    for (i, sql) in cases.into_iter().enumerate() {
        let d = dir(&format!("foreign-{i}"));
        let path = d.join("other.db");
        rusqlite::Connection::open(&path).unwrap().execute_batch(sql).unwrap();
        let before = std::fs::read(&path).unwrap();
        let out = serve_refused(&path);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a belot database"), "{sql}: {err}");
        assert!(std::fs::read(&path).unwrap() == before, "{sql}: the file is untouched");
        let out = Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["score", "--db", path.to_str().unwrap(), "list"])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a belot database"));
        assert!(std::fs::read(&path).unwrap() == before, "{sql}: the file is untouched");
        let beside: Vec<_> =
            std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(beside, ["other.db"], "{sql}: nothing left beside it");
    }
}

#[test]
fn a_db_path_under_a_regular_file_says_so() {
    let d = dir("under-file");
    std::fs::write(d.join("plain"), "x").unwrap();
    let out = serve_refused(&d.join("plain").join("b.db"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("is a file"), "{err}");
}

/// Issue 42: a lease under 1 s is refused with the bound (it is renewed
/// every third of it, a database write per table each time).
#[test]
fn a_lease_under_a_second_is_refused() {
    let d = dir("lease");
    let out = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["serve", "--addr", "127.0.0.1:0", "--table-lease", "500ms", "--db"])
        .arg(d.join("b.db"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("1s at least"), "{err}");
}

/// Makes a path immutable (`chattr +i`: read-only even for root, as on
/// read-only media) until dropped.
struct Immutable(Vec<PathBuf>);

impl Immutable {
    fn set(paths: &[&Path]) -> Option<Immutable> {
        let mut done = Immutable(Vec::new());
        for p in paths {
            let ok = Command::new("chattr").arg("+i").arg(p).status().is_ok_and(|s| s.success());
            if !ok {
                return None;
            }
            done.0.push(p.to_path_buf());
        }
        Some(done)
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        for p in &self.0 {
            let _ = Command::new("chattr").arg("-i").arg(p).status();
        }
    }
}

#[test]
fn a_read_only_database_is_refused_by_serve_and_still_listed_and_shown() {
    let d = dir("read-only");
    let path = d.join("b.db");
    let belot = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["score", "--db", path.to_str().unwrap()])
            .args(args)
            .output()
            .unwrap()
    };
    let out = belot(&["new", "--variant", "french", "--players", "A,B,C,D"]);
    let id = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(belot(&["add", &id, "--taker", "1", "--points", "100"]).status.success());
    let Some(_guard) = Immutable::set(&[&path, &d]) else {
        panic!("chattr +i is needed for this test (e2fsprogs, an ext4 or similar file system)");
    };
    let out = serve_refused(&path);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("read-only"), "{err}");
    let list = belot(&["list"]);
    assert!(list.status.success(), "{}", String::from_utf8_lossy(&list.stderr));
    assert!(String::from_utf8_lossy(&list.stdout).contains(&id[..8]));
    let show = belot(&["show", &id]);
    assert!(show.status.success(), "{}", String::from_utf8_lossy(&show.stderr));
    let add = belot(&["add", &id, "--taker", "1", "--points", "90"]);
    assert!(String::from_utf8_lossy(&add.stderr).contains("read-only"));
}

/// The first line `belot serve` prints: started with this `--addr`, read
/// from its stderr, then the server is killed. Loopback traffic only.
fn first_line(db: &Path, addr: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["serve", "--addr", addr, "--db", db.to_str().unwrap()])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    let read = err.read_line(&mut line);
    let _ = child.kill();
    let _ = child.wait();
    read.unwrap();
    line.trim_end().to_string()
}

#[test]
fn serve_prints_the_links_the_other_phones_can_open() {
    let d = dir("reach");
    let port = free_port();
    // All interfaces: this machine's link, then the others' (not loopback).
    let line = first_line(&d.join("b.db"), &format!("0.0.0.0:{port}"));
    let prefix = format!(
        "belot serve: on this machine http://127.0.0.1:{port}; from other phones on the network: "
    );
    let others = line.strip_prefix(&prefix).unwrap_or_else(|| panic!("{line}"));
    if others != "none found (is this machine on the network?)" {
        for url in others.split(", ") {
            assert!(url.starts_with("http://") && url.ends_with(&format!(":{port}")), "{line}");
            assert!(!url.contains("127.") && !url.contains("[::1]"), "{line}");
            assert!(!url.contains("[fe80:"), "no IPv6 link-local: {line}");
        }
    }
    // Loopback: says the phones cannot reach it, and how to let them.
    let port = free_port();
    let line = first_line(&d.join("b.db"), &format!("127.0.0.1:{port}"));
    assert_eq!(
        line,
        format!(
            "belot serve: http://127.0.0.1:{port} (this machine only: the other phones cannot \
             reach it; to let them, start with --addr 0.0.0.0:{port})"
        )
    );
}

/// A seat's own view of a table (its hello), through the server at `addr`.
fn seat_view(addr: SocketAddr, id: &str, seat: u64, secret: &Value) -> (u16, Value) {
    let hello = json!({"type": "hello", "seat": seat, "secret": secret});
    let body = json!({"seat": seat, "secret": secret, "command": hello});
    http(addr, "POST", &format!("/api/tables/{id}/do"), Some(&body)).unwrap()
}

/// The seat to act plays its first legal action through `addr`. A server
/// that does not serve the table shows the stored state, reloaded when
/// the database says the table changed: just after a change made through
/// the other server its view may be one step behind, and the act is
/// refused as stale. As a client does, look again and retry (within 2 s).
fn act_first(addr: SocketAddr, id: &str, secrets: &[Value], st: &Value) -> (u16, Value) {
    let seat = st["view"]["to_act"].as_u64().unwrap();
    let secret = &secrets[seat as usize];
    let started = Instant::now();
    loop {
        let (_, mine) = seat_view(addr, id, seat, secret);
        if mine["seq"].as_u64() < st["seq"].as_u64() && started.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(20));
            continue;
        }
        let action = &mine["view"]["legal"][0];
        let command = json!({"type": "act", "seq": mine["seq"], "action": action});
        let body = json!({"seat": seat, "secret": secret, "command": command});
        let (s, v) = http(addr, "POST", &format!("/api/tables/{id}/do"), Some(&body)).unwrap();
        let stale = s == 409 && v["error"]["code"] == "stale";
        if !stale || started.elapsed() > Duration::from_secs(2) {
            return (s, v);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Two `belot serve` processes on one PostgreSQL database; a two-player
/// table made on the first, which serves it, with one person seated
/// through each, played through both. The first is killed (SIGKILL):
/// within about `--table-lease` the second serves the table, rebuilt from
/// its stored record: same seats, same state, and the game goes on.
#[test]
fn a_table_whose_server_is_killed_goes_on_on_the_other_one() {
    let Some(pg) = belot_store::testing::PgTestDb::new("takeover") else { return };
    let flags = ["--table-lease", "1s", "--bot-pace", "0ms"];
    let (mut a, addr_a) = serve(&pg.url, &flags);
    let (mut b, addr_b) = serve(&pg.url, &flags);
    let new = json!({"rules": {"variant": "two_player"}, "seats": ["me", "open"], "name": "Ana"});
    let (s, t) = http(addr_a, "POST", "/api/tables", Some(&new)).unwrap();
    assert_eq!(s, 201, "{t}");
    let id = t["id"].as_str().unwrap();
    let join = json!({"name": "Bo"});
    let (s, j) = http(addr_b, "POST", &format!("/api/tables/{id}/join"), Some(&join)).unwrap();
    assert_eq!((s, j["seat"].clone()), (200, json!(1)), "{j}");
    let secrets = [t["secret"].clone(), j["secret"].clone()];
    // The deal starts once both are seated: a busy machine may answer the
    // first look before it (no one to act yet); look again, as a client
    // waits for the deal.
    let dealt = Instant::now();
    let mut st = seat_view(addr_a, id, 0, &secrets[0]).1;
    while st["view"]["to_act"].is_null() && dealt.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
        st = seat_view(addr_a, id, 0, &secrets[0]).1;
    }
    for i in 0..4 {
        let (s, next) = act_first([addr_a, addr_b][i % 2], id, &secrets, &st);
        assert_eq!(s, 200, "{next}");
        st = next;
    }
    let views = || [0, 1].map(|seat| seat_view(addr_b, id, seat, &secrets[seat as usize]).1);
    let before = views();
    assert_eq!(before[0]["seq"], st["seq"], "B shows the state A served");
    let store = belot_store::Location::parse(&pg.url).open().unwrap();
    let table = belot_store::SheetId::parse(id).unwrap();
    let holder = || store.load_table(&table).unwrap().owner;
    let served_by_a = holder();
    assert!(served_by_a.is_some());
    a.kill().unwrap();
    a.wait().unwrap();

    let killed = Instant::now();
    while holder() == served_by_a {
        assert!(killed.elapsed() < Duration::from_secs(15), "not taken over");
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!("the other server took the table {:?} after the kill", killed.elapsed());
    assert_eq!(views(), before, "the same seats and state, each seat's view");
    let (s, after) = act_first(addr_b, id, &secrets, &st);
    assert_eq!(s, 200, "{after}");
    assert_eq!(after["seq"].as_u64(), st["seq"].as_u64().map(|s| s + 1), "{after}");
    let _ = b.kill();
    let _ = b.wait();
}

/// Two `belot serve` processes on one PostgreSQL database, 8 writers on
/// each; one is killed (SIGKILL) mid-load. Every change either answered
/// 200 is in the database, and the survivor goes on taking changes.
#[test]
fn two_processes_on_postgres_one_killed_under_load_lose_no_acknowledged_change() {
    let Some(pg) = belot_store::testing::PgTestDb::new("crash2") else { return };
    let flags = ["--creates-per-minute", "100000"];
    let (mut a, addr_a) = serve(&pg.url, &flags);
    let (mut b, addr_b) = serve(&pg.url, &flags);
    let acked: Arc<Mutex<Vec<(String, usize)>>> = Arc::default();
    let (stop_a, stop_b) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicBool::new(false)));
    let writers = |addr, stop: &Arc<AtomicBool>| -> Vec<_> {
        (0..8)
            .map(|_| {
                let (stop, acked) = (Arc::clone(stop), Arc::clone(&acked));
                std::thread::spawn(move || write_until_dead(addr, &stop, &acked))
            })
            .collect()
    };
    let on_a = writers(addr_a, &stop_a);
    let on_b = writers(addr_b, &stop_b);
    std::thread::sleep(Duration::from_millis(700));
    a.kill().unwrap();
    a.wait().unwrap();
    stop_a.store(true, Ordering::Relaxed);
    on_a.into_iter().for_each(|w| w.join().unwrap());
    let at_kill = acked.lock().unwrap().len();
    std::thread::sleep(Duration::from_millis(500));
    stop_b.store(true, Ordering::Relaxed);
    on_b.into_iter().for_each(|w| w.join().unwrap());
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() > at_kill, "the survivor took no change after the kill");
    assert!(at_kill > 50, "only {at_kill} changes acknowledged before the kill");
    let store = belot_store::Location::parse(&pg.url).open().unwrap();
    all_there(store.as_ref(), &acked);
    let _ = b.kill();
    let _ = b.wait();
}
