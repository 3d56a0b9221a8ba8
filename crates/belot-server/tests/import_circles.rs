//! The server's modules import each other in no circle: the base below
//! the score sheets, the sheets below the card tables, the hub above
//! them and the routes on top (docs/architecture.md, "The server's
//! parts"). Each file under `src/` is read for the modules it names
//! (`crate::x`, `super::…`, and a module it declares itself, which is how
//! lib.rs names its own); a folder module is one node, and an item of
//! lib.rs (`crate::MAX_BODY`) is an import of lib.rs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Which node imports which, with a file that does it for each pair.
type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The node of the crate's root file.
const ROOT: &str = "lib.rs";

#[test]
fn server_modules_import_each_other_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    read_dir(&src, &src, &mut files);
    assert!(files.len() > 10, "the server's sources are under {}", src.display());
    let graph = graph(&files);
    let found = circles(&graph);
    let words: Vec<String> = found.iter().map(|c| told(&graph, c)).collect();
    assert!(
        found.is_empty(),
        "the server's modules import each other in circles:\n{}",
        words.join("\n")
    );
    // The parts stand in their order: nothing below imports what is above.
    let order = [("base", "sheets"), ("base", "tables"), ("sheets", "tables")];
    let hub = [("base", "hub"), ("sheets", "hub"), ("tables", "hub")];
    for (low, high) in order.into_iter().chain(hub) {
        let by = graph.get(low).and_then(|e| e.get(high));
        assert!(by.is_none(), "{low} imports {high}: {}", by.unwrap_or(&String::new()));
    }
}

/// The check itself: a circle through a folder module, made by a file
/// inside it (`super::super::`), is found; comments, strings, character
/// literals and a test module's `super::` are no imports.
#[test]
fn the_check_finds_a_circle_and_only_real_imports() {
    let file = |p: &str, t: &str| (PathBuf::from(p), t.to_string());
    let mut files = vec![
        file("lib.rs", "mod a;\nmod b;\nmod c;\npub use a::X;\n"),
        file(
            "a.rs",
            "// crate::c\nconst S: &str = \"crate::c\";\nuse crate::b::Y;\n\
             #[cfg(test)]\nmod tests {\n    use super::X;\n}\n",
        ),
        file("b/mod.rs", "mod inner;\nfn f() { inner::g(); }\n"),
        file("b/inner.rs", "pub fn g() {}\n"),
        file("c.rs", "fn h<'a>(_: &'a str) -> char { '{' }\nuse crate::{a, MAX};\n"),
    ];
    let g = graph(&files);
    let names = |n: &str| g[n].keys().cloned().collect::<Vec<_>>();
    assert_eq!(names("a"), ["b"]);
    assert!(names("b").is_empty());
    assert_eq!(names("c"), ["a", ROOT]);
    // Declaring a module (`mod b;`) is no import of it.
    assert_eq!(names(ROOT), ["a"]);
    assert!(circles(&g).is_empty());
    files.push(file("b/deep.rs", "use super::super::a::X;\n"));
    let found = circles(&graph(&files));
    assert_eq!(found, [BTreeSet::from(["a".to_string(), "b".to_string()])]);
}

fn read_dir(src: &Path, dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            read_dir(src, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&p).unwrap();
            out.push((p.strip_prefix(src).unwrap().to_path_buf(), text));
        }
    }
}

/// A file's module path: `tables/actor.rs` is `tables::actor`,
/// `tables/mod.rs` is `tables`, lib.rs the root.
fn module_path(file: &Path) -> Vec<String> {
    let mut path: Vec<String> =
        file.with_extension("").iter().map(|c| c.to_string_lossy().into_owned()).collect();
    if matches!(path.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        path.pop();
    }
    path
}

/// The node of a module path: its top-level module, or lib.rs for the
/// root and its own items.
fn node(path: &[String], tops: &BTreeSet<String>) -> String {
    match path.first() {
        Some(top) if tops.contains(top) => top.clone(),
        _ => ROOT.to_string(),
    }
}

fn graph(files: &[(PathBuf, String)]) -> Graph {
    let tops: BTreeSet<String> =
        files.iter().filter_map(|(f, _)| module_path(f).first().cloned()).collect();
    let mut g = Graph::new();
    for (file, text) in files {
        let here = module_path(file);
        let from = node(&here, &tops);
        let edges = g.entry(from.clone()).or_default();
        for target in imports(&here, &tokens(&code_only(text))) {
            let to = node(&target, &tops);
            if to != from {
                edges.entry(to).or_insert_with(|| file.display().to_string());
            }
        }
    }
    g
}

/// Rust code without its comments, strings and character literals (a
/// path in a comment or a message is no import).
fn code_only(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let ident = |k: usize| k > 0 && (c[k - 1].is_alphanumeric() || c[k - 1] == '_');
    while i < c.len() {
        match c[i] {
            '/' if c.get(i + 1) == Some(&'/') => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            }
            '/' if c.get(i + 1) == Some(&'*') => {
                let mut depth = 0;
                while i < c.len() {
                    if c[i] == '/' && c.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 1;
                    } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    i += 1;
                }
                out.push(' ');
            }
            // A raw string (`r"…"`, `br#"…"#`).
            'r' if (!ident(i) || (c[i - 1] == 'b' && !ident(i - 1)))
                && matches!(c.get(i + 1), Some('"' | '#')) =>
            {
                let hashes = c[i + 1..].iter().take_while(|&&h| h == '#').count();
                if c.get(i + 1 + hashes) != Some(&'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                i += hashes + 2;
                while i < c.len()
                    && !(c[i] == '"'
                        && c[i + 1..].iter().take_while(|&&h| h == '#').count() >= hashes)
                {
                    i += 1;
                }
                i += hashes + 1;
                out.push(' ');
            }
            '"' => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                out.push(' ');
            }
            // A character literal; a lifetime's quote stays.
            '\'' if c.get(i + 1) == Some(&'\\') || c.get(i + 2) == Some(&'\'') => {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(' ');
            }
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}

/// Identifiers, `::` and single marks.
fn tokens(code: &str) -> Vec<String> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_alphanumeric() || c[i] == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(c[start..i].iter().collect());
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else {
            if !c[i].is_whitespace() {
                out.push(c[i].to_string());
            }
            i += 1;
        }
    }
    out
}

/// The module paths a file at `here` names: `crate::x`, `super::x` (from
/// the module it stands in, inline ones included), and `x::` for a module
/// `x` it declares; a group `{a, b}` names each.
fn imports(here: &[String], t: &[String]) -> Vec<Vec<String>> {
    let is = |k: usize, s: &str| t.get(k).is_some_and(|x| x == s);
    let starts_path = |k: usize| k == 0 || !is(k - 1, "::");
    let declared: BTreeSet<&String> =
        (0..t.len()).filter(|&k| is(k, "mod") && is(k + 2, ";")).map(|k| &t[k + 1]).collect();
    let mut out = Vec::new();
    // Inline modules (`mod tests {`) open and their brace depth.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut opening: Option<String> = None;
    let mut depth = 0;
    for k in 0..t.len() {
        match t[k].as_str() {
            "{" => {
                depth += 1;
                if let Some(m) = opening.take() {
                    inline.push((m, depth));
                }
            }
            "}" => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            "mod" if is(k + 2, "{") => opening = t.get(k + 1).cloned(),
            "crate" if is(k + 1, "::") && starts_path(k) => out.extend(named(&[], t, k + 2)),
            "super" if is(k + 1, "::") && starts_path(k) => {
                let mut from: Vec<String> = here.to_vec();
                from.extend(inline.iter().map(|(m, _)| m.clone()));
                let mut j = k;
                while is(j, "super") && is(j + 1, "::") {
                    from.pop();
                    j += 2;
                }
                out.extend(named(&from, t, j));
            }
            m if declared.contains(&t[k])
                && is(k + 1, "::")
                && starts_path(k)
                && inline.is_empty() =>
            {
                let mut child = here.to_vec();
                child.push(m.to_string());
                out.push(child);
            }
            _ => {}
        }
    }
    out
}

/// The paths named at token `k` after `base::`: one name, or each of a
/// group's.
fn named(base: &[String], t: &[String], k: usize) -> Vec<Vec<String>> {
    let with = |name: &str| {
        let mut p = base.to_vec();
        if name != "self" && name != "*" {
            p.push(name.to_string());
        }
        p
    };
    if t.get(k).is_none_or(|x| x != "{") {
        return t.get(k).map(|name| vec![with(name)]).unwrap_or_default();
    }
    let mut out = Vec::new();
    let mut depth = 0;
    for j in k..t.len() {
        match t[j].as_str() {
            "{" => depth += 1,
            "}" if depth == 1 => break,
            "}" => depth -= 1,
            name if depth == 1 && matches!(t[j - 1].as_str(), "{" | ",") => out.push(with(name)),
            _ => {}
        }
    }
    out
}

/// The circles of the graph: each group of nodes that reach one another.
fn circles(g: &Graph) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from];
        while let Some(n) = todo.pop() {
            for next in g.get(n).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next);
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = g.keys().map(|n| (n, reach(n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for (n, from_n) in &reached {
        let group: BTreeSet<String> = from_n
            .iter()
            .filter(|m| reached.get(m).is_some_and(|r| r.contains(*n)))
            .cloned()
            .collect();
        if !group.is_empty() && !out.contains(&group) {
            out.push(group);
        }
    }
    out
}

/// A circle in words: each import inside it, and a file that makes it.
fn told(g: &Graph, group: &BTreeSet<String>) -> String {
    let inside = group.iter().flat_map(|a| {
        let edges = g[a].iter().filter(|(b, _)| group.contains(*b));
        edges.map(move |(b, file)| format!("  {a} -> {b} ({file})\n"))
    });
    inside.collect()
}
