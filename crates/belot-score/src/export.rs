//! Exports of a sheet for people and spreadsheets.

use std::fmt::Write as _;

use belot_core::{DealInput, DealReport, Half, Seat};

use crate::input::Setup;
use crate::sheet::Sheet;

/// Display names of the scoring sides: "Ana & Chloé" for a French team,
/// the player's name otherwise.
pub fn side_names(setup: &Setup) -> Vec<String> {
    if setup.rules.sides() == 2 && setup.players.len() == 4 {
        vec![
            format!("{} & {}", setup.players[0], setup.players[2]),
            format!("{} & {}", setup.players[1], setup.players[3]),
        ]
    } else {
        setup.players.clone()
    }
}

/// A number of points: whole, or with one decimal for halves.
pub fn num(x: Half) -> String {
    x.to_string()
}

/// Who took what, for a table: "Boris ♥", "AT Olena", "raspasy ♠".
pub fn contract_text(setup: &Setup, e: &DealInput) -> String {
    e.describe(&|s: Seat| setup.players.get(s.index()).cloned().unwrap_or_default())
}

/// The outcome word of a row's score ("made", "dedans", "litige", "bait"…;
/// empty for a deal not scored).
pub fn outcome(score: Option<&DealReport>) -> &'static str {
    score.map_or("", |s| s.outcome)
}

fn csv_field(s: &str) -> String {
    // A name starting with = + - @ would run as a formula in a spreadsheet;
    // a leading apostrophe makes it plain text there.
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
}

/// The table as CSV for spreadsheets.
pub fn csv(sheet: &Sheet) -> String {
    let setup = sheet.setup();
    let sides = side_names(setup);
    let mut out = String::from("deal,id,dealer,kind,contract,outcome");
    for s in &sides {
        let _ = write!(out, ",{}", csv_field(&format!("points {s}")));
    }
    out.push_str(",held");
    for s in &sides {
        let _ = write!(out, ",{}", csv_field(&format!("total {s}")));
    }
    out.push_str(",counted\n");
    for r in &sheet.table().rows {
        let outcome = outcome(r.score.as_ref());
        let dealer = setup.players.get(r.dealer.index()).cloned().unwrap_or_default();
        let _ = write!(
            out,
            "{},{},{},{},{},{}",
            r.number,
            r.id,
            csv_field(&dealer),
            r.kind,
            csv_field(&contract_text(setup, &r.entry)),
            outcome
        );
        for x in &r.recorded {
            let _ = write!(out, ",{}", num(*x));
        }
        let _ = write!(out, ",{}", num(r.pool_after));
        for x in &r.totals {
            let _ = write!(out, ",{}", num(*x));
        }
        let _ = writeln!(out, ",{}", r.counted);
    }
    out
}
