//! `belot serve` on PostgreSQL: the score keeper and the card tables work
//! as on SQLite, survive a restart, and two servers on one database never
//! write over each other: a change made on a copy another server has moved
//! past is refused with the current state, through either. (The database:
//! see `common::PgDb`.)

mod common;

use std::time::Duration;

use belot_server::Limits;
use belot_store::Location;
use serde_json::json;

fn setup() -> serde_json::Value {
    json!({"players": ["A", "B"], "rules": {"variant": "two_player"}})
}

fn entry() -> serde_json::Value {
    json!({"op": "add", "entry": {"kind": "two_player", "contract": "H", "loader": 0, "card_points": [90, 66]}})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sheets_and_tables_on_postgres_survive_a_restart() {
    let Some(db) = common::PgDb::new("restart") else { return };
    let loc = Location::parse(&db.url);
    let fast = || Limits { bot_pace: Duration::ZERO, ..Limits::default() };
    let (addr, _hub, stop) = common::start_at(&loc, fast()).await;
    let (s, st) = common::http(addr, "POST", "/api/sheets", Some(&setup())).await;
    assert_eq!(s, 201, "{st}");
    let id = st["id"].as_str().unwrap().to_string();
    let path = format!("/api/sheets/{id}/changes");
    let (s, d) =
        common::http(addr, "POST", &path, Some(&json!({"version": 0, "change": entry()}))).await;
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
    let (a, _ha, stop_a) = common::start_at(&loc, Limits::default()).await;
    let (b, _hb, stop_b) = common::start_at(&loc, Limits::default()).await;
    let (_, st) = common::http(a, "POST", "/api/sheets", Some(&setup())).await;
    let id = st["id"].as_str().unwrap().to_string();
    let path = format!("/api/sheets/{id}/changes");
    // B holds the game at version 0; A moves it on.
    let (s, _) = common::http(b, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(s, 200);
    let (s, _) =
        common::http(a, "POST", &path, Some(&json!({"version": 0, "change": entry()}))).await;
    assert_eq!(s, 200);
    // A change through B made on version 0 is refused with the state now.
    let (s, e) =
        common::http(b, "POST", &path, Some(&json!({"version": 0, "change": entry()}))).await;
    assert_eq!((s, e["error"]["code"].clone()), (409, json!("stale")), "{e}");
    assert_eq!(e["state"]["version"], 1, "{e}");
    // Made on the current version, it goes through B.
    let (s, _) =
        common::http(b, "POST", &path, Some(&json!({"version": 1, "change": entry()}))).await;
    assert_eq!(s, 200);
    // A, its copy behind, refuses a change made on it, and then has the
    // state now.
    let (s, e) =
        common::http(a, "POST", &path, Some(&json!({"version": 1, "change": entry()}))).await;
    assert_eq!((s, e["error"]["code"].clone()), (409, json!("stale")), "{e}");
    assert_eq!(e["state"]["version"], 2, "{e}");
    let (_, st) = common::http(a, "GET", &format!("/api/sheets/{id}"), None).await;
    assert_eq!(st["version"], 2, "{st}");
    let _ = stop_a.send(());
    let _ = stop_b.send(());
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
    let (s, v) = common::http(addr, "GET", "/healthz", None).await;
    assert_eq!((s, v["error"]["code"].clone()), (503, json!("database")), "{v}");
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

/// Two servers on one database, a game made through the first and a phone
/// following it on the second (its first state read).
struct Two {
    a: std::net::SocketAddr,
    id: String,
    phone: common::Sse,
    stops: [tokio::sync::oneshot::Sender<()>; 2],
}

async fn two_servers(db: &common::PgDb) -> Two {
    let loc = Location::parse(&db.url);
    let (a, _, stop_a) = common::start_at(&loc, Limits::default()).await;
    let (b, _, stop_b) = common::start_at(&loc, Limits::default()).await;
    let (_, st) = common::http(a, "POST", "/api/sheets", Some(&setup())).await;
    let id = st["id"].as_str().unwrap().to_string();
    let mut phone = common::Sse::open(b, &format!("/api/sheets/{id}/events")).await.unwrap();
    let (kind, first) = phone.next().await.unwrap();
    assert_eq!((kind.as_str(), first["version"].clone()), ("state", json!(0)));
    Two { a, id, phone, stops: [stop_a, stop_b] }
}

/// A change made through one server reaches the phones following the game
/// on another within a second (the database's notifications).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_through_one_server_reaches_the_listeners_of_another() {
    let Some(db) = common::PgDb::new("live") else { return };
    let Two { a, id, mut phone, stops } = two_servers(&db).await;
    let path = format!("/api/sheets/{id}/changes");
    for v in 0..3 {
        let sent = std::time::Instant::now();
        let (s, _) =
            common::http(a, "POST", &path, Some(&json!({"version": v, "change": entry()}))).await;
        assert_eq!(s, 200);
        let (_, ev) = phone.next_within(Duration::from_secs(1)).await.expect("an event within 1 s");
        assert_eq!(ev["version"], v + 1, "{ev}");
        eprintln!("change {}: on the other server's listener after {:?}", v + 1, sent.elapsed());
    }
    let _ = stops.map(|s| s.send(()));
}

/// The listening connection is cut (the database restarted, the network
/// dropped): a change made meanwhile is not heard, and is made up for by
/// checking versions once the server listens again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_missed_while_not_listening_still_arrives() {
    let Some(db) = common::PgDb::new("relisten") else { return };
    let Two { a, id, mut phone, stops } = two_servers(&db).await;
    // Cut both servers' listening connections, then change the game at
    // once: the notification goes to nobody.
    sql(
        &db.url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    );
    let path = format!("/api/sheets/{id}/changes");
    let (s, _) =
        common::http(a, "POST", &path, Some(&json!({"version": 0, "change": entry()}))).await;
    assert_eq!(s, 200);
    let (_, ev) = phone.next_within(Duration::from_secs(5)).await.expect("the change arrives");
    assert_eq!(ev["version"], 1, "{ev}");
    let _ = stops.map(|s| s.send(()));
}
