//! API errors: a status, a stable code, a plain message, and for a stale
//! change the current state. SQLite's own words stay in the server's log.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_store::StoreError;
use serde_json::{Value, json};

/// Most characters of a client's input quoted back in a refusal.
const EXCERPT: usize = 160;

/// An API error: a status code, a stable code and a message that says
/// what was wrong.
#[derive(Debug)]
pub struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) code: &'static str,
    pub(crate) message: String,
    pub(crate) state: Option<Value>,
    pub(crate) retry_after: Option<u32>,
    /// What the refusal concerns (sides, seats, points), for a message in
    /// the client's language.
    pub(crate) params: Option<Value>,
}

impl ApiError {
    /// An error with this status, code and message (cut to a short
    /// excerpt: refusals never echo a whole input back).
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        let message = excerpt(message.into());
        ApiError { status, code, message, state: None, retry_after: None, params: None }
    }

    /// 422: the rules refused an entry, a set-up or a change; its code and
    /// parameters go to the client.
    pub fn refused(r: belot_score::Refusal) -> ApiError {
        let mut e = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, r.code, r.message);
        if !r.params.is_empty() {
            e.params = Some(Value::Object(r.params));
        }
        e
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
            StoreError::Moved(_) => crate::room::moved(),
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
        if let Some(p) = self.params {
            body["error"]["params"] = p;
        }
        if let Some(s) = self.state {
            body["state"] = s;
        }
        let mut r = (self.status, axum::Json(body)).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// What a handler returns.
pub type ApiResult<T> = Result<T, ApiError>;
