//! The `belot engine` protocol: one JSON request per line in, one JSON
//! response per line out. No I/O of its own: [`Engine::handle_line`] maps
//! a line to a line, so the protocol is tested without a process, and
//! [`serve_lines`] runs the loop over any reader and writer, reading at
//! most [`MAX_LINE`] bytes of a line. See `docs/protocol.md` for the full
//! description with examples.
//!
//! Every response has `"ok": true|false` and echoes the request's `"id"`.
//! A refused request gets `"ok": false` and an `error` with a `code` and a
//! `message` that says what was wrong and what is accepted; the game is
//! unchanged.
//!
//! ```
//! use belot_engine::Engine;
//!
//! let mut engine = Engine::new();
//! let reply = engine.handle_line(r#"{"cmd":"new","seed":42,"dealer":0}"#);
//! assert!(reply.contains(r#""to_act":1"#));
//! let reply = engine.handle_line(r#"{"cmd":"act","action":{"type":"play","card":"JS"}}"#);
//! assert!(reply.contains(r#""code":"illegal_action""#));
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use belot_core::{AnyMatch, Deal, GameMatch, Match, each_game, with_rules};

use request::reply;

pub mod json;
mod session;
mod v2;

pub use session::{COMMANDS as SOLVER_COMMANDS, Session};
pub use v2::PROTOCOL;

use belot_core::Game;
use belot_core::action::Action;
use belot_core::card::{Card, CardSet, Suit};
use belot_core::deck::Deck;
use belot_core::error::{GameError, Param, Refusal};
use belot_core::record::{MatchRecord, Variant};
use belot_core::seat::Seat;
pub use request::{Line, MAX_LINE, Request, read_line_bounded, serve_lines, too_large_reply};

/// The commands, for error messages and `help`.
pub const COMMANDS: &[(&str, &str)] = &[
    ("hello", "the protocol version (2) and the games, with their own words"),
    ("new", "start a match: variant, options, dealer, and seed | deck | hands+trump+taker"),
    ("view", "what one seat may know: {\"cmd\":\"view\",\"seat\":N}"),
    ("state", "the full state with every hand (for analysis, not for players)"),
    ("legal", "the legal actions of the seat to act"),
    ("act", "apply an action: {\"cmd\":\"act\",\"action\":{...}} (optional \"seat\")"),
    ("score", "the deal's score breakdown and the match totals"),
    ("next", "start the next deal (optional seed | deck)"),
    ("save", "the game record of the match"),
    ("load", "replay a game record: {\"cmd\":\"load\",\"record\":{...}}"),
    ("help", "this list"),
];

/// A protocol error: a stable code and a message for people; for a
/// refusal of the rules, also its fine code (`reason`, one of
/// [`belot_core::error::GAME_CODES`]) and the values it names.
#[derive(Debug, Clone)]
struct ProtoError {
    code: &'static str,
    message: String,
    reason: Option<&'static str>,
    params: BTreeMap<String, Param>,
}

impl ProtoError {
    fn new(code: &'static str, message: impl Into<String>) -> ProtoError {
        ProtoError { code, message: message.into(), reason: None, params: BTreeMap::new() }
    }

    /// An error of this code for the rules' refusal `r`: its message, its
    /// code as the reason, its params.
    fn refused(code: &'static str, r: Refusal) -> ProtoError {
        ProtoError { code, message: r.message, reason: Some(r.code), params: r.params }
    }

    /// The `error` object of an answer: `code`, `message`, and `reason`
    /// and `params` (when not empty) for a refusal of the rules.
    fn to_json(&self) -> Value {
        let mut e = Map::new();
        e.insert("code".into(), Value::from(self.code));
        e.insert("message".into(), Value::from(self.message.as_str()));
        if let Some(r) = self.reason {
            e.insert("reason".into(), Value::from(r));
        }
        if !self.params.is_empty() {
            // Numbers, words and lists of words always make JSON.
            e.insert("params".into(), serde_json::to_value(&self.params).unwrap_or_default());
        }
        Value::Object(e)
    }
}

impl From<GameError> for ProtoError {
    fn from(e: GameError) -> ProtoError {
        let code = match e {
            GameError::NotYourTurn { .. } => "not_your_turn",
            GameError::Illegal(_) => "illegal_action",
            GameError::Invalid(_) => "invalid",
            GameError::Finished => "deal_over",
        };
        ProtoError::refused(code, e.refusal())
    }
}

/// A protocol session: at most one match at a time.
pub struct Engine {
    game: Option<AnyMatch>,
    /// The players' names of a loaded record, saved back with it.
    names: Vec<String>,
    /// Commands a wrapper answers itself (the bots, the solver), listed
    /// in `help` and in the unknown-command message with the core's.
    extra: &'static [(&'static str, &'static str)],
    /// The longest line accepted, in bytes.
    max_line: usize,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine { game: None, names: Vec::new(), extra: &[], max_line: MAX_LINE }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewParams {
    #[serde(default = "default_variant")]
    variant: Variant,
    #[serde(default, deserialize_with = "some_bounded_value")]
    options: Option<Value>,
    #[serde(default)]
    dealer: Option<u8>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    deck: Option<Vec<Card>>,
    #[serde(default)]
    hands: Option<Vec<CardSet>>,
    #[serde(default)]
    trump: Option<Suit>,
    #[serde(default)]
    taker: Option<u8>,
    #[serde(default)]
    start: Option<belot_core::Start>,
}

/// The protocol's default game (docs/protocol.md): French Belote.
fn default_variant() -> Variant {
    "french".parse().unwrap_or(Variant::ALL[0])
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatParams {
    seat: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActParams {
    #[serde(deserialize_with = "json::bounded_action")]
    action: Action,
    #[serde(default)]
    seat: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NextParams {
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    deck: Option<Vec<Card>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadParams {
    record: MatchRecord,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoParams {}

fn params<T: DeserializeOwned>(req: &Request) -> Result<T, ProtoError> {
    req.params().map_err(|m| ProtoError::new("bad_request", m.to_string()))
}

/// A request's fields (all but `cmd` and `id`) read into `T`, or the
/// `bad_request` message: the command, and the field whose value is
/// wrong ("new: seed: invalid type...", which serde's own message leaves
/// out). For wrappers that answer commands of their own.
pub fn request_params<T: DeserializeOwned>(
    cmd: &str,
    map: Map<String, Value>,
) -> Result<T, belot_core::ParseError> {
    serde_path_to_error::deserialize(Value::Object(map)).map_err(|e| {
        let at = e.path().to_string();
        let at = if at == "." { String::new() } else { format!("{at}: ") };
        belot_core::ParseError::new(format!("{cmd}: {at}{}", json::plain(&e.inner().to_string())))
    })
}

fn some_bounded_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    json::bounded_value(d).map(Some)
}

/// A deck given as cards; refused as the rules refuse one (`invalid`,
/// reason `deck_cards`).
fn deck_of(cards: &[Card]) -> Result<Deck, ProtoError> {
    Deck::from_cards(cards).map_err(|e| GameError::invalid("deck_cards", e.to_string()).into())
}

/// The protocol's JSON for a match: a seat's view, the state, the
/// status, the score report of a finished deal.
trait Json {
    fn state(&self) -> Value;
    fn status(&self) -> Value;
    fn score_report(&self) -> Value;
}

impl Json for AnyMatch {
    fn state(&self) -> Value {
        each_game!(AnyMatch, self, m => json!(m.current().full_state()))
    }

    /// A short status of the session.
    fn status(&self) -> Value {
        let st = self.standing();
        let game = self.game();
        // Teams count by side (seats 0 and 1 stand for their sides).
        let winner = st.winners.first().map(|s| if game.teams() { s.0 & 1 } else { s.0 });
        let totals = if game.teams() { &st.totals[..2] } else { &st.totals[..] };
        let mut v = json!({
            "variant": game.variant().as_str(),
            "deal": self.deal_number(),
            "dealer": self.dealer(),
            "to_act": self.to_act(),
            "totals": totals,
            "pool": st.held,
            "match_over": self.match_over(),
            "winner": winner,
        });
        each_game!(AnyMatch, self, R, m => {
            let d = m.current();
            // The table's size, where the game is played by several.
            if R::TABLES.len() > 1 {
                v["players"] = json!(Deal::players(d));
            }
            if let Some(all_pass) = d.all_pass() {
                v["raspasy"] = json!(all_pass);
            }
            v["phase"] = json!(Deal::phase(d));
            v["contract"] = json!(Deal::contract(d));
            v["taker"] = json!(Deal::taker(d));
        });
        v
    }

    /// The score breakdown. While a deal is in progress it holds only what
    /// every player may know (cards of announcements once shown, belote
    /// once called, two-player card points not at all: tricks lie face
    /// down); the full breakdown once the deal is over.
    fn score_report(&self) -> Value {
        each_game!(AnyMatch, self, R, m => json!(R::breakdown(m)))
    }
}

impl Engine {
    /// A session with no match.
    pub fn new() -> Engine {
        Engine::default()
    }

    /// A session whose `help` also lists `extra`, the commands a wrapper
    /// answers before the core sees them (name, what it does).
    pub fn with_commands(extra: &'static [(&'static str, &'static str)]) -> Engine {
        Engine { extra, ..Engine::default() }
    }

    /// The match in progress, if any.
    pub fn game(&self) -> Option<&AnyMatch> {
        self.game.as_ref()
    }

    /// Handles one request line and returns one response line (no newline).
    /// Never panics on any input; a refused request changes nothing. A
    /// line longer than the session's limit ([`MAX_LINE`] unless set with
    /// [`Engine::with_max_line`]) is refused with `too_large` unread.
    pub fn handle_line(&mut self, line: &str) -> String {
        if line.len() > self.max_line {
            return too_large_reply(line.len(), self.max_line);
        }
        match Request::parse(line) {
            Err((code, message)) => reply(&Value::Null, Err(ProtoError::new(code, message))),
            Ok(req) if req.cmd() == Some("save") => self.save(&req),
            Ok(req) => {
                let result = self.handle(&req);
                reply(req.id(), result)
            }
        }
    }

    /// A session whose lines may be at most `bytes` long (default
    /// [`MAX_LINE`]).
    pub fn with_max_line(self, bytes: usize) -> Engine {
        Engine { max_line: bytes, ..self }
    }

    /// `save`'s reply, written straight from the record (a big match
    /// never becomes a JSON tree in memory).
    fn save(&self, req: &Request) -> String {
        #[derive(serde::Serialize)]
        struct Saved<'a> {
            #[serde(skip_serializing_if = "Value::is_null")]
            id: &'a Value,
            ok: bool,
            record: &'a MatchRecord,
        }
        let record =
            req.params::<NoParams>().map_err(|m| ProtoError::new("bad_request", m.to_string()));
        let record = record
            .and_then(|_| self.require())
            .map(|g| MatchRecord { names: self.names.clone(), ..g.record() });
        match record {
            Ok(record) => serde_json::to_string(&Saved { id: req.id(), ok: true, record: &record })
                .unwrap_or_else(|e| {
                    reply(req.id(), Err(ProtoError::new("internal", e.to_string())))
                }),
            Err(e) => reply(req.id(), Err(e)),
        }
    }

    fn handle(&mut self, req: &Request) -> Result<Value, ProtoError> {
        let Some(cmd) = req.cmd() else {
            return Err(ProtoError::new(
                "bad_request",
                format!("missing \"cmd\": one of {}", command_names(self.extra)),
            ));
        };
        match cmd {
            "help" => {
                params::<NoParams>(req)?;
                Ok(self.help())
            }
            "hello" => {
                params::<NoParams>(req)?;
                Ok(v2::hello())
            }
            "new" => self.cmd_new(params(req)?),
            "load" => self.cmd_load(params(req)?),
            "view" => {
                let p: SeatParams = params(req)?;
                let g = self.require()?;
                let seat = check_seat(p.seat, g.players())?;
                Ok(json!({"view": v2::view(g, seat)}))
            }
            "state" => {
                params::<NoParams>(req)?;
                let g = self.require()?;
                let mut state = g.state();
                v2::with_legal(g, g.to_act().unwrap_or(Seat(0)), &mut state["view"]);
                Ok(json!({"state": state}))
            }
            "legal" => {
                params::<NoParams>(req)?;
                let g = self.require()?;
                let (actions, melds) = v2::legal(g);
                Ok(json!({"seat": g.to_act(), "actions": actions, "melds": melds}))
            }
            "act" => self.cmd_act(params(req)?),
            "score" => {
                params::<NoParams>(req)?;
                Ok(self.require()?.score_report())
            }
            "next" => self.cmd_next(params(req)?),
            other => Err(ProtoError::new(
                "unknown_command",
                format!(
                    "unknown command {other:?}: the commands are {}",
                    command_names(self.extra)
                ),
            )),
        }
    }

    /// The commands and what each does.
    fn help(&self) -> Value {
        let list: Vec<Value> =
            COMMANDS.iter().chain(self.extra).map(|(c, d)| json!({"cmd": c, "about": d})).collect();
        json!({"commands": list})
    }

    fn cmd_load(&mut self, p: LoadParams) -> Result<Value, ProtoError> {
        let (g, names) = AnyMatch::from_record_owned(p.record)?;
        let status = g.status();
        self.game = Some(g);
        self.names = names;
        Ok(status)
    }

    /// Applies an action; the status, with the trick it completed.
    fn cmd_act(&mut self, p: ActParams) -> Result<Value, ProtoError> {
        let g = self.game.as_mut().ok_or_else(no_game)?;
        let seat = match (p.seat, g.to_act()) {
            (Some(s), _) => check_seat(s, g.players())?,
            (None, Some(s)) => s,
            (None, None) => return Err(GameError::Finished.into()),
        };
        let tricks_before = g.tricks().len();
        let action = v2::normalize(g, seat, p.action);
        g.apply(seat, &action)?;
        let mut v = g.status();
        let tricks = g.tricks();
        if tricks.len() > tricks_before
            && let Some(t) = tricks.last()
        {
            v["trick"] = json!({
                "cards": t.plays(g.players()).collect::<Vec<_>>(),
                "winner": t.winner,
                "points": t.points,
            });
        }
        Ok(v)
    }

    /// Deals the next deal: from the deck or seed given, else the match's.
    fn cmd_next(&mut self, p: NextParams) -> Result<Value, ProtoError> {
        let g = self.game.as_mut().ok_or_else(no_game)?;
        let deck = match (p.deck, p.seed) {
            (Some(_), Some(_)) => {
                return Err(ProtoError::new("bad_request", "give a deck or a seed, not both"));
            }
            (Some(cards), None) => Some(deck_of(&cards)?),
            (None, Some(seed)) => Some(Deck::from_seed(seed, 0)),
            (None, None) => None,
        };
        g.next_deal(deck)?;
        Ok(g.status())
    }

    fn cmd_new(&mut self, p: NewParams) -> Result<Value, ProtoError> {
        let sources = [p.seed.is_some(), p.deck.is_some(), p.hands.is_some()];
        if sources.iter().filter(|&&b| b).count() > 1 {
            return Err(ProtoError::new(
                "bad_request",
                "give one of seed, deck or hands (with trump and taker), not several",
            ));
        }
        if p.hands.is_none() && (p.trump.is_some() || p.taker.is_some()) {
            return Err(ProtoError::new("bad_request", "trump and taker go with hands"));
        }
        let game = parse_game(p.variant, p.options.unwrap_or(Value::Null))?;
        let game = match p.hands {
            Some(hands) => new_bare(game, p.dealer, hands, p.trump, p.taker)?,
            None => {
                // With no seed given, seed 0: the engine itself never uses
                // the clock, so every session is reproducible.
                let seed = p.seed.unwrap_or(0);
                let dealer = match p.dealer {
                    Some(d) => check_seat(d, game.players())?,
                    None => game.first_dealer(seed).unwrap_or(Seat(0)),
                };
                match p.deck {
                    Some(cards) => AnyMatch::new(&game, dealer, deck_of(&cards)?)?,
                    None => AnyMatch::from_seed(&game, dealer, seed)?,
                }
            }
        };
        let mut game = game;
        if let Some(start) = p.start {
            game.resume(start)?;
        }
        let status = game.status();
        self.game = Some(game);
        self.names.clear();
        Ok(status)
    }

    fn require(&self) -> Result<&AnyMatch, ProtoError> {
        self.game.as_ref().ok_or_else(no_game)
    }
}

/// The game of `variant` with the house rules `options` (null: the
/// seed's own), checked.
fn parse_game(variant: Variant, options: Value) -> Result<Game, ProtoError> {
    let game = match options {
        Value::Null => Game::default_for(variant),
        v => json::game_from_options(variant, v).map_err(|e| {
            ProtoError::new("bad_request", format!("options: {e}; see docs/protocol.md"))
        })?,
    };
    game.validate().map_err(|e| ProtoError::refused("bad_request", e))?;
    Ok(game)
}

/// A match whose first deal starts from a bare contract: the hands,
/// trump and taker given, no turned card or auction shown (protocol 2), in
/// a game that starts so ([`belot_core::Rules::from_contract`]).
fn new_bare(
    game: Game,
    dealer: Option<u8>,
    hands: Vec<CardSet>,
    trump: Option<Suit>,
    taker: Option<u8>,
) -> Result<AnyMatch, ProtoError> {
    if !with_rules!(game.variant(), R => R::BARE_CONTRACT) {
        return Err(ProtoError::new(
            "bad_request",
            format!(
                "{} games start from a seed or a deck (32 cards in dealing order)",
                game.variant().as_str()
            ),
        ));
    }
    let dealer = check_seat(dealer.unwrap_or(0), game.players())?;
    let (Some(trump), Some(taker)) = (trump, taker) else {
        return Err(ProtoError::new(
            "bad_request",
            "hands need trump (a suit: S H D C) and taker (a seat 0-3)",
        ));
    };
    let hands: [CardSet; 4] = hands.try_into().map_err(|h: Vec<CardSet>| {
        ProtoError::new("invalid", format!("give 4 hands of 8 cards; got {} hands", h.len()))
    })?;
    let taker = check_seat(taker, 4)?;
    Ok(each_game!(Game, &game, R, o => {
        let deal = R::from_contract(*o, dealer, hands, trump, taker)?;
        AnyMatch::from(GameMatch::<R>::with_deal(*o, deal))
    }))
}

fn no_game() -> ProtoError {
    ProtoError::new(
        "no_game",
        "no match in progress: send {\"cmd\":\"new\"} or {\"cmd\":\"load\"} first",
    )
}

fn check_seat(s: u8, players: u8) -> Result<Seat, ProtoError> {
    if s < players {
        Ok(Seat(s))
    } else {
        Err(ProtoError::new(
            "bad_request",
            format!("seat {s} does not exist: seats are 0 to {}", players - 1),
        ))
    }
}

fn command_names(extra: &[(&str, &str)]) -> String {
    COMMANDS.iter().chain(extra).map(|(c, _)| *c).collect::<Vec<_>>().join(", ")
}

/// Request lines: read with a bound on their length, and parsed without
/// building a JSON tree of the line (a `load` line's record is read
/// straight into its types).
mod request {
    use std::cell::Cell;
    use std::fmt;
    use std::io::{self, BufRead, Write};

    use serde::de::{self, DeserializeOwned, DeserializeSeed, IgnoredAny, MapAccess, Visitor};
    use serde::{Deserializer, forward_to_deserialize_any};
    use serde_json::{Map, Value};

    use super::ProtoError;
    use crate::json::{Budget, VALUE_NODES_MAX};

    /// The longest request line `belot engine` reads, in bytes (8 MiB):
    /// a longer one is refused with `too_large` and changes nothing.
    pub const MAX_LINE: usize = 8 << 20;

    /// A refusal before any command: its code and message.
    type Refused = (&'static str, String);

    /// One request line, read for its `cmd` and `id`; the command's own
    /// fields are read from the line by [`Request::params`].
    pub struct Request<'a> {
        line: &'a str,
        cmd: Option<String>,
        id: Value,
    }

    impl<'a> Request<'a> {
        /// Reads a line's `cmd` and `id` (each at most
        /// [`VALUE_NODES_MAX`] JSON values), or the refusal: `bad_json`
        /// for text that is not JSON, `bad_request` for JSON that is not
        /// a request object.
        pub fn parse(line: &'a str) -> Result<Request<'a>, Refused> {
            // Checked without building anything, at any depth.
            if let Err(e) = serde_json::from_str::<IgnoredAny>(line) {
                return Err((
                    "bad_json",
                    format!(
                        "not valid JSON ({e}); send one JSON object per line, e.g. \
                         {{\"cmd\":\"help\"}}"
                    ),
                ));
            }
            if !line.trim_start().starts_with('{') {
                return Err((
                    "bad_request",
                    "a request is a JSON object with a \"cmd\" field, e.g. {\"cmd\":\"help\"}"
                        .into(),
                ));
            }
            let budget = Cell::new(VALUE_NODES_MAX);
            let mut de = serde_json::Deserializer::from_str(line);
            match de.deserialize_map(Envelope(Budget(&budget))) {
                Ok((cmd, id)) => Ok(Request { line, cmd, id }),
                Err(e) => Err(("bad_request", format!("cmd or id: {}", without_position(&e)))),
            }
        }

        /// The command, if `cmd` is a string.
        pub fn cmd(&self) -> Option<&str> {
            self.cmd.as_deref()
        }

        /// The request's `id` (null if none), echoed in the response.
        pub fn id(&self) -> &Value {
            &self.id
        }

        /// The command's fields (all but `cmd` and `id`) read into `T`, or
        /// the `bad_request` message: the command, and the field whose
        /// value is wrong ("new: seed: invalid type...").
        pub fn params<T: DeserializeOwned>(&self) -> Result<T, belot_core::ParseError> {
            let mut de = serde_json::Deserializer::from_str(self.line);
            serde_path_to_error::deserialize(Fields(&mut de)).map_err(|e| {
                let at = e.path().to_string();
                let at = if at == "." { String::new() } else { format!("{at}: ") };
                let cmd = self.cmd().unwrap_or("?");
                belot_core::ParseError::new(format!(
                    "{cmd}: {at}{}",
                    crate::json::plain(&without_position(e.inner()))
                ))
            })
        }
    }

    /// serde_json's message without its " at line 1 column N".
    fn without_position(e: &serde_json::Error) -> String {
        let text = e.to_string();
        let tail = format!(" at line {} column {}", e.line(), e.column());
        text.strip_suffix(&tail).map_or(text.clone(), str::to_owned)
    }

    /// The top-level object: `cmd` and `id` kept, every other field
    /// skipped unread.
    struct Envelope<'b>(Budget<'b>);

    impl<'de> Visitor<'de> for Envelope<'_> {
        type Value = (Option<String>, Value);

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a request object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let (mut cmd, mut id) = (None, Value::Null);
            while let Some(key) = map.next_key::<String>()? {
                match key.as_str() {
                    "cmd" => {
                        cmd = match map.next_value_seed(self.0)? {
                            Value::String(s) => Some(s),
                            _ => None,
                        }
                    }
                    "id" => id = map.next_value_seed(self.0)?,
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            Ok((cmd, id))
        }
    }

    /// The request object as a deserializer of the command's fields: the
    /// same object with `cmd` and `id` left out.
    struct Fields<'d, 'de>(&'d mut serde_json::Deserializer<serde_json::de::StrRead<'de>>);

    impl<'de> Deserializer<'de> for Fields<'_, 'de> {
        type Error = serde_json::Error;

        fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Self::Error> {
            self.0.deserialize_map(SkipEnvelope(v))
        }

        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map struct enum identifier ignored_any
        }
    }

    /// A visitor of the command's fields, shown the object without `cmd`
    /// and `id`.
    struct SkipEnvelope<V>(V);

    impl<'de, V: Visitor<'de>> Visitor<'de> for SkipEnvelope<V> {
        type Value = V::Value;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            self.0.expecting(f)
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
            self.0.visit_map(SkipKeys(map))
        }
    }

    /// A map without its `cmd` and `id` entries.
    struct SkipKeys<A>(A);

    impl<'de, A: MapAccess<'de>> MapAccess<'de> for SkipKeys<A> {
        type Error = A::Error;

        fn next_key_seed<K: DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, A::Error> {
            while let Some(key) = self.0.next_key::<String>()? {
                if key != "cmd" && key != "id" {
                    let key = de::value::StringDeserializer::<A::Error>::new(key);
                    return seed.deserialize(key).map(Some);
                }
                self.0.next_value::<IgnoredAny>()?;
            }
            Ok(None)
        }

        fn next_value_seed<S: DeserializeSeed<'de>>(
            &mut self,
            seed: S,
        ) -> Result<S::Value, A::Error> {
            self.0.next_value_seed(seed)
        }
    }

    /// A response line from a command's result: `ok` and the echoed `id`
    /// added.
    pub(super) fn reply(id: &Value, result: Result<Value, ProtoError>) -> String {
        let mut out = match result {
            Ok(Value::Object(m)) => m,
            Ok(other) => Map::from_iter([("result".to_string(), other)]),
            Err(e) => Map::from_iter([
                ("error".to_string(), e.to_json()),
                ("ok".to_string(), Value::Bool(false)),
            ]),
        };
        out.entry("ok").or_insert(Value::Bool(true));
        if !id.is_null() {
            out.insert("id".into(), id.clone());
        }
        Value::Object(out).to_string()
    }

    /// The response to a line of `len` bytes over the limit `max`: code
    /// `too_large`; the line is not read, so nothing is done.
    pub fn too_large_reply(len: usize, max: usize) -> String {
        let message = format!(
            "the request line is {len} bytes long; lines are at most {max} bytes: \
             nothing was done"
        );
        reply(&Value::Null, Err(ProtoError::new("too_large", message)))
    }

    /// What [`read_line_bounded`] read.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Line {
        /// A line, now in the buffer (without its newline).
        Text,
        /// A line of this many bytes, over the limit: read to its end and
        /// dropped (the buffer is empty).
        TooLong(usize),
    }

    /// Reads one line into `buf` (cleared first), holding at most `max`
    /// bytes of it: a longer line is read to its end and dropped. `None`
    /// at the end of input.
    pub fn read_line_bounded(
        input: &mut impl BufRead,
        buf: &mut Vec<u8>,
        max: usize,
    ) -> io::Result<Option<Line>> {
        buf.clear();
        let (mut len, mut any) = (0usize, false);
        loop {
            let chunk = match input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then(|| line_read(len, max)));
            }
            any = true;
            let newline = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..newline.unwrap_or(chunk.len())];
            len = len.saturating_add(part.len());
            if len <= max {
                buf.extend_from_slice(part);
            } else if !buf.is_empty() {
                *buf = Vec::new();
            }
            let used = newline.map_or(chunk.len(), |i| i + 1);
            input.consume(used);
            if newline.is_some() {
                return Ok(Some(line_read(len, max)));
            }
        }
    }

    fn line_read(len: usize, max: usize) -> Line {
        if len <= max { Line::Text } else { Line::TooLong(len) }
    }

    /// The `belot engine` loop: one response line per request line until
    /// the end of input, flushed after each. Blank lines are skipped;
    /// invalid UTF-8 is read lossily (and refused as bad JSON); a line
    /// over `max` bytes gets [`too_large_reply`] without being held in
    /// memory.
    pub fn serve_lines(
        mut input: impl BufRead,
        output: impl Write,
        max: usize,
        mut handle: impl FnMut(&str) -> String,
    ) -> io::Result<()> {
        let mut out = io::BufWriter::new(output);
        let mut buf = Vec::new();
        while let Some(read) = read_line_bounded(&mut input, &mut buf, max)? {
            let response = match read {
                Line::TooLong(len) => too_large_reply(len, max),
                Line::Text => {
                    let text = String::from_utf8_lossy(&buf);
                    let text = text.trim();
                    if text.is_empty() {
                        continue;
                    }
                    handle(text)
                }
            };
            out.write_all(response.as_bytes())?;
            out.write_all(b"\n")?;
            // Flush per response: the other program waits for it.
            out.flush()?;
        }
        Ok(())
    }
}
