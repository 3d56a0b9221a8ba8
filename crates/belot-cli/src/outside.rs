//! A side of `belot arena` played by a program outside, through
//! `belot engine`'s protocol (docs/protocol.md): `BOT@COMMAND`, for example
//! `pimc@/tmp/old/belot engine` (another `belot` built from an older
//! commit) or `mybot@python3 bot.py`. Each game is one run of the program:
//! `new` (the deal's deck, or the match's seed, the dealer and the rules),
//! every action as `act`, `next` between the deals of a match, and on its
//! seats' turns `bot` with `"apply":false`, whose `action` is played.
//!
//! The program is told the deck (the engine protocol starts a game that
//! way) and is trusted to choose from its seat's view alone, as
//! `belot engine`'s `bot` does.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

use belot_core::{Action, GameError, Seat};
use belot_solver::arena::{Outside, Session, Start};
use serde_json::{Value, json};

/// Longest wait for one answer of the program.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

/// `BOT@COMMAND`: the program and the bot it is asked to play.
pub struct Program {
    spec: String,
    bot: String,
    command: Vec<String>,
}

impl Program {
    /// Reads `BOT@COMMAND` (the command split on spaces); `None` when
    /// `spec` has no `@` (one of belot's bots).
    pub fn parse(spec: &str) -> Option<Result<Program, String>> {
        let (bot, command) = spec.split_once('@')?;
        let command: Vec<String> = command.split_whitespace().map(String::from).collect();
        if bot.trim().is_empty() || command.is_empty() {
            return Some(Err(format!(
                "{spec:?}: a program is BOT@COMMAND, e.g. \"pimc@/tmp/old/belot engine\""
            )));
        }
        Some(Ok(Program { spec: spec.into(), bot: bot.trim().into(), command }))
    }
}

impl Outside for Program {
    fn name(&self) -> String {
        self.spec.clone()
    }

    fn start(&self, start: &Start) -> Result<Box<dyn Session>, GameError> {
        let mut s = Run::spawn(self)?;
        let game = serde_json::to_value(start.game).map_err(|e| s.fail(e.to_string()))?;
        let options = house_rules(&game).map_err(|e| s.fail(e.to_string()))?;
        let mut new = json!({"cmd": "new", "variant": game["variant"], "options": options,
            "dealer": start.dealer});
        if let Some(deck) = start.deck {
            new["deck"] = serde_json::to_value(deck).map_err(|e| s.fail(e.to_string()))?;
        }
        if let Some(seed) = start.seed {
            new["seed"] = seed.into();
        }
        s.ask(&new)?;
        Ok(Box::new(s))
    }
}

/// The options of `game` (its JSON) that are not its variant's defaults:
/// an engine takes a missing option as its default, so a program built
/// before an option existed still plays a game that leaves it alone.
fn house_rules(game: &Value) -> Result<Value, serde_json::Error> {
    let plain: belot_core::Game = serde_json::from_value(json!({"variant": game["variant"]}))?;
    let defaults = serde_json::to_value(plain)?;
    let mut options = game["options"].as_object().cloned().unwrap_or_default();
    options.retain(|k, v| defaults["options"].get(k) != Some(v));
    Ok(Value::Object(options))
}

/// One run of the program: one game.
struct Run {
    name: String,
    bot: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Run {
    fn spawn(p: &Program) -> Result<Run, GameError> {
        let fail = |e: String| {
            GameError::invalid("program_failed", format!("program {}: {e}", p.spec))
                .with("program", p.spec.clone())
        };
        let mut child = Command::new(&p.command[0])
            .args(&p.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("cannot start {:?}: {e}", p.command[0])))?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(fail("no pipes".into())),
        };
        // A thread reads the answers, so that a silent program is waited
        // for at most the timeout.
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Ok(Run { name: p.spec.clone(), bot: p.bot.clone(), child, stdin, lines })
    }

    fn fail(&self, e: String) -> GameError {
        GameError::invalid("program_failed", format!("program {}: {e}", self.name))
            .with("program", self.name.clone())
    }

    /// Sends a request; its answer, which must say `"ok": true`.
    fn ask(&mut self, req: &Value) -> Result<Value, GameError> {
        writeln!(self.stdin, "{req}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.fail(format!("it stopped reading ({e})")))?;
        let line = match self.lines.recv_timeout(ANSWER_TIMEOUT) {
            Ok(l) => l,
            Err(RecvTimeoutError::Timeout) => {
                return Err(self.fail(format!("no answer within {ANSWER_TIMEOUT:?} to {req}")));
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(self.fail(format!("it ended without answering {req}")));
            }
        };
        let v: Value = serde_json::from_str(&line)
            .map_err(|e| self.fail(format!("its answer is not JSON ({e}): {line}")))?;
        if v["ok"] != json!(true) {
            return Err(self.fail(format!("it refused {req}: {line}")));
        }
        Ok(v)
    }
}

impl Session for Run {
    fn applied(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.ask(&json!({"cmd": "act", "seat": seat, "action": action}))?;
        Ok(())
    }

    fn next_deal(&mut self) -> Result<(), GameError> {
        self.ask(&json!({"cmd": "next"}))?;
        Ok(())
    }

    fn choose(&mut self, seat: Seat, seed: u64) -> Result<Action, GameError> {
        let req =
            json!({"cmd": "bot", "bot": self.bot, "seat": seat, "seed": seed, "apply": false});
        let v = self.ask(&req)?;
        serde_json::from_value(v["action"].clone())
            .map_err(|e| self.fail(format!("its action is not one ({e}): {v}")))
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        // The end of its input ends an engine; one that lingers is killed.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
