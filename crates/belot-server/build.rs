//! Embeds each game's page module (`ui/games/<game>.js`) in the binary, so
//! that a new game's file is served without a line written for it.

use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("ui/games");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("ui/games")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    files.sort();
    let mut out = String::from(
        "/// Each game's page module, by file name (made by build.rs).\n\
         const GAME_FILES: &[(&str, &str)] = &[\n",
    );
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).expect("a file name");
        out += &format!("    ({name:?}, include_str!({:?})),\n", f.display().to_string());
    }
    out += "];\n";
    let to = Path::new(&env::var("OUT_DIR").expect("cargo sets it")).join("games.rs");
    fs::write(to, out).expect("OUT_DIR is writable");
}
