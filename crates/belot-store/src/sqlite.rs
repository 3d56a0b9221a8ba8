//! [`SqliteStore`]: score sheets in an SQLite file.

use std::path::Path;
use std::time::Duration;

use belot_score::{Change, Setup};
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};

use crate::{
    SheetId, SheetInfo, Store, StoreError, StoredTable, Write, Written, json, now, unreadable,
};

/// Marks a belot database (`PRAGMA application_id`): "BELT".
const APPLICATION_ID: i64 = 0x4245_4C54;

/// The tables belot makes (the health check looks for each).
const TABLES: &[&str] = &["sheets", "changes", "card_tables"];

/// How long a write waits for another program's lock before giving up
/// with [`StoreError::Busy`] (the CLI; the server sets its own).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

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
    // A client's key per write, so a write sent twice is stored once.
    "ALTER TABLE changes ADD COLUMN key TEXT;
     CREATE UNIQUE INDEX changes_key ON changes(sheet_id, key) WHERE key IS NOT NULL;",
    // Card tables (`belot serve`): each one's latest state, rewritten
    // whole at each change (a match record is a few kilobytes).
    "CREATE TABLE card_tables (
        id TEXT PRIMARY KEY,
        view_id TEXT NOT NULL UNIQUE,
        created INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
     );",
];

/// Score sheets in an SQLite database file.
pub struct SqliteStore {
    conn: Connection,
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy,
            Some(ErrorCode::ReadOnly) => StoreError::ReadOnly(e.to_string()),
            Some(ErrorCode::DiskFull) => StoreError::Full,
            Some(ErrorCode::NotADatabase) => StoreError::Foreign(e.to_string()),
            _ => StoreError::Database(crate::Cause(std::sync::Arc::new(e))),
        }
    }
}

/// Makes the folder that will hold `path`, saying plainly what is in the
/// way when it cannot.
fn make_folder(path: &Path) -> Result<(), StoreError> {
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(());
    };
    if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
        return Err(StoreError::Io(format!(
            "cannot make the folder {}: {} is a file",
            dir.display(),
            file.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| match e.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => {
            StoreError::ReadOnly(format!("cannot make the folder {}: {e}", dir.display()))
        }
        _ => StoreError::Io(format!("cannot make the folder {}: {e}", dir.display())),
    })
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` for reading and
    /// writing and brings its schema up to date. Refuses, untouched, a file
    /// that is not a belot database, and says so when the file or its
    /// folder cannot be written.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        make_folder(path)?;
        // Judged from its bytes before SQLite opens it: a connection may
        // write (a journal mode, a `-shm` file) before any check could run.
        classify(path)?;
        let conn = Connection::open(path)?;
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly(format!("{} is read-only", path.display())));
        }
        SqliteStore::setup(conn).map_err(|e| match e {
            StoreError::ReadOnly(_) | StoreError::Io(_) | StoreError::Database(_)
                if !folder_writable(path) =>
            {
                StoreError::ReadOnly(format!(
                    "its folder cannot be written (SQLite keeps its journal beside {})",
                    path.display()
                ))
            }
            e => e,
        })
    }

    /// Opens an existing belot database only to read it (listing and
    /// showing sheets): works on a read-only file or medium, changes
    /// nothing, and refuses a file that is not a belot database.
    pub fn open_read_only(path: &Path) -> Result<SqliteStore, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Io(format!("no database at {}", path.display())));
        }
        if classify(path)? == Kind::Empty {
            return Err(StoreError::Io(format!("{} holds no belot data yet", path.display())));
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = match Connection::open_with_flags(path, flags) {
            Ok(c) if c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).is_ok() => c,
            // On read-only media a WAL database cannot make its shared
            // memory file: read it as an immutable file instead.
            _ => Connection::open_with_flags(
                format!("file:{}?immutable=1", path.display()),
                flags | OpenFlags::SQLITE_OPEN_URI,
            )?,
        };
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version as usize != MIGRATIONS.len() {
            return Err(StoreError::Io(format!(
                "{} has schema {version}, this belot reads {}: open it once for writing",
                path.display(),
                MIGRATIONS.len()
            )));
        }
        conn.busy_timeout(BUSY_TIMEOUT)?;
        Ok(SqliteStore { conn })
    }

    /// A second connection to a database another store has opened for
    /// writing (a server's read connections): reads the latest commits,
    /// refuses to write, runs no migration.
    pub fn open_reader(path: &Path) -> Result<SqliteStore, StoreError> {
        classify(path)?;
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.pragma_update(None, "query_only", true)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        Ok(SqliteStore { conn })
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
        conn.busy_timeout(BUSY_TIMEOUT)?;
        let mut s = SqliteStore { conn };
        s.migrate()?;
        Ok(s)
    }

    /// How long a write waits for another program's lock before failing
    /// with [`StoreError::Busy`].
    pub fn set_busy_timeout(&self, wait: Duration) -> Result<(), StoreError> {
        Ok(self.conn.busy_timeout(wait)?)
    }

    /// Leaves checkpoints (copying the journal into the database file) to
    /// [`SqliteStore::checkpoint`] on another connection, so that commits
    /// on this one never wait for one.
    pub fn defer_checkpoints(&self) -> Result<(), StoreError> {
        Ok(self.conn.pragma_update(None, "wal_autocheckpoint", 0)?)
    }

    /// Copies what the journal holds into the database file, neither
    /// waiting for nor blocking writers (a passive checkpoint).
    /// Returns the journal's frames and how many are now in the file.
    pub fn checkpoint(&self) -> Result<(i64, i64), StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| Ok((r.get(1)?, r.get(2)?)))?)
    }

    /// A number that changes when another connection (another program, or
    /// another store on the same file) commits: how a cache notices that
    /// it is stale. Commits through this store do not change it.
    pub fn data_version(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
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
        tx.pragma_update(None, "application_id", APPLICATION_ID)?;
        tx.commit()?;
        Ok(())
    }

    fn insert_sheet(tx: &Connection, setup: &Setup) -> Result<(SheetId, SheetId), StoreError> {
        let id = SheetId::random()?;
        let view = SheetId::random()?;
        tx.prepare_cached(
            "INSERT INTO sheets (id, created, setup, view_id) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id.as_str(), now(), json(setup)?, view.as_str()])?;
        Ok((id, view))
    }

    /// Appends `changes` inside an open transaction, after checking the
    /// sheet exists and has `expected` changes.
    fn append_in(
        tx: &Connection,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
        key: Option<&str>,
    ) -> Result<usize, StoreError> {
        let n = SqliteStore::count(tx, id)?.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        if n != expected {
            return Err(StoreError::Conflict { expected, actual: n });
        }
        let mut st = tx.prepare_cached(
            "INSERT INTO changes (sheet_id, seq, at, change, key) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let at = now();
        for (k, c) in changes.iter().enumerate() {
            // The key goes on the last change: it stands for the whole write.
            let key = key.filter(|_| k + 1 == changes.len());
            st.execute(params![id.as_str(), (n + 1 + k) as i64, at, json(c)?, key])?;
        }
        Ok(n + changes.len())
    }

    /// The one id `sql` finds for `key` (a sheet's edit or view id).
    fn one_id(&self, sql: &str, key: &SheetId) -> Result<SheetId, StoreError> {
        let v: Option<String> =
            self.conn.prepare_cached(sql)?.query_row([key.as_str()], |r| r.get(0)).optional()?;
        v.map(SheetId).ok_or_else(|| StoreError::NotFound(key.to_string()))
    }

    /// The number of changes of a sheet, `None` if there is no such sheet.
    /// Sequence numbers run 1..=n, so the largest is the count (one index
    /// probe, not a scan).
    fn count(conn: &Connection, id: &SheetId) -> Result<Option<usize>, StoreError> {
        let exists = conn
            .prepare_cached("SELECT 1 FROM sheets WHERE id = ?1")?
            .query_row([id.as_str()], |_| Ok(()))
            .optional()?;
        if exists.is_none() {
            return Ok(None);
        }
        let n: i64 = conn
            .prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM changes WHERE sheet_id = ?1")?
            .query_row([id.as_str()], |r| r.get(0))?;
        Ok(Some(n as usize))
    }

    /// Stores a table's state unless a later one is stored already (writes
    /// of one table may be committed in one batch, the latest last).
    fn save_table_in(tx: &Connection, t: &StoredTable) -> Result<(), StoreError> {
        tx.prepare_cached(
            "INSERT INTO card_tables (id, view_id, created, seq, state) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT(id) DO UPDATE SET seq = excluded.seq, state = excluded.state
             WHERE excluded.seq >= card_tables.seq",
        )?
        .execute(params![t.id.as_str(), t.view.as_str(), now(), t.seq as i64, t.state])?;
        Ok(())
    }

    /// One write of a batch, inside its own savepoint.
    fn write_one(tx: &mut rusqlite::Transaction<'_>, w: &Write) -> Result<Written, StoreError> {
        let sp = tx.savepoint()?;
        let done = match w {
            Write::Create(setup) => {
                let (id, view) = SqliteStore::insert_sheet(&sp, setup)?;
                Written::Created { id, view }
            }
            Write::Append { id, expected, changes, key } => Written::Appended(
                SqliteStore::append_in(&sp, id, *expected, changes, key.as_deref())?,
            ),
            Write::Table(t) => {
                SqliteStore::save_table_in(&sp, t)?;
                Written::Saved(t.seq)
            }
            // One process serves an SQLite file's tables: always its lease.
            Write::Lease { .. } => Written::Leased(None),
            Write::Message { .. } => {
                return Err(StoreError::Io("messages between processes need PostgreSQL".into()));
            }
        };
        sp.commit()?;
        Ok(done)
    }
}

/// Whether a file could be made beside `path` (SQLite's journal).
fn folder_writable(path: &Path) -> bool {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let probe = dir.join(format!(".belot-probe-{}", std::process::id()));
    let ok = std::fs::File::create(&probe).is_ok();
    let _ = std::fs::remove_file(&probe);
    ok
}

/// Refuses a database that is not belot's, before anything is written to
/// it: belot's application id, or (files from before the id) belot's
/// tables and nothing else, or an empty file.
/// A database file that may be opened: belot's, or one with nothing in
/// it yet (missing, empty, or an SQLite file of one blank page).
#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Belot,
    Empty,
}

/// What the file at `path` is, from its own bytes: belot marks its
/// databases with its `application_id` (header bytes 68-71) in the same
/// transaction as its first tables, so anything else that holds a thing
/// (another id, a `user_version`, a second page) is another program's,
/// refused before SQLite opens it. Only when a write-ahead log lies beside
/// an unmarked header (the mark may be in it still) does SQLite read the
/// file, read-only.
fn classify(path: &Path) -> Result<Kind, StoreError> {
    let foreign = |why: String| StoreError::Foreign(format!("{}: {why}", path.display()));
    let len = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(foreign("a folder, not a database file".into())),
        Ok(m) => m.len(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Kind::Empty),
        Err(e) => return Err(StoreError::Io(format!("{}: {e}", path.display()))),
    };
    let mut head = [0u8; 100];
    let read = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .map_err(|e| StoreError::Io(format!("{}: {e}", path.display())))?;
    let wal = std::fs::metadata(format!("{}-wal", path.display())).is_ok_and(|m| m.len() > 0);
    if len == 0 && !wal {
        return Ok(Kind::Empty);
    }
    if read < 100 || &head[..16] != b"SQLite format 3\0" {
        if len == 0 {
            return check_ours(path);
        }
        return Err(foreign("not an SQLite database".into()));
    }
    if i64::from(be32(&head, 68)) == APPLICATION_ID {
        return Ok(Kind::Belot);
    }
    if wal {
        return check_ours(path);
    }
    judge(be32(&head, 68), be32(&head, 60), pages(&head, len), &foreign)
}

/// The big-endian number at `at` of an SQLite header.
fn be32(head: &[u8; 100], at: usize) -> u32 {
    u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]])
}

/// The database's size in pages, from its header (or the file's length,
/// where the header's count may be stale).
fn pages(head: &[u8; 100], len: u64) -> u64 {
    let int = |at: usize| be32(head, at);
    let size = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65_536,
        n => u64::from(n).max(512),
    };
    if int(24) == int(92) && int(28) > 0 { u64::from(int(28)) } else { len.div_ceil(size) }
}

/// An unmarked SQLite file may be taken only if it holds nothing: no
/// other program's id, no version, no page past the first (each table
/// has a page of its own).
fn judge(
    app: u32,
    version: u32,
    pages: u64,
    foreign: &dyn Fn(String) -> StoreError,
) -> Result<Kind, StoreError> {
    if app != 0 {
        return Err(foreign(format!(
            "another program's SQLite database (application id {app:#x})"
        )));
    }
    if version != 0 {
        return Err(foreign(format!(
            "an SQLite database with user_version {version} but not marked as belot's"
        )));
    }
    if pages > 1 {
        return Err(foreign("it holds tables, and is not marked as belot's".into()));
    }
    Ok(Kind::Empty)
}

/// The same judgement through SQLite, read-only (a write-ahead log beside
/// the file may hold the mark, or the tables, that its header does not).
fn check_ours(path: &Path) -> Result<Kind, StoreError> {
    let foreign = |why: String| StoreError::Foreign(format!("{}: {why}", path.display()));
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags)?;
    let read = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0));
    let app =
        read("PRAGMA application_id").map_err(|_| foreign("not an SQLite database".into()))?;
    if app == APPLICATION_ID {
        return Ok(Kind::Belot);
    }
    let version = read("PRAGMA user_version")?;
    let objects = read("SELECT count(*) FROM sqlite_master")?;
    judge(app as u32, version as u32, if objects > 0 { 2 } else { 1 }, &foreign)
}

impl Store for SqliteStore {
    fn create(&mut self, setup: &Setup) -> Result<SheetId, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (id, _) = SqliteStore::insert_sheet(&tx, setup)?;
        tx.commit()?;
        Ok(id)
    }

    fn list(&self) -> Result<Vec<SheetInfo>, StoreError> {
        let mut st = self.conn.prepare(
            "SELECT s.id, s.created, s.setup,
                    (SELECT COALESCE(MAX(seq), 0) FROM changes c WHERE c.sheet_id = s.id)
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
            let setup: Setup = serde_json::from_str(&setup).map_err(unreadable)?;
            out.push(SheetInfo { id: SheetId(id), created, setup, changes: n as usize });
        }
        Ok(out)
    }

    fn load(&self, id: &SheetId) -> Result<(Setup, Vec<Change>), StoreError> {
        // One read transaction: the set-up and the changes of one moment.
        let tx = self.conn.unchecked_transaction()?;
        let setup: Option<String> = tx
            .prepare_cached("SELECT setup FROM sheets WHERE id = ?1")?
            .query_row([id.as_str()], |r| r.get(0))
            .optional()?;
        let setup = setup.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        let setup: Setup = serde_json::from_str(&setup).map_err(unreadable)?;
        let mut st =
            tx.prepare_cached("SELECT change FROM changes WHERE sheet_id = ?1 ORDER BY seq")?;
        let rows = st.query_map([id.as_str()], |r| r.get::<_, String>(0))?;
        let mut changes = Vec::new();
        for row in rows {
            changes.push(serde_json::from_str(&row?).map_err(unreadable)?);
        }
        Ok((setup, changes))
    }

    fn keys(&self, id: &SheetId) -> Result<Vec<(String, usize)>, StoreError> {
        let mut st = self.conn.prepare_cached(
            "SELECT key, seq FROM changes WHERE sheet_id = ?1 AND key IS NOT NULL ORDER BY seq",
        )?;
        let rows =
            st.query_map([id.as_str()], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
        let mut out = Vec::new();
        for row in rows {
            let (k, seq) = row?;
            out.push((k, seq as usize));
        }
        Ok(out)
    }

    fn version(&self, id: &SheetId) -> Result<usize, StoreError> {
        SqliteStore::count(&self.conn, id)?.ok_or_else(|| StoreError::NotFound(id.to_string()))
    }

    fn append_all(
        &mut self,
        id: &SheetId,
        expected: usize,
        changes: &[Change],
    ) -> Result<usize, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let n = SqliteStore::append_in(&tx, id, expected, changes, None)?;
        tx.commit()?;
        Ok(n)
    }

    fn write_batch(&mut self, writes: &[Write]) -> Vec<Result<Written, StoreError>> {
        let all = |e: StoreError| writes.iter().map(|_| Err(e.clone())).collect();
        let mut tx = match self.conn.transaction_with_behavior(TransactionBehavior::Immediate) {
            Ok(tx) => tx,
            Err(e) => return all(e.into()),
        };
        let done: Vec<_> = writes.iter().map(|w| SqliteStore::write_one(&mut tx, w)).collect();
        match tx.commit() {
            Ok(()) => done,
            Err(e) => all(e.into()),
        }
    }

    fn import(&mut self, setup: &Setup, changes: &[Change]) -> Result<SheetId, StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let (id, _) = SqliteStore::insert_sheet(&tx, setup)?;
        SqliteStore::append_in(&tx, &id, 0, changes, None)?;
        tx.commit()?;
        Ok(id)
    }

    fn view_id(&self, id: &SheetId) -> Result<SheetId, StoreError> {
        self.one_id("SELECT view_id FROM sheets WHERE id = ?1", id)
    }

    fn by_view_id(&self, view: &SheetId) -> Result<SheetId, StoreError> {
        self.one_id("SELECT id FROM sheets WHERE view_id = ?1", view)
    }

    fn save_table(&mut self, table: &StoredTable) -> Result<(), StoreError> {
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        SqliteStore::save_table_in(&tx, table)?;
        tx.commit()?;
        Ok(())
    }

    fn load_table(&self, id: &SheetId) -> Result<StoredTable, StoreError> {
        let row: Option<(String, i64, String)> = self
            .conn
            .prepare_cached("SELECT view_id, seq, state FROM card_tables WHERE id = ?1")?
            .query_row([id.as_str()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .optional()?;
        let (view, seq, state) = row.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
        Ok(StoredTable { id: id.clone(), view: SheetId(view), seq: seq as u64, state, owner: None })
    }

    fn table_by_view(&self, view: &SheetId) -> Result<SheetId, StoreError> {
        let v: Option<String> = self
            .conn
            .prepare_cached("SELECT id FROM card_tables WHERE view_id = ?1")?
            .query_row([view.as_str()], |r| r.get(0))
            .optional()?;
        v.map(SheetId).ok_or_else(|| StoreError::NotFound(view.to_string()))
    }

    fn changed_elsewhere(&self) -> Result<Option<i64>, StoreError> {
        self.data_version().map(Some)
    }

    fn check_schema(&self) -> Result<(), StoreError> {
        let v: i64 = self.conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if v as usize != MIGRATIONS.len() {
            return Err(StoreError::Io(format!(
                "schema version {v}, expected {}",
                MIGRATIONS.len()
            )));
        }
        for table in TABLES {
            let there: i64 = self.conn.query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                [table],
                |r| r.get(0),
            )?;
            if there == 0 {
                return Err(StoreError::Io(format!("the table {table} is missing")));
            }
        }
        Ok(())
    }
}
