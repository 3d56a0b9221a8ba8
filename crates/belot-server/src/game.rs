//! One game in memory: its sheet, the live channel its listeners watch,
//! and the bytes sent to them (serialised once per change and shared).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::body::Bytes;
use belot_score::{Applied, Item, Row, Setup, Sheet};
use belot_store::SheetId;
use serde::Serialize;
use tokio::sync::watch;

/// A committed version of a game as its listeners get it.
pub(crate) struct Snapshot {
    /// The number of changes.
    pub version: usize,
    /// What changed from the version before, if that is all a listener at
    /// the version before needs.
    pub delta: Option<Bytes>,
    /// The whole public state, when it was built for listeners.
    pub body: Option<Bytes>,
}

/// A game in memory.
pub(crate) struct Game {
    /// The edit id.
    pub id: SheetId,
    /// The read-only id.
    pub view: SheetId,
    state: Mutex<State>,
    /// The latest committed snapshot, for live listeners.
    pub live: watch::Sender<Arc<Snapshot>>,
    /// Open live streams on this game.
    pub listeners: AtomicUsize,
    /// Writes sent to the database and not yet answered.
    pub pending: AtomicUsize,
    /// When it was last used (the cache's clock), for eviction.
    pub used: AtomicU64,
}

/// The sheet as the server knows it, with changes whose commit is under
/// way. `stale` when it may differ from the database (a write failed, or
/// another program wrote): the next use reloads it.
pub(crate) struct State {
    pub sheet: Arc<Sheet>,
    pub stale: bool,
}

impl Game {
    /// A game loaded (or created) at its stored version.
    pub fn new(id: SheetId, view: SheetId, sheet: Sheet) -> Game {
        let version = sheet.history().len();
        let first = Snapshot { version, delta: None, body: None };
        Game {
            id,
            view,
            state: Mutex::new(State { sheet: Arc::new(sheet), stale: false }),
            live: watch::Sender::new(Arc::new(first)),
            listeners: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            used: AtomicU64::new(0),
        }
    }

    /// The state, locked. Held only for in-memory work: never across I/O,
    /// an await, or the serialising of a whole table.
    pub fn lock(&self) -> MutexGuard<'_, State> {
        // A panic mid-change may have left the sheet half-changed: the
        // database is the truth, so mark it for reloading.
        self.state.lock().unwrap_or_else(|p| {
            let mut g = p.into_inner();
            g.stale = true;
            g
        })
    }

    /// The sheet now (changes under way included), without holding the
    /// lock while the caller reads it.
    pub fn head(&self) -> Arc<Sheet> {
        Arc::clone(&self.lock().sheet)
    }

    /// Whether the next use must reload it from the database.
    pub fn is_stale(&self) -> bool {
        self.lock().stale
    }

    /// Publishes a committed version to the listeners, unless a later one
    /// is out already (commits of one game can be answered out of order).
    pub fn publish(&self, snap: Snapshot) {
        self.live.send_if_modified(|cur| {
            if snap.version > cur.version || (snap.version == cur.version && cur.body.is_none()) {
                *cur = Arc::new(snap);
                true
            } else {
                false
            }
        });
    }

    /// Whether anybody listens.
    pub fn has_listeners(&self) -> bool {
        self.listeners.load(Ordering::Relaxed) > 0
    }
}

/// The state of a game, without its edit id and mode (each reader gets
/// its own prefix: see [`with_mode`]).
#[derive(Serialize)]
struct Body<'a> {
    view_id: &'a str,
    version: usize,
    setup: &'a Setup,
    table: &'a belot_score::Table,
    items: &'a [Item],
    can_undo: bool,
    can_redo: bool,
}

/// The whole state of a game as JSON, without `id` and `mode`.
pub(crate) fn body(view: &SheetId, sheet: &Sheet) -> Bytes {
    let b = Body {
        view_id: view.as_str(),
        version: sheet.history().len(),
        setup: sheet.setup(),
        table: sheet.table(),
        items: sheet.items(),
        can_undo: sheet.can_undo(),
        can_redo: sheet.can_redo(),
    };
    Bytes::from(serde_json::to_vec(&b).unwrap_or_else(|_| b"{}".to_vec()))
}

/// The prefix that makes a body the edit or the read-only state: the edit
/// id goes only to those who have it.
pub(crate) fn prefix(edit: Option<&SheetId>) -> Bytes {
    match edit {
        Some(id) => Bytes::from(format!("{{\"id\":\"{id}\",\"mode\":\"edit\",")),
        None => Bytes::from_static(b"{\"id\":null,\"mode\":\"view\","),
    }
}

/// A body with its mode: `{"id":…,"mode":…,` then the body after its `{`.
pub(crate) fn with_mode(edit: Option<&SheetId>, body: &Bytes) -> Vec<Bytes> {
    vec![prefix(edit), body.slice(1.min(body.len())..)]
}

/// What a change changed: the rows and items from the first that differ,
/// and everything short. Sent as the answer to a change and to listeners
/// that were at the version before.
#[derive(Serialize)]
struct Delta<'a> {
    version: usize,
    base: usize,
    rows_from: usize,
    rows: &'a [Row],
    items_from: usize,
    items: &'a [Item],
    totals: &'a [f64],
    pool: f64,
    pool_lost: f64,
    next_dealer: belot_core::Seat,
    winner: Option<u8>,
    can_undo: bool,
    can_redo: bool,
}

/// The delta of a change applied to `sheet`.
pub(crate) fn delta(sheet: &Sheet, applied: Applied) -> Bytes {
    let t = sheet.table();
    let version = sheet.history().len();
    let rows_from = applied.rows_from.min(t.rows.len());
    let items_from = applied.items_from.min(sheet.items().len());
    let d = Delta {
        version,
        base: version.saturating_sub(1),
        rows_from,
        rows: &t.rows[rows_from..],
        items_from,
        items: &sheet.items()[items_from..],
        totals: &t.totals,
        pool: t.pool,
        pool_lost: t.pool_lost,
        next_dealer: t.next_dealer,
        winner: t.winner,
        can_undo: sheet.can_undo(),
        can_redo: sheet.can_redo(),
    };
    Bytes::from(serde_json::to_vec(&d).unwrap_or_else(|_| b"{}".to_vec()))
}
