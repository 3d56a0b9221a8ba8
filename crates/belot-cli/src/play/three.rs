//! Three-player Belot to 501 at the terminal: you against Left and Right,
//! each for himself; the play/pass round and the round naming a suit, the
//! seven exchange and the combinations before the first lead, belot, capo.

use belot_core::Seat;
use belot_core::french::TrickView;
use belot_core::game_match::Ledger as _;
use belot_core::three_player::{NextDealer, ThreeMatch, ThreeOutcome, ThreePhase, ThreeView};

use super::{
    Aim, Table, Words, aim_against, belote_text, calls_text, contract_text, each, names,
    score_numbers,
};
use crate::score::{numbers, per_seat};
use crate::solve::heading;

/// Seat 0's view of the deal.
fn mine(m: &ThreeMatch) -> ThreeView {
    m.current().view(Seat(0))
}

impl Table for ThreeMatch {
    fn intro(&self) -> String {
        format!(
            "Three-player Belot to {}: you against Left and Right, each for himself",
            self.options().target
        )
    }

    fn actions_help(&self) -> &'static str {
        "\"take\", \"pass\", \"name H\", \"exchange\" (the seven of trumps), \"announce\" (your \
         best combination), \"play JH\""
    }

    fn face_up(&self) -> String {
        format!("turned card {}", self.current().turned())
    }

    fn status(&self) -> Vec<String> {
        let v = mine(self);
        let names = names(3);
        let mut lines = Vec::new();
        match (v.phase, v.contract, v.taker) {
            (ThreePhase::Bidding, ..) => {
                lines.push(format!(
                    "Bidding, round {}: turned card {}.",
                    v.round.unwrap_or(1),
                    v.turned
                ));
                if !v.calls.is_empty() {
                    lines.push(format!("Calls: {}.", calls_text(&v.calls, names)));
                }
            }
            (phase, Some(c), Some(d)) => {
                let exchange = v
                    .exchanged_by
                    .map(|s| {
                        format!(
                            " ({} exchanged the seven of trumps for {})",
                            names[s.index()],
                            v.original_turned
                        )
                    })
                    .unwrap_or_default();
                lines.push(format!(
                    "Contract: {}, declared by {}; turned card {}{exchange}.",
                    contract_text(c),
                    names[d.index()],
                    v.turned
                ));
                if phase == ThreePhase::Announcing {
                    lines.push(
                        "Before the first lead each player in turn may exchange the seven of \
                         trumps, announce his best combination, or pass."
                            .into(),
                    );
                } else {
                    // Tricks lie face up: the points each player took are
                    // plain to see (the last trick's 10 comes at the end).
                    let mut points = [0u32; 3];
                    for t in &v.tricks {
                        if let Some(w) = t.winner {
                            points[w.index() % 3] += t.points.unwrap_or(0);
                        }
                    }
                    lines.push(format!(
                        "Card points so far: {}. Tricks: {}.",
                        each(names, &points),
                        each(names, &v.tricks_won)
                    ));
                }
            }
            _ => {}
        }
        lines.extend(belote_text("Belot", &v.belote_calls, names));
        lines
    }

    fn last_trick(&self) -> Option<TrickView> {
        mine(self).tricks.pop()
    }

    fn aim(&self) -> Aim {
        aim_against(&belot_core::Match::game(self), self.current().declarer())
    }

    fn standing_line(&self) -> String {
        let l = self.ledger();
        format!(
            "Score: {}; held {}. Playing to {}.",
            each(names(3), &l.totals),
            l.pool,
            l.options.target
        )
    }

    fn deal_report(&self) -> String {
        let names = names(3);
        let Some(last) = self.ledger().row_reports().pop() else { return String::new() };
        let words = Words { melds: "Combinations", belote: "Belot", held: "held" };
        let Some(numbers) = score_numbers(&last, names, &words) else {
            return format!("Deal {}: two rounds of passes, thrown in.", last.number);
        };
        let Some(s) = self.ledger().rows.last().and_then(|r| r.score) else { return numbers };
        let declarer = names[s.declarer.index() % 3];
        let outcome = match s.outcome {
            ThreeOutcome::Made => "made",
            ThreeOutcome::Failed => "failed (the declarer's points go to the others)",
            ThreeOutcome::Tie => "a tie (his points are held)",
        };
        let capo: Vec<&str> = (0..3).filter(|&i| s.capo[i]).map(|i| names[i]).collect();
        let capo = if capo.is_empty() {
            String::new()
        } else {
            format!(" Capo (no trick): {}.", capo.join(", "))
        };
        // The dealer moves by the scores, not round the table: say why.
        let next = match self.options().next_dealer {
            NextDealer::TopOfDeal => "the top scorer of the deal deals next",
            NextDealer::TopCumulative => "the leader of the match deals next",
            NextDealer::RotateLeft => "the deal passes to the left",
        };
        let next = if self.ledger().is_over() {
            String::new()
        } else {
            let who = names[self.ledger().next_dealer.index() % 3];
            let verb = if who == "You" { "deal" } else { "deals" };
            format!(" {who} {verb} next ({next}).")
        };
        format!("Deal {}: {declarer} declared, {outcome}. {numbers}{capo}{next}", last.number)
    }

    fn belote_word(&self) -> &'static str {
        "belot"
    }

    fn result(&self) -> String {
        let l = self.ledger();
        let who = l.winner.map_or("nobody", |w| names(3)[w.index() % 3]);
        format!("The match is over: {who} won. Final score: {}.", each(names(3), &l.totals))
    }
}

impl super::CliGame for belot_core::three_player::ThreeRules {
    fn head(end: &belot_core::three_player::ThreeDeal, who: &dyn Fn(Seat) -> String) -> String {
        head(end, who)
    }
    fn title(_options: &belot_core::three_player::ThreeOptions) -> &'static str {
        "three-player Belot"
    }
    fn entry(
        args: &crate::score::EntryArgs,
        _options: &belot_core::three_player::ThreeOptions,
    ) -> Result<belot_core::DealInput, String> {
        entry(args)
    }
}

/// The heading of a finished deal, in `belot play`'s words (`belot solve`).
fn head(end: &belot_core::three_player::ThreeDeal, who: &dyn Fn(Seat) -> String) -> String {
    use belot_core::three_player::ThreeOutcome;
    let result = end.score().map(|s| match s.outcome {
        ThreeOutcome::Made => "made",
        ThreeOutcome::Failed => "failed",
        ThreeOutcome::Tie => "a tie",
    });
    let passed = (end.is_over(), "two rounds of passes, thrown in");
    heading(end.contract(), end.declarer(), "declared", result, passed, who)
}

/// A three-player Belot deal from the flags.
fn entry(a: &crate::score::EntryArgs) -> crate::score::R<belot_core::DealInput> {
    let declarer = a.declarer.ok_or("--declarer SEAT is required")?;
    let p = numbers(a.points.as_deref().ok_or("--points A,B,C is required")?, "--points", 3)?;
    let capo = match &a.no_trick {
        Some(s) => numbers(s, "--no-trick", s.split(',').count())?
            .into_iter()
            .map(|k| Seat(k.min(255) as u8))
            .collect(),
        None => Vec::new(),
    };
    let combinations = per_seat::<3>(a.melds.as_deref(), "--melds")?;
    let belots = per_seat::<3>(a.belas.as_deref(), "--belas")?.map(|v| v.min(255) as u8);
    Ok(belot_core::DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
        declarer: Seat(declarer),
        card_points: [p[0], p[1], p[2]],
        last_trick: a.last.map(Seat),
        capo,
        combinations,
        belots,
    }))
}
