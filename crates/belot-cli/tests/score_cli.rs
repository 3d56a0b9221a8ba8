//! `belot score` as a user runs it: sessions for each variant, bad input,
//! export/import, adding an engine game record, and a crash test.

use std::path::Path;
use std::process::{Command, Output};

use belot_engine::Engine;
use serde_json::{Value, json};

/// A database for `--db`: an SQLite file, or a PostgreSQL database (its
/// URL, and the database itself, dropped with it).
struct Db(String, Option<belot_store::testing::PgTestDb>);

impl Db {
    fn new(tag: &str) -> Db {
        let p = std::env::temp_dir().join(format!("belot-cli-{tag}-{}.db", std::process::id()));
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", p.display()));
        }
        Db(p.display().to_string(), None)
    }

    /// A PostgreSQL database, if a server answers (see
    /// `belot_store::testing`).
    fn pg(tag: &str) -> Option<Db> {
        let db = belot_store::testing::PgTestDb::new(tag)?;
        Some(Db(db.url.clone(), Some(db)))
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_belot"))
            .arg("score")
            .arg("--db")
            .arg(&self.0)
            .args(args)
            .output()
            .expect("belot runs")
    }

    fn ok(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    }

    /// Starts a sheet with `belot score new` and these arguments (split at
    /// spaces); its id.
    fn sheet(&self, args: &str) -> String {
        let args: Vec<&str> = ["new"].into_iter().chain(args.split_whitespace()).collect();
        self.ok(&args).trim().to_string()
    }

    fn err(&self, args: &[&str]) -> String {
        let o = self.run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?} should fail");
        String::from_utf8(o.stderr).unwrap()
    }

    fn table(&self, id: &str) -> Value {
        serde_json::from_str(&self.ok(&["show", id, "--json"])).unwrap()
    }
}

impl Drop for Db {
    fn drop(&mut self) {
        if self.1.is_none() {
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", self.0));
            }
        }
    }
}

fn totals(t: &Value) -> Vec<f64> {
    t["table"]["totals"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn french_session_through_the_command_line() {
    french_session(&Db::new("french"));
}

/// The same session on a PostgreSQL database (`--db postgres://…`).
#[test]
fn french_session_on_postgres() {
    if let Some(db) = Db::pg("cli") {
        french_session(&db);
    }
}

fn french_session(db: &Db) {
    let id = db.sheet("--variant french --players Ana,Boris,Chloé,Dimitar --dealer 3");
    let id = id.as_str();
    assert_eq!(id.len(), 32);
    let out = db.ok(&["add", id, "--taker", "1", "--points", "100", "--belote", "1"]);
    assert!(out.contains("Ana & Chloé") && out.contains("made"), "{out}");
    db.ok(&["add", id, "--taker", "0", "--points", "0=81"]);
    db.ok(&["add", id, "--thrown-in"]);
    db.ok(&["add", id, "--taker", "3", "--points", "0=120", "--ann", "0=50"]);
    let t = db.table(id);
    assert_eq!(totals(&t), vec![62.0 + 293.0, 120.0 + 81.0]);
    assert_eq!(t["table"]["rows"][1]["score"]["outcome"], "litige");
    // Edit deal 2 (its id is 2), delete deal 3, restore it, undo, redo.
    db.ok(&["edit", id, "2", "--taker", "0", "--points", "0=100"]);
    assert_eq!(db.table(id)["table"]["pool"], 0.0);
    db.ok(&["delete", id, "3"]);
    assert_eq!(db.table(id)["table"]["rows"].as_array().unwrap().len(), 3);
    db.ok(&["restore", id, "3"]);
    db.ok(&["undo-change", id]);
    db.ok(&["undo-change", id]);
    db.ok(&["undo-change", id]);
    assert_eq!(totals(&db.table(id)), vec![62.0 + 293.0, 120.0 + 81.0]);
    db.ok(&["redo-change", id]);
    // ↶ (seed 002 §11) takes back the last deal, not the last change; ↷
    // puts it back.
    let rows = |db: &Db| db.table(id)["table"]["rows"].as_array().unwrap().len();
    let said = db.ok(&["undo", id]);
    // It says which deal it took back (issue 44).
    assert!(said.starts_with("Deal 4 taken back"), "{said}");
    assert_eq!(rows(db), 3);
    assert_eq!(db.table(id)["table"]["pool"], 0.0, "the edit of deal 2 stays");
    db.ok(&["redo", id]);
    assert_eq!(rows(db), 4);
    // The changes view: every change numbered, newest first; change 5 (the
    // edit of deal 2) reverted as a change of its own brings the litige back.
    let list = db.ok(&["changes", id]);
    assert!(list.lines().next().unwrap().trim_start().starts_with("13  put back"), "{list}");
    assert!(
        list.lines().any(|l| l.trim_start().starts_with("5  edit") && l.contains("deal #2")),
        "{list}"
    );
    db.ok(&["revert", id, "5"]);
    assert_eq!(db.table(id)["table"]["rows"][1]["score"]["outcome"], "litige");
    let first: Value =
        serde_json::from_str(db.ok(&["changes", id, "--json"]).lines().next().unwrap()).unwrap();
    assert_eq!(first["change"], json!({"op": "revert", "change": 5}));
    assert!(db.err(&["revert", id, "5"]).contains("cannot be reverted"));
    db.ok(&["undo-change", id]);
    // Refused input: a clear message, exit 2, nothing stored.
    let before = db.table(id);
    for (args, msg) in [
        (vec!["add", id, "--taker", "1", "--points", "161"], "never 1 or 161"),
        (vec!["add", id, "--taker", "1", "--points", "1=100", "--ann", "0=30"], "not 10 or 30"),
        (vec!["add", id, "--taker", "9", "--points", "100"], "does not exist"),
        (vec!["add", id, "--points", "100"], "--taker SEAT is required"),
        (vec!["edit", id, "77", "--thrown-in"], "no deal #77"),
        (vec!["show", "nope"], "not a sheet id"),
        (vec!["add", id, "--entry", "{\"kind\":\"french\"}"], "missing field"),
    ] {
        let e = db.err(&args);
        assert!(e.contains(msg), "{args:?}: {e}");
    }
    assert_eq!(db.table(id), before);
    // Export, import: the same table; CSV has a row per deal.
    let export = db.ok(&["export", id]);
    // One file per session: the SQLite and PostgreSQL sessions run at once.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = std::env::temp_dir().join(format!("belot-export-{}-{n}.json", std::process::id()));
    std::fs::write(&file, &export).unwrap();
    let id2 = db.ok(&["import", file.to_str().unwrap()]);
    assert_eq!(db.table(id2.trim())["table"], before["table"]);
    let csv = db.ok(&["export", id, "--format", "csv"]);
    assert_eq!(csv.lines().count(), 1 + 4);
    assert!(csv.starts_with("deal,id,dealer,kind,contract,outcome,points Ana & Chloé"));
    let list = db.ok(&["list"]);
    assert!(list.contains(id) && list.contains(id2.trim()));
    let _ = std::fs::remove_file(file);
}

#[test]
fn two_and_three_player_sessions() {
    let db = Db::new("two");
    let id = db.sheet(r#"--variant two-player --players Ivan,Olena --options {"target":501}"#);
    let id = id.as_str();
    db.ok(&["add", id, "--contract", "H", "--loader", "1", "--points", "40,90"]);
    db.ok(&[
        "add",
        id,
        "--contract",
        "NT",
        "--loader",
        "0",
        "--points",
        "60,40",
        "--melds",
        "0=20",
    ]);
    db.ok(&["add", id, "--contract", "S", "--raspasy", "--points", "70,60"]);
    db.ok(&["add", id, "--redeal"]);
    let t = db.table(id);
    assert_eq!(totals(&t), vec![40.0 + 160.0 - 70.0, 90.0 + 80.0 - 60.0]);
    let shown = db.ok(&["show", id]);
    assert!(shown.contains("NT Ivan") && shown.contains("raspasy ♠"), "{shown}");
    // Edit the БК deal into a bait, delete the распасы, undo both, redo one.
    db.ok(&["edit", id, "2", "--contract", "NT", "--loader", "0", "--points", "40,60"]);
    assert_eq!(db.table(id)["table"]["rows"][1]["recorded"], json!([0, 200]));
    db.ok(&["delete", id, "3"]);
    assert_eq!(db.table(id)["table"]["rows"].as_array().unwrap().len(), 3);
    db.ok(&["undo-change", id]);
    db.ok(&["undo-change", id]);
    assert_eq!(totals(&db.table(id)), vec![40.0 + 160.0 - 70.0, 90.0 + 80.0 - 60.0]);
    db.ok(&["redo-change", id]);
    assert_eq!(db.table(id)["table"]["rows"][1]["recorded"], json!([0, 200]));
    assert!(
        db.err(&["add", id, "--contract", "AT", "--loader", "0", "--points", "200,60"])
            .contains("10 to 238")
    );

    let id = db.ok(&["new", "--variant", "three-player", "--players", "A,B,C", "--dealer", "2"]);
    let id = id.trim();
    db.ok(&["add", id, "--declarer", "0", "--points", "41,62,59", "--last", "1"]);
    let t = db.table(id);
    assert_eq!(totals(&t), vec![0.0, 83.0, 79.0]);
    assert_eq!(t["table"]["next_dealer"], 1);
    // Edit: the declarer made it; undo; redo; delete.
    // Without a capo, who took the last trick need not be said.
    db.ok(&["edit", id, "1", "--declarer", "0", "--points", "71,42,49"]);
    assert_eq!(totals(&db.table(id)), vec![71.0, 42.0, 49.0]);
    assert!(
        db.err(&["add", id, "--declarer", "0", "--points", "90,72,0", "--no-trick", "2"])
            .contains("last trick")
    );
    db.ok(&["undo-change", id]);
    assert_eq!(totals(&db.table(id)), vec![0.0, 83.0, 79.0]);
    db.ok(&["redo-change", id]);
    db.ok(&["delete", id, "1"]);
    assert_eq!(totals(&db.table(id)), vec![0.0, 0.0, 0.0]);
    db.ok(&["new", "--variant", "french", "--players", "A,B,C", "--options", "{\"players\":3}"]);
    assert!(
        db.err(&["new", "--variant", "french", "--players", "A,B"])
            .contains("needs 4 player names")
    );
    // A bad option is named, and no sheet is started.
    let before = db.ok(&["list"]);
    let e = db.err(&[
        "new",
        "--variant",
        "two-player",
        "--players",
        "A,B",
        "--options",
        "{\"target\":\"x\"}",
    ]);
    assert!(e.contains("--options: option \"target\"") && e.contains("a whole number"), "{e}");
    assert_eq!(db.ok(&["list"]), before);
}

#[test]
fn a_played_game_record_enters_the_sheet_with_the_same_scores() {
    let mut e = Engine::new();
    e.handle_line(r#"{"cmd":"new","seed":21,"dealer":0,"options":{"target":500}}"#);
    // Play three deals with the first legal action each time.
    for _ in 0..3 {
        loop {
            let l: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"legal"}"#)).unwrap();
            let Some(a) = l["actions"].as_array().and_then(|a| a.first()).cloned() else { break };
            e.handle_line(&json!({"cmd": "act", "action": a}).to_string());
        }
        let s: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"score"}"#)).unwrap();
        if !s["match"]["winner"].is_null() {
            break;
        }
        e.handle_line(r#"{"cmd":"next"}"#);
    }
    let score: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"score"}"#)).unwrap();
    let saved: Value = serde_json::from_str(&e.handle_line(r#"{"cmd":"save"}"#)).unwrap();
    let file = std::env::temp_dir().join(format!("belot-record-{}.json", std::process::id()));
    std::fs::write(&file, saved["record"].to_string()).unwrap();
    let db = Db::new("record");
    let id = db.ok(&[
        "new",
        "--variant",
        "french",
        "--players",
        "A,B,C,D",
        "--options",
        "{\"target\":500}",
    ]);
    db.ok(&["add-record", id.trim(), file.to_str().unwrap()]);
    let t = db.table(id.trim());
    let engine_totals: Vec<f64> =
        score["match"]["totals"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
    assert_eq!(totals(&t), engine_totals, "a played deal and an entered deal score the same");
    let _ = std::fs::remove_file(file);
}

/// Processes killed at random points while adding deals: the database
/// opens intact afterwards and every acknowledged change is there.
#[test]
fn crash_test_killed_writers_lose_no_acknowledged_change() {
    let db = Db::new("crash");
    let id = db.sheet(r#"--variant french --players A,B,C,D --options {"target":100000}"#);
    let mut acknowledged = 0;
    let mut killed = 0;
    for k in 0..40u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["score", "--db", db.0.as_str(), "add", &id, "--taker", "1", "--points", "100"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Kill some writers after a pseudo-random delay (0-15 ms).
        if k % 2 == 1 {
            std::thread::sleep(std::time::Duration::from_micros((k * 7919) % 15_000));
            if child.kill().is_ok() {
                killed += 1;
            }
        }
        let out = child.wait_with_output().unwrap();
        if out.status.success() && !out.stdout.is_empty() {
            acknowledged += 1;
        }
    }
    assert!(killed > 0);
    let store = belot_store::SqliteStore::open(Path::new(&db.0)).unwrap();
    store.integrity_check().unwrap();
    use belot_store::Store;
    let (setup, changes) = store.load(&belot_store::SheetId::parse(&id).unwrap()).unwrap();
    assert!(
        changes.len() >= acknowledged,
        "{} stored < {acknowledged} acknowledged",
        changes.len()
    );
    assert!(changes.len() <= 40);
    let sheet = belot_score::Sheet::from_history(setup, &changes).unwrap();
    assert_eq!(sheet.table().rows.len(), changes.len());
    let t = db.table(&id);
    assert_eq!(t["table"]["rows"].as_array().unwrap().len(), changes.len());
}

/// Per-seat flags (`--melds`, `--belas`) land on the seats they name; a
/// seat left out has 0.
#[test]
fn per_seat_flags_of_two_and_three_players() {
    let db = Db::new("per-seat");
    let id = db.ok(&["new", "--variant", "three-player", "--players", "A,B,C"]);
    let id = id.trim();
    db.ok(&[
        "add",
        id,
        "--declarer",
        "0",
        "--points",
        "71,42,49",
        "--last",
        "0",
        "--melds",
        "0=50",
        "--belas",
        "0=1",
    ]);
    let entry = &db.table(id)["table"]["rows"][0]["entry"];
    assert_eq!(
        (entry["combinations"].clone(), entry["belots"].clone()),
        (json!([50, 0, 0]), json!([1, 0, 0]))
    );
    let id = db.ok(&["new", "--variant", "two-player", "--players", "Ivan,Olena"]);
    let id = id.trim();
    db.ok(&["add", id, "--contract", "H", "--loader", "1", "--points", "40,90", "--belas", "1=1"]);
    let entry = &db.table(id)["table"]["rows"][0]["entry"];
    assert_eq!(
        (entry["constructions"].clone(), entry["belas"].clone()),
        (json!([0, 0]), json!([0, 1]))
    );
}

/// Issue 42: a card table's score sheet is written by the table alone:
/// `belot score` refuses to change it (kept_by_table), while an import
/// of its export is the importer's own copy.
#[test]
fn a_card_tables_sheet_refuses_belot_score_and_its_imported_copy_does_not() {
    use belot_store::Store;
    let db = Db::new("kept");
    let setup = belot_score::Setup {
        name: String::new(),
        players: ["Ana", "Bot 2", "Bot 3", "Bot 4"].map(String::from).to_vec(),
        first_dealer: belot_core::Seat(0),
        rules: belot_core::Game::French(Default::default()),
        kept_by_table: true,
    };
    let id = belot_store::SqliteStore::open(Path::new(&db.0)).unwrap().create(&setup).unwrap();
    let id = id.as_str();
    for args in [
        &["add", id, "--taker", "1", "--points", "100"][..],
        &["undo", id][..],
        &["delete", id, "1"][..],
    ] {
        let e = db.err(args);
        assert!(e.contains("kept by its card table"), "{args:?}: {e}");
    }
    let file = std::env::temp_dir().join(format!("belot-kept-{}.json", std::process::id()));
    std::fs::write(&file, db.ok(&["export", id])).unwrap();
    let copy = db.ok(&["import", file.to_str().unwrap()]);
    let _ = std::fs::remove_file(&file);
    db.ok(&["add", copy.trim(), "--taker", "1", "--points", "100"]);
}

/// `belot score export … | head`: a reader that goes away before the
/// output is written is no panic and no error.
#[test]
fn output_to_a_closed_pipe_is_no_panic() {
    use std::process::Stdio;
    let db = Db::new("pipe");
    db.ok(&["new", "--variant", "french", "--players", "A,B,C,D"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["score", "--db", &db.0, "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("belot runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("belot ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && !err.contains("panicked"), "{err}");
}
