//! For tests (belot's own, of every crate): a fresh PostgreSQL database,
//! created on the server at `$BELOT_TEST_PG` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`) and dropped with the
//! value. Under CI or the test script (`BELOT_REQUIRE_POSTGRES`, set by
//! `scripts/test.sh`, which starts the server) a missing server fails the
//! test; elsewhere the test is skipped, and says so.

use std::sync::atomic::{AtomicUsize, Ordering};

/// A database of one test, dropped with it.
pub struct PgTestDb {
    /// Its URL.
    pub url: String,
    admin: String,
    name: String,
}

static N: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` on a thread of its own: the PostgreSQL client runs its own
/// runtime, which cannot start inside an async test's.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
}

impl PgTestDb {
    /// A fresh database, or None when no server answers and none is
    /// required.
    pub fn new(tag: &str) -> Option<PgTestDb> {
        off_runtime(|| PgTestDb::make(tag))
    }

    fn make(tag: &str) -> Option<PgTestDb> {
        let admin = std::env::var("BELOT_TEST_PG")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        let required = std::env::var_os("CI").is_some()
            || std::env::var_os("BELOT_REQUIRE_POSTGRES").is_some();
        let mut c = match postgres::Client::connect(&admin, postgres::NoTls) {
            Ok(c) => c,
            Err(e) => {
                assert!(!required, "PostgreSQL is required (scripts/postgres.sh starts it): {e}");
                eprintln!("SKIPPED: PostgreSQL at {admin}: {e}");
                return None;
            }
        };
        let n = N.fetch_add(1, Ordering::Relaxed);
        let name = format!("belot_test_{tag}_{}_{n}", std::process::id());
        // One statement each: neither may run in a transaction block.
        c.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).ok()?;
        c.batch_execute(&format!("CREATE DATABASE {name}")).ok()?;
        let url = format!("{}/{name}", admin.rsplit_once('/').map_or(admin.as_str(), |x| x.0));
        Some(PgTestDb { url, admin, name })
    }
}

impl Drop for PgTestDb {
    fn drop(&mut self) {
        off_runtime(|| {
            if let Ok(mut c) = postgres::Client::connect(&self.admin, postgres::NoTls) {
                let drop = format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name);
                let _ = c.batch_execute(&drop);
            }
        });
    }
}
