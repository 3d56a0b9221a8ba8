//! `belot solve`: a game record analysed card by card with the
//! double-dummy solver: the value of each card played, the best card's
//! value, and the mistakes with what each cost.

use std::fmt::Write as _;
use std::path::Path;

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::three_player::{ThreeDeal, ThreeOptions};
use belot_core::two_player::{TwoDeal, TwoOptions};
use belot_core::{Action, MatchRecord, PlayState, Seat, SeatAction, Variant};
use belot_solver::{Config, Solver};
use serde_json::{Value, json};

/// One card played, judged.
struct Judged {
    deal: usize,
    trick: u8,
    seat: Seat,
    card: String,
    value: u32,
    best: u32,
    best_cards: Vec<String>,
}

/// Positions before each card of a deal: replays the actions and yields
/// (play state, seat, card) for every card played.
fn positions<D>(
    mut deal: D,
    actions: &[SeatAction],
    apply: impl Fn(&mut D, Seat, &Action) -> Result<(), String>,
    play: impl Fn(&D) -> Option<PlayState>,
) -> Result<Vec<(PlayState, Seat, belot_core::Card)>, String> {
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        if let Action::Play { card, .. } = a.action {
            if let Some(s) = play(&deal) {
                out.push((s, a.seat, card));
            }
        }
        apply(&mut deal, a.seat, &a.action).map_err(|e| format!("action {}: {e}", i + 1))?;
    }
    Ok(out)
}

fn options<T: serde::de::DeserializeOwned>(r: &MatchRecord) -> Result<T, String> {
    serde_json::from_value(r.options.clone()).map_err(|e| format!("record options: {e}"))
}

/// Analyses `file` (a `belot engine` game record); `only` restricts to one
/// deal (1-based).
pub fn run(file: &Path, only: Option<usize>, as_json: bool) -> Result<String, String> {
    let text = if file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?
    };
    let record: MatchRecord =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    // The record must replay as a whole before its deals are analysed.
    belot_core::engine::Game::from_record(&record).map_err(|e| e.to_string())?;
    let mut judged = Vec::new();
    for (k, d) in record.deals.iter().enumerate() {
        if only.is_some_and(|n| n != k + 1) {
            continue;
        }
        let pos = match record.variant {
            Variant::French => {
                let o: FrenchOptions = options(&record)?;
                let deal = FrenchDeal::new(o, d.dealer, d.deck).map_err(|e| e.to_string())?;
                positions(
                    deal,
                    &d.actions,
                    |x, s, a| x.apply(s, a).map_err(|e| e.to_string()),
                    |x| x.play_state().copied(),
                )?
            }
            Variant::TwoPlayer => {
                let o: TwoOptions = options(&record)?;
                let deal = TwoDeal::new(o, d.dealer, d.deck).map_err(|e| e.to_string())?;
                positions(
                    deal,
                    &d.actions,
                    |x, s, a| x.apply(s, a).map_err(|e| e.to_string()),
                    |x| x.play_state().copied(),
                )?
            }
            Variant::ThreePlayer => {
                let o: ThreeOptions = options(&record)?;
                let deal = ThreeDeal::new(o, d.dealer, d.deck).map_err(|e| e.to_string())?;
                positions(
                    deal,
                    &d.actions,
                    |x, s, a| x.apply(s, a).map_err(|e| e.to_string()),
                    |x| x.play_state().copied(),
                )?
            }
        };
        for (state, seat, card) in pos {
            let sol = Solver::new(&state, seat, Config::default()).solve(&state);
            let value = sol.cards.iter().find(|(c, _)| *c == card).map(|x| x.1).unwrap_or(0);
            let best_cards =
                sol.cards.iter().filter(|x| x.1 == sol.value).map(|x| x.0.to_string()).collect();
            judged.push(Judged {
                deal: k + 1,
                trick: state.tricks_played() + 1,
                seat,
                card: card.to_string(),
                value,
                best: sol.value,
                best_cards,
            });
        }
    }
    if as_json {
        let v: Vec<Value> = judged
            .iter()
            .map(|j| {
                json!({"deal": j.deal, "trick": j.trick, "seat": j.seat, "card": j.card,
                       "value": j.value, "best": j.best, "best_cards": j.best_cards,
                       "cost": j.best - j.value})
            })
            .collect();
        return Ok(format!("{}\n", Value::Array(v)));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "values: card points the player's side ends the deal with under best play from there"
    );
    let mut last_deal = 0;
    for j in &judged {
        if j.deal != last_deal {
            let _ = writeln!(out, "deal {}", j.deal);
            last_deal = j.deal;
        }
        let mark = if j.value < j.best {
            format!(
                "  mistake: costs {} (best {} = {})",
                j.best - j.value,
                j.best_cards.join(" "),
                j.best
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "  trick {} seat {} plays {}: {}{mark}",
            j.trick, j.seat, j.card, j.value
        );
    }
    let mistakes: Vec<&Judged> = judged.iter().filter(|j| j.value < j.best).collect();
    let cost: u32 = mistakes.iter().map(|j| j.best - j.value).sum();
    let _ = writeln!(
        out,
        "{} cards, {} mistakes costing {cost} points in all",
        judged.len(),
        mistakes.len()
    );
    Ok(out)
}
