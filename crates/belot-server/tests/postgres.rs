//! `belot serve` on PostgreSQL: the score keeper and the card tables work
//! as on SQLite, survive a restart, and two servers on one database never
//! write over each other: a change made on a copy another server has moved
//! past is refused with the current state, through either. (The database:
//! see `common::PgDb`.)

mod common;

use common::ws;

use std::time::Duration;

use std::net::SocketAddr;

use belot_server::{Hub, Limits};
use belot_store::Location;
use serde_json::{Value, json};

fn setup() -> serde_json::Value {
    json!({"players": ["A", "B"], "rules": {"variant": "two_player"}})
}

fn entry() -> serde_json::Value {
    json!({"op": "add", "entry": {"kind": "two_player", "contract": "H", "loader": 0, "card_points": [90, 66]}})
}

/// Makes a sheet with `setup()` through `addr`; returns its id.
async fn new_sheet(addr: SocketAddr) -> String {
    let (s, st) = common::http(addr, "POST", "/api/sheets", Some(&setup())).await;
    assert_eq!(s, 201, "{st}");
    st["id"].as_str().unwrap().to_string()
}

/// Sends `entry()` through `addr` to the changes at `path`, made on
/// `version`.
async fn change(addr: SocketAddr, path: &str, version: u64) -> (u16, Value) {
    common::http(addr, "POST", path, Some(&json!({"version": version, "change": entry()}))).await
}

/// The answer `(s, e)` is a refusal with `status` and `code`.
fn assert_refused((s, e): (u16, Value), status: u16, code: &str) -> Value {
    assert_eq!((s, e["error"]["code"].clone()), (status, json!(code)), "{e}");
    e
}

/// Two servers, A and B, started on one database with the same limits.
struct Servers {
    a: SocketAddr,
    b: SocketAddr,
    ha: Hub,
    hb: Hub,
    stops: [tokio::sync::oneshot::Sender<()>; 2],
}

async fn servers(loc: &Location, limits: Limits) -> Servers {
    let (a, ha, stop_a) = common::start_at(loc, limits.clone()).await;
    let (b, hb, stop_b) = common::start_at(loc, limits).await;
    Servers { a, b, ha, hb, stops: [stop_a, stop_b] }
}

/// Stops both servers.
fn stop(stops: [tokio::sync::oneshot::Sender<()>; 2]) {
    for s in stops {
        let _ = s.send(());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_and_tables_on_postgres_survive_a_restart() {
    let Some(db) = common::PgDb::new("restart") else { return };
    let loc = Location::parse(&db.url);
    let fast = || Limits { bot_pace: Duration::ZERO, ..Limits::default() };
    let (addr, _hub, stop) = common::start_at(&loc, fast()).await;
    let id = new_sheet(addr).await;
    let (s, d) = change(addr, &format!("/api/sheets/{id}/changes"), 0).await;
    assert_eq!(s, 200, "{d}");
    let body = json!({"rules": {"variant": "french"}, "seats": ["me", "easy", "easy", "easy"], "name": "Ana"});
    let (s, t) = common::http(addr, "POST", "/api/tables", Some(&body)).await;
    assert_eq!(s, 201, "{t}");
    let table = format!("/api/tables/{}", t["id"].as_str().unwrap());
    let seat = json!({"seat": 0, "secret": t["secret"], "command": {"type": "hello"}});
    let (_, before) = common::http(addr, "POST", &format!("{table}/do"), Some(&seat)).await;
    let _ = stop.send(());
    tokio::time::sleep(Duration::from_millis(500)).await;

    let (addr, _hub, stop) = common::start_at(&loc, fast()).await;
    let (s, again) = common::http(addr, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["table"]["totals"], json!([90, 66]));
    let (_, after) = common::http(addr, "POST", &format!("{table}/do"), Some(&seat)).await;
    assert_eq!(after["seq"], before["seq"]);
    assert_eq!(after["view"], before["view"]);
    let _ = stop.send(());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_database_refuse_a_stale_change() {
    let Some(db) = common::PgDb::new("two") else { return };
    let loc = Location::parse(&db.url);
    let Servers { a, b, stops, .. } = servers(&loc, Limits::default()).await;
    let id = new_sheet(a).await;
    let path = format!("/api/sheets/{id}/changes");
    // B holds the game at version 0; A moves it on.
    let (s, _) = common::http(b, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(s, 200);
    assert_eq!(change(a, &path, 0).await.0, 200);
    // A change through B made on version 0 is refused with the state now.
    let e = assert_refused(change(b, &path, 0).await, 409, "stale");
    assert_eq!(e["state"]["version"], 1, "{e}");
    // Made on the current version, it goes through B.
    assert_eq!(change(b, &path, 1).await.0, 200);
    // A, its copy behind, refuses a change made on it, and then has the
    // state now.
    let e = assert_refused(change(a, &path, 1).await, 409, "stale");
    assert_eq!(e["state"]["version"], 2, "{e}");
    let (_, st) = common::http(a, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 2, "{st}");
    stop(stops);
}

/// `/healthz` for a load balancer: 200 while the database answers with
/// the schema this server knows; 503 once it does not (here: another
/// program migrated it further).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_says_whether_the_database_answers_with_its_schema() {
    let Some(db) = common::PgDb::new("health") else { return };
    let (addr, _hub, stop) = common::start_at(&Location::parse(&db.url), Limits::default()).await;
    let (s, v) = common::http(addr, "GET", "/healthz", None).await;
    assert_eq!((s, v["schema"].clone()), (200, json!("current")), "{v}");
    sql(&db.url, "INSERT INTO belot_schema (version) VALUES (999)");
    assert_refused(common::http(addr, "GET", "/healthz", None).await, 503, "database");
    let _ = stop.send(());
}

/// Runs `sql` on the database at `url`, off the test's runtime (the
/// PostgreSQL client runs its own).
fn sql(url: &str, sql: &str) {
    let (url, sql) = (url.to_string(), sql.to_string());
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        c.batch_execute(&sql).unwrap();
    })
    .join()
    .unwrap();
}

/// How many rows `sql` returns.
fn sql_rows(url: &str, sql: &str) -> usize {
    let (url, sql) = (url.to_string(), sql.to_string());
    std::thread::spawn(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        c.query(&sql, &[]).unwrap().len()
    })
    .join()
    .unwrap()
}

/// Two servers on one database, a game made through the first and a phone
/// following it on the second (its first state read).
struct Two {
    a: std::net::SocketAddr,
    b: std::net::SocketAddr,
    id: String,
    phone: common::Sse,
    stops: [tokio::sync::oneshot::Sender<()>; 2],
}

async fn two_servers(db: &common::PgDb) -> Two {
    let Servers { a, b, stops, .. } = servers(&Location::parse(&db.url), Limits::default()).await;
    let id = new_sheet(a).await;
    let mut phone = common::Sse::open(b, &format!("/api/sheets/{id}/events")).await.unwrap();
    let (kind, first) = phone.next().await.unwrap();
    assert_eq!((kind.as_str(), first["version"].clone()), ("state", json!(0)));
    Two { a, b, id, phone, stops }
}

/// A change made through one server reaches the phones following the game
/// on another within a second (the database's notifications).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_through_one_server_reaches_the_listeners_of_another() {
    let Some(db) = common::PgDb::new("live") else { return };
    let Two { a, id, mut phone, stops, .. } = two_servers(&db).await;
    let path = format!("/api/sheets/{id}/changes");
    for v in 0..3 {
        let sent = std::time::Instant::now();
        assert_eq!(change(a, &path, v).await.0, 200);
        let (_, ev) = phone.next_within(Duration::from_secs(1)).await.expect("an event within 1 s");
        assert_eq!(ev["version"], v + 1, "{ev}");
        eprintln!("change {}: on the other server's listener after {:?}", v + 1, sent.elapsed());
    }
    stop(stops);
}

/// The listening connection is cut (the database restarted, the network
/// dropped): a change made meanwhile is not heard, and is made up for by
/// checking versions once the server listens again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_missed_while_not_listening_still_arrives() {
    let Some(db) = common::PgDb::new("relisten") else { return };
    let Two { a, id, mut phone, stops, .. } = two_servers(&db).await;
    // Cut both servers' listening connections, then change the game at
    // once: the notification goes to nobody.
    sql(
        &db.url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    );
    assert_eq!(change(a, &format!("/api/sheets/{id}/changes"), 0).await.0, 200);
    let (_, ev) = phone.next_within(Duration::from_secs(5)).await.expect("the change arrives");
    assert_eq!(ev["version"], 1, "{ev}");
    stop(stops);
}

fn leased() -> Limits {
    Limits { bot_pace: Duration::ZERO, table_lease: Duration::from_secs(2), ..Limits::default() }
}

/// A table served by one server (the one it was made on) is played
/// through another: the person's actions are forwarded to the serving
/// server, its bots play because someone is connected (on the other
/// server), and each state reaches the person's phone there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_served_by_one_server_is_played_through_another() {
    let Some(db) = common::PgDb::new("tables2") else { return };
    let loc = Location::parse(&db.url);
    let Servers { a, b, ha, stops, .. } = servers(&loc, leased()).await;
    let t = ws::create(a, ws::french(), &["me", "easy", "easy", "easy"]).await;
    let id = t["id"].as_str().unwrap();
    let owner =
        format!("SELECT owner FROM card_tables WHERE id = '{id}' AND owner = '{}'", ha.node());
    let mut ana = ws::Client::seat(b, id, 0, t["secret"].as_str().unwrap()).await;
    let last = ws::play_deal(&mut ana).await;
    assert!(ws::deal_over(&last), "{last}");
    // Every state Ana was sent is her seat's view (or, before her hello,
    // the spectators', with no hand).
    for m in ana.seen.iter().filter(|m| m["type"] == "state") {
        let spectator = m["you"].is_null() && m["view"]["hand"] == json!([]);
        assert!(spectator || (m["you"] == 0 && m["view"]["seat"] == 0), "{m}");
    }
    assert_eq!(sql_rows(&db.url, &owner), 1, "A served the table throughout");
    // The serving server has the same state.
    let (_, on_a) = common::http(a, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(on_a["seq"], last["seq"], "{on_a}");
    stop(stops);
}

/// Issue 42: with the shortest lease (1 s: the process serving the table
/// hears every third of a second that someone is connected through the
/// other), a person connected to the process that does not serve the
/// table sees the bots play at their usual pace: a presence note never
/// restarts a bot's pause.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_play_at_their_pace_for_a_person_on_another_process_with_a_short_lease() {
    let Some(db) = common::PgDb::new("shortlease") else { return };
    let loc = Location::parse(&db.url);
    let limits = Limits { table_lease: belot_server::MIN_TABLE_LEASE, ..Limits::default() };
    let Servers { a, b, stops, .. } = servers(&loc, limits).await;
    let t = ws::create(a, ws::french(), &["me", "easy", "easy", "easy"]).await;
    let mut ana =
        ws::Client::seat(b, t["id"].as_str().unwrap(), 0, t["secret"].as_str().unwrap()).await;
    let start = ana.state["seq"].as_u64().unwrap();
    let end = std::time::Instant::now() + Duration::from_secs(8);
    while std::time::Instant::now() < end {
        let left = end - std::time::Instant::now();
        let Ok(m) = tokio::time::timeout(left, ana.recv()).await else { break };
        if m["type"] == "state" && ws::my_turn(&m) {
            ana.send(json!({"type": "act", "seq": m["seq"], "action": m["view"]["legal"][0]}))
                .await;
        }
    }
    let moves = ana.state["seq"].as_u64().unwrap() - start;
    eprintln!("moves in 8 s through the other process, lease 1 s: {moves}");
    // At 700 ms a bot move (1.5 s after a trick), some 10; none before.
    assert!(moves >= 6, "{moves} moves in 8 s");
    stop(stops);
}

/// A seat taken and a stale action through the other server: the serving
/// server decides, and its answer (or refusal, with its code) comes back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_and_refusals_through_another_server_come_from_the_serving_one() {
    let Some(db) = common::PgDb::new("forward") else { return };
    let loc = Location::parse(&db.url);
    let Servers { a, b, stops, .. } = servers(&loc, leased()).await;
    let t = ws::create(a, json!({"variant": "two_player"}), &["me", "open"]).await;
    let id = t["id"].as_str().unwrap();
    let join = format!("/api/tables/{id}/join");
    // A name too long for a table (and for a message between processes)
    // is refused where it arrives.
    let long = json!({"name": "x".repeat(20_000)});
    assert_refused(common::http(b, "POST", &join, Some(&long)).await, 422, "bad_name");
    let (s, j) = common::http(b, "POST", &join, Some(&json!({"name": "Bo"}))).await;
    assert_eq!((s, j["seat"].clone()), (200, json!(1)), "{j}");
    let cy = common::http(b, "POST", &join, Some(&json!({"name": "Cy"}))).await;
    assert_refused(cy, 409, "seat_taken");
    // Bo's secret, made on A, works on A.
    let hello = |seat, secret: &Value| json!({"seat": seat, "secret": secret, "command": {"type": "hello", "seat": seat, "secret": secret}});
    let act = format!("/api/tables/{id}/do");
    let (s, st) = common::http(a, "POST", &act, Some(&hello(1, &j["secret"]))).await;
    assert_eq!((s, st["you"].clone()), (200, json!(1)), "{st}");
    let wrong = common::http(b, "POST", &act, Some(&hello(1, &json!("0".repeat(32))))).await;
    assert_refused(wrong, 403, "not_your_seat");
    // Whoever is to act: an action made on an older seq is refused as stale.
    let turn = st["view"]["to_act"].as_u64().unwrap();
    let secret = if turn == 0 { &t["secret"] } else { &j["secret"] };
    let action = st["view"]["legal"][0].clone();
    let old = json!({"seat": turn, "secret": secret, "command": {"type": "act", "seq": 0, "action": action}});
    assert_refused(common::http(b, "POST", &act, Some(&old)).await, 409, "stale");
    let now = json!({"seat": turn, "secret": secret, "command": {"type": "act", "seq": st["seq"], "action": action}});
    let (s, after) = common::http(b, "POST", &act, Some(&now)).await;
    assert_eq!(s, 200, "{after}");
    assert!(after["seq"].as_u64() > st["seq"].as_u64(), "the answer shows the action: {after}");
    stop(stops);
}

/// A server that stops cleanly (a deploy) gives up its tables: another
/// serves them at once, not a lease later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_stops_hands_its_tables_over_at_once() {
    let Some(db) = common::PgDb::new("handover") else { return };
    let loc = Location::parse(&db.url);
    let lease = Duration::from_secs(6);
    let Servers { a, b, ha, hb, stops: [stop_a, stop_b] } =
        servers(&loc, Limits { table_lease: lease, ..leased() }).await;
    let t = ws::create(a, json!({"variant": "two_player"}), &["me", "open"]).await;
    let id = t["id"].as_str().unwrap();
    let (s, _) = common::http(b, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(s, 200);
    let served = format!("SELECT 1 FROM card_tables WHERE id = '{id}' AND owner = '{}'", ha.node());
    assert_eq!(sql_rows(&db.url, &served), 1, "A serves the table it made");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let _ = stop_a.send(());
    let stopped = std::time::Instant::now();
    let mine = format!("SELECT 1 FROM card_tables WHERE id = '{id}' AND owner = '{}'", hb.node());
    while sql_rows(&db.url, &mine) == 0 {
        assert!(stopped.elapsed() < lease / 2, "not handed over within half a lease");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = stop_b.send(());
}

/// A proxy may send a phone's next change to a server that has not yet
/// heard of the phone's previous one (made through another server; here
/// written straight into the database, so that no notification ever
/// comes): the change, made on the version the phone saw, goes through
/// instead of being refused as stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_moving_between_servers_is_not_refused_as_stale() {
    let Some(db) = common::PgDb::new("hop") else { return };
    let Two { b, id, stops, .. } = two_servers(&db).await;
    let path = format!("/api/sheets/{id}/changes");
    assert_eq!(change(b, &path, 0).await.0, 200);
    sql(
        &db.url,
        &format!(
            "INSERT INTO changes (sheet_id, seq, at, change) \
             SELECT sheet_id, 2, at, change FROM changes WHERE sheet_id = '{id}' AND seq = 1"
        ),
    );
    let (s, e) = change(b, &path, 2).await;
    assert_eq!(s, 200, "{e}");
    let (_, st) = common::http(b, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 3, "{st}");
    // A phone that claims a version nobody made is still refused.
    assert_refused(change(b, &path, 9).await, 409, "stale");
    stop(stops);
}

/// Fencing: another process took a table while this one still thinks it
/// serves it (it stalled past its lease). This one's next change is
/// refused by the database (`moved`), nothing is stored, and the table
/// stays as the database has it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_lost_its_lease_cannot_change_the_table() {
    let Some(db) = common::PgDb::new("fence") else { return };
    let loc = Location::parse(&db.url);
    let limits = Limits { table_lease: Duration::from_secs(60), ..leased() };
    let (a, _ha, stop) = common::start_at(&loc, limits).await;
    let t = ws::create(a, json!({"variant": "two_player"}), &["me", "open"]).await;
    let id = t["id"].as_str().unwrap();
    let join = format!("/api/tables/{id}/join");
    let (_, j) = common::http(a, "POST", &join, Some(&json!({"name": "Bo"}))).await;
    let secrets = [t["secret"].clone(), j["secret"].clone()];
    let act = format!("/api/tables/{id}/do");
    let hello = |seat: usize| json!({"seat": seat, "secret": secrets[seat], "command": {"type": "hello", "seat": seat, "secret": secrets[seat]}});
    let (_, st) = common::http(a, "POST", &act, Some(&hello(0))).await;
    let turn = st["view"]["to_act"].as_u64().unwrap() as usize;
    let (_, mine) = common::http(a, "POST", &act, Some(&hello(turn))).await;
    sql(
        &db.url,
        &format!(
            "UPDATE card_tables SET owner = 'ghost', lease_until = now() + interval '1 hour' \
             WHERE id = '{id}'"
        ),
    );
    let command = json!({"type": "act", "seq": mine["seq"], "action": mine["view"]["legal"][0]});
    let body = json!({"seat": turn, "secret": secrets[turn], "command": command});
    assert_refused(common::http(a, "POST", &act, Some(&body)).await, 503, "moved");
    let same = format!("SELECT 1 FROM card_tables WHERE id = '{id}' AND seq = {}", mine["seq"]);
    assert_eq!(sql_rows(&db.url, &same), 1, "nothing stored");
    // The table shows the stored state, not the refused action.
    let (_, now) = common::http(a, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(now["seq"], mine["seq"], "{now}");
    let _ = stop.send(());
}
