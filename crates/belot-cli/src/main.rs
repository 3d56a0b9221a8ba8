//! `belot`: the command-line front end over the belot libraries.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod arena;
mod outside;
mod play;
mod score;
mod solve;

/// Belot: French Belote, two-player Belot to 1001 and three-player Belot.
#[derive(Parser)]
#[command(name = "belot", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Rules engine speaking JSON lines on stdin/stdout (see docs/protocol.md).
    Engine,
    /// Score sheets: new, list, show, add, edit, delete, restore, undo,
    /// redo, export, import, add-record.
    Score(Box<score::ScoreArgs>),
    /// Double-dummy analysis of a game record: each card's value, the
    /// best card, the mistakes and their cost.
    Solve {
        /// The game record (from `belot play --save` or `belot engine`'s
        /// save; "-" for standard input).
        file: std::path::PathBuf,
        /// Only this deal (1-based).
        #[arg(long)]
        deal: Option<usize>,
        /// JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Bot-versus-bot tournament on mirrored deals (each deck played
    /// twice, the bots swapping seats; three times with three players) or
    /// mirrored whole matches, on all cores: share of points, point
    /// difference, matches won, win rate and Elo with 95% intervals.
    Arena {
        /// The game: french (4 players in teams), french-3, french-2,
        /// two-player, three-player.
        #[arg(long, default_value = "french")]
        game: String,
        /// The bot reported on: random, heuristic, pimc[:LAYOUTS:NODES[:BIDS]] or
        /// ismcts[:ITERATIONS]; or BOT@COMMAND, a program speaking `belot engine`'s
        /// protocol asked for BOT (e.g. "pimc@/tmp/old/belot engine").
        #[arg(long, default_value = "heuristic")]
        a: String,
        /// Its opponent, in the same forms.
        #[arg(long, default_value = "random")]
        b: String,
        /// Mirrored deals to play, each scored on its own [default: 2000].
        #[arg(long, conflicts_with = "matches", value_parser = clap::value_parser!(u32).range(1..))]
        deals: Option<u32>,
        /// Mirrored whole matches to play instead, each to the game's
        /// target, the same decks in the same order in each game.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        matches: Option<u32>,
        /// Seed of the decks and the bots' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's house rules as JSON (as in `belot engine`).
        #[arg(long)]
        options: Option<String>,
        /// JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Play any game against bots in the terminal, to the end of the match:
    /// French Belote for 4 (you and a bot partner against two bots), French
    /// for 3 or 2 and three-player Belot each for himself, two-player Belot
    /// against one bot. Line mode, so it also works over a pipe: your hand
    /// with the playable cards marked, the trick, the auction, the contract,
    /// announcements and belote calls as the others see them, numbered
    /// actions (or type a card, `JH`, `10♥`, or an action as listed); hint,
    /// last, score, help, quit; each deal's score breakdown.
    Play {
        /// The game: french (4 players in teams), french-3, french-2 (each
        /// for himself), two-player (to 1001), three-player (to 501).
        #[arg(long, default_value = "french")]
        game: String,
        /// The bots: random, heuristic, pimc[:LAYOUTS:NODES[:BIDS]] or
        /// ismcts[:ITERATIONS].
        #[arg(long, default_value = "heuristic")]
        bot: String,
        /// Seed of the decks and the bots' choices: the same seed deals
        /// the same match (default: a new one each time, printed at the
        /// start).
        #[arg(long)]
        seed: Option<u64>,
        /// The game's house rules as JSON (as in `belot engine`), e.g.
        /// {"target": 500}.
        #[arg(long)]
        options: Option<String>,
        /// Write the game record here (for `belot solve`): at the start,
        /// after every action and at the end, so an interrupted match
        /// loses nothing.
        #[arg(long)]
        save: Option<std::path::PathBuf>,
    },
    /// The score keeper as a web app, shared live between phones.
    Serve {
        /// Address to listen on: 127.0.0.1 is this machine only;
        /// 0.0.0.0:8080 lets the other phones on the network in (anyone
        /// there with a game's link can edit it; no TLS).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Database: a file, or a PostgreSQL URL (postgres://user@host/db)
        /// for several servers on one database (default: as `belot score`).
        #[arg(long)]
        db: Option<String>,
        /// Limits on what clients can make the server hold or do.
        #[command(flatten)]
        limits: Box<ServeLimits>,
    },
}

/// `belot serve`'s limits (docs/serve.md). Durations take `ms` or `s`.
#[derive(clap::Args)]
struct ServeLimits {
    /// Open connections at once; more get 503.
    #[arg(long, default_value_t = 4096)]
    max_connections: usize,
    /// Open connections from one client address (a trusted proxy's not
    /// counted); more get 503.
    #[arg(long, default_value_t = 256)]
    max_connections_per_address: usize,
    /// Live-update listeners of one client address.
    #[arg(long, default_value_t = 64)]
    max_listeners_per_address: usize,
    /// Card tables' WebSockets of one client address.
    #[arg(long, default_value_t = 64)]
    max_websockets_per_address: usize,
    /// Requests of one client address being answered at once; more get 429.
    #[arg(long, default_value_t = 64)]
    max_requests_per_address: usize,
    /// Time to send a request's headers.
    #[arg(long, default_value = "10s", value_parser = duration)]
    header_timeout: std::time::Duration,
    /// Time to send a request's body and get the answer.
    #[arg(long, default_value = "15s", value_parser = duration)]
    request_timeout: std::time::Duration,
    /// Close a connection on which nothing moved for this long.
    #[arg(long, default_value = "60s", value_parser = duration)]
    idle_timeout: std::time::Duration,
    /// Live-update listeners on one game.
    #[arg(long, default_value_t = 1000)]
    max_listeners_per_game: usize,
    /// Live-update listeners in all.
    #[arg(long, default_value_t = 3000)]
    max_listeners: usize,
    /// Games kept in memory (least recently used dropped first).
    #[arg(long, default_value_t = 1000)]
    max_cached_games: usize,
    /// Changes held by all the games in memory.
    #[arg(long, default_value_t = 50_000)]
    max_cached_changes: usize,
    /// Changes one game may hold.
    #[arg(long, default_value_t = 2000)]
    max_changes_per_game: usize,
    /// New games per minute from one client address.
    #[arg(long, default_value_t = 30)]
    creates_per_minute: u32,
    /// Writes waiting for the database; more get 503.
    #[arg(long, default_value_t = 4096)]
    write_queue: usize,
    /// How long a write waits for another program's lock before 503.
    #[arg(long, default_value = "1s", value_parser = duration)]
    busy_timeout: std::time::Duration,
    /// Most writes committed in one transaction.
    #[arg(long, default_value_t = 256)]
    max_batch: usize,
    /// How often to look for other programs' changes to the database.
    #[arg(long, default_value = "100ms", value_parser = duration)]
    freshness: std::time::Duration,
    /// How long shutdown waits for open requests.
    #[arg(long, default_value = "5s", value_parser = duration)]
    shutdown_grace: std::time::Duration,
    /// Card tables kept live in memory.
    #[arg(long, default_value_t = 1000)]
    max_tables: usize,
    /// Connections through a card table's own link (its people) to one
    /// table; spectators never count against it.
    #[arg(long, default_value_t = 32)]
    max_table_players: usize,
    /// Connections through a card table's spectators' link to one table.
    #[arg(long, alias = "max-table-watchers", default_value_t = 1000)]
    max_table_spectators: usize,
    /// Spectators' connections to one table from one client address.
    #[arg(long, default_value_t = 16)]
    max_spectators_per_address: usize,
    /// Messages per second a table connection may send (bursts of twice).
    #[arg(long, default_value_t = 10)]
    ws_rate: u32,
    /// Largest message a table connection may send, in bytes.
    #[arg(long, default_value_t = 4096)]
    ws_message_max: usize,
    /// Close a table connection that sent nothing for this long.
    #[arg(long, default_value = "60s", value_parser = duration)]
    ws_idle: std::time::Duration,
    /// Threads that think for bots (default: the number of CPUs).
    #[arg(long)]
    bot_threads: Option<usize>,
    /// Pause before a bot plays.
    #[arg(long, default_value = "700ms", value_parser = duration)]
    bot_pace: std::time::Duration,
    /// How long a finished trick stays on the table before a bot leads
    /// the next one.
    #[arg(long, default_value = "1500ms", value_parser = duration)]
    trick_pause: std::time::Duration,
    /// Put away a table nobody is connected to after this long.
    #[arg(long, default_value = "600s", value_parser = duration)]
    table_idle: std::time::Duration,
    /// With several processes on one PostgreSQL database: how long a
    /// process's hold on a table lasts unless renewed; a table whose
    /// process died moves to another within about this long (1 s at
    /// least: it is renewed every third of it).
    #[arg(long, default_value = "10s", value_parser = lease)]
    table_lease: std::time::Duration,
    /// Commands for tables served by another process waiting for its
    /// answer at once.
    #[arg(long, default_value_t = 1024)]
    max_forwarded: usize,
    /// A reverse proxy's address whose X-Forwarded-For names the client
    /// (for the per-address limits); repeat for several.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<std::net::IpAddr>,
}

impl ServeLimits {
    fn limits(&self) -> belot_server::Limits {
        let defaults = belot_server::Limits::default();
        belot_server::Limits {
            max_connections: self.max_connections.max(1),
            max_connections_per_address: self.max_connections_per_address.max(1),
            max_listeners_per_address: self.max_listeners_per_address.max(1),
            max_websockets_per_address: self.max_websockets_per_address.max(1),
            max_requests_per_address: self.max_requests_per_address.max(1),
            header_timeout: self.header_timeout,
            request_timeout: self.request_timeout,
            idle_timeout: self.idle_timeout,
            max_listeners_per_game: self.max_listeners_per_game,
            max_listeners: self.max_listeners,
            max_cached_games: self.max_cached_games,
            max_cached_changes: self.max_cached_changes,
            max_changes_per_game: self.max_changes_per_game,
            creates_per_minute: self.creates_per_minute,
            write_queue: self.write_queue.max(1),
            busy_timeout: self.busy_timeout,
            max_batch: self.max_batch.max(1),
            freshness: self.freshness.max(std::time::Duration::from_millis(1)),
            shutdown_grace: self.shutdown_grace,
            max_tables: self.max_tables.max(1),
            max_table_players: self.max_table_players.max(1),
            max_table_spectators: self.max_table_spectators,
            max_spectators_per_address: self.max_spectators_per_address,
            ws_rate: self.ws_rate.max(1),
            ws_message_max: self.ws_message_max.max(256),
            ws_idle: self.ws_idle,
            bot_threads: self.bot_threads.unwrap_or(defaults.bot_threads).max(1),
            bot_pace: self.bot_pace,
            trick_pause: self.trick_pause,
            table_idle: self.table_idle,
            table_lease: self.table_lease,
            max_forwarded: self.max_forwarded.max(1),
            trusted_proxies: self.trusted_proxies.clone(),
        }
    }
}

/// A duration such as `10s` or `250ms` (a bare number is seconds).
fn duration(s: &str) -> Result<std::time::Duration, String> {
    let (num, unit) = match s.strip_suffix("ms") {
        Some(n) => (n, 1),
        None => (s.strip_suffix('s').unwrap_or(s), 1000),
    };
    let n: u64 = num.trim().parse().map_err(|_| format!("{s:?}: give e.g. 10s or 250ms"))?;
    Ok(std::time::Duration::from_millis(n.saturating_mul(unit)))
}

/// A lease: a duration of at least [`belot_server::MIN_TABLE_LEASE`].
fn lease(s: &str) -> Result<std::time::Duration, String> {
    let d = duration(s)?;
    let min = belot_server::MIN_TABLE_LEASE;
    if d < min {
        return Err(format!("{s:?}: a lease is {}s at least", min.as_secs()));
    }
    Ok(d)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Engine => match run_engine(io::stdin().lock(), io::stdout().lock()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("belot engine: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Solve { file, deal, json } => match solve::run(&file, deal, json) {
            Ok(out) => emit(&out),
            Err(e) => {
                eprintln!("belot solve: {e}");
                ExitCode::from(2)
            }
        },
        Command::Arena { game, a, b, deals, matches, seed, options, json } => {
            let (sets, unit) = match matches {
                Some(n) => (n, belot_solver::arena::Unit::Matches),
                None => (deals.unwrap_or(2000), belot_solver::arena::Unit::Deals),
            };
            let result = game_of(&game, options.as_deref())
                .and_then(|g| arena::run(&a, &b, sets, unit, seed, g, json));
            match result {
                Ok(out) => emit(&out),
                Err(e) => {
                    eprintln!("belot arena: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Play { game, bot, seed, options, save } => {
            let args = bot
                .parse::<belot_solver::bots::BotKind>()
                .and_then(|b| Ok((b, game_of(&game, options.as_deref())?)));
            let Ok((bot, game)) = args.inspect_err(|e| eprintln!("belot play: {e}")) else {
                return ExitCode::from(2);
            };
            let seed = seed.unwrap_or_else(fresh_seed);
            let (input, output) = (io::stdin().lock(), io::stdout().lock());
            match play::run(input, output, game, bot, seed, save.as_deref()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("belot play: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve { addr, db, limits } => match serve(addr, db, limits.limits()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("belot serve: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Score(args) => match score::run(*args) {
            Ok(out) => emit(&out),
            Err(e) => {
                eprintln!("belot score: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// Writes a command's output. A reader that went away (`belot score
/// export … | head`) is no error; another failure to write is.
fn emit(out: &str) -> ExitCode {
    use std::io::Write;
    let mut o = io::stdout().lock();
    match o.write_all(out.as_bytes()).and_then(|()| o.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("belot: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A seed for a match nobody asked to repeat: from the clock, kept short
/// enough to read off the screen and type again.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Mixed, so seeds a moment apart look unrelated.
    nanos.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 44
}

/// `--game` and `--options` of the bot commands: the game, with house
/// rules from JSON over the seed's defaults.
fn game_of(name: &str, options: Option<&str>) -> Result<belot_core::Game, String> {
    let game = belot_core::Game::from_name(name).map_err(|e| e.to_string())?;
    match options {
        Some(o) => {
            belot_engine::json::game_with_options(game, o).map_err(|e| format!("--options: {e}"))
        }
        None => Ok(game),
    }
}

fn serve(
    addr: std::net::SocketAddr,
    db: Option<String>,
    limits: belot_server::Limits,
) -> Result<(), String> {
    let loc = score::db_location(db)?;
    let rt = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    rt.block_on(belot_server::serve(addr, &loc, limits)).map_err(|e| format!("{addr}: {e}"))
}

/// One response line per request line until end of input. Blank lines are
/// skipped; invalid UTF-8 gets an error response like any bad request; a
/// line over the limit is refused (`too_large`) without being held.
fn run_engine(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut engine = belot_engine::Session::new();
    let max = belot_engine::MAX_LINE;
    belot_engine::serve_lines(input, output, max, |line| engine.handle_line(line))
}
