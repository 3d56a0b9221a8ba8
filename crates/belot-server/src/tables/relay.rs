//! Commands between processes that share a PostgreSQL database: a table's
//! changes go to the one process that serves it (holds its lease), and its
//! answer comes back, both as the database's notifications (the store's
//! messages). What a seat or spectator sees is not relayed: every process
//! reads the stored table when the database says it changed and builds
//! each seat's view itself, with the same code as the serving process.
//!
//! A message is JSON: an [`Note::Ask`] names the asking process and a
//! request number, the [`Note::Answer`] carries that number back. An
//! answer that does not come within `--request-timeout` is a 503: the
//! command may or may not have been applied, and since each action names
//! the table's change count (`seq`), sending it again is safe.

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use belot_core::Seat;
use belot_store::{SheetId, Write};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::oneshot;

use super::room::What;
use crate::base::Base;
use crate::base::error::{ApiError, ApiResult};

/// A command for the process serving a table.
#[derive(Serialize, Deserialize, Debug, Clone)]
#[serde(tag = "do", rename_all = "snake_case")]
pub(crate) enum Remote {
    /// Take a seat.
    Join { seat: Option<Seat>, name: String },
    /// A seated person's command.
    Do { seat: Seat, secret: String, what: What },
    /// Someone is connected to the table through the asking process (its
    /// bots may play); needs no answer.
    Here,
}

/// A refusal as it travels between processes.
#[derive(Serialize, Deserialize, Debug)]
struct Refusal {
    status: u16,
    code: String,
    message: String,
}

/// One message between processes.
#[derive(Serialize, Deserialize, Debug)]
#[serde(tag = "note", rename_all = "snake_case")]
enum Note {
    Ask { from: String, req: u64, table: SheetId, cmd: Remote },
    Answer { req: u64, result: Result<Value, Refusal> },
}

/// The codes a serving process may answer with; any other reads as
/// `storage` (the code of an [`ApiError`] is static).
const CODES: &[&str] = &[
    "no_seat",
    "seat_taken",
    "not_your_seat",
    "bad_name",
    "not_your_turn",
    "waiting",
    "stale",
    "bad_seats",
    "illegal",
    "finished",
    "invalid",
    "not_found",
    "busy",
    "moved",
    "too_many_tables",
    "read_only",
    "disk_full",
    "storage",
];

impl From<&ApiError> for Refusal {
    fn from(e: &ApiError) -> Refusal {
        Refusal { status: e.status.as_u16(), code: e.code.into(), message: e.message.clone() }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        let code = CODES.iter().copied().find(|c| *c == r.code).unwrap_or("storage");
        let status = StatusCode::from_u16(r.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut e = ApiError::new(status, code, r.message);
        if status == StatusCode::SERVICE_UNAVAILABLE {
            e.retry_after = Some(1);
        }
        e
    }
}

/// This process among those sharing the database: its name, whether
/// others may share it, and the commands it forwarded that wait for
/// their answers.
pub(crate) struct Relay {
    base: Base,
    node: String,
    shared: bool,
    asked: Asked,
}

/// A command another process forwarded, for the tables here to run and
/// [`Relay::answer`].
pub(crate) struct Request {
    /// The asking process.
    pub from: String,
    /// Its number for the request, sent back with the answer.
    pub req: u64,
    pub table: SheetId,
    pub cmd: Remote,
}

impl Relay {
    /// This process, named `node`; `shared` where other processes may
    /// share the database (PostgreSQL).
    pub(crate) fn new(base: Base, node: String, shared: bool) -> Relay {
        Relay { base, node, shared, asked: Asked::default() }
    }

    /// This process's name among those sharing a database (random at each
    /// start): the holder of the card tables it serves.
    pub(crate) fn node(&self) -> &str {
        &self.node
    }

    /// Whether other processes may share the database: card tables are
    /// then leased.
    pub(crate) fn shared(&self) -> bool {
        self.shared
    }

    /// Sends `cmd` for `table` to the process `to` and waits for its
    /// answer (at most `--request-timeout`, and no longer than a lease: a
    /// process silent that long may have died); at most `--max-forwarded`
    /// wait at once.
    pub(crate) async fn forward(&self, to: &str, table: &SheetId, cmd: Remote) -> ApiResult<Value> {
        let l = self.base.limits();
        let (req, rx) = self.asked.ask(l.max_forwarded)?;
        let _unask = Unask(&self.asked, req);
        let from = self.node.clone();
        let note = Note::Ask { from, req, table: table.clone(), cmd };
        self.send(to, &note).await?;
        match tokio::time::timeout(l.request_timeout.min(l.table_lease), rx).await {
            Ok(Ok(r)) => r,
            _ => Err(ApiError::unavailable(
                "busy",
                "the server process holding this table did not answer: look at the table and try \
                 again",
            )),
        }
    }

    /// Tells the serving process that someone is connected here.
    pub(crate) fn here(&self, to: &str, table: &SheetId) {
        let note =
            Note::Ask { from: self.node.clone(), req: 0, table: table.clone(), cmd: Remote::Here };
        if let (Ok(body), Ok(permit)) = (serde_json::to_string(&note), self.base.reserve()) {
            // Nobody waits for it: a lost one is said again a third of a lease later.
            permit.send(Base::job(Write::Message { to: to.into(), body }).0);
        }
    }

    async fn send(&self, to: &str, note: &Note) -> ApiResult<()> {
        let body = serde_json::to_string(note)
            .map_err(|e| ApiError::from(belot_store::StoreError::Io(e.to_string())))?;
        self.base.write(Write::Message { to: to.into(), body }).await?;
        Ok(())
    }

    /// Reads a message this process heard: an answer goes to the request
    /// waiting for it; a command another process forwarded is returned,
    /// for the tables to run.
    pub(crate) fn heard(&self, body: &str) -> Option<Request> {
        match serde_json::from_str::<Note>(body) {
            Ok(Note::Answer { req, result }) => {
                self.asked.answered(req, result.map_err(ApiError::from));
                None
            }
            Ok(Note::Ask { from, req, table, cmd }) => Some(Request { from, req, table, cmd }),
            Err(e) => {
                eprintln!("belot serve: an unreadable message from another process: {e}");
                None
            }
        }
    }

    /// Sends the process that forwarded request `req` its outcome.
    pub(crate) async fn answer(&self, from: &str, req: u64, result: ApiResult<Value>) {
        let result = result.map_err(|e| Refusal::from(&e));
        if let Err(e) = self.send(from, &Note::Answer { req, result }).await {
            eprintln!("belot serve: cannot answer process {from}: {}", e.message);
        }
    }
}

/// An answer's value as what the command returns.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(v: Value) -> ApiResult<T> {
    serde_json::from_value(v)
        .map_err(|e| ApiError::from(belot_store::StoreError::Io(format!("relay: {e}"))))
}

/// Forgets a request once its caller stops waiting.
struct Unask<'a>(&'a Asked, u64);

impl Drop for Unask<'_> {
    fn drop(&mut self) {
        self.0.forget(self.1);
    }
}

/// Pending requests: each waits for its answer.
#[derive(Default)]
pub(crate) struct Asked {
    next: std::sync::atomic::AtomicU64,
    waiting: std::sync::Mutex<std::collections::HashMap<u64, oneshot::Sender<ApiResult<Value>>>>,
}

impl Asked {
    fn waiting(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<u64, oneshot::Sender<ApiResult<Value>>>>
    {
        self.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new request, unless `max` wait already.
    pub(crate) fn ask(&self, max: usize) -> ApiResult<(u64, oneshot::Receiver<ApiResult<Value>>)> {
        let mut w = self.waiting();
        if w.len() >= max {
            return Err(ApiError::unavailable(
                "busy",
                "too many commands are waiting for other server processes: try again",
            ));
        }
        let req = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let (tx, rx) = oneshot::channel();
        w.insert(req, tx);
        Ok((req, rx))
    }

    pub(crate) fn forget(&self, req: u64) {
        self.waiting().remove(&req);
    }

    pub(crate) fn answered(&self, req: u64, r: ApiResult<Value>) {
        if let Some(tx) = self.waiting().remove(&req) {
            let _ = tx.send(r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Asked;

    /// At most `--max-forwarded` commands wait for another process; one
    /// answered or given up frees its place, and a late answer is dropped.
    #[test]
    fn forwarded_commands_waiting_are_bounded() {
        let asked = Asked::default();
        let (first, _rx1) = asked.ask(2).unwrap();
        let (second, rx2) = asked.ask(2).unwrap();
        let refused = asked.ask(2).unwrap_err();
        assert_eq!(refused.code(), "busy");
        asked.forget(first);
        let (_third, _rx3) = asked.ask(2).unwrap();
        asked.answered(second, Ok(serde_json::json!(7)));
        assert_eq!(rx2.blocking_recv().unwrap().unwrap(), 7);
        asked.answered(first, Ok(serde_json::json!(8)));
        assert!(asked.ask(2).is_ok(), "the answered request's place is free");
    }
}
