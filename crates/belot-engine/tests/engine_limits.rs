//! `belot engine`'s size limits: a line over the limit is refused with
//! `too_large` and changes nothing; a large valid record loads.

mod big;

/// Writes a `load` line of a big record to the file named by
/// `BELOT_BIG_LOAD` (`BELOT_BIG_DEALS` deals, default 16,000), for
/// measuring `belot engine`'s memory with `/usr/bin/time -v`.
#[test]
#[ignore = "writes a file for a measurement; run by hand"]
fn write_big_load_line() {
    let path = std::env::var("BELOT_BIG_LOAD").expect("BELOT_BIG_LOAD names the file");
    let deals = std::env::var("BELOT_BIG_DEALS").map_or(16_000, |d| d.parse().unwrap());
    let record = big::french_record(deals, 7);
    let line = format!("{{\"cmd\":\"load\",\"record\":{record}}}\n");
    std::fs::write(&path, line).unwrap();
}

use std::io::{BufReader, Cursor};

use belot_core::record::MatchRecord;
use belot_engine::{Engine, Line, MAX_LINE, read_line_bounded, serve_lines};
use serde_json::Value;

fn reply(e: &mut Engine, line: &str) -> Value {
    serde_json::from_str(&e.handle_line(line)).unwrap()
}

/// What a refused line must leave as it was.
fn snapshot(e: &mut Engine) -> (String, String) {
    (e.handle_line(r#"{"cmd":"save"}"#), e.handle_line(r#"{"cmd":"state"}"#))
}

#[test]
fn a_line_over_the_limit_is_refused_and_changes_nothing() {
    let mut e = Engine::new();
    assert_eq!(reply(&mut e, r#"{"cmd":"new","seed":42}"#)["ok"], true);
    let before = snapshot(&mut e);
    let pad = "x".repeat(MAX_LINE);
    let v = reply(&mut e, &format!(r#"{{"cmd":"new","seed":1,"pad":"{pad}"}}"#));
    assert_eq!(v["error"]["code"], "too_large", "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("8388608"), "{v}");
    assert!(snapshot(&mut e) == before, "a refused line changes nothing");
    assert_eq!(reply(&mut e, r#"{"cmd":"view","seat":1}"#)["ok"], true);
    // A smaller limit, set by the session.
    let mut small = Engine::new().with_max_line(20);
    let v = reply(&mut small, r#"{"cmd":"new","seed":42}"#);
    assert_eq!(v["error"]["code"], "too_large", "{v}");
    assert_eq!(reply(&mut small, r#"{"cmd":"help"}"#)["ok"], true);
}

#[test]
fn the_loop_refuses_a_long_line_and_goes_on() {
    let long = "y".repeat(MAX_LINE + 10);
    let input = format!("{{\"cmd\":\"new\"}}\n{long}\n\n{{\"cmd\":\"view\",\"seat\":0}}");
    let mut e = Engine::new();
    let mut out = Vec::new();
    serve_lines(Cursor::new(input), &mut out, MAX_LINE, |l| e.handle_line(l)).unwrap();
    let replies: Vec<Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[0]["ok"], true);
    assert_eq!(replies[1]["error"]["code"], "too_large");
    assert_eq!(replies[2]["view"]["seat"], 0);
}

#[test]
fn a_long_line_is_never_held_in_memory() {
    let input = format!("{}\nshort\nlast", "z".repeat(10_000));
    let mut r = BufReader::with_capacity(16, Cursor::new(input));
    let mut buf = Vec::new();
    assert_eq!(read_line_bounded(&mut r, &mut buf, 100).unwrap(), Some(Line::TooLong(10_000)));
    assert!(buf.is_empty() && buf.capacity() <= 200, "{}", buf.capacity());
    assert_eq!(read_line_bounded(&mut r, &mut buf, 100).unwrap(), Some(Line::Text));
    assert_eq!(buf, b"short");
    assert_eq!(read_line_bounded(&mut r, &mut buf, 100).unwrap(), Some(Line::Text));
    assert_eq!(buf, b"last");
    assert_eq!(read_line_bounded(&mut r, &mut buf, 100).unwrap(), None);
}

#[derive(serde::Deserialize)]
struct Saved {
    record: MatchRecord,
}

#[test]
fn a_large_valid_record_loads_and_one_over_the_limit_is_refused() {
    let record = big::french_record(13_000, 7);
    let line = format!(r#"{{"cmd":"load","record":{record}}}"#);
    assert!(line.len() > 7_000_000 && line.len() <= MAX_LINE, "{}", line.len());
    let mut e = Engine::new();
    let v = reply(&mut e, &line);
    assert_eq!(v["deal"], 13_000, "{}", &v.to_string()[..200.min(v.to_string().len())]);
    let saved: Saved = serde_json::from_str(&e.handle_line(r#"{"cmd":"save"}"#)).unwrap();
    let loaded: MatchRecord = serde_json::from_str(&record).unwrap();
    assert!(saved.record == loaded, "save gives the record loaded");
    let over = big::french_record(16_000, 7);
    let before = snapshot(&mut e);
    let v = reply(&mut e, &format!(r#"{{"cmd":"load","record":{over}}}"#));
    assert_eq!(v["error"]["code"], "too_large");
    assert!(snapshot(&mut e) == before, "the loaded match is kept");
}
