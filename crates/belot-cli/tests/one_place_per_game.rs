//! Issue 45: a game is its folders and one registry line. No source
//! outside a game's own files names a particular game (its types, its
//! module or its variant), so the next game touches no shared code.

use std::path::{Path, PathBuf};

/// Each game's own files, per crate (folders end in `/`).
const GAME_FILES: &[&str] = &[
    "belot-core/src/french/",
    "belot-core/src/two_player/",
    "belot-core/src/three_player/",
    "belot-core/src/registry.rs",
    "belot-solver/src/bots/french/",
    "belot-solver/src/bots/two/",
    "belot-solver/src/bots/three/",
    "belot-score/src/rules_info/french.rs",
    "belot-score/src/rules_info/two_player.rs",
    "belot-score/src/rules_info/three_player.rs",
    "belot-cli/src/play/french.rs",
    "belot-cli/src/play/two.rs",
    "belot-cli/src/play/three.rs",
];

/// What names a particular game: its variant, its module, its types.
fn names_a_game(line: &str) -> Option<&'static str> {
    const PLAIN: &[&str] = &[
        "::French(",
        "::TwoPlayer(",
        "::ThreePlayer(",
        "::French =>",
        "::TwoPlayer =>",
        "::ThreePlayer =>",
        "::French,",
        "::TwoPlayer,",
        "::ThreePlayer,",
        "belot_core::french",
        "belot_core::two_player",
        "belot_core::three_player",
        "crate::french",
        "crate::two_player",
        "crate::three_player",
        "bots::french",
        "bots::two",
        "bots::three",
        "SeatView",
        "FrenchScored",
        "FrenchScoring",
        "LedgerOf",
    ];
    const TYPES: &[&str] = &["French", "Two", "Three"];
    const KINDS: &[&str] = &[
        "Options",
        "Deal",
        "View",
        "Match",
        "Rules",
        "Ledger",
        "Input",
        "Entry",
        "Summary",
        "Score",
        "Phase",
        "FullState",
    ];
    if let Some(p) = PLAIN.iter().find(|p| line.contains(*p)) {
        return Some(p);
    }
    for t in TYPES {
        for k in KINDS {
            let name = format!("{t}{k}");
            for (at, _) in line.match_indices(&name) {
                let before = line[..at].chars().next_back();
                let after = line[at + name.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                if !word(before) && !word(after) {
                    return Some("a game's type");
                }
            }
        }
    }
    None
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_shared_source_names_a_particular_game() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(&crates).expect("crates").flatten() {
        let src = krate.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut found = Vec::new();
    for f in &files {
        let rel =
            f.strip_prefix(&crates).expect("under crates").to_string_lossy().replace('\\', "/");
        if GAME_FILES.iter().any(|g| if g.ends_with('/') { rel.starts_with(g) } else { rel == *g })
        {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("a source file");
        // Tests may name the games they test.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, line) in code.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("//") {
                continue;
            }
            if let Some(what) = names_a_game(line) {
                found.push(format!("{rel}:{}: {what}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "shared code names a game:\n{}", found.join("\n"));
    assert!(files.len() > 100, "read {} files", files.len());
}

/// The check sees a game named in each way, and not the shared names.
#[test]
fn the_check_sees_a_game_named() {
    for named in [
        "Game::French(o) => o.target,",
        "use belot_core::two_player::TwoDeal;",
        "let d: ThreeView = v;",
        "AnyView::ThreePlayer(v) => v.seat,",
        "crate::bots::french::act(v)",
    ] {
        assert!(names_a_game(named).is_some(), "{named}");
    }
    for shared in ["GameMatch<R>", "AnyView::from(v)", "Variant::ALL", "R::Deal", "FrenchFries"] {
        assert!(names_a_game(shared).is_none(), "{shared}");
    }
}
