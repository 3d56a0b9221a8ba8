//! One suite for every store: each test runs on SQLite (a file) and on
//! PostgreSQL (a database of its own, created and dropped by the test:
//! `belot_store::testing`, which says where and when it is required).

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use common::{add, setup};

use belot_score::{Change, Sheet};
use belot_store::testing::PgTestDb;
use belot_store::{PgStore, SheetId, SqliteStore, Store, StoreError, StoredTable, Write, Written};

static N: AtomicUsize = AtomicUsize::new(0);

/// A store under test: how to open (and open again) it.
enum Backend {
    Sqlite(std::path::PathBuf),
    Pg(PgTestDb),
}

impl Backend {
    fn sqlite() -> Backend {
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("belot-stores-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Backend::Sqlite(dir.join("belot.db"))
    }

    fn pg() -> Option<Backend> {
        PgTestDb::new("store").map(Backend::Pg)
    }

    fn open(&self) -> Box<dyn Store> {
        match self {
            Backend::Sqlite(p) => Box::new(SqliteStore::open(p).unwrap()),
            Backend::Pg(db) => Box::new(PgStore::open(&db.url).unwrap()),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Backend::Sqlite(_) => "sqlite",
            Backend::Pg(_) => "postgres",
        }
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        if let Backend::Sqlite(p) = self {
            let _ = std::fs::remove_dir_all(p.parent().unwrap());
        }
    }
}

/// Runs `test` on each store.
fn each(test: impl Fn(&Backend)) {
    for b in [Some(Backend::sqlite()), Backend::pg()].into_iter().flatten() {
        eprintln!("on {}", b.name());
        test(&b);
    }
}

#[test]
fn create_append_load_and_list() {
    each(|b| {
        let mut s = b.open();
        let id = s.create(&setup()).unwrap();
        assert_eq!(s.append(&id, 0, &add()).unwrap(), 1);
        assert_eq!(s.append(&id, 1, &Change::Undo).unwrap(), 2);
        let (st, changes) = s.load(&id).unwrap();
        assert_eq!(st, setup());
        assert_eq!(changes, vec![add(), Change::Undo]);
        let list = s.list().unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!((list[0].id.clone(), list[0].changes), (id.clone(), 2));
        assert_eq!(s.version(&id).unwrap(), 2);
        let sheet = Sheet::from_history(st, &changes).unwrap();
        assert!(sheet.table().rows.is_empty());
    });
}

#[test]
fn a_stale_change_is_refused_and_nothing_is_stored() {
    each(|b| {
        let mut s = b.open();
        let id = s.create(&setup()).unwrap();
        s.append(&id, 0, &add()).unwrap();
        let e = s.append(&id, 0, &add()).unwrap_err();
        assert_eq!(e, StoreError::Conflict { expected: 0, actual: 1 });
        assert!(e.to_string().contains("reload"));
        assert_eq!(s.load(&id).unwrap().1.len(), 1);
    });
}

/// Two connections (two processes) on one database: a change made on a
/// copy the other has moved past is refused by the database's own check.
#[test]
fn a_stale_change_through_another_connection_is_refused() {
    each(|b| {
        let (mut one, mut two) = (b.open(), b.open());
        let id = one.create(&setup()).unwrap();
        assert_eq!(two.version(&id).unwrap(), 0);
        one.append(&id, 0, &add()).unwrap();
        let e = two.append(&id, 0, &Change::Undo).unwrap_err();
        assert_eq!(e, StoreError::Conflict { expected: 0, actual: 1 });
        assert_eq!(two.load(&id).unwrap().1, vec![add()]);
    });
}

#[test]
fn unknown_ids_are_not_found() {
    each(|b| {
        let mut s = b.open();
        let id = SheetId::random().unwrap();
        assert!(matches!(s.load(&id), Err(StoreError::NotFound(_))));
        assert!(matches!(s.version(&id), Err(StoreError::NotFound(_))));
        assert!(matches!(s.append(&id, 0, &add()), Err(StoreError::NotFound(_))));
        assert!(matches!(s.view_id(&id), Err(StoreError::NotFound(_))));
    });
}

#[test]
fn reopening_keeps_everything_and_migrations_run_once() {
    each(|b| {
        let id = {
            let mut s = b.open();
            let id = s.create(&setup()).unwrap();
            s.append(&id, 0, &add()).unwrap();
            id
        };
        let mut s = b.open();
        assert_eq!(s.load(&id).unwrap().1.len(), 1);
        let id2 = s.import(&setup(), &[add(), add(), Change::Undo]).unwrap();
        assert_eq!(s.load(&id2).unwrap().1.len(), 3);
        assert_eq!(s.list().unwrap().len(), 2);
    });
}

#[test]
fn every_sheet_has_a_separate_read_only_id() {
    each(|b| {
        let mut s = b.open();
        let id = s.create(&setup()).unwrap();
        let view = s.view_id(&id).unwrap();
        assert_ne!(view, id);
        assert_eq!(s.by_view_id(&view).unwrap(), id);
        assert!(matches!(s.by_view_id(&id), Err(StoreError::NotFound(_))));
    });
}

#[test]
fn append_all_stores_every_change_or_none() {
    each(|b| {
        let mut s = b.open();
        let id = s.create(&setup()).unwrap();
        assert_eq!(s.append_all(&id, 0, &[add(), add(), add()]).unwrap(), 3);
        // A stale batch stores nothing, not even its first change.
        let err = s.append_all(&id, 1, &[add(), add()]).unwrap_err();
        assert!(matches!(err, StoreError::Conflict { expected: 1, actual: 3 }), "{err}");
        assert_eq!(s.load(&id).unwrap().1.len(), 3);
    });
}

/// Group commit: writes of one batch succeed or fail each on its own, in
/// one transaction.
#[test]
fn a_batch_commits_its_good_writes_and_refuses_its_bad_ones() {
    each(|b| {
        let mut s = b.open();
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
    });
}

/// A client's key is stored once per sheet: a write sent again with the
/// same key is refused by the database, and the keys come back with the
/// version after each.
#[test]
fn a_keyed_write_is_stored_once() {
    each(|b| {
        let mut s = b.open();
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
        // Twice in one batch (a batch of PostgreSQL's is written at once).
        let both = s.write_batch(&[w(2, "k3"), w(3, "k3")]);
        assert_eq!(both[0], Ok(Written::Appended(3)));
        assert!(both[1].is_err(), "the same key twice in one batch");
        assert_eq!(s.version(&id).unwrap(), 3);
        assert_eq!(
            s.keys(&id).unwrap(),
            vec![("k1".into(), 1), ("k2".into(), 2), ("k3".into(), 3)]
        );
    });
}

fn table(id: &SheetId, view: &SheetId, seq: u64, state: &str) -> StoredTable {
    StoredTable { id: id.clone(), view: view.clone(), seq, state: state.into(), owner: None }
}

#[test]
fn a_card_table_keeps_its_latest_state_and_survives_reopening() {
    each(|b| {
        let (id, view) = (SheetId::random().unwrap(), SheetId::random().unwrap());
        {
            let mut s = b.open();
            s.save_table(&table(&id, &view, 3, "three")).unwrap();
            // An older state arriving late is not stored over a newer one.
            let r = s.write_batch(&[
                Write::Table(table(&id, &view, 5, "five")),
                Write::Table(table(&id, &view, 4, "four")),
            ]);
            assert_eq!(r, vec![Ok(Written::Saved(5)), Ok(Written::Saved(4))]);
        }
        let s = b.open();
        assert_eq!(s.load_table(&id).unwrap(), table(&id, &view, 5, "five"));
        assert_eq!(s.table_by_view(&view).unwrap(), id);
        let other = SheetId::random().unwrap();
        assert!(matches!(s.load_table(&other), Err(StoreError::NotFound(_))));
        assert!(matches!(s.table_by_view(&other), Err(StoreError::NotFound(_))));
        // A table is not a sheet.
        assert!(matches!(s.load(&id), Err(StoreError::NotFound(_))));
    });
}

/// PostgreSQL: the schema is versioned in the database; a database whose
/// schema is newer than this program knows is refused, and processes
/// opening one database together migrate it once.
#[test]
fn postgres_migrations_run_once_and_a_newer_schema_is_refused() {
    let Some(db) = PgTestDb::new("migrate") else { return };
    let url = &db.url;
    let opened: Vec<_> = std::thread::scope(|sc| {
        let hs: Vec<_> =
            (0..4).map(|_| sc.spawn(|| PgStore::open(url).map(|s| s.schema_version()))).collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for o in opened {
        assert_eq!(o.unwrap().unwrap(), PgStore::schema_known());
    }
    let mut c = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let rows: i64 = c.query_one("SELECT count(*) FROM belot_schema", &[]).unwrap().get(0);
    assert_eq!(rows as usize, PgStore::schema_known());
    c.execute(
        "INSERT INTO belot_schema (version) VALUES ($1)",
        &[&(PgStore::schema_known() as i32 + 1)],
    )
    .unwrap();
    let Err(e) = PgStore::open(url) else { panic!("a newer schema was opened") };
    assert!(e.to_string().contains("newer"), "{e}");
}

/// PostgreSQL: one process at a time serves a card table. A lease is
/// taken, renewed, given up and taken over once it runs out; a save by a
/// process that does not hold it is refused and stores nothing. (SQLite:
/// one process serves the file's tables, so a lease is always granted.)
#[test]
fn a_table_is_leased_to_one_process_and_taken_over_when_it_runs_out() {
    use std::time::Duration;
    each(|b| {
        let mut s = b.open();
        let (id, view) = (SheetId::random().unwrap(), SheetId::random().unwrap());
        let owned =
            |seq, who: &str| StoredTable { owner: Some(who.into()), ..table(&id, &view, seq, "s") };
        let long = Duration::from_secs(60);
        s.save_table(&owned(1, "a")).unwrap();
        assert_eq!(s.lease_table(&id, "a", long).unwrap(), None);
        if let Backend::Sqlite(_) = b {
            assert_eq!(s.lease_table(&id, "b", long).unwrap(), None, "SQLite always grants");
            return;
        }
        assert_eq!(s.lease_table(&id, "b", long).unwrap(), Some("a".into()));
        assert_eq!(s.save_table(&owned(2, "b")), Err(StoreError::Moved("a".into())));
        assert_eq!(s.load_table(&id).unwrap().seq, 1, "a refused save stores nothing");
        s.save_table(&owned(2, "a")).unwrap();
        // Given up: the next asker takes it, and the old holder's saves are refused.
        assert_eq!(s.lease_table(&id, "a", Duration::ZERO).unwrap(), None);
        assert_eq!(s.lease_table(&id, "b", Duration::from_millis(200)).unwrap(), None);
        assert_eq!(s.save_table(&owned(3, "a")), Err(StoreError::Moved("b".into())));
        assert_eq!(s.load_table(&id).unwrap().owner.as_deref(), Some("b"));
        // Run out: taken over.
        assert_eq!(s.lease_table(&id, "a", long).unwrap(), Some("b".into()));
        std::thread::sleep(Duration::from_millis(400));
        assert_eq!(s.lease_table(&id, "a", long).unwrap(), None);
        assert!(matches!(
            s.lease_table(&SheetId::random().unwrap(), "a", long),
            Err(StoreError::NotFound(_))
        ));
    });
}

/// PostgreSQL: processes hear every table's stored state and the messages
/// sent to them, once committed.
#[test]
fn postgres_processes_hear_tables_and_messages() {
    use belot_store::StoreEvent;
    use std::sync::atomic::AtomicBool;
    let Some(db) = PgTestDb::new("notes") else { return };
    let stop = std::sync::Arc::new(AtomicBool::new(false));
    let (tx, rx) = std::sync::mpsc::channel();
    let (url, stop2) = (db.url.clone(), std::sync::Arc::clone(&stop));
    let t = std::thread::spawn(move || {
        belot_store::watch_changes(&url, &stop2, |e| {
            let _ = tx.send(e);
        })
    });
    let next = || rx.recv_timeout(std::time::Duration::from_secs(10)).unwrap();
    assert_eq!(next(), StoreEvent::Listening);
    let mut s = PgStore::open(&db.url).unwrap();
    let (id, view) = (SheetId::random().unwrap(), SheetId::random().unwrap());
    s.save_table(&table(&id, &view, 7, "x")).unwrap();
    assert_eq!(next(), StoreEvent::Table { id: id.clone(), seq: 7 });
    let r = s.write_batch(&[Write::Message { to: "p1".into(), body: "{\"a\":1}".into() }]);
    assert_eq!(r, vec![Ok(Written::Sent)]);
    assert_eq!(next(), StoreEvent::Message { to: "p1".into(), body: "{\"a\":1}".into() });
    assert!(s.send("no:colon", "x").is_err(), "a process name has no colon");
    stop.store(true, Ordering::Relaxed);
    t.join().unwrap();
}
