//! One game in memory: its sheet, the live channel its listeners watch,
//! and the bytes sent to them. Each row and item of a game is serialised
//! once, when a change writes it; a listener's event is put together from
//! those shared texts, so a thousand listeners cost one serialisation.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use axum::body::Bytes;
use belot_core::Half;
use belot_score::{Applied, Setup, Sheet};
use belot_store::SheetId;
use serde::Serialize;
use tokio::sync::watch;

/// How many recent changes a snapshot remembers: a listener at most this
/// far behind is sent what changed since its version, not the whole state.
const MARKS: usize = 64;

/// A change serialised once: the rows and items it rewrote, each as its
/// own JSON text, and the short fields after it.
pub(crate) struct Change {
    version: usize,
    rows_from: usize,
    rows: Vec<Bytes>,
    items_from: usize,
    items: Vec<Bytes>,
    /// `"totals":…,"pool":…,"pool_lost":…,"next_dealer":…,"winner":…`
    fields: Bytes,
    /// `"can_undo":…,"can_redo":…,"can_take_back":…,"can_put_back":…`
    flags: Bytes,
    /// `"setup":…` (names and house rules can change during a game)
    setup: Bytes,
}

fn text<T: Serialize>(v: &T) -> Bytes {
    Bytes::from(serde_json::to_vec(v).unwrap_or_else(|_| b"null".to_vec()))
}

/// A JSON object's members without its braces.
fn members<T: Serialize>(v: &T) -> Bytes {
    let t = text(v);
    if t.len() >= 2 { t.slice(1..t.len() - 1) } else { t }
}

#[derive(Serialize)]
struct Fields<'a> {
    totals: &'a [Half],
    pool: Half,
    pool_lost: Half,
    next_dealer: belot_core::Seat,
    winner: Option<u8>,
}

#[derive(Serialize)]
struct SetupOnly<'a> {
    setup: &'a Setup,
}

#[derive(Serialize)]
struct Flags {
    can_undo: bool,
    can_redo: bool,
    can_take_back: bool,
    can_put_back: bool,
}

impl Change {
    /// What `applied` changed in `sheet` (the sheet after the change).
    pub fn of(sheet: &Sheet, applied: Applied) -> Change {
        Change::from_rows(sheet, applied.rows_from, applied.items_from)
    }

    /// The sheet's rows and items from these on, and its short fields.
    fn from_rows(sheet: &Sheet, rows_from: usize, items_from: usize) -> Change {
        let t = sheet.table();
        let rows_from = rows_from.min(t.rows.len());
        let items_from = items_from.min(sheet.items().len());
        let fields = Fields {
            totals: &t.totals,
            pool: t.pool,
            pool_lost: t.pool_lost,
            next_dealer: t.next_dealer,
            winner: t.winner,
        };
        Change {
            version: sheet.history().len(),
            rows_from,
            rows: t.rows[rows_from..].iter().map(text).collect(),
            items_from,
            items: sheet.items()[items_from..].iter().map(text).collect(),
            fields: members(&fields),
            setup: members(&SetupOnly { setup: sheet.setup() }),
            flags: members(&Flags {
                can_undo: sheet.can_undo(),
                can_redo: sheet.can_redo(),
                can_take_back: sheet.can_take_back(),
                can_put_back: sheet.can_put_back(),
            }),
        }
    }

    /// The delta from the version before: the answer to the change and the
    /// event for listeners one change behind.
    pub fn delta(&self) -> Bytes {
        let (rows, items) = (self.rows.iter(), self.items.iter());
        delta_bytes(
            self.version,
            self.version - 1,
            (self.rows_from, rows),
            (self.items_from, items),
            self,
        )
    }
}

/// `{"version":…,"base":…,"rows_from":…,"rows":[…],"items_from":…,"items":[…],…}`
fn delta_bytes<'a>(
    version: usize,
    base: usize,
    (rows_from, rows): (usize, impl Iterator<Item = &'a Bytes>),
    (items_from, items): (usize, impl Iterator<Item = &'a Bytes>),
    short: &Change,
) -> Bytes {
    let mut b = Vec::with_capacity(256);
    b.extend_from_slice(format!("{{\"version\":{version},\"base\":{base},").as_bytes());
    b.extend_from_slice(&short.setup);
    b.extend_from_slice(format!(",\"rows_from\":{rows_from},\"rows\":").as_bytes());
    array(&mut b, rows);
    b.extend_from_slice(format!(",\"items_from\":{items_from},\"items\":").as_bytes());
    array(&mut b, items);
    close(&mut b, short);
    Bytes::from(b)
}

fn array<'a>(b: &mut Vec<u8>, parts: impl Iterator<Item = &'a Bytes>) {
    b.push(b'[');
    for (k, p) in parts.enumerate() {
        if k > 0 {
            b.push(b',');
        }
        b.extend_from_slice(p);
    }
    b.push(b']');
}

fn close(b: &mut Vec<u8>, short: &Change) {
    b.push(b',');
    b.extend_from_slice(&short.fields);
    b.push(b',');
    b.extend_from_slice(&short.flags);
    b.push(b'}');
}

/// A version's rows and items as JSON texts (shared with the versions
/// before it where unchanged), and what the whole state needs besides.
struct Parts {
    rows: Arc<[Bytes]>,
    items: Arc<[Bytes]>,
    /// The last change's short fields (or the sheet's, when built whole).
    short: Change,
    /// `"view_id":…`
    head: Bytes,
}

impl Parts {
    fn of(view: &SheetId, sheet: &Sheet) -> Parts {
        let whole = Change::from_rows(sheet, 0, 0);
        let head = members(&Head { view_id: view.as_str() });
        let rows = whole.rows.clone().into();
        let items = whole.items.clone().into();
        Parts { rows, items, short: Change { rows: vec![], items: vec![], ..whole }, head }
    }

    /// The next version's parts: these up to where the change began, then
    /// its texts.
    fn then(&self, c: Change) -> Parts {
        let splice = |old: &Arc<[Bytes]>, from: usize, new: &[Bytes]| -> Arc<[Bytes]> {
            old[..from.min(old.len())].iter().chain(new).cloned().collect()
        };
        Parts {
            rows: splice(&self.rows, c.rows_from, &c.rows),
            items: splice(&self.items, c.items_from, &c.items),
            short: Change { rows: vec![], items: vec![], ..c },
            head: self.head.clone(),
        }
    }

    /// The whole state without `id` and `mode`.
    fn body(&self, version: usize) -> Bytes {
        let mut b = Vec::with_capacity(self.rows.iter().map(Bytes::len).sum::<usize>() * 2 + 512);
        b.push(b'{');
        b.extend_from_slice(&self.head);
        b.push(b',');
        b.extend_from_slice(&self.short.setup);
        b.extend_from_slice(format!(",\"version\":{version},\"table\":{{\"rows\":").as_bytes());
        array(&mut b, self.rows.iter());
        b.push(b',');
        b.extend_from_slice(&self.short.fields);
        b.extend_from_slice(b"},\"items\":");
        array(&mut b, self.items.iter());
        b.push(b',');
        b.extend_from_slice(&self.short.flags);
        b.push(b'}');
        Bytes::from(b)
    }
}

#[derive(Serialize)]
struct Head<'a> {
    view_id: &'a str,
}

/// A game's whole state.
// Its schema only: [`with_mode`] and [`Parts::body`] put the state
// together from texts serialised once, so it is described here, field by
// field (`tests/openapi.rs` checks real answers against it).
#[derive(utoipa::ToSchema)]
#[schema(as = State)]
#[allow(dead_code, reason = "its schema only")]
pub(crate) struct StateDoc {
    /// The edit id: in edit mode only (null in view mode).
    #[schema(required = true)]
    id: Option<String>,
    #[schema(inline)]
    mode: Mode,
    /// The read-only id.
    view_id: String,
    setup: Setup,
    /// The number of changes.
    version: usize,
    table: belot_score::Table,
    /// The entered deals, deleted ones included.
    items: Vec<belot_score::Item>,
    can_undo: bool,
    can_redo: bool,
    can_take_back: bool,
    can_put_back: bool,
}

/// Through which link the state was read: `edit` (the edit id) or
/// `view` (the read-only id).
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code, reason = "its schema only")]
enum Mode {
    Edit,
    View,
}

/// What a change changed: table rows from `rows_from` on and items from
/// `items_from` on replace the client's; the other fields replace its
/// own. Sent as the answer to a change and as the live `delta` event to
/// listeners behind.
// Its schema only: `delta_bytes` puts a delta together from texts
// serialised once (`tests/openapi.rs` checks real answers against it).
#[derive(utoipa::ToSchema)]
#[schema(as = Delta)]
#[allow(dead_code, reason = "its schema only")]
pub(crate) struct DeltaDoc {
    /// The version after the change.
    version: usize,
    /// The version it applies to.
    base: usize,
    setup: Setup,
    rows_from: usize,
    rows: Vec<belot_score::Row>,
    items_from: usize,
    items: Vec<belot_score::Item>,
    totals: Vec<Half>,
    pool: Half,
    pool_lost: Half,
    next_dealer: belot_core::Seat,
    #[schema(required = true)]
    winner: Option<u8>,
    can_undo: bool,
    can_redo: bool,
    can_take_back: bool,
    can_put_back: bool,
}

/// Where a change began: (version after it, rows_from, items_from).
type Mark = (usize, usize, usize);

/// A committed version of a game as its listeners get it.
pub(crate) struct Snapshot {
    /// The number of changes.
    pub version: usize,
    /// Set by a reload: what listeners have may not be what is stored, so
    /// each gets the whole state.
    pub reset: bool,
    /// What changed from the version before.
    pub delta: Option<Bytes>,
    parts: Option<Parts>,
    marks: VecDeque<Mark>,
    /// Put together on first need and shared.
    body: OnceLock<Bytes>,
    catch_up: Mutex<Option<(usize, Bytes)>>,
}

impl Snapshot {
    fn new(version: usize, reset: bool, delta: Option<Bytes>, parts: Option<Parts>) -> Snapshot {
        Snapshot {
            version,
            reset,
            delta,
            parts,
            marks: VecDeque::new(),
            body: OnceLock::new(),
            catch_up: Mutex::new(None),
        }
    }

    /// The whole state (without `id` and `mode`), if this snapshot has its
    /// parts.
    pub fn body(&self) -> Option<Bytes> {
        let parts = self.parts.as_ref()?;
        Some(self.body.get_or_init(|| parts.body(self.version)).clone())
    }

    /// What changed since `base`, if this snapshot remembers every change
    /// since (and has its parts); shared by the listeners at `base`.
    pub fn since(&self, base: usize) -> Option<Bytes> {
        let parts = self.parts.as_ref()?;
        let first = self.marks.front()?.0;
        if base + 1 < first || base >= self.version {
            return None;
        }
        let mut cache = self.catch_up.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, bytes)) = cache.as_ref().filter(|(b, _)| *b == base) {
            return Some(bytes.clone());
        }
        let later = self.marks.iter().filter(|m| m.0 > base);
        let rows_from = later.clone().map(|m| m.1).min()?;
        let items_from = later.map(|m| m.2).min()?;
        let bytes = delta_bytes(
            self.version,
            base,
            (rows_from, parts.rows.get(rows_from..).unwrap_or_default().iter()),
            (items_from, parts.items.get(items_from..).unwrap_or_default().iter()),
            &parts.short,
        );
        *cache = Some((base, bytes.clone()));
        Some(bytes)
    }
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
    /// Changes it holds (what it costs the cache).
    pub size: AtomicUsize,
}

/// The sheet as the server knows it, with changes whose commit is under
/// way. `stale` when it may differ from the database (a write failed, or
/// another program wrote): the next use reloads it.
pub(crate) struct State {
    pub sheet: Arc<Sheet>,
    pub stale: bool,
    /// The clients' keys of the changes made, with the version after each:
    /// a change sent again (a lost answer, a double tap, a queue sent after
    /// a reload) is recognised and not applied twice.
    pub keys: std::collections::HashMap<String, usize>,
}

impl Game {
    /// A game loaded (or created) at its stored version.
    pub fn new(id: SheetId, view: SheetId, sheet: Sheet, keys: Vec<(String, usize)>) -> Game {
        let version = sheet.history().len();
        Game {
            id,
            view,
            state: Mutex::new(State {
                sheet: Arc::new(sheet),
                stale: false,
                keys: keys.into_iter().collect(),
            }),
            live: watch::Sender::new(Arc::new(Snapshot::new(version, false, None, None))),
            listeners: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            used: AtomicU64::new(0),
            size: AtomicUsize::new(version),
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

    /// Whether anybody listens.
    pub fn has_listeners(&self) -> bool {
        self.listeners.load(Ordering::Relaxed) > 0
    }

    /// Publishes a committed change to the listeners, unless a later one is
    /// out already (commits of one game can be answered out of order). The
    /// texts of the version before are reused when there are listeners.
    pub fn publish(&self, change: Change, delta: Bytes) {
        let listening = self.live.receiver_count() > 0;
        self.live.send_if_modified(|cur| {
            if change.version <= cur.version {
                return false;
            }
            let follows = change.version == cur.version + 1;
            let mark = (change.version, change.rows_from, change.items_from);
            let parts = match &cur.parts {
                Some(p) if follows && listening => Some(p.then(change)),
                _ => None,
            };
            let mut next = Snapshot::new(mark.0, false, Some(delta), parts);
            if follows && next.parts.is_some() {
                next.marks = cur.marks.clone();
                next.marks.push_back(mark);
                if next.marks.len() > MARKS {
                    next.marks.pop_front();
                }
            }
            *cur = Arc::new(next);
            true
        });
    }

    /// The whole state (without `id` and `mode`) and its version: the
    /// snapshot's shared copy when it has one, else the sheet now.
    pub fn whole(&self, snap: &Snapshot) -> (Bytes, usize) {
        match snap.body() {
            Some(b) => (b, snap.version),
            None => {
                let head = self.head();
                (body(&self.view, &head), head.history().len())
            }
        }
    }

    /// Publishes a version loaded from the database: everyone gets it whole.
    pub fn publish_reload(&self, sheet: &Sheet) {
        let parts = self.has_listeners().then(|| Parts::of(&self.view, sheet));
        let snap = Snapshot::new(sheet.history().len(), true, None, parts);
        self.live.send_replace(Arc::new(snap));
    }

    /// Gives the current snapshot its parts if it has none and the sheet in
    /// memory is at its version (a game's first listener).
    pub fn ensure_parts(&self) {
        let head = self.head();
        self.live.send_if_modified(|cur| {
            if cur.parts.is_none() && head.history().len() == cur.version {
                let mut s = Snapshot::new(cur.version, cur.reset, cur.delta.clone(), None);
                s.parts = Some(Parts::of(&self.view, &head));
                *cur = Arc::new(s);
            }
            // Nobody needs waking: listeners at this version have it.
            false
        });
    }
}

/// The whole state of a game as JSON, without `id` and `mode`.
pub(crate) fn body(view: &SheetId, sheet: &Sheet) -> Bytes {
    Parts::of(view, sheet).body(sheet.history().len())
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

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::Game as Rules;
    use belot_score::{Change as Edit, DealInput};
    use serde_json::Value;

    fn add(points: u32) -> Edit {
        Edit::Add {
            entry: DealInput::French(belot_core::french::FrenchInput {
                taker: belot_core::Seat(1),
                card_points: vec![None, Some(points)],
                announcements: vec![],
                capot: None,
                belote: None,
                announced: vec![],
                trump: None,
            }),
        }
    }

    /// A client's patch (as app.js does it): rows and items kept up to the
    /// delta's starts, the rest and the short fields from the delta.
    fn patch(state: &Value, d: &Value) -> Value {
        let mut s = state.clone();
        assert_eq!(d["base"], s["version"]);
        let cut = |a: &Value, from: &Value, new: &Value| -> Value {
            let n = from.as_u64().unwrap() as usize;
            let mut v: Vec<Value> = a.as_array().unwrap()[..n].to_vec();
            v.extend(new.as_array().unwrap().iter().cloned());
            Value::Array(v)
        };
        s["table"]["rows"] = cut(&s["table"]["rows"], &d["rows_from"], &d["rows"]);
        s["items"] = cut(&s["items"], &d["items_from"], &d["items"]);
        for k in ["totals", "pool", "pool_lost", "next_dealer", "winner"] {
            s["table"][k] = d[k].clone();
        }
        for k in ["version", "setup", "can_undo", "can_redo", "can_take_back", "can_put_back"] {
            s[k] = d[k].clone();
        }
        s
    }

    fn json(b: &Bytes) -> Value {
        serde_json::from_slice(b).unwrap()
    }

    /// Listeners any number of changes behind (within the marks) are
    /// brought to the latest state by one delta, after adds, an edit of an
    /// early deal, a delete and undo: the patched state equals the whole.
    #[test]
    fn a_listener_behind_is_caught_up_by_one_delta_that_patches_to_the_whole_state() {
        let setup = Setup {
            name: String::new(),
            players: ["A", "B", "C", "D"].map(String::from).to_vec(),
            first_dealer: belot_core::Seat(0),
            rules: Rules::French(Default::default()),
            kept_by_table: false,
        };
        let view = SheetId::random().unwrap();
        let mut sheet = Sheet::new(setup).unwrap();
        let game = Game::new(SheetId::random().unwrap(), view.clone(), sheet.clone(), vec![]);
        let _rx = game.live.subscribe();
        game.ensure_parts();
        let mut bodies = vec![json(&body(&view, &sheet))];
        let mut edits: Vec<Edit> = (0..6).map(|k| add(60 + 10 * k)).collect();
        edits.push(Edit::Edit {
            id: 2,
            entry: match add(150) {
                Edit::Add { entry } => entry,
                _ => unreachable!(),
            },
        });
        edits.push(Edit::Delete { id: 4 });
        edits.push(Edit::Undo);
        let mut renamed = sheet.setup().clone();
        renamed.players[0] = "Zoé".into();
        edits.push(Edit::Setup { setup: renamed });
        edits.push(add(90));
        for e in edits {
            let applied = sheet.apply(e).unwrap();
            let c = Change::of(&sheet, applied);
            let d = c.delta();
            // The delta from the version before patches to the whole state.
            let whole = json(&body(&view, &sheet));
            assert_eq!(patch(bodies.last().unwrap(), &json(&d)), whole);
            game.publish(c, d);
            bodies.push(whole);
        }
        let snap = game.live.borrow().clone();
        assert_eq!(json(&snap.body().unwrap()), *bodies.last().unwrap(), "parts make the whole");
        for base in 0..snap.version {
            let d = json(&snap.since(base).unwrap());
            assert_eq!(patch(&bodies[base], &d), *bodies.last().unwrap(), "from version {base}");
        }
        assert!(snap.since(snap.version).is_none());
    }
}
