//! Every variant's deal form driven by taps in real headless Chromium on a
//! 390x844 phone (issue 44): French Belote for 4, 3 and 2, two-player
//! and three-player Belot. Each game gets a plain deal, one with
//! announcements (belote, constructions, combinations), a failed
//! contract and a capot (capo, распасы); the taps of each are counted
//! and held to a ceiling; a plain deal needs no scroll; every extra is
//! tapped where no sticky bar covers it; and the totals the page shows
//! after each deal are those `belot score` gives for the same deals
//! (belot-score's `Sheet`, the code behind the command).
//!
//! The tap table the closing note of issue 44 quotes is printed by this
//! test (`cargo test -p belot-server --test browser_forms -- --nocapture`).

use belot_score::{Change, DealInput, Setup, Sheet};
use serde_json::{Value, json};

mod common;
use common::webdriver::*;

/// One deal: what it is, the taps that enter it (Save included), the
/// entry it must be, and whether its taps must all be on the first
/// screen (a plain deal).
struct Deal {
    what: &'static str,
    taps: Vec<String>,
    entry: Value,
    plain: bool,
}

fn deal(what: &'static str, taps: &[&str], entry: Value, plain: bool) -> Deal {
    Deal { what, taps: taps.iter().map(|s| s.to_string()).collect(), entry, plain }
}

/// The keypad's key `k`.
fn key(k: char) -> String {
    format!(".keypad button[aria-label='{k}']")
}

/// Taps: the controls given, with `digits` on the keypad spliced in at
/// the `#` marks, in order.
fn taps(parts: &[&str], digits: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut d = digits.iter();
    for p in parts {
        if *p == "#" {
            out.extend(d.next().unwrap().chars().map(key));
        } else {
            out.push(p.to_string());
        }
    }
    out
}

fn with_taps(mut d: Deal, t: Vec<String>) -> Deal {
    d.taps = t;
    d
}

/// Where a control is when it is tapped: on the screen, between the
/// sticky totals and the sticky Save bar (the bar's own buttons apart).
/// Read after the next frame: a fold opened by the last tap scrolls
/// itself into view when its toggle event comes.
const PLACE: &str = "const done = arguments[arguments.length - 1];
    requestAnimationFrame(() => setTimeout(() => {
    const e = document.querySelector(arguments[0]); const r = e.getBoundingClientRect();
    const bar = document.querySelector('#save-bar'), tot = document.querySelector('.totals');
    const low = bar && !bar.contains(e) ? bar.getBoundingClientRect().top : innerHeight;
    const high = tot ? tot.getBoundingClientRect().bottom : 0;
    done({top: r.top, bottom: r.bottom, low, high, y: scrollY}); }, 0));";

/// `PLACE` of `css`.
fn place(a: &Browser<'_>, css: &str) -> Value {
    a.cmd("POST", "/execute/async", Some(json!({"script": PLACE, "args": [css]})))
}

/// Enters a deal by its taps; returns how many there were. Plain deals
/// are tapped from the top of the page without any scroll.
fn enter(a: &Browser<'_>, d: &Deal) -> usize {
    a.js("window.scrollTo(0, 0); return 1;");
    for css in &d.taps {
        a.wait(&format!("document.querySelector({css:?})"));
        let at = place(a, css);
        let (top, bottom) = (at["top"].as_f64().unwrap(), at["bottom"].as_f64().unwrap());
        let (low, high) = (at["low"].as_f64().unwrap(), at["high"].as_f64().unwrap());
        let clear = top >= high - 0.5 && bottom <= low + 0.5;
        assert!(clear, "{}: {css} is under a sticky bar or off the screen: {at}", d.what);
        if d.plain {
            assert_eq!(at["y"], json!(0), "{}: {css} needed a scroll", d.what);
        }
        a.click(css);
    }
    d.taps.len()
}

/// The totals as the page writes them (an integer, or one decimal).
fn shown(totals: &Value) -> Vec<String> {
    totals
        .as_array()
        .unwrap()
        .iter()
        .map(|x| {
            let f = x.as_f64().unwrap();
            if f.fract() == 0.0 { format!("{f}") } else { format!("{f:.1}") }
        })
        .collect()
}

/// Plays one game's deals through the form and checks each against the
/// scorer; returns the taps of each deal.
fn play(a: &Browser<'_>, base: &str, setup: Value, deals: &[Deal]) -> Vec<(String, usize)> {
    let variant = setup["rules"]["variant"].as_str().unwrap();
    let names: Vec<&str> =
        setup["players"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    new_game(a, base, variant, &names);
    // The new game opens at its top, the first control in view.
    assert_eq!(a.js("return scrollY;"), json!(0), "{variant}: opened scrolled");
    let setup: Setup = serde_json::from_value(setup).unwrap();
    let mut sheet = Sheet::new(setup).unwrap();
    let mut counts = Vec::new();
    for d in deals {
        let n = enter(a, d);
        let entry: DealInput = serde_json::from_value(d.entry.clone()).unwrap();
        sheet.apply(Change::Add { entry }).unwrap_or_else(|e| panic!("{}: {e}", d.what));
        let want = shown(&serde_json::to_value(&sheet.table().totals).unwrap());
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        a.wait_totals(&want);
        // After Save the page is back at the form's top, the form empty.
        a.wait(
            "scrollY === 0 && [...document.querySelectorAll('.pts input')].every(i => !i.value)",
        );
        counts.push((d.what.to_string(), n));
    }
    counts
}

/// French for four: one side's points, the other's derived.
fn french_for_4() -> (Value, Vec<Deal>) {
    let setup =
        json!({"players": ["Ana", "Boris", "Chloé", "Dimitar"], "rules": {"variant": "french"}});
    let deals = [
        with_taps(
            deal(
                "plain",
                &[],
                json!({"kind": "french", "taker": 1, "card_points": [null, 90]}),
                true,
            ),
            taps(&["#f-taker-1", "#", "#save"], &["90"]),
        ),
        with_taps(
            deal(
                "announcement + belote",
                &[],
                json!({"kind": "french", "taker": 0, "card_points": [95, null], "announcements": [50, 20], "belote": 0}),
                false,
            ),
            // The second side's chips too: never under the Save bar.
            taps(
                &[
                    "#f-taker-0",
                    "#",
                    "#f-belote-0",
                    "#f-more summary",
                    "#f-ann-0-50",
                    "#f-ann-1-20",
                    "#save",
                ],
                &["95"],
            ),
        ),
        with_taps(
            deal(
                "failed",
                &[],
                json!({"kind": "french", "taker": 3, "card_points": [null, 60]}),
                true,
            ),
            taps(&["#f-taker-3", "#", "#save"], &["60"]),
        ),
        deal(
            "capot",
            &["#f-taker-2", "#f-more summary", "#f-capot-0", "#save"],
            json!({"kind": "french", "taker": 2, "card_points": [null, null], "capot": 0}),
            false,
        ),
    ];
    (setup, deals.into())
}

/// French for three: all 24 cards in play, the third box derived;
/// the keypad goes on to the next box by itself.
fn french_for_3() -> (Value, Vec<Deal>) {
    let setup = json!({"players": ["Ana", "Boris", "Chloé"], "rules": {"variant": "french", "options": {"players": 3}}});
    let deals = [
        with_taps(
            deal(
                "plain",
                &[],
                json!({"kind": "french", "taker": 1, "card_points": [null, 90, 42]}),
                true,
            ),
            taps(&["#f-taker-1", "#", "#", "#save"], &["90", "42"]),
        ),
        with_taps(
            deal(
                "announcement + belote",
                &[],
                json!({"kind": "french", "taker": 0, "card_points": [80, 40, null], "announcements": [20, 0, 0], "belote": 0}),
                false,
            ),
            taps(
                &["#f-taker-0", "#", "#", "#f-belote-0", "#f-more summary", "#f-ann-0-20", "#save"],
                &["80", "40"],
            ),
        ),
        with_taps(
            deal(
                "failed",
                &[],
                json!({"kind": "french", "taker": 2, "card_points": [60, null, 30]}),
                true,
            ),
            taps(&["#f-taker-2", "#", "#", "#save"], &["30", "60"]),
        ),
        deal(
            "capot",
            &["#f-taker-1", "#f-more summary", "#f-capot-1", "#save"],
            json!({"kind": "french", "taker": 1, "card_points": [null, null, null], "capot": 1}),
            false,
        ),
    ];
    (setup, deals.into())
}

/// French for two: cards stay out of play, both players' points are
/// typed (the form of issue 44 could not save a single deal).
fn french_for_2() -> (Value, Vec<Deal>) {
    let setup = json!({"players": ["Ana", "Boris"], "rules": {"variant": "french", "options": {"players": 2}}});
    let deals = [
        with_taps(
            deal(
                "plain",
                &[],
                json!({"kind": "french", "taker": 1, "card_points": [42, 90]}),
                true,
            ),
            taps(&["#f-taker-1", "#", "#", "#save"], &["90", "42"]),
        ),
        with_taps(
            deal(
                "belote",
                &[],
                json!({"kind": "french", "taker": 0, "card_points": [80, 50], "belote": 0}),
                false,
            ),
            taps(&["#f-taker-0", "#", "#", "#f-belote-0", "#save"], &["80", "50"]),
        ),
        with_taps(
            deal(
                "failed",
                &[],
                json!({"kind": "french", "taker": 0, "card_points": [40, 90]}),
                true,
            ),
            taps(&["#f-taker-0", "#", "#", "#save"], &["40", "90"]),
        ),
        with_taps(
            deal(
                "capot",
                &[],
                json!({"kind": "french", "taker": 1, "card_points": [null, 130], "capot": 1}),
                false,
            ),
            taps(&["#f-taker-1", "#f-more summary", "#f-capot-1", "#", "#save"], &["130"]),
        ),
    ];
    (setup, deals.into())
}

/// Two-player Belot: who ordered what in one tap, both players'
/// points.
fn two_player() -> (Value, Vec<Deal>) {
    let setup = json!({"players": ["Ivan", "Olena"], "rules": {"variant": "two_player"}});
    let deals = [
        with_taps(
            deal(
                "plain",
                &[],
                json!({"kind": "two_player", "contract": "NT", "loader": 0, "card_points": [60, 40]}),
                true,
            ),
            taps(&["#t-order-0-NT", "#", "#", "#save"], &["60", "40"]),
        ),
        with_taps(
            deal(
                "construction + bela",
                &[],
                json!({"kind": "two_player", "contract": "H", "loader": 1, "card_points": [66, 90], "constructions": [0, 50], "belas": [0, 1]}),
                false,
            ),
            taps(
                &[
                    "#t-order-1-H",
                    "#",
                    "#",
                    "#t-more summary",
                    "#t-melds-1-50",
                    "#t-belas-1-plus",
                    "#save",
                ],
                &["90", "66"],
            ),
        ),
        with_taps(
            deal(
                "failed",
                &[],
                json!({"kind": "two_player", "contract": "S", "loader": 0, "card_points": [40, 90]}),
                true,
            ),
            taps(&["#t-order-0-S", "#", "#", "#save"], &["40", "90"]),
        ),
        with_taps(
            deal(
                "all pass (распасы)",
                &[],
                json!({"kind": "two_player", "contract": "H", "raspasy": true, "card_points": [70, 60]}),
                true,
            ),
            taps(&["#t-raspasy", "#", "#", "#save"], &["70", "60"]),
        ),
    ];
    (setup, deals.into())
}

/// Three-player Belot: five cards out of play, all three typed; the
/// last trick is asked with a capo only.
fn three_player() -> (Value, Vec<Deal>) {
    let setup =
        json!({"players": ["A", "B", "Konstantinopoulos"], "rules": {"variant": "three_player"}});
    let deals = [
        with_taps(
            deal(
                "plain",
                &[],
                json!({"kind": "three_player", "declarer": 0, "card_points": [71, 42, 49]}),
                true,
            ),
            taps(&["#r-declarer-0", "#", "#", "#", "#save"], &["71", "42", "49"]),
        ),
        with_taps(
            deal(
                "combination + belot",
                &[],
                json!({"kind": "three_player", "declarer": 1, "card_points": [41, 62, 59], "combinations": [0, 50, 0], "belots": [0, 1, 0]}),
                false,
            ),
            taps(
                &[
                    "#r-declarer-1",
                    "#",
                    "#",
                    "#",
                    "#r-more summary",
                    "#r-melds-1-50",
                    "#r-belots-1-plus",
                    "#save",
                ],
                &["62", "59", "41"],
            ),
        ),
        with_taps(
            deal(
                "failed",
                &[],
                json!({"kind": "three_player", "declarer": 0, "card_points": [41, 62, 59]}),
                true,
            ),
            taps(&["#r-declarer-0", "#", "#", "#", "#save"], &["41", "62", "59"]),
        ),
        with_taps(
            deal(
                "capo",
                &[],
                json!({"kind": "three_player", "declarer": 0, "card_points": [90, 72, 0], "capo": [2], "last_trick": 0}),
                false,
            ),
            taps(
                &["#r-declarer-0", "#", "#", "#r-more summary", "#r-capo-2", "#r-last-0", "#save"],
                &["90", "72"],
            ),
        ),
    ];
    (setup, deals.into())
}

#[test]
fn browser_every_variant_enters_deals_by_taps_as_belot_score_scores_them() {
    browser_test(11, served, |_, a, base| {
        let mut table: Vec<(&str, Vec<(String, usize)>)> = Vec::new();

        let (setup, deals) = french_for_4();
        table.push(("French for 4", play(a, base, setup, &deals)));

        let (setup, deals) = french_for_3();
        table.push(("French for 3", play(a, base, setup, &deals)));

        let (setup, deals) = french_for_2();
        table.push(("French for 2", play(a, base, setup, &deals)));

        let (setup, deals) = two_player();
        table.push(("Two-player Belot", play(a, base, setup, &deals)));
        // The распасы row says so once, with its turned suit.
        let row =
            a.js("return document.querySelector('tr[data-id=\"4\"] td:nth-child(2)').textContent;");
        let row = row.as_str().unwrap();
        assert_eq!(row.matches("All pass").count(), 1, "{row}");
        assert!(row.contains('♥'), "{row}");
        // The chart has its figures: each player's total at the end of his line.
        let figures = a
            .js("return [...document.querySelectorAll('svg.chart text')].map(t => t.textContent);");
        let totals =
            a.js("return [...document.querySelectorAll('[data-total]')].map(t => t.textContent);");
        for t in totals.as_array().unwrap() {
            assert!(figures.as_array().unwrap().contains(t), "{t} not in the chart's {figures}");
        }

        let (setup, deals) = three_player();
        table.push(("Three-player Belot", play(a, base, setup, &deals)));

        eprintln!("taps per deal (Save and every digit counted; 390x844):");
        for (game, counts) in &table {
            let row: Vec<String> = counts.iter().map(|(w, n)| format!("{w}: {n}")).collect();
            eprintln!("  {game:<20} {}", row.join(" · "));
        }
        // The ceilings of issue 44 for a plain deal with two-digit points:
        // three-player Belot needs 8 (declarer, three players' points with
        // five cards out of play, Save: nothing can be derived).
        let ceilings = [4, 6, 6, 6, 8];
        // Each extra (an announcement, belote, a construction…) is at most
        // two more taps: the French for 4 deal has three of them.
        assert!(table[0].1[1].1 <= table[0].1[0].1 + 2 * 3, "{:?}", table[0].1);
        for ((game, counts), max) in table.iter().zip(ceilings) {
            assert!(counts[0].1 <= max, "{game}: a plain deal takes {} taps", counts[0].1);
            assert_eq!(counts[2].1, counts[0].1, "{game}: a failed contract is as quick");
        }
    });
}

/// A refusal shows next to the control at fault, in view (not under a
/// sticky bar) and announced (role=alert), in each variant, from the top
/// of the page as from anywhere.
#[test]
fn browser_errors_show_where_the_eye_is() {
    browser_test(12, served, |_, a, base| {
        let cases = [
            (
                "french",
                vec!["Ana", "Boris", "Chloé", "Dimitar"],
                vec![],
                "#f-taker",
                "Choose who took.",
            ),
            ("two_player", vec!["Ivan", "Olena"], vec![], "#t-order", "Choose who ordered."),
            (
                "three_player",
                vec!["A", "B", "C"],
                vec!["#r-declarer-0", "#r-more summary", "#r-capo-2"],
                "#r-last",
                "Say who took the last trick.",
            ),
            (
                "french",
                vec!["Ana", "Boris", "Chloé", "Dimitar"],
                vec!["#f-taker-1", "#f-more summary", "#f-ann-0-20"],
                "#pts",
                "Type the card points of one side.",
            ),
        ];
        for (variant, names, before, at, _) in &cases {
            new_game(a, base, variant, names);
            for css in before {
                a.click(css);
            }
            a.js("window.scrollTo(0, 0); return 1;");
            a.click("#save");
            a.wait("document.querySelector('#form-error').textContent");
            let place = place(a, "#form-error");
            let (top, bottom) = (place["top"].as_f64().unwrap(), place["bottom"].as_f64().unwrap());
            assert!(
                top >= place["high"].as_f64().unwrap() - 0.5
                    && bottom <= place["low"].as_f64().unwrap() + 0.5,
                "{variant}: the message is out of sight: {place}"
            );
            let inside = a.js(&format!("return !!document.querySelector('{at} #form-error');"));
            assert_eq!(inside, json!(true), "{variant}: the message is not at {at}");
            assert_eq!(
                a.js("return document.querySelector('#form-error').getAttribute('role');"),
                json!("alert")
            );
        }
    });
}

/// Editing a deal: the first digit replaces its points; the boxes are
/// typed by the keypad only (no phone keyboard); a finished game asks
/// before a deal is saved after its end.
#[test]
fn browser_editing_replaces_and_game_over_asks() {
    browser_test(13, served, |_, a, base| {
        new_french_game_to(a, base, 200);
        let modes =
            a.js("return [...document.querySelectorAll('.pts input')].map(i => i.inputMode);");
        assert_eq!(modes, json!(["none", "none"]), "points boxes open no phone keyboard");
        for k in ["#f-taker-1", &key('9'), &key('0'), "#save"] {
            a.click(k);
        }
        a.wait_totals(&["72", "90"]);
        a.click("tr[data-id='1']");
        a.click("#edit");
        a.wait("document.querySelector('#f-points-1').value === '90'");
        a.click(&key('8'));
        a.click(&key('5'));
        assert_eq!(a.js("return document.querySelector('#f-points-1').value;"), json!("85"));
        a.click("#save");
        a.wait_totals(&["77", "85"]);
        for _ in 0..2 {
            for k in ["#f-taker-1", &key('9'), &key('9'), "#save"] {
                a.click(k);
            }
            a.wait("!document.querySelector('#f-points-1').value");
        }
        a.wait("document.querySelector('#game-over')");
        a.wait_totals(&["203", "283"]);
        // A deal after the end: asked first, saved only when confirmed.
        for k in ["#f-taker-0", &key('9'), &key('9'), "#save"] {
            a.click(k);
        }
        let ask = a.wait("document.querySelector('#save-after') && document.querySelector('#form-error').textContent");
        assert!(ask.as_str().unwrap().contains("after the end"), "{ask}");
        a.wait_totals(&["203", "283"]);
        let rows = a.js("return document.querySelectorAll('tbody tr').length;");
        a.click("#save-after");
        a.wait(&format!("document.querySelectorAll('tbody tr').length > {rows}"));
        a.wait_totals(&["203", "283"]);
    });
}

/// A waiting deal the server refuses when it is sent (issue 44) stays on
/// the phone with the reason, and "Enter it again" puts it back in the
/// form as typed; saved right, it leaves the list. Nothing is lost.
#[test]
fn browser_a_refused_waiting_deal_is_entered_again() {
    browser_test(14, served, |_, a, base| {
        let path = new_french_game(a, base);
        // A deal that waited on the phone, typed wrong (161 points).
        a.js(&format!(
            "localStorage.setItem('belot.queue', JSON.stringify([{{game: {:?}, version: 0, key: 'k-161',
              change: {{op: 'add', entry: {{kind: 'french', taker: 1, card_points: [null, 161], announcements: [0, 0]}}}}}},
              {{game: {:?}, version: 0, key: 'k-back', change: {{op: 'take_back'}}}}])); return 1;",
            &path[3..],
            &path[3..]
        ));
        a.go(&format!("{base}{path}"));
        let why = a.wait("document.querySelectorAll('#pending .error').length === 2 && document.querySelector('#pending .error').textContent");
        assert!(why.as_str().unwrap().contains("161"), "{why}");
        // A waiting ↶ says what it is (no deal to name yet).
        let list = a.js("return document.querySelector('#pending').textContent;");
        assert!(list.as_str().unwrap().contains("↶ Undo last deal"), "{list}");
        assert!(!list.as_str().unwrap().contains("undefined"), "{list}");
        a.click("[data-reenter='k-161']");
        a.wait("document.querySelector('#f-points-1').value === '161'");
        assert_eq!(
            a.js("return document.querySelector('#f-taker-1').getAttribute('aria-pressed');"),
            json!("true")
        );
        // The first digit replaces the number typed before.
        a.click(&key('9'));
        a.click(&key('0'));
        a.click("#save");
        a.wait_totals(&["72", "90"]);
        a.wait("document.querySelectorAll('#pending li').length === 1");
        a.click("#pending button:last-child");
        a.wait("!document.querySelector('#pending')");
        assert_eq!(a.js("return localStorage.getItem('belot.queue');"), json!("[]"));
    });
}

/// Editing a French-for-3 deal (issue 44 review): the keypad goes from the
/// taker's box to the other box that held a number, and the last side is
/// derived again; tapping a box the keypad is already on makes the next
/// digit replace its number.
#[test]
fn browser_editing_french_for_3_derives_the_last_side_again() {
    browser_test(15, served, |_, a, base| {
        new_game(a, base, "french", &["Ana", "Boris", "Chloé"]);
        for k in ["#f-taker-1", &key('9'), &key('0'), &key('4'), &key('2'), "#save"] {
            a.click(k);
        }
        // Boris 90, Chloé 42, Ana 30 derived.
        a.wait_totals(&["30", "90", "42"]);
        a.click("tr[data-id='1']");
        a.click("#edit");
        a.wait("document.querySelector('#f-points-1').value === '90'");
        for k in ['8', '0', '5', '0'] {
            a.click(&key(k));
        }
        let boxes = a.js("return [...document.querySelectorAll('.pts input')].map(i => [i.value, i.placeholder]);");
        assert_eq!(boxes, json!([["", "32"], ["80", ""], ["50", ""]]), "Ana's side derived");
        a.click("#save");
        a.wait_totals(&["32", "80", "50"]);
        // The box the keypad is on, tapped: the next digit replaces.
        a.click("#f-taker-0");
        a.click(&key('9'));
        a.click("#f-points-0");
        a.click(&key('5'));
        assert_eq!(a.js("return document.querySelector('#f-points-0').value;"), json!("5"));
    });
}
