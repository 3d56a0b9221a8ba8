//! `belot engine` with the bots and the solver: the core's JSON-lines
//! protocol ([`crate::Engine`]) and two commands of its own.
//!
//! - `{"cmd":"bot","bot":"pimc","seed":1}`: the named bot chooses the
//!   action of the seat to act from that seat's view alone (never the
//!   deal) and the action is applied, as `act` would; `"apply":false`
//!   only names it. Same view, bot and seed, same action.
//! - `{"cmd":"solve"}`: in the card play, every legal card of the seat to
//!   play with the card points its side ends the deal with under best
//!   play by everybody (all hands open; in распасы the fewest are best).
//!
//! Everything else goes to [`crate::Engine`] unchanged.

use crate::{Engine, MAX_LINE, Request};
use belot_core::AnyMatch as Match;
use belot_core::Deal;
use belot_core::Match as _;
use belot_core::{Action, Card, PlayState, each_game};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use belot_solver::bots::BotKind;
use belot_solver::{Config, Solver, side_of};

/// The commands answered here, for the engine's `help`.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "bot",
        "a bot plays the seat to act from its view alone: {\"cmd\":\"bot\",\"bot\":\"pimc\"} \
         (optional \"seed\", \"seat\", \"apply\":false to only name the action)",
    ),
    ("solve", "the double-dummy value of every legal card of the seat to play (all hands open)"),
];

/// A protocol session: the engine and the two commands above.
pub struct Session {
    engine: Engine,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotParams {
    #[serde(default = "default_bot")]
    bot: String,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default = "yes")]
    apply: bool,
}

fn default_bot() -> String {
    "pimc".into()
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoParams {}

/// A refused request: the protocol's error code and a message for people.
struct Refusal(&'static str, String);

impl Session {
    /// A session with no match.
    pub fn new() -> Session {
        Session { engine: Engine::with_commands(COMMANDS) }
    }

    /// Handles one request line and returns one response line (no
    /// newline), as [`Engine::handle_line`] does. A refused request
    /// changes nothing.
    pub fn handle_line(&mut self, line: &str) -> String {
        // Read for its cmd and id only: no JSON tree of the line is built.
        let req = match Request::parse(line) {
            Ok(req) if line.len() <= MAX_LINE && matches!(req.cmd(), Some("bot" | "solve")) => req,
            _ => return self.engine.handle_line(line),
        };
        let id = req.id().clone();
        let result = if req.cmd() == Some("bot") {
            params::<BotParams>(&req).and_then(|p| self.bot(p))
        } else {
            params::<NoParams>(&req).and_then(|_| self.solve())
        };
        let mut out = match result {
            Ok(m) => m,
            Err(Refusal(code, message)) => {
                let mut m = Map::new();
                m.insert("ok".into(), Value::Bool(false));
                m.insert("error".into(), json!({"code": code, "message": message}));
                m
            }
        };
        out.entry("ok").or_insert(Value::Bool(true));
        if !id.is_null() {
            out.insert("id".into(), id);
        }
        Value::Object(out).to_string()
    }

    fn game(&self) -> Result<&Match, Refusal> {
        self.engine.game().ok_or_else(|| {
            Refusal(
                "no_game",
                "no match in progress: send {\"cmd\":\"new\"} or {\"cmd\":\"load\"} first".into(),
            )
        })
    }

    fn bot(&mut self, p: BotParams) -> Result<Map<String, Value>, Refusal> {
        let kind: BotKind = p.bot.parse().map_err(|e| Refusal("bad_request", e))?;
        within_budget(kind)?;
        let g = self.game()?;
        if let Some(s) = p.seat.filter(|&s| s >= g.players()) {
            return Err(Refusal(
                "bad_request",
                format!("seat {s} does not exist: seats are 0 to {}", g.players() - 1),
            ));
        }
        let Some(seat) = g.to_act() else {
            let then = if g.match_over() {
                "the match is over (send {\"cmd\":\"new\"} for another)"
            } else {
                "the deal is over (send {\"cmd\":\"next\"})"
            };
            return Err(Refusal("deal_over", format!("nobody is to act: {then}")));
        };
        if let Some(s) = p.seat.filter(|&s| s != seat.0) {
            return Err(Refusal(
                "not_your_turn",
                format!("seat {s} is not to act; a bot plays the seat to act, seat {}", seat.0),
            ));
        }
        let (game, view) = (g.game(), g.view(seat));
        let mut bot = kind.make(&game);
        belot_solver::bots::remind(bot.as_mut(), g, seat);
        let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
        let action = bot.act(&view, &mut rng);
        let mut out = Map::new();
        out.insert("bot".into(), Value::String(kind.to_string()));
        out.insert("seat".into(), json!(seat.0));
        out.insert("action".into(), json!(action));
        if !p.apply {
            return Ok(out);
        }
        // Applied as `act` applies it, so the reply carries what `act`'s does.
        let reply = self
            .engine
            .handle_line(&json!({"cmd": "act", "seat": seat.0, "action": action}).to_string());
        let Ok(Value::Object(mut m)) = serde_json::from_str::<Value>(&reply) else {
            return Err(Refusal("internal", format!("the engine replied {reply}")));
        };
        if m.get("ok") != Some(&Value::Bool(true)) {
            // A bot only ever chooses among the legal actions.
            return Err(Refusal("internal", format!("the bot's action was refused: {reply}")));
        }
        m.append(&mut out);
        Ok(m)
    }

    fn solve(&self) -> Result<Map<String, Value>, Refusal> {
        let g = self.game()?;
        let not_now = || {
            Refusal("not_now", "solve answers in the card play, when a card is to be played".into())
        };
        let (play, side, least) = aim(g).ok_or_else(not_now)?;
        let seat = play.to_play();
        // A card is to be played now: not in an announcing or exchange
        // phase before the first lead, where the play exists but waits.
        let card_now = g.legal_actions().iter().any(|a| matches!(a, Action::Play { .. }));
        if g.to_act() != Some(seat) || !card_now {
            return Err(not_now());
        }
        let mut solver = Solver::for_seats(side, Config::default());
        if least {
            solver.reset_least(side);
        }
        let solution = solver.solve(play);
        let values = solution.cards.iter().map(|c| c.1);
        let best = if least { values.min() } else { values.max() };
        let contract = play.contract();
        let order: Vec<Card> = contract.held_order(solution.cards.iter().map(|c| c.0).collect());
        let cards: Vec<Value> = order
            .iter()
            .filter_map(|c| solution.cards.iter().find(|x| x.0 == *c))
            .map(|(c, v)| json!({"card": c, "value": v}))
            .collect();
        let seats: Vec<u8> = (0..4).filter(|s| side & 1 << s != 0).collect();
        let mut out = Map::new();
        out.insert("seat".into(), json!(seat.0));
        out.insert("side".into(), json!(seats));
        out.insert("aim".into(), json!(if least { "fewest" } else { "most" }));
        out.insert("best".into(), json!(best));
        out.insert("cards".into(), Value::Array(cards));
        Ok(out)
    }
}

fn params<T: serde::de::DeserializeOwned>(req: &Request) -> Result<T, Refusal> {
    req.params().map_err(|m| Refusal("bad_request", m.to_string()))
}

/// The engine's ceilings on a bot's budget: each answers within some
/// seconds (measured: `pimc` with 100,000,000 nodes about 7 s a card,
/// `ismcts` with 1,000,000 iterations about 8 s, on a 2-core VM), so one
/// request cannot freeze a session for minutes. `belot arena` takes more.
pub const MAX_PIMC_NODES: u64 = 100_000_000;
/// See [`MAX_PIMC_NODES`].
pub const MAX_ISMCTS_ITERATIONS: u32 = 1_000_000;

fn within_budget(kind: BotKind) -> Result<(), Refusal> {
    let over = match kind {
        BotKind::Pimc(b) if b.nodes > MAX_PIMC_NODES => {
            format!("pimc:LAYOUTS:NODES takes NODES up to {MAX_PIMC_NODES} here")
        }
        BotKind::Ismcts(n) if n > MAX_ISMCTS_ITERATIONS => {
            format!("ismcts:ITERATIONS takes ITERATIONS up to {MAX_ISMCTS_ITERATIONS} here")
        }
        _ => return Ok(()),
    };
    Err(Refusal(
        "bad_request",
        format!(
            "bot {kind}: {over}, so that a decision takes some seconds at most \
             (belot arena takes more)"
        ),
    ))
}

/// The card play in progress, the seats whose points count for the seat
/// to play (`belot_solver::side_of`: its team; alone with two players or
/// in three-player Belot; with three in French Belote the taker alone or
/// his opponents together) and whether it wants the fewest (распасы).
fn aim(g: &Match) -> Option<(&PlayState, u8, bool)> {
    let game = g.game();
    each_game!(AnyMatch, g, m => {
        let d = m.current();
        let play = d.play_state()?;
        let fewest = d.all_pass() == Some(true);
        Some((play, side_of(&game, d.taker(), play.to_play()), fewest))
    })
}
