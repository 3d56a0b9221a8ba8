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
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

mod api;
mod base;
mod doc;
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

use base::error::ErrorBody;
use base::{error, fair, http};

/// The API's OpenAPI description (JSON), generated from the handlers'
/// own types: what `GET /api/openapi.json` answers.
pub fn api_description() -> &'static str {
    static DOC: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOC.get_or_init(|| doc::finish(routes().into_openapi()))
}

/// The router: the API under `/api`, the UI at `/`, `/g/{id}` (edit) and
/// `/v/{view}` (read-only). Unknown paths and methods get JSON errors.
pub fn app(hub: Hub) -> Router {
    let (router, _) = routes().split_for_parts();
    router
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

/// Every route. The API's are registered with their description
/// (`routes!` takes each handler's `#[utoipa::path]`), so no route can be
/// served undescribed nor described unserved; the page's files are not
/// part of the API ([`page`] refuses an `/api` path).
fn routes() -> OpenApiRouter<Hub> {
    let r = OpenApiRouter::with_openapi(doc::base());
    let r = ["/", "/g/{id}", "/v/{id}", "/t/{id}", "/w/{id}"]
        .into_iter()
        .fold(r, |r, path| page(r, path, get(ui_index)));
    let r = page(r, "/app.js", get(ui_js));
    let r = page(r, "/table.js", get(ui_table_js));
    let r = page(r, "/score.js", get(ui_score_js));
    let r = page(r, "/i18n/{file}", get(ui_words));
    let r = page(r, "/games/{file}", get(ui_game));
    let r = page(r, "/app.css", get(ui_css));
    let r = page(r, "/sw.js", get(ui_sw));
    let r = page(r, "/manifest.webmanifest", get(ui_manifest));
    let r = page(r, "/icon.svg", get(ui_icon));
    r.routes(routes!(openapi))
        .routes(routes!(healthz))
        .routes(routes!(reach))
        .routes(routes!(rules::get_rules))
        .routes(routes!(api::create))
        .routes(routes!(api::get_sheet))
        .routes(routes!(api::get_changes, api::post_change))
        .routes(routes!(api::preview))
        .routes(routes!(live::events_edit))
        .routes(routes!(api::export_csv))
        .routes(routes!(api::export_json))
        .routes(routes!(qr_edit))
        .routes(routes!(api::get_view))
        .routes(routes!(live::events_view))
        .routes(routes!(qr_view))
        .routes(routes!(play::create))
        .routes(routes!(play::get_table))
        .routes(routes!(play::join))
        .routes(routes!(play::act))
        .routes(routes!(play::ws_table))
        .routes(routes!(play::record))
        .routes(routes!(play::review))
        .routes(routes!(play::review_watch))
        .routes(routes!(qr_table))
        .routes(routes!(play::get_watch))
        .routes(routes!(play::ws_watch))
        .routes(routes!(qr_watch))
}

/// A route of the page (not of the API, which is described).
fn page(
    r: OpenApiRouter<Hub>,
    path: &str,
    handler: axum::routing::MethodRouter<Hub>,
) -> OpenApiRouter<Hub> {
    assert!(!path.starts_with("/api"), "{path}: an API route needs its description");
    r.route(path, handler)
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

/// What `/healthz` answers when the database answers.
// Fields by name: the order the answer has always had (so for `Links`).
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Health {
    /// `reachable`.
    database: &'static str,
    /// Always true.
    ok: bool,
    /// `current`: the database has the schema this server knows.
    schema: &'static str,
}

/// For a load balancer: whether this process can serve.
///
/// 200 when the database answers with the schema this server knows, else
/// 503 (`database`).
#[utoipa::path(get, path = "/healthz", tag = "server", responses(
    (status = 200, description = "the database answers", body = Health),
    (status = 503, description = "database: the database does not answer, or its schema differs",
     body = ErrorBody),
))]
async fn healthz(State(hub): State<Hub>) -> Response {
    match hub.base.readers().read(|s| s.check_schema()).await {
        Ok(()) => (
            [(header::CACHE_CONTROL, "no-store")],
            axum::Json(Health { database: "reachable", ok: true, schema: "current" }),
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

/// This description.
///
/// Generated from the handlers' own types when it is first asked for.
#[utoipa::path(get, path = "/api/openapi.json", tag = "server", responses(
    (status = 200, description = "the OpenAPI document", content_type = "application/json"),
))]
async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], api_description())
}

fn qr(text: &str) -> ApiResult<Response> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "qr", e.to_string()))?;
    let svg = code.render::<qrcode::render::svg::Color<'_>>().min_dimensions(200, 200).build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// Where the other phones can open this server.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Links {
    /// It listens on this machine only.
    loopback_only: bool,
    /// The server's network addresses (empty when unknown or none).
    urls: Vec<String>,
}

/// The addresses the other phones can open this server on.
///
/// For the page's share panel when it was opened on this machine
/// (127.0.0.1, localhost). A router served without a socket knows no
/// address: no links, and no claim that it is loopback only.
#[utoipa::path(get, path = "/api/reach", tag = "server", responses(
    (status = 200, description = "the links", body = Links),
))]
async fn reach(reach: Option<axum::Extension<Reach>>) -> impl IntoResponse {
    let (urls, loopback_only) = match reach {
        Some(axum::Extension(r)) => (r.urls(), r.loopback_only()),
        None => (Vec::new(), false),
    };
    ([(header::CACHE_CONTROL, "no-store")], axum::Json(Links { loopback_only, urls }))
}

/// The QR code of a link: the page passes its own origin, so the code
/// works behind any host name; an origin on this machine only (127.0.0.1,
/// localhost, [::1]) is replaced by the first address the other phones can
/// use, when there is one.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct QrQuery {
    /// The page's origin (`http://…` or `https://…`, under 200
    /// characters); a loopback one is replaced by the server's network
    /// address when it has one.
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

/// QR code of the game's link.
#[utoipa::path(get, path = "/api/sheets/{id}/qr.svg", tag = "sheets", params(doc::SheetPath, QrQuery), responses(
    (status = 200, description = "the QR code", content_type = "image/svg+xml", body = String),
    (status = 404, description = doc::BAD_ID, body = ErrorBody),
))]
async fn qr_edit(
    axum::extract::Path(id): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let id = http::parse_id(&id)?;
    qr(&format!("{}/g/{id}", qr_origin(q, reach)))
}

/// QR code of the read-only link.
#[utoipa::path(get, path = "/api/view/{view}/qr.svg", tag = "sheets", params(doc::ViewPath, QrQuery), responses(
    (status = 200, description = "the QR code", content_type = "image/svg+xml", body = String),
    (status = 404, description = doc::BAD_ID, body = ErrorBody),
))]
async fn qr_view(
    axum::extract::Path(view): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let view = http::parse_id(&view)?;
    qr(&format!("{}/v/{view}", qr_origin(q, reach)))
}

/// QR code of the join link.
#[utoipa::path(get, path = "/api/tables/{id}/qr.svg", tag = "tables", params(doc::TablePath, QrQuery), responses(
    (status = 200, description = "the QR code", content_type = "image/svg+xml", body = String),
    (status = 404, description = doc::BAD_ID, body = ErrorBody),
))]
async fn qr_table(
    axum::extract::Path(id): axum::extract::Path<String>,
    axum::extract::Query(q): axum::extract::Query<QrQuery>,
    reach: Option<axum::Extension<Reach>>,
) -> ApiResult<Response> {
    let id = http::parse_id(&id)?;
    qr(&format!("{}/t/{id}", qr_origin(q, reach)))
}

/// QR code of the spectators' link.
#[utoipa::path(get, path = "/api/watch/{view}/qr.svg", tag = "tables", params(doc::WatchPath, QrQuery), responses(
    (status = 200, description = "the QR code", content_type = "image/svg+xml", body = String),
    (status = 404, description = doc::BAD_ID, body = ErrorBody),
))]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An `/api` route cannot be added without its description.
    #[test]
    #[should_panic(expected = "an API route needs its description")]
    fn a_page_route_cannot_be_an_api_route() {
        let _ = page(OpenApiRouter::new(), "/api/anything", get(ui_index));
    }

    /// The description is built from the routes, once.
    #[test]
    fn the_description_is_the_routes() {
        let doc: serde_json::Value = serde_json::from_str(api_description()).unwrap_or_default();
        let paths = doc["paths"].as_object().map_or(0, |p| p.len());
        assert_eq!(paths, 27);
        assert!(std::ptr::eq(api_description(), api_description()));
    }
}
