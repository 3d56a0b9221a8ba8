//! `belot engine` as another program sees it: a child process spoken to in
//! JSON lines over its stdin and stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl EngineProcess {
    fn start() -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("belot engine starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        EngineProcess { child, stdin, stdout }
    }

    fn raw(&mut self, bytes: &[u8]) -> Value {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("bad response {line:?}: {e}"))
    }

    fn ask(&mut self, req: Value) -> Value {
        let r = self.raw(req.to_string().as_bytes());
        assert_eq!(r["ok"], true, "{req} -> {r}");
        r
    }
}

impl EngineProcess {
    /// Plays the match to its end, each seat choosing from its own view
    /// with `pick(deal index, seat, view)`, as a bot would; `each` sees the
    /// `score` reply after every deal. Returns the winner, checked to have
    /// reached `target`.
    fn play_match(
        &mut self,
        target: f64,
        mut pick: impl FnMut(usize, u64, &Value) -> Value,
        mut each: impl FnMut(&Value),
    ) -> u64 {
        for deal in 0..400 {
            while let Some(seat) = self.ask(json!({"cmd": "legal"}))["seat"].as_u64() {
                let view = self.ask(json!({"cmd": "view", "seat": seat}))["view"].clone();
                assert!(!view["legal"].as_array().unwrap().is_empty(), "{view}");
                let action = pick(deal, seat, &view);
                self.ask(json!({"cmd": "act", "seat": seat, "action": action}));
            }
            let score = self.ask(json!({"cmd": "score"}));
            each(&score);
            if let Some(w) = score["match"]["winner"].as_u64() {
                let total = score["match"]["totals"][w as usize].as_f64().unwrap();
                assert!(total >= target, "{score}");
                return w;
            }
            self.ask(json!({"cmd": "next"}));
        }
        panic!("the match ends within 400 deals");
    }

    /// Saves the match and checks that its record, loaded in a fresh
    /// process, reaches the same state; the record.
    fn assert_record_replays(&mut self) -> Value {
        let record = self.ask(json!({"cmd": "save"}))["record"].clone();
        let state = self.ask(json!({"cmd": "state"}));
        let mut q = EngineProcess::start();
        q.ask(json!({"cmd": "load", "record": record.clone()}));
        assert_eq!(q.ask(json!({"cmd": "state"})), state);
        record
    }

    /// Plays the deal to its end, the seat to act taking an action of
    /// type `prefer` when it has one, else a card, else its last action.
    fn play_deal_preferring(&mut self, prefer: &str) {
        loop {
            let l = self.ask(json!({"cmd": "legal"}));
            if l["seat"].is_null() {
                break;
            }
            let acts = l["actions"].as_array().unwrap();
            let a = acts
                .iter()
                .find(|a| a["type"] == prefer)
                .or_else(|| acts.iter().find(|a| a["type"] == "play"))
                .or_else(|| acts.last())
                .unwrap();
            self.ask(json!({"cmd": "act", "action": a}));
        }
    }
}

/// `belot arena` run with `args`.
fn arena(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_belot")).arg("arena").args(args).output().unwrap()
}

/// `belot arena` refuses each of `cases` (its arguments, and what its
/// error says) with exit status 2.
fn assert_arena_refuses(cases: &[(&[&str], &str)]) {
    for (args, says) in cases {
        let bad = arena(args);
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert_eq!(bad.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
}

/// The action at `(deal + seat) % n` of the legal ones.
fn rotating(deal: usize, seat: u64, view: &Value) -> Value {
    let legal = view["legal"].as_array().unwrap();
    legal[(deal + seat as usize) % legal.len()].clone()
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `belot engine` has the bots and the solver: a program can let a bot
/// play any seat and ask for the double-dummy values of the legal cards.
#[test]
fn belot_engine_lets_a_bot_play_a_seat_and_solves_the_card_play() {
    let mut p = EngineProcess::start();
    p.ask(json!({"cmd": "new", "variant": "two_player", "seed": 3}));
    let mut solved = 0;
    loop {
        let legal = p.ask(json!({"cmd": "legal"}));
        if legal["seat"].is_null() {
            break;
        }
        if legal["actions"][0]["type"] == "play" {
            let r = p.ask(json!({"cmd": "solve"}));
            assert_eq!(
                (r["seat"].clone(), r["side"].as_array().map(Vec::len)),
                (legal["seat"].clone(), Some(1))
            );
            assert!(r["best"].is_u64() && !r["cards"].as_array().unwrap().is_empty(), "{r}");
            solved += 1;
        }
        let r = p.ask(json!({"cmd": "bot", "bot": "heuristic", "seed": 1, "id": 5}));
        assert_eq!((r["id"].as_u64(), r["seat"].clone()), (Some(5), legal["seat"].clone()));
    }
    assert!(solved >= 9, "{solved} cards solved");
    let help = p.ask(json!({"cmd": "help"}));
    assert!(help.to_string().contains("\"cmd\":\"solve\""), "{help}");
}

#[test]
fn a_complete_french_match_to_1000_driven_by_json_lines() {
    let mut p = EngineProcess::start();
    p.ask(json!({"cmd": "new", "variant": "french", "seed": 7, "dealer": 0}));
    let winner = p.play_match(1000.0, rotating, |_| {});
    assert!(winner < 2);
    // The record replays to the same state in a fresh process.
    p.assert_record_replays();
}

#[test]
fn bad_input_gets_an_error_line_and_the_process_goes_on() {
    let mut p = EngineProcess::start();
    p.ask(json!({"cmd": "new", "seed": 1}));
    let before = p.ask(json!({"cmd": "state"}));
    for bad in
        [&b"{oops"[..], b"\xff\xfe not utf8", b"[]", b"\"cmd\"", b"{\"cmd\":\"act\"}", b"null"]
    {
        let r = p.raw(bad);
        assert_eq!(r["ok"], false, "{:?} -> {r}", String::from_utf8_lossy(bad));
        assert!(r["error"]["message"].as_str().unwrap().len() > 10);
    }
    assert_eq!(p.ask(json!({"cmd": "state"})), before);
    // End of input ends the process cleanly.
    drop(p.stdin.take());
    let status = p.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_complete_two_player_match_to_1001_with_every_contract_type() {
    let mut p = EngineProcess::start();
    let r = p.ask(json!({"cmd": "new", "variant": "two_player", "seed": 11}));
    assert_eq!(r["variant"], "two_player");
    let mut kinds = std::collections::BTreeSet::new();
    let pick = |deal: usize, _: u64, view: &Value| {
        let legal = view["legal"].as_array().unwrap();
        let has = |t: &str| legal.iter().find(|a| a["type"] == t).cloned();
        if view["phase"] == "bidding" {
            // Deal k: suit (take), all trumps, no trumps, or four passes.
            let want = match deal % 4 {
                0 => has("take"),
                1 => has("all_trumps"),
                2 => has("no_trumps"),
                _ => None,
            };
            want.unwrap_or_else(|| json!({"type": "pass"}))
        } else {
            // Exchange and announce when offered, then the first card.
            has("exchange").or_else(|| has("announce")).or_else(|| has("play")).unwrap()
        }
    };
    let winner = p.play_match(1001.0, pick, |score| {
        let deal = &score["deal"];
        if deal["phase"] == "finished" {
            kinds.insert(match deal["contract"].as_str().unwrap() {
                _ if deal["raspasy"] == true => "raspasy",
                "AT" => "all_trumps",
                "NT" => "no_trumps",
                _ => "suit",
            });
        }
    });
    assert!(winner < 2);
    assert_eq!(kinds.len(), 4, "every contract type was played: {kinds:?}");
    assert_eq!(p.assert_record_replays()["variant"], "two_player");
}

#[test]
fn a_complete_three_player_match_to_501() {
    let mut p = EngineProcess::start();
    let r = p.ask(json!({"cmd": "new", "variant": "three_player", "seed": 5}));
    assert_eq!(r["variant"], "three_player");
    // Take on the first chance every other deal; otherwise the first action.
    let pick = |deal: usize, _: u64, view: &Value| {
        let legal = view["legal"].as_array().unwrap();
        let other = legal.iter().find(|a| a["type"] != "take");
        match other {
            Some(a) if view["phase"] == "bidding" && deal % 2 == 1 => a.clone(),
            _ => legal[0].clone(),
        }
    };
    p.play_match(501.0, pick, |_| {});
    p.assert_record_replays();
}

#[test]
fn complete_french_matches_for_three_and_two_players() {
    for players in [3u64, 2] {
        let mut p = EngineProcess::start();
        let r = p.ask(
            json!({"cmd": "new", "variant": "french", "seed": 3, "options": {"players": players}}),
        );
        assert_eq!(r["players"], players);
        let pick = |deal: usize, seat: u64, view: &Value| {
            assert!(seat < players);
            rotating(deal, seat, view)
        };
        let each = |score: &Value| {
            assert_eq!(score["match"]["totals"].as_array().unwrap().len() as u64, players);
        };
        p.play_match(1000.0, pick, each);
        p.assert_record_replays();
    }
}

#[test]
fn belot_solve_judges_every_card_of_a_record() {
    let mut p = EngineProcess::start();
    p.ask(json!({"cmd": "new", "seed": 4, "dealer": 0}));
    p.play_deal_preferring("take");
    let score = p.ask(json!({"cmd": "score"}));
    let reply = p.ask(json!({"cmd": "save"}));
    let record = reply["record"].clone();
    let file = std::env::temp_dir().join(format!("belot-solve-{}.json", std::process::id()));
    std::fs::write(&file, record.to_string()).unwrap();
    // The engine's whole save reply reads as its record does.
    let whole = std::env::temp_dir().join(format!("belot-solve-reply-{}.json", std::process::id()));
    std::fs::write(&whole, reply.to_string()).unwrap();
    let solve = |f: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_belot")).arg("solve").arg(f).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    assert_eq!(solve(&whole), solve(&file));
    let _ = std::fs::remove_file(&whole);
    let out = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["solve", "--json"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let judged: Value = serde_json::from_slice(&out.stdout).unwrap();
    let judged = judged.as_array().unwrap();
    assert_eq!(judged.len(), 32);
    for j in judged {
        assert!(j["value"].as_u64() <= j["best"].as_u64(), "{j}");
        assert_eq!(
            j["cost"].as_u64().unwrap(),
            j["best"].as_u64().unwrap() - j["value"].as_u64().unwrap()
        );
    }
    // The last card is forced: its value is what its side really took,
    // and its outcome the deal's.
    let last = &judged[31];
    let side = last["seat"].as_u64().unwrap() as usize % 2;
    let taken = score["deal"]["card_points"][side].as_u64().unwrap();
    assert_eq!(last["value"].as_u64().unwrap(), taken);
    assert_eq!(last["outcome"], score["deal"]["score"]["outcome"], "{last}");
    // A card that costs nothing cannot change the outcome; the outcome
    // after the best card is the outcome before the card was played.
    for (j, next) in judged.iter().zip(&judged[1..]) {
        assert!(j["outcome"].is_string() && j["best_outcome"].is_string(), "{j}");
        if j["cost"] == 0 {
            assert_eq!(j["outcome"], j["best_outcome"], "{j}");
        }
        assert_eq!(j["outcome"], next["best_outcome"], "{j} then {next}");
    }
    let text = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["solve", "--deal", "1"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(text.contains("in all: 32 cards"), "{text}");
    // Each deal is headed with its contract and its taker; without names
    // in the record the players are their seats, each with an account.
    assert!(
        text.lines().any(|l| l.starts_with("deal 1 (") && l.contains(" trump, taken by seat ")),
        "{text}"
    );
    for seat in 0..4 {
        assert!(text.contains(&format!("\nseat {seat}: 8 cards, ")), "{text}");
    }
    // A deal the record does not have is refused, saying which it has.
    for n in ["0", "2"] {
        let out = Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["solve", "--deal", n])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("the record has one deal (--deal 1)"), "{err}");
    }
    let _ = std::fs::remove_file(file);
}

#[test]
fn belot_arena_reports_text_and_json_and_refuses_bad_arguments() {
    let run = arena;
    let out = run(&["--a", "heuristic", "--b", "random", "--deals", "50", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["a"].as_str(), v["pairs"].as_u64(), v["games"].as_u64()),
        (Some("heuristic"), Some(50), Some(100))
    );
    for k in [
        "share",
        "share_ci",
        "mean_diff",
        "mean_diff_ci",
        "win_rate",
        "win_rate_ci",
        "won_tied_lost",
        "unscored",
        "elo",
        "elo_ci",
    ] {
        assert!(!v[k].is_null(), "{k} missing in {v}");
    }
    assert_eq!((v["seed"].as_u64(), v["options"]["target"].as_u64()), (Some(1), Some(1000)));
    let text = String::from_utf8(run(&["--deals", "20"]).stdout).unwrap();
    assert!(text.contains("share of points") && text.contains("Elo difference"), "{text}");
    assert!(text.contains("few mirrored deals: the intervals are rough"), "{text}");
    // One mirrored deal shows no spread: no interval, rather than a
    // zero-width one.
    let one = run(&["--deals", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert!(v["share_ci"][0].is_null() && v["mean_diff_ci"][1].is_null(), "{v}");
    let one = String::from_utf8(run(&["--deals", "1"]).stdout).unwrap();
    assert!(one.contains("1 mirrored deal, each played twice (2 deals)"), "{one}");
    assert!(one.contains("no interval from one mirrored deal"), "{one}");
    // A share stays within 0 to 100% however few the deals (this one's
    // normal approximation reaches 102.5%).
    let few = run(&["--game", "french-2", "--deals", "10", "--seed", "2", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&few.stdout).unwrap();
    assert!(v["share_ci"][1].as_f64().unwrap() <= 1.0, "{v}");
    // Every mirrored deal won: no finite Elo, and the text says so.
    let all = String::from_utf8(run(&["--deals", "10", "--seed", "2"]).stdout).unwrap();
    assert!(all.contains("10 won, 0 tied, 0 lost"), "{all}");
    assert!(all.contains("none finite (heuristic won every mirrored deal)"), "{all}");
    assert!(all.contains("to no bound)"), "{all}");
    assert_arena_refuses(&[
        (&["--a", "alphazero"], "the bots are random, heuristic, pimc"),
        (&["--deals", "0"], "0 is not in 1..=4294967295"),
        (&["--options", "{\"players\": 5}"], "--options"),
        (&["--options", "{\"nonsense\": 1}"], "unknown option"),
        (
            &["--game", "french-3", "--options", "{\"players\": 4}"],
            "option \"players\": 4 does not go",
        ),
        (&["--a", "ismcts:0"], "takes ITERATIONS 1 to 100000000"),
        (&["--game", "poker"], "the games are french"),
    ]);
    // Every game has its tournament.
    for (game, games) in
        [("french-3", 60), ("french-2", 40), ("two-player", 40), ("three-player", 60)]
    {
        let out = run(&["--game", game, "--deals", "20", "--json"]);
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!((v["game"].as_str(), v["games"].as_u64()), (Some(game), Some(games)));
    }
}

/// `belot arena --matches`: whole matches to the target, mirrored; the
/// report says how many matches each bot won.
#[test]
fn belot_arena_plays_mirrored_whole_matches() {
    let run = arena;
    let out = run(&["--matches", "12"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with(
            "heuristic vs random: 12 mirrored matches, each played twice (24 matches, "
        ),
        "{text}"
    );
    assert!(first.ends_with("(a in seats 0 and 2, then 1 and 3), to 1000"), "{text}");
    assert!(text.contains("per match played"), "{text}");
    assert!(text.contains("matches won       100.0% of the matches heuristic played"), "{text}");
    assert!(text.contains("% of mirrored matches"), "{text}");
    assert!(text.contains("(few mirrored matches: the intervals are rough)"), "{text}");
    // Three players: one seat in three wins, and the report says so.
    let three =
        String::from_utf8(run(&["--game", "three-player", "--matches", "4"]).stdout).unwrap();
    assert!(three.contains("each played three times (12 matches, "), "{three}");
    assert!(three.contains("to 501") && three.contains("where one seat in three wins"), "{three}");
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["--game", "two-player", "--matches", "3", "--json"]).stdout)
            .unwrap();
    assert_eq!((v["unit"].as_str(), v["games"].as_u64()), (Some("matches"), Some(6)));
    assert!(v["deals"].as_u64().unwrap() > 6 && v["matches_won"].as_f64().is_some(), "{v}");
    assert_eq!(v["options"]["target"].as_u64(), Some(1001));
    // Single deals carry no match figures.
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["--deals", "3", "--json"]).stdout).unwrap();
    assert_eq!((v["unit"].as_str(), v["deals"].as_u64()), (Some("deals"), Some(6)));
    assert!(v["matches_won"].is_null(), "{v}");
    assert_arena_refuses(&[
        (&["--matches", "0"], "0 is not in 1..=4294967295"),
        (&["--matches", "99999999999"], "is not in 1..=4294967295"),
        (&["--matches", "2", "--deals", "2"], "cannot be used with"),
    ]);
}

/// `belot solve` in the other games: a two-player all-pass deal (распасы,
/// where the fewest points are best, so a mistake takes more than the
/// best card) and a three-player deal (the declarer alone against the two
/// defenders together).
#[test]
fn belot_solve_judges_raspasy_and_three_player_records() {
    for (variant, prefer, aim) in [
        ("two_player", "pass", "fewest"),
        ("two_player", "take", "most"),
        ("three_player", "take", "most"),
    ] {
        let mut p = EngineProcess::start();
        p.ask(json!({"cmd": "new", "variant": variant, "seed": 9, "dealer": 0}));
        p.play_deal_preferring(prefer);
        let record = p.ask(json!({"cmd": "save"}))["record"].clone();
        let file = std::env::temp_dir()
            .join(format!("belot-solve-{variant}-{prefer}-{}.json", std::process::id()));
        std::fs::write(&file, record.to_string()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["solve", "--json"])
            .arg(&file)
            .output()
            .unwrap();
        let text =
            Command::new(env!("CARGO_BIN_EXE_belot")).arg("solve").arg(&file).output().unwrap();
        std::fs::remove_file(&file).ok();
        assert!(out.status.success(), "{variant}: {}", String::from_utf8_lossy(&out.stderr));
        // The heading says распасы is played for the fewest points, or who
        // took the contract.
        let text = String::from_utf8_lossy(&text.stdout).into_owned();
        // Two-player Belot's taker loads, the three-player one declares.
        let heading = match (variant, aim) {
            (_, "fewest") => "deal 1 (распасы, ",
            ("two_player", _) => ", loaded by seat ",
            _ => ", declared by seat ",
        };
        assert!(text.contains(heading), "{variant}: {text}");
        // The deal's result is in its heading, in every game.
        let head = text.lines().find(|l| l.starts_with("deal 1 (")).unwrap();
        let ended = ["made)", "failed)", "a tie)", "байт (the loader failed))", "fewest points)"];
        assert!(ended.iter().any(|e| head.ends_with(e)), "{variant}: {head}");
        let judged: Value = serde_json::from_slice(&out.stdout).unwrap();
        let judged = judged.as_array().unwrap();
        assert_eq!(judged.len(), if variant == "two_player" { 18 } else { 27 }, "{variant}");
        for j in judged {
            assert_eq!(j["aim"], aim, "{variant}: {j}");
            let (v, b, c) = (
                j["value"].as_u64().unwrap(),
                j["best"].as_u64().unwrap(),
                j["cost"].as_u64().unwrap(),
            );
            if aim == "fewest" {
                assert!(v >= b && c == v - b, "{j}");
            } else {
                assert!(v <= b && c == b - v, "{j}");
            }
            assert!(!j["best_cards"].as_array().unwrap().is_empty());
            // The contract's outcome is given where two sides play one:
            // not in распасы, not with three players.
            if variant == "two_player" && aim == "most" {
                for k in ["outcome", "best_outcome"] {
                    assert!(["made", "bait", "tie"].contains(&j[k].as_str().unwrap()), "{j}");
                }
            } else {
                assert!(j.get("outcome").is_none(), "{variant}: {j}");
            }
        }
    }
}

/// A line over 8 MiB is refused with `too_large` and the session goes on:
/// the match in progress is kept and the next lines are answered.
#[test]
fn belot_engine_refuses_a_line_over_the_limit_and_goes_on() {
    let mut p = EngineProcess::start();
    p.ask(json!({"cmd": "new", "seed": 42, "dealer": 0}));
    let before = p.ask(json!({"cmd": "state"}));
    let long = format!(r#"{{"cmd":"bot","pad":"{}"}}"#, "x".repeat(8 << 20));
    let r = p.raw(long.as_bytes());
    assert_eq!(r["error"]["code"], "too_large", "{r}");
    assert_eq!(p.ask(json!({"cmd": "state"})), before);
    assert_eq!(p.ask(json!({"cmd": "view", "seat": 1}))["view"]["seat"], 1);
}

/// `belot arena` with a side played by a program outside through the
/// engine protocol (here this very `belot engine`, as another build would
/// be): it plays exactly as the same bot inside, in every game, on single
/// deals and whole matches. A program that is missing, answers nonsense
/// or plays what is not allowed stops the tournament with a clear message.
#[test]
fn belot_arena_seats_a_program_speaking_the_engine_protocol() {
    let run = arena;
    let outside = format!("heuristic@{} engine", env!("CARGO_BIN_EXE_belot"));
    let json = |out: std::process::Output| -> serde_json::Value {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    for game in ["french", "french-3", "two-player", "three-player"] {
        for unit in [["--deals", "12"], ["--matches", "2"]] {
            let inside =
                json(run(&["--game", game, unit[0], unit[1], "--a", "heuristic", "--json"]));
            let out = json(run(&["--game", game, unit[0], unit[1], "--a", &outside, "--json"]));
            assert_eq!(out["a"].as_str(), Some(outside.as_str()));
            for k in ["a_points", "b_points", "deals", "won_tied_lost"] {
                assert_eq!(out[k], inside[k], "{game} {unit:?} {k}: {out} vs {inside}");
            }
        }
    }
    // House rules reach the program (only those that differ from the
    // defaults are sent, so an older build still plays the rest).
    let rules = ["--matches", "2", "--options", r#"{"target":500,"must_undertrump":false}"#];
    let inside = json(run(&[&rules[..], &["--a", "heuristic", "--json"]].concat()));
    let out = json(run(&[&rules[..], &["--a", &outside, "--json"]].concat()));
    assert_eq!(out["options"]["target"], 500);
    assert_eq!(
        (out["a_points"].clone(), out["deals"].clone()),
        (inside["a_points"].clone(), inside["deals"].clone())
    );
    // Both sides outside, the same bot: exactly even.
    let v = json(run(&["--a", &outside, "--b", &outside, "--deals", "6", "--json"]));
    assert_eq!(v["a_points"], v["b_points"], "{v}");
    let bad = run(&["--a", "heuristic@/no/such/program", "--deals", "2"]);
    assert_eq!(bad.status.code(), Some(2));
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(e.contains("program heuristic@/no/such/program: cannot start"), "{e}");
    let bad = run(&["--a", "heuristic@cat", "--deals", "2"]);
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(e.contains("program heuristic@cat: it refused"), "{e}");
    let bad = run(&["--a", "alphazero@", "--deals", "2"]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("a program is BOT@COMMAND"));
    // A bot the program does not know: its refusal is passed on.
    let unknown = format!("alphazero@{} engine", env!("CARGO_BIN_EXE_belot"));
    let bad = run(&["--a", &unknown, "--deals", "2"]);
    let e = String::from_utf8_lossy(&bad.stderr);
    assert!(e.contains("it refused") && e.contains("unknown bot"), "{e}");
}
