//! `belot`: the command-line front end over the belot libraries.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use belot_core::engine::Engine;
use clap::{Parser, Subcommand};

mod score;

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
        Command::Score(args) => match score::run(*args) {
            Ok(out) => {
                print!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("belot score: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// One response line per request line until end of input. Blank lines are
/// skipped; invalid UTF-8 gets an error response like any bad request.
fn run_engine(input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    let mut out = BufWriter::new(output);
    for line in input.split(b'\n') {
        let bytes = line?;
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let response = engine.handle_line(text);
        out.write_all(response.as_bytes())?;
        out.write_all(b"\n")?;
        // Flush per response: the other program waits for it.
        out.flush()?;
    }
    Ok(())
}
