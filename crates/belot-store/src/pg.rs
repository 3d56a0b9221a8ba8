//! [`PgStore`]: score sheets and card tables in a PostgreSQL database, for
//! when one machine is not enough (several `belot serve` processes on one
//! database). The same schema as SQLite's, the same checks: a change made
//! on an out-of-date copy is refused, every write is one transaction.

use std::cell::RefCell;

use belot_score::{Change, Setup};
use postgres::error::SqlState;
use postgres::{Client, NoTls, Transaction};

use crate::{
    SheetId, SheetInfo, Store, StoreError, StoredTable, Write, Written, json, now, unreadable,
};

/// The schema, one migration per entry; the `belot_schema` table says how
/// many are applied.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE sheets (
        id TEXT PRIMARY KEY,
        created BIGINT NOT NULL,
        setup TEXT NOT NULL,
        view_id TEXT NOT NULL UNIQUE
     );
     CREATE TABLE changes (
        sheet_id TEXT NOT NULL REFERENCES sheets(id),
        seq BIGINT NOT NULL,
        at BIGINT NOT NULL,
        change TEXT NOT NULL,
        key TEXT,
        PRIMARY KEY (sheet_id, seq)
     );
     CREATE UNIQUE INDEX changes_key ON changes(sheet_id, key) WHERE key IS NOT NULL;
     CREATE TABLE card_tables (
        id TEXT PRIMARY KEY,
        view_id TEXT NOT NULL UNIQUE,
        created BIGINT NOT NULL,
        seq BIGINT NOT NULL,
        state TEXT NOT NULL
     );",
    // Which process serves each card table, until when (a lease).
    "ALTER TABLE card_tables ADD COLUMN owner TEXT, ADD COLUMN lease_until TIMESTAMPTZ;",
];

/// The notification channel on which every committed change of a sheet is
/// announced as `id:version`, of a card table as `t:id:seq`, and messages
/// between processes go as `m:to:body`.
const CHANNEL: &str = "belot";

/// What [`watch_changes`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreEvent {
    /// A sheet was changed (by any process) and now has `version` changes.
    Changed {
        /// The sheet.
        id: SheetId,
        /// Its number of changes.
        version: usize,
    },
    /// A card table's state was stored (by any process), as of `seq`.
    Table {
        /// The table.
        id: SheetId,
        /// Its change count.
        seq: u64,
    },
    /// A message from one process to another ([`Store::send`]).
    Message {
        /// The process it is for.
        to: String,
        /// What it says.
        body: String,
    },
    /// Listening (again) after a lost connection: changes made meanwhile
    /// were not heard, so whatever a process holds must be checked.
    Listening,
}

impl StoreEvent {
    /// A notification's payload as an event.
    fn parse(payload: &str) -> Option<StoreEvent> {
        if let Some(rest) = payload.strip_prefix("m:") {
            let (to, body) = rest.split_once(':')?;
            return Some(StoreEvent::Message { to: to.into(), body: body.into() });
        }
        if let Some(rest) = payload.strip_prefix("t:") {
            let (id, seq) = rest.split_once(':')?;
            return Some(StoreEvent::Table {
                id: SheetId::parse(id).ok()?,
                seq: seq.parse().ok()?,
            });
        }
        let (id, v) = payload.split_once(':')?;
        Some(StoreEvent::Changed { id: SheetId::parse(id).ok()?, version: v.parse().ok()? })
    }
}

/// Listens, until `stop` is set, for the changes committed to the
/// database at `url` by any process, and hands each to `f`; reconnects
/// after a lost connection (then reports [`StoreEvent::Listening`]: the
/// notifications sent meanwhile are lost, so the caller checks versions).
/// Blocks: run it on a thread of its own.
pub fn watch_changes(
    url: &str,
    stop: &std::sync::atomic::AtomicBool,
    mut f: impl FnMut(StoreEvent),
) {
    use postgres::fallible_iterator::FallibleIterator;
    use std::sync::atomic::Ordering;
    let tick = std::time::Duration::from_millis(250);
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut c) = Client::connect(url, NoTls) else {
            std::thread::sleep(tick * 4);
            continue;
        };
        if c.batch_execute(&format!("LISTEN {CHANNEL}")).is_err() {
            continue;
        }
        f(StoreEvent::Listening);
        'heard: while !stop.load(Ordering::Relaxed) {
            if c.is_closed() {
                break;
            }
            let mut notes = c.notifications();
            let mut heard = notes.timeout_iter(tick);
            loop {
                let n = match heard.next() {
                    Ok(Some(n)) => n,
                    Ok(None) => break,
                    Err(_) => break 'heard,
                };
                if let Some(e) = StoreEvent::parse(n.payload()) {
                    f(e);
                }
            }
        }
    }
}

/// Any two processes migrating at once take turns on this advisory lock
/// ("BELT").
const MIGRATION_LOCK: i64 = 0x4245_4C54;

/// Score sheets and card tables in a PostgreSQL database.
pub struct PgStore {
    // Reads take `&self` in the `Store` trait; the client needs `&mut`.
    client: RefCell<Client>,
    /// The batched appends' statements, prepared at the first batch.
    batch: Option<crate::pg_batch::Prepared>,
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        match e.code() {
            // Two processes' batches may lock the same rows in opposite
            // orders (leases): the database undoes one, which is tried again.
            Some(c)
                if *c == SqlState::LOCK_NOT_AVAILABLE
                    || *c == SqlState::QUERY_CANCELED
                    || *c == SqlState::T_R_DEADLOCK_DETECTED
                    || *c == SqlState::T_R_SERIALIZATION_FAILURE =>
            {
                StoreError::Busy
            }
            Some(c) if *c == SqlState::DISK_FULL => StoreError::Full,
            Some(c) if *c == SqlState::READ_ONLY_SQL_TRANSACTION => {
                StoreError::ReadOnly(e.to_string())
            }
            _ => StoreError::Database(crate::Cause(std::sync::Arc::new(e))),
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host/db`; no
    /// TLS: the database is on this machine or a private network) and
    /// brings its schema up to date. Refuses a database whose schema is
    /// newer than this program knows.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let mut client = Client::connect(url, NoTls)?;
        // A write waiting on another's lock gives up as `Busy`.
        client.batch_execute("SET lock_timeout = '5s'")?;
        migrate(&mut client)?;
        Ok(PgStore { client: RefCell::new(client), batch: None })
    }

    /// The schema version the database is at.
    pub fn schema_version(&self) -> Result<usize, StoreError> {
        version(&mut self.client.borrow_mut())
    }

    /// The number of schema versions this program knows.
    pub fn schema_known() -> usize {
        MIGRATIONS.len()
    }

    fn insert_sheet(
        tx: &mut Transaction<'_>,
        setup: &Setup,
    ) -> Result<(SheetId, SheetId), StoreError> {
        let (id, view) = (SheetId::random()?, SheetId::random()?);
        tx.execute(
            "INSERT INTO sheets (id, created, setup, view_id) VALUES ($1, $2, $3, $4)",
            &[&id.as_str(), &now(), &json(setup)?, &view.as_str()],
        )?;
        Ok((id, view))
    }

    /// Appends `changes` in an open transaction, after locking the sheet's
    /// row (appends to one sheet from several processes take turns) and
    /// checking that it has `expected` changes.
    fn append_in(
        tx: &mut Transaction<'_>,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
        key: Option<&str>,
    ) -> Result<usize, StoreError> {
        let found =
            tx.query_opt("SELECT 1 FROM sheets WHERE id = $1 FOR UPDATE", &[&id.as_str()])?;
        if found.is_none() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let n = count(tx, id)?;
        if n != expected {
            return Err(StoreError::Conflict { expected, actual: n });
        }
        let at = now();
        for (k, c) in changes.iter().enumerate() {
            // The key goes on the last change: it stands for the whole write.
            let key = key.filter(|_| k + 1 == changes.len());
            tx.execute(
                "INSERT INTO changes (sheet_id, seq, at, change, key) VALUES ($1, $2, $3, $4, $5)",
                &[&id.as_str(), &((n + 1 + k) as i64), &at, &json(c)?, &key],
            )?;
        }
        let version = n + changes.len();
        // Heard by every process listening, once (and only if) this commits.
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("{id}:{version}")])?;
        Ok(version)
    }

    /// Stores a table's state unless a later one is stored already, or
    /// another process holds the table (then [`StoreError::Moved`]), and
    /// tells every process.
    fn save_table_in(tx: &mut Transaction<'_>, t: &StoredTable) -> Result<(), StoreError> {
        let n = tx.execute(
            "INSERT INTO card_tables (id, view_id, created, seq, state, owner, lease_until)
             VALUES ($1, $2, $3, $4, $5, $6, now())
             ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, state = excluded.state
             WHERE excluded.seq >= card_tables.seq
               AND card_tables.owner IS NOT DISTINCT FROM excluded.owner",
            &[&t.id.as_str(), &t.view.as_str(), &now(), &(t.seq as i64), &t.state, &t.owner],
        )?;
        if n == 0 {
            let row =
                tx.query_one("SELECT owner FROM card_tables WHERE id = $1", &[&t.id.as_str()])?;
            let holder: Option<String> = row.get(0);
            if holder != t.owner {
                return Err(StoreError::Moved(holder.unwrap_or_default()));
            }
            return Ok(());
        }
        let note = format!("t:{}:{}", t.id, t.seq);
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &note])?;
        Ok(())
    }

    /// Takes or renews a table's lease (a zero `ttl` gives it up); the
    /// database's clock decides, so processes' clocks need not agree.
    fn lease_in(
        tx: &mut Transaction<'_>,
        id: &SheetId,
        owner: &str,
        ttl: std::time::Duration,
    ) -> Result<Option<String>, StoreError> {
        if ttl.is_zero() {
            tx.execute(
                "UPDATE card_tables SET owner = NULL WHERE id = $1 AND owner = $2",
                &[&id.as_str(), &owner],
            )?;
            return Ok(None);
        }
        let n = tx.execute(
            "UPDATE card_tables SET owner = $2, lease_until = now() + make_interval(secs => $3)
             WHERE id = $1 AND (owner IS NULL OR owner = $2 OR lease_until <= now())",
            &[&id.as_str(), &owner, &ttl.as_secs_f64()],
        )?;
        if n == 1 {
            return Ok(None);
        }
        let row = tx.query_opt("SELECT owner FROM card_tables WHERE id = $1", &[&id.as_str()])?;
        let row = row.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        Ok(Some(row.get::<_, Option<String>>(0).unwrap_or_default()))
    }

    /// Sends a message to another process, once the transaction commits.
    fn send_in(tx: &mut Transaction<'_>, to: &str, body: &str) -> Result<(), StoreError> {
        if to.contains(':') {
            return Err(StoreError::Io(format!("{to:?} is not a process name")));
        }
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("m:{to}:{body}")])?;
        Ok(())
    }

    /// One write of a batch, inside its own savepoint.
    fn write_one(tx: &mut Transaction<'_>, w: &Write) -> Result<Written, StoreError> {
        let mut sp = tx.transaction()?;
        let done =
            match w {
                Write::Create(setup) => {
                    let (id, view) = PgStore::insert_sheet(&mut sp, setup)?;
                    Written::Created { id, view }
                }
                Write::Append { id, expected, changes, key } => Written::Appended(
                    PgStore::append_in(&mut sp, id, *expected, changes, key.as_deref())?,
                ),
                Write::Table(t) => {
                    PgStore::save_table_in(&mut sp, t)?;
                    Written::Saved(t.seq)
                }
                Write::Lease { id, owner, ttl } => {
                    Written::Leased(PgStore::lease_in(&mut sp, id, owner, *ttl)?)
                }
                Write::Message { to, body } => {
                    PgStore::send_in(&mut sp, to, body)?;
                    Written::Sent
                }
            };
        sp.commit()?;
        Ok(done)
    }

    /// A batch's writes: the appends together ([`crate::pg_batch`]), in
    /// a savepoint (should it fail as a whole, they are made one at a
    /// time), every other write on its own.
    fn write_all(
        tx: &mut Transaction<'_>,
        p: &crate::pg_batch::Prepared,
        writes: &[Write],
    ) -> Vec<Result<Written, StoreError>> {
        let mut done: Vec<Option<Result<Written, StoreError>>> = writes
            .iter()
            .map(|w| (!matches!(w, Write::Append { .. })).then(|| PgStore::write_one(tx, w)))
            .collect();
        let appends: Vec<crate::pg_batch::Append<'_>> = writes
            .iter()
            .filter_map(|w| match w {
                Write::Append { id, expected, changes, key } => Some(crate::pg_batch::Append {
                    id,
                    expected: *expected,
                    changes,
                    key: key.as_deref(),
                }),
                _ => None,
            })
            .collect();
        let together = tx.transaction().map_err(StoreError::from).and_then(|mut sp| {
            let r = crate::pg_batch::append_all(&mut sp, p, &appends, CHANNEL)?;
            sp.commit()?;
            Ok(r)
        });
        let mut each = together.ok().map(Vec::into_iter);
        for (w, slot) in writes.iter().zip(done.iter_mut()) {
            if slot.is_none() {
                *slot = Some(match each.as_mut().and_then(Iterator::next) {
                    Some(r) => r,
                    None => PgStore::write_one(tx, w),
                });
            }
        }
        done.into_iter().map(|r| r.unwrap_or(Err(StoreError::Io("no outcome".into())))).collect()
    }

    fn one_id(&self, sql: &str, key: &SheetId) -> Result<SheetId, StoreError> {
        let row = self.client.borrow_mut().query_opt(sql, &[&key.as_str()])?;
        row.map(|r| SheetId(r.get(0))).ok_or_else(|| StoreError::NotFound(key.to_string()))
    }
}

/// The number of changes of a sheet (sequence numbers run 1..=n).
fn count(tx: &mut Transaction<'_>, id: &SheetId) -> Result<usize, StoreError> {
    let n: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(seq), 0) FROM changes WHERE sheet_id = $1",
            &[&id.as_str()],
        )?
        .get(0);
    Ok(n as usize)
}

fn version(client: &mut Client) -> Result<usize, StoreError> {
    let exists: bool =
        client.query_one("SELECT to_regclass('belot_schema') IS NOT NULL", &[])?.get(0);
    if !exists {
        return Ok(0);
    }
    let v: Option<i32> = client.query_one("SELECT max(version) FROM belot_schema", &[])?.get(0);
    Ok(v.unwrap_or(0) as usize)
}

/// Applies the migrations not yet applied, in one transaction, one
/// process at a time.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS belot_schema (version INTEGER NOT NULL)")?;
    let v: Option<i32> = tx.query_one("SELECT max(version) FROM belot_schema", &[])?.get(0);
    let v = v.unwrap_or(0) as usize;
    if v > MIGRATIONS.len() {
        return Err(StoreError::Io(format!(
            "the database's schema is version {v}, newer than this belot knows ({}): upgrade belot",
            MIGRATIONS.len()
        )));
    }
    for (i, m) in MIGRATIONS.iter().enumerate().skip(v) {
        tx.batch_execute(m)?;
        tx.execute("INSERT INTO belot_schema (version) VALUES ($1)", &[&((i + 1) as i32)])?;
    }
    tx.commit()?;
    Ok(())
}

impl Store for PgStore {
    fn create(&mut self, setup: &Setup) -> Result<SheetId, StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        let (id, _) = PgStore::insert_sheet(&mut tx, setup)?;
        tx.commit()?;
        Ok(id)
    }

    fn list(&self) -> Result<Vec<SheetInfo>, StoreError> {
        let rows = self.client.borrow_mut().query(
            "SELECT s.id, s.created, s.setup,
                    (SELECT COALESCE(MAX(seq), 0) FROM changes c WHERE c.sheet_id = s.id)
             FROM sheets s ORDER BY s.created DESC, s.id",
            &[],
        )?;
        rows.into_iter()
            .map(|r| {
                let setup: String = r.get(2);
                let setup: Setup = serde_json::from_str(&setup).map_err(unreadable)?;
                let n: i64 = r.get(3);
                Ok(SheetInfo {
                    id: SheetId(r.get(0)),
                    created: r.get(1),
                    setup,
                    changes: n as usize,
                })
            })
            .collect()
    }

    fn load(&self, id: &SheetId) -> Result<(Setup, Vec<Change>), StoreError> {
        let mut c = self.client.borrow_mut();
        // One snapshot: the set-up and the changes of one moment.
        let mut tx = c
            .build_transaction()
            .isolation_level(postgres::IsolationLevel::RepeatableRead)
            .start()?;
        let row = tx.query_opt("SELECT setup FROM sheets WHERE id = $1", &[&id.as_str()])?;
        let setup: String = row.ok_or_else(|| StoreError::NotFound(id.to_string()))?.get(0);
        let setup: Setup = serde_json::from_str(&setup).map_err(unreadable)?;
        let rows = tx.query(
            "SELECT change FROM changes WHERE sheet_id = $1 ORDER BY seq",
            &[&id.as_str()],
        )?;
        let changes = rows
            .iter()
            .map(|r| serde_json::from_str(r.get::<_, &str>(0)).map_err(unreadable))
            .collect::<Result<Vec<Change>, _>>()?;
        tx.commit()?;
        Ok((setup, changes))
    }

    fn version(&self, id: &SheetId) -> Result<usize, StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        if tx.query_opt("SELECT 1 FROM sheets WHERE id = $1", &[&id.as_str()])?.is_none() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let n = count(&mut tx, id)?;
        tx.commit()?;
        Ok(n)
    }

    fn keys(&self, id: &SheetId) -> Result<Vec<(String, usize)>, StoreError> {
        let rows = self.client.borrow_mut().query(
            "SELECT key, seq FROM changes WHERE sheet_id = $1 AND key IS NOT NULL ORDER BY seq",
            &[&id.as_str()],
        )?;
        Ok(rows.iter().map(|r| (r.get(0), r.get::<_, i64>(1) as usize)).collect())
    }

    fn append_all(
        &mut self,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
    ) -> Result<usize, StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        let n = PgStore::append_in(&mut tx, id, expected, changes, None)?;
        tx.commit()?;
        Ok(n)
    }

    fn write_batch(&mut self, writes: &[Write]) -> Vec<Result<Written, StoreError>> {
        let all = |e: StoreError| writes.iter().map(|_| Err(e.clone())).collect();
        if self.batch.is_none() {
            match crate::pg_batch::Prepared::new(self.client.get_mut()) {
                Ok(p) => self.batch = Some(p),
                Err(e) => return all(e),
            }
        }
        let mut c = self.client.borrow_mut();
        let mut tx = match c.transaction() {
            Ok(tx) => tx,
            Err(e) => return all(e.into()),
        };
        let done = match &self.batch {
            Some(p) => PgStore::write_all(&mut tx, p, writes),
            None => writes.iter().map(|w| PgStore::write_one(&mut tx, w)).collect(),
        };
        match tx.commit() {
            Ok(()) => done,
            Err(e) => all(e.into()),
        }
    }

    fn import(&mut self, setup: &Setup, changes: &[Change]) -> Result<SheetId, StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        let (id, _) = PgStore::insert_sheet(&mut tx, setup)?;
        PgStore::append_in(&mut tx, &id, 0, changes, None)?;
        tx.commit()?;
        Ok(id)
    }

    fn view_id(&self, id: &SheetId) -> Result<SheetId, StoreError> {
        self.one_id("SELECT view_id FROM sheets WHERE id = $1", id)
    }

    fn by_view_id(&self, view: &SheetId) -> Result<SheetId, StoreError> {
        self.one_id("SELECT id FROM sheets WHERE view_id = $1", view)
    }

    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        PgStore::save_table_in(&mut tx, table)?;
        tx.commit()?;
        Ok(())
    }

    fn load_table(&self, id: &SheetId) -> Result<StoredTable, StoreError> {
        let row = self.client.borrow_mut().query_opt(
            "SELECT view_id, seq, state, owner FROM card_tables WHERE id = $1",
            &[&id.as_str()],
        )?;
        let r = row.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        let seq: i64 = r.get(1);
        Ok(StoredTable {
            id: id.clone(),
            view: SheetId(r.get(0)),
            seq: seq as u64,
            state: r.get(2),
            owner: r.get(3),
        })
    }

    fn lease_table(
        &mut self,
        id: &SheetId,
        owner: &str,
        ttl: std::time::Duration,
    ) -> Result<Option<String>, StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        let holder = PgStore::lease_in(&mut tx, id, owner, ttl)?;
        tx.commit()?;
        Ok(holder)
    }

    fn send(&mut self, to: &str, body: &str) -> Result<(), StoreError> {
        let mut c = self.client.borrow_mut();
        let mut tx = c.transaction()?;
        PgStore::send_in(&mut tx, to, body)?;
        tx.commit()?;
        Ok(())
    }

    fn table_by_view(&self, view: &SheetId) -> Result<SheetId, StoreError> {
        self.one_id("SELECT id FROM card_tables WHERE view_id = $1", view)
    }

    fn check_schema(&self) -> Result<(), StoreError> {
        let v = self.schema_version()?;
        if v != MIGRATIONS.len() {
            return Err(StoreError::Io(format!(
                "schema version {v}, expected {}",
                MIGRATIONS.len()
            )));
        }
        for table in ["sheets", "changes", "card_tables"] {
            let there: bool = self
                .client
                .borrow_mut()
                .query_one("SELECT to_regclass($1) IS NOT NULL", &[&table])?
                .get(0);
            if !there {
                return Err(StoreError::Io(format!("the table {table} is missing")));
            }
        }
        Ok(())
    }
}
