//! The card tables' API: HTTP to create a table, take a seat and (for
//! programs) act; a WebSocket per seat or spectator for the live game.
//! Every command goes to the table's actor ([`crate::tables::actor`]),
//! which alone changes the table.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use belot_core::{Action, Game, Seat};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::time::Instant;

use crate::base::error::{ApiError, ApiResult, ErrorBody};
use crate::base::fair::{self, Share};
use crate::base::http::{Peer, body_error, json_bytes, parse_id};
use crate::doc;
use crate::hub::Hub;
use crate::tables::actor::Out;
use crate::tables::room::{self, Cmd, Level, Room, Settings, What};
use crate::tables::table::{Table, TableError, Viewer};

/// Longest turn timer a table may set, in seconds.
pub(crate) const TIMER_MAX: u32 = 600;

/// Who sits where when a table is made.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SeatChoice {
    /// The person making the table.
    Me,
    /// A person who joins by the link.
    Open,
    /// An easy bot.
    Easy,
    /// A medium bot.
    Medium,
    /// A strong bot.
    Strong,
}

/// `POST /api/tables`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewTable {
    /// The game and house rules, as a score sheet's set-up names them.
    rules: Game,
    /// One per player: `me` (the maker, at most one), `open` (a person by
    /// the link), `easy`, `medium` or `strong` (bots, each level a
    /// measured step above the one before); one at least is a person's. A
    /// table with an open seat waits (nothing is dealt, nobody acts) until
    /// every open seat is taken or given to a bot.
    #[schema(inline)]
    seats: Vec<SeatChoice>,
    /// The maker's name, when one seat is `me`.
    #[serde(default)]
    #[schema(max_length = 24)]
    name: Option<String>,
    /// Seconds a person has to act before the easy bot's choice is played
    /// for them (0: none).
    #[serde(default)]
    #[schema(maximum = 600)]
    timer: u32,
    /// "Tap to continue": after each trick the bots wait until a person at
    /// the table taps to continue (sends `continue`), or the turn timer
    /// runs out.
    #[serde(default)]
    tap_to_continue: bool,
}

/// A new table's links and the maker's seat.
// Fields by name: the order the answer has always had.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Made<'a> {
    /// The table's id: its join link.
    #[schema(value_type = String)]
    id: &'a belot_store::SheetId,
    /// The maker's seat (null when no seat is `me`).
    #[schema(required = true)]
    seat: Option<Seat>,
    /// The maker's seat's secret (null when no seat is `me`).
    #[schema(required = true)]
    secret: Option<String>,
    /// The read-only id: the spectators' link.
    #[schema(value_type = String)]
    view: &'a belot_store::SheetId,
}

fn bad_request(code: &'static str, m: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, m)
}

/// Make a card table.
#[utoipa::path(post, path = "/api/tables", tag = "tables", request_body = NewTable, responses(
    (status = 201, description = "made", body = Made),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "the body or the rules refused (bad_seats, bad_timer, bad_name, \
     invalid…)", body = ErrorBody),
    (status = 429, description = "rate_limited: too many new tables from this address this \
     minute; see Retry-After", body = ErrorBody),
    (status = 408, description = doc::TIMEOUT, body = ErrorBody),
    (status = 503, description = "too_many_tables, busy: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn create(
    State(hub): State<Hub>,
    Peer(peer): Peer,
    body: Result<Json<NewTable>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(req) = body.map_err(body_error)?;
    let mut table = room::new_table(&req.rules)?;
    let mine = check_new(&req, table.seats().len())?;
    let secret = room::secret()?;
    seat_all(&mut table, &req, &secret)?;
    // Counted once the table is known to be good: a refusal costs nothing.
    hub.base.allow_create(peer)?;
    let settings = Settings { timer: req.timer, tap: req.tap_to_continue, ..Settings::default() };
    let r = hub.tables.create_table(table, settings).await?;
    let body = Made { id: &r.id, seat: mine, secret: mine.map(|_| secret), view: &r.view };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// Checks a new table's seats and timer; returns the maker's seat.
fn check_new(req: &NewTable, players: usize) -> ApiResult<Option<Seat>> {
    if req.seats.len() != players {
        let m = format!("{} seats for a game of {players} players", req.seats.len());
        return Err(bad_request("bad_seats", m));
    }
    let mine: Vec<usize> = (0..players).filter(|&i| req.seats[i] == SeatChoice::Me).collect();
    if mine.len() > 1
        || req
            .seats
            .iter()
            .all(|s| matches!(s, SeatChoice::Easy | SeatChoice::Medium | SeatChoice::Strong))
    {
        return Err(bad_request(
            "bad_seats",
            "at most one seat is yours, and one at least is a person's",
        ));
    }
    if req.timer > TIMER_MAX {
        return Err(bad_request("bad_timer", format!("a turn timer is 0 to {TIMER_MAX} seconds")));
    }
    Ok(mine.first().map(|&i| Seat(i as u8)))
}

/// Seats the maker (with `secret`) and the bots a new table asks for.
fn seat_all(table: &mut Table, req: &NewTable, secret: &str) -> ApiResult<()> {
    for (i, choice) in req.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let done = match choice {
            SeatChoice::Me => {
                table.join(seat, req.name.as_deref().unwrap_or_default(), secret.to_string())
            }
            SeatChoice::Open => Ok(()),
            SeatChoice::Easy => table.seat_bot(seat, Level::Easy.kind()),
            SeatChoice::Medium => table.seat_bot(seat, Level::Medium.kind()),
            SeatChoice::Strong => table.seat_bot(seat, Level::Strong.kind()),
        };
        done.map_err(room::refused)?;
    }
    Ok(())
}

/// `POST /api/tables/{id}/join`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    /// The name shown to the table.
    #[schema(max_length = 24)]
    name: String,
    /// A seat (0-based); default the first free one.
    #[serde(default)]
    seat: Option<Seat>,
}

/// A seat taken.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Seated {
    seat: Seat,
    /// The seat's secret (128 random bits in hex): to act for it.
    secret: String,
}

/// Take a free seat.
#[utoipa::path(post, path = "/api/tables/{id}/join", tag = "tables", params(doc::TablePath),
    request_body = JoinRequest, responses(
    (status = 200, description = "seated", body = Seated),
    (status = 404, description = "not_found (no such table), no_seat", body = ErrorBody),
    (status = 409, description = "seat_taken", body = ErrorBody),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "bad_name, or a body of the wrong shape", body = ErrorBody),
    (status = 503, description = "busy, moved: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn join(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    body: Result<Json<JoinRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let id = parse_table(&id)?;
    let Json(req) = body.map_err(body_error)?;
    let make = |reply| Cmd::Join { seat: req.seat, name: req.name.clone(), remote: false, reply };
    let (_, (seat, secret)) = hub.tables.command(&id, make).await?;
    Ok(Json(Seated { seat, secret }).into_response())
}

/// What a client sends over its WebSocket (and, with its seat and secret,
/// to `POST /api/tables/{id}/do`): JSON text, at most 4 KiB
/// (`--ws-message-max`), at most 10 a second on average (`--ws-rate`).
#[derive(Deserialize, Debug, utoipa::ToSchema)]
#[schema(as = ClientMessage)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum ClientMsg {
    /// Takes the seat on this connection (first message of a player).
    Hello { seat: Seat, secret: String },
    /// An action of the game, chosen on the table as of `seq` (an action
    /// sent twice is refused as stale, so applied once).
    Act {
        seq: u64,
        /// One of the view's legal actions, e.g.
        /// `{"type":"play","card":"JS"}`.
        #[schema(value_type = Object)]
        action: Action,
    },
    /// Deal the next deal, once this one is over, as of `seq`.
    Next { seq: u64 },
    /// Put a bot in an open seat.
    Bot {
        seat: Seat,
        #[schema(inline)]
        level: Level,
    },
    /// Leave: a strong bot plays on in the seat.
    Leave,
    /// The trick finished at change `seq` was seen ("tap to continue").
    Continue { seq: u64 },
    /// Keeps the connection open; answered with `pong`.
    Ping,
}

impl ClientMsg {
    fn what(self) -> Option<What> {
        Some(match self {
            ClientMsg::Hello { .. } => What::Hello,
            ClientMsg::Act { seq, action } => What::Act { seq, action },
            ClientMsg::Next { seq } => What::Next { seq },
            ClientMsg::Bot { seat, level } => What::Bot { seat, level },
            ClientMsg::Leave => What::Leave,
            ClientMsg::Continue { seq } => What::Continue { seq },
            ClientMsg::Ping => return None,
        })
    }
}

/// `POST /api/tables/{id}/do`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct DoRequest {
    seat: Seat,
    /// The seat's secret.
    secret: String,
    command: ClientMsg,
}

/// A seated person's command over HTTP (the WebSocket's commands).
///
/// Answers with the seat's message after it (`ping` and `hello` only
/// check the seat).
#[utoipa::path(post, path = "/api/tables/{id}/do", tag = "tables", params(doc::TablePath),
    request_body = DoRequest, responses(
    (status = 200, description = doc::TABLE_STATE, body = Out),
    (status = 403, description = "not_your_seat", body = ErrorBody),
    (status = 404, description = "not_found (no such table), no_seat", body = ErrorBody),
    (status = 409, description = "stale, not_your_turn, waiting", body = ErrorBody),
    (status = 413, description = doc::TOO_BIG, body = ErrorBody),
    (status = 422, description = "illegal, finished, invalid, or a body of the wrong shape",
     body = ErrorBody),
    (status = 503, description = "busy, moved: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn act(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    body: Result<Json<DoRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let id = parse_table(&id)?;
    let Json(req) = body.map_err(body_error)?;
    let what = req.command.what().unwrap_or(What::Hello);
    let room = run(&hub, &id, req.seat, &req.secret, what).await?;
    let frame = Arc::clone(&room.frames.borrow());
    Ok(json_bytes(StatusCode::OK, vec![frame.for_viewer(Viewer::Seat(req.seat))]))
}

async fn run(
    hub: &Hub,
    id: &belot_store::SheetId,
    seat: Seat,
    secret: &str,
    what: What,
) -> ApiResult<Arc<Room>> {
    let make = |reply| Cmd::Do {
        seat,
        secret: secret.to_string(),
        what: what.clone(),
        remote: false,
        reply,
    };
    Ok(hub.tables.command(id, make).await?.0)
}

fn parse_table(id: &str) -> ApiResult<belot_store::SheetId> {
    parse_id(id).map_err(|_| no_table())
}

fn no_table() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such table: check the link")
}

/// A table as spectators see it (the join page).
#[utoipa::path(get, path = "/api/tables/{id}", tag = "tables", params(doc::TablePath),
    responses(
    (status = 200, description = doc::TABLE_STATE, body = Out),
    (status = 404, description = doc::NO_TABLE, body = ErrorBody),
    (status = 503, description = "busy, moved: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn get_table(
    State(hub): State<Hub>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let room = hub.tables.room(&parse_table(&id)?).await.map_err(not_found_table)?;
    public(&room)
}

/// A table as spectators see it, by its read-only id.
#[utoipa::path(get, path = "/api/watch/{view}", tag = "tables", params(doc::WatchPath),
    responses(
    (status = 200, description = doc::TABLE_STATE, body = Out),
    (status = 404, description = doc::NO_TABLE, body = ErrorBody),
    (status = 503, description = "busy, moved: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn get_watch(
    State(hub): State<Hub>,
    Path(view): Path<String>,
) -> ApiResult<Response> {
    let room = hub.tables.room_by_view(&parse_table(&view)?).await.map_err(not_found_table)?;
    public(&room)
}

fn not_found_table(e: ApiError) -> ApiError {
    if e.code == "not_found" { no_table() } else { e }
}

fn public(room: &Room) -> ApiResult<Response> {
    let frame = Arc::clone(&room.frames.borrow());
    Ok(json_bytes(StatusCode::OK, vec![frame.for_viewer(Viewer::Spectator)]))
}

/// The match's game record, with the names (for `belot solve`).
///
/// Up to its last finished deal (the deal in play would show every hand).
#[utoipa::path(get, path = "/api/tables/{id}/record.json", tag = "tables",
    params(doc::TablePath), responses(
    (status = 200, description = "a belot-record, as an attachment", content_type = "application/json",
     body = Object),
    (status = 404, description = doc::NO_TABLE, body = ErrorBody),
    (status = 503, description = "busy, moved: see Retry-After", body = ErrorBody),
))]
pub(crate) async fn record(State(hub): State<Hub>, Path(id): Path<String>) -> ApiResult<Response> {
    let id = parse_table(&id)?;
    let (_, record) = hub.tables.command(&id, |reply| Cmd::Record { reply }).await?;
    let body = serde_json::to_vec_pretty(&record).unwrap_or_default();
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"belot-table.json\""),
        ],
        body,
    )
        .into_response())
}

/// A finished deal judged card by card by the double-dummy solver.
///
/// Finished deal `n` (from 1), each card against best play, as `belot
/// solve` does.
#[utoipa::path(get, path = "/api/tables/{id}/review/{deal}", tag = "tables",
    params(doc::TablePath, doc::DealPath), responses(
    (status = 200, description = "every card of the deal judged against best play", body = Review),
    (status = 404, description = "not_found (no such table), no_deal (not finished)",
     body = ErrorBody),
    (status = 503, description = "busy: the server is stopping, or the table moved",
     body = ErrorBody),
))]
pub(crate) async fn review(
    State(hub): State<Hub>,
    Path((id, n)): Path<(String, usize)>,
) -> ApiResult<Response> {
    let id = parse_table(&id)?;
    review_of(&hub, &id, n).await
}

/// A finished deal's review, by the read-only id.
#[utoipa::path(get, path = "/api/watch/{view}/review/{deal}", tag = "tables",
    params(doc::WatchPath, doc::DealPath), responses(
    (status = 200, description = "every card of the deal judged against best play", body = Review),
    (status = 404, description = "not_found (no such table), no_deal (not finished)",
     body = ErrorBody),
    (status = 503, description = "busy: the server is stopping, or the table moved",
     body = ErrorBody),
))]
pub(crate) async fn review_watch(
    State(hub): State<Hub>,
    Path((view, n)): Path<(String, usize)>,
) -> ApiResult<Response> {
    let room = hub.tables.room_by_view(&parse_table(&view)?).await.map_err(not_found_table)?;
    review_of(&hub, &room.id, n).await
}

async fn review_of(hub: &Hub, id: &belot_store::SheetId, n: usize) -> ApiResult<Response> {
    if let Some(b) = hub.tables.review_cached(id, n) {
        return Ok(json_bytes(StatusCode::OK, vec![b]));
    }
    let (_, record) = hub.tables.command(id, |reply| Cmd::Record { reply }).await?;
    let Some(deal) = n.checked_sub(1).and_then(|i| record.deals.get(i)).cloned() else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_deal",
            format!("deal {n} is not finished (finished deals: {})", record.deals.len()),
        ));
    };
    // The solver runs on the bot pool: a busy server answers later.
    let permit = Arc::clone(hub.tables.bots())
        .acquire_owned()
        .await
        .map_err(|_| ApiError::unavailable("busy", "the server is stopping"))?;
    let (game, names) = (record.game, record.names);
    let body = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        belot_solver::review::review_deal(game, &deal)
            .map(|(cards, _)| review_body(n, &names, &cards))
    })
    .await
    .map_err(|_| ApiError::from(belot_store::StoreError::Io("the analysis failed".into())))?
    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e))?;
    hub.tables.review_keep(id, n, body.clone());
    Ok(json_bytes(StatusCode::OK, vec![body]))
}

/// A deal's review: each card with its value, the best value and cards,
/// what it cost; each player's account.
// The fields of the review's types are in the order its answer has
// always had them: by name.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct Review<'a> {
    /// Every card played, in order.
    cards: Vec<ReviewCard>,
    /// The deal's contract (null when no card was played).
    #[schema(value_type = Option<String>, required = true)]
    contract: Option<belot_core::Contract>,
    /// The deal's number, from 1.
    deal: usize,
    /// The seats' names.
    names: &'a [String],
    /// Each player's account.
    players: Vec<ReviewPlayer>,
    /// Who took the contract (none in распасы).
    #[schema(required = true)]
    taker: Option<Seat>,
    #[schema(inline)]
    values: ReviewCounts,
}

/// What a card's value counts: the card points its side ends the deal
/// with under best play from there (the last trick's 10 included);
/// announcements and belote are fixed by the hands and left out (the
/// outcome counts them).
#[derive(Serialize, utoipa::ToSchema)]
struct ReviewCounts {
    announcements: bool,
    belote: bool,
    card_points: bool,
    last_trick: bool,
}

/// One card judged against best play.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ReviewCard {
    #[schema(inline)]
    aim: Aim,
    /// The value after the best card.
    best: u32,
    /// The cards that reach `best`.
    #[schema(value_type = Vec<String>)]
    best_cards: Vec<belot_core::Card>,
    /// The contract's outcome after the best card (finished deals of two
    /// sides).
    #[serde(skip_serializing_if = "Option::is_none")]
    best_outcome: Option<&'static str>,
    /// The card, as `JS`, `7H`…
    #[schema(value_type = String)]
    card: belot_core::Card,
    /// Points it cost against the best card.
    cost: u32,
    /// The contract's outcome after this card.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
    /// Who played it.
    seat: Seat,
    /// The trick's number, from 1.
    trick: u8,
    /// The card points its side ends the deal with after this card,
    /// under best play from there.
    value: u32,
}

/// What the card's player wanted: the most points, or the fewest
/// (распасы).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
enum Aim {
    Most,
    Fewest,
}

/// One player's account of a deal.
#[derive(Serialize, utoipa::ToSchema)]
pub(crate) struct ReviewPlayer {
    /// Cards played.
    cards: usize,
    /// Points the mistakes cost.
    cost: u32,
    /// Cards that cost points.
    mistakes: usize,
    /// The seat, from 0.
    seat: usize,
}

impl ReviewCard {
    fn of(c: &belot_solver::review::CardReview) -> ReviewCard {
        ReviewCard {
            aim: if c.least { Aim::Fewest } else { Aim::Most },
            best: c.best,
            best_cards: c.best_cards.clone(),
            best_outcome: c.outcome.map(|o| o.1),
            card: c.card,
            cost: c.cost(),
            outcome: c.outcome.map(|o| o.0),
            seat: c.seat,
            trick: c.trick,
            value: c.value,
        }
    }
}

/// A deal's review as JSON.
fn review_body(n: usize, names: &[String], cards: &[belot_solver::review::CardReview]) -> Bytes {
    let players = (0..names.len())
        .map(|s| {
            let mine: Vec<_> = cards.iter().filter(|c| c.seat.index() == s).collect();
            ReviewPlayer {
                cards: mine.len(),
                cost: mine.iter().map(|c| c.cost()).sum(),
                mistakes: mine.iter().filter(|c| c.cost() > 0).count(),
                seat: s,
            }
        })
        .collect();
    let first = cards.first();
    let v = Review {
        cards: cards.iter().map(ReviewCard::of).collect(),
        contract: first.map(|c| c.contract),
        deal: n,
        names,
        players,
        taker: first.and_then(|c| c.taker),
        // What a value counts: the card points won in tricks from there
        // on (the last trick's 10 included); announcements and belote are
        // fixed by the hands, so they are left out (the outcome counts
        // them).
        values: ReviewCounts {
            announcements: false,
            belote: false,
            card_points: true,
            last_trick: true,
        },
    };
    Bytes::from(serde_json::to_vec(&v).unwrap_or_default())
}

/// Which link a connection came through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Link {
    /// The table's own link: its people (and a friend about to sit).
    Players,
    /// The spectators' link.
    Spectator,
}

/// Counts a connection to a table against the limits while it lives.
/// People and spectators have limits of their own: no number of
/// spectators keeps a seated person out, and one address holds at most
/// `--max-spectators-per-address` of a table's spectators' places.
struct Watch {
    hub: Hub,
    room: Arc<Room>,
    link: Link,
    /// Its address's places: among all table WebSockets, and among this
    /// table's spectators.
    _shares: Vec<Share>,
}

fn too_many(what: &str) -> ApiError {
    ApiError::unavailable(
        "too_many_listeners",
        format!("too many {what} are connected to this table or this server: try again later"),
    )
}

/// Counts one more on `n` unless it is at `max` already.
fn claim(n: &AtomicUsize, max: usize) -> bool {
    if n.fetch_add(1, Ordering::Relaxed) >= max {
        n.fetch_sub(1, Ordering::Relaxed);
        return false;
    }
    true
}

impl Watch {
    fn take(hub: &Hub, room: Arc<Room>, link: Link, peer: Option<IpAddr>) -> ApiResult<Watch> {
        let l = hub.limits();
        let mut shares = Vec::new();
        if let Some(ip) = peer {
            shares.push(hub.base.fair().sockets.take(ip).ok_or_else(|| fair::over("connections"))?);
        }
        if link == Link::Spectator
            && let Some(ip) = peer
        {
            shares.push(room.spectators_by_addr.take(ip).ok_or_else(|| too_many("spectators"))?);
        }
        match link {
            Link::Players if !claim(&room.players, l.max_table_players) => {
                return Err(too_many("phones of this table's people"));
            }
            Link::Spectator if !claim(&room.spectators, l.max_table_spectators) => {
                return Err(too_many("spectators"));
            }
            Link::Spectator if !claim(hub.base.listeners(), l.max_listeners) => {
                room.spectators.fetch_sub(1, Ordering::Relaxed);
                return Err(too_many("spectators"));
            }
            _ => {}
        }
        room.watchers.fetch_add(1, Ordering::Relaxed);
        room.nudge();
        Ok(Watch { hub: hub.clone(), room, link, _shares: shares })
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.room.watchers.fetch_sub(1, Ordering::Relaxed);
        match self.link {
            Link::Players => self.room.players.fetch_sub(1, Ordering::Relaxed),
            Link::Spectator => {
                self.hub.base.listeners().fetch_sub(1, Ordering::Relaxed);
                self.room.spectators.fetch_sub(1, Ordering::Relaxed)
            }
        };
    }
}

/// WebSocket of a player: send `hello` (seat, secret) first.
///
/// Receives a TableState after every change (until `hello`, what
/// spectators see), `{"type":"pong"}` for a `ping`, `{"type":"ok"}` for a
/// command taken, and `{"type":"error","code","message"}` for a command
/// refused (nothing changed; a move the rules refused also says their
/// `reason` and `params`, as the Error schema's); a connection that floods, sends binary or
/// too big a message, stays silent past `--ws-idle`, or whose server
/// stops, gets a last error (rate_limited, bad_message, too_big, idle,
/// shutdown), then the close. Messages sent: ClientMessage.
#[utoipa::path(get, path = "/api/tables/{id}/ws", tag = "tables", params(doc::TablePath),
    responses(
    (status = 101, description = "switching to the WebSocket protocol"),
    (status = 404, description = doc::NO_TABLE, body = ErrorBody),
    (status = 426, description = "upgrade_required: the request did not ask for a WebSocket",
     body = ErrorBody),
    (status = 429, description = "rate_limited: this address holds as many WebSockets as one \
     may", body = ErrorBody),
    (status = 503, description = "too_many_listeners: the table or the server has the most \
     connections it takes; busy, moved", body = ErrorBody),
))]
pub(crate) async fn ws_table(
    State(hub): State<Hub>,
    Path(id): Path<String>,
    Peer(peer): Peer,
    ws: WebSocketUpgrade,
) -> ApiResult<Response> {
    let room = hub.tables.room(&parse_table(&id)?).await.map_err(not_found_table)?;
    upgrade(hub, room, ws, Link::Players, peer)
}

/// WebSocket of a spectator: a TableState after every change.
///
/// As the player's WebSocket, without a seat (`hello` is refused as
/// read_only).
#[utoipa::path(get, path = "/api/watch/{view}/ws", tag = "tables", params(doc::WatchPath),
    responses(
    (status = 101, description = "switching to the WebSocket protocol"),
    (status = 404, description = doc::NO_TABLE, body = ErrorBody),
    (status = 426, description = "upgrade_required: the request did not ask for a WebSocket",
     body = ErrorBody),
    (status = 429, description = "rate_limited: this address holds as many WebSockets or \
     spectators' places as one may", body = ErrorBody),
    (status = 503, description = "too_many_listeners: the table or the server has the most \
     spectators it takes; busy, moved", body = ErrorBody),
))]
pub(crate) async fn ws_watch(
    State(hub): State<Hub>,
    Path(view): Path<String>,
    Peer(peer): Peer,
    ws: WebSocketUpgrade,
) -> ApiResult<Response> {
    let room = hub.tables.room_by_view(&parse_table(&view)?).await.map_err(not_found_table)?;
    upgrade(hub, room, ws, Link::Spectator, peer)
}

fn upgrade(
    hub: Hub,
    room: Arc<Room>,
    ws: WebSocketUpgrade,
    link: Link,
    peer: Option<IpAddr>,
) -> ApiResult<Response> {
    let player = link == Link::Players;
    let watch = Watch::take(&hub, room, link, peer)?;
    let max = hub.limits().ws_message_max;
    Ok(ws.max_message_size(max).max_frame_size(max).on_upgrade(move |socket| async move {
        Session::new(hub, watch, player).run(socket).await;
    }))
}

/// One WebSocket connection to a table.
struct Session {
    hub: Hub,
    watch: Watch,
    /// May take a seat (the table's link, not the read-only one).
    player: bool,
    seat: Option<(Seat, String)>,
    /// Messages the client may still send now (refilled at the rate).
    tokens: f64,
    refilled: Instant,
}

/// Why a session ends: a code for the client's last message.
type End = Option<(&'static str, String)>;

impl Session {
    fn new(hub: Hub, watch: Watch, player: bool) -> Session {
        let tokens = f64::from(hub.limits().ws_rate) * 2.0;
        Session { hub, watch, player, seat: None, tokens, refilled: Instant::now() }
    }

    fn viewer(&self) -> Viewer {
        self.seat.as_ref().map_or(Viewer::Spectator, |(s, _)| Viewer::Seat(*s))
    }

    async fn run(mut self, socket: WebSocket) {
        let (mut tx, mut rx) = socket.split();
        let mut frames = self.watch.room.frames.clone();
        let mut shutdown = self.hub.base.shutdown();
        let timeout = self.hub.limits().request_timeout;
        let idle = self.hub.limits().ws_idle;
        let first = Arc::clone(&frames.borrow_and_update()).for_viewer(self.viewer());
        let mut out = Some(first);
        let end: End = loop {
            if let Some(b) = out.take() {
                let send = tx.send(WsMessage::Text(text(b)));
                if !matches!(tokio::time::timeout(timeout, send).await, Ok(Ok(()))) {
                    break None;
                }
            }
            tokio::select! {
                m = tokio::time::timeout(idle, rx.next()) => match m {
                    Ok(Some(Ok(m))) => match self.on_message(m).await {
                        Ok(reply) => out = reply,
                        Err(end) => break end,
                    },
                    Ok(Some(Err(e))) => break unreadable(&e, self.hub.limits().ws_message_max),
                    Ok(None) => break None,
                    Err(_) => break Some(("idle", "nothing heard for too long".into())),
                },
                r = frames.changed() => {
                    if r.is_err() { break None; }
                    out = Some(Arc::clone(&frames.borrow_and_update()).for_viewer(self.viewer()));
                }
                _ = shutdown.changed() => break Some(("shutdown", "the server is restarting".into())),
            }
        };
        let said = end.is_some();
        if let Some((code, message)) = end {
            let b = error_bytes(code, &message);
            let _ = tokio::time::timeout(timeout, tx.send(WsMessage::Text(text(b)))).await;
        }
        let _ = tokio::time::timeout(timeout, tx.close()).await;
        // The connection no longer counts against the table's places.
        drop(self);
        if said {
            // What the client sent meanwhile is read and dropped (a second
            // at most): closed with it unread, the socket would be reset,
            // and the client might lose the last message that says why.
            let drain = async { while let Some(Ok(_)) = rx.next().await {} };
            let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
        }
    }

    /// Handles one message; `Ok(Some(bytes))` is a reply to send, `Err`
    /// ends the connection.
    async fn on_message(&mut self, m: WsMessage) -> Result<Option<Bytes>, End> {
        let text = match m {
            WsMessage::Text(t) => t,
            WsMessage::Close(_) => return Err(None),
            WsMessage::Binary(_) => {
                return Err(Some(("bad_message", "messages are JSON text".into())));
            }
            // The protocol's own pings (answered by the library with a
            // pong) count against the rate as messages do.
            _ if !self.spend() => return Err(rate_limited()),
            _ => return Ok(None),
        };
        if !self.spend() {
            return Err(rate_limited());
        }
        let msg: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => return Ok(Some(error_bytes("bad_message", &e.to_string()))),
        };
        Ok(Some(self.command(msg).await))
    }

    /// Takes one message from the rate's bucket.
    fn spend(&mut self) -> bool {
        let rate = f64::from(self.hub.limits().ws_rate);
        let now = Instant::now();
        let add = now.duration_since(self.refilled).as_secs_f64() * rate;
        self.tokens = (self.tokens + add).min(rate * 2.0);
        self.refilled = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    /// Runs a client's command; answers with an error, a pong, or (after
    /// hello) the seat's state.
    async fn command(&mut self, msg: ClientMsg) -> Bytes {
        if let ClientMsg::Hello { seat, secret } = &msg {
            if !self.player {
                return error_bytes("read_only", "this is the read-only link: no seat here");
            }
            self.seat = Some((*seat, secret.clone()));
        }
        let Some(what) = msg.what() else { return Bytes::from_static(b"{\"type\":\"pong\"}") };
        let Some((seat, secret)) = self.seat.clone() else {
            return api_error_bytes(&room::refused(TableError::NotYours));
        };
        let id = self.watch.room.id.clone();
        let (hello, leave) = (matches!(what, What::Hello), matches!(what, What::Leave));
        match run(&self.hub, &id, seat, &secret, what).await {
            Ok(room) if hello => Arc::clone(&room.frames.borrow()).for_viewer(Viewer::Seat(seat)),
            Ok(room) if leave => {
                // A bot has the seat now: this connection watches.
                self.seat = None;
                Arc::clone(&room.frames.borrow()).for_viewer(Viewer::Spectator)
            }
            Ok(_) => Bytes::from_static(b"{\"type\":\"ok\"}"),
            Err(e) => {
                if hello {
                    self.seat = None;
                }
                api_error_bytes(&e)
            }
        }
    }
}

fn rate_limited() -> End {
    Some(("rate_limited", "too many messages: slow down".into()))
}

/// Why a message could not be read, for the client's last message: too
/// big, or text that is not UTF-8 (the connection is closed after it).
fn unreadable(e: &axum::Error, max: usize) -> End {
    let said = e.to_string();
    if said.contains("Space limit exceeded") || said.contains("too long") {
        Some(("too_big", format!("a message is {max} bytes at most")))
    } else if said.contains("UTF-8") || said.contains("utf-8") {
        Some(("bad_message", "messages are JSON in UTF-8 text".into()))
    } else {
        None
    }
}

fn text(b: Bytes) -> axum::extract::ws::Utf8Bytes {
    axum::extract::ws::Utf8Bytes::try_from(b).unwrap_or_default()
}

/// An error said on the WebSocket; its keys in the order the page has
/// always got them (sorted).
#[derive(Serialize)]
struct WsError<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    params: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'a str>,
    #[serde(rename = "type")]
    kind: &'static str,
}

impl WsError<'_> {
    fn bytes(&self) -> Bytes {
        Bytes::from(serde_json::to_string(self).unwrap_or_default())
    }
}

fn error_bytes(code: &str, message: &str) -> Bytes {
    WsError { code, message, params: None, reason: None, kind: "error" }.bytes()
}

/// An API error said on the WebSocket: its code and message, and for a
/// move the rules refused, their `reason` and `params`.
fn api_error_bytes(e: &ApiError) -> Bytes {
    let (code, message, kind) = (e.code, e.message.as_str(), "error");
    WsError { code, message, params: e.params.as_ref(), reason: e.reason, kind }.bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A WebSocket error's bytes: keys sorted as the page always got
    /// them; `reason` and `params` only for a refusal by the rules.
    #[test]
    fn websocket_errors_keep_their_bytes() {
        let plain = error_bytes("idle", "quiet too long");
        assert_eq!(&plain[..], br#"{"code":"idle","message":"quiet too long","type":"error"}"#);
        let r = belot_core::Refusal::new("card_not_legal", "no").with("card", "8D");
        let e = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal", "no").with_reason(&r);
        let said = api_error_bytes(&e);
        let want = r#"{"code":"illegal","message":"no","params":{"card":"8D"},"reason":"card_not_legal","type":"error"}"#;
        assert_eq!(std::str::from_utf8(&said).unwrap(), want);
    }
}
