//! The SQLite store: round trips, optimistic concurrency, migrations,
//! transactions.

use belot_core::Seat;
use belot_score::{Change, DealInput, Rules, Setup, Sheet};
use belot_store::{SheetId, SqliteStore, Store, StoreError};

fn setup() -> Setup {
    Setup {
        name: "t".into(),
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        first_dealer: Seat(0),
        rules: Rules::French { options: Default::default() },
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
