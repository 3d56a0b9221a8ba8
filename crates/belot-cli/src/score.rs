//! `belot score`: score sheets from the terminal, stored in SQLite.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use belot_core::{AnyMatch, Game, Half, Variant};
use belot_core::{MatchRecord, Seat};
use belot_score::{Change, DealInput, Setup, Sheet, contract_text, csv, num, side_names};
use belot_store::{Location, SheetId, SqliteStore, Store};
use clap::{Args, Subcommand, ValueEnum};
use serde_json::{Value, json};

/// Where sheets are kept and what to do with them.
#[derive(Args)]
pub struct ScoreArgs {
    /// Database: a file (default: the user's data directory,
    /// belot/belot.db; or $BELOT_DB), or a PostgreSQL URL
    /// (postgres://user@host/db).
    #[arg(long, global = true)]
    db: Option<String>,
    #[command(subcommand)]
    command: ScoreCommand,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Csv,
}

#[derive(Subcommand)]
enum ScoreCommand {
    /// Start a score sheet.
    New {
        /// The game: french, two_player or three_player.
        #[arg(long)]
        variant: Variant,
        /// Player names in seat order (the order the deal passes), comma-separated.
        #[arg(long)]
        players: String,
        /// Seat (0-based) of the first dealer.
        #[arg(long, default_value_t = 0)]
        dealer: u8,
        /// A name for the game.
        #[arg(long, default_value = "")]
        name: String,
        /// House rules as JSON, e.g. '{"target":500}' (see docs/protocol.md).
        #[arg(long)]
        options: Option<String>,
    },
    /// List the sheets.
    List {
        /// JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// The running-total table of a sheet.
    Show {
        /// Sheet id.
        sheet: String,
        /// JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Add a deal.
    Add {
        /// Sheet id.
        sheet: String,
        #[command(flatten)]
        entry: EntryArgs,
    },
    /// Replace a deal (by its id, shown by `show`).
    Edit {
        /// Sheet id.
        sheet: String,
        /// Deal id.
        deal: u32,
        #[command(flatten)]
        entry: EntryArgs,
    },
    /// Delete a deal (it can be restored).
    Delete {
        /// Sheet id.
        sheet: String,
        /// Deal id.
        deal: u32,
    },
    /// Restore a deleted deal.
    Restore {
        /// Sheet id.
        sheet: String,
        /// Deal id.
        deal: u32,
    },
    /// ↶ Take back the last deal (seed 002 §11); again, the one before.
    Undo {
        /// Sheet id.
        sheet: String,
    },
    /// ↷ Put back the deal taken back last.
    Redo {
        /// Sheet id.
        sheet: String,
    },
    /// Undo the last change of any kind (an edit, a delete, …).
    UndoChange {
        /// Sheet id.
        sheet: String,
    },
    /// Redo the last change undone with undo-change.
    RedoChange {
        /// Sheet id.
        sheet: String,
    },
    /// Every change to a sheet, newest first, with its number and whether
    /// `revert` can revert it now.
    Changes {
        /// Sheet id.
        sheet: String,
        /// JSON for programs.
        #[arg(long)]
        json: bool,
    },
    /// Revert one change (its number from `changes`), as a new change: an
    /// edit's earlier figures come back, an added deal is deleted, a
    /// deleted one restored, an undone change done again.
    Revert {
        /// Sheet id.
        sheet: String,
        /// The change's number.
        change: u32,
    },
    /// Write a sheet as JSON (set-up, history, table) or CSV (the table).
    Export {
        /// Sheet id.
        sheet: String,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
    },
    /// Read a sheet exported as JSON into a new sheet.
    Import {
        /// The JSON file ("-" for standard input).
        file: PathBuf,
    },
    /// Add every finished deal of a `belot engine` game record.
    AddRecord {
        /// Sheet id.
        sheet: String,
        /// The record file ("-" for standard input).
        file: PathBuf,
    },
}

/// The changes of a sheet, newest first: `N  what  deal  revertable`, or
/// JSON lines.
fn changes(sheet: &Sheet, as_json: bool) -> String {
    let mut out = String::new();
    for (k, c) in sheet.history().iter().enumerate().rev() {
        let n = k as u32 + 1;
        let (deal, can) = (sheet.touched(n), sheet.can_revert(n));
        if as_json {
            let line = json!({"n": n, "change": c, "deal": deal, "revertable": can});
            out += &format!("{line}\n");
            continue;
        }
        let what = match c {
            Change::Revert { change } => format!("revert of change {change}"),
            other => serde_json::to_value(other)
                .ok()
                .and_then(|v| v["op"].as_str().map(|s| s.replace('_', " ")))
                .unwrap_or_default(),
        };
        let deal = deal.map(|d| format!("deal #{d}")).unwrap_or_default();
        let can = if can { "" } else { "(cannot be reverted now)" };
        out += format!("{n:>4}  {what:<22} {deal:<10} {can}").trim_end();
        out.push('\n');
    }
    out
}

/// A deal as typed on the command line. Sides and seats are 0-based.
#[derive(Args)]
pub(crate) struct EntryArgs {
    /// The whole entry as JSON (the `belot score show --json` form).
    #[arg(long)]
    pub(crate) entry: Option<String>,
    /// Everybody passed: no score.
    #[arg(long)]
    pub(crate) thrown_in: bool,
    /// Two-player redeal (four 7s or four 8s).
    #[arg(long)]
    pub(crate) redeal: bool,
    /// French: the seat who took trump.
    #[arg(long)]
    pub(crate) taker: Option<u8>,
    /// Card points with the last trick: French `SIDE=N` pairs (or just N for
    /// the taker's side; one side may be left out); two players `A,B`;
    /// three players `A,B,C`.
    #[arg(long)]
    pub(crate) points: Option<String>,
    /// French: announcement points won, `SIDE=N,...`.
    #[arg(long)]
    pub(crate) ann: Option<String>,
    /// French: the side that made capot.
    #[arg(long)]
    pub(crate) capot: Option<u8>,
    /// French: the side that scored belote.
    #[arg(long)]
    pub(crate) belote: Option<u8>,
    /// French: a meld announced, `SEAT:CARDS` (e.g. "1:QH KH AH"), repeated
    /// in announcing order; the app runs the contests (needs --trump).
    #[arg(long = "meld")]
    pub(crate) meld: Vec<String>,
    /// French: the trump suit, for --meld.
    #[arg(long)]
    pub(crate) trump: Option<String>,
    /// Two players: S H D C, AT (ВК) or NT (БК).
    #[arg(long)]
    pub(crate) contract: Option<String>,
    /// Two players: who loaded the game.
    #[arg(long)]
    pub(crate) loader: Option<u8>,
    /// Two players: an all-pass deal (распасы).
    #[arg(long)]
    pub(crate) raspasy: bool,
    /// Two/three players: construction or combination points, `SEAT=N`.
    #[arg(long)]
    pub(crate) melds: Option<String>,
    /// Two/three players: belas or belots declared, `SEAT=N`.
    #[arg(long)]
    pub(crate) belas: Option<String>,
    /// Three players: the declarer.
    #[arg(long)]
    pub(crate) declarer: Option<u8>,
    /// Three players: who took the last trick (needed with --no-trick only).
    #[arg(long)]
    pub(crate) last: Option<u8>,
    /// Three players: capo players (no trick), `SEAT,...`; two players:
    /// players who took no trick.
    #[arg(long)]
    pub(crate) no_trick: Option<String>,
}

pub(crate) type R<T> = Result<T, String>;

/// `SEAT=N,...` pairs as one number per seat of `N`, 0 for a seat left
/// out (and for a flag not given).
pub(crate) fn per_seat<const N: usize>(arg: Option<&str>, what: &str) -> R<[u32; N]> {
    let mut out = [0; N];
    if let Some(a) = arg {
        for (k, v) in pairs(a, what, N)? {
            out[k] = v;
        }
    }
    Ok(out)
}

pub(crate) fn pairs(s: &str, what: &str, max: usize) -> R<Vec<(usize, u32)>> {
    s.split(',')
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            let (k, v) = t.split_once('=').ok_or_else(|| {
                format!("{what}: expected INDEX=NUMBER pairs like 0=50, got {t:?}")
            })?;
            let k: usize =
                k.trim().parse().map_err(|_| format!("{what}: {k:?} is not an index"))?;
            let v: u32 = v.trim().parse().map_err(|_| format!("{what}: {v:?} is not a number"))?;
            if k >= max {
                return Err(format!("{what}: index {k} does not exist (0 to {})", max - 1));
            }
            Ok((k, v))
        })
        .collect()
}

pub(crate) fn numbers(s: &str, what: &str, n: usize) -> R<Vec<u32>> {
    let v: Vec<u32> = s
        .split(',')
        .map(|t| t.trim().parse::<u32>().map_err(|_| format!("{what}: {t:?} is not a number")))
        .collect::<R<_>>()?;
    if v.len() != n {
        return Err(format!("{what}: give {n} numbers separated by commas"));
    }
    Ok(v)
}

impl EntryArgs {
    fn build(&self, rules: &Game) -> R<DealInput> {
        if let Some(j) = &self.entry {
            return serde_json::from_str(j).map_err(|e| format!("--entry: {e}"));
        }
        if self.thrown_in {
            return Ok(DealInput::ThrownIn);
        }
        if self.redeal {
            return Ok(DealInput::Redeal);
        }
        use crate::play::CliGame;
        belot_core::each_game!(Game, rules, R, o => R::entry(self, o))
    }
}

/// The default database: $BELOT_DB, else the user's data directory.
pub fn db_location(given: Option<String>) -> R<Location> {
    if let Some(p) = given {
        return Ok(Location::parse(&p));
    }
    if let Some(p) = std::env::var_os("BELOT_DB") {
        return Ok(Location::parse(&p.to_string_lossy()));
    }
    dirs::data_dir()
        .map(|d| Location::Sqlite(d.join("belot").join("belot.db")))
        .ok_or_else(|| "no data directory known for this user: give --db PATH".into())
}

fn read_input(file: &Path) -> R<String> {
    if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("standard input: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))
    }
}

/// Runs `belot score …`; returns what to print.
pub fn run(args: ScoreArgs) -> R<String> {
    let loc = db_location(args.db)?;
    // Reading needs no write access: list, show and export work on a
    // read-only file or medium.
    let reads = matches!(
        args.command,
        ScoreCommand::List { .. }
            | ScoreCommand::Show { .. }
            | ScoreCommand::Export { .. }
            | ScoreCommand::Changes { .. }
    );
    let store: Result<Box<dyn Store>, _> = match &loc {
        Location::Sqlite(path) if reads && path.is_file() => {
            SqliteStore::open_read_only(path).map(|s| Box::new(s) as Box<dyn Store>)
        }
        _ => loc.open().map(|s| s as Box<dyn Store>),
    };
    let mut store = store.map_err(|e| e.to_string())?;
    let store = store.as_mut();
    match args.command {
        ScoreCommand::New { variant, players, dealer, name, options } => {
            new_sheet(store, variant, &players, dealer, name, options)
        }
        ScoreCommand::List { json: as_json } => list(store, as_json),
        ScoreCommand::Show { sheet, json: as_json } => {
            let (id, sheet) = load(store, &sheet)?;
            if as_json {
                Ok(format!(
                    "{}\n",
                    json!({"id": id.as_str(), "setup": sheet.setup(), "table": sheet.table()})
                ))
            } else {
                Ok(render(&id, &sheet))
            }
        }
        ScoreCommand::Add { sheet, entry } => {
            change(store, &sheet, &|s| Ok(Change::Add { entry: entry.build(&s.setup().rules)? }))
        }
        ScoreCommand::Edit { sheet, deal, entry } => change(store, &sheet, &|s| {
            Ok(Change::Edit { id: deal, entry: entry.build(&s.setup().rules)? })
        }),
        ScoreCommand::Delete { sheet, deal } => {
            change(store, &sheet, &|_| Ok(Change::Delete { id: deal }))
        }
        ScoreCommand::Restore { sheet, deal } => {
            change(store, &sheet, &|_| Ok(Change::Restore { id: deal }))
        }
        ScoreCommand::Undo { sheet } => take_back(store, &sheet),
        ScoreCommand::Redo { sheet } => change(store, &sheet, &|_| Ok(Change::PutBack)),
        ScoreCommand::UndoChange { sheet } => change(store, &sheet, &|_| Ok(Change::Undo)),
        ScoreCommand::RedoChange { sheet } => change(store, &sheet, &|_| Ok(Change::Redo)),
        ScoreCommand::Changes { sheet, json: as_json } => {
            let (_, sheet) = load(store, &sheet)?;
            Ok(changes(&sheet, as_json))
        }
        ScoreCommand::Revert { sheet, change: n } => {
            change(store, &sheet, &|_| Ok(Change::Revert { change: n }))
        }
        ScoreCommand::Export { sheet, format } => export(store, &sheet, format),
        ScoreCommand::Import { file } => import(store, &file),
        ScoreCommand::AddRecord { sheet, file } => add_record(store, &sheet, &file),
    }
}

/// A sheet from the store, rebuilt from its history.
fn load(store: &dyn Store, id: &str) -> R<(SheetId, Sheet)> {
    let id = SheetId::parse(id).map_err(|e| e.to_string())?;
    let (setup, changes) = store.load(&id).map_err(|e| e.to_string())?;
    let sheet = Sheet::from_history(setup, &changes)?;
    Ok((id, sheet))
}

/// Applies a change in memory (refused changes store nothing), then
/// appends it in one transaction.
fn change(store: &mut dyn Store, id: &str, make: &dyn Fn(&Sheet) -> R<Change>) -> R<String> {
    let (id, mut sheet) = load(store, id)?;
    sheet.setup().refuse_if_kept()?;
    let c = make(&sheet)?;
    let n = sheet.history().len();
    sheet.apply(c.clone())?;
    store.append(&id, n, &c).map_err(|e| e.to_string())?;
    Ok(render(&id, &sheet))
}

/// `belot score undo` (↶ of seed 002 §11): takes back the last deal and
/// says which, and how to put it back.
fn take_back(store: &mut dyn Store, id: &str) -> R<String> {
    let (_, sheet) = load(store, id)?;
    let last = sheet.table().rows.last().map(|r| r.number);
    let out = change(store, id, &|_| Ok(Change::TakeBack))?;
    let said = last.map_or(String::new(), |n| {
        format!("Deal {n} taken back (`belot score redo` puts it back).\n")
    });
    Ok(said + &out)
}

/// `belot score new`: a sheet for the game, its players and house rules.
fn new_sheet(
    store: &mut dyn Store,
    variant: Variant,
    players: &str,
    dealer: u8,
    name: String,
    options: Option<String>,
) -> R<String> {
    let opts: Value = match options {
        Some(o) => serde_json::from_str(&o).map_err(|e| format!("--options: {e}"))?,
        None => json!({}),
    };
    let rules = belot_engine::json::game_from_options(variant, opts)
        .map_err(|e| format!("--options: {e}"))?;
    let setup = Setup {
        name,
        players: players.split(',').map(|p| p.trim().to_string()).collect(),
        first_dealer: Seat(dealer),
        rules,
        kept_by_table: false,
    };
    let sheet = Sheet::start(setup)?;
    let id = store.create(sheet.setup()).map_err(|e| e.to_string())?;
    Ok(format!("{id}\n"))
}

/// `belot score list`.
fn list(store: &dyn Store, as_json: bool) -> R<String> {
    let list = store.list().map_err(|e| e.to_string())?;
    if as_json {
        let v: Vec<Value> = list
            .iter()
            .map(|i| json!({"id": i.id.as_str(), "created": i.created, "setup": i.setup, "changes": i.changes}))
            .collect();
        return Ok(format!("{}\n", Value::Array(v)));
    }
    let mut out = String::new();
    for i in &list {
        let _ = writeln!(
            out,
            "{}  {:<12} {:<30} {}",
            i.id,
            i.setup.rules.variant(),
            i.setup.players.join(", "),
            i.setup.name
        );
    }
    if list.is_empty() {
        out.push_str("no score sheets yet: belot score new --variant french --players A,B,C,D\n");
    }
    Ok(out)
}

/// `belot score export`: JSON (set-up, history, table) or CSV.
fn export(store: &dyn Store, sheet: &str, format: Format) -> R<String> {
    let (id, sheet) = load(store, sheet)?;
    Ok(match format {
        Format::Json => format!(
            "{}\n",
            serde_json::to_string_pretty(&json!({
                "format": "belot-sheet", "version": 1, "id": id.as_str(),
                "setup": sheet.setup(), "history": sheet.history(), "table": sheet.table(),
            }))
            .map_err(|e| e.to_string())?
        ),
        Format::Csv => csv(&sheet),
    })
}

/// `belot score import`: a JSON export into a new sheet, checked whole.
fn import(store: &mut dyn Store, file: &Path) -> R<String> {
    let text = read_input(file)?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    if v["format"] != "belot-sheet" {
        return Err("not a belot sheet export: expected \"format\": \"belot-sheet\"".into());
    }
    let mut setup: Setup =
        serde_json::from_value(v["setup"].clone()).map_err(|e| format!("setup: {e}"))?;
    // The copy is the importer's own: no card table keeps it.
    setup.kept_by_table = false;
    let history: Vec<Change> =
        serde_json::from_value(v["history"].clone()).map_err(|e| format!("history: {e}"))?;
    // Replays it first: a history that does not apply is refused whole.
    let sheet = Sheet::from_history_checked(setup, &history)?;
    // Its set-up as the sheet keeps it (names trimmed).
    let id = store.import(sheet.setup(), &history).map_err(|e| e.to_string())?;
    Ok(format!("{id}\n"))
}

/// `belot score add-record`: every finished deal of an engine game record.
fn add_record(store: &mut dyn Store, sheet: &str, file: &Path) -> R<String> {
    let text = read_input(file)?;
    let record: MatchRecord =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let game = AnyMatch::from_record(&record).map_err(|e| e.to_string())?;
    let entries = DealInput::from_match(&game);
    let (id, mut s) = load(store, sheet)?;
    s.setup().refuse_if_kept()?;
    let start = s.history().len();
    let changes: Vec<Change> = entries.into_iter().map(|entry| Change::Add { entry }).collect();
    for c in &changes {
        s.apply(c.clone())?;
    }
    // One transaction: a game's deals land together or not at all.
    store.append_all(&id, start, &changes).map_err(|e| e.to_string())?;
    Ok(render(&id, &s))
}

/// The running-total table as plain text: one row per deal (seed 001).
fn render(id: &SheetId, sheet: &Sheet) -> String {
    let setup = sheet.setup();
    let t = sheet.table();
    let sides = side_names(setup);
    let mut out = String::new();
    let title = if setup.name.is_empty() {
        setup.rules.variant().to_string()
    } else {
        format!("{} ({})", setup.name, setup.rules.variant())
    };
    let _ = writeln!(out, "{title}  sheet {id}");
    // One column per side for the deal's points, then one per side for
    // the running totals (Σ), each as wide as its name.
    let w: Vec<usize> = sides.iter().map(|s| s.chars().count().max(6) + 1).collect();
    let _ =
        write!(out, "{:>3} {:>4} {:<10} {:<16} {:<9}", "#", "id", "dealer", "contract", "outcome");
    for (s, w) in sides.iter().zip(&w) {
        let _ = write!(out, " {:>w$}", s, w = *w);
    }
    let _ = write!(out, " {:>6}", "held");
    for (s, w) in sides.iter().zip(&w) {
        let _ = write!(out, " {:>w$}", format!("Σ {s}"), w = *w + 2);
    }
    out.push('\n');
    for r in &t.rows {
        let outcome = match (r.kind, r.score.as_ref().map(|s| s.outcome)) {
            ("thrown_in", _) => "—".to_string(),
            ("redeal", _) => "redeal".to_string(),
            (_, Some(o)) => o.to_string(),
            _ => String::new(),
        };
        let dealer = setup.players.get(r.dealer.index()).cloned().unwrap_or_default();
        let _ = write!(
            out,
            "{:>3} {:>4} {:<10.10} {:<16.16} {:<9}",
            r.number,
            r.id,
            dealer,
            contract_text(setup, &r.entry),
            outcome
        );
        for (x, w) in r.recorded.iter().zip(&w) {
            let _ = write!(out, " {:>w$}", num(*x), w = *w);
        }
        let _ = write!(out, " {:>6}", num(r.pool_after));
        for (x, w) in r.totals.iter().zip(&w) {
            let _ = write!(out, " {:>w$}", num(*x), w = *w + 2);
        }
        if !r.counted {
            out.push_str("  (after the end: not scored)");
        }
        out.push('\n');
    }
    let totals: Vec<String> =
        sides.iter().zip(&t.totals).map(|(s, x)| format!("{s} {}", num(*x))).collect();
    let _ = writeln!(out, "totals: {}", totals.join(", "));
    if t.pool > Half(0) {
        let _ = writeln!(out, "points waiting (litige / tie): {}", num(t.pool));
    }
    match t.winner {
        Some(w) => {
            let _ = writeln!(out, "winner: {}", sides.get(w as usize).cloned().unwrap_or_default());
            if t.pool_lost > Half(0) {
                let _ = writeln!(out, "held points lost at the end: {}", num(t.pool_lost));
            }
        }
        None => {
            let _ = writeln!(
                out,
                "next dealer: {}",
                setup.players.get(t.next_dealer.index()).cloned().unwrap_or_default()
            );
        }
    }
    out
}
