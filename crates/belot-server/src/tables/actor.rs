//! The actor of a card table. Each table in memory is owned by one task:
//! it takes the players' commands from a bounded queue one at a time,
//! stores the table after each change and only then sends every seat and
//! spectator its own message: the latest one, so a connection that falls
//! behind skips to the current state and the server never holds a queue
//! of old messages for it. Bots think on the bot pool, off the async
//! runtime, and only while someone is connected to the table.
//!
//! Where several processes share a PostgreSQL database, one of them serves
//! a table at a time: the one holding its lease in the database, renewed
//! every third of `--table-lease`. An actor on any other process follows:
//! it shows its connections the stored state (reloaded when the database
//! says the table changed), checks seats' secrets itself, and forwards
//! every change to the serving process ([`super::relay`]). When that
//! process stops renewing (it died), a follower takes the lease, reloads
//! the table from its stored record and serves it: same seats, same state.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::StatusCode;
use belot_core::{Action, Match, MatchRecord, Seat};
use belot_score::{Change, DealInput, Setup, Sheet};
use belot_store::{SheetId, StoredTable, Write, Written};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use super::relay::{self, Remote};
use super::room::{Cmd, Frame, Level, Room, Settings, What, refused, secret};
use super::state::Tables;
use super::table::{Message, SeatSpec, Table, TableError, Viewer};
use crate::base::error::{ApiError, ApiResult, moved};
use crate::base::fair::PerAddress;
use crate::sheets::change;

/// Commands waiting for one table's actor; past it a command gets 503.
const QUEUE: usize = 64;
/// The stored state of a table (JSON in the store's `state`).
#[derive(Serialize, Deserialize)]
struct State {
    record: MatchRecord,
    seats: Vec<SeatSpec>,
    #[serde(flatten)]
    settings: Settings,
}
/// The bots' own randomness (their sampling), apart from the decks.
fn bot_rng() -> ChaCha8Rng {
    let mut key = [0u8; 32];
    // Without the system's randomness the bots still play, less varied.
    let _ = getrandom::fill(&mut key);
    ChaCha8Rng::from_seed(key)
}

/// Starts the actor of a table; returns its room.
pub(crate) fn start(
    tables: &Tables,
    ids: (SheetId, SheetId),
    generation: u64,
    table: Table,
    s: Settings,
) -> Room {
    let (id, view) = ids;
    let (tx, rx) = mpsc::channel(QUEUE);
    let held = waits_for_tap(&table, &s, 0);
    let frame = build_frame(&table, &s, &view, tables.limits().trick_pause, held);
    let (frames_tx, frames) = watch::channel(Arc::new(frame));
    let watchers = Arc::new(AtomicUsize::new(0));
    let actor = Actor {
        tables: tables.clone(),
        id: id.clone(),
        view: view.clone(),
        table: Arc::new(Mutex::new(table)),
        frames: frames_tx,
        watchers: Arc::clone(&watchers),
        settings: s,
        rng: bot_rng(),
        wake: None,
        planned: 0,
        continued: 0,
        ready: None,
        due: Instant::now(),
        active: Instant::now(),
        generation,
        mode: Mode::Serve,
        lease_at: Instant::now(),
        remote_until: Instant::now(),
    };
    tokio::spawn(actor.run(rx));
    Room {
        id,
        view,
        tx,
        frames,
        watchers,
        spectators: AtomicUsize::new(0),
        spectators_by_addr: PerAddress::new(tables.limits().max_spectators_per_address),
        players: AtomicUsize::new(0),
        used: AtomicU64::new(0),
        generation,
    }
}

/// The table and its settings from the stored state.
pub(crate) fn restore(stored: &StoredTable) -> ApiResult<(Table, Settings)> {
    let bad = |m: String| {
        eprintln!("belot serve: table {}: {m}", stored.id);
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", "this table cannot be read")
    };
    let st: State = serde_json::from_str(&stored.state).map_err(|e| bad(e.to_string()))?;
    let decks = super::table::os_decks().map_err(|e| bad(e.to_string()))?;
    let t = Table::restore(&st.record, &st.seats, stored.seq, decks)
        .map_err(|e| bad(format!("{e:?}")))?;
    Ok((t, st.settings))
}

/// The stored form of a table.
pub(crate) fn stored(id: &SheetId, view: &SheetId, t: &Table, s: &Settings) -> StoredTable {
    let st = State { record: t.record(), seats: t.seats(), settings: s.clone() };
    // A record and seats always serialise.
    let state = serde_json::to_string(&st).unwrap_or_default();
    StoredTable { id: id.clone(), view: view.clone(), seq: t.seq(), state, owner: None }
}

/// What a seat or spectator is sent: the table's message and the links.
/// Sent after every change (the latest: a slow connection skips to it),
/// built from this seat's view only.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = TableState)]
pub(crate) struct Out<'a> {
    /// `state`.
    #[serde(rename = "type")]
    #[schema(value_type = String, pattern = "^state$")]
    kind: &'static str,
    /// The seat this message is for; null for spectators.
    #[schema(required = true)]
    you: Option<Seat>,
    /// Seconds a person has to act (0: no timer).
    timer: u32,
    /// Milliseconds a finished trick stays on the table before the bots
    /// play on (`--trick-pause`).
    pause: u64,
    /// "Tap to continue": the bots also wait for a person's tap.
    tap: bool,
    /// The bots wait for a person's tap now (a page that lost the moment,
    /// by a reload, shows the trick and the tap again).
    held: bool,
    /// The table's read-only id: the spectators' link.
    #[schema(value_type = String)]
    watch: &'a SheetId,
    /// The read-only id of the score sheet of the table's deals (the
    /// table alone writes it; the same for seats and spectators).
    #[schema(value_type = Option<String>, required = true)]
    sheet: Option<&'a SheetId>,
    #[serde(flatten)]
    msg: Message,
}

/// Whether the bots wait for a person's tap now: "tap to continue", a
/// trick just finished, a bot to lead the next, and no tap since.
fn waits_for_tap(t: &Table, s: &Settings, continued: u64) -> bool {
    s.tap && t.trick_just_done() && continued != t.seq() && t.to_act().is_some_and(|(_, bot)| bot)
}

fn build_frame(t: &Table, s: &Settings, watch: &SheetId, pause: Duration, held: bool) -> Frame {
    let one = |v: Viewer| {
        let you = match v {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        };
        let out = Out {
            kind: "state",
            you,
            timer: s.timer,
            pause: pause.as_millis() as u64,
            tap: s.tap,
            held,
            watch,
            sheet: s.sheet_view.as_ref(),
            msg: t.message(v),
        };
        Bytes::from(serde_json::to_vec(&out).unwrap_or_default())
    };
    let players = t.seats().len();
    Frame {
        seats: (0..players).map(|i| one(Viewer::Seat(Seat(i as u8)))).collect(),
        spectator: one(Viewer::Spectator),
    }
}

struct Actor {
    tables: Tables,
    id: SheetId,
    view: SheetId,
    /// Shared with the bot thread that thinks for it (never both at once:
    /// the actor waits for the thought).
    table: Arc<Mutex<Table>>,
    frames: watch::Sender<Arc<Frame>>,
    watchers: Arc<AtomicUsize>,
    settings: Settings,
    rng: ChaCha8Rng,
    /// When a bot plays next, or a person's time runs out.
    wake: Option<Instant>,
    /// The change count `wake` was planned at: someone connecting, or
    /// another process saying people are there, does not restart a bot's
    /// pause.
    planned: u64,
    /// The change count at which a person tapped to continue after a
    /// trick ("tap to continue").
    continued: u64,
    /// The bot's move, chosen as soon as its turn came (at this change
    /// count), and when it is shown: a pace after the turn came, however
    /// long the bot thought, so that no one learns from the time it took.
    ready: Option<(u64, Seat, Action)>,
    due: Instant,
    /// When something last happened.
    active: Instant,
    generation: u64,
    /// Serving the table, or following the process that does.
    mode: Mode,
    /// When the lease is renewed (or, following, asked for) next.
    lease_at: Instant,
    /// Until when someone connected through another process counts as
    /// present (they say so every third of the lease).
    remote_until: Instant,
}

/// Whether this process serves a table.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Mode {
    /// It holds the lease: it applies changes and runs bots and timers.
    Serve,
    /// Another process (named) does: changes are forwarded to it.
    Follow(String),
}

impl Actor {
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The table as this process stores it (naming itself, the lease's
    /// holder, where processes share the store).
    fn stored_row(&self) -> StoredTable {
        let mut row = stored(&self.id, &self.view, &self.table(), &self.settings);
        row.owner = self.tables.relay().shared().then(|| self.tables.relay().node().to_string());
        row
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Cmd>) {
        let shared = self.tables.relay().shared();
        if shared {
            // Serving or following is settled before any command.
            self.lease().await;
        }
        self.plan();
        loop {
            let idle = self.active + self.tables.limits().table_idle;
            let wake = self.wake;
            tokio::select! {
                c = rx.recv() => match c {
                    Some(Cmd::Stop) | None => break,
                    Some(c) => self.handle(c).await,
                },
                () = tokio::time::sleep_until(wake.unwrap_or(idle)), if wake.is_some() => {
                    self.wake().await;
                }
                () = tokio::time::sleep_until(self.lease_at), if shared => self.lease().await,
                () = tokio::time::sleep_until(idle) => {
                    if !self.present() {
                        break;
                    }
                    self.active = Instant::now();
                }
            }
        }
        // Put away: stored already; the next visit loads it again.
        self.tables.forget_room(&self.id, self.generation);
        if shared && self.mode == Mode::Serve {
            // Any process may serve it next, at once.
            let _ = self.tables.base().write(self.lease_write(Duration::ZERO)).await;
        }
    }

    /// Whether someone is connected to the table, here or through another
    /// process.
    fn present(&self) -> bool {
        self.watchers.load(Ordering::Relaxed) > 0 || self.remote_until > Instant::now()
    }

    fn lease_write(&self, ttl: Duration) -> Write {
        Write::Lease { id: self.id.clone(), owner: self.tables.relay().node().to_string(), ttl }
    }

    /// Renews the lease, or asks for it: a follower that gets it (the
    /// serving process died or put the table away) reloads the table and
    /// serves it; a server that lost it follows. A follower with people
    /// connected tells the serving process they are there.
    async fn lease(&mut self) {
        let ttl = self.tables.limits().table_lease;
        self.lease_at = Instant::now() + ttl / 3;
        let Ok(Written::Leased(holder)) = self.tables.base().write(self.lease_write(ttl)).await
        else {
            return;
        };
        match holder {
            None if self.mode != Mode::Serve => {
                self.reload().await;
                self.mode = Mode::Serve;
                self.plan();
            }
            None => {}
            Some(other) => self.follow(other).await,
        }
        if let Mode::Follow(owner) = &self.mode
            && self.watchers.load(Ordering::Relaxed) > 0
        {
            self.tables.relay().here(owner, &self.id);
        }
    }

    /// Follows the process that serves the table now.
    async fn follow(&mut self, owner: String) {
        let was_serving = self.mode == Mode::Serve;
        self.mode = Mode::Follow(owner);
        self.wake = None;
        if was_serving {
            self.reload().await;
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        self.active = Instant::now();
        if let Mode::Follow(owner) = &self.mode {
            let owner = owner.clone();
            return self.handle_following(cmd, &owner).await;
        }
        match cmd {
            Cmd::Join { seat, name, reply, .. } => {
                let r = self.join(seat, &name).await;
                let _ = reply.send(r);
            }
            Cmd::Do { seat, secret, what, reply, .. } => {
                let r = self.act(seat, &secret, what).await;
                let _ = reply.send(r);
            }
            Cmd::Record { reply } => {
                let _ = reply.send(Ok(finished_record(&self.table())));
            }
            Cmd::Here => self.remote_until = Instant::now() + self.tables.limits().table_lease,
            Cmd::Nudge | Cmd::Stop | Cmd::Refresh => {}
        }
        self.plan();
    }

    /// A command while another process serves the table: changes go to
    /// it (and the table is reloaded once it answers, so the answer and
    /// the state agree); a secret and the record are checked here.
    async fn handle_following(&mut self, cmd: Cmd, owner: &str) {
        match cmd {
            Cmd::Join { reply, remote: true, .. } => {
                let _ = reply.send(Err(moved()));
            }
            Cmd::Do { reply, remote: true, .. } => {
                let _ = reply.send(Err(moved()));
            }
            Cmd::Do { seat, secret, what: What::Hello, reply, .. } => {
                let t = self.table();
                let _ = reply.send(t.check(seat, &secret).map(|()| t.seq()).map_err(refused));
            }
            Cmd::Join { reply, name, .. } if super::table::check_name(&name).is_err() => {
                let _ = reply.send(Err(refused(TableError::BadName)));
            }
            Cmd::Join { seat, name, reply, .. } => {
                let r =
                    self.tables.relay().forward(owner, &self.id, Remote::Join { seat, name }).await;
                self.reload_after(&r).await;
                let _ = reply.send(r.and_then(relay::parse));
            }
            Cmd::Do { seat, secret, what, reply, .. } => {
                // A wrong secret is refused here: nothing to forward.
                let checked = self.table().check(seat, &secret).map_err(refused);
                if let Err(e) = checked {
                    let _ = reply.send(Err(e));
                    return;
                }
                let cmd = Remote::Do { seat, secret, what };
                let r = self.tables.relay().forward(owner, &self.id, cmd).await;
                self.reload_after(&r).await;
                let _ = reply.send(r.and_then(relay::parse));
            }
            Cmd::Record { reply } => {
                let _ = reply.send(Ok(finished_record(&self.table())));
            }
            Cmd::Refresh => self.reload().await,
            Cmd::Nudge => self.tables.relay().here(owner, &self.id),
            Cmd::Here | Cmd::Stop => {}
        }
    }

    async fn reload_after<T>(&mut self, r: &ApiResult<T>) {
        if r.is_ok() {
            self.reload().await;
        }
    }

    async fn join(&mut self, seat: Option<Seat>, name: &str) -> ApiResult<(Seat, String)> {
        let secret = secret()?;
        let seat = {
            let mut t = self.table();
            let seat = match seat {
                Some(s) => s,
                None => t.first_open().ok_or_else(|| refused(TableError::Taken))?,
            };
            t.join(seat, name, secret.clone()).map_err(refused)?;
            seat
        };
        self.commit().await?;
        Ok((seat, secret))
    }

    async fn act(&mut self, seat: Seat, secret: &str, what: What) -> ApiResult<u64> {
        if let What::Continue { seq } = what {
            // Nothing changes but when the bots play on.
            let now = {
                let t = self.table();
                t.check(seat, secret).map_err(refused)?;
                t.seq()
            };
            if seq == now && self.continued != now {
                self.continued = now;
                self.wake = None;
                // Every page hears that the bots play on.
                self.publish();
            }
            return Ok(now);
        }
        {
            let mut t = self.table();
            t.check(seat, secret).map_err(refused)?;
            match what {
                What::Hello => return Ok(t.seq()),
                What::Act { seq, action } => t.act(seat, secret, seq, &action),
                What::Next { seq } if seq != t.seq() => Err(TableError::Stale { seq: t.seq() }),
                What::Next { .. } => t.deal_next(),
                What::Bot { seat, level } => t.seat_bot_open(seat, level.kind()),
                What::Leave => t.leave(seat, secret, Level::Strong.kind()),
                What::Continue { .. } => return Ok(t.seq()),
            }
            .map_err(refused)?;
        }
        self.commit().await?;
        Ok(self.table().seq())
    }

    /// Stores the table, then sends everyone the new state and writes a
    /// finished deal to the score sheet. A table the store refused is put
    /// back as it was stored, and the change refused.
    async fn commit(&mut self) -> ApiResult<()> {
        let row = self.stored_row();
        if let Err(e) = self.save(row).await {
            self.reload().await;
            return Err(e);
        }
        self.publish();
        if self.table().deal_over() {
            self.record_deals().await;
        }
        Ok(())
    }

    async fn save(&mut self, row: StoredTable) -> ApiResult<()> {
        match self.tables.base().write(Write::Table(row)).await {
            Ok(Written::Saved(_)) => Ok(()),
            Err(belot_store::StoreError::Moved(owner)) => {
                // Another process took the table (this one stalled past
                // its lease): it serves it from now on.
                self.mode = Mode::Follow(owner);
                self.wake = None;
                Err(moved())
            }
            Err(e) => Err(e.into()),
            Ok(_) => Err(ApiError::from(belot_store::StoreError::Io("unexpected answer".into()))),
        }
    }

    /// Puts the table back as stored, and sends everyone that state.
    async fn reload(&mut self) {
        let id = self.id.clone();
        let loaded =
            self.tables.base().readers().read(move |s| belot_store::Store::load_table(s, &id));
        if let Ok(Ok((t, s))) = loaded.await.map(|st| restore(&st)) {
            *self.table() = t;
            self.settings = s;
        }
        self.publish();
    }

    fn publish(&self) {
        let pause = self.tables.limits().trick_pause;
        let t = self.table();
        let held = waits_for_tap(&t, &self.settings, self.continued);
        let frame = build_frame(&t, &self.settings, &self.view, pause, held);
        drop(t);
        self.frames.send_replace(Arc::new(frame));
    }

    /// When the actor wakes by itself: a bot's pause (longer after a
    /// trick, so that people see it whole), a person's time, or the end of
    /// the wait for a tap. A wake already planned for this state stands:
    /// commands that change nothing (someone connecting, a presence note
    /// from another process) never put a bot's move off.
    fn plan(&mut self) {
        let (seq, to_act, trick_done) = {
            let t = self.table();
            (t.seq(), t.to_act(), t.trick_just_done())
        };
        if self.wake.is_some() && self.planned == seq {
            return;
        }
        if self.planned != seq {
            self.ready = None;
        }
        self.planned = seq;
        let l = self.tables.limits();
        let now = Instant::now();
        let timer = (self.settings.timer > 0)
            .then(|| now + Duration::from_secs(self.settings.timer.into()));
        self.wake = match to_act {
            // Tap to continue: the table waits for a person's tap, or for
            // the turn timer.
            Some((_, true)) if trick_done && self.settings.tap && self.continued != seq => timer,
            Some((_, true)) => {
                let after_trick = trick_done && self.continued != seq;
                self.due =
                    now + if after_trick { l.bot_pace.max(l.trick_pause) } else { l.bot_pace };
                // Think now (unless done), show the move when it is due.
                Some(if self.ready.is_some() { self.due } else { now })
            }
            Some((_, false)) => timer,
            None => None,
        };
    }

    /// Whether the bots wait for a tap after the trick just finished.
    fn held_for_tap(&self) -> bool {
        waits_for_tap(&self.table(), &self.settings, self.continued)
    }

    /// A bot plays (or a person's time ran out), if someone is connected
    /// to see it; with nobody there the table waits.
    async fn wake(&mut self) {
        self.wake = None;
        if !self.present() || self.mode != Mode::Serve {
            return;
        }
        if self.held_for_tap() {
            // Nobody tapped within the turn timer: the bots play on.
            let seq = self.table().seq();
            self.continued = seq;
            self.planned = 0;
            self.publish();
            return self.plan();
        }
        let Some((seat, bot)) = self.table().to_act() else { return };
        if bot {
            return self.bot_turn().await;
        }
        // A person out of time: the easy bot's choice is played for them.
        let Ok(permit) = Arc::clone(self.tables.bots()).acquire_owned().await else { return };
        let table = Arc::clone(&self.table);
        let mut rng = ChaCha8Rng::seed_from_u64(rand_core::RngCore::next_u64(&mut self.rng));
        let think = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let mut t = table.lock().unwrap_or_else(|p| p.into_inner());
            t.act_for(seat, Level::Easy.kind(), &mut rng);
        });
        if think.await.is_ok() {
            let _ = self.commit().await;
        }
        self.plan();
    }

    /// A bot's turn: its move is chosen at once (on the bot pool) and
    /// shown when due, a pace after its turn came.
    async fn bot_turn(&mut self) {
        let seq = self.table().seq();
        match self.ready.take() {
            Some((at, seat, action)) if at == seq && Instant::now() >= self.due => {
                if self.table().play_bot(seat, &action).is_ok() {
                    let _ = self.commit().await;
                }
                return self.plan();
            }
            Some(r) if r.0 == seq => {
                self.ready = Some(r);
                self.wake = Some(self.due);
                return;
            }
            _ => {}
        }
        let Ok(permit) = Arc::clone(self.tables.bots()).acquire_owned().await else { return };
        let table = Arc::clone(&self.table);
        let mut rng = ChaCha8Rng::seed_from_u64(rand_core::RngCore::next_u64(&mut self.rng));
        let think = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            table.lock().unwrap_or_else(|p| p.into_inner()).choose_bot(&mut rng)
        });
        if let Ok(Some((seat, action))) = think.await {
            self.ready = Some((seq, seat, action));
        }
        self.wake = Some(self.due.max(Instant::now()));
    }

    /// Writes the table's finished deals not yet on its score sheet (a
    /// sheet of the same game, made at the first one). The sheet knows
    /// each deal by a key, so a deal is written once even if this runs
    /// again after a restart.
    async fn record_deals(&mut self) {
        let (entries, setup) = {
            let t = self.table();
            (DealInput::from_match(t.game()), sheet_setup(&t))
        };
        if entries.len() <= self.settings.recorded {
            return;
        }
        if let Err(e) = self.write_entries(entries, setup).await {
            eprintln!("belot serve: table {}: score sheet: {}", self.id, e.message);
            return;
        }
        let row = self.stored_row();
        let _ = self.save(row).await;
        self.publish();
    }

    async fn write_entries(&mut self, entries: Vec<DealInput>, setup: Setup) -> ApiResult<()> {
        if self.settings.sheet.is_some() && !self.settings.sheet_kept {
            // A sheet of an older version, whose edit id every seat was
            // given: the table's deals go to a new one that only it keeps.
            self.settings.sheet = None;
            self.settings.recorded = 0;
        }
        let g = match &self.settings.sheet {
            Some(id) => self.tables.sheets().game(id).await?,
            None => {
                let setup = Setup { kept_by_table: true, ..setup };
                let sheet = Sheet::new(setup).map_err(ApiError::refused)?;
                let g = self.tables.sheets().create(sheet).await?;
                self.settings.sheet = Some(g.id.clone());
                self.settings.sheet_view = Some(g.view.clone());
                self.settings.sheet_kept = true;
                g
            }
        };
        for (n, entry) in entries.into_iter().enumerate().skip(self.settings.recorded) {
            let key = format!("table-{}-{n}", &self.id.as_str()[..16]);
            change::add(self.tables.sheets(), &g, Change::Add { entry }, key).await?;
            self.settings.recorded = n + 1;
        }
        Ok(())
    }
}

/// The record of a table's finished deals (the deal in play would show
/// every hand), with its seats' names. A seed (tables of older versions
/// had one: it gives every deal's cards) is shown once the match is over.
fn finished_record(t: &Table) -> MatchRecord {
    let mut r = t.record();
    if !t.deal_over() {
        r.deals.pop();
    }
    if !t.game().match_over() {
        r.seed = None;
    }
    r.names = sheet_setup(t).players;
    r
}

/// The score sheet of a table: its game and its seats' names now.
fn sheet_setup(t: &Table) -> Setup {
    let players = t
        .seats()
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            SeatSpec::Person { name, .. } => name.clone(),
            SeatSpec::Bot { bot } => {
                let level = bot.parse().ok().and_then(Level::of).map(Level::name);
                format!("Bot {} ({})", i + 1, level.unwrap_or(bot))
            }
            SeatSpec::Open => format!("{}", i + 1),
        })
        .collect();
    Setup {
        name: String::new(),
        players,
        first_dealer: Seat(0),
        rules: t.game().game(),
        kept_by_table: false,
    }
}
