//! The hub: the handle every HTTP handler gets, bundling the server's
//! three parts. The [`Base`] (database, limits, fair shares, shutdown),
//! the score [`Sheets`] and the card [`Tables`], each over the base (and
//! the tables over the sheets, which their finished deals go to). Only
//! the handlers, the router and the socket use it.

use std::net::IpAddr;
use std::path::Path;

use belot_store::{Location, SheetId, StoreError, StoreEvent};
use tokio::sync::mpsc;

use crate::base::Base;
use crate::base::http::Proxies;
use crate::base::limits::{Limits, MIN_TABLE_LEASE};
use crate::sheets::{Sheets, WeakSheets};
use crate::tables::relay::Relay;
use crate::tables::{Tables, WeakTables};

/// Shared application state. Cloning is cheap (three `Arc`s).
#[derive(Clone)]
pub struct Hub {
    pub(crate) base: Base,
    pub(crate) sheets: Sheets,
    pub(crate) tables: Tables,
}

impl Proxies for Hub {
    fn trusted_proxies(&self) -> &[IpAddr] {
        &self.limits().trusted_proxies
    }
}

impl Hub {
    /// A hub on the SQLite database at `path` (created if needed), with
    /// these limits. Starts the writer thread and the freshness poll, so it
    /// must be called inside a Tokio runtime.
    pub fn open(path: &Path, limits: Limits) -> Result<Hub, StoreError> {
        Hub::open_at(&Location::Sqlite(path.to_path_buf()), limits)
    }

    /// A hub on the store at `loc`: an SQLite file or a PostgreSQL
    /// database.
    pub fn open_at(loc: &Location, mut limits: Limits) -> Result<Hub, StoreError> {
        // The lease's floor holds for every caller, not only the command.
        limits.table_lease = limits.table_lease.max(MIN_TABLE_LEASE);
        let base = Base::open(loc, limits)?;
        let node = SheetId::random()?.to_string();
        let relay = Relay::new(base.clone(), node, matches!(loc, Location::Postgres(_)));
        let sheets = Sheets::start(base.clone());
        let tables = Tables::new(base.clone(), sheets.clone(), relay);
        if let Location::Postgres(url) = loc {
            let events = base.listen(url.clone())?;
            tokio::spawn(heard(sheets.downgrade(), tables.downgrade(), events));
        }
        Ok(Hub { base, sheets, tables })
    }

    /// Ends the live streams; [`Hub::close`] then finishes the writes.
    pub fn begin_shutdown(&self) {
        self.base.begin_shutdown();
    }

    /// Commits every write already queued and stops the writer thread.
    /// Returns once they are on disk (call after the server stopped).
    /// Gives up the tables this process serves, so that another serves
    /// them at once.
    pub async fn close(self) {
        self.base.begin_shutdown();
        self.tables.give_up().await;
        self.base.finish().await;
    }

    /// The server's limits.
    pub(crate) fn limits(&self) -> &Limits {
        self.base.limits()
    }

    /// This process's name among those sharing a database (random at each
    /// start): the holder of the card tables it serves.
    pub fn node(&self) -> &str {
        self.tables.relay().node()
    }

    /// How many games are in memory.
    pub fn cached_games(&self) -> usize {
        self.sheets.cached_games()
    }
}

/// Hands what the PostgreSQL database says other processes did to the
/// part it concerns, while the sheets and tables are.
async fn heard(sheets: WeakSheets, tables: WeakTables, mut rx: mpsc::Receiver<StoreEvent>) {
    while let Some(e) = rx.recv().await {
        let (Some(sheets), Some(tables)) = (sheets.upgrade(), tables.upgrade()) else { return };
        match e {
            StoreEvent::Listening => {
                // What was said while the connection was lost was missed.
                tables.refresh_all();
                sheets.recheck().await
            }
            StoreEvent::Table { id, .. } => tables.refresh(&id),
            StoreEvent::Message { to, body } => tables.heard(&to, &body),
            StoreEvent::Changed { id, version } => sheets.changed_elsewhere(&id, version).await,
        }
    }
}
