//! Issue 42: nothing a seat or a spectator can get from a card table
//! reveals a card before its time. Whole matches of each of the five games
//! are played through the server by a person (random legal actions, with
//! illegal and stale ones between) and easy bots, watched by a spectator;
//! at every turn of the person and at every deal's end, every table route
//! the person or the spectator can call is asked (the state by both links,
//! a seat's command, the record, the reviews, a join, the score sheet),
//! and every WebSocket message either of them got is kept. Afterwards the
//! true deals are read from the server's own store and replayed: at the
//! change each answer was given, no answer may name a card another seat
//! still holds (unless every seat was shown it), carry a seed before the
//! match is over, or hold a deck or deal that was not finished.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;
use std::time::Duration;

use belot_core::{AnyMatch, Card, Match, MatchRecord, Seat};
use belot_server::Limits;
use belot_store::{SheetId, SqliteStore, Store};
use common::ws::{Client, create, deal_over, my_turn};
use common::{cards_in, named};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};

/// Who got an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    /// The person in seat 0.
    Seat0,
    /// A spectator (or anyone with the spectators' link).
    Spectator,
}

/// One answer someone got, at the table's change `seq`.
#[derive(Debug)]
struct Seen {
    who: Who,
    seq: u64,
    route: String,
    body: Value,
    /// A card the asker named itself (an illegal play it tried).
    named: Option<Card>,
}

fn fast() -> Limits {
    Limits {
        bot_pace: Duration::ZERO,
        trick_pause: Duration::ZERO,
        ws_rate: 10_000,
        ..Limits::default()
    }
}

/// The body of an HTTP answer, as JSON (`{"status", "text"}` for one
/// that is not).
async fn get(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> Value {
    let (status, v) = common::http(addr, method, path, body).await;
    assert!(status != 0 && status < 500, "{method} {path}: {status} {v}");
    json!({"status": status, "body": v})
}

/// The table as the test drives it.
struct Run {
    addr: SocketAddr,
    id: String,
    view: String,
    secret: String,
    seen: Vec<Seen>,
    rng: ChaCha8Rng,
}

impl Run {
    fn keep(&mut self, who: Who, seq: u64, route: &str, body: Value, named: Option<Card>) {
        self.seen.push(Seen { who, seq, route: route.into(), body, named });
    }

    /// Every route the person and a spectator can call, asked now (the
    /// table waits for the person, so it stands at `seq`).
    async fn ask_every_route(&mut self, s: &Value) {
        let seq = s["seq"].as_u64().unwrap();
        let deal = s["deal"].as_u64().unwrap();
        let (id, view, a) = (self.id.clone(), self.view.clone(), self.addr);
        let hello = json!({"type": "hello", "seat": 0, "secret": self.secret});
        let mut asks: Vec<(Who, String, String, Option<Value>)> = vec![
            (Who::Seat0, "GET".into(), format!("/api/tables/{id}"), None),
            (Who::Spectator, "GET".into(), format!("/api/watch/{view}"), None),
            (
                Who::Seat0,
                "POST".into(),
                format!("/api/tables/{id}/do"),
                Some(json!({"seat": 0, "secret": self.secret, "command": hello})),
            ),
            (
                Who::Seat0,
                "POST".into(),
                format!("/api/tables/{id}/do"),
                Some(json!({"seat": 1, "secret": self.secret, "command": {"type": "leave"}})),
            ),
            (Who::Seat0, "GET".into(), format!("/api/tables/{id}/record.json"), None),
            (Who::Seat0, "GET".into(), format!("/api/tables/{id}/review/{deal}"), None),
            (Who::Seat0, "GET".into(), format!("/api/tables/{id}/review/{}", deal + 1), None),
            (Who::Spectator, "GET".into(), format!("/api/watch/{view}/review/{deal}"), None),
            (
                Who::Seat0,
                "POST".into(),
                format!("/api/tables/{id}/join"),
                Some(json!({"name": "Eve"})),
            ),
        ];
        if let Some(sheet) = s["sheet"].as_str() {
            let change = json!({"version": 0, "change": {"op": "take_back"}});
            asks.push((Who::Spectator, "GET".into(), format!("/api/view/{sheet}"), None));
            asks.push((Who::Seat0, "GET".into(), format!("/api/sheets/{sheet}"), None));
            asks.push((
                Who::Seat0,
                "POST".into(),
                format!("/api/sheets/{sheet}/changes"),
                Some(change),
            ));
        }
        for (who, method, path, body) in asks {
            let answer = get(a, &method, &path, body.as_ref()).await;
            self.keep(who, seq, &path, answer, None);
        }
    }

    /// Illegal and stale actions over the WebSocket: each refused with a
    /// code, naming at most the card the person sent.
    async fn try_wrong_actions(&mut self, me: &mut Client, s: &Value) {
        let seq = s["seq"].as_u64().unwrap();
        let hand = named(&s["view"]["hand"]);
        let others: Vec<Card> = belot_core::Deck::ordered()
            .cards()
            .iter()
            .copied()
            .filter(|c| !hand.contains(c))
            .collect();
        let card = others[self.rng.next_u32() as usize % others.len()];
        let tries = [
            (
                json!({"type": "act", "seq": seq, "action": {"type": "play", "card": card}}),
                Some(card),
            ),
            (
                json!({"type": "act", "seq": seq.saturating_sub(1), "action": s["view"]["legal"][0]}),
                None,
            ),
            (json!({"type": "next", "seq": seq}), None),
        ];
        for (msg, card) in tries {
            me.send(msg.clone()).await;
            let e = loop {
                let m = me.recv().await;
                if m["type"] == "error" {
                    break m;
                }
            };
            assert_ne!(e["type"], "closed", "{msg} → {e}");
            self.keep(Who::Seat0, seq, "ws error", e, card);
        }
    }
}

/// The table's true story: every state it went through, by change count,
/// replayed from the stored record.
fn states(record: &MatchRecord, players: u64) -> BTreeMap<u64, AnyMatch> {
    let first = &record.deals[0];
    let mut m = AnyMatch::new(&record.game, record.first_dealer, first.deck).unwrap();
    // Seating the maker and the bots counted one change each.
    let mut seq = players;
    let mut out = BTreeMap::from([(seq, m.clone())]);
    for (i, d) in record.deals.iter().enumerate() {
        if i > 0 {
            m.next_deal(Some(d.deck)).unwrap();
            assert_eq!(m.dealer(), d.dealer);
            seq += 1;
            out.insert(seq, m.clone());
        }
        for a in &d.actions {
            m.apply(a.seat, &a.action).unwrap();
            seq += 1;
            out.insert(seq, m.clone());
        }
    }
    out
}

/// Checks one answer against the table's state when it was given.
fn check(seen: &Seen, m: &AnyMatch, record: &MatchRecord) {
    let over = m.to_act().is_none();
    let finished = m.deal_count() - usize::from(!over);
    let viewer = match seen.who {
        Who::Seat0 => Some(Seat(0)),
        Who::Spectator => None,
    };
    let public = m.view(Seat(0)).into_public();
    let mut allowed = named(&serde_json::to_value(&public).unwrap());
    if let Some(s) = viewer {
        allowed.extend(named(&serde_json::to_value(m.view(s)).unwrap()));
    }
    allowed.extend(seen.named);
    let held: BTreeSet<Card> = (0..m.players())
        .filter(|&s| Some(Seat(s)) != viewer)
        .flat_map(|s| m.view(Seat(s)).hand().iter().collect::<Vec<_>>())
        .collect();
    let secret: BTreeSet<Card> = held.difference(&allowed).copied().collect();
    let ctx = format!("{:?} at change {} ({}): {}", seen.who, seen.seq, seen.route, seen.body);
    // A state: exactly what this viewer may know now.
    let state = if seen.body["type"] == "state" {
        Some(&seen.body)
    } else {
        seen.body.get("body").filter(|b| b["type"] == "state")
    };
    if let Some(st) = state {
        let me = if st["you"].is_null() { None } else { viewer };
        let mine = me.map_or_else(|| public.clone(), |s| m.view(s));
        assert_eq!(st["view"], serde_json::to_value(&mine).unwrap(), "{ctx}");
        assert_eq!(st["seq"], seen.seq, "{ctx}");
    }
    walk(&seen.body, m, record, finished, &secret, &ctx);
}

/// Walks an answer: a record holds finished deals only and no seed before
/// the match is over; a review is of a finished deal; any other card named
/// must not be one a seat still holds and others were not shown.
fn walk(
    v: &Value,
    m: &AnyMatch,
    record: &MatchRecord,
    finished: usize,
    secret: &BTreeSet<Card>,
    ctx: &str,
) {
    match v {
        Value::Object(o) => {
            if let Some(seed) = o.get("seed") {
                assert!(seed.is_null() || m.match_over(), "a seed before the match is over: {ctx}");
            }
            if o.get("format").is_some_and(|f| f == "belot-record") {
                let deals = serde_json::to_value(&record.deals[..finished]).unwrap();
                assert_eq!(o["deals"], deals, "the record holds the finished deals only: {ctx}");
                return;
            }
            if let (Some(n), Some(cards)) = (o.get("deal"), o.get("cards")) {
                let n = n.as_u64().unwrap() as usize;
                assert!(n >= 1 && n <= finished, "a review of a deal not finished: {ctx}");
                let played: BTreeSet<Card> = record.deals[n - 1]
                    .actions
                    .iter()
                    .filter_map(|a| match a.action {
                        belot_core::Action::Play { card, .. } => Some(card),
                        _ => None,
                    })
                    .collect();
                let reviewed: BTreeSet<Card> = cards
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["card"].as_str().unwrap().parse().unwrap())
                    .collect();
                assert_eq!(reviewed, played, "{ctx}");
                return;
            }
            if let Some(deck) = o.get("deck") {
                let ok = record.deals[..finished]
                    .iter()
                    .any(|d| serde_json::to_value(d.deck).unwrap() == *deck);
                assert!(ok, "a deck of a deal not finished: {ctx}");
                return;
            }
            o.values().for_each(|x| walk(x, m, record, finished, secret, ctx));
        }
        Value::Array(a) => a.iter().for_each(|x| walk(x, m, record, finished, secret, ctx)),
        Value::String(_) => {
            let mut shown = BTreeSet::new();
            cards_in(v, &mut shown);
            let leaked: Vec<&Card> = shown.intersection(secret).collect();
            assert!(leaked.is_empty(), "{leaked:?} held by another seat: {ctx}");
        }
        _ => {}
    }
}

/// Plays a whole match at a table of `rules` (the person in seat 0, easy
/// bots in the others) and checks every answer; returns the deals played.
async fn a_match_leaks_nothing(rules: Value, seed: u64) -> usize {
    let path = common::db("hidden");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let players = rules["options"]["players"].as_u64().unwrap_or(match rules["variant"].as_str() {
        Some("two_player") => 2,
        Some("three_player") => 3,
        _ => 4,
    });
    let mut seats = vec!["me"];
    seats.extend(std::iter::repeat_n("easy", players as usize - 1));
    let t = create(addr, rules.clone(), &seats).await;
    let mut run = Run {
        addr,
        id: t["id"].as_str().unwrap().into(),
        view: t["view"].as_str().unwrap().into(),
        secret: t["secret"].as_str().unwrap().into(),
        seen: Vec::new(),
        rng: ChaCha8Rng::seed_from_u64(seed),
    };
    run.keep(Who::Seat0, players, "POST /api/tables", t.clone(), None);
    let spectator =
        tokio::spawn(watch(Client::open(addr, &format!("/api/watch/{}/ws", run.view)).await));
    let mut me = Client::seat(addr, &run.id, 0, &run.secret).await;
    loop {
        let s = me.until(|s| my_turn(s) || deal_over(s)).await;
        run.ask_every_route(&s).await;
        let seq = s["seq"].as_u64().unwrap();
        if deal_over(&s) {
            if s["match_over"] == true {
                break;
            }
            me.send(json!({"type": "next", "seq": seq})).await;
        } else {
            run.try_wrong_actions(&mut me, &s).await;
            let legal = s["view"]["legal"].as_array().unwrap();
            let action = legal[run.rng.next_u32() as usize % legal.len()].clone();
            me.send(json!({"type": "act", "seq": seq, "action": action})).await;
        }
        me.until(|n| n["seq"].as_u64() > Some(seq)).await;
    }
    let mut last = 0;
    for m in std::mem::take(&mut me.seen) {
        if m["type"] == "state" {
            last = m["seq"].as_u64().unwrap();
            run.keep(Who::Seat0, last, "ws", m, None);
        } else if m["type"] != "error" && m["type"] != "ok" {
            // Errors were kept with what they answered.
            run.keep(Who::Seat0, last, "ws", m, None);
        }
    }
    spectator.abort();
    let _ = spectator.await;
    for (seq, m) in SPECTATOR.lock().unwrap().drain(..) {
        run.keep(Who::Spectator, seq, "watch ws", m, None);
    }
    // The truth, from the store: replay and check every answer.
    let store = SqliteStore::open_reader(&path).unwrap();
    let stored = store.load_table(&SheetId::parse(&run.id).unwrap()).unwrap();
    let state: Value = serde_json::from_str(&stored.state).unwrap();
    let record: MatchRecord = serde_json::from_value(state["record"].clone()).unwrap();
    let story = states(&record, players);
    for seen in &run.seen {
        let m = story.get(&seen.seq).unwrap_or_else(|| panic!("no change {}: {seen:?}", seen.seq));
        check(seen, m, &record);
    }
    let _ = stop.send(());
    eprintln!("{} answers checked", run.seen.len());
    record.deals.len()
}

/// The spectator's messages, by the change each shows.
static SPECTATOR: std::sync::Mutex<Vec<(u64, Value)>> = std::sync::Mutex::new(Vec::new());

async fn watch(mut c: Client) {
    loop {
        let m = c.recv().await;
        if m["type"] == "closed" {
            return;
        }
        let seq = m["seq"].as_u64().unwrap_or(0);
        SPECTATOR.lock().unwrap().push((seq, m));
    }
}

/// Issue 42: whole matches of the five games through the server, with a
/// person's seat and a spectator: no answer they can get reveals a card
/// before its time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_route_or_message_reveals_a_card_before_its_time_in_any_game() {
    let games = [
        json!({"variant": "french", "options": {"players": 4, "target": 501}}),
        json!({"variant": "french", "options": {"players": 3, "target": 501}}),
        json!({"variant": "french", "options": {"players": 2, "target": 501}}),
        json!({"variant": "two_player", "options": {"target": 501}}),
        json!({"variant": "three_player", "options": {"target": 351}}),
    ];
    for (i, rules) in games.into_iter().enumerate() {
        // Several deals in each game: another match if one ended early.
        let mut deals = 0;
        while deals < 3 {
            SPECTATOR.lock().unwrap().clear();
            deals += a_match_leaks_nothing(rules.clone(), (i * 100 + deals) as u64).await;
        }
        eprintln!("{rules}: {deals} deals checked");
    }
}

/// Issue 42: a table with a friend's seat open waits: nobody holds
/// cards, nothing is dealt that counts, no bot moves, an action is
/// refused (`waiting`); once the friend sits, the first deal is dealt and
/// the bots play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_waits_for_the_friend_it_invited() {
    let path = common::db("waiting");
    let (addr, _hub, stop) = common::start(&path, fast()).await;
    let t = create(addr, json!({"variant": "french"}), &["me", "easy", "open", "easy"]).await;
    let (id, view) = (t["id"].as_str().unwrap(), t["view"].as_str().unwrap());
    let mut me = Client::seat(addr, id, 0, t["secret"].as_str().unwrap()).await;
    let mut w = Client::open(addr, &format!("/api/watch/{view}/ws")).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    for s in [&me.state, &w.state] {
        assert_eq!(s["waiting"], true, "{s}");
        assert_eq!(s["view"]["hand"], json!([]), "{s}");
        assert_eq!(s["view"]["calls"], json!([]), "no bot bid: {s}");
    }
    let seq = me.state["seq"].clone();
    me.send(json!({"type": "act", "seq": seq, "action": {"type": "pass"}})).await;
    let e = loop {
        let m = me.recv().await;
        if m["type"] == "error" {
            break m;
        }
    };
    assert_eq!(e["code"], "waiting", "{e}");
    let (_, rec) = common::http(addr, "GET", &format!("/api/tables/{id}/record.json"), None).await;
    assert_eq!(rec["deals"], json!([]), "{rec}");
    let (status, j) = common::http(
        addr,
        "POST",
        &format!("/api/tables/{id}/join"),
        Some(&json!({"name": "Boris"})),
    )
    .await;
    assert_eq!((status, j["seat"].clone()), (200, json!(2)), "{j}");
    let s = me
        .until(|s| {
            s["waiting"] == false && s["view"]["hand"].as_array().is_some_and(|h| h.len() == 5)
        })
        .await;
    // Seat 1 bids first, a bot: it plays now.
    w.until(|x| x["view"]["calls"].as_array().is_some_and(|c| !c.is_empty())).await;
    assert_eq!(s["seats"][2]["name"], "Boris");
    let _ = stop.send(());
}
