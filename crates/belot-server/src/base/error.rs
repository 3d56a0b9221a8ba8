//! API errors: a status, a stable code, a plain message, and for a stale
//! change the current state. SQLite's own words stay in the server's log.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_store::StoreError;
use serde::Serialize;
use serde_json::Value;

use super::limits::MAX_BODY;

/// Most characters of a client's input quoted back in a refusal.
const EXCERPT: usize = 160;

/// An API error: a status code, a stable code and a message that says
/// what was wrong.
#[derive(Debug)]
pub struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) code: &'static str,
    pub(crate) message: String,
    /// (Boxed: an error stays small, though it may carry a whole state.)
    pub(crate) state: Option<Box<Value>>,
    pub(crate) retry_after: Option<u32>,
    /// What the refusal concerns (sides, seats, points), for a message in
    /// the client's language.
    pub(crate) params: Option<Value>,
    /// For a move or set-up the game's rules refused: the rules' own
    /// code (one of `belot_core::error::GAME_CODES`), finer than `code`.
    pub(crate) reason: Option<&'static str>,
}

impl ApiError {
    /// An error with this status, code and message (cut to a short
    /// excerpt: refusals never echo a whole input back).
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        let message = excerpt(message.into());
        ApiError {
            status,
            code,
            message,
            state: None,
            retry_after: None,
            params: None,
            reason: None,
        }
    }

    /// 422: the rules refused an entry, a set-up or a change; its code and
    /// parameters go to the client.
    pub fn refused(r: belot_score::Refusal) -> ApiError {
        let mut e = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, r.code, r.message);
        if !r.params.is_empty() {
            // Numbers and words always make JSON.
            e.params = serde_json::to_value(&r.params).ok();
        }
        e
    }

    /// The same, with the rules' refusal `r` said as `reason` and `params`
    /// (the code and message stay).
    pub fn with_reason(mut self, r: &belot_core::Refusal) -> ApiError {
        self.reason = Some(r.code);
        if !r.params.is_empty() {
            self.params = serde_json::to_value(&r.params).ok();
        }
        self
    }

    /// 503 with `Retry-After`: the server is at a limit or the database
    /// is busy; nothing was changed.
    pub fn unavailable(code: &'static str, message: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, code, message);
        e.retry_after = Some(1);
        e
    }

    /// The stable code.
    pub fn code(&self) -> &'static str {
        self.code
    }
}

fn excerpt(m: String) -> String {
    if m.chars().count() <= EXCERPT {
        return m;
    }
    let mut s: String = m.chars().take(EXCERPT).collect();
    s.push('…');
    s
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
            StoreError::Busy => ApiError::unavailable(
                "busy",
                "the database is busy (another program is writing): nothing was changed; try again",
            ),
            StoreError::Full => ApiError::new(
                StatusCode::INSUFFICIENT_STORAGE,
                "disk_full",
                "the server's disk is full: nothing was changed",
            ),
            StoreError::ReadOnly(_) => ApiError::unavailable(
                "read_only",
                "the server cannot write its database: nothing was changed",
            ),
            StoreError::Moved(_) => moved(),
            StoreError::Foreign(_) | StoreError::Io(_) | StoreError::Database(_) => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "storage",
                "the server could not read or store this: nothing was changed",
            ),
        }
    }
}

/// Every error answer's body.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub(crate) struct ErrorBody {
    #[schema(inline)]
    error: ErrorInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = state_schema)]
    state: Option<Value>,
}

/// A stale change's current state: the sheets' State schema, named (the
/// sheets are above this module).
fn state_schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    let why = "A stale change (409): the current state, to check and enter the change again on";
    utoipa::openapi::schema::RefBuilder::new()
        .ref_location_from_schema_name("State")
        .description(Some(why))
        .into()
}

/// What went wrong.
#[derive(Serialize, utoipa::ToSchema)]
struct ErrorInfo {
    /// Stable: not_found, method_not_allowed, not_json (415: a body
    /// without a JSON content type), bad_json (400: a body that is not
    /// JSON), missing_field, unknown_field, invalid_value (422: a body of
    /// the wrong shape; params.at is where, params.field the field),
    /// bad_request (also a path, query, header or request the HTTP layer
    /// cannot read), too_big (413: a body over 64 KiB, refused unread),
    /// uri_too_long (414), headers_too_large (431), upgrade_required
    /// (426), length_required (411), invalid, stale, game_full,
    /// rate_limited (429: also an address over its share of connections,
    /// listeners, WebSockets or requests in hand), timeout, busy,
    /// too_many_listeners, too_many_connections, read_only, disk_full,
    /// storage, database (503 from /healthz), moved (503: a card table
    /// moved to another process), kept_by_table (403: a score sheet kept
    /// by its card table), the rules' refusal codes (422), and for
    /// tables: no_seat, seat_taken, not_your_seat, bad_name,
    /// not_your_turn, stale, bad_seats, bad_timer, illegal, finished,
    /// no_deal, too_many_tables, waiting (the table waits for its open
    /// seats), bad_message (WebSocket: not JSON of a known message,
    /// binary, or not UTF-8), too_big (WebSocket: over the size limit),
    /// rate_limited (WebSocket), idle (WebSocket), shutdown (WebSocket).
    code: &'static str,
    /// Plain words; quotes at most a short excerpt of the input.
    message: String,
    /// What the refusal concerns (sides, seats, points; a body's field
    /// and where it is), for a message in the client's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    params: Option<Value>,
    /// A refusal by the rules (a table's `illegal`, `invalid` or
    /// `finished`): which
    /// rule, a stable code from the rules' list (docs/protocol.md,
    /// "Reasons"); `params` then say what it concerns.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

impl ErrorBody {
    /// A body with this code and message only.
    fn plain(code: &'static str, message: String) -> ErrorBody {
        ErrorBody { error: ErrorInfo { code, message, params: None, reason: None }, state: None }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorInfo {
                code: self.code,
                message: self.message,
                params: self.params,
                reason: self.reason,
            },
            state: self.state.map(|s| *s),
        };
        let mut r = (self.status, axum::Json(body)).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// 503: a card table is served by another process now (its lease moved).
pub(crate) fn moved() -> ApiError {
    ApiError::unavailable("moved", "this table moved to another server process: try again")
}

/// What a handler returns.
pub type ApiResult<T> = Result<T, ApiError>;

/// The code of an error status that came without one (a refusal of the
/// router or of the HTTP layer, not of belot's handlers).
pub(crate) fn code_of(status: StatusCode) -> &'static str {
    match status.as_u16() {
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "timeout",
        411 => "length_required",
        413 => "too_big",
        414 => "uri_too_long",
        426 => "upgrade_required",
        429 => "rate_limited",
        431 => "headers_too_large",
        503 => "busy",
        500..=599 => "storage",
        _ => "bad_request",
    }
}

/// What such a refusal says when it says nothing.
fn words_of(status: StatusCode) -> &'static str {
    match status.as_u16() {
        413 => "the request is too large",
        414 => "the address (URI) is too long",
        426 => "this address takes a WebSocket: the request must ask to upgrade",
        431 => "the request's headers are too large",
        _ => "the request could not be read: see /api/openapi.json",
    }
}

/// Every error answer is JSON with a code. The router's own refusals (a
/// path or query that does not parse, a WebSocket upgrade refused, the
/// body limit) come as plain text: they are said again here, their words
/// kept as the message. A body declared larger than the limit is refused
/// at once, unread (and so with no `100 Continue`).
pub(crate) async fn json_errors(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        let m = format!("a request body is {} KiB at most", MAX_BODY / 1024);
        let mut r = ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_big", m).into_response();
        r.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return r;
    }
    let r = next.run(req).await;
    let json = r
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if r.status().as_u16() < 400 || json {
        return r;
    }
    let (parts, body) = r.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let said = String::from_utf8_lossy(&text).trim().to_string();
    let message = if said.is_empty() { words_of(parts.status).to_string() } else { said };
    let mut e = ApiError::new(parts.status, code_of(parts.status), message);
    e.retry_after =
        parts.headers.get(header::RETRY_AFTER).and_then(|v| v.to_str().ok()?.parse().ok());
    e.into_response()
}

/// A plain-HTTP answer of the HTTP layer's own (hyper answers a request
/// it cannot parse, or whose address or headers are too large, with an
/// empty 400, 414 or 431 before any handler runs), said as JSON: the
/// bytes to write instead and how many of `head` they stand for; `None`
/// for anything else.
pub(crate) fn json_for_bare_error(head: &[u8]) -> Option<(Vec<u8>, usize)> {
    // Every write passes here: most are not an error's head at all.
    if !(head.starts_with(b"HTTP/1.1 4") || head.starts_with(b"HTTP/1.1 5")) {
        return None;
    }
    let head = &head[..head.len().min(1024)];
    let end = head.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let text = std::str::from_utf8(&head[..end]).ok()?;
    let code: u16 = text.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()?;
    let lower = text.to_ascii_lowercase();
    if code < 400 || !lower.contains("\r\ncontent-length: 0\r\n") || lower.contains("content-type")
    {
        return None;
    }
    let status = StatusCode::from_u16(code).ok()?;
    let body = ErrorBody::plain(code_of(status), words_of(status).into());
    let body = serde_json::to_string(&body).unwrap_or_default();
    let reason = status.canonical_reason().unwrap_or("Error");
    let out = format!(
        "HTTP/1.1 {code} {reason}\r\ncontent-type: application/json\r\nconnection: close\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    Some((out.into_bytes(), end))
}

#[cfg(test)]
mod tests {
    use super::json_for_bare_error;

    #[test]
    fn hypers_bare_errors_are_said_as_json_and_nothing_else_is_touched() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let (out, used) = json_for_bare_error(bare).unwrap();
        assert_eq!(used, bare.len());
        let out = String::from_utf8(out).unwrap();
        assert!(out.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{out}");
        assert!(out.ends_with(r#"{"error":{"code":"headers_too_large","message":"the request's headers are too large"}}"#), "{out}");
        for fine in [
            &b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            b"{\"error\"",
        ] {
            assert!(json_for_bare_error(fine).is_none(), "{}", String::from_utf8_lossy(fine));
        }
    }
}
