//! A card table in memory as the handlers see it: a [`Room`] (its
//! actor's queue, the latest messages for its seats and spectators, who is
//! connected) and what can be asked of it ([`Cmd`], [`What`]). The actor
//! that alone changes the table is `actor.rs`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize};

use axum::body::Bytes;
use axum::http::StatusCode;
use belot_core::{Action, Game, MatchRecord, Seat};
use belot_store::SheetId;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot, watch};

use super::table::{Table, TableError, Viewer};
use crate::base::error::{ApiError, ApiResult};
use crate::base::fair::PerAddress;

pub(crate) use belot_solver::bots::Level;

/// What a table stores besides its match and seats.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Settings {
    /// Seconds a person has to act before the bot plays for them; 0: no
    /// timer.
    #[serde(default)]
    pub timer: u32,
    /// The score sheet its deals are written to, once one is finished.
    #[serde(default)]
    pub sheet: Option<SheetId>,
    /// That sheet's read-only id.
    #[serde(default)]
    pub sheet_view: Option<SheetId>,
    /// Deals written to the sheet.
    #[serde(default)]
    pub recorded: usize,
    /// The sheet is marked as kept by the table (tables of older versions
    /// gave every seat its edit id: their deals go to a new sheet).
    #[serde(default)]
    pub sheet_kept: bool,
    /// "Tap to continue": after each trick the bots wait until a person
    /// at the table has seen it and tapped (or the turn timer ran out).
    #[serde(default)]
    pub tap: bool,
}

/// The messages of one state of a table: one per seat and one for
/// spectators, each serialised once.
pub(crate) struct Frame {
    pub seats: Vec<Bytes>,
    pub spectator: Bytes,
}

impl Frame {
    pub(crate) fn for_viewer(&self, v: Viewer) -> Bytes {
        match v {
            Viewer::Seat(s) => self.seats.get(s.index()).cloned().unwrap_or_default(),
            Viewer::Spectator => self.spectator.clone(),
        }
    }
}

/// What a seated person asks of the table.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub(crate) enum What {
    /// Nothing: checks the seat's secret.
    Hello,
    /// An action of the game, chosen on the table as of `seq`.
    Act { seq: u64, action: Action },
    /// Deal the next deal (once this one is over), as of `seq`.
    Next { seq: u64 },
    /// Put a bot of this level in an open seat.
    Bot { seat: Seat, level: Level },
    /// Leave the table: a strong bot plays on in the seat.
    Leave,
    /// The trick finished at change `seq` was seen: with "tap to
    /// continue" on, the bots may play on.
    Continue { seq: u64 },
}

pub(crate) enum Cmd {
    Join {
        seat: Option<Seat>,
        name: String,
        /// Forwarded by another process (never forwarded again).
        remote: bool,
        reply: oneshot::Sender<ApiResult<(Seat, String)>>,
    },
    Do {
        seat: Seat,
        secret: String,
        what: What,
        remote: bool,
        reply: oneshot::Sender<ApiResult<u64>>,
    },
    /// Someone connected: a bot waiting for company may play.
    Nudge,
    /// Someone is connected to the table through another process.
    Here,
    /// The table was stored by another process: a follower reloads it.
    Refresh,
    /// The table is put away (too many in memory): end after what is
    /// queued before this.
    Stop,
    /// The match's record up to its last finished deal, with the names.
    Record { reply: oneshot::Sender<ApiResult<MatchRecord>> },
}

/// A table in memory, as the handlers see it.
pub(crate) struct Room {
    pub id: SheetId,
    pub view: SheetId,
    /// The actor's queue.
    pub(super) tx: mpsc::Sender<Cmd>,
    pub frames: watch::Receiver<Arc<Frame>>,
    /// Connections open to the table (players and spectators): while
    /// there is one, the bots play.
    pub watchers: Arc<AtomicUsize>,
    /// Connections through the spectators' link.
    pub spectators: AtomicUsize,
    /// The same, by address (`--max-spectators-per-address`).
    pub spectators_by_addr: Arc<PerAddress>,
    /// Connections through the table's own link (people who may sit).
    pub players: AtomicUsize,
    pub used: AtomicU64,
    /// Tells this start of the table from a later one.
    pub generation: u64,
}

impl Room {
    /// Sends a command; `None` when the actor has ended (the table was put
    /// away): the caller loads it again.
    pub(crate) fn send(&self, cmd: Cmd) -> ApiResult<Option<()>> {
        match self.tx.try_send(cmd) {
            Ok(()) => Ok(Some(())),
            Err(mpsc::error::TrySendError::Full(_)) => Err(ApiError::unavailable(
                "busy",
                "this table is busy: nothing was changed; try again",
            )),
            Err(mpsc::error::TrySendError::Closed(_)) => Ok(None),
        }
    }

    pub(crate) fn nudge(&self) {
        let _ = self.tx.try_send(Cmd::Nudge);
    }

    pub(crate) fn stop(&self) {
        let _ = self.tx.try_send(Cmd::Stop);
    }
}

/// A table error as the API answers it.
pub(crate) fn refused(e: TableError) -> ApiError {
    let status = match e {
        TableError::NoSeat => StatusCode::NOT_FOUND,
        TableError::NotYours => StatusCode::FORBIDDEN,
        TableError::Taken
        | TableError::Stale { .. }
        | TableError::NotYourTurn
        | TableError::Waiting => StatusCode::CONFLICT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    let message = match &e {
        TableError::NoSeat => "no such seat at this table".to_string(),
        TableError::Taken => "this seat is taken: choose another".to_string(),
        TableError::NotYours => "this is not your seat (its secret does not match)".to_string(),
        TableError::BadName => format!(
            "a name is 1 to {} characters, no control, invisible or text-direction characters",
            super::table::NAME_MAX
        ),
        TableError::NotYourTurn => "it is not your turn".to_string(),
        TableError::Waiting => {
            "the table waits for its free seats to be taken (or given to bots)".to_string()
        }
        TableError::Stale { seq } => format!("the table moved on (now at {seq}): look again"),
        TableError::BadSeats(m) => m.clone(),
        TableError::Game(g) => g.to_string(),
    };
    let refused = ApiError::new(status, e.code(), message);
    match &e {
        TableError::Game(g) => refused.with_reason(&g.refusal()),
        _ => refused,
    }
}

/// A new random secret or id.
pub(crate) fn secret() -> ApiResult<String> {
    Ok(SheetId::random()?.to_string())
}

/// A new table of `game`, its decks shuffled from the system's
/// randomness.
pub(crate) fn new_table(game: &Game) -> ApiResult<Table> {
    let decks = super::table::os_decks().map_err(|e| refused(TableError::Game(e)))?;
    Table::new(game, decks).map_err(|e| refused(TableError::Game(e)))
}
