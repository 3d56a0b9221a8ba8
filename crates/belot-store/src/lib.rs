//! # belot-store
//!
//! Where score sheets live. The rest of belot talks to the [`Store`]
//! trait; [`SqliteStore`] implements it on an embedded SQLite database
//! (WAL journal, schema migrations, every change in one transaction), so
//! the app runs with no set-up. Only this crate sees SQL.
//!
//! A sheet is stored as its set-up and its append-only list of changes;
//! everything else is derived by `belot-score`.
//!
//! ```
//! use belot_score::{Change, DealInput, Rules, Setup};
//! use belot_store::{SqliteStore, Store, StoreError};
//!
//! let mut store = SqliteStore::in_memory()?;
//! let setup = Setup {
//!     name: String::new(),
//!     players: vec!["Ivan".into(), "Olena".into()],
//!     first_dealer: Default::default(),
//!     rules: Rules::TwoPlayer { options: Default::default() },
//! };
//! let id = store.create(&setup)?;
//! store.append(&id, 0, &Change::Add { entry: DealInput::ThrownIn })?;
//! // A change made on an out-of-date copy is refused.
//! let stale = store.append(&id, 0, &Change::Undo);
//! assert!(matches!(stale, Err(StoreError::Conflict { .. })));
//! assert_eq!(store.load(&id)?.1.len(), 1);
//! # Ok::<(), StoreError>(())
//! ```

use std::fmt;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use belot_score::{Change, Setup};
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

/// A sheet's identifier: 128 random bits in hex, unguessable, so that a
/// sheet's link can serve as its edit right.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct SheetId(String);

impl SheetId {
    /// A new random id.
    pub fn random() -> Result<SheetId, StoreError> {
        let mut b = [0u8; 16];
        getrandom::fill(&mut b).map_err(|e| StoreError::Io(format!("no randomness: {e}")))?;
        Ok(SheetId(b.iter().map(|x| format!("{x:02x}")).collect()))
    }

    /// Parses an id: 32 hex digits.
    pub fn parse(s: &str) -> Result<SheetId, StoreError> {
        let t = s.trim();
        if t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(SheetId(t.to_ascii_lowercase()))
        } else {
            Err(StoreError::BadId(s.chars().take(64).collect()))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SheetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A stored sheet's summary line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SheetInfo {
    /// Its id.
    pub id: SheetId,
    /// When it was created (seconds since 1970).
    pub created: i64,
    /// Its set-up.
    pub setup: Setup,
    /// Number of changes stored.
    pub changes: usize,
}

/// Why a store operation failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoreError {
    /// No sheet with this id.
    NotFound(String),
    /// Not a sheet id.
    BadId(String),
    /// Someone else changed the sheet first: the change was based on
    /// `expected` changes but the sheet has `actual`. Nothing was stored.
    Conflict {
        /// What the writer saw.
        expected: usize,
        /// What is stored.
        actual: usize,
    },
    /// The database failed or holds something unreadable.
    Io(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NotFound(id) => write!(f, "no score sheet {id}"),
            StoreError::BadId(s) => write!(f, "{s:?} is not a sheet id: 32 hexadecimal digits"),
            StoreError::Conflict { expected, actual } => write!(
                f,
                "the sheet changed meanwhile ({actual} changes stored, your change was made on \
                 {expected}); reload it and try again"
            ),
            StoreError::Io(m) => write!(f, "database: {m}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Io(e.to_string())
    }
}

/// What belot needs from storage. Implemented on SQLite; PostgreSQL can be
/// added behind the same trait.
pub trait Store {
    /// Stores a new sheet; returns its id.
    fn create(&mut self, setup: &Setup) -> Result<SheetId, StoreError>;
    /// Every sheet, newest first.
    fn list(&self) -> Result<Vec<SheetInfo>, StoreError>;
    /// A sheet's set-up and changes.
    fn load(&self, id: &SheetId) -> Result<(Setup, Vec<Change>), StoreError>;
    /// Appends a change made on a sheet of `expected` changes, atomically;
    /// refuses with [`StoreError::Conflict`] if the sheet has moved on.
    fn append(
        &mut self,
        id: &SheetId,
        expected: usize,
        change: &Change,
    ) -> Result<usize, StoreError> {
        self.append_all(id, expected, std::slice::from_ref(change))
    }
    /// Appends several changes in one transaction: all are stored or none
    /// (a played game's deals added together). Returns the new length.
    fn append_all(
        &mut self,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
    ) -> Result<usize, StoreError>;
    /// Stores a sheet with its whole history (import), in one transaction.
    fn import(&mut self, setup: &Setup, changes: &[Change]) -> Result<SheetId, StoreError>;
    /// The sheet's read-only id (for spectators' links).
    fn view_id(&self, id: &SheetId) -> Result<SheetId, StoreError>;
    /// The sheet a read-only id shows.
    fn by_view_id(&self, view: &SheetId) -> Result<SheetId, StoreError>;
}

/// The schema, one migration per entry; `PRAGMA user_version` says how
/// many are applied.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE sheets (
        id TEXT PRIMARY KEY,
        created INTEGER NOT NULL,
        setup TEXT NOT NULL
     );
     CREATE TABLE changes (
        sheet_id TEXT NOT NULL REFERENCES sheets(id),
        seq INTEGER NOT NULL,
        at INTEGER NOT NULL,
        change TEXT NOT NULL,
        PRIMARY KEY (sheet_id, seq)
     ) WITHOUT ROWID;",
    // A second, read-only link per sheet (spectators).
    "ALTER TABLE sheets ADD COLUMN view_id TEXT;
     UPDATE sheets SET view_id = lower(hex(randomblob(16))) WHERE view_id IS NULL;
     CREATE UNIQUE INDEX sheets_view_id ON sheets(view_id);",
];

/// Score sheets in an SQLite database file.
pub struct SqliteStore {
    conn: Connection,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Io(e.to_string()))
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and brings its
    /// schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Io(format!("{}: {e}", dir.display())))?;
        }
        let conn = Connection::open(path)?;
        SqliteStore::setup(conn)
    }

    /// An in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::setup(Connection::open_in_memory()?)
    }

    fn setup(conn: Connection) -> Result<SqliteStore, StoreError> {
        // WAL: readers never block the writer; FULL sync: an acknowledged
        // change survives a crash or power cut.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut s = SqliteStore { conn };
        s.migrate()?;
        Ok(s)
    }

    /// SQLite's own consistency check of the whole file.
    pub fn integrity_check(&self) -> Result<(), StoreError> {
        let r: String = self.conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
        if r == "ok" { Ok(()) } else { Err(StoreError::Io(format!("integrity check: {r}"))) }
    }

    fn migrate(&mut self) -> Result<(), StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version as usize > MIGRATIONS.len() {
            return Err(StoreError::Io(format!(
                "the database is from a newer belot (schema {version}, this one knows {})",
                MIGRATIONS.len()
            )));
        }
        for (i, m) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            tx.execute_batch(m)?;
            tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        }
        tx.commit()?;
        Ok(())
    }

    fn insert_sheet(tx: &rusqlite::Transaction<'_>, setup: &Setup) -> Result<SheetId, StoreError> {
        let id = SheetId::random()?;
        let view = SheetId::random()?;
        tx.execute(
            "INSERT INTO sheets (id, created, setup, view_id) VALUES (?1, ?2, ?3, ?4)",
            params![id.as_str(), now(), json(setup)?, view.as_str()],
        )?;
        Ok(id)
    }
}

impl Store for SqliteStore {
    fn create(&mut self, setup: &Setup) -> Result<SheetId, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = SqliteStore::insert_sheet(&tx, setup)?;
        tx.commit()?;
        Ok(id)
    }

    fn list(&self) -> Result<Vec<SheetInfo>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT s.id, s.created, s.setup, (SELECT COUNT(*) FROM changes c WHERE c.sheet_id = s.id)
             FROM sheets s ORDER BY s.created DESC, s.id",
        )?;
        let rows = st.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, created, setup, n) = row?;
            let setup: Setup = serde_json::from_str(&setup)
                .map_err(|e| StoreError::Io(format!("a stored sheet is unreadable: {e}")))?;
            out.push(SheetInfo { id: SheetId(id), created, setup, changes: n as usize });
        }
        Ok(out)
    }

    fn load(&self, id: &SheetId) -> Result<(Setup, Vec<Change>), StoreError> {
        let setup: Option<String> = self
            .conn
            .query_row("SELECT setup FROM sheets WHERE id = ?1", [id.as_str()], |r| r.get(0))
            .optional()?;
        let setup = setup.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        let setup: Setup = serde_json::from_str(&setup)
            .map_err(|e| StoreError::Io(format!("a stored sheet is unreadable: {e}")))?;
        let mut st =
            self.conn.prepare("SELECT change FROM changes WHERE sheet_id = ?1 ORDER BY seq")?;
        let rows = st.query_map([id.as_str()], |r| r.get::<_, String>(0))?;
        let mut changes = Vec::new();
        for row in rows {
            let c: Change = serde_json::from_str(&row?)
                .map_err(|e| StoreError::Io(format!("a stored sheet is unreadable: {e}")))?;
            changes.push(c);
        }
        Ok((setup, changes))
    }

    fn append_all(
        &mut self,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
    ) -> Result<usize, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let exists: Option<i64> = tx
            .query_row("SELECT 1 FROM sheets WHERE id = ?1", [id.as_str()], |r| r.get(0))
            .optional()?;
        if exists.is_none() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let n: i64 =
            tx.query_row("SELECT COUNT(*) FROM changes WHERE sheet_id = ?1", [id.as_str()], |r| {
                r.get(0)
            })?;
        if n as usize != expected {
            return Err(StoreError::Conflict { expected, actual: n as usize });
        }
        {
            let mut st = tx.prepare(
                "INSERT INTO changes (sheet_id, seq, at, change) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (k, c) in changes.iter().enumerate() {
                st.execute(params![id.as_str(), n + 1 + k as i64, now(), json(c)?])?;
            }
        }
        tx.commit()?;
        Ok(expected + changes.len())
    }

    fn import(&mut self, setup: &Setup, changes: &[Change]) -> Result<SheetId, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = SqliteStore::insert_sheet(&tx, setup)?;
        {
            let mut st = tx.prepare(
                "INSERT INTO changes (sheet_id, seq, at, change) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, c) in changes.iter().enumerate() {
                st.execute(params![id.as_str(), i as i64 + 1, now(), json(c)?])?;
            }
        }
        tx.commit()?;
        Ok(id)
    }

    fn view_id(&self, id: &SheetId) -> Result<SheetId, StoreError> {
        let v: Option<String> = self
            .conn
            .query_row("SELECT view_id FROM sheets WHERE id = ?1", [id.as_str()], |r| r.get(0))
            .optional()?;
        v.map(SheetId).ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    fn by_view_id(&self, view: &SheetId) -> Result<SheetId, StoreError> {
        let v: Option<String> = self
            .conn
            .query_row("SELECT id FROM sheets WHERE view_id = ?1", [view.as_str()], |r| r.get(0))
            .optional()?;
        v.map(SheetId).ok_or_else(|| StoreError::NotFound(view.to_string()))
    }
}
