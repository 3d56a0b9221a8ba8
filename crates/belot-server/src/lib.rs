//! # belot-server
//!
//! `belot serve`: the score keeper as a web app. Every phone at a table
//! opens the game's link and sees each change live (server-sent events);
//! the link itself is the edit right (128 random bits) and a second link is
//! read-only. A change made on an out-of-date copy is refused with the
//! current state (HTTP 409), never silently applied over another phone's
//! change. The UI's files are embedded in the binary.
//!
//! Inside: the database is used only off the async runtime (a writer
//! thread that commits queued changes in groups, read connections on
//! blocking threads); each game in memory has a lock held only for
//! in-memory work; a change is acknowledged once it is on disk, then
//! published once, as shared bytes, to the game's listeners. Every limit
//! is in [`Limits`].
//!
//! [`app`] builds the router, so the whole API is testable without a
//! socket (`tower::ServiceExt::oneshot`).

use std::net::SocketAddr;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::Value;
use tower_http::compression::CompressionLayer;

mod api;
mod base;
mod hub;
mod live;
mod net;
mod play;
mod rules;
mod sheets;
mod tables;

pub use base::error::{ApiError, ApiResult};
pub use base::limits::{Limits, MAX_BODY, MIN_TABLE_LEASE};
pub use hub::Hub;
pub use net::{Reach, serve_with, signal};
pub use tables::table;

use base::{error, fair, http};

/// The router: the API under `/api`, the UI at `/`, `/g/{id}` (edit) and
/// `/v/{view}` (read-only). Unknown paths and methods get JSON errors.
pub fn app(hub: Hub) -> Router {
    Router::new()
        .route("/", get(ui_index))
        .route("/g/{id}", get(ui_index))
        .route("/v/{id}", get(ui_index))
        .route("/t/{id}", get(ui_index))
        .route("/w/{id}", get(ui_index))
        .route("/app.js", get(ui_js))
        .route("/table.js", get(ui_table_js))
        .route("/score.js", get(ui_score_js))
        .route("/i18n/{file}", get(ui_words))
        .route("/games/{file}", get(ui_game))
        .route("/app.css", get(ui_css))
        .route("/sw.js", get(ui_sw))
        .route("/manifest.webmanifest", get(ui_manifest))
        .route("/icon.svg", get(ui_icon))
        .route("/api/openapi.json", get(openapi))
        .route("/healthz", get(healthz))
        .route("/api/reach", get(reach))
        .route("/api/rules", get(rules::get_rules))
        .route("/api/sheets", post(api::create))
        .route("/api/sheets/{id}", get(api::get_sheet))
        .route("/api/sheets/{id}/changes", get(api::get_changes).post(api::post_change))
        .route("/api/sheets/{id}/preview", post(api::preview))
        .route("/api/sheets/{id}/events", get(live::events_edit))
        .route("/api/sheets/{id}/export.csv", get(api::export_csv))
        .route("/api/sheets/{id}/export.json", get(api::export_json))
        .route("/api/sheets/{id}/qr.svg", get(qr_edit))
        .route("/api/view/{view}", get(api::get_view))
        .route("/api/view/{view}/events", get(live::events_view))
        .route("/api/view/{view}/qr.svg", get(qr_view))
        .route("/api/tables", post(play::create))
        .route("/api/tables/{id}", get(play::get_table))
        .route("/api/tables/{id}/join", post(play::join))
        .route("/api/tables/{id}/do", post(play::act))
        .route("/api/tables/{id}/ws", get(play::ws_table))
        .route("/api/tables/{id}/record.json", get(play::record))
        .route("/api/tables/{id}/review/{deal}", get(play::review))
        .route("/api/watch/{view}/review/{deal}", get(play::review_watch))
        .route("/api/tables/{id}/qr.svg", get(qr_table))
        .route("/api/watch/{view}", get(play::get_watch))
        .route("/api/watch/{view}/ws", get(play::ws_watch))
        .route("/api/watch/{view}/qr.svg", get(qr_watch))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(hub.clone(), request_timeout))
        .layer(axum::middleware::from_fn_with_state(hub.clone(), fair_requests))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(error::json_errors))
        // gzip when the client asks for it (never the live streams, which
        // must not wait for a compressor's buffer, nor images).
        .layer(CompressionLayer::new())
        .with_state(hub)
}

/// A request (its body included) must be answered within the request
/// timeout; a live stream counts as answered once it starts.
async fn request_timeout(State(hub): State<Hub>, req: Request, next: Next) -> Response {
    match tokio::time::timeout(hub.limits().request_timeout, next.run(req)).await {
        Ok(r) => r,
        Err(_) => ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            "the request took too long to arrive or to answer",
        )
        .into_response(),
    }
}

/// For a load balancer: 200 when the database answers with the schema
/// this server knows, else 503 (`database`).
async fn healthz(State(hub): State<Hub>) -> Response {
    match hub.base.readers().read(|s| s.check_schema()).await {
        Ok(()) => (
            [(header::CACHE_CONTROL, "no-store")],
            axum::Json(
                serde_json::json!({"ok": true, "database": "reachable", "schema": "current"}),
            ),
        )
            .into_response(),
        Err(e) => {
            eprintln!("belot serve: health check: {e}");
            ApiError::unavailable("database", "the database does not answer, or its schema differs")
                .into_response()
        }
    }
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page or API endpoint")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this endpoint does not take that method: see /api/openapi.json",
    )
}

/// Requests in hand, per address: one address can keep at most its share
/// of requests waiting (a slow body, a slow answer) at once.
async fn fair_requests(
    State(hub): State<Hub>,
    http::Peer(peer): http::Peer,
    req: Request,
    next: Next,
) -> Response {
    let Some(ip) = peer else { return next.run(req).await };
    let Some(_share) = hub.base.fair().requests.take(ip) else {
        return fair::over("requests in hand").into_response();
    };
    next.run(req).await
}

const INDEX: &str = include_str!("../ui/index.html");
const JS: &str = include_str!("../ui/app.js");
const CSS: &str = include_str!("../ui/app.css");

async fn ui_index() -> impl IntoResponse {
    (
        [
            (header::CACHE_CONTROL, "no-cache"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
            ),
        ],
        Html(INDEX),
    )
}

async fn ui_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], JS)
}

async fn ui_table_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../ui/table.js"))
}

/// The phone's own scorer (an ES module): deals waiting on a phone without
/// the server are counted at once.
async fn ui_score_js() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../ui/score.js"))
}

/// The page's word files, one per language (ES modules).
const WORDS: [(&str, &str); 6] = [
    ("en.js", include_str!("../ui/i18n/en.js")),
    ("bg.js", include_str!("../ui/i18n/bg.js")),
    ("ru.js", include_str!("../ui/i18n/ru.js")),
    ("uk.js", include_str!("../ui/i18n/uk.js")),
    ("ro.js", include_str!("../ui/i18n/ro.js")),
    ("fr.js", include_str!("../ui/i18n/fr.js")),
];

async fn ui_words(Path(file): Path<String>) -> Response {
    match WORDS.iter().find(|(name, _)| *name == file) {
        Some((_, words)) => {
            ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], *words).into_response()
        }
        None => ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response(),
    }
}

include!(concat!(env!("OUT_DIR"), "/games.rs"));

/// A game's part of the page (an ES module: its deal form and checks).
async fn ui_game(Path(file): Path<String>) -> Response {
    match GAME_FILES.iter().find(|(name, _)| *name == file) {
        Some((_, js)) => {
            ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], *js).into_response()
        }
        None => ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response(),
    }
}

async fn ui_sw() -> impl IntoResponse {
    let sw = include_str!("../ui/sw.js");
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        sw,
    )
}

async fn ui_manifest() -> impl IntoResponse {
    let m = include_str!("../ui/manifest.webmanifest");
    ([(header::CONTENT_TYPE, "application/manifest+json")], m)
}

async fn ui_icon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], include_str!("../ui/icon.svg"))
}

async fn ui_css() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], CSS)
}

async fn openapi() -> impl IntoResponse {
    static DOC: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let doc = DOC.get_or_init(|| openapi_with_games(include_str!("../openapi.json")));
    ([(header::CONTENT_TYPE, "application/json")], doc.as_str())
}

/// The OpenAPI document with the games filled in from the registry: each
/// `x-belot-games` list becomes an `enum` of the games' names (then its
/// own extra values), and `x-belot-games: "properties"` an object's
/// properties, one per game, each its `additionalProperties`.
fn openapi_with_games(text: &str) -> String {
    let games: Vec<Value> =
        belot_core::Variant::ALL.iter().map(|v| Value::from(v.as_str())).collect();
    fn fill(v: &mut Value, games: &[Value]) {
        match v {
            Value::Object(o) => {
                match o.remove("x-belot-games") {
                    Some(Value::Array(extra)) => {
                        o.insert("enum".into(), games.iter().chain(&extra).cloned().collect());
                    }
                    Some(_) => {
                        let each = o.remove("additionalProperties").unwrap_or(Value::Null);
                        let props = games
                            .iter()
                            .map(|g| (g.as_str().unwrap_or("").to_string(), each.clone()));
                        o.insert("properties".into(), Value::Object(props.collect()));
                        o.insert("required".into(), Value::Array(games.to_vec()));
                    }
                    None => {}
                }
                o.values_mut().for_each(|x| fill(x, games));
            }
            Value::Array(a) => a.iter_mut().for_each(|x| fill(x, games)),
            _ => {}
        }
    }
    // The document is this crate's own file: a test reads it.
    let mut doc: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    fill(&mut doc, &games);
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

fn qr(text: &str) -> ApiResult<Response> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "qr", e.to_string()))?;
    let svg = code.render::<qrcode::render::svg::Color<'_>>().min_dimensions(200, 200).build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// The links the other phones can open (`{"urls": [...], "loopback_only":
/// bool}`), for the page's share panel when it was opened on this machine
/// (127.0.0.1, localhost). A router served without a socket knows no
/// address: no links, and no claim that it is loopback only.
async fn reach(reach: Option<axum::Extension<Reach>>) -> impl IntoResponse {
    let (urls, loopback_only) = match reach {
        Some(axum::Extension(r)) => (r.urls(), r.loopback_only()),
        None => (Vec::new(), false),
    };
    (
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(serde_json::json!({ "urls": urls, "loopback_only": loopback_only })),
    )
}

/// The QR code of a link: the page passes its own origin, so the code
/// works behind any host name; an origin on this machine only (127.0.0.1,
/// localhost, [::1]) is replaced by the first address the other phones can
/// use, when there is one.
#[derive(serde::Deserialize)]
struct QrQuery {
    #[serde(default)]
    origin: Option<String>,
}

fn origin_ok(o: &str) -> bool {
    (o.starts_with("http://") || o.starts_with("https://"))
        && o.len() < 200
        && o.chars().all(|c| c.is_ascii_graphic())
}

/// The origin's host is this machine only.
fn origin_loopback(o: &str) -> bool {
    let rest = o.split_once("://").map_or(o, |(_, r)| r);
    let authority = rest.split('/').next().unwrap_or("");
    let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => authority.split(':').next().unwrap_or(""),
    };
    let host = host.to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// The origin a QR code encodes: the page's, unless that is loopback and
/// another phone has a way in.
fn qr_origin(q: QrQuery, reach: Option<axum::Extension<Reach>>) -> String {
    let origin = q.origin.filter(|o| origin_ok(o)).unwrap_or_default();
    if !origin_loopback(&origin) {
        return origin;
    }
    reach.and_then(|axum::Extension(r)| r.urls().into_iter().next()).unwrap_or(origin)
}

async fn qr_edit(
    axum::extract::Path(id): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let id = http::parse_id(&id)?;
    qr(&format!("{}/g/{id}", qr_origin(q, reach)))
}

async fn qr_view(
    axum::extract::Path(view): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let view = http::parse_id(&view)?;
    qr(&format!("{}/v/{view}", qr_origin(q, reach)))
}

async fn qr_table(
    axum::extract::Path(id): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let id = http::parse_id(&id)?;
    qr(&format!("{}/t/{id}", qr_origin(q, reach)))
}

async fn qr_watch(
    axum::extract::Path(view): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let view = http::parse_id(&view)?;
    qr(&format!("{}/w/{view}", qr_origin(q, reach)))
}

/// Serves the app on `addr` over the database at `db` until SIGINT or
/// SIGTERM, then stops within the shutdown grace, every acknowledged
/// change on disk. Prints where to open it: on this machine, and from the
/// other phones (their addresses when it listens on all interfaces; how to
/// let them in when it listens on loopback only).
pub async fn serve(
    addr: SocketAddr,
    db: &belot_store::Location,
    limits: Limits,
) -> std::io::Result<()> {
    // Opening a PostgreSQL store connects and migrates: not on the runtime.
    let hub =
        tokio::task::block_in_place(|| Hub::open_at(db, limits)).map_err(std::io::Error::other)?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let proxies = hub.limits().trusted_proxies.clone();
    eprintln!("{}", Reach::new(listener.local_addr()?).banner_behind(&proxies));
    serve_with(listener, hub.clone(), app(hub), signal()).await
}
