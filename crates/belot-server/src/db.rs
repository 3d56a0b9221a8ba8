//! The database, off the async runtime: one writer thread that owns the
//! write connection and commits queued writes in groups (one transaction
//! and one sync for many), and a small pool of read connections used from
//! blocking threads. Nothing here holds a lock across I/O that the
//! runtime's threads wait on.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use belot_store::{SqliteStore, Store, StoreError, Write, Written};
use tokio::sync::{Semaphore, mpsc, oneshot, watch};

use crate::limits::Limits;

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
    /// Dropped with the writer: the checkpointer then ends.
    _stop_checkpoints: std::sync::mpsc::Sender<()>,
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
    /// Starts the writer thread on `store`.
    pub fn start(store: SqliteStore, path: &Path, limits: &Limits) -> Result<Writer, StoreError> {
        store.set_busy_timeout(limits.busy_timeout)?;
        // Checkpoints run beside the writer, not inside a commit: a commit
        // that triggered one would wait for the database file's sync.
        let checkpoints = SqliteStore::open_reader(path)?;
        store.defer_checkpoints()?;
        let (queue, rx) = mpsc::channel(limits.write_queue.max(1));
        let (tx_foreign, foreign) = watch::channel(0);
        let max_batch = limits.max_batch.max(1);
        let thread = std::thread::Builder::new()
            .name("belot-writer".into())
            .spawn(move || write_loop(store, rx, tx_foreign, max_batch))
            .map_err(|e| StoreError::Io(format!("cannot start the writer: {e}")))?;
        let (stop, stopped) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("belot-checkpoint".into())
            .spawn(move || checkpoint_loop(&checkpoints, &stopped))
            .map_err(|e| StoreError::Io(format!("cannot start the checkpointer: {e}")))?;
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
    mut store: SqliteStore,
    mut rx: mpsc::Receiver<Msg>,
    foreign: watch::Sender<u64>,
    max_batch: usize,
) {
    let mut seen = store.data_version().unwrap_or(0);
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
        if let Ok(v) = store.data_version()
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
    path: PathBuf,
    idle: Mutex<Vec<SqliteStore>>,
    permits: Semaphore,
}

const MAX_READERS: usize = 8;

impl Readers {
    /// Read connections on the database at `path`.
    pub fn new(path: &Path) -> Arc<Readers> {
        Arc::new(Readers {
            path: path.to_path_buf(),
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(MAX_READERS),
        })
    }

    /// Runs `f` on a read connection on a blocking thread.
    pub async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&SqliteStore) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let _permit = self.permits.acquire().await.map_err(|_| StoreError::Busy)?;
        let me = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let conn = me.idle.lock().unwrap_or_else(|p| p.into_inner()).pop();
            let conn = match conn {
                Some(c) => c,
                None => SqliteStore::open_reader(&me.path)?,
            };
            let r = f(&conn);
            me.idle.lock().unwrap_or_else(|p| p.into_inner()).push(conn);
            r
        })
        .await
        .map_err(|e| StoreError::Io(format!("a read failed: {e}")))?
    }
}
