//! Card tables in real headless Chromium on phone-sized screens: a table
//! made from the home page, a friend joining by the invite link, people
//! playing whole deals by tapping cards and auction buttons with bots in
//! the other seats, a phone reloading mid-trick, and a spectator who sees
//! no hand. (See browser.rs for how the browser is found.)

use std::time::{Duration, Instant};

use belot_server::Limits;
use serde_json::{Value, json};

mod common;
use common::webdriver::*;

/// Bots play at once (the default pauses are for people's eyes).
fn server() -> String {
    let fast = Duration::from_millis(20);
    let port = serve_limits(Limits { bot_pace: fast, trick_pause: fast, ..Limits::default() });
    format!("http://127.0.0.1:{port}")
}

/// Makes a table from the home page's Play form: `seats` as the form
/// names them (me, open, easy, strong). Returns the table's path.
fn new_table(b: &Browser<'_>, base: &str, variant: &str, players: usize, seats: &[&str]) -> String {
    new_table_with(b, base, variant, players, seats, false)
}

/// The same, with "tap to continue" ticked or not.
fn new_table_with(
    b: &Browser<'_>,
    base: &str,
    variant: &str,
    players: usize,
    seats: &[&str],
    tap: bool,
) -> String {
    b.go(&format!("{base}/"));
    b.click("#mode-play");
    b.wait("document.querySelector('#t-variant')");
    b.js(&format!(
        "const v = document.querySelector('#t-variant'); v.value = {variant:?}; v.dispatchEvent(new Event('change'));
         const n = document.querySelector('#t-nplayers'); n.value = '{players}'; n.dispatchEvent(new Event('change')); return 1;"
    ));
    for (i, s) in seats.iter().enumerate() {
        b.js(&format!("document.querySelector('#t-seat-{i}').value = {s:?}; return 1;"));
    }
    b.type_in("#t-name", "Ana");
    if tap {
        b.js("document.querySelector('#t-rules').open = true; return 1;");
        b.click("#t-tap");
    }
    b.click("#start-table");
    let path = b.wait("location.pathname.startsWith('/t/') && document.querySelector('#card-table') && location.pathname");
    path.as_str().unwrap().to_string()
}

/// Taps on every phone until each shows the deal's end; calls `each`
/// with a phone's index before its tap.
fn play_out(phones: &[&Browser<'_>], mut each: impl FnMut(usize)) {
    let t = Instant::now();
    loop {
        let mut over = 0;
        for (i, b) in phones.iter().enumerate() {
            each(i);
            if table_step(b) == "over" {
                over += 1;
            }
        }
        if over == phones.len() {
            return;
        }
        assert!(t.elapsed() < Duration::from_secs(120), "the deal did not end in 2 minutes");
        std::thread::sleep(Duration::from_millis(60));
    }
}

/// Every card named on the page (cards are drawn with their names).
fn cards_shown(b: &Browser<'_>, css: &str) -> Vec<String> {
    let v =
        b.js(&format!("return [...document.querySelectorAll({css:?})].map(e => e.dataset.card);"));
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

#[test]
fn browser_two_people_and_two_bots_play_a_french_deal_one_reloads_a_spectator_watches() {
    browser_test(1, server, |d, a, base| {
        new_table(a, base, "french", 4, &["me", "open", "easy", "strong"]);
        // The table waits for the friend: the links are on its screen.
        a.js("document.querySelector('#waiting-watch').open = true; return 1;");
        let invite = a.wait("document.querySelector('#invite-link').value");
        let watch = a.wait(
            "document.querySelector('#watch-link') && document.querySelector('#watch-link').value",
        );
        let path = |v: &Value| {
            let s = v.as_str().unwrap();
            s[s.find("/t/").or_else(|| s.find("/w/")).unwrap()..].to_string()
        };
        let b = browser(d, 2);
        b.go(&format!("{base}{}", path(&invite)));
        b.wait("document.querySelector('#join-name')");
        b.type_in("#join-name", "Boris");
        b.click("#join button[data-seat='1']");
        b.wait("document.querySelector('#card-table') && tbl.st && tbl.st.you === 1");
        let c = browser(d, 3);
        c.go(&format!("{base}{}", path(&watch)));
        c.wait("document.querySelector('#card-table')");
        let mut reloaded = false;
        let mid_trick = "tbl && tbl.st && tbl.st.view.to_act === 1 && tbl.st.view.trick ? [tbl.st.seq, tbl.st.view.trick] : null";
        play_out(&[a, &b], |i| {
            // The spectator never holds a hand.
            assert!(cards_shown(&c, "#hand .card").is_empty());
            if i != 1 {
                return;
            }
            // B reloads once, mid-trick on its turn (nobody else moves):
            // the same state comes back, and B plays on.
            let before = b.js(&format!("return {mid_trick};"));
            if !reloaded && !before.is_null() {
                reloaded = true;
                let shown = cards_shown(&b, "#trick .card");
                b.js("location.reload(); return 1;");
                b.wait("document.querySelector('#card-table') && tbl.st && tbl.st.you === 1");
                assert_eq!(b.js(&format!("return {mid_trick};")), before);
                assert_eq!(cards_shown(&b, "#trick .card"), shown);
            }
        });
        assert!(reloaded, "a card was played by a person");
        // Both people and the spectator see the same totals and score.
        let totals = |x: &Browser<'_>| {
            x.wait("document.querySelector('#deal-over') && document.querySelector('#table-totals').textContent")
        };
        assert_eq!(totals(a), totals(&b));
        assert_eq!(totals(a), totals(&c));
        c.wait("document.querySelector('#deal-score')");
        // The review: every card of the deal with the solver's value, the
        // same for a player and a spectator.
        a.click("#review-btn");
        let values = a.wait("document.querySelectorAll('#review .judged').length === 32 && [...document.querySelectorAll('#review .judged')].map(e => +e.dataset.value)");
        assert!(
            values.as_array().unwrap().iter().all(|v| v.as_u64().is_some_and(|v| v <= 252)),
            "{values}"
        );
        c.click("#review-btn");
        let seen = c.wait("document.querySelectorAll('#review .judged').length === 32 && [...document.querySelectorAll('#review .judged')].map(e => +e.dataset.value)");
        assert_eq!(seen, values);
        // The next deal starts from one tap.
        a.click("#next-deal");
        b.wait("!document.querySelector('#deal-over') && tbl.st.deal === 2 && document.querySelectorAll('#hand .card').length >= 5");
    });
}

#[test]
fn browser_a_two_player_and_a_three_player_deal_against_bots() {
    browser_test(4, server, |_, a, base| {
        for (variant, seats) in [
            ("two_player", &["me", "strong"][..]),
            ("three_player", &["me", "medium", "strong"][..]),
        ] {
            new_table(a, base, variant, 4, seats);
            a.wait("document.querySelectorAll('#hand .card').length >= 6");
            play_out(&[a], |_| {});
            a.wait("document.querySelector('#deal-score')");
            let hands = a.js("return document.querySelectorAll('#hands li').length;");
            assert_eq!(hands, json!(seats.len()), "{variant}: every seat's cards shown at the end");
        }
    });
}

/// Issue 42: a table made with a friend's seat waits for the friend, with
/// the invite link and its QR code on the maker's first screen (no
/// scrolling on the phone) and nothing dealt; the friend joins by the
/// link, and the deal starts on both phones. With "tap to continue" each
/// finished trick stays on the table, its fourth card and winner shown,
/// and the bots wait until a person taps. In a two-player table the maker
/// gives the free seat to a bot from the waiting screen instead.
#[test]
fn browser_a_table_waits_for_its_friend_and_each_trick_waits_for_a_tap() {
    browser_test(5, server, |d, a, base| {
        new_table_with(a, base, "french", 4, &["me", "easy", "open", "easy"], true);
        a.wait("document.querySelector('#waiting') && document.querySelector('#invite-qr').complete && document.querySelector('#invite-qr').naturalWidth > 0");
        // The link, the copy button and the QR code are in view at once.
        let bottom = a.js("return Math.max(...['#invite-link', '#copy-invite', '#invite-qr'].map(s => document.querySelector(s).getBoundingClientRect().bottom));");
        assert!(bottom.as_f64().unwrap() <= 844.0, "below the fold: {bottom}");
        assert_eq!(a.js("return document.querySelectorAll('#hand .card').length;"), json!(0));
        let invite = a.js("return document.querySelector('#invite-link').value;");
        let invite = invite.as_str().unwrap();
        let path = &invite[invite.find("/t/").unwrap()..];
        // Nothing moves while the seat is free.
        std::thread::sleep(Duration::from_millis(300));
        assert_eq!(a.js("return tbl.st.view.calls.length;"), json!(0));
        let b = browser(d, 6);
        b.go(&format!("{base}{path}"));
        b.wait("document.querySelector('#join-name')");
        b.type_in("#join-name", "Boris");
        b.click("#join button[data-seat='2']");
        for p in [a, &b] {
            p.wait("!document.querySelector('#waiting') && document.querySelectorAll('#hand .card').length >= 5");
        }
        // Play until a trick is finished: it stays, with who won it, and
        // while it does the table does not move on.
        let t = Instant::now();
        loop {
            let held = a.js("return !!document.querySelector('#trick-continue');");
            if held == json!(true) {
                break;
            }
            assert!(t.elapsed() < Duration::from_secs(60), "no trick finished");
            for p in [a, &b] {
                if p.js("return !!document.querySelector('#trick-continue');") != json!(true) {
                    table_step_no_continue(p);
                }
            }
            std::thread::sleep(Duration::from_millis(60));
        }
        let cards = a.js("return document.querySelectorAll('#trick .card').length;");
        assert_eq!(cards, json!(4), "the fourth card is on the table");
        assert_eq!(
            a.js("return document.querySelectorAll('#trick .slot.winner').length;"),
            json!(1)
        );
        let won = a.js("return document.querySelector('#trick-continue').textContent;");
        assert!(won.as_str().unwrap().contains("wins the trick"), "{won}");
        let seq = a.js("return tbl.st.seq;");
        let bot_next = a.js("const s = tbl.st; return s.view.to_act !== 0 && s.view.to_act !== 2;");
        std::thread::sleep(Duration::from_millis(600));
        if bot_next == json!(true) {
            assert_eq!(a.js("return tbl.st.seq;"), seq, "the bots wait for a tap");
        }
        a.click("#trick-continue");
        a.wait("!document.querySelector('#trick-continue')");
        // The friend's phone kept it too, until its own tap.
        b.wait("!!document.querySelector('#trick-continue')");
        b.click("#trick-continue");
        b.wait("!document.querySelector('#trick-continue')");

        // Two players: the free seat given to a bot from the waiting screen.
        new_table(a, base, "two_player", 2, &["me", "open"]);
        a.wait("document.querySelector('#waiting') && document.querySelector('#bot-level-1')");
        a.js("document.querySelector('#bot-level-1').value = 'easy'; return 1;");
        a.click("#waiting-seats button[data-bot='1']");
        a.wait("!document.querySelector('#waiting') && document.querySelectorAll('#hand .card').length >= 6");
        assert_eq!(a.js("return tbl.st.seats[1].level;"), json!("easy"));
    });
}

/// One tap of the table's auction or a legal card, leaving a held trick
/// alone.
fn table_step_no_continue(b: &Browser<'_>) {
    b.js(r#"if (document.querySelector('#deal-over') || !tbl || !tbl.st || tbl.busy === tbl.st.seq) return 0;
        const c = document.querySelector('#hand .legal');
        const bs = [...document.querySelectorAll('#actions button[data-action]')];
        const pick = c || bs.find(x => x.dataset.action === 'take') || bs.find(x => x.dataset.action !== 'pass') || bs[0];
        if (!pick) return 0;
        tbl.busy = tbl.st.seq; pick.click(); return 1;"#);
}
