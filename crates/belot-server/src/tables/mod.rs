//! The card tables: each table in memory is a [`room::Room`] whose
//! [`actor`] alone changes it, by the rules of [`table`]; several
//! processes on one PostgreSQL database share the tables through
//! [`relay`]. What they hold is [`state::Tables`]; here, above the actor:
//! finding a table (in memory, or loaded and started), making one,
//! sending it a command, and what other processes say. Their HTTP handlers
//! are `play.rs`.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use belot_store::{SheetId, Write};
use serde_json::json;
use tokio::sync::oneshot;

use crate::base::error::{ApiError, ApiResult};

pub(crate) mod actor;
pub(crate) mod relay;
pub(crate) mod room;
pub(crate) mod state;
pub mod table;

use relay::{Remote, Request};
use room::{Cmd, Room, Settings};
pub(crate) use state::{Tables, WeakTables};
use table::Table;

impl Tables {
    /// A card table by its id: in memory, or loaded from the store and
    /// started.
    pub(crate) async fn room(&self, id: &SheetId) -> ApiResult<Arc<Room>> {
        let live = self.live_room(id);
        let r = match live {
            Some(r) => r,
            None => {
                let id = id.clone();
                let st = self.base().readers().read(move |s| s.load_table(&id)).await?;
                let (table, settings) = actor::restore(&st)?;
                self.add_room(st.id, st.view, table, settings)?
            }
        };
        r.used.store(self.tick(), Ordering::Relaxed);
        Ok(r)
    }

    /// A card table by its read-only id.
    pub(crate) async fn room_by_view(&self, view: &SheetId) -> ApiResult<Arc<Room>> {
        let known = self.rooms().views.get(view).cloned();
        let id = match known {
            Some(id) => id,
            None => {
                let v = view.clone();
                self.base().readers().read(move |s| s.table_by_view(&v)).await?
            }
        };
        self.room(&id).await
    }

    /// Stores a new table and starts it; this process serves it (holds
    /// its lease) from the start.
    pub(crate) async fn create_table(&self, t: Table, s: Settings) -> ApiResult<Arc<Room>> {
        let (id, view) = (SheetId::random()?, SheetId::random()?);
        let relay = self.relay();
        let mut row = actor::stored(&id, &view, &t, &s);
        row.owner = relay.shared().then(|| relay.node().to_string());
        self.base().write(Write::Table(row)).await?;
        if relay.shared() {
            let (owner, ttl) = (relay.node().to_string(), self.limits().table_lease);
            self.base().write(Write::Lease { id: id.clone(), owner, ttl }).await?;
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
        if rooms.live.len() >= self.limits().max_tables {
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
        let generation = self.tick();
        let ids = (id.clone(), view.clone());
        let r = Arc::new(actor::start(self, ids, generation, t, s));
        rooms.views.insert(view, id.clone());
        rooms.live.insert(id, Arc::clone(&r));
        Ok(r)
    }

    /// Sends a command to a table's actor and waits for its answer; once
    /// more if the table was being put away.
    pub(crate) async fn command<T>(
        &self,
        id: &SheetId,
        make: impl Fn(oneshot::Sender<ApiResult<T>>) -> Cmd,
    ) -> ApiResult<(Arc<Room>, T)> {
        for _ in 0..3 {
            let room = self.room(id).await?;
            let (tx, rx) = oneshot::channel();
            if room.send(make(tx))?.is_none() {
                self.forget_room(id, room.generation);
                continue;
            }
            match tokio::time::timeout(self.limits().request_timeout, rx).await {
                Ok(Ok(r)) => return r.map(|v| (room, v)),
                Ok(Err(_)) => continue,
                Err(_) => break,
            }
        }
        Err(ApiError::unavailable("busy", "this table is busy: try again"))
    }

    /// The database said another process stored table `id`: a follower
    /// here reloads it.
    pub(crate) fn refresh(&self, id: &SheetId) {
        if let Some(r) = self.live_room(id) {
            let _ = r.send(Cmd::Refresh);
        }
    }

    /// What other processes said was missed (the connection to the
    /// database was lost): every table in memory reloads.
    pub(crate) fn refresh_all(&self) {
        let rooms: Vec<_> = self.rooms().live.values().cloned().collect();
        for r in rooms {
            let _ = r.send(Cmd::Refresh);
        }
    }

    /// A message the database carried to process `to`: if it is this
    /// one, an answer goes to its request, and a forwarded command runs
    /// (on a task of its own) and is answered.
    pub(crate) fn heard(&self, to: &str, body: &str) {
        if to != self.relay().node() {
            return;
        }
        if let Some(request) = self.relay().heard(body) {
            tokio::spawn(self.clone().answer(request));
        }
    }

    async fn answer(self, r: Request) {
        let Request { from, req, table, cmd } = r;
        let result = match cmd {
            Remote::Here => {
                if let Some(room) = self.live_room(&table) {
                    let _ = room.send(Cmd::Here);
                }
                return;
            }
            Remote::Join { seat, name } => {
                let make = |reply| Cmd::Join { seat, name: name.clone(), remote: true, reply };
                self.command(&table, make).await.map(|(_, v)| json!(v))
            }
            Remote::Do { seat, secret, what } => {
                let make = |reply| Cmd::Do {
                    seat,
                    secret: secret.clone(),
                    what: what.clone(),
                    remote: true,
                    reply,
                };
                self.command(&table, make).await.map(|(_, v)| json!(v))
            }
        };
        self.relay().answer(&from, req, result).await;
    }

    /// Gives up the leases of the tables this process serves, so that
    /// another process serves them at once (at shutdown).
    pub(crate) async fn give_up(&self) {
        if !self.relay().shared() {
            return;
        }
        let ids: Vec<SheetId> = self.rooms().live.keys().cloned().collect();
        for id in ids {
            let (ttl, owner) = (Duration::ZERO, self.relay().node().to_string());
            self.base().queue(Write::Lease { id, owner, ttl }).await;
        }
    }
}
