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

/// The folder's files, by name.
fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Opens `path` every way belot does; each must refuse it as another
/// program's, and leave the file byte for byte as it was, with nothing
/// beside it (no `-wal`, no `-shm`).
fn refused_untouched(path: &std::path::Path, case: &str) {
    let dir = path.parent().unwrap();
    let (before, files) = (std::fs::read(path).unwrap(), listing(dir));
    let tries = [
        SqliteStore::open(path).err(),
        SqliteStore::open_read_only(path).err(),
        SqliteStore::open_reader(path).err(),
    ];
    for e in tries {
        assert!(matches!(e, Some(StoreError::Foreign(_))), "{case}: {e:?}");
    }
    assert!(std::fs::read(path).unwrap() == before, "{case}: the file changed");
    assert_eq!(listing(dir), files, "{case}: files left beside it");
}

/// Issue 43: an SQLite file is belot's only by belot's mark. Unmarked
/// files that hold anything (a version, a table even of a name belot
/// uses) are refused before anything is written: no journal mode switch
/// (header bytes 18-19), no version, no journal files, read-only or not.
#[test]
fn unmarked_sqlite_files_are_refused_byte_for_byte() {
    let cases: &[(&str, &str)] = &[
        ("version 1", "PRAGMA user_version = 1; VACUUM;"),
        ("version 2", "PRAGMA user_version = 2; VACUUM;"),
        ("version 3", "PRAGMA user_version = 3; VACUUM;"),
        ("version 9", "PRAGMA user_version = 9; VACUUM;"),
        ("a table named sheets", "CREATE TABLE sheets (name TEXT, rows INTEGER);"),
        ("another id", "PRAGMA application_id = 42; VACUUM;"),
        ("in WAL mode", "PRAGMA journal_mode = WAL; CREATE TABLE notes (t TEXT);"),
    ];
    for (i, (case, sql)) in cases.iter().enumerate() {
        let path = temp(&format!("unmarked-{i}"));
        rusqlite::Connection::open(&path).unwrap().execute_batch(sql).unwrap();
        refused_untouched(&path, case);
        // Read-only too.
        let mut perm = std::fs::metadata(&path).unwrap().permissions();
        perm.set_readonly(true);
        std::fs::set_permissions(&path, perm).unwrap();
        refused_untouched(&path, &format!("{case}, read-only"));
    }
}

/// A missing file, an empty one and a blank SQLite file become belot
/// databases; a belot database whose mark is still in its write-ahead log
/// (another connection has it open) is recognised.
#[test]
fn empty_files_are_taken_and_belots_own_recognised() {
    let path = temp("empty");
    std::fs::write(&path, b"").unwrap();
    SqliteStore::open(&path).unwrap().create(&setup()).unwrap();
    let path = temp("blank");
    rusqlite::Connection::open(&path).unwrap().execute_batch("VACUUM;").unwrap();
    let mut first = SqliteStore::open(&path).unwrap();
    first.defer_checkpoints().unwrap();
    let id = first.create(&setup()).unwrap();
    let second = SqliteStore::open(&path).unwrap();
    assert_eq!(second.version(&id).unwrap(), 0);
    second.check_schema().unwrap();
}

/// The health check looks for the tables, not only the version.
#[test]
fn the_health_check_finds_a_missing_table() {
    let path = temp("health");
    let s = SqliteStore::open(&path).unwrap();
    s.check_schema().unwrap();
    rusqlite::Connection::open(&path).unwrap().execute_batch("DROP TABLE card_tables;").unwrap();
    let e = s.check_schema().unwrap_err();
    assert!(e.to_string().contains("card_tables"), "{e}");
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
