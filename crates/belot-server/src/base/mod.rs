//! The server's base: what the score sheets, the card tables and every
//! route share. The database (the writer thread and the read
//! connections), the limits, each address's fair share, the count of live
//! streams, the rate of new games and tables, and the shutdown signal.
//! Nothing here knows of the sheets or the tables.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use belot_store::{Location, StoreError, StoreEvent, Write, Written};
use tokio::sync::{mpsc, oneshot, watch};

pub(crate) mod db;
pub(crate) mod error;
pub(crate) mod fair;
pub(crate) mod http;
pub(crate) mod limits;

use db::{Job, Msg, Readers, Writer};
use error::{ApiError, ApiResult};
use fair::Fair;
use limits::Limits;

/// The shared base. Cloning is cheap (one `Arc`).
#[derive(Clone)]
pub(crate) struct Base {
    inner: Arc<Inner>,
}

struct Inner {
    limits: Limits,
    writer: Writer,
    readers: Arc<Readers>,
    /// Live streams open in all: score sheets' listeners and tables'
    /// spectators (`--max-listeners` counts both).
    listeners: AtomicUsize,
    /// New games and tables per address and minute: one limit for both.
    creates: Mutex<HashMap<IpAddr, (Instant, u32)>>,
    /// Set when the server is shutting down: live streams end.
    shutdown: watch::Sender<bool>,
    /// Set at shutdown: the PostgreSQL listener thread then ends.
    stop_listening: Arc<AtomicBool>,
    /// What each client address holds of the server-wide limits.
    fair: Fair,
}

/// Most client addresses remembered for the creation rate limit.
const MAX_CLIENTS: usize = 10_000;

/// Where a write's outcome arrives.
pub(crate) type Outcome = oneshot::Receiver<Result<Written, StoreError>>;

impl Base {
    /// Starts the writer thread on the store at `loc` and opens the read
    /// connections' pool.
    pub(crate) fn open(loc: &Location, limits: Limits) -> Result<Base, StoreError> {
        let writer = Writer::start(loc, &limits)?;
        let inner = Inner {
            readers: Readers::new(loc),
            writer,
            listeners: AtomicUsize::new(0),
            creates: Mutex::new(HashMap::new()),
            shutdown: watch::Sender::new(false),
            stop_listening: Arc::default(),
            fair: Fair::new(&limits),
            limits,
        };
        Ok(Base { inner: Arc::new(inner) })
    }

    /// The server's limits.
    pub(crate) fn limits(&self) -> &Limits {
        &self.inner.limits
    }

    /// The read connections.
    pub(crate) fn readers(&self) -> &Arc<Readers> {
        &self.inner.readers
    }

    /// Each address's share of the server-wide limits.
    pub(crate) fn fair(&self) -> &Fair {
        &self.inner.fair
    }

    /// Live streams open in all (`--max-listeners`).
    pub(crate) fn listeners(&self) -> &AtomicUsize {
        &self.inner.listeners
    }

    /// Turns true when the server begins to shut down.
    pub(crate) fn shutdown(&self) -> watch::Receiver<bool> {
        self.inner.shutdown.subscribe()
    }

    /// Ends the live streams and the PostgreSQL listener.
    pub(crate) fn begin_shutdown(&self) {
        self.inner.shutdown.send_replace(true);
        self.inner.stop_listening.store(true, Ordering::Relaxed);
    }

    /// Hears the changes other processes commit to the PostgreSQL database
    /// at `url` (its notifications, on a thread of its own, until
    /// shutdown): what the sheets and tables act on arrives on the
    /// receiver.
    pub(crate) fn listen(&self, url: String) -> Result<mpsc::Receiver<StoreEvent>, StoreError> {
        let (tx, rx) = mpsc::channel(1024);
        let stop = Arc::clone(&self.inner.stop_listening);
        std::thread::Builder::new()
            .name("belot-listen".into())
            .spawn(move || {
                belot_store::watch_changes(&url, &stop, |e| {
                    let _ = tx.blocking_send(e);
                })
            })
            .map_err(|e| StoreError::Io(format!("cannot start the listener: {e}")))?;
        Ok(rx)
    }

    /// Sends a write to the writer thread and waits for its commit.
    pub(crate) async fn write(&self, w: Write) -> Result<Written, StoreError> {
        let (msg, rx) = Base::job(w);
        self.inner.writer.queue.try_reserve().map_err(|_| StoreError::Busy)?.send(msg);
        self.outcome(rx).await
    }

    /// A place in the writer's queue, or 503 when it is full. Taken
    /// first, under the game's lock when order matters.
    pub(crate) fn reserve(&self) -> ApiResult<mpsc::Permit<'_, Msg>> {
        self.inner.writer.queue.try_reserve().map_err(|_| {
            ApiError::unavailable("busy", "the server is busy: nothing was changed; try again")
        })
    }

    /// Queues a write, waiting for room if need be but not for its commit
    /// (at shutdown, when nobody waits for the answer).
    pub(crate) async fn queue(&self, w: Write) {
        let _ = self.inner.writer.queue.send(Base::job(w).0).await;
    }

    /// A write job and the receiver of its outcome.
    pub(crate) fn job(write: Write) -> (Msg, Outcome) {
        let (done, rx) = oneshot::channel();
        (Msg::Write(Job { write, done }), rx)
    }

    /// Waits for a write's outcome, at most the request timeout.
    pub(crate) async fn outcome(&self, rx: Outcome) -> Result<Written, StoreError> {
        match tokio::time::timeout(self.inner.limits.request_timeout, rx).await {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => Err(StoreError::Io("the writer stopped".into())),
            Err(_) => Err(StoreError::Busy),
        }
    }

    /// Bumped when the writer saw another program's commit.
    pub(crate) fn foreign_writes(&self) -> watch::Receiver<u64> {
        self.inner.writer.foreign.clone()
    }

    /// Asks the writer to look for other programs' commits. Only into an
    /// empty queue: a busy writer looks before each commit anyway, and
    /// polls must not crowd out writes.
    pub(crate) fn poll_foreign(&self) {
        let q = &self.inner.writer.queue;
        if q.capacity() == q.max_capacity() {
            let _ = q.try_send(Msg::Poll);
        }
    }

    /// Commits every write already queued and stops the writer thread;
    /// returns once they are on disk.
    pub(crate) async fn finish(&self) {
        let _ = self.inner.writer.queue.send(Msg::Stop).await;
        let inner = Arc::clone(&self.inner);
        let _ = tokio::task::spawn_blocking(move || inner.writer.join()).await;
    }

    /// Counts a game or table started by `ip`; refuses past the
    /// per-minute limit.
    pub(crate) fn allow_create(&self, ip: Option<IpAddr>) -> ApiResult<()> {
        let Some(ip) = ip.map(http::client) else { return Ok(()) };
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
}
