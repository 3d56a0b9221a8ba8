//! The JSON API's handlers.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_score::{Setup, Sheet};
use belot_store::StoreError;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::base::error::{ApiError, ApiResult};
use crate::base::http::{Peer, body_error, json_bytes, parse_id, query_error};
use crate::hub::Hub;
use crate::sheets::Sheets;
use crate::sheets::change::{ChangeRequest, apply, commit, full, key_ok};
use crate::sheets::game::Game;

pub(crate) async fn create(
    State(hub): State<Hub>,
    Peer(peer): Peer,
    body: Result<Json<Setup>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(mut setup) = body.map_err(body_error)?;
    // Only a card table makes a sheet it keeps.
    setup.kept_by_table = false;
    let sheet = Sheet::start(setup).map_err(ApiError::refused)?;
    hub.base.allow_create(peer)?;
    let g = hub.sheets.create(sheet).await?;
    Ok(json_bytes(StatusCode::CREATED, full(&g, true)))
}

pub(crate) async fn get_sheet(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let g = hub.sheets.game(&parse_id(&id)?).await?;
    Ok(json_bytes(StatusCode::OK, full(&g, true)))
}

pub(crate) async fn get_view(
    State(hub): State<Hub>,
    Path(view): Path<String>,
) -> ApiResult<Response> {
    let g = hub.sheets.game_by_view(&parse_id(&view)?).await?;
    Ok(json_bytes(StatusCode::OK, full(&g, false)))
}

/// `?before=n&limit=m`: the changes numbered below `n` (default: all),
/// the last `m` of them (default 50, at most [`MAX_CHANGES_PAGE`]).
#[derive(Deserialize)]
pub(crate) struct ChangesQuery {
    #[serde(default)]
    before: Option<u32>,
    #[serde(default)]
    limit: Option<u32>,
}

/// The most changes one `GET …/changes` answers with.
pub(crate) const MAX_CHANGES_PAGE: u32 = 200;

/// The "changes" view: the game's changes, newest first, each with its
/// number, what it was, the deal it touched and whether it can be
/// reverted now (`{"op":"revert","change":n}`).
pub(crate) async fn get_changes(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    q: Result<Query<ChangesQuery>, QueryRejection>,
) -> ApiResult<Response> {
    let Query(q) = q.map_err(query_error)?;
    let g = hub.sheets.game(&parse_id(&id)?).await?;
    let sheet = g.head();
    let count = sheet.history().len() as u32;
    let end = q.before.map_or(count, |b| b.saturating_sub(1).min(count));
    let limit = q.limit.unwrap_or(50).clamp(1, MAX_CHANGES_PAGE);
    let start = end.saturating_sub(limit);
    let changes: Vec<Value> = (start + 1..=end)
        .rev()
        .map(|n| {
            json!({
                "n": n,
                "change": sheet.history()[n as usize - 1],
                "deal": sheet.touched(n),
                "revertable": sheet.can_revert(n),
            })
        })
        .collect();
    let body = json!({"version": count, "changes": changes, "more": start > 0});
    Ok(Json(body).into_response())
}

/// `?reply=full` asks for the whole state after a change instead of what
/// changed.
#[derive(Deserialize)]
pub(crate) struct ReplyQuery {
    #[serde(default)]
    reply: Option<String>,
}

pub(crate) async fn post_change(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    q: Result<Query<ReplyQuery>, QueryRejection>,
    body: Result<Json<ChangeRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Query(q) = q.map_err(query_error)?;
    let id = parse_id(&id)?;
    let Json(req) = body.map_err(body_error)?;
    if req.key.as_deref().is_some_and(|k| !key_ok(k)) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_request",
            "key: up to 64 letters, digits, - or _",
        ));
    }
    let g = hub.sheets.game(&id).await?;
    if let Err(r) = g.head().setup().refuse_if_kept() {
        return Err(ApiError { status: StatusCode::FORBIDDEN, ..ApiError::refused(r) });
    }
    catch_up(&hub.sheets, &g, req.version).await?;
    // Sent before (the answer was lost, or a double tap): answered with
    // the state, applied once.
    let Some((applied, rx)) = apply(&hub.sheets, &g, req)? else {
        return Ok(json_bytes(StatusCode::OK, full(&g, true)));
    };
    // The commit is awaited and published in a task of its own: a client
    // that hangs up cannot stop its listeners from hearing of it.
    let task = tokio::spawn(commit(hub.sheets, Arc::clone(&g), applied, rx));
    let delta =
        task.await.map_err(|_| ApiError::from(StoreError::Io("a write failed".into())))??;
    if q.reply.as_deref() == Some("full") {
        return Ok(json_bytes(StatusCode::OK, full(&g, true)));
    }
    Ok(json_bytes(StatusCode::OK, vec![delta]))
}

/// A phone that saw a later version than this process holds saw a change
/// made through another process that this one has not heard of yet (a
/// proxy may send a phone's next request to another process): the game
/// is read again before the change is checked, so that it is not refused
/// as stale. Not while a write of this process is under way: then this
/// process's copy is the newest it can know.
async fn catch_up(sheets: &Sheets, g: &Arc<Game>, seen: usize) -> ApiResult<()> {
    if seen > g.head().history().len() && g.pending.load(Ordering::Relaxed) == 0 {
        sheets.reload(g).await?;
    }
    Ok(())
}

/// A deal to preview.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PreviewRequest {
    entry: belot_score::DealInput,
}

/// The row a deal would make if saved now (outcome, what each side
/// records, points held): nothing is stored.
pub(crate) async fn preview(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    body: Result<Json<PreviewRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(req) = body.map_err(body_error)?;
    let sheet = hub.sheets.game(&parse_id(&id)?).await?.head();
    let row = sheet.preview(&req.entry).map_err(ApiError::refused)?;
    Ok(Json(json!({ "version": sheet.history().len(), "row": row })).into_response())
}

pub(crate) async fn export_json(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    let sheet = hub.sheets.game(&id).await?.head();
    let v = json!({"format": "belot-sheet", "version": 1, "id": id.as_str(),
                   "setup": sheet.setup(), "history": sheet.history(), "table": sheet.table()});
    Ok(([(header::CONTENT_DISPOSITION, "attachment; filename=\"belot.json\"")], Json(v))
        .into_response())
}

pub(crate) async fn export_csv(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let sheet = hub.sheets.game(&parse_id(&id)?).await?.head();
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"belot.csv\""),
        ],
        belot_score::csv(&sheet),
    )
        .into_response())
}
