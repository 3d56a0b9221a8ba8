//! Every limit the server puts on what clients can make it hold or do.
//! Each has a default here and a flag of `belot serve` (docs/serve.md).

use std::time::Duration;

/// The server's limits. [`Limits::default`] is what `belot serve` uses
/// unless told otherwise.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Open connections at once; past it a new connection gets 503 and is
    /// closed (`--max-connections`, 4,096).
    pub max_connections: usize,
    /// Open connections from one client address; past it its next one
    /// gets 503 and is closed (`--max-connections-per-address`, 256). A
    /// trusted proxy's connections carry many clients: not counted here.
    pub max_connections_per_address: usize,
    /// Live-update listeners of one client address
    /// (`--max-listeners-per-address`, 64).
    pub max_listeners_per_address: usize,
    /// Card tables' WebSockets of one client address, people's and
    /// spectators' (`--max-websockets-per-address`, 64).
    pub max_websockets_per_address: usize,
    /// Requests of one client address being answered at once (a slow body
    /// or a slow answer holds one); past it 429
    /// (`--max-requests-per-address`, 64).
    pub max_requests_per_address: usize,
    /// Time to send a request's headers (`--header-timeout`, 10 s).
    pub header_timeout: Duration,
    /// Time to send a request's body and get the answer; live-update
    /// streams are exempt once open (`--request-timeout`, 15 s).
    pub request_timeout: Duration,
    /// A connection on which no byte moves either way for this long is
    /// closed: idle keep-alive, silent sockets, listeners that stopped
    /// reading (`--idle-timeout`, 60 s; live streams send a comment every
    /// 15 s).
    pub idle_timeout: Duration,
    /// Live-update listeners on one game (`--max-listeners-per-game`,
    /// 1,000).
    pub max_listeners_per_game: usize,
    /// Live-update listeners in all (`--max-listeners`, 3,000).
    pub max_listeners: usize,
    /// Games kept in memory; the least recently used without listeners
    /// are dropped past it (`--max-cached-games`, 1,000).
    pub max_cached_games: usize,
    /// Changes held by all the games in memory: past it the least recently
    /// used games without listeners are dropped, and a game that would
    /// be kept in memory by a new listener is refused one
    /// (`--max-cached-changes`, 50,000: about 1,000 long matches).
    pub max_cached_changes: usize,
    /// Changes (entries, edits, undos…) one game may hold
    /// (`--max-changes-per-game`, 2,000; a match has a few dozen).
    pub max_changes_per_game: usize,
    /// Games one client address may start per minute
    /// (`--creates-per-minute`, 30).
    pub creates_per_minute: u32,
    /// Writes waiting for the database; past it a write gets 503
    /// (`--write-queue`, 4,096).
    pub write_queue: usize,
    /// How long a write waits for another program's database lock before
    /// the client gets 503 (`--busy-timeout`, 1 s).
    pub busy_timeout: Duration,
    /// Most writes committed together in one transaction and sync
    /// (`--max-batch`, 256).
    pub max_batch: usize,
    /// How often the server looks for changes made by other programs on
    /// the same database (`belot score`), in milliseconds
    /// (`--freshness`, 100 ms).
    pub freshness: Duration,
    /// How long shutdown waits for open requests before closing anyway
    /// (`--shutdown-grace`, 5 s).
    pub shutdown_grace: Duration,
    /// Card tables kept live in memory; past it the least recently used
    /// table nobody is connected to is put away (it stays stored), and a
    /// new or reopened table is refused while every one has players
    /// connected (`--max-tables`, 1,000).
    pub max_tables: usize,
    /// Connections through a card table's own link (its people: each
    /// seat's phones, and a friend opening the invite) to one table
    /// (`--max-table-players`, 32). Spectators never count against it, so
    /// they can never keep a seated person out.
    pub max_table_players: usize,
    /// Connections through a card table's spectators' link to one table
    /// (`--max-table-spectators`, 1,000).
    pub max_table_spectators: usize,
    /// Spectators' connections to one table from one client address
    /// (`--max-spectators-per-address`, 16; an IPv6 client counts by its
    /// /64).
    pub max_spectators_per_address: usize,
    /// Messages a table connection may send per second, on average; past
    /// it the connection is closed with `rate_limited`
    /// (`--ws-rate`, 10; bursts of twice as many pass).
    pub ws_rate: u32,
    /// Largest message a table connection may send, in bytes
    /// (`--ws-message-max`, 4,096).
    pub ws_message_max: usize,
    /// A table connection that sends nothing for this long is closed; the
    /// page pings every 20 s (`--ws-idle`, 60 s).
    pub ws_idle: Duration,
    /// Threads that think for bots and analyse deals; a busy server slows
    /// bots, never people's moves (`--bot-threads`, the number of CPUs).
    pub bot_threads: usize,
    /// The pause before a bot plays, so that people see each card land
    /// (`--bot-pace`, 700 ms).
    pub bot_pace: Duration,
    /// How long a finished trick stays on the table (its last card and
    /// who won it) before a bot leads the next one; pages show it as long
    /// (`--trick-pause`, 1.5 s).
    pub trick_pause: Duration,
    /// A table nobody is connected to is put away (it stays stored) after
    /// this long (`--table-idle`, 10 min).
    pub table_idle: Duration,
    /// Several processes on one PostgreSQL database: how long a process's
    /// hold on a live table (its lease) lasts unless renewed (every third
    /// of it); a table whose process died is taken over by another within
    /// about this long (`--table-lease`, 10 s; at least
    /// [`MIN_TABLE_LEASE`]).
    pub table_lease: Duration,
    /// Commands for a table served by another process that wait for its
    /// answer at once; past it a command gets 503 (`--max-forwarded`,
    /// 1,024).
    pub max_forwarded: usize,
    /// Reverse proxies whose `X-Forwarded-For` names the client, for the
    /// per-address limits (`--trusted-proxy`, repeatable; none: every
    /// client is counted by the address it connects from).
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

/// Largest request body accepted.
pub const MAX_BODY: usize = 64 * 1024;

/// The shortest lease `belot serve` takes (`--table-lease`): it is renewed
/// every third of it, a database write per table each time.
pub const MIN_TABLE_LEASE: Duration = Duration::from_secs(1);

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_connections_per_address: 256,
            max_listeners_per_address: 64,
            max_websockets_per_address: 64,
            max_requests_per_address: 64,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(15),
            idle_timeout: Duration::from_secs(60),
            max_listeners_per_game: 1000,
            max_listeners: 3000,
            max_cached_games: 1000,
            max_cached_changes: 50_000,
            max_changes_per_game: 2000,
            creates_per_minute: 30,
            write_queue: 4096,
            busy_timeout: Duration::from_secs(1),
            max_batch: 256,
            freshness: Duration::from_millis(100),
            shutdown_grace: Duration::from_secs(5),
            max_tables: 1000,
            max_table_players: 32,
            max_table_spectators: 1000,
            max_spectators_per_address: 16,
            ws_rate: 10,
            ws_message_max: 4096,
            ws_idle: Duration::from_secs(60),
            bot_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            bot_pace: Duration::from_millis(700),
            trick_pause: Duration::from_millis(1500),
            table_idle: Duration::from_secs(600),
            table_lease: Duration::from_secs(10),
            max_forwarded: 1024,
            trusted_proxies: Vec::new(),
        }
    }
}
