//! The database, off the async runtime: one writer thread that owns the
//! write connection and commits queued writes in groups (one transaction
//! and one sync for many), and a small pool of read connections used from
//! blocking threads. Nothing here holds a lock across I/O that the
//! runtime's threads wait on.

use std::sync::{Arc, Mutex};

use belot_store::{Location, PgStore, SqliteStore, Store, StoreError, Write, Written};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

use super::limits::Limits;

/// A write and where to send its outcome.
pub(crate) struct Job {
    pub write: Write,
    pub done: oneshot::Sender<Result<Written, StoreError>>,
}

/// What the writer thread is told.
pub(crate) enum Msg {
    /// Commit this write (with whatever else is waiting).
    Write(Job),
    /// Look for commits made by other programs.
    Poll,
    /// Commit what is queued, then end.
    Stop,
}

/// The writer thread's handle: a bounded queue into it, and a counter it
/// bumps when another program has changed the database.
pub(crate) struct Writer {
    pub queue: mpsc::Sender<Msg>,
    pub foreign: watch::Receiver<u64>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// Dropped with the writer: the checkpointer (SQLite) then ends.
    _stop_checkpoints: Option<std::sync::mpsc::Sender<()>>,
}

/// A store for the writer thread: on SQLite, with its busy timeout set
/// and its checkpoints moved to a thread beside it (whose stop is given
/// back).
type Opened = (Box<dyn Store + Send>, Option<std::sync::mpsc::Sender<()>>);

fn open_writer(loc: &Location, limits: &Limits) -> Result<Opened, StoreError> {
    let path = match loc {
        Location::Postgres(url) => return Ok((Box::new(PgStore::open(url)?), None)),
        Location::Sqlite(path) => path,
    };
    let store = SqliteStore::open(path)?;
    store.set_busy_timeout(limits.busy_timeout)?;
    // Checkpoints run beside the writer, not inside a commit: a commit
    // that triggered one would wait for the database file's sync.
    let checkpoints = SqliteStore::open_reader(path)?;
    store.defer_checkpoints()?;
    let (stop, stopped) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("belot-checkpoint".into())
        .spawn(move || checkpoint_loop(&checkpoints, &stopped))
        .map_err(|e| StoreError::Io(format!("cannot start the checkpointer: {e}")))?;
    Ok((Box::new(store), Some(stop)))
}

/// How often the journal is copied into the database file.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

fn checkpoint_loop(store: &SqliteStore, stop: &std::sync::mpsc::Receiver<()>) {
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stop.recv_timeout(CHECKPOINT_EVERY)
    {
        // Busy is fine: the next round copies what this one could not.
        match store.checkpoint() {
            Ok(_) | Err(StoreError::Busy) => {}
            Err(e) => eprintln!("belot serve: checkpoint: {e}"),
        }
    }
}

impl Writer {
    /// Starts the writer thread, which opens the store at `loc` (a
    /// PostgreSQL client runs its own runtime, so it is made off the
    /// async one); returns once it is open.
    pub fn start(loc: &Location, limits: &Limits) -> Result<Writer, StoreError> {
        let (queue, rx) = mpsc::channel(limits.write_queue.max(1));
        let (tx_foreign, foreign) = watch::channel(0);
        let max_batch = limits.max_batch.max(1);
        let (opened, open) = std::sync::mpsc::channel();
        let (loc, limits) = (loc.clone(), limits.clone());
        let thread = std::thread::Builder::new()
            .name("belot-writer".into())
            .spawn(move || match open_writer(&loc, &limits) {
                Ok((store, stop)) => {
                    let _ = opened.send(Ok(stop));
                    write_loop(store, rx, tx_foreign, max_batch)
                }
                Err(e) => {
                    let _ = opened.send(Err(e));
                }
            })
            .map_err(|e| StoreError::Io(format!("cannot start the writer: {e}")))?;
        let stop = open.recv().map_err(|_| StoreError::Io("the writer did not start".into()))??;
        Ok(Writer { queue, foreign, thread: Mutex::new(Some(thread)), _stop_checkpoints: stop })
    }

    /// Waits (on a blocking thread) until every queued write is committed
    /// and the thread has ended; called once the senders are gone.
    pub fn join(&self) {
        let handle = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(h) = handle {
            let _ = h.join();
        }
    }
}

fn write_loop(
    mut store: Box<dyn Store + Send>,
    mut rx: mpsc::Receiver<Msg>,
    foreign: watch::Sender<u64>,
    max_batch: usize,
) {
    let mut seen = store.changed_elsewhere().ok().flatten();
    let mut jobs = Vec::with_capacity(max_batch);
    let mut stop = false;
    while !stop {
        let Some(first) = rx.blocking_recv() else { break };
        stop |= take(first, &mut jobs);
        // Group commit: everything already waiting goes in the same
        // transaction.
        while jobs.len() < max_batch && !stop {
            match rx.try_recv() {
                Ok(m) => stop |= take(m, &mut jobs),
                Err(_) => break,
            }
        }
        // Another program's commit since the last look (ours do not
        // change data_version on this connection).
        if let Ok(v) = store.changed_elsewhere()
            && v.is_some()
            && v != seen
        {
            seen = v;
            foreign.send_modify(|n| *n += 1);
        }
        if jobs.is_empty() {
            continue;
        }
        let writes: Vec<Write> = jobs.iter().map(|j: &Job| j.write.clone()).collect();
        let results = store.write_batch(&writes);
        for (job, r) in jobs.drain(..).zip(results) {
            if let Err(
                e @ (StoreError::Io(_) | StoreError::Database(_) | StoreError::ReadOnly(_)),
            ) = &r
            {
                eprintln!("belot serve: database: {e}");
            }
            let _ = job.done.send(r);
        }
    }
}

/// Adds a message's job to the batch; true for `Stop`.
fn take(m: Msg, jobs: &mut Vec<Job>) -> bool {
    match m {
        Msg::Write(j) => jobs.push(j),
        Msg::Poll => {}
        Msg::Stop => return true,
    }
    false
}

/// Read connections, opened as needed and kept for reuse, used only on
/// blocking threads (at most `MAX_READERS` at once).
pub(crate) struct Readers {
    loc: Location,
    idle: Mutex<Vec<Box<dyn Store + Send>>>,
    permits: Semaphore,
}

const MAX_READERS: usize = 8;

impl Drop for Readers {
    /// Closes the idle connections on a thread of their own: a PostgreSQL
    /// client closes through its own runtime, which cannot run on the
    /// async one's threads.
    fn drop(&mut self) {
        let idle = std::mem::take(&mut *self.idle.lock().unwrap_or_else(|p| p.into_inner()));
        if !idle.is_empty() {
            let _ =
                std::thread::Builder::new().name("belot-close".into()).spawn(move || drop(idle));
        }
    }
}

impl Readers {
    /// Read connections on the database at `loc`.
    pub fn new(loc: &Location) -> Arc<Readers> {
        Arc::new(Readers {
            loc: loc.clone(),
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(MAX_READERS),
        })
    }

    /// Runs `f` on a read connection on a blocking thread.
    pub async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let _permit = self.permits.acquire().await.map_err(|_| StoreError::Busy)?;
        let me = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let conn = me.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
            let conn = match conn {
                Some(c) => c,
                None => me.loc.open_reader()?,
            };
            let r = f(conn.as_ref());
            me.idle.lock().unwrap_or_else(|p| p.into_inner()).push(conn);
            r
        })
        .await
        .map_err(|e| StoreError::Io(format!("a read failed: {e}")))?
    }
}
