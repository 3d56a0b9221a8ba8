//! The API's OpenAPI description, generated. Every `/api` route is
//! registered together with its `#[utoipa::path]` (utoipa-axum's
//! `routes!` in `lib.rs`), so the router and the description are one
//! list; the schemas are derived from the types the handlers read and
//! send (belot-core's, belot-score's and belot-solver's behind their
//! `openapi` feature).
//! The games come from the registry: the enums of `games!` carry the
//! games' names, and what each game's own types hold (a sheet entry's
//! fields, the house rules) is asked of them when the document is first
//! built ([`games`]).

use serde_json::Value;
use utoipa::OpenApi;

mod games;

/// The document's frame: what no handler says.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "belot API: score keeper and card tables",
        version = "1",
        description = "Score sheets for every game of the Belot family this server knows (the \
            values of `variant`), shared live. The game id in the path is the edit right (128 \
            random bits); the view id gives read-only access. Errors are JSON: \
            `{\"error\":{\"code\",\"message\"}}` (the Error schema), with `params` (what a \
            refusal concerns) and, for a move the rules refuse, their `reason`; a stale change \
            (409) also carries the current `state`. Card tables (`/api/tables`): the table id in the path \
            is the join link; a seat acts with its secret (128 random bits, given to that \
            person only); the watch id gives spectators what anyone may see. Live play is over \
            a WebSocket: see the ClientMessage and TableState schemas and docs/serve.md. Every \
            request body is 64 KiB at most (413 `too_big`); every request is answered within \
            the request timeout (408 `timeout`); an address over its share of requests in \
            hand is refused (429 `rate_limited`).",
        license(name = "MIT OR Apache-2.0"),
    ),
    tags(
        (name = "sheets", description = "Score sheets, shared live"),
        (name = "tables", description = "Card tables: people and bots, live over WebSockets"),
        (name = "server", description = "The server itself"),
    )
)]
struct ApiDoc;

/// The document before the routes add their paths.
pub(crate) fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// The document as served, from the one the routes made.
pub(crate) fn finish(routes: utoipa::openapi::OpenApi) -> String {
    // The document is plain data: it always serialises.
    let mut doc = serde_json::to_value(routes).unwrap_or_default();
    games::fill(&mut doc);
    tidy(&mut doc);
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The descriptions come from doc comments, written for rustdoc: their
/// links become plain code spans, their wrapped lines whole paragraphs.
fn tidy(v: &mut Value) {
    match v {
        Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                match x {
                    Value::String(s) if k == "description" || k == "summary" => *s = prose(s),
                    _ => tidy(x),
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(tidy),
        _ => {}
    }
}

/// A doc comment's text as prose: ``[`x`](path)`` and ``[`x`]`` as
/// `` `x` ``, a line break inside a paragraph as a space.
fn prose(s: &str) -> String {
    let paragraphs: Vec<String> =
        s.split("\n\n").map(|p| p.lines().map(str::trim).collect::<Vec<_>>().join(" ")).collect();
    let mut out = paragraphs.join("\n\n");
    while let Some(start) = out.find("[`") {
        let Some(len) = out[start..].find("`]") else { break };
        let end = start + len + 2;
        let code = out[start + 1..end - 1].to_string();
        // `[`x`](path)`: the link's target goes too.
        let tail = if out[end..].starts_with('(') {
            out[end..].find(')').map_or(end, |close| end + close + 1)
        } else {
            end
        };
        out.replace_range(start..tail, &code);
    }
    out
}

/// A request body over the limit.
pub(crate) const TOO_BIG: &str = "too_big: a body over 64 KiB, refused unread";
/// The request timeout.
pub(crate) const TIMEOUT: &str =
    "timeout: the request's body or answer took longer than the request timeout";
/// The server at a limit.
pub(crate) const BUSY: &str = "busy (the database is locked by another program, or the write \
    queue is full) or too many listeners; nothing changed; see Retry-After";
/// A game's id that names none.
pub(crate) const NO_GAME: &str = "not_found: no such game";
/// A table's id that names none.
pub(crate) const NO_TABLE: &str = "not_found: no such table";
/// An id that is not one.
pub(crate) const BAD_ID: &str = "not_found: the id is not one (32 hexadecimal digits)";
/// A live stream's events.
pub(crate) const EVENTS: &str = "server-sent events: `state` (a State) now, then `delta` (a \
    Delta) or `state` after every change; a comment line every 15 s";
/// An address over its share.
pub(crate) const OVER_SHARE: &str =
    "rate_limited: this address holds as many live listeners as one may; see Retry-After";
/// A live stream refused at the limits.
pub(crate) const TOO_MANY_LISTENERS: &str = "too_many_listeners: the game or the server has the \
    most live listeners it takes; see Retry-After";
/// A table's message.
pub(crate) const TABLE_STATE: &str = "the table as this seat (or a spectator) sees it";

/// `{id}`: a game's edit id.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, reason = "its parameters only: the handler reads the path as a string")]
pub(crate) struct SheetPath {
    /// The game's edit id: its link, the edit right.
    #[param(pattern = "^[0-9a-f]{32}$")]
    id: String,
}

/// `{view}`: a game's read-only id.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, reason = "its parameters only: the handler reads the path as a string")]
pub(crate) struct ViewPath {
    /// The game's read-only id.
    #[param(pattern = "^[0-9a-f]{32}$")]
    view: String,
}

/// `{id}`: a table's id.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, reason = "its parameters only: the handler reads the path as a string")]
pub(crate) struct TablePath {
    /// The table's id (its join link).
    #[param(pattern = "^[0-9a-f]{32}$")]
    id: String,
}

/// `{view}`: a table's read-only id.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, reason = "its parameters only: the handler reads the path as a string")]
pub(crate) struct WatchPath {
    /// The table's read-only id (the spectators' link).
    #[param(pattern = "^[0-9a-f]{32}$")]
    view: String,
}

/// `{deal}`: a deal's number.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code, reason = "its parameters only: the handler reads the path as a tuple")]
pub(crate) struct DealPath {
    /// The deal's number, from 1.
    #[param(minimum = 1)]
    deal: usize,
}
