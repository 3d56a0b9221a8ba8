//! The SQLite store: round trips, optimistic concurrency, migrations,
//! transactions.

use belot_core::Game;
use belot_core::Seat;
use belot_score::{Change, DealInput, Setup, Sheet};
use belot_store::{SheetId, SqliteStore, Store, StoreError, StoredTable, Write, Written};

fn setup() -> Setup {
    Setup {
        name: "t".into(),
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        first_dealer: Seat(0),
        rules: Game::French(Default::default()),
    }
}

fn add() -> Change {
    Change::Add {
        entry: DealInput::French {
            taker: Seat(1),
            card_points: vec![None, Some(100)],
            announcements: vec![],
            capot: None,
            belote: None,
            announced: vec![],
            trump: None,
        },
    }
}

#[test]
fn create_append_load_and_list() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    assert_eq!(s.append(&id, 0, &add()).unwrap(), 1);
    assert_eq!(s.append(&id, 1, &Change::Undo).unwrap(), 2);
    let (st, changes) = s.load(&id).unwrap();
    assert_eq!(st, setup());
    assert_eq!(changes, vec![add(), Change::Undo]);
    let list = s.list().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!((list[0].id.clone(), list[0].changes), (id.clone(), 2));
    let sheet = Sheet::from_history(st, &changes).unwrap();
    assert!(sheet.table().rows.is_empty());
}

#[test]
fn a_stale_change_is_refused_and_nothing_is_stored() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    s.append(&id, 0, &add()).unwrap();
    let e = s.append(&id, 0, &add()).unwrap_err();
    assert_eq!(e, StoreError::Conflict { expected: 0, actual: 1 });
    assert!(e.to_string().contains("reload"));
    assert_eq!(s.load(&id).unwrap().1.len(), 1);
}

#[test]
fn unknown_and_malformed_ids() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = SheetId::random().unwrap();
    assert!(matches!(s.load(&id), Err(StoreError::NotFound(_))));
    assert!(matches!(s.append(&id, 0, &add()), Err(StoreError::NotFound(_))));
    assert!(SheetId::parse("'; DROP TABLE sheets; --").is_err());
    assert_eq!(SheetId::parse(id.as_str()).unwrap(), id);
    assert_ne!(SheetId::random().unwrap(), SheetId::random().unwrap());
}

#[test]
fn reopening_keeps_everything_and_migrations_run_once() {
    let dir = std::env::temp_dir().join(format!("belot-store-test-{}", std::process::id()));
    let path = dir.join("nested").join("belot.db");
    let _ = std::fs::remove_dir_all(&dir);
    let id = {
        let mut s = SqliteStore::open(&path).unwrap();
        let id = s.create(&setup()).unwrap();
        s.append(&id, 0, &add()).unwrap();
        id
    };
    let mut s = SqliteStore::open(&path).unwrap();
    assert_eq!(s.load(&id).unwrap().1.len(), 1);
    let id2 = s.import(&setup(), &[add(), add(), Change::Undo]).unwrap();
    assert_eq!(s.load(&id2).unwrap().1.len(), 3);
    assert_eq!(s.list().unwrap().len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_sheet_has_a_separate_read_only_id() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    let view = s.view_id(&id).unwrap();
    assert_ne!(view, id);
    assert_eq!(s.by_view_id(&view).unwrap(), id);
    assert!(matches!(s.by_view_id(&id), Err(StoreError::NotFound(_))));
}

#[test]
fn append_all_stores_every_change_or_none() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    assert_eq!(s.append_all(&id, 0, &[add(), add(), add()]).unwrap(), 3);
    // A stale batch stores nothing, not even its first change.
    let err = s.append_all(&id, 1, &[add(), add()]).unwrap_err();
    assert!(matches!(err, StoreError::Conflict { expected: 1, actual: 3 }), "{err}");
    assert_eq!(s.load(&id).unwrap().1.len(), 3);
}

fn temp(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("belot-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("belot.db")
}

/// Group commit: writes of one batch succeed or fail each on its own, in
/// one transaction.
#[test]
fn a_batch_commits_its_good_writes_and_refuses_its_bad_ones() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    let gone = SheetId::random().unwrap();
    let out = s.write_batch(&[
        Write::Append { id: id.clone(), expected: 0, changes: vec![add()], key: None },
        Write::Append { id: id.clone(), expected: 0, changes: vec![add()], key: None },
        Write::Append { id: gone, expected: 0, changes: vec![add()], key: None },
        Write::Create(setup()),
        Write::Append {
            id: id.clone(),
            expected: 1,
            changes: vec![add(), Change::Undo],
            key: None,
        },
    ]);
    assert_eq!(out[0], Ok(Written::Appended(1)));
    assert_eq!(out[1], Err(StoreError::Conflict { expected: 0, actual: 1 }));
    assert!(matches!(out[2], Err(StoreError::NotFound(_))));
    let Ok(Written::Created { id: new, view }) = &out[3] else { panic!("{:?}", out[3]) };
    assert_eq!(s.by_view_id(view).unwrap(), *new);
    assert_eq!(out[4], Ok(Written::Appended(3)));
    assert_eq!(s.load(&id).unwrap().1, vec![add(), add(), Change::Undo]);
    assert_eq!(s.version(&id).unwrap(), 3);
}

/// Another program's SQLite file is refused and left as it was: no table
/// added, no journal mode switched, no version written.
#[test]
fn a_foreign_database_is_refused_untouched() {
    let path = temp("foreign");
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute_batch("CREATE TABLE notes (t TEXT); PRAGMA user_version = 7;").unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    for e in [SqliteStore::open(&path).err(), SqliteStore::open_read_only(&path).err()] {
        assert!(matches!(e, Some(StoreError::Foreign(_))), "{e:?}");
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    std::fs::write(&path, "not a database at all, just text").unwrap();
    assert!(matches!(SqliteStore::open(&path), Err(StoreError::Foreign(_))));
}

/// A cache notices another writer's commits through data_version; its own
/// do not move it.
#[test]
fn data_version_moves_on_other_writers_commits_only() {
    let path = temp("data-version");
    let mut a = SqliteStore::open(&path).unwrap();
    let mut b = SqliteStore::open(&path).unwrap();
    let v0 = a.data_version().unwrap();
    let id = a.create(&setup()).unwrap();
    assert_eq!(a.data_version().unwrap(), v0, "own commit");
    b.append(&id, 0, &add()).unwrap();
    assert_ne!(a.data_version().unwrap(), v0, "another writer's commit");
    assert_eq!(a.version(&id).unwrap(), 1);
}

/// While another connection holds the write lock, a write gives up after
/// the busy timeout with Busy, storing nothing.
#[test]
fn a_held_write_lock_gives_busy_after_the_timeout() {
    let path = temp("busy");
    let mut s = SqliteStore::open(&path).unwrap();
    let id = s.create(&setup()).unwrap();
    s.set_busy_timeout(std::time::Duration::from_millis(100)).unwrap();
    let lock = rusqlite::Connection::open(&path).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    assert_eq!(s.append(&id, 0, &add()), Err(StoreError::Busy));
    lock.execute_batch("ROLLBACK").unwrap();
    assert_eq!(s.append(&id, 0, &add()), Ok(1));
    // A reader reads while the lock is held (WAL).
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let r = SqliteStore::open_reader(&path).unwrap();
    assert_eq!(r.version(&id).unwrap(), 1);
}

/// A server's writer leaves checkpoints to a read connection: they run
/// there (query_only does not stop them) and copy the whole journal.
#[test]
fn checkpoints_run_on_a_reader_beside_the_writer() {
    let path = temp("checkpoint");
    let mut w = SqliteStore::open(&path).unwrap();
    w.defer_checkpoints().unwrap();
    let id = w.create(&setup()).unwrap();
    for n in 0..50 {
        w.append(&id, n, &add()).unwrap();
    }
    let r = SqliteStore::open_reader(&path).unwrap();
    let (frames, copied) = r.checkpoint().unwrap();
    assert!(frames > 50 && copied == frames, "{frames} frames, {copied} copied");
}

/// A client's key is stored once per sheet: a write sent again with the
/// same key is refused by the database, and the keys come back with the
/// version after each.
#[test]
fn a_keyed_write_is_stored_once() {
    let mut s = SqliteStore::in_memory().unwrap();
    let id = s.create(&setup()).unwrap();
    let w = |expected, key: &str| Write::Append {
        id: id.clone(),
        expected,
        changes: vec![add()],
        key: Some(key.into()),
    };
    assert_eq!(s.write_batch(&[w(0, "k1")])[0], Ok(Written::Appended(1)));
    assert!(s.write_batch(&[w(1, "k1")])[0].is_err(), "the same key twice");
    assert_eq!(s.write_batch(&[w(1, "k2")])[0], Ok(Written::Appended(2)));
    assert_eq!(s.keys(&id).unwrap(), vec![("k1".into(), 1), ("k2".into(), 2)]);
}

/// A failure of the database engine keeps its cause (issue 20): the
/// error says what failed, has the stable code `storage`, and its
/// `source()` is SQLite's own error.
#[test]
fn a_database_failure_keeps_its_cause() {
    use std::error::Error;
    let e = belot_store::StoreError::from(rusqlite::Error::InvalidQuery);
    assert_eq!(e.code(), "storage");
    let cause = e.source().expect("the cause is kept");
    assert_eq!(cause.to_string(), rusqlite::Error::InvalidQuery.to_string());
    assert!(e.to_string().starts_with("database: "), "{e}");
}

fn table(id: &SheetId, view: &SheetId, seq: u64, state: &str) -> StoredTable {
    StoredTable { id: id.clone(), view: view.clone(), seq, state: state.into() }
}

#[test]
fn a_card_table_keeps_its_latest_state_and_survives_reopening() {
    let path = temp("tables");
    let (id, view) = (SheetId::random().unwrap(), SheetId::random().unwrap());
    {
        let mut s = SqliteStore::open(&path).unwrap();
        s.save_table(&table(&id, &view, 3, "three")).unwrap();
        // An older state arriving late is not stored over a newer one.
        let r = s.write_batch(&[
            Write::Table(table(&id, &view, 5, "five")),
            Write::Table(table(&id, &view, 4, "four")),
        ]);
        assert_eq!(r, vec![Ok(Written::Saved(5)), Ok(Written::Saved(4))]);
    }
    let s = SqliteStore::open(&path).unwrap();
    assert_eq!(s.load_table(&id).unwrap(), table(&id, &view, 5, "five"));
    assert_eq!(s.table_by_view(&view).unwrap(), id);
    let other = SheetId::random().unwrap();
    assert!(matches!(s.load_table(&other), Err(StoreError::NotFound(_))));
    assert!(matches!(s.table_by_view(&other), Err(StoreError::NotFound(_))));
    // A table is not a sheet.
    assert!(matches!(s.load(&id), Err(StoreError::NotFound(_))));
    let _ = std::fs::remove_file(&path);
}
