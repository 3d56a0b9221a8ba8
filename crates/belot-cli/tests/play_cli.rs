//! `belot play` as a person at a terminal uses it, through a pipe: every
//! game played to the end of its match, every command and every kind of
//! bad input, and a check that the screen never shows another seat's hand.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use belot_core::{AnyDeal, Deal, Game};
use belot_core::{Card, CardSet, Deck, MatchRecord, Seat};

const GAMES: [&str; 5] = ["french", "french-3", "french-2", "two-player", "three-player"];

/// Runs `belot play` with `args`, typing `input`; the program may leave
/// before it has read everything (the match ended, or `quit`).
fn play(args: &[&str], input: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("belot play starts");
    let mut stdin = child.stdin.take().unwrap();
    // A thread, so a program that stops reading never blocks the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn text(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// The cards written in a line (`*JH*`, `[QH`, `KH]`, `TS,` count).
fn cards_in(line: &str) -> Vec<Card> {
    line.split_whitespace()
        .filter_map(|w| w.trim_matches(|c: char| "*[](),.;:".contains(c)).parse::<Card>().ok())
        .collect()
}

/// The hand of each "Your hand:" line, in order.
fn hands_shown(text: &str) -> Vec<CardSet> {
    text.lines()
        .filter_map(|l| l.split_once("Your hand:"))
        .map(|(_, rest)| {
            let cards = rest.split('(').next().unwrap_or("");
            cards_in(cards).into_iter().collect()
        })
        .collect()
}

/// No line but your hand, the actions you may take, and the cards you
/// may play lists as many cards as a hand: a line that did would be
/// showing another seat's cards.
fn assert_no_other_hand(text: &str) {
    for line in text.lines() {
        let own =
            line.contains("Your hand:") || line.contains("1) ") || line.contains("you may play");
        if !own {
            assert!(cards_in(line).len() < 8, "a line lists a hand of cards: {line}");
        }
    }
}

/// Seat 0's hand at each of its decisions, from the game record: the
/// deals replayed from their decks with the rules engine.
fn hands_in_record(game: &Game, record: &MatchRecord) -> Vec<CardSet> {
    let mut hands = Vec::new();
    for deal in &record.deals {
        let mut table = AnyDeal::new(game, deal.dealer, deal.deck).unwrap();
        for a in &deal.actions {
            if a.seat == Seat(0) {
                hands.push(table.view(Seat(0)).hand());
            }
            table.apply(a.seat, &a.action).unwrap();
        }
    }
    hands
}

/// Plays a whole match of `name` answering `1` (the first listed action)
/// to every question, and checks what it showed against the game record.
fn whole_match(name: &str, seed: &str) {
    let file = std::env::temp_dir().join(format!("belot-play-{}-{name}.json", std::process::id()));
    let path = file.to_str().unwrap();
    let out =
        play(&["--game", name, "--seed", seed, "--save", path], "1\n".repeat(20_000).into_bytes());
    let text = text(&out);
    let tail = &text[text.len().saturating_sub(3000)..];
    assert!(text.contains("The match is over: "), "{name}: {tail}");
    assert!(!text.contains("End of input"), "{name}: {tail}");
    assert!(text.contains("Deal 2 · dealer "), "{name}");
    assert!(text.contains("  trick to "), "{name}");
    assert!(text.contains("Deal 1: "), "{name}: no deal report");
    assert!(text.contains("Game record saved to"), "{name}");
    let record: MatchRecord =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    let game = Game::from_name(name).unwrap();
    // Every hand shown is exactly seat 0's hand at that decision.
    let shown = hands_shown(&text);
    let real = hands_in_record(&game, &record);
    assert!(real.len() > 20, "{name}: {} decisions", real.len());
    assert_eq!(shown, real, "{name}: the hands shown are not seat 0's");
    assert_no_other_hand(&text);
    // The record replays to the same finished match.
    let m = belot_core::AnyMatch::from_record(&record).unwrap();
    assert!(belot_core::Match::to_act(&m).is_none(), "{name}: the last deal is not over");
}

#[test]
fn french_for_four_plays_to_the_end_of_the_match() {
    whole_match("french", "4");
}

#[test]
fn french_for_three_plays_to_the_end_of_the_match() {
    whole_match("french-3", "5");
}

#[test]
fn french_for_two_plays_to_the_end_of_the_match() {
    whole_match("french-2", "6");
}

#[test]
fn two_player_belot_plays_to_the_end_of_the_match() {
    whole_match("two-player", "7");
}

#[test]
fn three_player_belot_plays_to_the_end_of_the_match() {
    whole_match("three-player", "8");
}

/// Who deals first: `belot play` lets the last seat deal French Belote
/// (you speak first), and draws the first dealer by lot in the two- and
/// three-player games, as `belot engine` does.
fn first_dealer(game: &Game, seed: u64) -> Seat {
    game.first_dealer(seed).unwrap_or(Seat(game.players() - 1))
}

/// Three-player Belot: the hint is for your own points alone, also when
/// you defend (seed 32: Right declares), as the `pimc` bot plays.
#[test]
fn three_player_hint_is_for_your_own_points() {
    let mut input = b"help\n".to_vec();
    for _ in 0..12 {
        input.extend_from_slice(b"1\nhint\n");
    }
    input.extend_from_slice(b"quit\n");
    let text = text(&play(&["--game", "three-player", "--seed", "32"], input));
    assert!(text.contains("declared by Right"), "{text}");
    let hints: Vec<&str> = text.lines().filter(|l| l.contains("Best card")).collect();
    assert!(hints.len() >= 5, "{text}");
    assert!(hints.iter().all(|l| l.contains(", you end with")), "{hints:?}");
}

/// Every command and every kind of bad input, in every game.
#[test]
fn every_game_takes_commands_and_refuses_bad_input() {
    for (name, seed) in GAMES.iter().zip([11u64, 12, 13, 14, 15]) {
        let game = Game::from_name(name).unwrap();
        // A card dealt to Left (or Opponent): it is never in your hand.
        let table =
            AnyDeal::new(&game, first_dealer(&game, seed), Deck::from_seed(seed, 0)).unwrap();
        let theirs = table.view(Seat(1)).hand().first().unwrap();
        let mut script = format!("help\nscore\nlast\nhint\nZZ\n{theirs}\n99\n0\nnonsense\n\n");
        script.push_str("AS KS\n");
        let mut input = script.into_bytes();
        input.extend_from_slice(b"\xff\xfe\n");
        for _ in 0..12 {
            input.extend_from_slice(b"1\nhint\nlast\n");
        }
        input.extend_from_slice(b"score\nquit\n1\n");
        let text = text(&play(&["--game", name, "--seed", &seed.to_string()], input));
        let target = game.target();
        for expected in [
            "Type the number of an action".to_string(),
            "Deal 1, dealt by ".to_string(),
            format!("Playing to {target}."),
            "No trick has been played yet.".into(),
            "bad card \"zz\"".into(),
            format!("{theirs} is not in your hand"),
            "choose 1 to ".into(),
            "not understood: \"nonsense\"".into(),
            "one card at a time".into(),
            "Best card".into(),
            "(all hands open".into(),
            "Last trick: ".into(),
            "Bye: the match is left unfinished.".into(),
        ] {
            assert!(text.contains(&expected), "{name}: {expected:?} missing in\n{text}");
        }
        assert!(!text.contains("The match is over"), "{name}");
        // `quit` ends the session: the last `1` is never read.
        assert!(text.trim_end().ends_with("Bye: the match is left unfinished."), "{name}");
        let players = game.players() as usize;
        for line in text.lines().filter(|l| l.contains("Last trick: ")) {
            // One trick, whole: in two-player Belot the others lie face down.
            assert_eq!(cards_in(line).len(), players, "{name}: {line}");
        }
        assert_no_other_hand(&text);
    }
}

#[test]
fn names_of_the_seats_follow_the_table() {
    let lines = |name: &str| text(&play(&["--game", name, "--seed", "3"], b"quit\n".to_vec()));
    assert!(lines("french").contains("you and Partner against Left and Right"));
    assert!(lines("french-3").contains("you against Left and Right"));
    assert!(lines("french-2").contains("you against Opponent"));
    assert!(lines("two-player").contains("you against Opponent"));
    assert!(lines("three-player").contains("you against Left and Right"));
}

#[test]
fn the_end_of_input_leaves_the_match_unfinished() {
    for name in GAMES {
        let text = text(&play(&["--game", name, "--seed", "2"], b"1\n1\n".to_vec()));
        assert!(text.contains("End of input: the match is left unfinished."), "{name}: {text}");
    }
}

#[test]
fn house_rules_and_bots_are_chosen_on_the_command_line() {
    let text = text(&play(
        &[
            "--game",
            "three-player",
            "--options",
            "{\"target\": 101}",
            "--bot",
            "random",
            "--seed",
            "1",
        ],
        "1\n".repeat(5000).into_bytes(),
    ));
    assert!(text.contains("Three-player Belot to 101") && text.contains("random bots"));
    assert!(text.contains("The match is over: "), "{}", &text[text.len().saturating_sub(2000)..]);
    let refused = |args: &[&str], says: &str| {
        let out = play(args, Vec::new());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refused(&["--game", "bridge"], "unknown game \"bridge\"");
    // The game's name fixes the table; `players` may not contradict it.
    refused(
        &["--game", "french-3", "--options", "{\"players\": 4}"],
        "option \"players\": 4 does not go with this game (3 players)",
    );
    refused(&["--bot", "pimc:0:0"], "takes LAYOUTS 1 to 10000");
    refused(&["--bot", "alphazero"], "the bots are random, heuristic, pimc");
    refused(&["--options", "{\"nonsense\": 1}"], "--options");
    refused(&["--game", "two-player", "--options", "not json"], "--options");
    refused(
        &["--options", "{\"target\": \"x\"}"],
        "--options: option \"target\": invalid type: string \"x\", expected a whole number",
    );
}

/// The game record is written after every action: a match killed in the
/// middle (a closed terminal, Ctrl-C) loses nothing that was played, and
/// `belot solve` reads what was saved.
#[test]
fn an_interrupted_match_keeps_its_record() {
    let dir = std::env::temp_dir().join(format!("belot-play-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["french", "two-player"] {
        let path = dir.join(format!("{name}.json"));
        let _ = std::fs::remove_file(&path);
        let mut child = Command::new(env!("CARGO_BIN_EXE_belot"))
            .args(["play", "--game", name, "--seed", "4", "--save"])
            .arg(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Forty actions typed, and the input left open: the program waits.
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all("1\n".repeat(40).as_bytes()).unwrap();
        stdin.flush().unwrap();
        let actions = |p: &std::path::Path| -> usize {
            let Ok(text) = std::fs::read_to_string(p) else { return 0 };
            let Ok(record) = serde_json::from_str::<MatchRecord>(&text) else { return 0 };
            record.deals.iter().map(|d| d.actions.len()).sum()
        };
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while actions(&path) < 40 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        child.kill().unwrap();
        child.wait().unwrap();
        drop(stdin);
        assert!(actions(&path) >= 40, "{name}: {} actions saved", actions(&path));
        let solve =
            Command::new(env!("CARGO_BIN_EXE_belot")).arg("solve").arg(&path).output().unwrap();
        assert!(solve.status.success(), "{name}: {}", String::from_utf8_lossy(&solve.stderr));
        // The record names the players, and the analysis uses the names.
        let text = String::from_utf8_lossy(&solve.stdout);
        assert!(text.contains("\nYou: ") && text.contains(" You play "), "{name}: {text}");
        assert!(text.contains("\nin all: "), "{name}: {text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the review of `belot play` asked for: the seed shown so a match
/// can be dealt again, a `--save` path checked before the first card,
/// numbers that are not whole refused as numbers, the game's own words
/// (бела, belot), the распасы a pass leads to, and why the three-player
/// dealer moves as he does.
#[test]
fn play_says_what_it_does_in_each_game() {
    // No seed given: a new one, printed, that deals the same match again.
    let first = text(&play(&[], b"quit\n".to_vec()));
    let seed = first
        .split("Seed ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .expect("the seed is printed");
    let again = text(&play(&["--seed", seed], b"quit\n".to_vec()));
    assert_eq!(first, again);

    // A record that cannot be written stops the match before it starts.
    let out = play(&["--save", "/nonexistent-dir/x.json"], b"1\n".to_vec());
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent-dir/x.json"));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Deal 1"));

    // Numbers that are not one whole number are answered as numbers.
    let t = text(&play(&["--seed", "3"], b"-1\n1.5\n1 2\nquit\n".to_vec()));
    assert_eq!(t.matches("(one whole number)").count(), 3, "{t}");

    // Two-player Belot: бела, not belote; ВК named in words is refused
    // with the others' answer outside the auction; the dealer's last pass
    // says it plays распасы.
    let t = text(&play(
        &["--game", "two-player", "--seed", "3"],
        b"2\n2\nall trumps\nTake\nquit\n".to_vec(),
    ));
    assert!(t.contains("with бела when it may be called"), "{t}");
    assert!(t.contains("you cannot all trumps now;"), "{t}");
    assert!(t.contains("you cannot take now;"), "{t}");
    let t = text(&play(&["--game", "two-player", "--seed", "2"], b"2\n".to_vec()));
    assert!(t.contains("Pass now and the deal is played as распасы"), "{t}");

    // Three-player Belot: belot, and who deals next and why.
    let t = text(&play(&["--game", "three-player", "--seed", "3"], "1\n".repeat(300).into_bytes()));
    assert!(t.contains("with belot when it may be called"), "{t}");
    assert!(t.contains("deals next (the top scorer of the deal deals next)."), "{t}");
}

/// `belot solve` heads every deal, thrown-in ones too, in `belot play`'s
/// words for the game, with how it ended.
#[test]
fn solve_heads_each_deal_in_the_games_words() {
    let dir = std::env::temp_dir().join(format!("belot-solve-heads-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let solve = |path: &std::path::Path, args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_belot"))
            .arg("solve")
            .arg(path)
            .args(args)
            .output()
            .unwrap();
        text(&out)
    };
    // French: pass twice round (seed 2 throws the first deal in).
    let path = dir.join("french.json");
    let mut input = b"2\n4\n".to_vec();
    input.extend("1\n".repeat(30).into_bytes());
    input.extend(b"quit\n");
    text(&play(&["--seed", "2", "--save", path.to_str().unwrap()], input));
    let t = solve(&path, &["--deal", "1"]);
    assert!(t.contains("deal 1 (everybody passed twice, thrown in)"), "{t}");
    let t = solve(&path, &[]);
    assert!(t.contains("deal 2 (spades trump, taken by You: made)"), "{t}");
    assert!(t.contains(" You play ") && t.contains(" Left plays "), "{t}");
    for (game, seed, ones, says) in [
        // Three-player: declared by, and the outcome.
        (
            "three-player",
            "3",
            300,
            [
                "deal 1 (diamonds trump, declared by You: made)",
                "deal 2 (hearts trump, declared by You: failed)",
            ],
        ),
        // Two-player: loaded by, and байт in the game's word.
        (
            "two-player",
            "5",
            3000,
            [
                "deal 1 (clubs trump, loaded by You: байт (the loader failed))",
                "the contract: байт instead of made",
            ],
        ),
    ] {
        let path = dir.join(format!("{game}.json"));
        let args = ["--game", game, "--seed", seed, "--save", path.to_str().unwrap()];
        text(&play(&args, "1\n".repeat(ones).into_bytes()));
        let t = solve(&path, &[]);
        for said in says {
            assert!(t.contains(said), "{game}: {t}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// docs/bots.md shows `belot solve` on a match played with `yes 1`: the
/// lines it shows are what the program prints, so the example stays true.
#[test]
fn the_solve_example_in_the_docs_is_what_solve_prints() {
    let doc = include_str!("../../../docs/bots.md");
    let at = doc.find("belot solve\n--deal 1 m.json").expect("the example's command");
    let block = &doc[at..];
    let start = block.find("```text\n").unwrap() + 8;
    let end = start + block[start..].find("```").unwrap();
    let shown: Vec<&str> = block[start..end].lines().filter(|l| l.trim() != "...").collect();
    assert!(shown.len() > 5);
    let dir = std::env::temp_dir().join(format!("belot-doc-example-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.json");
    text(&play(
        &["--seed", "7", "--save", path.to_str().unwrap()],
        "1\n".repeat(20_000).into_bytes(),
    ));
    let out = Command::new(env!("CARGO_BIN_EXE_belot"))
        .args(["solve", "--deal", "1"])
        .arg(&path)
        .output()
        .unwrap();
    let printed = text(&out);
    for line in shown {
        assert!(printed.lines().any(|l| l == line), "{line:?} not in\n{printed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
