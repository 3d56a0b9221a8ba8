//! # belot-server
//!
//! `belot serve`: the score keeper as a web app. Every phone at a table
//! opens the game's link and sees each change live (server-sent events);
//! the link itself is the edit right (128 random bits) and a second link is
//! read-only. A change made on an out-of-date copy is refused with the
//! current state (HTTP 409), never silently applied over another phone's
//! change. The UI's files are embedded in the binary.
//!
//! [`app`] builds the router, so the whole API is testable without a
//! socket (`tower::ServiceExt::oneshot`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use belot_score::{Change, Setup, Sheet};
use belot_store::{SheetId, SqliteStore, Store, StoreError};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::broadcast;
use tokio_stream::StreamExt;
use tokio_stream::wrappers::BroadcastStream;

/// Largest request body accepted.
pub const MAX_BODY: usize = 64 * 1024;

/// An API error: a status code and a message that says what was wrong.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
    state: Option<Value>,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, code, message: message.into(), state: None }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::NotFound(_) | StoreError::BadId(_) => {
                ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game: check the link")
            }
            StoreError::Conflict { .. } => {
                ApiError::new(StatusCode::CONFLICT, "stale", e.to_string())
            }
            StoreError::Io(m) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", m),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": {"code": self.code, "message": self.message}});
        if let Some(s) = self.state {
            body["state"] = s;
        }
        (self.status, Json(body)).into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// The games in memory and their live channels, over the store.
struct Inner {
    store: SqliteStore,
    sheets: HashMap<SheetId, (Sheet, SheetId)>,
    channels: HashMap<SheetId, broadcast::Sender<Value>>,
}

/// Shared application state: one store behind a lock (SQLite writes one
/// at a time anyway), sheets cached after their first load.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Mutex<Inner>>,
}

impl Hub {
    /// A hub over this store.
    pub fn new(store: SqliteStore) -> Hub {
        Hub {
            inner: Arc::new(Mutex::new(Inner {
                store,
                sheets: HashMap::new(),
                channels: HashMap::new(),
            })),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Inner) -> ApiResult<T>) -> ApiResult<T> {
        // A request that panicked mid-change may have left a cached sheet
        // half-updated; the store is the truth (each append is one
        // transaction), so drop the cache and carry on rather than refuse
        // every later request.
        let mut g = self.inner.lock().unwrap_or_else(|poisoned| {
            let mut g = poisoned.into_inner();
            g.sheets.clear();
            g
        });
        f(&mut g)
    }
}

impl Inner {
    /// The sheet and its read-only id, loaded once.
    fn sheet(&mut self, id: &SheetId) -> ApiResult<&mut (Sheet, SheetId)> {
        if !self.sheets.contains_key(id) {
            let (setup, changes) = self.store.load(id)?;
            let view = self.store.view_id(id)?;
            let sheet = Sheet::from_history(setup, &changes)
                .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e))?;
            self.sheets.insert(id.clone(), (sheet, view));
        }
        self.sheets
            .get_mut(id)
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game"))
    }
}

/// A game as the UI needs it. `id` (the edit right) only in edit mode.
fn state_json(id: Option<&SheetId>, view: &SheetId, sheet: &Sheet) -> Value {
    json!({
        "id": id.map(SheetId::as_str),
        "view_id": view.as_str(),
        "mode": if id.is_some() { "edit" } else { "view" },
        "version": sheet.history().len(),
        "setup": sheet.setup(),
        "table": sheet.table(),
        "items": sheet.items(),
        "can_undo": sheet.can_undo(),
        "can_redo": sheet.can_redo(),
    })
}

fn parse_id(s: &str) -> ApiResult<SheetId> {
    SheetId::parse(s).map_err(|_| {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such game: check the link")
    })
}

/// The router: the API under `/api`, the UI at `/`, `/g/{id}` (edit) and
/// `/v/{view}` (read-only).
pub fn app(hub: Hub) -> Router {
    Router::new()
        .route("/", get(ui_index))
        .route("/g/{id}", get(ui_index))
        .route("/v/{id}", get(ui_index))
        .route("/app.js", get(ui_js))
        .route("/app.css", get(ui_css))
        .route("/api/openapi.json", get(openapi))
        .route("/api/sheets", post(create))
        .route("/api/sheets/{id}", get(get_sheet))
        .route("/api/sheets/{id}/changes", post(post_change))
        .route("/api/sheets/{id}/events", get(events_edit))
        .route("/api/sheets/{id}/export.csv", get(export_csv))
        .route("/api/sheets/{id}/export.json", get(export_json))
        .route("/api/sheets/{id}/qr.svg", get(qr_edit))
        .route("/api/view/{view}", get(get_view))
        .route("/api/view/{view}/events", get(events_view))
        .route("/api/view/{view}/qr.svg", get(qr_view))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(hub)
}

const INDEX: &str = include_str!("../ui/index.html");
const JS: &str = include_str!("../ui/app.js");
const CSS: &str = include_str!("../ui/app.css");

async fn ui_index() -> impl IntoResponse {
    (
        [
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'; img-src 'self' data:"),
        ],
        Html(INDEX),
    )
}

async fn ui_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], JS)
}

async fn ui_css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], CSS)
}

async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], include_str!("../openapi.json"))
}

fn body_error(e: axum::extract::rejection::JsonRejection) -> ApiError {
    let status = match &e {
        axum::extract::rejection::JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    ApiError::new(status, "bad_request", format!("{}; see /api/openapi.json", e.body_text()))
}

async fn create(
    State(hub): State<Hub>,
    body: Result<Json<Setup>, axum::extract::rejection::JsonRejection>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let Json(setup) = body.map_err(body_error)?;
    let sheet = Sheet::new(setup)
        .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", m))?;
    let state = hub.with(|i| {
        let id = i.store.create(sheet.setup())?;
        let view = i.store.view_id(&id)?;
        let state = state_json(Some(&id), &view, &sheet);
        i.sheets.insert(id, (sheet, view));
        Ok(state)
    })?;
    Ok((StatusCode::CREATED, Json(state)))
}

async fn get_sheet(State(hub): State<Hub>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let id = parse_id(&id)?;
    hub.with(|i| {
        let (sheet, view) = i.sheet(&id)?;
        Ok(Json(state_json(Some(&id), view, sheet)))
    })
}

async fn get_view(State(hub): State<Hub>, Path(view): Path<String>) -> ApiResult<Json<Value>> {
    let view = parse_id(&view)?;
    hub.with(|i| {
        let id = i.store.by_view_id(&view)?;
        let (sheet, view) = i.sheet(&id)?;
        Ok(Json(state_json(None, view, sheet)))
    })
}

/// A change and the version (number of changes) of the sheet it was made on.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangeRequest {
    version: usize,
    change: Change,
}

async fn post_change(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    body: Result<Json<ChangeRequest>, axum::extract::rejection::JsonRejection>,
) -> ApiResult<Json<Value>> {
    let id = parse_id(&id)?;
    let Json(req) = body.map_err(body_error)?;
    hub.with(|i| {
        let (sheet, view) = i.sheet(&id)?;
        let version = sheet.history().len();
        if req.version != version {
            let mut e = ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                format!(
                    "this game changed on another phone (version {version}, yours {}); here is \
                     the current state: check it and enter your change again",
                    req.version
                ),
            );
            e.state = Some(state_json(Some(&id), view, sheet));
            return Err(e);
        }
        // Apply in memory first: a refused change stores nothing.
        sheet
            .apply(req.change.clone())
            .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", m))?;
        let view = view.clone();
        let edit_state = state_json(Some(&id), &view, sheet);
        if let Err(e) = i.store.append(&id, version, &req.change) {
            // Not stored: forget the in-memory copy; the next read reloads it.
            i.sheets.remove(&id);
            let stale = matches!(e, StoreError::Conflict { .. });
            let mut err = ApiError::from(e);
            if stale {
                // Another writer got there first: hand back what is stored
                // so the phone can re-enter its change on top of it.
                if let Ok((sheet, view)) = i.sheet(&id) {
                    err.state = Some(state_json(Some(&id), view, sheet));
                }
            }
            return Err(err);
        }
        if let Some(tx) = i.channels.get(&id) {
            let mut public = edit_state.clone();
            public["id"] = Value::Null;
            public["mode"] = json!("view");
            // Nobody listening is fine.
            let _ = tx.send(public);
        }
        Ok(Json(edit_state))
    })
}

fn subscribe(hub: &Hub, id: &SheetId) -> ApiResult<broadcast::Receiver<Value>> {
    hub.with(|i| {
        i.sheet(id)?;
        Ok(i.channels.entry(id.clone()).or_insert_with(|| broadcast::channel(64).0).subscribe())
    })
}

/// Live updates: an event with the game's state after every change. The
/// browser's EventSource reconnects by itself after a dropped connection;
/// the first event after (re)connecting is the current state.
fn events(hub: Hub, id: SheetId, edit: bool) -> ApiResult<Response> {
    let rx = subscribe(&hub, &id)?;
    let first = hub.with(|i| {
        let (sheet, view) = i.sheet(&id)?;
        Ok(state_json(edit.then_some(&id), view, sheet))
    })?;
    let edit_id = id.clone();
    let updates = BroadcastStream::new(rx).filter_map(move |r| {
        r.ok().map(|mut v: Value| {
            if edit {
                v["id"] = json!(edit_id.as_str());
                v["mode"] = json!("edit");
            }
            v
        })
    });
    let stream = tokio_stream::once(first).chain(updates).map(|v| {
        Ok::<_, std::convert::Infallible>(Event::default().event("state").data(v.to_string()))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

async fn events_edit(State(hub): State<Hub>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    events(hub, id, true)
}

async fn events_view(State(hub): State<Hub>, Path(view): Path<String>) -> ApiResult<Response> {
    let view = parse_id(&view)?;
    let id = hub.with(|i| Ok(i.store.by_view_id(&view)?))?;
    events(hub, id, false)
}

async fn export_json(State(hub): State<Hub>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    hub.with(|i| {
        let (sheet, _) = i.sheet(&id)?;
        let v = json!({"format": "belot-sheet", "version": 1, "id": id.as_str(),
                       "setup": sheet.setup(), "history": sheet.history(), "table": sheet.table()});
        Ok(([(header::CONTENT_DISPOSITION, "attachment; filename=\"belot.json\"")], Json(v))
            .into_response())
    })
}

async fn export_csv(State(hub): State<Hub>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    hub.with(|i| {
        let (sheet, _) = i.sheet(&id)?;
        Ok((
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
                (header::CONTENT_DISPOSITION, "attachment; filename=\"belot.csv\""),
            ],
            belot_score::csv(sheet),
        )
            .into_response())
    })
}

fn qr(text: &str) -> ApiResult<Response> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "qr", e.to_string()))?;
    let svg = code.render::<qrcode::render::svg::Color<'_>>().min_dimensions(200, 200).build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// The QR code of a link: the page passes its own origin, so the code
/// works behind any host name.
#[derive(Deserialize)]
struct QrQuery {
    #[serde(default)]
    origin: Option<String>,
}

fn origin_ok(o: &str) -> bool {
    (o.starts_with("http://") || o.starts_with("https://"))
        && o.len() < 200
        && o.chars().all(|c| c.is_ascii_graphic())
}

async fn qr_edit(
    Path(id): Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
) -> ApiResult<Response> {
    let id = parse_id(&id)?;
    let origin = q.origin.filter(|o| origin_ok(o)).unwrap_or_default();
    qr(&format!("{origin}/g/{id}"))
}

async fn qr_view(
    Path(view): Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
) -> ApiResult<Response> {
    let view = parse_id(&view)?;
    let origin = q.origin.filter(|o| origin_ok(o)).unwrap_or_default();
    qr(&format!("{origin}/v/{view}"))
}

/// Serves the app on `addr` until Ctrl-C.
pub async fn serve(addr: std::net::SocketAddr, store: SqliteStore) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("belot serve: http://{}", listener.local_addr()?);
    axum::serve(listener, app(Hub::new(store)))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
