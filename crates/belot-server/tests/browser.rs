//! Browser tests in real headless Chromium (Debian's `chromium`, driven
//! through `chromium-driver` by a small W3C WebDriver client written
//! here): a phone-sized window creates a game of each variant, enters
//! deals, edits one, deletes one, undoes, takes back the last deal (↶)
//! and puts it back (↷), and checks the totals shown; a
//! second browser sees the changes live.
//!
//! Under CI (`CI` set) or the test script (`BELOT_REQUIRE_BROWSER`, set
//! by `scripts/test.sh`, which installs the browser) a missing browser
//! fails the test; a bare `cargo test` elsewhere says it was skipped.

use std::time::Duration;

use belot_server::{Hub, Limits, app, serve_with};
use serde_json::{Value, json};

mod common;
use common::webdriver::*;

/// Both phones show `totals`, `first` waited for first.
fn both_show(first: &Browser<'_>, then: &Browser<'_>, totals: &[&str]) {
    first.wait_totals(totals);
    then.wait_totals(totals);
}

/// Enters a French deal: seat `taker` took, `points` typed in side
/// `side`'s box, Save.
fn enter_french(a: &Browser<'_>, taker: &str, side: &str, points: &str) {
    a.click(&format!("#f-taker [data-value='{taker}']"));
    a.type_in(&format!("#f-points-{side}"), points);
    a.click("#save");
}

/// A free port on this machine and a database named `name` for a
/// server on it ([`serve_on`]), in a folder of its own.
fn port_and_db(name: &str) -> (u16, std::path::PathBuf) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{name}-{}-{port}", std::process::id()))
        .join("belot.db");
    (port, path)
}

/// The French session, on: ↶ and ↷, and the changes view with its
/// reverts, seen on both phones (totals 374 : 182 before and after).
fn takes_back_and_reverts(a: &Browser<'_>, b: &Browser<'_>) {
    // ↶ (seed 002 §11) takes back the last deal, deal 3, not the last
    // change, and says so; ↷ puts it back.
    a.click("#undo");
    both_show(a, b, &["162", "182"]);
    let said = a.wait("document.querySelector('#status').textContent");
    assert!(said.as_str().unwrap().contains('3'), "{said}");
    a.click("#redo");
    both_show(a, b, &["374", "182"]);
    // The changes view: every change, newest first; the edit of deal 2
    // (change 4, three changes ago) reverted with a tap, then that
    // revert reverted (issue 19).
    a.click("#changes summary");
    let top = a.wait("document.querySelector('#change-list li') && document.querySelector('#change-list li').textContent");
    assert!(top.as_str().unwrap().starts_with("↷ Deal 3 put back"), "{top}");
    let edit = a.js("return document.querySelector('[data-change=\"4\"]').textContent;");
    assert!(edit.as_str().unwrap().starts_with("Deal 2 edited"), "{edit}");
    a.click("button[aria-label='Revert: Deal 2 edited']");
    both_show(a, b, &["355", "201"]);
    a.wait("document.querySelector('[data-change=\"9\"]') && document.querySelector('#status').textContent.includes('4')");
    a.click("button[aria-label='Revert: Change 4 reverted']");
    both_show(a, b, &["374", "182"]);
    a.click("#changes summary");
}

/// The French session, on: refusals in English and Russian, with the
/// noun agreeing with its number; the page back in English.
fn refusals_in_the_pages_language(a: &Browser<'_>) {
    // A refused entry shows why and changes nothing.
    enter_french(a, "1", "1", "161");
    let msg = a.wait("document.querySelector('#form-error').textContent");
    assert!(msg.as_str().unwrap().contains("161"), "{msg}");
    a.wait_totals(&["374", "182"]);
    // The server's refusal in the page's language (its code and figures,
    // not its English text).
    a.js("const s = document.querySelector('#lang'); s.value = 'ru'; s.dispatchEvent(new Event('change')); return 1;");
    enter_french(a, "1", "1", "161");
    let msg = a.wait("document.querySelector('#form-error').textContent");
    // The noun agrees with the number, by the language's plural rules
    // (issue 44: "1 очков", "1 puncte").
    assert_eq!(msg, json!("161 очко быть не может: у команды от 0 до 162, но не 1 и не 161."));
    let forms = a.js(
        "const f = 'one=очко|few=очка|many=очков|other=очка';              return [1, 3, 5, 11, 22, 1.5].map(n => plural(n, f));",
    );
    assert_eq!(forms, json!(["1 очко", "3 очка", "5 очков", "11 очков", "22 очка", "1.5 очка"]));
    let ro = a.js("const was = lang; lang = 'ro'; \
         const r = [1, 2, 20, 101].map(n => plural(n, 'one=punct|few=puncte|other=de puncte')); \
         lang = was; return r;");
    assert_eq!(ro, json!(["1 punct", "2 puncte", "20 de puncte", "101 puncte"]));
    a.js("const s = document.querySelector('#lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); return 1;");
}

#[test]
fn browser_french_session_with_a_second_phone_watching_live() {
    browser_test(1, served, |d, a, base| {
        let path = new_game(a, base, "french", &["Ana", "Boris", "<b>Chloé</b>", "Dimitar"]);
        // A player name is shown as text, never as markup.
        assert_eq!(a.js("return document.querySelectorAll('b').length;"), json!(0));
        assert!(a.js("return document.body.textContent.includes('<b>Chloé</b>');") == json!(true));
        // Second phone on the same link.
        let b = browser(d, 2);
        b.go(&format!("{base}{path}"));
        b.wait_totals(&["0", "0"]);
        // Deal 1: Boris takes, his side 100, belote for his side.
        a.click("#f-taker [data-value='1']");
        a.type_in("#f-points-1", "100");
        a.click("#f-belote [data-value='1']");
        a.click("#save");
        both_show(a, &b, &["62", "120"]);
        // Deal 2: Ana takes with 81: litige, 81 waiting.
        enter_french(a, "0", "0", "81");
        a.wait_totals(&["62", "201"]);
        a.wait("document.querySelector('#waiting')");
        // Deal 3 entered with the on-screen keypad: Dimitar takes, Ana's side 120, +50 announced.
        a.click("#f-taker [data-value='3']");
        a.click("#f-points-0");
        for k in ["1", "2", "0"] {
            a.click(&format!(".keypad button[aria-label='{k}']"));
        }
        a.click("#f-more summary");
        a.click("button[aria-label='Ana & <b>Chloé</b> +50']");
        a.click("#save");
        both_show(a, &b, &["355", "201"]);
        // The history fits the phone: no sideways scroll (issue 19).
        let fits = a.js(
            "const s = document.querySelector('.scroll'); return s.scrollWidth <= s.clientWidth;",
        );
        assert_eq!(fits, json!(true), "the history table scrolls sideways");
        // Edit deal 2 (a made deal now): the held points are gone.
        a.click("tr[data-id='2']");
        // Tapping a deal shows its figures as entered, and what it left waiting.
        let details = a.wait("document.querySelector('#row-details').textContent");
        assert!(details.as_str().unwrap().contains("81"), "{details}");
        a.click("#edit");
        a.type_in("#f-points-0", "100");
        a.click("#save");
        a.wait_totals(&["374", "182"]);
        // Delete deal 1, then undo that change.
        a.click("tr[data-id='1']");
        a.click("#delete");
        both_show(a, &b, &["312", "62"]);
        a.click("#undo-change");
        both_show(a, &b, &["374", "182"]);
        takes_back_and_reverts(a, &b);
        refusals_in_the_pages_language(a);
        a.click("#f-taker [data-value='1']");
        // A deal typed while another phone saves one is kept, not lost, and
        // not applied blind: the first save is refused as stale, the second
        // (after the table has been seen) goes through.
        a.type_in("#f-points-1", "100");
        enter_french(&b, "1", "1", "100");
        both_show(&b, a, &["436", "282"]);
        assert_eq!(a.js("return document.querySelector('#f-points-1').value;"), json!("100"));
        a.click("#save");
        a.wait("document.querySelector('#form-error').textContent.includes('another phone')");
        assert_eq!(a.js("return document.querySelector('#f-points-1').value;"), json!("100"));
        a.wait_totals(&["436", "282"]);
        a.click("#save");
        both_show(a, &b, &["498", "382"]);
        // The read-only link shows the game and no form.
        let view = a.js("return document.querySelector('#view-link').value;");
        b.go(view.as_str().unwrap());
        b.wait_totals(&["498", "382"]);
        assert_eq!(b.js("return document.querySelector('#deal-form');"), Value::Null);
    });
}

#[test]
fn browser_two_and_three_player_games() {
    browser_test(3, served, |d, a, base| {
        new_game(a, base, "two_player", &["Ivan", "Olena"]);
        // A typical deal by taps: who ordered what in one tap, the keypad
        // typing into the loader's box first, then on to the other's by
        // itself (issues 19 and 44: the taps are counted).
        let key = |k: char| format!(".keypad button[aria-label='{k}']");
        let mut taps = vec!["#t-order-0-NT".to_string()];
        taps.extend("60".chars().map(key));
        taps.extend("40".chars().map(key));
        let scrolled = tap_all(a, &taps);
        // The outcome shows before saving.
        let p = a.wait("document.querySelector('#preview').textContent");
        assert!(p.as_str().unwrap().contains("Ivan 120"), "{p}");
        a.click("#save");
        a.wait_totals(&["120", "80"]);
        eprintln!(
            "two-player typical deal: {} taps, {scrolled} of them scrolled to",
            taps.len() + 1
        );
        assert_eq!(taps.len() + 1, 6, "taps for a two-player deal");
        a.click("#t-raspasy");
        a.type_in("#t-points-0", "70");
        a.type_in("#t-points-1", "60");
        a.click("#save");
        a.wait_totals(&["50", "20"]);
        a.click("#undo");
        a.wait_totals(&["120", "80"]);

        new_game(a, base, "three_player", &["A", "B", "Konstantinopoulos"]);
        let mut taps = vec!["#r-declarer [data-value='0']".to_string()];
        taps.extend("416259".chars().map(key));
        let scrolled = tap_all(a, &taps);
        a.wait("document.querySelector('#preview').textContent");
        a.click("#save");
        a.wait_totals(&["0", "83", "79"]);
        // The history of three players fits a 360-pixel phone: no sideways
        // scroll, though a name is long and unbreakable.
        let narrow = browser_sized(d, 7, 360, 740);
        narrow.go(a.js("return location.href;").as_str().unwrap());
        narrow.wait_totals(&["0", "83", "79"]);
        let fits = narrow.js(
            "const s = document.querySelector('.scroll'); return [s.scrollWidth, s.clientWidth];",
        );
        assert!(
            fits[0].as_u64() <= fits[1].as_u64(),
            "the history scrolls sideways at 360 px: {fits}"
        );
        drop(narrow);
        eprintln!(
            "three-player typical deal: {} taps, {scrolled} of them scrolled to",
            taps.len() + 1
        );
        assert_eq!(taps.len() + 1, 8, "taps for a three-player deal");
        // Without a declarer the page says so itself.
        a.click("#save");
        let msg = a.wait("document.querySelector('#form-error').textContent");
        assert_eq!(msg, json!("Choose who played."));
        // Belots are counted by taps (each worth 20), not typed; focus stays on
        // the tapped control through the redraw; a capo says what happens to
        // the last trick's 10.
        a.click("#r-more summary");
        a.click("#r-belots-0-plus");
        a.click("#r-belots-0-plus");
        assert_eq!(
            a.js("return document.querySelector(\"#r-belots [data-count='0']\").textContent;"),
            json!("2")
        );
        assert_eq!(a.js("return document.activeElement.id;"), json!("r-belots-0-plus"));
        a.click("#r-belots-0-zero");
        assert_eq!(
            a.js("return document.querySelector(\"#r-belots [data-count='0']\").textContent;"),
            json!("0")
        );
        a.click("#r-capo-2");
        a.wait("document.querySelector('#capo-note')");
        a.click("#r-capo-2");
        // Combinations are tapped as points, not typed.
        a.click("#r-melds-1-20");
        a.click("#r-melds-1-50");
        assert_eq!(
            a.js("return document.querySelector(\"#r-melds [data-points='1']\").textContent;"),
            json!("70")
        );
        a.click("#r-melds-1-0");
        // Languages: switch to Bulgarian.
        a.js("const s = document.querySelector('#lang'); s.value = 'bg'; s.dispatchEvent(new Event('change')); return 1;");
        a.wait("document.body.textContent.includes('Нова раздача')");
    });
}

/// Taps each control in turn, from the top of the page; says how many
/// were below the screen's edge (scrolled to) when tapped.
fn tap_all(a: &Browser<'_>, taps: &[String]) -> usize {
    a.js("window.scrollTo(0, 0); return 1;");
    let mut scrolled = 0;
    for css in taps {
        let off = a.js(&format!(
            "const r = document.querySelector({css:?}).getBoundingClientRect(); return r.top < 0 || r.bottom > window.innerHeight;"
        ));
        scrolled += usize::from(off == json!(true));
        a.click(css);
    }
    scrolled
}

/// At a real table (issue 19): the keypad types into the box tapped (and
/// by default the taker's side), the other side's points show as it is
/// typed, a deal without a taker is caught by the page in the page's
/// language, a finished game says so and offers a rematch, and the home
/// page lists the games opened on this phone.
#[test]
fn browser_keypad_checks_game_over_rematch_and_the_games_on_this_phone() {
    browser_test(3, served, |_, a, base| {
        new_french_game_to(a, base, 200);
        // Boris (second team) takes: the keypad types into his team's box.
        a.click("#f-taker [data-value='1']");
        for k in ["9", "0"] {
            a.click(&format!(".keypad button[aria-label='{k}']"));
        }
        assert_eq!(a.js("return document.querySelector('#f-points-1').value;"), json!("90"));
        assert_eq!(a.js("return document.querySelector('#f-points-0').placeholder;"), json!("72"));
        // Tapping the first team's box sends the keypad there.
        a.click("#f-points-0");
        a.click(".keypad button[aria-label='Clear']");
        a.click(".keypad button[aria-label='5']");
        assert_eq!(a.js("return document.querySelector('#f-points-0').value;"), json!("5"));
        // No taker: the page says so itself, in its language, and sends nothing.
        a.js("const s = document.querySelector('#lang'); s.value = 'bg'; s.dispatchEvent(new Event('change')); return 1;");
        a.wait("document.querySelector('#deal-form')");
        a.click("#f-taker [data-value='1']");
        a.click("#f-taker [data-value='1']");
        a.click("#save");
        let msg = a.wait("document.querySelector('#form-error').textContent");
        assert_eq!(msg, json!("Изберете кой взе."));
        a.js("const s = document.querySelector('#lang'); s.value = 'en'; s.dispatchEvent(new Event('change')); return 1;");
        // Two made deals for Boris's team end the game at 200.
        for _ in 0..2 {
            a.wait("document.querySelector('#deal-form')");
            enter_french(a, "1", "1", "120");
            a.wait(
            "document.querySelector('#form-error') && !document.querySelector('#f-points-1').value",
        );
        }
        a.wait_totals(&["84", "240"]);
        let over = a.wait(
        "document.querySelector('#game-over') && document.querySelector('#game-over').textContent",
    );
        assert!(over.as_str().unwrap().contains("Boris & Dimitar"), "{over}");
        // Names and house rules change after the start: every deal is scored
        // again (a higher target: the game goes on).
        a.click("#setup-edit summary");
        a.type_in("#e-p1", "Borislav");
        a.type_in("#e-target", "500");
        a.click("#setup-save");
        a.wait("!document.querySelector('#game-over') && document.querySelector('.totals').textContent.includes('Borislav')");
        a.wait_totals(&["84", "240"]);
        a.click("#undo-change");
        a.wait("document.querySelector('#game-over')");
        let first = a.js("return location.pathname;");
        a.click("#rematch");
        a.wait(&format!("location.pathname !== {first} && document.querySelector('#deal-form')"));
        a.wait_totals(&["0", "0"]);
        // Home: both games, the finished one among them, a tap away.
        a.go(&format!("{base}/"));
        let listed = a.wait("document.querySelectorAll('#my-games li').length === 2 && document.querySelector('#my-games').textContent");
        assert!(listed.as_str().unwrap().contains("84 : 240"), "{listed}");
        a.click("#my-games li:nth-child(2) a");
        a.wait(&format!("location.pathname === {first}"));
        a.wait_totals(&["84", "240"]);
    });
}

/// A typical deal on a 390x844 phone (issue 19): taker, one side's points
/// on the keypad, belote, Save: 5 taps, every one of them on the screen as
/// it opens (no scrolling), the totals in view after, and a confirmation.
#[test]
fn browser_a_typical_deal_takes_five_taps_without_scrolling() {
    browser_test(4, served, |_, a, base| {
        new_french_game(a, base);
        a.js("window.scrollTo(0, 0); return 1;");
        let taps = [
            "#f-taker [data-value='1']",
            ".keypad button[aria-label='9']",
            ".keypad button[aria-label='0']",
            "#f-belote [data-value='1']",
            "#save",
        ];
        for css in taps {
            let on_screen = a.js(&format!(
                "const r = document.querySelector({css:?}).getBoundingClientRect(); \
             return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight;"
            ));
            assert_eq!(on_screen, json!(true), "{css} must be on the first screen");
            a.click(css);
            if css.starts_with("#f-taker") {
                // The redraw keeps focus on the tapped control.
                assert_eq!(a.js("return document.activeElement.id;"), json!("f-taker-1"));
            }
            if css.ends_with("'0']") {
                // The outcome shows before saving: Boris's team made it.
                let p = a.wait("document.querySelector('#preview').textContent.includes('90') && document.querySelector('#preview').textContent");
                assert!(p.as_str().unwrap().starts_with("made"), "{p}");
            }
        }
        assert_eq!(taps.len(), 5, "taps for a typical deal");
        // Boris's team made 90 + 20 belote: 110 and 72.
        a.wait_totals(&["72", "110"]);
        let said = a.wait("document.querySelector('#status').textContent");
        assert!(said.as_str().unwrap().contains('1'), "a confirmation: {said}");
        let totals_in_view = a
            .js("const r = document.querySelector('[data-total]').getBoundingClientRect(); \
         return r.top >= 0 && r.bottom <= window.innerHeight;");
        assert_eq!(totals_in_view, json!(true));
        assert_eq!(
            a.js("return document.querySelector('#f-points-1').value;"),
            json!(""),
            "form reset"
        );
    });
}

/// A server on `port` over the database at `path`, in a thread of its
/// own, until the sender is used (a server that can be cut and restarted).
fn serve_on(
    port: u16,
    path: std::path::PathBuf,
) -> (std::thread::JoinHandle<()>, tokio::sync::oneshot::Sender<()>) {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let h = std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let l = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.unwrap();
            let hub = Hub::open(&path, Limits::default()).unwrap();
            serve_with(l, hub.clone(), app(hub), async {
                let _ = rx.await;
            })
            .await
            .unwrap();
        });
    });
    (h, tx)
}

/// Offline-safe (issue 19): with the server cut, two deals are saved on
/// the phone ("not yet sent"); the page reloads from the phone (service
/// worker, the game's last copy); when the server is back both arrive,
/// once each.
#[test]
fn browser_deals_saved_offline_survive_a_reload_and_arrive_once() {
    retried(|| {
        let Some(d) = start_driver() else { return };
        let (port, path) = port_and_db("offline");
        let base = format!("http://127.0.0.1:{port}");
        let (server, stop) = serve_on(port, path.clone());
        std::thread::sleep(Duration::from_millis(300));
        let a = browser(&d, 5);
        let game = new_french_game(&a, &base);
        // The app shell is on the phone before the server goes.
        a.wait("navigator.serviceWorker.controller");
        for _ in 0..100 {
            let cached = a.js("caches.match('/app.js').then(r => window.__cached = !!r); return window.__cached === true;");
            if cached == json!(true) {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        stop.send(()).unwrap();
        server.join().unwrap();
        for (taker, side, points) in [("1", "1", "100"), ("0", "0", "90")] {
            enter_french(&a, taker, side, points);
            a.wait(&format!("!document.querySelector('#f-points-{side}').value"));
        }
        let pending = a.wait(
        "document.querySelector('#pending') && document.querySelector('#pending h2').textContent",
    );
        assert!(pending.as_str().unwrap().contains("(2)"), "{pending}");
        // Counted at once (issue 44), by the phone's own scorer.
        a.wait_totals(&["152", "172"]);
        // Reloaded without the server: the page, the game and the queue are
        // all on the phone, and still counted.
        a.go(&format!("{base}{game}"));
        a.wait("document.querySelector('#pending') && document.querySelector('[data-total]')");
        a.wait_totals(&["152", "172"]);
        let (server, stop) = serve_on(port, path.clone());
        a.wait_totals_within(&["152", "172"], Duration::from_secs(20));
        a.wait("!document.querySelector('#pending')");
        a.js(&format!(
        "fetch('/api/sheets{}').then(r => r.json()).then(j => window.__v = j.version); return 1;",
        &game[2..]
    ));
        assert_eq!(a.wait("window.__v"), json!(2), "each deal arrived once");
        stop.send(()).unwrap();
        server.join().unwrap();
    });
}

/// Offline on a phone that opened the server by its network address
/// (issue 44). Plain http to a name other than this machine is not a
/// secure origin: no service worker, no reload without the server. Still,
/// three deals saved with the server stopped wait on the phone, listed in
/// full, counted in the totals and the next dealer at once; when the
/// server is back all three are stored, in order, once each.
#[test]
fn browser_offline_on_a_network_address_counts_waiting_deals_and_sends_them_in_order() {
    retried(|| {
        let Some(d) = start_driver() else { return };
        let (port, path) = port_and_db("offline-lan");
        let (server, stop) = serve_on(port, path.clone());
        std::thread::sleep(Duration::from_millis(300));
        // The phone knows the server by a name, as by a network address.
        let rule = "--host-resolver-rules=MAP belot-table.test 127.0.0.1";
        let a = browser_with(&d, 6, 390, 844, &[rule]);
        let base = format!("http://belot-table.test:{port}");
        let game = new_french_game(&a, &base);
        assert_eq!(a.js("return window.isSecureContext;"), json!(false), "not a secure origin");
        assert_eq!(a.js("return 'serviceWorker' in navigator;"), json!(false));
        a.wait("scorer.module");
        stop.send(()).unwrap();
        server.join().unwrap();
        // Boris's side 100; Ana's side 90; Dimitar takes with 60: dedans.
        let steps = [
            ("1", "1", "100", ["62", "100"], "Boris"),
            ("0", "0", "90", ["152", "172"], "Chloé"),
            ("3", "1", "60", ["314", "172"], "Dimitar"),
        ];
        for (n, (taker, side, points, totals, next)) in steps.iter().enumerate() {
            enter_french(&a, taker, side, points);
            a.wait(&format!(
                "document.querySelector('#pending h2') && document.querySelector('#pending h2').textContent.includes('({})')",
                n + 1
            ));
            a.wait_totals(totals);
            let dealer = a.js("return document.querySelector('#next-dealer').textContent;");
            assert_eq!(dealer, json!(format!("Next dealer: {next}")), "after deal {}", n + 1);
        }
        // Listed in full: who took and each side's points.
        let list = a.js("return document.querySelector('#pending').textContent;");
        let list = list.as_str().unwrap();
        for part in ["Boris", "100", "Ana", "90", "Dimitar", "60"] {
            assert!(list.contains(part), "{part} in {list}");
        }
        let (server, stop) = serve_on(port, path.clone());
        a.wait_within("!document.querySelector('#pending')", Duration::from_secs(30));
        a.wait_totals(&["314", "172"]);
        a.js(&format!(
            "fetch('/api/sheets{}').then(r => r.json()).then(j => window.__s = j); return 1;",
            &game[2..]
        ));
        let st = a.wait("window.__s");
        assert_eq!(st["version"], json!(3), "each deal stored once");
        let pts: Vec<Value> = st["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["entry"]["card_points"].clone())
            .collect();
        assert_eq!(pts, [json!([null, 100]), json!([90, null]), json!([null, 60])], "in order");
        stop.send(()).unwrap();
        server.join().unwrap();
    });
}

/// The new-game screen's rules: every one has words in every language.
fn every_rule_has_words_in_every_language(a: &Browser<'_>) {
    // Every rule of every game has a name, a help line and words for each
    // choice in every language (English's from the server). The page
    // loads a language's words when it is chosen: all of them here.
    a.js("Promise.all(LANGS.map(loadWords)).then(() => window.__words = true); return 1;");
    a.wait("window.__words");
    let missing = a.js(
    "const out = [];
     for (const l of LANGS) for (const [v, rules] of Object.entries(RULES)) for (const r of rules) {
       if (r.from_setup) continue;
       // English comes from the server (the Rust option types).
       const en = { [`opt_${v}_${r.key}`]: r.name, [`opt_${v}_${r.key}_help`]: r.help };
       (r.choices || []).forEach((c, i) => { en[`choice_${v}_${r.key}_${c}`] = (r.labels || [])[i]; });
       const has = (...ks) => ks.some(k => (l === 'en' ? en : T[l])[k]);
       if (!has(`opt_${v}_${r.key}`, `opt_${r.key}`)) out.push(`${l} ${v}.${r.key}`);
       if (!has(`opt_${v}_${r.key}_help`, `opt_${r.key}_help`)) out.push(`${l} ${v}.${r.key} help`);
       for (const c of r.choices || []) if (!has(`choice_${v}_${r.key}_${c}`, `choice_${c}`)) out.push(`${l} ${v}.${r.key}=${c}`);
     }
     return out;",
);
    assert_eq!(missing, json!([]));
}

/// House rules from one source (issue 19): the page takes them from
/// `GET /api/rules`. In Bulgarian the new-game screen shows the seed's
/// rules (target, both over the target, litige) up front with Bulgarian
/// names and the rest under "more rules"; every rule, help line and choice
/// has words in all six languages; a changed rule is stored with the game
/// and shown in the "Players and house rules" panel.
#[test]
fn browser_house_rules_come_from_the_server_main_ones_first_translated() {
    retried(|| {
        let Some(d) = start_driver() else { return };
        let port = serve();
        let base = format!("http://127.0.0.1:{port}");
        let a = browser(&d, 6);
        a.go(&format!("{base}/"));
        a.wait("document.querySelector('#o-target')");
        a.js("const s = document.querySelector('#lang'); s.value = 'bg'; s.dispatchEvent(new Event('change')); return 1;");
        a.wait("document.documentElement.lang === 'bg' && document.querySelector('#o-target')");
        let up_front = "return [...document.querySelectorAll('#o-rules label.rule')].filter(l => !l.closest('details')).map(l => [l.dataset.rule, l.querySelector('span').textContent]);";
        assert_eq!(
            a.js(up_front),
            json!([
                ["target", "Цел"],
                ["both_cross", "И двата отбора над целта"],
                ["litige", "Литиж"]
            ])
        );
        // In view without a tap; the others folded under "more rules".
        assert_eq!(
            a.js("return document.querySelector('#o-litige').checkVisibility();"),
            json!(true)
        );
        assert_eq!(
            a.js("return document.querySelector('#o-more-rules summary').textContent;"),
            json!("Още правила")
        );
        assert_eq!(
        a.js("return [document.querySelector('#o-more-rules').open, document.querySelector('#o-seq_len_cap').checkVisibility(), document.querySelectorAll('#o-more-rules label.rule').length];"),
        json!([false, false, 11])
    );
        assert_eq!(
            a.js(
                "return [...document.querySelectorAll('#o-litige option')].map(o => o.textContent);"
            ),
            json!(["Точките на взелия чакат", "Брои се за вътре", "Брои се за изкарана"])
        );
        assert!(
            a.js("return document.querySelector('#o-litige-help').textContent;")
                .as_str()
                .unwrap()
                .starts_with("точките на взелия")
        );
        // The number of players is the set-up's, not a rule.
        assert_eq!(a.js("return document.querySelector('#o-players');"), Value::Null);
        every_rule_has_words_in_every_language(&a);
        // Two-player Belot: the target and распасы up front.
        a.js("const v = document.querySelector('#variant'); v.value = 'two_player'; v.dispatchEvent(new Event('change')); return 1;");
        a.wait("document.querySelector('#o-raspasy_enabled')");
        assert_eq!(
            a.js(up_front),
            json!([["target", "Цел"], ["raspasy_enabled", "Распасы (всички пас)"]])
        );
        a.js("const v = document.querySelector('#variant'); v.value = 'french'; v.dispatchEvent(new Event('change')); return 1;");
        a.wait("document.querySelector('#o-litige')");
        // Changed rules, up front and under "more rules", are stored.
        a.type_in("#o-target", "500");
        a.js("const s = document.querySelector('#o-litige'); s.value = 'tie_is_made'; s.dispatchEvent(new Event('change')); return 1;");
        a.click("#o-more-rules summary");
        a.click("#o-belote_requires_calls");
        a.type_in("#o-seq_len_cap", "6");
        for (i, p) in FRENCH_FOUR.iter().enumerate() {
            a.type_in(&format!("#p{i}"), p);
        }
        a.click("#create");
        let path = a.wait("location.pathname.startsWith('/g/') && document.querySelector('#deal-form') && location.pathname");
        let id = path.as_str().unwrap().trim_start_matches("/g/").to_string();
        let st = http(port, "GET", &format!("/api/sheets/{id}"), None);
        let o = &st["setup"]["rules"]["options"];
        assert_eq!(
            [
                &o["target"],
                &o["litige"],
                &o["belote_requires_calls"],
                &o["seq_len_cap"],
                &o["both_cross"],
                &o["players"]
            ],
            [
                &json!(500),
                &json!("tie_is_made"),
                &json!(false),
                &json!(6),
                &json!("more_points"),
                &json!(4)
            ],
            "{st}"
        );
        // The panel after the start shows them, in the page's language.
        a.click("#setup-edit summary");
        assert_eq!(a.js("return document.querySelector('#e-litige').value;"), json!("tie_is_made"));
        assert_eq!(a.js("return document.querySelector('#e-target').value;"), json!("500"));
        assert_eq!(
            a.js("return document.querySelector('#e-target-name').textContent;"),
            json!("Цел")
        );
        assert_eq!(a.js("return document.querySelector('#e-seq_len_cap').value;"), json!("6"));
    });
}
