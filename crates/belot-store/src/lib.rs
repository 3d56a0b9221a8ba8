//! # belot-store
//!
//! Where score sheets and card tables live. The rest of belot talks to the
//! [`Store`] trait; [`SqliteStore`] implements it on an embedded SQLite
//! database (WAL journal, schema migrations, every change in one
//! transaction), so the app runs with no set-up, and [`PgStore`] on a
//! PostgreSQL server, for when one machine is not enough. Only this crate
//! sees SQL.
//!
//! A sheet is stored as its set-up and its append-only list of changes;
//! everything else is derived by `belot-score`.
//!
//! ```
//! use belot_core::Game;
//! use belot_score::{Change, DealInput, Setup};
//! use belot_store::{SqliteStore, Store, StoreError};
//!
//! let mut store = SqliteStore::in_memory()?;
//! let setup = Setup {
//!     name: String::new(),
//!     players: vec!["Ivan".into(), "Olena".into()],
//!     first_dealer: Default::default(),
//!     rules: Game::TwoPlayer(Default::default()),
//!     kept_by_table: false,
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

use belot_score::{Change, Setup};

mod pg;
mod pg_batch;
mod sqlite;
#[doc(hidden)]
pub mod testing;

pub use pg::{PgStore, StoreEvent, watch_changes};
pub use sqlite::SqliteStore;

/// Seconds since 1970, for the stores' timestamps.
pub(crate) fn now() -> i64 {
    use std::time::{SystemTime, UNIX_EPOCH};
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// A value as the JSON text a store keeps.
pub(crate) fn json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Io(e.to_string()))
}

/// A stored text that does not read back.
pub(crate) fn unreadable(e: serde_json::Error) -> StoreError {
    StoreError::Io(format!("a stored sheet is unreadable: {e}"))
}

/// Where a store is: an SQLite file, or a PostgreSQL server's database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// An SQLite database file (made if missing).
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL database, by its URL (`postgres://user@host/db`).
    Postgres(String),
}

impl Location {
    /// `postgres://…` or `postgresql://…` is a PostgreSQL database;
    /// anything else the path of an SQLite file.
    pub fn parse(s: &str) -> Location {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Location::Postgres(s.to_string())
        } else {
            Location::Sqlite(s.into())
        }
    }

    /// Opens the store for reading and writing, its schema brought up to
    /// date.
    pub fn open(&self) -> Result<Box<dyn Store + Send>, StoreError> {
        Ok(match self {
            Location::Sqlite(p) => Box::new(SqliteStore::open(p)?),
            Location::Postgres(url) => Box::new(PgStore::open(url)?),
        })
    }

    /// A connection that only reads (the server's read pool).
    pub fn open_reader(&self) -> Result<Box<dyn Store + Send>, StoreError> {
        Ok(match self {
            Location::Sqlite(p) => Box::new(SqliteStore::open_reader(p)?),
            Location::Postgres(url) => Box::new(PgStore::open(url)?),
        })
    }
}

impl fmt::Display for Location {
    /// The file's path, or the URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "{}", p.display()),
            Location::Postgres(url) => {
                let (scheme, rest) = url.split_once("://").unwrap_or(("postgres", url));
                match rest.split_once('@') {
                    Some((user, host)) => {
                        let user = user.split(':').next().unwrap_or("");
                        write!(f, "{scheme}://{user}@{host}")
                    }
                    None => f.write_str(url),
                }
            }
        }
    }
}

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
            Err(StoreError::BadId(s.chars().take(40).collect()))
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl serde::Serialize for SheetId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for SheetId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SheetId, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        SheetId::parse(&s).map_err(serde::de::Error::custom)
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
    /// Another program holds the database's write lock: nothing was
    /// stored; try again shortly.
    Busy,
    /// The database file or its folder cannot be written.
    ReadOnly(String),
    /// The file is not a belot database (another program's SQLite file, or
    /// not SQLite at all); it was left untouched.
    Foreign(String),
    /// The disk is full: nothing was stored.
    Full,
    /// The database failed or holds something unreadable.
    Io(String),
    /// The database engine failed; the cause is kept (`source()`).
    Database(Cause),
    /// A card table is served by another process now (its lease moved
    /// there): nothing was stored. Holds that process's name, if any.
    Moved(String),
}

/// The error underneath a [`StoreError::Database`], kept for
/// [`std::error::Error::source`]; two are equal when they say the same.
#[derive(Clone, Debug)]
pub struct Cause(pub std::sync::Arc<dyn std::error::Error + Send + Sync>);

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Cause {}

impl StoreError {
    /// A stable code for the error, for programs and logs.
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::NotFound(_) | StoreError::BadId(_) => "not_found",
            StoreError::Conflict { .. } => "stale",
            StoreError::Busy => "busy",
            StoreError::ReadOnly(_) => "read_only",
            StoreError::Foreign(_) => "foreign_database",
            StoreError::Full => "disk_full",
            StoreError::Io(_) | StoreError::Database(_) => "storage",
            StoreError::Moved(_) => "moved",
        }
    }
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
            StoreError::Busy => {
                f.write_str("the database is busy (another program is writing); try again")
            }
            StoreError::ReadOnly(m) => write!(f, "the database cannot be written: {m}"),
            StoreError::Foreign(m) => write!(f, "not a belot database, left untouched: {m}"),
            StoreError::Full => f.write_str("the disk is full: nothing was stored"),
            StoreError::Io(m) => write!(f, "database: {m}"),
            StoreError::Database(c) => write!(f, "database: {}", c.0),
            StoreError::Moved(_) => f.write_str("this table is served by another process now"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(c) => Some(&*c.0),
            _ => None,
        }
    }
}

/// One write of a batch ([`Store::write_batch`]).
#[derive(Clone, PartialEq, Debug)]
pub enum Write {
    /// Store a new sheet.
    Create(Setup),
    /// Append changes made on a sheet of `expected` changes.
    Append {
        /// The sheet.
        id: SheetId,
        /// How many changes the writer saw.
        expected: usize,
        /// The changes, stored together or not at all.
        changes: Vec<Change>,
        /// The client's key for this write (a phone sending it again after
        /// a lost answer): a sheet stores a key once.
        key: Option<String>,
    },
    /// Store a card table's state (created, or over an older state).
    Table(StoredTable),
    /// Take or renew the lease on a card table for `owner`, for `ttl`;
    /// a zero `ttl` gives it up. See [`Store::lease_table`].
    Lease {
        /// The table.
        id: SheetId,
        /// The process asking (a name unique to it).
        owner: String,
        /// How long the lease lasts unless renewed.
        ttl: std::time::Duration,
    },
    /// Send a message to another process ([`Store::send`]), once the
    /// batch commits.
    Message {
        /// The process it is for.
        to: String,
        /// What it says.
        body: String,
    },
}

/// A card table of `belot serve` as stored: its ids, its change count and
/// its state, which the server writes and reads (JSON it owns).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredTable {
    /// The table's id: the link that seats people.
    pub id: SheetId,
    /// Its read-only id (spectators).
    pub view: SheetId,
    /// How many changes the table has had; a state is stored only over an
    /// older one.
    pub seq: u64,
    /// The state.
    pub state: String,
    /// The process that serves the table (holds its lease), where a store
    /// is shared by several; a save names the process saving, and is
    /// refused ([`StoreError::Moved`]) if another holds the table now.
    pub owner: Option<String>,
}

/// What a write of a batch did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Written {
    /// A sheet was created with these ids.
    Created {
        /// Its id (the edit right).
        id: SheetId,
        /// Its read-only id.
        view: SheetId,
    },
    /// Changes were appended; the sheet now has this many.
    Appended(usize),
    /// A table's state was stored, as of this change count.
    Saved(u64),
    /// A lease was asked for: `None` when the asker holds it, else the
    /// process that does.
    Leased(Option<String>),
    /// A message was sent.
    Sent,
}

/// What belot needs from storage. Implemented on SQLite ([`SqliteStore`])
/// and PostgreSQL ([`PgStore`]), which one test suite checks alike.
pub trait Store {
    /// Stores a new sheet; returns its id.
    fn create(&mut self, setup: &Setup) -> Result<SheetId, StoreError>;
    /// Every sheet, newest first.
    fn list(&self) -> Result<Vec<SheetInfo>, StoreError>;
    /// A sheet's set-up and changes.
    fn load(&self, id: &SheetId) -> Result<(Setup, Vec<Change>), StoreError>;
    /// How many changes a sheet has stored.
    fn version(&self, id: &SheetId) -> Result<usize, StoreError>;
    /// The clients' keys of a sheet's writes, each with the number of
    /// changes the sheet had after it.
    fn keys(&self, id: &SheetId) -> Result<Vec<(String, usize)>, StoreError>;
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
    /// Several writes made durable together (group commit: one
    /// transaction, one sync). Each write succeeds or fails on its own,
    /// except that when the commit itself fails every write fails. The
    /// default makes them one at a time.
    fn write_batch(&mut self, writes: &[Write]) -> Vec<Result<Written, StoreError>> {
        writes
            .iter()
            .map(|w| match w {
                Write::Create(setup) => {
                    let id = self.create(setup)?;
                    Ok(Written::Created { view: self.view_id(&id)?, id })
                }
                Write::Append { id, expected, changes, .. } => {
                    self.append_all(id, *expected, changes).map(Written::Appended)
                }
                Write::Table(t) => self.save_table(t).map(|()| Written::Saved(t.seq)),
                Write::Lease { id, owner, ttl } => {
                    self.lease_table(id, owner, *ttl).map(Written::Leased)
                }
                Write::Message { to, body } => self.send(to, body).map(|()| Written::Sent),
            })
            .collect()
    }
    /// Stores a sheet with its whole history (import), in one transaction.
    fn import(&mut self, setup: &Setup, changes: &[Change]) -> Result<SheetId, StoreError>;
    /// The sheet's read-only id (for spectators' links).
    fn view_id(&self, id: &SheetId) -> Result<SheetId, StoreError>;
    /// The sheet a read-only id shows.
    fn by_view_id(&self, view: &SheetId) -> Result<SheetId, StoreError>;
    /// Stores a card table's state, unless a later one (a larger `seq`)
    /// is stored already. Card tables use the same kind of ids as sheets.
    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError>;
    /// A card table's stored state.
    fn load_table(&self, id: &SheetId) -> Result<StoredTable, StoreError>;
    /// The table a read-only id shows.
    fn table_by_view(&self, view: &SheetId) -> Result<SheetId, StoreError>;
    /// Takes or renews, for `owner`, the lease on a card table: the one
    /// process that serves it for `ttl` unless renewed (a zero `ttl` gives
    /// it up). Returns `None` when `owner` holds it, else the holder. A
    /// store that one process serves alone (SQLite) always grants it.
    fn lease_table(
        &mut self,
        id: &SheetId,
        owner: &str,
        ttl: std::time::Duration,
    ) -> Result<Option<String>, StoreError> {
        let _ = (id, owner, ttl);
        Ok(None)
    }
    /// Sends `body` to the process named `to` (heard through
    /// [`watch_changes`] as [`StoreEvent::Message`]), where processes
    /// share the store.
    fn send(&mut self, to: &str, body: &str) -> Result<(), StoreError> {
        let _ = (to, body);
        Err(StoreError::Io("messages between processes need PostgreSQL".into()))
    }
    /// A number that moves when another program commits to the database
    /// (not this connection), where the store can tell; `None` where it
    /// cannot.
    fn changed_elsewhere(&self) -> Result<Option<i64>, StoreError> {
        Ok(None)
    }
    /// Checks that the database answers and its schema is the one this
    /// program knows (a load balancer's health check).
    fn check_schema(&self) -> Result<(), StoreError>;
}
