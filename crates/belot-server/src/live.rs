//! Live updates by server-sent events. Each change is serialised once
//! and the same bytes go to every listener; a listener that falls behind
//! skips to the latest state (it is never sent a queue of old ones), so
//! what a listener can make the server hold is one event.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use tokio::sync::watch;

use crate::base::error::{ApiError, ApiResult, ErrorBody};
use crate::base::fair::{self, Share};
use crate::base::http::{Peer, parse_id};
use crate::doc;
use crate::hub::Hub;
use crate::sheets::game::{self, Game, Snapshot};

/// A comment line this often keeps proxies and the idle timeout from
/// closing a quiet stream.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Server-sent events: the game's state now and after every change.
///
/// First `state` with the whole state (a State); then, after each change,
/// `delta` (a Delta: what changed since the listener's version, `base`)
/// when the listener is at most 64 changes behind, else `state` with the
/// whole state (a listener that falls behind skips to the latest, and
/// after a reload every listener gets `state`). A comment line every 15
/// s. Each event's data is one line of JSON.
#[utoipa::path(get, path = "/api/sheets/{id}/events", tag = "sheets", params(doc::SheetPath),
    responses(
    (status = 200, description = doc::EVENTS, content_type = "text/event-stream", body = String),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
    (status = 429, description = doc::OVER_SHARE, body = ErrorBody),
    (status = 503, description = doc::TOO_MANY_LISTENERS, body = ErrorBody),
))]
pub(crate) async fn events_edit(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    Peer(peer): Peer,
) -> ApiResult<Response> {
    let g = hub.sheets.game(&parse_id(&id)?).await?;
    stream(hub, g, true, peer)
}

/// Server-sent events, read-only: as `/api/sheets/{id}/events`, the
/// state's id null.
#[utoipa::path(get, path = "/api/view/{view}/events", tag = "sheets", params(doc::ViewPath),
    responses(
    (status = 200, description = doc::EVENTS, content_type = "text/event-stream", body = String),
    (status = 404, description = doc::NO_GAME, body = ErrorBody),
    (status = 429, description = doc::OVER_SHARE, body = ErrorBody),
    (status = 503, description = doc::TOO_MANY_LISTENERS, body = ErrorBody),
))]
pub(crate) async fn events_view(
    State(hub): State<Hub>,
    Path(view): Path<String>,
    Peer(peer): Peer,
) -> ApiResult<Response> {
    let g = hub.sheets.game_by_view(&parse_id(&view)?).await?;
    stream(hub, g, false, peer)
}

/// Counts a listener against the limits while it lives.
struct Slot {
    hub: Hub,
    game: Arc<Game>,
    /// Its place among its address's listeners.
    _share: Option<Share>,
}

impl Slot {
    fn take(hub: &Hub, game: &Arc<Game>, peer: Option<std::net::IpAddr>) -> ApiResult<Slot> {
        let share = match peer {
            Some(ip) => {
                Some(hub.base.fair().listeners.take(ip).ok_or_else(|| fair::over("listeners"))?)
            }
            None => None,
        };
        if !hub.sheets.may_pin(game) {
            return Err(ApiError::unavailable(
                "too_many_listeners",
                "the server holds as many followed games as it may: try again later",
            ));
        }
        let slot = Slot { hub: hub.clone(), game: Arc::clone(game), _share: share };
        let all = hub.base.listeners().fetch_add(1, Ordering::Relaxed);
        let here = game.listeners.fetch_add(1, Ordering::Relaxed);
        let l = hub.limits();
        if all >= l.max_listeners || here >= l.max_listeners_per_game {
            // Dropping the slot gives both counts back.
            return Err(ApiError::unavailable(
                "too_many_listeners",
                "too many phones are following this game or this server: try again later",
            ));
        }
        Ok(slot)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.hub.base.listeners().fetch_sub(1, Ordering::Relaxed);
        self.game.listeners.fetch_sub(1, Ordering::Relaxed);
    }
}

struct Listener {
    slot: Slot,
    edit: bool,
    rx: watch::Receiver<Arc<Snapshot>>,
    shutdown: watch::Receiver<bool>,
    keep_alive: tokio::time::Interval,
    /// The version this listener has.
    last: usize,
}

fn stream(
    hub: Hub,
    g: Arc<Game>,
    edit: bool,
    peer: Option<std::net::IpAddr>,
) -> ApiResult<Response> {
    let slot = Slot::take(&hub, &g, peer)?;
    // Subscribe before reading the state: no change can fall between.
    let mut rx = g.live.subscribe();
    g.ensure_parts();
    let snap = Arc::clone(&rx.borrow_and_update());
    // Listeners joining together share one copy of the whole state.
    let (body, version) = g.whole(&snap);
    let first = game::with_mode(edit.then_some(&g.id), &body);
    let start = tokio::time::Instant::now() + KEEP_ALIVE;
    let l = Listener {
        slot,
        edit,
        rx,
        shutdown: hub.base.shutdown(),
        keep_alive: tokio::time::interval_at(start, KEEP_ALIVE),
        last: version,
    };
    let first = futures_util::stream::iter([event("state", first)]);
    let rest = futures_util::stream::unfold(l, next);
    let chunks = first
        .chain(rest)
        .flat_map(futures_util::stream::iter)
        .map(Ok::<_, std::convert::Infallible>);
    Ok((
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        Body::from_stream(chunks),
    )
        .into_response())
}

/// An SSE event from JSON in pieces (no newline inside: serde_json writes
/// compact JSON).
fn event(name: &'static str, json: Vec<Bytes>) -> Vec<Bytes> {
    let head = match name {
        "delta" => Bytes::from_static(b"event: delta\ndata: "),
        _ => Bytes::from_static(b"event: state\ndata: "),
    };
    let mut v = Vec::with_capacity(json.len() + 2);
    v.push(head);
    v.extend(json);
    v.push(Bytes::from_static(b"\n\n"));
    v
}

async fn next(mut l: Listener) -> Option<(Vec<Bytes>, Listener)> {
    loop {
        if *l.shutdown.borrow() {
            return None;
        }
        tokio::select! {
            r = l.rx.changed() => {
                r.ok()?;
                let snap = Arc::clone(&l.rx.borrow_and_update());
                if let Some(ev) = l.catch_up(&snap) {
                    return Some((ev, l));
                }
            }
            _ = l.keep_alive.tick() => return Some((vec![Bytes::from_static(b":\n\n")], l)),
            _ = l.shutdown.changed() => return None,
        }
    }
}

impl Listener {
    /// What brings this listener to `snap`: the delta when it is one
    /// change behind, what changed since its version when the snapshot
    /// remembers that far, else the whole state; nothing when it is there
    /// already. After a reload everyone gets the whole state.
    fn catch_up(&mut self, snap: &Snapshot) -> Option<Vec<Bytes>> {
        if !snap.reset {
            if snap.version <= self.last {
                return None;
            }
            let since = match &snap.delta {
                Some(d) if snap.version == self.last + 1 => Some(d.clone()),
                _ => snap.since(self.last),
            };
            if let Some(d) = since {
                self.last = snap.version;
                return Some(event("delta", vec![d]));
            }
        }
        let g = &self.slot.game;
        let (body, version) = g.whole(snap);
        self.last = version;
        Some(event("state", game::with_mode(self.edit.then_some(&g.id), &body)))
    }
}
