//! What only the SQLite store does: files and folders, another program's
//! database refused, another program's commits seen, the write lock,
//! checkpoints. What every store does is in `stores.rs`.

mod common;

use belot_score::Change;
use belot_store::{SheetId, SqliteStore, Store, StoreError};
use common::{add, setup};

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

fn temp(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("belot-store-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("belot.db")
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
