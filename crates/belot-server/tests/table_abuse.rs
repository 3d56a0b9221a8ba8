//! Issue 42: a card table tried by people who should not be able to spoil
//! it. Spectators (500 sockets on one table, from many addresses) cannot
//! keep a seated person out or slow the game down; one address cannot
//! hold more than its share of a table's spectators' places, and its
//! reconnect storm does not put the bots off; a seated person cannot
//! write to the table's score sheet, even with its edit id.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use belot_server::Limits;
use common::ws::{Client, Socket, create, french, my_turn};
use serde_json::{Value, json};

/// A WebSocket to `path` from the loopback address `from` (127.0.0.x:
/// every one reaches the server, each counted as its own client).
async fn connect_from(
    addr: SocketAddr,
    from: Ipv4Addr,
    path: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(SocketAddr::new(IpAddr::V4(from), 0)).unwrap();
    let stream = sock.connect(addr).await.unwrap();
    let url = format!("ws://{addr}{path}");
    let (ws, _) =
        tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
            .await?;
    Ok(ws)
}

/// Reads a socket until it closes, so that the server never waits on it.
/// The tests that measure time, and the one that loads the machine with
/// 500 sockets, run one at a time: on two cores a timing measured beside
/// the 500 spectators measures them, not the server.
static MEASURED: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn drain(mut ws: Socket) -> tokio::task::JoinHandle<usize> {
    use futures_util::StreamExt;
    tokio::spawn(async move {
        let mut n = 0;
        while let Some(Ok(_)) = ws.next().await {
            n += 1;
        }
        n
    })
}

fn pct(mut v: Vec<f64>, p: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

/// Two people (seats 0 and 2) and two bots; returns the table and both
/// people's connections.
async fn two_people(addr: SocketAddr) -> (Value, Client, Client) {
    let t = create(addr, french(), &["me", "easy", "open", "easy"]).await;
    let id = t["id"].as_str().unwrap();
    let a = Client::seat(addr, id, 0, t["secret"].as_str().unwrap()).await;
    let (_, j) =
        common::http(addr, "POST", &format!("/api/tables/{id}/join"), Some(&json!({"name": "Bo"})))
            .await;
    let b = Client::seat(addr, id, 2, j["secret"].as_str().unwrap()).await;
    (t, a, b)
}

/// Plays until `actions` of the people's actions have been made; returns
/// for each the time until both people had the new state, in ms.
async fn people_play(a: &mut Client, b: &mut Client, actions: usize) -> Vec<f64> {
    let mut times = Vec::new();
    while times.len() < actions {
        let (sa, sb) = (a.state.clone(), b.state.clone());
        let (me, other) = if my_turn(&sa) && sa["seq"] == sb["seq"] {
            (&mut *a, &mut *b)
        } else if my_turn(&sb) && sa["seq"] == sb["seq"] {
            (&mut *b, &mut *a)
        } else if sa["view"]["to_act"].is_null() && sa["seq"] == sb["seq"] {
            if sa["match_over"] == true {
                break;
            }
            a.send(json!({"type": "next", "seq": sa["seq"]})).await;
            let seq = sa["seq"].as_u64();
            a.until(|s| s["seq"].as_u64() > seq).await;
            continue;
        } else {
            // A bot's turn, or a message still on its way.
            tokio::select! {
                _ = a.recv() => {}
                _ = b.recv() => {}
            }
            continue;
        };
        let s = me.state.clone();
        let seq = s["seq"].as_u64();
        let t0 = Instant::now();
        me.send(json!({"type": "act", "seq": s["seq"], "action": s["view"]["legal"][0]})).await;
        me.until(|n| n["seq"].as_u64() > seq).await;
        other.until(|n| n["seq"].as_u64() > seq).await;
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
    }
    times
}

/// 500 spectators on one table, from 50 addresses: the people still
/// connect, every time, and their actions reach both of them as fast as
/// without spectators. The spectators get every state too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_spectators_never_keep_the_people_out_or_slow_them() {
    let _alone = MEASURED.lock().await;
    let limits = Limits {
        bot_pace: Duration::from_millis(30),
        trick_pause: Duration::from_millis(30),
        ..Limits::default()
    };
    let (addr, _hub, stop) = common::start(&common::db("spectators"), limits).await;
    let (t, mut a, mut b) = two_people(addr).await;
    let quiet = people_play(&mut a, &mut b, 30).await;
    let watch = format!("/api/watch/{}/ws", t["view"].as_str().unwrap());
    let mut readers = Vec::new();
    for i in 0..500u32 {
        let from = Ipv4Addr::new(127, 0, 1 + (i / 10 / 250) as u8, 1 + (i / 10 % 250) as u8);
        let ws = connect_from(addr, from, &watch).await.expect("a spectator connects");
        readers.push(drain(ws));
    }
    // A person's phone reconnecting (a reload) gets in at once.
    let id = t["id"].as_str().unwrap();
    drop(a);
    let started = Instant::now();
    let mut a = Client::seat(addr, id, 0, t["secret"].as_str().unwrap()).await;
    let back = started.elapsed();
    assert!(back < Duration::from_secs(2), "reconnected in {back:?}");
    let busy = people_play(&mut a, &mut b, 30).await;
    let (q50, q99) = (pct(quiet.clone(), 0.5), pct(quiet, 0.99));
    let (b50, b99) = (pct(busy.clone(), 0.5), pct(busy, 0.99));
    eprintln!(
        "a person's action to both people: without spectators p50 {q50:.1} ms p99 {q99:.1} ms; \
         with 500: p50 {b50:.1} ms p99 {b99:.1} ms; reconnect {back:?}"
    );
    assert!(b99 < 250.0, "p99 {b99:.1} ms with 500 spectators");
    let _ = stop.send(());
    for r in readers {
        let got = r.await.unwrap_or(0);
        assert!(got >= 2, "every spectator was sent the game: {got} messages");
    }
}

/// One address holds at most its share of a table's spectators' places
/// (`--max-spectators-per-address`); the people's link is never refused
/// for spectators.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_its_share_of_spectators_and_never_a_persons_place() {
    let limits =
        Limits { max_spectators_per_address: 4, max_table_spectators: 6, ..Limits::default() };
    let (addr, _hub, stop) = common::start(&common::db("per-address"), limits).await;
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    let watch = format!("/api/watch/{}/ws", t["view"].as_str().unwrap());
    let one = Ipv4Addr::new(127, 0, 0, 7);
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from(addr, one, &watch).await.unwrap());
    }
    let refused = connect_from(addr, one, &watch).await;
    assert!(refused.is_err(), "a fifth spectator from one address is refused");
    // Other addresses fill the table's spectators' places…
    held.push(connect_from(addr, Ipv4Addr::new(127, 0, 0, 8), &watch).await.unwrap());
    held.push(connect_from(addr, Ipv4Addr::new(127, 0, 0, 9), &watch).await.unwrap());
    assert!(connect_from(addr, Ipv4Addr::new(127, 0, 0, 10), &watch).await.is_err());
    // …and the person still gets in, from the same address too.
    let c = Client::seat(addr, t["id"].as_str().unwrap(), 0, t["secret"].as_str().unwrap()).await;
    assert_eq!(c.state["you"], 0);
    // A spectator who leaves gives the place back.
    held.remove(0);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(connect_from(addr, one, &watch).await.is_ok());
    let _ = stop.send(());
}

/// Moves at a table of a person (who acts at once) and three bots at the
/// default pace, over `window`, while `storm` reconnects a spectator
/// every `every` from one address (none when `every` is `None`).
async fn moves_in(window: Duration, every: Option<Duration>) -> u64 {
    let (addr, _hub, stop) = common::start(&common::db("storm"), Limits::default()).await;
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    let mut me =
        Client::seat(addr, t["id"].as_str().unwrap(), 0, t["secret"].as_str().unwrap()).await;
    let watch = format!("/api/watch/{}/ws", t["view"].as_str().unwrap());
    let storm = every.map(|every| {
        tokio::spawn(async move {
            let from = Ipv4Addr::new(127, 0, 0, 66);
            let mut refused = 0u32;
            loop {
                match connect_from(addr, from, &watch).await {
                    Ok(ws) => {
                        tokio::time::sleep(every).await;
                        drop(ws);
                    }
                    Err(_) => refused += 1,
                }
                if refused > 1000 {
                    return;
                }
            }
        })
    });
    let start_seq = me.state["seq"].as_u64().unwrap();
    let end = Instant::now() + window;
    while Instant::now() < end {
        let left = end - Instant::now();
        let Ok(m) = tokio::time::timeout(left, me.recv()).await else { break };
        if m["type"] != "state" {
            continue;
        }
        if my_turn(&m) {
            me.send(json!({"type": "act", "seq": m["seq"], "action": m["view"]["legal"][0]})).await;
        } else if m["view"]["to_act"].is_null() && m["match_over"] != true {
            me.send(json!({"type": "next", "seq": m["seq"]})).await;
        }
    }
    if let Some(s) = storm {
        s.abort();
    }
    let _ = stop.send(());
    me.state["seq"].as_u64().unwrap() - start_seq
}

/// A spectator's socket reconnecting every half second (and a storm of
/// reconnections from one address) does not slow the bots: each moves at
/// its pace whoever connects meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnecting_spectator_does_not_slow_the_bots() {
    let _alone = MEASURED.lock().await;
    let window = Duration::from_secs(10);
    let calm = moves_in(window, None).await;
    let half = moves_in(window, Some(Duration::from_millis(500))).await;
    let storm = moves_in(window, Some(Duration::from_millis(5))).await;
    eprintln!(
        "moves in {window:?}: nobody reconnecting {calm}; a spectator every 0.5 s {half}; \
         every 5 ms {storm}"
    );
    // Ten seconds hold 13 to 18 moves with nobody reconnecting (how many
    // tricks end, each held --trick-pause, varies with the deal): the bots
    // keep their pace if each window keeps at least 60% of the calm one.
    // The stall this guards against made 0.
    assert!(calm >= 8, "{calm}");
    assert!(half * 10 >= calm * 6 && storm * 10 >= calm * 6, "{calm} {half} {storm}");
    assert!(half >= 8 && storm >= 8, "{calm} {half} {storm}");
}

/// The table alone writes its score sheet: a seated person has its
/// read-only link, and a change sent with its edit id (read here from the
/// store, as if it had leaked) is refused with `kept_by_table`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_cannot_write_to_the_tables_score_sheet() {
    let limits =
        Limits { bot_pace: Duration::ZERO, trick_pause: Duration::ZERO, ..Limits::default() };
    let path = common::db("sheet");
    let (addr, _hub, stop) = common::start(&path, limits).await;
    let t = create(addr, french(), &["me", "easy", "easy", "easy"]).await;
    let id = t["id"].as_str().unwrap();
    let mut me = Client::seat(addr, id, 0, t["secret"].as_str().unwrap()).await;
    common::ws::play_deal(&mut me).await;
    let s = me.until(|s| s["sheet"].is_string()).await;
    let view = s["sheet"].as_str().unwrap();
    let (status, sheet) = common::http(addr, "GET", &format!("/api/view/{view}"), None).await;
    assert_eq!(status, 200, "{sheet}");
    assert_eq!(sheet["setup"]["kept_by_table"], true, "{sheet}");
    let add = json!({"version": 1, "change": {"op": "add", "entry":
        {"kind": "french", "taker": 0, "card_points": [100, null]}}});
    let (status, _) =
        common::http(addr, "POST", &format!("/api/sheets/{view}/changes"), Some(&add)).await;
    assert_eq!(status, 404, "the read-only id writes nothing");
    use belot_store::Store;
    let store = belot_store::SqliteStore::open_reader(&path).unwrap();
    let stored = store.load_table(&belot_store::SheetId::parse(id).unwrap()).unwrap();
    let state: Value = serde_json::from_str(&stored.state).unwrap();
    let edit = state["sheet"].as_str().unwrap();
    for change in [add["change"].clone(), json!({"op": "take_back"}), json!({"op": "undo"})] {
        let body = json!({"version": 1, "change": change});
        let (status, e) =
            common::http(addr, "POST", &format!("/api/sheets/{edit}/changes"), Some(&body)).await;
        assert_eq!((status, e["error"]["code"].clone()), (403, json!("kept_by_table")), "{e}");
    }
    let (_, after) = common::http(addr, "GET", &format!("/api/view/{view}"), None).await;
    assert_eq!(after["table"], sheet["table"], "nothing changed");
    // A new sheet cannot claim to be kept by a table.
    let setup = json!({"players": ["A", "B", "C", "D"], "rules": french(), "kept_by_table": true});
    let (status, made) = common::http(addr, "POST", "/api/sheets", Some(&setup)).await;
    assert_eq!(status, 201);
    assert!(made["setup"]["kept_by_table"].is_null(), "{made}");
    let _ = stop.send(());
}
