//! Accessibility of every screen (issue 19, point 9), in real headless
//! Chromium on a 390×844 phone window: axe-core (the npm package, loaded
//! into the page by the test) runs on the new-game screen, a French game
//! after two deals (deal form, history, chart, share panel), a tapped row
//! and the edit state of a deal, a two-player and a three-player game and
//! the read-only view, in English and in the Cyrillic languages (and the
//! others); no violation may be serious or critical. The focus ring and
//! the borders of the text boxes and selects are measured in the page:
//! at least 3:1 against what surrounds them.
//!
//! axe-core comes from `BELOT_AXE` (set by `scripts/test.sh`, which
//! installs `axe-core@4` from the npm registry into `target/npm`), else
//! from `target/npm/node_modules/axe-core/axe.min.js`. Under CI (`CI`
//! set) or the test script (`BELOT_REQUIRE_BROWSER`) a missing browser or
//! axe-core fails the test; a bare `cargo test` elsewhere says it was
//! skipped.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::json;

/// English, the Cyrillic languages, then the others.
const LANGS: [&str; 6] = ["en", "bg", "ru", "uk", "fr", "ro"];

mod common;
use common::webdriver::*;

/// axe-core's `axe.min.js`: from `BELOT_AXE`, else where `scripts/test.sh`
/// installs it.
fn axe_source() -> Option<String> {
    let path = std::env::var_os("BELOT_AXE").map(PathBuf::from).unwrap_or_else(|| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../target/npm/node_modules/axe-core/axe.min.js")
    });
    match std::fs::read_to_string(&path) {
        Ok(s) => Some(s),
        Err(e) => {
            assert!(
                !required(),
                "axe-core is required under CI: {}: {e} (scripts/test.sh installs it: npm install --prefix target/npm axe-core@4)",
                path.display()
            );
            eprintln!(
                "SKIPPED: the accessibility tests need axe-core at {} ({e}); `bash scripts/test.sh` installs it",
                path.display()
            );
            None
        }
    }
}
struct Violation {
    id: String,
    impact: String,
    help: String,
    nodes: Vec<String>,
}

/// The relative luminance and contrast ratio (WCAG 2) of CSS colours as
/// `getComputedStyle` gives them, and the first opaque background behind
/// an element; shared by the ring and border checks.
const CONTRAST_JS: &str = r#"
const rgb = c => { const m = c.match(/[\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
const bgOf = e => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.a > 0.5) return c; } return { r: 255, g: 255, b: 255, a: 1 }; };
const who = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.getAttribute('aria-label') ? `[aria-label="${e.getAttribute('aria-label')}"]` : '') + (e.textContent && e.children.length === 0 ? ` "${e.textContent.slice(0, 20)}"` : '');
"#;

struct Check<'a> {
    b: &'a Browser<'a>,
    axe: &'a str,
    /// Every violation seen, with the screen and language.
    all: Vec<(String, Violation)>,
    /// Every focus ring and border below 3:1, with the screen.
    contrast: Vec<String>,
    runs: u32,
    ring_checked: u32,
}

impl<'a> Check<'a> {
    /// Checks on browser `b` with axe-core's source `axe`; nothing seen yet.
    fn new(b: &'a Browser<'a>, axe: &'a str) -> Check<'a> {
        Check { b, axe, all: Vec::new(), contrast: Vec::new(), runs: 0, ring_checked: 0 }
    }

    /// Runs axe on the page as it is now; keeps the violations.
    fn axe(&mut self, screen: &str) {
        let b = self.b;
        if b.js("return typeof window.axe;") != json!("object") {
            let loaded = b.cmd(
                "POST",
                "/execute/sync",
                Some(json!({"script": "try { (0, eval)(arguments[0]); } catch (e) { return String(e); } return typeof window.axe;", "args": [self.axe]})),
            );
            let t = b.js("return typeof window.axe;");
            assert_eq!(t, json!("object"), "axe-core did not load: {loaded}");
        }
        let v = b.cmd(
            "POST",
            "/execute/async",
            Some(json!({"script": r#"
                const done = arguments[arguments.length - 1];
                axe.run(document, { resultTypes: ['violations'] })
                  .then(r => done(r.violations.map(v => ({ id: v.id, impact: v.impact || '', help: v.help,
                    nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\s+/g, ' ')) }))))
                  .catch(e => done({ error: String(e) }));"#, "args": []})),
        );
        assert!(v.get("error").is_none(), "axe.run failed on {screen}: {v}");
        self.runs += 1;
        let lang = b.js("return document.documentElement.lang;");
        let lang = lang.as_str().unwrap_or("?");
        for x in v.as_array().unwrap() {
            let s = |k: &str| x[k].as_str().unwrap_or("").to_string();
            let nodes = x["nodes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_str().unwrap().to_string())
                .collect();
            self.all.push((
                format!("{screen} [{lang}]"),
                Violation { id: s("id"), impact: s("impact"), help: s("help"), nodes },
            ));
        }
    }

    /// Runs axe on this screen in each language; `again` puts the screen
    /// back after a language change if it needs a tap (e.g. a tapped row).
    fn each_lang(&mut self, screen: &str, again: &dyn Fn(&Browser<'_>)) {
        for l in LANGS {
            self.b.set_lang(l);
            again(self.b);
            self.axe(screen);
        }
        self.b.set_lang("en");
    }

    /// Tabs through the first `n` stops of the page: each focused element
    /// shows a ring of at least 2 px, at least 3:1 against the background
    /// around it. Keeps the failures in `contrast`.
    fn focus_ring(&mut self, screen: &str, n: usize) {
        let b = self.b;
        b.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); return 1;");
        for _ in 0..n {
            b.tab();
            let r = b.js(&format!(
                "{CONTRAST_JS}
                const e = document.activeElement;
                if (!e || e === document.body) return null;
                const s = getComputedStyle(e);
                const ring = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
                const c = ring ? ratio(rgb(s.outlineColor), bgOf(e.parentElement)) : 0;
                return {{ who: who(e), visible: e.matches(':focus-visible'), ring, color: s.outlineColor, width: s.outlineWidth, ratio: Math.round(c * 100) / 100 }};"
            ));
            if r.is_null() {
                continue;
            }
            self.ring_checked += 1;
            if r["visible"] != json!(true)
                || r["ring"] != json!(true)
                || r["ratio"].as_f64().unwrap() < 3.0
            {
                self.contrast.push(format!("{screen}: focus ring on {}: {r}", r["who"]));
            }
        }
    }

    /// Every visible text box and select has a border of at least 3:1
    /// against the background around it (or is itself a filled box that
    /// stands out at 3:1). Keeps the failures in `contrast`.
    fn borders(&mut self, screen: &str) {
        let v = self.b.js(&format!(
            "{CONTRAST_JS}
            const out = [];
            for (const e of document.querySelectorAll('input[type=text], input[type=number], input:not([type]), select, textarea')) {{
              if (!e.getClientRects().length) continue;
              const s = getComputedStyle(e);
              const around = bgOf(e.parentElement);
              const border = parseFloat(s.borderTopWidth) > 0 ? ratio(rgb(s.borderTopColor), around) : 0;
              const fill = ratio(bgOf(e), around);
              if (Math.max(border, fill) < 3) out.push(`${{who(e)}}: border ${{s.borderTopColor}} ${{border.toFixed(2)}}:1, fill ${{fill.toFixed(2)}}:1`);
            }}
            return out;"
        ));
        let bad =
            v.as_array().unwrap().iter().map(|x| format!("{screen}: {}", x.as_str().unwrap()));
        self.contrast.extend(bad);
    }
}

/// The keypad's keys have spoken names, a word in each language.
fn keypad_names_are_words(b: &Browser<'_>) {
    // The keypad's keys have spoken names in the page's language: C and
    // ⌫ are not read out as letters and symbols.
    let mut keypad_names = std::collections::BTreeSet::new();
    for l in LANGS {
        b.set_lang(l);
        let names = b.js(
        "const k = document.querySelector('.keypad'); return [k.getAttribute('aria-label'), ...[...k.querySelectorAll('button')].filter(b => !/^[0-9]$/.test(b.textContent)).map(b => b.getAttribute('aria-label') || '')];",
    );
        for n in names.as_array().unwrap() {
            let n = n.as_str().unwrap();
            assert!(n.chars().filter(|c| c.is_alphabetic()).count() > 3, "[{l}] keypad name {n:?}");
            assert!(
                keypad_names.insert(n.to_string()) || l == "en",
                "[{l}] keypad name {n:?} as in another language"
            );
        }
    }
    b.set_lang("en");
}

/// A two-player game with one deal saved.
fn two_player_game_with_a_deal(b: &Browser<'_>, base: &str) {
    new_game(b, base, "two_player", &["Ivan", "Olena"]);
    b.click("#t-order-0-NT");
    b.type_in("#t-points-0", "60");
    b.type_in("#t-points-1", "40");
    b.click("#save");
    b.wait("document.querySelectorAll('[data-id]').length === 1");
}

/// A three-player game with one deal saved.
fn three_player_game_with_a_deal(b: &Browser<'_>, base: &str) {
    new_game(b, base, "three_player", &["A", "B", "C"]);
    b.click("#r-declarer [data-value='0']");
    b.type_in("#r-points-0", "41");
    b.type_in("#r-points-1", "62");
    b.type_in("#r-points-2", "59");
    b.click("#save");
    b.wait("document.querySelectorAll('[data-id]').length === 1");
}

/// Runs an axe test (see [`retried`]), skipped without axe-core or a
/// browser: `test` gets axe-core's source, the driver and when it started.
fn axe_test(test: impl Fn(&str, &Driver, Instant)) {
    retried(|| {
        let Some(axe) = axe_source() else { return };
        let Some(d) = start_driver() else { return };
        test(&axe, &d, Instant::now());
    });
}

/// Nothing to do again after a change of language.
fn nothing(_: &Browser<'_>) {}

#[test]
fn browser_axe_core_on_every_screen_and_language() {
    axe_test(|axe, d, started| {
        let base = served();
        let b = browser(d, 1);
        let mut c = Check::new(&b, axe);

        // The new-game screen, house rules open.
        b.go(&format!("{base}/"));
        b.wait("document.querySelector('#variant')");
        let open_rules = |b: &Browser<'_>| {
            b.js("document.querySelectorAll('details').forEach(d => d.open = true); return 1;");
        };
        open_rules(&b);
        c.each_lang("new game", &open_rules);
        c.focus_ring("new game", 12);
        c.borders("new game");

        // A French game after two deals: deal form, history, chart, share.
        let path = new_french_game(&b, &base);
        b.click("#f-taker [data-value='1']");
        b.type_in("#f-points-1", "100");
        b.click("#f-belote [data-value='1']");
        b.click("#save");
        b.wait("document.querySelectorAll('[data-id]').length === 1");
        b.click("#f-taker [data-value='0']");
        b.type_in("#f-points-0", "81");
        b.click("#save");
        b.wait("document.querySelectorAll('[data-id]').length === 2");
        b.js("document.activeElement && document.activeElement.blur(); return 1;");
        c.each_lang("French game, two deals", &nothing);
        keypad_names_are_words(&b);
        // The changes view, open: each change with its Revert button.
        let open_changes = |b: &Browser<'_>| {
            b.js("const d = document.querySelector('#changes'); if (!d.open) d.querySelector('summary').click(); return 1;");
            b.wait("document.querySelectorAll('#change-list li button').length === 2");
        };
        c.each_lang("French game, changes view", &open_changes);
        b.click("#changes summary");
        b.wait("!document.querySelector('#changes').open");
        c.focus_ring("French game", 40);
        c.borders("French game");

        // A refused deal: the error shown in the form.
        b.click("#f-taker [data-value='1']");
        b.type_in("#f-points-1", "161");
        b.click("#save");
        b.wait("document.querySelector('#form-error') && document.querySelector('#form-error').textContent");
        c.axe("French game, a refused deal");

        // A tapped row (its actions), then the edit state of that deal.
        let tap_row = |b: &Browser<'_>| {
            b.click("[data-id='1']");
            b.wait("document.querySelector('#edit')");
        };
        c.each_lang("French game, row tapped", &tap_row);
        tap_row(&b);
        b.click("#edit");
        b.wait("document.querySelector('#cancel')");
        c.each_lang("French game, editing deal 1", &nothing);
        c.borders("French game, editing");

        // The read-only view of the same game.
        b.go(&format!("{base}{path}"));
        let view = b.wait(
            "document.querySelector('#view-link') && document.querySelector('#view-link').value",
        );
        b.go(view.as_str().unwrap());
        b.wait("document.querySelector('[data-total]') && document.querySelectorAll('[data-id]').length === 2");
        c.each_lang("read-only view", &nothing);
        c.focus_ring("read-only view", 8);

        // A two-player game with a deal.
        two_player_game_with_a_deal(&b, &base);
        c.each_lang("two-player game", &nothing);
        c.focus_ring("two-player game", 25);
        c.borders("two-player game");

        // A three-player game with a deal.
        three_player_game_with_a_deal(&b, &base);
        c.each_lang("three-player game", &nothing);
        c.focus_ring("three-player game", 25);
        c.borders("three-player game");

        report(&c, started);
    });
}

/// The report: every violation, then the failing ones (serious or
/// critical, and contrast failures) fail the test.
fn report(c: &Check<'_>, started: Instant) {
    let mut summary = std::collections::BTreeMap::<(String, String), usize>::new();
    for (_, v) in &c.all {
        *summary.entry((v.impact.clone(), v.id.clone())).or_default() += 1;
    }
    eprintln!(
        "axe-core: {} runs, {} focus stops measured, {:.1} s; violations (impact, rule: screens): {summary:?}",
        c.runs,
        c.ring_checked,
        started.elapsed().as_secs_f64()
    );
    let serious: Vec<String> = c
        .all
        .iter()
        .filter(|(_, v)| v.impact == "serious" || v.impact == "critical")
        .map(|(screen, v)| {
            format!("{screen}: {} ({}): {}\n    {}", v.id, v.impact, v.help, v.nodes.join("\n    "))
        })
        .collect();
    for (screen, v) in c.all.iter().filter(|(_, v)| v.impact != "serious" && v.impact != "critical")
    {
        eprintln!("  (allowed) {screen}: {} ({}): {}", v.id, v.impact, v.nodes.join(" | "));
    }
    assert!(
        serious.is_empty() && c.contrast.is_empty(),
        "{} serious or critical axe-core violations:\n{}\n{} contrast failures:\n{}",
        serious.len(),
        serious.join("\n"),
        c.contrast.len(),
        c.contrast.join("\n")
    );
}

/// The card tables' screens in every language: making a table (house
/// rules open), joining by the link, the table in the auction and in the
/// play with a trick on it, the deal's end with its review and the cards
/// played open, and a spectator's view; focus rings on the table.
#[test]
fn browser_axe_core_on_the_card_table_screens() {
    axe_test(|axe, d, started| {
        let fast = Duration::from_millis(20);
        let limits =
            belot_server::Limits { bot_pace: fast, trick_pause: fast, ..Default::default() };
        let port = serve_limits(limits);
        let base = format!("http://127.0.0.1:{port}");
        let b = browser(d, 7);
        let mut c = Check::new(&b, axe);

        b.go(&format!("{base}/"));
        b.click("#mode-play");
        let open_rules = |b: &Browser<'_>| {
            b.wait("document.querySelector('#t-rules')");
            b.js("document.querySelector('#t-rules').open = true; return 1;");
        };
        open_rules(&b);
        c.each_lang("new table", &open_rules);
        c.focus_ring("new table", 10);

        // The join page of a table with a free seat.
        let t = http(
            port,
            "POST",
            "/api/tables",
            Some(
                &json!({"rules": {"variant": "three_player"}, "seats": ["me", "open", "easy"], "name": "Ana"}),
            ),
        );
        b.go(&format!("{base}/t/{}", t["id"].as_str().unwrap()));
        b.wait("document.querySelector('#join-name')");
        c.each_lang("join a table", &nothing);

        // A French table with a friend's seat and "tap to continue": the
        // waiting screen (its spectators' link open), then a bot in the seat,
        // the auction on this phone's turn, then the play with a card on
        // the table, and a finished trick held for a tap.
        b.go(&format!("{base}/"));
        b.type_in("#t-name", "Ana");
        // Seat 2 bids first: the auction is this phone's at once.
        b.js("document.querySelector('#t-seat-0').value = 'easy'; document.querySelector('#t-seat-1').value = 'me'; document.querySelector('#t-seat-3').value = 'open'; document.querySelector('#t-tap').checked = true; return 1;");
        b.click("#start-table");
        let waiting = |b: &Browser<'_>| {
            b.wait("document.querySelector('#waiting-watch')");
            b.js("document.querySelector('#waiting-watch').open = true; return 1;");
        };
        waiting(&b);
        c.each_lang("waiting for a friend", &waiting);
        c.focus_ring("waiting for a friend", 8);
        c.borders("waiting for a friend");
        b.click("#waiting-seats button[data-bot='3']");
        b.wait("document.querySelector('#card-table')");
        b.wait("document.querySelector('#actions button[data-action]')");
        c.each_lang("card table, auction", &nothing);
        let t0 = Instant::now();
        while b.js("return !(tbl.st.view.phase === 'playing' && tbl.st.view.trick && tbl.st.view.to_act === tbl.st.you);") == json!(true) {
            table_step(&b);
            assert!(t0.elapsed() < Duration::from_secs(60), "no trick to follow");
            std::thread::sleep(Duration::from_millis(50));
        }
        c.each_lang("card table, play", &nothing);
        c.focus_ring("card table", 12);
        c.borders("card table");
        let t0 = Instant::now();
        while b.js("return !document.querySelector('#trick-continue');") == json!(true) {
            b.js(r#"const c = document.querySelector('#hand .legal'); if (c && tbl.busy !== tbl.st.seq) { tbl.busy = tbl.st.seq; c.click(); } return 1;"#);
            assert!(t0.elapsed() < Duration::from_secs(60), "no trick finished");
            std::thread::sleep(Duration::from_millis(50));
        }
        c.each_lang("card table, a finished trick", &nothing);
        c.focus_ring("a finished trick", 12);
        let t0 = Instant::now();
        while table_step(&b) != "over" {
            assert!(t0.elapsed() < Duration::from_secs(60), "the deal did not end");
            std::thread::sleep(Duration::from_millis(50));
        }
        let review = |b: &Browser<'_>| {
            b.click("#review-btn");
            b.wait("document.querySelector('#review .judged')");
            b.js("document.querySelector('#hands').open = true; return 1;");
        };
        review(&b);
        // The review's top is in view, not under the totals kept on top.
        let gap = b.wait("document.querySelector('#review h3') && document.querySelector('#review h3').getBoundingClientRect().top - document.querySelector('#table-totals').getBoundingClientRect().bottom");
        assert!(gap.as_f64().unwrap() >= 0.0, "the totals cover the review's title: {gap}");
        c.each_lang("deal over, review", &review);
        c.focus_ring("deal over", 10);
        let watch = b.wait("tbl.st.watch");
        b.go(&format!("{base}/w/{}", watch.as_str().unwrap()));
        b.wait("document.querySelector('#deal-score')");
        c.each_lang("spectator", &nothing);

        report(&c, started);
    });
}
