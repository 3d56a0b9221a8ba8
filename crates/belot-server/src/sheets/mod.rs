//! The score sheets: the games in memory (a bounded cache over the
//! database), kept fresh with what other programs and processes write.
//! [`game`] is one game in memory, [`change`] a change to it; their HTTP
//! handlers are `api.rs` and `live.rs`.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use belot_score::Sheet;
use belot_store::{SheetId, Store, StoreError, Write, Written};

use crate::base::Base;
use crate::base::error::ApiResult;

pub(crate) mod change;
pub(crate) mod game;

use game::Game;

/// The score sheets in memory. Cloning is cheap (one `Arc`).
#[derive(Clone)]
pub(crate) struct Sheets {
    inner: Arc<Inner>,
}

/// The score sheets, not kept alive by this handle (for the tasks that
/// must end with them).
pub(crate) struct WeakSheets(Weak<Inner>);

struct Inner {
    base: Base,
    cache: Mutex<Cache>,
    /// Tells the games' last uses apart (least recently used first out).
    clock: AtomicU64,
    /// Changes held by the games in memory.
    cached_changes: AtomicUsize,
}

#[derive(Default)]
struct Cache {
    games: HashMap<SheetId, Arc<Game>>,
    views: HashMap<SheetId, SheetId>,
}

impl WeakSheets {
    /// The score sheets, while they are.
    pub(crate) fn upgrade(&self) -> Option<Sheets> {
        self.0.upgrade().map(|inner| Sheets { inner })
    }
}

impl Sheets {
    /// The score sheets over `base`; starts looking for other programs'
    /// writes every `--freshness`, so it must be called inside a Tokio
    /// runtime.
    pub(crate) fn start(base: Base) -> Sheets {
        let inner = Inner {
            base,
            cache: Mutex::new(Cache::default()),
            clock: AtomicU64::new(0),
            cached_changes: AtomicUsize::new(0),
        };
        let sheets = Sheets { inner: Arc::new(inner) };
        tokio::spawn(freshness(sheets.downgrade()));
        sheets
    }

    /// A handle that does not keep the score sheets alive.
    pub(crate) fn downgrade(&self) -> WeakSheets {
        WeakSheets(Arc::downgrade(&self.inner))
    }

    /// The base the score sheets stand on.
    pub(crate) fn base(&self) -> &Base {
        &self.inner.base
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
                self.base().readers().read(move |s| s.by_view_id(&v)).await?
            }
        };
        self.game(&id).await
    }

    async fn load(&self, id: SheetId) -> ApiResult<Arc<Game>> {
        let game = self
            .base()
            .readers()
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
            if now + by as usize > self.base().limits().max_cached_changes {
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
        let l = self.base().limits();
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
        pinned + size(g) <= self.base().limits().max_cached_changes
    }

    /// Reloads a game from the database and publishes it to its listeners.
    pub(crate) async fn reload(&self, g: &Arc<Game>) -> ApiResult<()> {
        let id = g.id.clone();
        let (sheet, keys) = self.base().readers().read(move |s| stored(s, &id)).await?;
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

    /// Stores a new game and caches it.
    pub(crate) async fn create(&self, sheet: Sheet) -> ApiResult<Arc<Game>> {
        let (msg, rx) = Base::job(Write::Create(sheet.setup().clone()));
        self.base().reserve()?.send(msg);
        match self.base().outcome(rx).await? {
            Written::Created { id, view } => Ok(self.insert(Game::new(id, view, sheet, vec![]))),
            _ => Err(StoreError::Io("unexpected answer".into()).into()),
        }
    }

    /// The games in memory now (tests, the freshness poll).
    pub(crate) fn cached(&self) -> Vec<Arc<Game>> {
        self.cache().games.values().cloned().collect()
    }

    /// How many games are in memory.
    pub(crate) fn cached_games(&self) -> usize {
        self.cache().games.len()
    }

    /// Another process committed change `version` of game `id` (the
    /// database said so): a game in memory behind it is marked stale, and
    /// reloaded at once if someone listens.
    pub(crate) async fn changed_elsewhere(&self, id: &SheetId, version: usize) {
        let g = self.cache().games.get(id).cloned();
        let Some(g) = g else { return };
        // Our own change (it is there already), or one of ours in flight
        // (its commit settles it).
        if g.pending.load(Ordering::Relaxed) > 0 || g.head().history().len() >= version {
            return;
        }
        g.lock().stale = true;
        if g.has_listeners() {
            let _ = self.reload(&g).await;
        }
    }

    /// Marks stale, and reloads, the cached games whose stored version is
    /// not the one in memory.
    pub(crate) async fn recheck(&self) {
        for g in self.cached() {
            if g.pending.load(Ordering::Relaxed) > 0 {
                continue;
            }
            let id = g.id.clone();
            let Ok(stored) = self.base().readers().read(move |s| s.version(&id)).await else {
                continue;
            };
            if stored != g.head().history().len() {
                g.lock().stale = true;
                if g.has_listeners() {
                    let _ = self.reload(&g).await;
                }
            }
        }
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
async fn freshness(sheets: WeakSheets) {
    let Some(s) = sheets.upgrade() else { return };
    let mut foreign = s.base().foreign_writes();
    let mut tick = tokio::time::interval(s.base().limits().freshness);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut shutdown = s.base().shutdown();
    drop(s);
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let Some(s) = sheets.upgrade() else { return };
                s.base().poll_foreign();
            }
            r = foreign.changed() => {
                if r.is_err() { return; }
                let Some(s) = sheets.upgrade() else { return };
                s.recheck().await;
            }
            _ = shutdown.changed() => return,
        }
    }
}
