//! `belot solve`: a game record analysed card by card with the
//! double-dummy solver: the value of each card played, the best card's
//! value, and the mistakes with what each cost.

use std::fmt::Write as _;
use std::path::Path;

use belot_core::{AnyDeal, MatchRecord, Seat};
use belot_solver::review::{CardReview, review_deal};
use serde_json::{Value, json};

/// One card played, judged, in deal number `deal`.
struct Judged {
    deal: usize,
    review: CardReview,
}

impl std::ops::Deref for Judged {
    type Target = CardReview;
    fn deref(&self) -> &CardReview {
        &self.review
    }
}

/// Analyses `file` (a `belot engine` game record); `only` restricts to one
/// deal (1-based).
pub fn run(file: &Path, only: Option<usize>, as_json: bool) -> Result<String, String> {
    let record = read_record(file)?;
    let deals = record.deals.len();
    if let Some(n) = only.filter(|&n| n == 0 || n > deals) {
        return Err(match deals {
            0 => format!("--deal {n}: the record has no deals"),
            1 => format!("--deal {n}: the record has one deal (--deal 1)"),
            _ => format!("--deal {n}: the record has {deals} deals (1 to {deals})"),
        });
    }
    let (judged, heads) = judge(&record, only)?;
    Ok(if as_json { json_report(&record, &judged) } else { text_report(&record, &judged, &heads) })
}

/// A deal's number and heading (its contract, who took it, how it ended).
type Heading = (usize, String);

/// A game record from `file` ("-": standard input), or `belot engine`'s
/// save reply holding one; it must replay whole.
fn read_record(file: &Path) -> Result<MatchRecord, String> {
    let text = if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?
    };
    let name = file.display();
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
    // `belot engine`'s save reply holds the record: take it as it comes.
    let value = match value {
        Value::Object(mut m) if m.contains_key("ok") && m.contains_key("record") => {
            m.remove("record").unwrap_or(Value::Null)
        }
        v => v,
    };
    let record: MatchRecord = serde_json::from_value(value).map_err(|e| {
        format!("{name}: not a game record ({e}); give the output of `belot play --save` or the record of `belot engine`'s save")
    })?;
    // The record must replay as a whole before its deals are analysed.
    belot_core::AnyMatch::from_record(&record).map_err(|e| format!("{name}: {e}"))?;
    Ok(record)
}

/// Each card of the deals asked for (all, or deal `only`) judged against
/// best play, with each deal's heading: its contract, who took it and
/// how it ended.
fn judge(record: &MatchRecord, only: Option<usize>) -> Result<(Vec<Judged>, Vec<Heading>), String> {
    let who = |seat: Seat| match record.names.get(seat.index()) {
        Some(n) => n.clone(),
        None => format!("seat {}", seat.0),
    };
    let mut judged = Vec::new();
    let mut heads: Vec<Heading> = Vec::new();
    for (k, d) in record.deals.iter().enumerate() {
        if only.is_some_and(|n| n != k + 1) {
            continue;
        }
        let (cards, end) = review_deal(record.game, d)?;
        heads.push((k + 1, head_of(&end, &who)));
        judged.extend(cards.into_iter().map(|review| Judged { deal: k + 1, review }));
    }
    Ok((judged, heads))
}

/// A deal's heading, from the deal as it ended.
fn head_of(end: &AnyDeal, who: &dyn Fn(Seat) -> String) -> String {
    use crate::play::CliGame;
    belot_core::each_game!(AnyDeal, end, R, d => R::head(d, who))
}

/// The judged cards as JSON.
fn json_report(record: &MatchRecord, judged: &[Judged]) -> String {
    let v: Vec<Value> = judged
        .iter()
        .map(|j| {
            let mut o = json!({"deal": j.deal, "contract": j.contract.to_string(),
                   "taker": j.taker.map(|t| t.0), "trick": j.trick, "seat": j.seat,
                   "card": j.card.to_string(), "value": j.value, "best": j.best,
                   "best_cards": j.best_cards.iter().map(ToString::to_string).collect::<Vec<_>>(),
                   "cost": j.cost(), "aim": if j.least { "fewest" } else { "most" }});
            if let Some(name) = record.names.get(j.seat.index()) {
                o["player"] = json!(name);
            }
            if let Some((played, best)) = j.outcome {
                o["outcome"] = json!(played);
                o["best_outcome"] = json!(best);
            }
            o
        })
        .collect();
    format!("{}\n", Value::Array(v))
}

/// The judged cards as text: deal by deal, then each player's account.
fn text_report(record: &MatchRecord, judged: &[Judged], heads: &[Heading]) -> String {
    let who = |seat: Seat| match record.names.get(seat.index()) {
        Some(n) => n.clone(),
        None => format!("seat {}", seat.0),
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "values: card points the player's side ends the deal with under best play from there \
         (in распасы the fewest are best); a mistake that changes the contract's outcome under \
         best play says so"
    );
    for (deal, head) in heads {
        let _ = writeln!(out, "deal {deal} ({head})");
        for j in judged.iter().filter(|j| j.deal == *deal) {
            let mut mark = if j.cost() > 0 {
                format!(
                    "  mistake: costs {} (best {} = {})",
                    j.cost(),
                    j.best_cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "),
                    j.best
                )
            } else {
                String::new()
            };
            if let Some((played, best)) = j.outcome.filter(|o| o.0 != o.1) {
                let _ = write!(
                    mark,
                    "; the contract: {} instead of {}",
                    outcome_word(played),
                    outcome_word(best)
                );
            }
            let player = who(j.seat);
            // `belot play` names the human "You".
            let verb = if player == "You" { "play" } else { "plays" };
            let _ =
                writeln!(out, "  trick {} {player} {verb} {}: {}{mark}", j.trick, j.card, j.value);
        }
    }
    // Each player's account, in seat order: what a player studying his
    // own play looks for first.
    let mut seats: Vec<Seat> = judged.iter().map(|j| j.seat).collect();
    seats.sort_by_key(|s| s.0);
    seats.dedup();
    for seat in seats {
        let mine: Vec<&Judged> = judged.iter().filter(|j| j.seat == seat).collect();
        let _ = writeln!(out, "{}: {}", who(seat), account(&mine));
    }
    let all: Vec<&Judged> = judged.iter().collect();
    let _ = writeln!(out, "in all: {}", account(&all));
    out
}

/// "16 cards, 2 mistakes costing 19 points".
fn account(cards: &[&Judged]) -> String {
    let mistakes = cards.iter().filter(|j| j.cost() > 0).count();
    let cost: u32 = cards.iter().map(|j| j.cost()).sum();
    let plural = |n: usize, one: &str, many: &str| {
        if n == 1 { format!("1 {one}") } else { format!("{n} {many}") }
    };
    let turned = cards.iter().filter(|j| j.outcome.is_some_and(|o| o.0 != o.1)).count();
    let turned = match turned {
        0 => String::new(),
        1 => " (one changed the contract's outcome)".into(),
        n => format!(" ({n} changed the contract's outcome)"),
    };
    match mistakes {
        0 => format!("{}, no mistakes", plural(cards.len(), "card", "cards")),
        m => format!(
            "{}, {} costing {cost} points{turned}",
            plural(cards.len(), "card", "cards"),
            plural(m, "mistake", "mistakes")
        ),
    }
}

/// An outcome code of the JSON output in the words of the game.
pub(crate) fn outcome_word(code: &str) -> &str {
    match code {
        "bait" => "байт",
        "tie" => "a tie",
        other => other,
    }
}

/// A deal's heading: the contract, who took it (`verb`: "taken",
/// "loaded", "declared") and its `result`; `passed` when nobody took it.
pub(crate) fn heading(
    contract: Option<belot_core::Contract>,
    taker: Option<Seat>,
    verb: &str,
    result: Option<&str>,
    (over, passed): (bool, &str),
    who: &dyn Fn(Seat) -> String,
) -> String {
    let Some(taker) = taker else {
        return if over { passed.into() } else { "unfinished, in the auction".into() };
    };
    let contract = contract.map(contract_name).unwrap_or_default();
    format!("{contract}, {verb} by {}: {}", who(taker), result.unwrap_or("unfinished"))
}

/// "hearts trump", "all trumps", "no trumps".
pub(crate) fn contract_name(c: belot_core::Contract) -> String {
    match c {
        belot_core::Contract::Suit(s) => format!("{} trump", s.name()),
        belot_core::Contract::AllTrumps => "all trumps".into(),
        belot_core::Contract::NoTrumps => "no trumps".into(),
    }
}
