//! The hub: the games in memory (a bounded cache over the database), the
//! writer thread and the read connections, and the counters behind the
//! limits.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use belot_score::Sheet;
use belot_store::{Location, SheetId, Store, StoreError, Write, Written};
use tokio::sync::{oneshot, watch};

use crate::db::{Job, Msg, Readers, Writer};
use crate::error::{ApiError, ApiResult};
use crate::game::Game;
use crate::limits::Limits;
use crate::room::{self, Cmd, Room, Settings};
use crate::table::Table;

/// Shared application state. Cloning is cheap (one `Arc`).
#[derive(Clone)]
pub struct Hub {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub limits: Limits,
    writer: Writer,
    pub readers: Arc<Readers>,
    cache: Mutex<Cache>,
    clock: AtomicU64,
    /// Live streams open in all.
    pub listeners: AtomicUsize,
    /// Changes held by the games in memory.
    cached_changes: AtomicUsize,
    creates: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    /// Set when the server is shutting down: live streams end.
    pub shutdown: watch::Sender<bool>,
    /// The card tables in memory.
    rooms: Mutex<Rooms>,
    /// Permits to think for a bot (or analyse a deal) on a blocking thread.
    pub bots: Arc<tokio::sync::Semaphore>,
    /// Deals analysed lately, by table and deal number.
    reviews: Mutex<HashMap<(SheetId, usize), axum::body::Bytes>>,
    /// Set at shutdown: the PostgreSQL listener thread then ends.
    stop_listening: Arc<std::sync::atomic::AtomicBool>,
    /// This process's name among those sharing the database (random at
    /// each start).
    node: String,
    /// Whether other processes may share the database (PostgreSQL): card
    /// tables are then leased.
    shared: bool,
    /// Commands forwarded to other processes, waiting for their answers.
    asked: crate::relay::Asked,
    /// What each client address holds of the server-wide limits.
    pub fair: crate::fair::Fair,
}

/// Most deal reviews kept (each a few kilobytes).
const MAX_REVIEWS: usize = 256;

#[derive(Default)]
struct Rooms {
    live: HashMap<SheetId, Arc<Room>>,
    views: HashMap<SheetId, SheetId>,
}

#[derive(Default)]
struct Cache {
    games: HashMap<SheetId, Arc<Game>>,
    views: HashMap<SheetId, SheetId>,
}

/// Most client addresses remembered for the creation rate limit.
const MAX_CLIENTS: usize = 10_000;

impl crate::http::Proxies for Hub {
    fn trusted_proxies(&self) -> &[IpAddr] {
        &self.limits().trusted_proxies
    }
}

impl Hub {
    /// A hub on the SQLite database at `path` (created if needed), with
    /// these limits. Starts the writer thread and the freshness poll, so it
    /// must be called inside a Tokio runtime.
    pub fn open(path: &Path, limits: Limits) -> Result<Hub, StoreError> {
        Hub::open_at(&Location::Sqlite(path.to_path_buf()), limits)
    }

    /// A hub on the store at `loc`: an SQLite file or a PostgreSQL
    /// database.
    pub fn open_at(loc: &Location, mut limits: Limits) -> Result<Hub, StoreError> {
        // The lease's floor holds for every caller, not only the command.
        limits.table_lease = limits.table_lease.max(crate::MIN_TABLE_LEASE);
        let writer = Writer::start(loc, &limits)?;
        let inner = Arc::new(Inner {
            readers: Readers::new(loc),
            writer,
            cache: Mutex::new(Cache::default()),
            clock: AtomicU64::new(0),
            listeners: AtomicUsize::new(0),
            cached_changes: AtomicUsize::new(0),
            creates: Mutex::new(HashMap::new()),
            shutdown: watch::Sender::new(false),
            rooms: Mutex::new(Rooms::default()),
            bots: Arc::new(tokio::sync::Semaphore::new(limits.bot_threads.max(1))),
            reviews: Mutex::new(HashMap::new()),
            stop_listening: Arc::default(),
            node: SheetId::random()?.to_string(),
            shared: matches!(loc, Location::Postgres(_)),
            asked: crate::relay::Asked::default(),
            fair: crate::fair::Fair::new(&limits),
            limits,
        });
        let hub = Hub { inner };
        tokio::spawn(freshness(Arc::downgrade(&hub.inner)));
        if let Location::Postgres(url) = loc {
            hub.listen(url.clone())?;
        }
        Ok(hub)
    }

    /// Ends the live streams; [`Hub::close`] then finishes the writes.
    pub fn begin_shutdown(&self) {
        self.inner.shutdown.send_replace(true);
        self.inner.stop_listening.store(true, Ordering::Relaxed);
    }

    /// Hears the changes other processes commit to the PostgreSQL database
    /// (its notifications, on a thread of its own) and reloads the games
    /// in memory they change, so that the phones connected here see them.
    /// After a lost connection every game in memory is checked, since
    /// what was said meanwhile was not heard.
    fn listen(&self, url: String) -> Result<(), StoreError> {
        let (tx, rx) = tokio::sync::mpsc::channel(1024);
        let stop = Arc::clone(&self.inner.stop_listening);
        std::thread::Builder::new()
            .name("belot-listen".into())
            .spawn(move || {
                belot_store::watch_changes(&url, &stop, |e| {
                    let _ = tx.blocking_send(e);
                })
            })
            .map_err(|e| StoreError::Io(format!("cannot start the listener: {e}")))?;
        tokio::spawn(heard(Arc::downgrade(&self.inner), rx));
        Ok(())
    }

    /// Commits every write already queued and stops the writer thread.
    /// Returns once they are on disk (call after the server stopped).
    /// Gives up the tables this process serves, so that another serves
    /// them at once.
    pub async fn close(self) {
        let inner = self.inner;
        inner.shutdown.send_replace(true);
        inner.stop_listening.store(true, Ordering::Relaxed);
        if inner.shared {
            let ids: Vec<SheetId> = {
                let rooms = inner.rooms.lock().unwrap_or_else(|p| p.into_inner());
                rooms.live.keys().cloned().collect()
            };
            for id in ids {
                let (ttl, owner) = (Duration::ZERO, inner.node.clone());
                let _ = inner.writer.queue.send(Hub::job(Write::Lease { id, owner, ttl }).0).await;
            }
        }
        let _ = inner.writer.queue.send(Msg::Stop).await;
        let i2 = Arc::clone(&inner);
        let _ = tokio::task::spawn_blocking(move || i2.writer.join()).await;
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// Whether other processes may share the database.
    pub(crate) fn shared(&self) -> bool {
        self.inner.shared
    }

    /// This process's name among those sharing a database (random at each
    /// start): the holder of the card tables it serves.
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    /// Sends a write to the writer thread and waits for its commit.
    pub(crate) async fn write(&self, w: Write) -> Result<Written, StoreError> {
        let (msg, rx) = Hub::job(w);
        self.inner.writer.queue.try_reserve().map_err(|_| StoreError::Busy)?.send(msg);
        self.outcome(rx).await
    }

    /// A new request to another process, and where its answer arrives.
    pub(crate) fn ask(&self) -> ApiResult<(u64, oneshot::Receiver<ApiResult<serde_json::Value>>)> {
        self.inner.asked.ask(self.inner.limits.max_forwarded)
    }

    pub(crate) fn unask(&self, req: u64) {
        self.inner.asked.forget(req);
    }

    pub(crate) fn answered(&self, req: u64, r: ApiResult<serde_json::Value>) {
        self.inner.asked.answered(req, r);
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.inner.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn touch(&self, g: &Game) {
        g.used.store(self.inner.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
    }

    /// A game by its edit id: from memory, or loaded (on a blocking
    /// thread) and cached; reloaded first if it may be stale.
    pub(crate) async fn game(&self, id: &SheetId) -> ApiResult<Arc<Game>> {
        let cached = self.cache().games.get(id).cloned();
        let g = match cached {
            Some(g) => g,
            None => self.load(id.clone()).await?,
        };
        self.touch(&g);
        if g.is_stale() {
            self.reload(&g).await?;
        }
        Ok(g)
    }

    /// A game by its read-only id.
    pub(crate) async fn game_by_view(&self, view: &SheetId) -> ApiResult<Arc<Game>> {
        let known = self.cache().views.get(view).cloned();
        let id = match known {
            Some(id) => id,
            None => {
                let v = view.clone();
                self.inner.readers.read(move |s| s.by_view_id(&v)).await?
            }
        };
        self.game(&id).await
    }

    async fn load(&self, id: SheetId) -> ApiResult<Arc<Game>> {
        let game = self
            .inner
            .readers
            .read(move |s| {
                let view = s.view_id(&id)?;
                let (sheet, keys) = stored(s, &id)?;
                Ok(Game::new(id, view, sheet, keys))
            })
            .await?;
        Ok(self.insert(game))
    }

    /// Puts a game in the cache (keeping one already there: two loads of
    /// the same game may race) and evicts past the limit.
    fn insert(&self, game: Game) -> Arc<Game> {
        let mut c = self.cache();
        if let Some(g) = c.games.get(&game.id) {
            return Arc::clone(g);
        }
        let g = Arc::new(game);
        self.touch(&g);
        // Counted here, not through `grew`: the cache is locked already.
        self.inner.cached_changes.fetch_add(g.size.load(Ordering::Relaxed), Ordering::Relaxed);
        c.views.insert(g.view.clone(), g.id.clone());
        c.games.insert(g.id.clone(), Arc::clone(&g));
        self.evict(&mut c);
        g
    }

    /// Counts changes added to (or dropped from) the games in memory.
    pub(crate) fn grew(&self, by: isize) {
        if by >= 0 {
            let now = self.inner.cached_changes.fetch_add(by as usize, Ordering::Relaxed);
            if now + by as usize > self.inner.limits.max_cached_changes {
                self.evict(&mut self.cache());
            }
        } else {
            self.inner.cached_changes.fetch_sub(by.unsigned_abs(), Ordering::Relaxed);
        }
    }

    /// Drops the least recently used games past the limits, never one that
    /// has listeners or writes under way (they hold it and would miss
    /// updates).
    fn evict(&self, c: &mut Cache) {
        let l = &self.inner.limits;
        let over = |c: &Cache| {
            c.games.len() > l.max_cached_games
                || self.inner.cached_changes.load(Ordering::Relaxed) > l.max_cached_changes
        };
        while over(c) {
            let victim = c
                .games
                .values()
                .filter(|g| !g.has_listeners() && g.pending.load(Ordering::Relaxed) == 0)
                .min_by_key(|g| g.used.load(Ordering::Relaxed))
                .map(Arc::clone);
            let Some(g) = victim else { break };
            c.games.remove(&g.id);
            c.views.remove(&g.view);
            self.inner.cached_changes.fetch_sub(g.size.load(Ordering::Relaxed), Ordering::Relaxed);
        }
    }

    /// Whether a game may be kept in memory by a listener: refused when the
    /// games that listeners keep already hold the most changes allowed.
    pub(crate) fn may_pin(&self, g: &Game) -> bool {
        if g.has_listeners() {
            return true;
        }
        let size = |g: &Game| g.size.load(Ordering::Relaxed);
        let pinned: usize =
            self.cache().games.values().filter(|g| g.has_listeners()).map(|g| size(g)).sum();
        pinned + size(g) <= self.inner.limits.max_cached_changes
    }

    /// Reloads a game from the database and publishes it to its listeners.
    pub(crate) async fn reload(&self, g: &Arc<Game>) -> ApiResult<()> {
        let id = g.id.clone();
        let (sheet, keys) = self.inner.readers.read(move |s| stored(s, &id)).await?;
        let sheet = Arc::new(sheet);
        {
            let mut st = g.lock();
            st.sheet = Arc::clone(&sheet);
            st.stale = false;
            st.keys = keys.into_iter().collect();
        }
        let size = sheet.history().len();
        self.grew(size as isize - g.size.swap(size, Ordering::Relaxed) as isize);
        g.publish_reload(&sheet);
        Ok(())
    }

    /// Sends a write to the writer thread and waits for its commit.
    /// `reserve` first, under the game's lock when order matters.
    pub(crate) fn reserve(&self) -> ApiResult<tokio::sync::mpsc::Permit<'_, Msg>> {
        self.inner.writer.queue.try_reserve().map_err(|_| {
            ApiError::unavailable("busy", "the server is busy: nothing was changed; try again")
        })
    }

    /// A write job and the receiver of its outcome.
    pub(crate) fn job(write: Write) -> (Msg, oneshot::Receiver<Result<Written, StoreError>>) {
        let (done, rx) = oneshot::channel();
        (Msg::Write(Job { write, done }), rx)
    }

    /// Waits for a write's outcome, at most the request timeout.
    pub(crate) async fn outcome(
        &self,
        rx: oneshot::Receiver<Result<Written, StoreError>>,
    ) -> Result<Written, StoreError> {
        match tokio::time::timeout(self.inner.limits.request_timeout, rx).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(StoreError::Io("the writer stopped".into())),
            Err(_) => Err(StoreError::Busy),
        }
    }

    /// Stores a new game and caches it.
    pub(crate) async fn create(&self, sheet: Sheet) -> ApiResult<Arc<Game>> {
        let (msg, rx) = Hub::job(Write::Create(sheet.setup().clone()));
        self.reserve()?.send(msg);
        match self.outcome(rx).await? {
            Written::Created { id, view } => Ok(self.insert(Game::new(id, view, sheet, vec![]))),
            _ => Err(StoreError::Io("unexpected answer".into()).into()),
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, Rooms> {
        self.inner.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A card table by its id: in memory, or loaded from the store and
    /// started.
    pub(crate) async fn room(&self, id: &SheetId) -> ApiResult<Arc<Room>> {
        let live = self.rooms().live.get(id).cloned();
        let r = match live {
            Some(r) => r,
            None => {
                let id = id.clone();
                let st = self.inner.readers.read(move |s| s.load_table(&id)).await?;
                let (table, settings) = room::restore(&st)?;
                self.add_room(st.id, st.view, table, settings)?
            }
        };
        r.used.store(self.inner.clock.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
        Ok(r)
    }

    /// A card table in memory, if it is.
    pub(crate) fn live_room(&self, id: &SheetId) -> Option<Arc<Room>> {
        self.rooms().live.get(id).cloned()
    }

    /// A card table by its read-only id.
    pub(crate) async fn room_by_view(&self, view: &SheetId) -> ApiResult<Arc<Room>> {
        let known = self.rooms().views.get(view).cloned();
        let id = match known {
            Some(id) => id,
            None => {
                let v = view.clone();
                self.inner.readers.read(move |s| s.table_by_view(&v)).await?
            }
        };
        self.room(&id).await
    }

    /// Stores a new table and starts it; this process serves it (holds
    /// its lease) from the start.
    pub(crate) async fn create_table(&self, t: Table, s: Settings) -> ApiResult<Arc<Room>> {
        let (id, view) = (SheetId::random()?, SheetId::random()?);
        let mut row = room::stored(&id, &view, &t, &s);
        row.owner = self.shared().then(|| self.node().to_string());
        self.write(Write::Table(row)).await?;
        if self.shared() {
            let (owner, ttl) = (self.node().to_string(), self.limits().table_lease);
            self.write(Write::Lease { id: id.clone(), owner, ttl }).await?;
        }
        self.add_room(id, view, t, s)
    }

    /// Starts a table's actor and keeps its room (the one already there
    /// when two loads raced), putting away idle tables past the limit.
    fn add_room(&self, id: SheetId, view: SheetId, t: Table, s: Settings) -> ApiResult<Arc<Room>> {
        let mut rooms = self.rooms();
        if let Some(r) = rooms.live.get(&id) {
            return Ok(Arc::clone(r));
        }
        if rooms.live.len() >= self.inner.limits.max_tables {
            let idle = rooms
                .live
                .values()
                .filter(|r| r.watchers.load(Ordering::Relaxed) == 0)
                .min_by_key(|r| r.used.load(Ordering::Relaxed))
                .map(|r| (r.id.clone(), r.view.clone()));
            let Some((old, old_view)) = idle else {
                return Err(ApiError::unavailable(
                    "too_many_tables",
                    "the server has as many tables in play as it may: try again later",
                ));
            };
            if let Some(r) = rooms.live.remove(&old) {
                r.stop();
            }
            rooms.views.remove(&old_view);
        }
        let generation = self.inner.clock.fetch_add(1, Ordering::Relaxed);
        let ids = (id.clone(), view.clone());
        let r = Arc::new(room::start(self, ids, generation, t, s));
        rooms.views.insert(view, id.clone());
        rooms.live.insert(id, Arc::clone(&r));
        Ok(r)
    }

    /// A deal's review analysed before.
    pub(crate) fn review_cached(&self, id: &SheetId, n: usize) -> Option<axum::body::Bytes> {
        let m = self.inner.reviews.lock().unwrap_or_else(|p| p.into_inner());
        m.get(&(id.clone(), n)).cloned()
    }

    /// Keeps a deal's review (a finished deal's never changes); past the
    /// limit an older one is dropped.
    pub(crate) fn review_keep(&self, id: &SheetId, n: usize, body: axum::body::Bytes) {
        let mut m = self.inner.reviews.lock().unwrap_or_else(|p| p.into_inner());
        if m.len() >= MAX_REVIEWS {
            let old = m.keys().next().cloned();
            if let Some(k) = old {
                m.remove(&k);
            }
        }
        m.insert((id.clone(), n), body);
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

    /// Counts a game started by `ip`; refuses past the per-minute limit.
    pub(crate) fn allow_create(&self, ip: Option<IpAddr>) -> ApiResult<()> {
        let Some(ip) = ip.map(crate::http::client) else { return Ok(()) };
        let limit = self.inner.limits.creates_per_minute;
        let mut m = self.inner.creates.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        if m.len() >= MAX_CLIENTS {
            m.retain(|_, (t, _)| now.duration_since(*t) < Duration::from_secs(60));
        }
        if m.len() >= MAX_CLIENTS {
            return Err(ApiError::unavailable("busy", "too many new games right now; try again"));
        }
        let e = m.entry(ip).or_insert((now, 0));
        if now.duration_since(e.0) >= Duration::from_secs(60) {
            *e = (now, 0);
        }
        if e.1 >= limit {
            let mut err = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("at most {limit} new games a minute from one address; try again soon"),
            );
            err.retry_after = Some(60u64.saturating_sub(now.duration_since(e.0).as_secs()) as u32);
            return Err(err);
        }
        e.1 += 1;
        Ok(())
    }

    /// The games in memory now (tests, the freshness poll).
    pub(crate) fn cached(&self) -> Vec<Arc<Game>> {
        self.cache().games.values().cloned().collect()
    }

    /// How many games are in memory.
    pub fn cached_games(&self) -> usize {
        self.cache().games.len()
    }
}

/// A game as stored: its sheet replayed from the history, and the clients'
/// keys of its changes (on a blocking thread).
fn stored(s: &dyn Store, id: &SheetId) -> Result<(Sheet, Vec<(String, usize)>), StoreError> {
    let (setup, changes) = s.load(id)?;
    let keys = s.keys(id)?;
    let sheet =
        Sheet::from_history(setup, &changes).map_err(|e| StoreError::Io(format!("{id}: {e}")))?;
    Ok((sheet, keys))
}

/// Looks for other programs' writes every `freshness`: the writer thread
/// compares the database's data_version; when it moved, every cached game
/// is checked against its stored version, and those that differ reload
/// (and go out to their listeners).
async fn freshness(hub: std::sync::Weak<Inner>) {
    let Some(inner) = hub.upgrade() else { return };
    let mut foreign = inner.writer.foreign.clone();
    let mut tick = tokio::time::interval(inner.limits.freshness);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut shutdown = inner.shutdown.subscribe();
    drop(inner);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let Some(inner) = hub.upgrade() else { return };
                // Only into an empty queue: a busy writer looks before
                // each commit anyway, and polls must not crowd out writes.
                let q = &inner.writer.queue;
                if q.capacity() == q.max_capacity() {
                    let _ = q.try_send(Msg::Poll);
                }
            }
            r = foreign.changed() => {
                if r.is_err() { return; }
                let Some(inner) = hub.upgrade() else { return };
                recheck(Hub { inner }).await;
            }
            _ = shutdown.changed() => return,
        }
    }
}

/// Acts on what the database said another process changed.
async fn heard(
    hub: std::sync::Weak<Inner>,
    mut rx: tokio::sync::mpsc::Receiver<belot_store::StoreEvent>,
) {
    while let Some(e) = rx.recv().await {
        let Some(inner) = hub.upgrade() else { return };
        let hub = Hub { inner };
        match e {
            belot_store::StoreEvent::Listening => {
                // Tables' changes were missed too.
                let rooms: Vec<_> = hub.rooms().live.values().cloned().collect();
                for r in rooms {
                    let _ = r.send(Cmd::Refresh);
                }
                recheck(hub).await
            }
            belot_store::StoreEvent::Table { id, .. } => {
                if let Some(r) = hub.live_room(&id) {
                    let _ = r.send(Cmd::Refresh);
                }
            }
            belot_store::StoreEvent::Message { to, body } => {
                if to == hub.inner.node {
                    crate::relay::heard(&hub, &body);
                }
            }
            belot_store::StoreEvent::Changed { id, version } => {
                let g = hub.cache().games.get(&id).cloned();
                let Some(g) = g else { continue };
                // Our own change (it is there already), or one of ours in
                // flight (its commit settles it).
                if g.pending.load(Ordering::Relaxed) > 0 || g.head().history().len() >= version {
                    continue;
                }
                g.lock().stale = true;
                if g.has_listeners() {
                    let _ = hub.reload(&g).await;
                }
            }
        }
    }
}

/// Marks stale, and reloads, the cached games whose stored version is not
/// the one in memory.
async fn recheck(hub: Hub) {
    for g in hub.cached() {
        if g.pending.load(Ordering::Relaxed) > 0 {
            continue;
        }
        let id = g.id.clone();
        let Ok(stored) = hub.inner.readers.read(move |s| s.version(&id)).await else {
            continue;
        };
        if stored != g.head().history().len() {
            g.lock().stale = true;
            if g.has_listeners() {
                let _ = hub.reload(&g).await;
            }
        }
    }
}
