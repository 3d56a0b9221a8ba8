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
use crate::score::{numbers, per_seat};
use crate::solve::{contract_name, heading, outcome_word};
use belot_core::Contract;
use belot_solver::bots::two::two_code;

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

impl super::CliGame for belot_core::two_player::TwoRules {
    fn head(end: &belot_core::two_player::TwoDeal, who: &dyn Fn(Seat) -> String) -> String {
        head(end, who)
    }
    fn title(_options: &belot_core::two_player::TwoOptions) -> &'static str {
        "two-player Belot"
    }
    fn entry(
        args: &crate::score::EntryArgs,
        _options: &belot_core::two_player::TwoOptions,
    ) -> Result<belot_core::DealInput, String> {
        entry(args)
    }
}

/// The heading of a finished deal, in `belot play`'s words (`belot solve`).
fn head(end: &belot_core::two_player::TwoDeal, who: &dyn Fn(Seat) -> String) -> String {
    if let Some(s) = end.redeal_by() {
        return format!("{} claimed a redeal (four 7s or four 8s): annulled", who(s));
    }
    if end.is_raspasy() {
        let contract = end.contract().map(contract_name).unwrap_or_default();
        let over = if end.is_over() { "" } else { ", unfinished" };
        return format!("распасы, {contract}: fewest points{over}");
    }
    let result = end.score().map(|s| match two_code(s.outcome) {
        "bait" => "байт (the loader failed)",
        code => outcome_word(code),
    });
    let passed = (end.is_over(), "four passes, thrown in");
    heading(end.contract(), end.loader(), "loaded", result, passed, who)
}

/// A two-player Belot deal from the flags.
fn entry(a: &crate::score::EntryArgs) -> crate::score::R<belot_core::DealInput> {
    let contract: Contract = a
        .contract
        .as_deref()
        .ok_or("--contract is required: S H D C, AT or NT (the вскрышка suit in распасы)")?
        .parse()
        .map_err(|e| format!("--contract: {e}"))?;
    let p = numbers(a.points.as_deref().ok_or("--points A,B is required")?, "--points", 2)?;
    let constructions = per_seat::<2>(a.melds.as_deref(), "--melds")?;
    let belas = per_seat::<2>(a.belas.as_deref(), "--belas")?.map(|v| v.min(255) as u8);
    let took_trick = match &a.no_trick {
        Some(s) => {
            let mut t = [true, true];
            for k in numbers(s, "--no-trick", s.split(',').count())? {
                *t.get_mut(k as usize).ok_or("--no-trick: seats are 0 and 1")? = false;
            }
            Some(t)
        }
        None => None,
    };
    Ok(belot_core::DealInput::TwoPlayer(belot_core::two_player::TwoInput {
        contract,
        raspasy: a.raspasy,
        loader: a.loader.map(Seat),
        card_points: [p[0], p[1]],
        constructions,
        belas,
        took_trick,
    }))
}
