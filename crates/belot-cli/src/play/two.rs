//! Two-player Belot to 1001 at the terminal: you against Opponent, the
//! four-step auction with all trumps (ВК) and no trumps (БК), the all-pass
//! deal (распасы), the seven exchange, the redeal claim, constructions and
//! бела. Tricks lie face down: only the last one may be looked at.

use belot_core::french::TrickView;
use belot_core::game_match::Ledger as _;
use belot_core::two_player::{TwoMatch, TwoPhase, TwoView};
use belot_core::{Action, Seat};

use super::{
    Aim, Table, Words, belote_text, calls_text, contract_text, each, names, score_numbers,
};

/// Seat 0's view of the deal.
fn mine(m: &TwoMatch) -> TwoView {
    m.current().view(Seat(0))
}

impl Table for TwoMatch {
    fn intro(&self) -> String {
        format!(
            "Two-player Belot to {}: you against Opponent. Tricks lie face down: `last` shows the \
             last trick only",
            self.options().target
        )
    }

    fn actions_help(&self) -> &'static str {
        "\"take\", \"pass\", \"name H\", \"ВК\" or \"all trumps\", \"БК\" or \"no trumps\", \
         \"exchange\" (the seven of trumps), \"redeal\", \"announce\", \"play JH\""
    }

    fn belote_word(&self) -> &'static str {
        "бела"
    }

    fn actions_note(&self) -> Option<String> {
        // The dealer's last pass plays the deal as распасы: tried on a
        // copy of the deal, so the note follows the rules as configured.
        let deal = self.current();
        if deal.phase() != TwoPhase::Bidding || deal.to_act() != Some(Seat(0)) {
            return None;
        }
        let mut after = deal.clone();
        after.apply(Seat(0), &Action::Pass).ok()?;
        after.is_raspasy().then(|| {
            let c = after.contract().map(contract_text).unwrap_or_default();
            format!(
                "Pass now and the deal is played as распасы, {c}: each tries to take as few \
                 points as he can."
            )
        })
    }

    fn face_up(&self) -> String {
        format!("вскрышка {}", self.current().vskryshka())
    }

    fn status(&self) -> Vec<String> {
        let v = mine(self);
        let mut lines = Vec::new();
        if v.phase == TwoPhase::Bidding {
            lines.push(format!(
                "Bidding, step {} of 4: вскрышка {}.",
                v.step.unwrap_or(0) + 1,
                v.turned
            ));
            if !v.calls.is_empty() {
                lines.push(format!("Calls: {}.", calls_text(&v.calls, names(2))));
            }
        } else if let Some(c) = v.contract {
            lines.push(match v.taker {
                Some(l) if !v.raspasy => {
                    format!("Contract: {}, loaded by {}.", contract_text(c), names(2)[l.index()])
                }
                _ => format!(
                    "Распасы (everybody passed): {}; each tries to take as few points as he can.",
                    contract_text(c)
                ),
            });
            let exchange = v
                .exchanged_by
                .map(|s| {
                    format!(
                        " ({} exchanged the seven of trumps for {})",
                        names(2)[s.index()],
                        v.original_turned
                    )
                })
                .unwrap_or_default();
            let bottom = v.bottom.map(|b| format!(", bottom card {b}")).unwrap_or_default();
            lines.push(format!("Вскрышка {}{exchange}{bottom}.", v.turned));
            lines.push(format!(
                "Tricks taken: {} (they lie face down).",
                each(names(2), &v.tricks_won)
            ));
        }
        lines.extend(belote_text("Бела", &v.belote_calls, names(2)));
        lines
    }

    fn last_trick(&self) -> Option<TrickView> {
        // The only trick a player may look at (seed 001).
        mine(self).last_trick
    }

    fn aim(&self) -> Aim {
        // In распасы the aim is reversed: the card that takes the fewest.
        Aim { seats: 1, least: self.current().is_raspasy(), who: "you".into() }
    }

    fn standing_line(&self) -> String {
        let l = self.ledger();
        format!(
            "Score: {}; hanging {}. Playing to {}.",
            each(names(2), &l.totals),
            l.pool(),
            l.options.target
        )
    }

    fn deal_report(&self) -> String {
        let Some(row) = self.ledger().row_reports().pop() else { return String::new() };
        if row.redeal {
            let who = self.current().redeal_by().map_or("?", |s| names(2)[s.index()]);
            return format!(
                "Deal {}: {who} claimed a redeal (four 7s or four 8s): annulled, no score.",
                row.number
            );
        }
        let words = Words { melds: "Constructions", belote: "Бела", held: "points hang" };
        let Some(numbers) = score_numbers(&row, names(2), &words) else {
            return format!("Deal {}: four passes, thrown in.", row.number);
        };
        let s = row.score.as_ref().expect("a row with numbers has a score");
        let loader = s.taker.map_or("?", |l| names(2)[l as usize]);
        let outcome = match s.outcome {
            "bait" => format!("{loader} loaded: байт (the loader failed)"),
            "tie" => format!("{loader} loaded: a tie"),
            "raspasy" => "распасы: the points count against whoever took them".into(),
            _ => format!("{loader} loaded and made it"),
        };
        let doubled = if s.multiplier == 2 { " No trumps." } else { "" };
        format!("Deal {}: {outcome}.{doubled} {numbers}", row.number)
    }

    fn result(&self) -> String {
        let l = self.ledger();
        let who = l.winner.map_or("nobody", |w| names(2)[w.index()]);
        format!("The match is over: {who} won. Final score: {}.", each(names(2), &l.totals))
    }
}
