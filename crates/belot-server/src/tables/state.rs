//! What the card tables hold, and what every table's actor may use of
//! it: the base, the score sheets their deals go to, this process among
//! others ([`Relay`]), the bot threads' permits, the tables in memory and
//! the deal reviews. Finding, starting and commanding tables is in
//! `mod.rs`, above the actor.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use axum::body::Bytes;
use belot_store::SheetId;
use tokio::sync::Semaphore;

use super::relay::Relay;
use super::room::Room;
use crate::base::Base;
use crate::base::limits::Limits;
use crate::sheets::Sheets;

/// The card tables. Cloning is cheap (one `Arc`).
#[derive(Clone)]
pub(crate) struct Tables {
    inner: Arc<Inner>,
}

/// The card tables, not kept alive by this handle (for the tasks that
/// must end with them).
pub(crate) struct WeakTables(Weak<Inner>);

struct Inner {
    base: Base,
    sheets: Sheets,
    relay: Relay,
    /// Permits to think for a bot (or analyse a deal) on a blocking thread.
    bots: Arc<Semaphore>,
    /// The card tables in memory.
    rooms: Mutex<Rooms>,
    /// Tells the tables' last uses, and each start of a table, apart.
    clock: AtomicU64,
    /// Deals analysed lately, by table and deal number.
    reviews: Mutex<HashMap<(SheetId, usize), Bytes>>,
}

/// The card tables in memory, by id and by read-only id.
#[derive(Default)]
pub(super) struct Rooms {
    pub live: HashMap<SheetId, Arc<Room>>,
    pub views: HashMap<SheetId, SheetId>,
}

/// Most deal reviews kept (each a few kilobytes).
const MAX_REVIEWS: usize = 256;

impl WeakTables {
    /// The card tables, while they are.
    pub(crate) fn upgrade(&self) -> Option<Tables> {
        self.0.upgrade().map(|inner| Tables { inner })
    }
}

impl Tables {
    /// The card tables over `base`, writing their deals to `sheets`, as
    /// the process `relay` says.
    pub(crate) fn new(base: Base, sheets: Sheets, relay: Relay) -> Tables {
        let bots = Arc::new(Semaphore::new(base.limits().bot_threads.max(1)));
        let inner = Inner {
            base,
            sheets,
            relay,
            bots,
            rooms: Mutex::new(Rooms::default()),
            clock: AtomicU64::new(0),
            reviews: Mutex::new(HashMap::new()),
        };
        Tables { inner: Arc::new(inner) }
    }

    /// A handle that does not keep the card tables alive.
    pub(crate) fn downgrade(&self) -> WeakTables {
        WeakTables(Arc::downgrade(&self.inner))
    }

    /// The base the card tables stand on.
    pub(crate) fn base(&self) -> &Base {
        &self.inner.base
    }

    /// The server's limits.
    pub(crate) fn limits(&self) -> &Limits {
        self.inner.base.limits()
    }

    /// The score sheets the tables write their deals to.
    pub(crate) fn sheets(&self) -> &Sheets {
        &self.inner.sheets
    }

    /// This process among those sharing the database.
    pub(crate) fn relay(&self) -> &Relay {
        &self.inner.relay
    }

    /// Permits to think for a bot (or analyse a deal) on a blocking thread.
    pub(crate) fn bots(&self) -> &Arc<Semaphore> {
        &self.inner.bots
    }

    /// The next tick of the tables' clock.
    pub(super) fn tick(&self) -> u64 {
        self.inner.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// The tables in memory, locked.
    pub(super) fn rooms(&self) -> MutexGuard<'_, Rooms> {
        self.inner.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A card table in memory, if it is.
    pub(crate) fn live_room(&self, id: &SheetId) -> Option<Arc<Room>> {
        self.rooms().live.get(id).cloned()
    }

    /// Forgets a table whose actor ended (unless the table was started
    /// again since).
    pub(crate) fn forget_room(&self, id: &SheetId, generation: u64) {
        let mut rooms = self.rooms();
        if let Some(r) = rooms.live.get(id).filter(|r| r.generation == generation) {
            let view = r.view.clone();
            rooms.live.remove(id);
            rooms.views.remove(&view);
        }
    }

    /// A deal's review analysed before.
    pub(crate) fn review_cached(&self, id: &SheetId, n: usize) -> Option<Bytes> {
        let m = self.inner.reviews.lock().unwrap_or_else(|p| p.into_inner());
        m.get(&(id.clone(), n)).cloned()
    }

    /// Keeps a deal's review (a finished deal's never changes); past the
    /// limit an older one is dropped.
    pub(crate) fn review_keep(&self, id: &SheetId, n: usize, body: Bytes) {
        let mut m = self.inner.reviews.lock().unwrap_or_else(|p| p.into_inner());
        if m.len() >= MAX_REVIEWS {
            let old = m.keys().next().cloned();
            if let Some(k) = old {
                m.remove(&k);
            }
        }
        m.insert((id.clone(), n), body);
    }
}
