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

/// Bots play at once (the default pause is for people's eyes).
fn server() -> String {
    let port = serve_limits(Limits { bot_pace: Duration::from_millis(20), ..Limits::default() });
    format!("http://127.0.0.1:{port}")
}

/// Makes a table from the home page's Play form: `seats` as the form
/// names them (me, open, easy, strong). Returns the table's path.
fn new_table(b: &Browser<'_>, base: &str, variant: &str, players: usize, seats: &[&str]) -> String {
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
    retried(|| {
        let Some(d) = start_driver() else { return };
        let base = server();
        let a = browser(&d, 1);
        new_table(&a, &base, "french", 4, &["me", "open", "easy", "strong"]);
        a.js("document.querySelector('#table-share').open = true; return 1;");
        let invite = a.wait("document.querySelector('#invite-link').value");
        let watch = a.wait(
            "document.querySelector('#watch-link') && document.querySelector('#watch-link').value",
        );
        let path = |v: &Value| {
            let s = v.as_str().unwrap();
            s[s.find("/t/").or_else(|| s.find("/w/")).unwrap()..].to_string()
        };
        let b = browser(&d, 2);
        b.go(&format!("{base}{}", path(&invite)));
        b.wait("document.querySelector('#join-name')");
        b.type_in("#join-name", "Boris");
        b.click("#join button[data-seat='1']");
        b.wait("document.querySelector('#card-table') && tbl.st && tbl.st.you === 1");
        let c = browser(&d, 3);
        c.go(&format!("{base}{}", path(&watch)));
        c.wait("document.querySelector('#card-table')");
        let mut reloaded = false;
        let mid_trick = "tbl && tbl.st && tbl.st.view.to_act === 1 && tbl.st.view.trick ? [tbl.st.seq, tbl.st.view.trick] : null";
        play_out(&[&a, &b], |i| {
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
        assert_eq!(totals(&a), totals(&b));
        assert_eq!(totals(&a), totals(&c));
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
    retried(|| {
        let Some(d) = start_driver() else { return };
        let base = server();
        let a = browser(&d, 4);
        for (variant, seats) in [
            ("two_player", &["me", "strong"][..]),
            ("three_player", &["me", "medium", "strong"][..]),
        ] {
            new_table(&a, &base, variant, 4, seats);
            a.wait("document.querySelectorAll('#hand .card').length >= 6");
            play_out(&[&a], |_| {});
            a.wait("document.querySelector('#deal-score')");
            let hands = a.js("return document.querySelectorAll('#hands li').length;");
            assert_eq!(hands, json!(seats.len()), "{variant}: every seat's cards shown at the end");
        }
    });
}
