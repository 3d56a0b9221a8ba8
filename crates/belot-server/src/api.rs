//! The score sheets' handlers.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_score::{Change, Row, Setup, Sheet, Table};
use belot_store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::OneOfBuilder;
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use crate::base::error::{ApiError, ApiResult, ErrorBody};
use crate::base::http::{Peer, body_error, json_bytes, parse_id, query_error};
use crate::doc;
use crate::hub::Hub;
use crate::sheets::Sheets;
use crate::sheets::change::{ChangeRequest, apply, commit, full, key_ok};
use crate::sheets::game::{DeltaDoc, Game, StateDoc};

/// Start a game.
#[utoipa::path(post, path = "/api/sheets", tag = "sheets", request_body = Setup, responses(
    (status = 201, description = "the new game's state (with its id and view_id)", body = StateDoc),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "invalid set-up; the message says what is accepted",
     body = ErrorBody),
    (status = 429, description = "rate_limited: too many new games from this address this minute; \
     see Retry-After", body = ErrorBody),
    (status = 408, description = doc::TIMEOUT, body = ErrorBody),
    (status = 503, description = doc::BUSY, body = ErrorBody),
))]
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

/// A game (edit mode).
#[utoipa::path(get, path = "/api/sheets/{id}", tag = "sheets", params(doc::SheetPath), responses(
    (status = 200, description = "the state", body = StateDoc),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
))]
pub(crate) async fn get_sheet(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let g = hub.sheets.game(&parse_id(&id)?).await?;
    Ok(json_bytes(StatusCode::OK, full(&g, true)))
}

/// A game, read-only (no edit id in the state).
#[utoipa::path(get, path = "/api/view/{view}", tag = "sheets", params(doc::ViewPath), responses(
    (status = 200, description = "the state, its id null", body = StateDoc),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
))]
pub(crate) async fn get_view(
    State(hub): State<Hub>,
    Path(view): Path<String>,
) -> ApiResult<Response> {
    let g = hub.sheets.game_by_view(&parse_id(&view)?).await?;
    Ok(json_bytes(StatusCode::OK, full(&g, false)))
}

/// `?before=n&limit=m`: the changes numbered below `n` (default: all),
/// the last `m` of them (default 50, at most [`MAX_CHANGES_PAGE`]).
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ChangesQuery {
    /// Only changes numbered below this (default: all); the next page
    /// asks before the last `n` received.
    #[serde(default)]
    before: Option<u32>,
    /// At most this many (default 50, at most 200).
    #[serde(default)]
    #[param(minimum = 1, maximum = 200)]
    limit: Option<u32>,
}

/// A page of the changes view.
// The fields of the answers' types here are in the order the answers
// have always had them: by name.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ChangesPage<'a> {
    /// Newest first.
    changes: Vec<ChangeRow<'a>>,
    /// Whether older changes are left.
    more: bool,
    /// The number of changes.
    version: u32,
}

/// One change of the changes view.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ChangeRow<'a> {
    /// As stored.
    change: &'a Change,
    /// The deal it touched (null for a set-up change).
    #[schema(required = true)]
    deal: Option<u32>,
    /// Its number, from 1.
    n: u32,
    /// Whether `{"op":"revert","change":n}` would be accepted now.
    revertable: bool,
}

/// The most changes one `GET …/changes` answers with.
pub(crate) const MAX_CHANGES_PAGE: u32 = 200;

/// The changes view: a game's changes, newest first.
///
/// Each with its number, what it was, the deal it touched and whether it
/// can be reverted now (`{"op":"revert","change":n}`).
#[utoipa::path(get, path = "/api/sheets/{id}/changes", tag = "sheets",
    params(doc::SheetPath, ChangesQuery), responses(
    (status = 200, description = "a page of changes", body = ChangesPage),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
    (status = 400, description = "bad_request: a query that does not parse", body = ErrorBody),
))]
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
    let changes = (start + 1..=end)
        .rev()
        .filter_map(|n| {
            Some(ChangeRow {
                change: sheet.history().get(n as usize - 1)?,
                deal: sheet.touched(n),
                n,
                revertable: sheet.can_revert(n),
            })
        })
        .collect();
    let body = ChangesPage { changes, more: start > 0, version: count };
    Ok(Json(body).into_response())
}

/// `?reply=full` asks for the whole state after a change instead of what
/// changed.
#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ReplyQuery {
    /// `full`: answer with the whole state instead of the delta (any
    /// other value: the delta).
    #[serde(default)]
    reply: Option<String>,
}

/// A change's answer: what changed, or the whole state (`?reply=full`,
/// and a change sent again under its key).
struct ChangeAnswer;

impl utoipa::PartialSchema for ChangeAnswer {
    fn schema() -> RefOr<Schema> {
        let one = |name| Ref::from_schema_name(name);
        OneOfBuilder::new()
            .item(one(DeltaDoc::name()))
            .item(one(StateDoc::name()))
            .description(Some(
                "What changed, or the whole state (with ?reply=full, and for a change sent \
                 again under its key)",
            ))
            .into()
    }
}

impl ToSchema for ChangeAnswer {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((DeltaDoc::name().into(), DeltaDoc::schema()));
        schemas.push((StateDoc::name().into(), StateDoc::schema()));
        DeltaDoc::schemas(schemas);
        StateDoc::schemas(schemas);
    }
}

/// Change a game.
///
/// Add, edit, delete, restore a deal; take back (↶) and put back (↷);
/// undo; redo; change the set-up; revert any change. Answered once the
/// change is on disk.
#[utoipa::path(post, path = "/api/sheets/{id}/changes", tag = "sheets",
    params(doc::SheetPath, ReplyQuery), request_body = ChangeRequest, responses(
    (status = 200, description = "what changed (the whole state with ?reply=full, or for a \
     change sent again under its key); sent once the change is on disk",
     body = ChangeAnswer),
    (status = 400, description = "bad_json (a body that is not JSON), bad_request (a query that \
     does not parse)", body = ErrorBody),
    (status = 403, description = "kept_by_table: the sheet is kept by a card table, which alone \
     writes it; nothing stored", body = ErrorBody),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
    (status = 409, description = "stale: the game changed meanwhile; nothing stored; the body \
     has the current state", body = ErrorBody),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "the change cannot be made (the rules' code), a bad key, or \
     the game holds the most changes a game may (game_full); nothing stored", body = ErrorBody),
    (status = 507, description = "disk_full: nothing stored", body = ErrorBody),
    (status = 408, description = doc::TIMEOUT, body = ErrorBody),
    (status = 503, description = doc::BUSY, body = ErrorBody),
))]
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
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct PreviewRequest {
    entry: belot_score::DealInput,
}

/// The row a deal would make.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Preview {
    row: Row,
    /// The version it was counted on.
    version: usize,
}

/// The row a deal would make if saved now.
///
/// Its outcome, what each side records, points held: nothing is stored.
#[utoipa::path(post, path = "/api/sheets/{id}/preview", tag = "sheets", params(doc::SheetPath),
    request_body = PreviewRequest, responses(
    (status = 200, description = "the row", body = Preview),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "the deal cannot be entered; the message says why",
     body = ErrorBody),
))]
pub(crate) async fn preview(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    body: Result<Json<PreviewRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(req) = body.map_err(body_error)?;
    let sheet = hub.sheets.game(&parse_id(&id)?).await?.head();
    let row = sheet.preview(&req.entry).map_err(ApiError::refused)?;
    Ok(Json(Preview { row, version: sheet.history().len() }).into_response())
}

/// A sheet as `belot score import` reads it.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct SheetExport<'a> {
    /// `belot-sheet`.
    format: &'static str,
    /// Every change, in order.
    history: &'a [Change],
    /// The game's edit id.
    id: &'a str,
    setup: &'a Setup,
    table: &'a Table,
    /// The format's version: 1.
    version: u32,
}

/// Set-up, history and table (`belot score import` reads it).
#[utoipa::path(get, path = "/api/sheets/{id}/export.json", tag = "sheets",
    params(doc::SheetPath), responses(
    (status = 200, description = "the sheet, as an attachment", body = SheetExport),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
))]
pub(crate) async fn export_json(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    let sheet = hub.sheets.game(&id).await?.head();
    let v = SheetExport {
        format: "belot-sheet",
        history: sheet.history(),
        id: id.as_str(),
        setup: sheet.setup(),
        table: sheet.table(),
        version: 1,
    };
    Ok(([(header::CONTENT_DISPOSITION, "attachment; filename=\"belot.json\"")], Json(v))
        .into_response())
}

/// The running-total table as CSV.
#[utoipa::path(get, path = "/api/sheets/{id}/export.csv", tag = "sheets",
    params(doc::SheetPath), responses(
    (status = 200, description = "the table, as an attachment", content_type = "text/csv",
     body = String),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
))]
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
