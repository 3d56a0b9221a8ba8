//! A change to a score sheet, below its HTTP handlers (api.rs) and the
//! card tables that write their finished deals: checked and applied in
//! memory under the game's lock, queued for the writer, and published
//! once it is committed; a game's whole state for its readers.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::body::Bytes;
use axum::http::StatusCode;
use belot_score::Change;
use belot_store::{StoreError, Write, Written};
use serde::Deserialize;
use serde_json::Value;

use super::Sheets;
use super::game::{self, Game};
use crate::base::error::{ApiError, ApiResult};
use crate::base::{Base, Outcome};

/// The whole state of a game for an edit (`Some(id)`) or read-only reader:
/// the one its listeners share when it is current, else serialised from a
/// shared copy, outside the game's lock.
pub(crate) fn full(g: &Game, edit: bool) -> Vec<Bytes> {
    let sheet = g.head();
    let snap = Arc::clone(&g.live.borrow());
    let shared = snap.body().filter(|_| snap.version == sheet.history().len());
    let body = shared.unwrap_or_else(|| game::body(&g.view, &sheet));
    game::with_mode(edit.then_some(&g.id), &body)
}

fn full_value(g: &Game, edit: bool) -> Value {
    let parts = full(g, edit);
    let bytes: Vec<u8> = parts.iter().flat_map(|b| b.iter().copied()).collect();
    serde_json::from_slice(&bytes).unwrap_or(Value::Null)
}

/// A change and the version (number of changes) of the sheet it was made on.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct ChangeRequest {
    /// The state's version the change was made on.
    pub(crate) version: usize,
    pub(crate) change: Change,
    /// The client's key for this change (up to 64 letters, digits, `-`
    /// or `_`): sent again (a lost answer, a queue sent after a reload),
    /// the change is recognised, not applied twice.
    #[serde(default)]
    #[schema(max_length = 64, pattern = "^[A-Za-z0-9_-]+$")]
    pub(crate) key: Option<String>,
}

pub(crate) fn key_ok(k: &str) -> bool {
    !k.is_empty()
        && k.len() <= 64
        && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Adds a change made by the server itself (a card table's finished
/// deal) under `key`: written once however often it is sent.
pub(crate) async fn add(
    sheets: &Sheets,
    g: &Arc<Game>,
    change: Change,
    key: String,
) -> ApiResult<()> {
    let version = g.head().history().len();
    let req = ChangeRequest { version, change, key: Some(key) };
    if let Some((applied, rx)) = apply(sheets, g, req)? {
        commit(sheets.clone(), Arc::clone(g), applied, rx).await?;
    }
    Ok(())
}

/// Waits for a change's commit, then publishes it; returns its delta.
pub(crate) async fn commit(
    sheets: Sheets,
    g: Arc<Game>,
    applied: game::Change,
    rx: Outcome,
) -> ApiResult<Bytes> {
    let r = sheets.base().outcome(rx).await;
    g.pending.fetch_sub(1, Ordering::Relaxed);
    match r {
        Ok(Written::Appended(_)) => {}
        Ok(_) => {
            return Err(StoreError::Io("unexpected answer".into()).into());
        }
        Err(e) => return Err(refused_by_store(&sheets, &g, e).await),
    }
    let delta = applied.delta();
    g.publish(applied, delta.clone());
    Ok(delta)
}

/// Checks and applies a change in memory and queues its write, all under
/// the game's lock (so writes reach the database in the order they were
/// applied); builds what goes out after the commit outside it.
pub(crate) fn apply(
    sheets: &Sheets,
    g: &Arc<Game>,
    req: ChangeRequest,
) -> ApiResult<Option<(game::Change, Outcome)>> {
    let permit = sheets.base().reserve()?;
    let (sheet, done) = {
        let mut st = g.lock();
        if req.key.as_ref().is_some_and(|k| st.keys.contains_key(k)) {
            return Ok(None);
        }
        let version = st.sheet.history().len();
        if req.version != version {
            drop(st);
            return Err(stale(g, version, req.version));
        }
        if version >= sheets.base().limits().max_changes_per_game {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "game_full",
                format!(
                    "this game holds {version} changes, the most one game may: start a new game"
                ),
            ));
        }
        let done =
            Arc::make_mut(&mut st.sheet).apply(req.change.clone()).map_err(ApiError::refused)?;
        if let Some(k) = &req.key {
            st.keys.insert(k.clone(), version + 1);
        }
        let write = Write::Append {
            id: g.id.clone(),
            expected: version,
            changes: vec![req.change],
            key: req.key,
        };
        let (msg, rx) = Base::job(write);
        permit.send(msg);
        g.pending.fetch_add(1, Ordering::Relaxed);
        g.size.fetch_add(1, Ordering::Relaxed);
        sheets.grew(1);
        (Arc::clone(&st.sheet), (done, rx))
    };
    let (done, rx) = done;
    // Serialised here, outside the lock: only what the change wrote.
    Ok(Some((game::Change::of(&sheet, done), rx)))
}

pub(crate) fn stale(g: &Game, version: usize, yours: usize) -> ApiError {
    let mut e = ApiError::new(
        StatusCode::CONFLICT,
        "stale",
        format!(
            "this game changed on another phone (version {version}, yours {yours}); here is the \
             current state: check it and enter your change again"
        ),
    );
    e.state = Some(Box::new(full_value(g, true)));
    e
}

/// A write the database refused: the game in memory is ahead of it, so it
/// reloads; a conflict (another program wrote first) answers 409 with the
/// stored state.
pub(crate) async fn refused_by_store(sheets: &Sheets, g: &Arc<Game>, e: StoreError) -> ApiError {
    g.lock().stale = true;
    let conflict = matches!(e, StoreError::Conflict { .. });
    let mut err = ApiError::from(e);
    // Listeners may have been sent the refused change with a whole state
    // (they join with the state in memory): send them what is stored.
    let reloaded = (conflict || g.has_listeners()) && sheets.reload(g).await.is_ok();
    if reloaded && conflict {
        err.state = Some(Box::new(full_value(g, true)));
    }
    err
}
