//! API errors: a status, a stable code, a plain message, and for a stale
//! change the current state. SQLite's own words stay in the server's log.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_store::StoreError;
use serde_json::{Value, json};

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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": {"code": self.code, "message": self.message}});
        if let Some(r) = self.reason {
            body["error"]["reason"] = r.into();
        }
        if let Some(p) = self.params {
            body["error"]["params"] = p;
        }
        if let Some(s) = self.state {
            body["state"] = *s;
        }
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
    let body = json!({"error": {"code": code_of(status), "message": words_of(status)}}).to_string();
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
