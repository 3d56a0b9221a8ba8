//! French Belote at the terminal: 4 players (you and Partner against Left
//! and Right, the match ledger of two sides), 3 players each for himself
//! (the three-player ledger: the taker must beat each opponent) or 2 (two
//! sides again, one player each; the bottom card is shown after the
//! auction).

use belot_core::Seat;
use belot_core::french::{FrenchLedger, FrenchMatch, Phase, SeatView, TrickView};
use belot_core::game_match::Ledger as _;

use super::{
    Aim, Table, Words, aim_against, belote_text, calls_text, contract_text, each, names,
    score_numbers,
};
use crate::score::{R, pairs};
use crate::solve::heading;
use belot_core::french::{Announced, FrenchOptions};
use belot_core::meld::Meld;
use belot_core::{CardSet, Suit, parse_cards};
use belot_solver::bots::french::french_code;

/// Labels of the scoring sides: the two teams, or each player.
fn sides(players: u8) -> &'static [&'static str] {
    match players {
        4 => &["you and Partner", "Left and Right"],
        n => names(n),
    }
}

/// Seat 0's view of the deal.
fn mine(m: &FrenchMatch) -> SeatView {
    m.current().view(Seat(0))
}

impl Table for FrenchMatch {
    fn intro(&self) -> String {
        let target = self.options().target;
        match self.options().players {
            4 => format!("French Belote to {target}: you and Partner against Left and Right"),
            3 => format!(
                "French Belote for 3 to {target}, each for himself: you against Left and Right \
                 (the taker must score more than each of the others)"
            ),
            _ => format!(
                "French Belote for 2 to {target}: you against Opponent (the bottom card is shown \
                 after the auction)"
            ),
        }
    }

    fn actions_help(&self) -> &'static str {
        "\"take\", \"pass\", \"name H\", \"announce\" (all your melds), \"play JH\""
    }

    fn face_up(&self) -> String {
        format!("turned card {}", self.current().turned())
    }

    fn status(&self) -> Vec<String> {
        let v = mine(self);
        let names = names(v.players);
        let mut lines = Vec::new();
        match (v.phase, v.contract, v.taker) {
            (Phase::Bidding, ..) => {
                lines.push(format!(
                    "Bidding, round {}: turned card {}.",
                    v.round.unwrap_or(1),
                    turned(&v)
                ));
                if !v.calls.is_empty() {
                    lines.push(format!("Calls: {}.", calls_text(&v.calls, names)));
                }
            }
            (_, Some(c), Some(t)) => {
                let turned = if v.players == 2 {
                    // With two players the turned card stays out of play.
                    format!("the turned card {} is out of play", turned(&v))
                } else {
                    format!("{} took the turned card {}", names[t.index()], turned(&v))
                };
                let bottom = v.bottom.map(|b| format!(", bottom card {b}")).unwrap_or_default();
                lines.push(format!(
                    "Contract: {}, taken by {}; {turned}{bottom}.",
                    contract_text(c),
                    names[t.index()]
                ));
                let labels = sides(v.players);
                lines.push(format!(
                    "Card points so far: {}. Tricks: {}.",
                    each(labels, &v.points),
                    each(labels, &v.tricks_won)
                ));
            }
            _ => {}
        }
        lines.extend(belote_text("Belote", &v.belote_calls, names));
        lines
    }

    fn last_trick(&self) -> Option<TrickView> {
        mine(self).tricks.pop()
    }

    fn aim(&self) -> Aim {
        aim_against(&belot_core::Match::game(self), self.current().taker())
    }

    fn standing_line(&self) -> String {
        let n = self.options().players;
        let (totals, held): (Vec<i32>, i32) = match self.ledger() {
            FrenchLedger::Three(l) => (l.totals.to_vec(), l.pool),
            FrenchLedger::Two(l) => (l.totals.to_vec(), l.pool),
        };
        format!(
            "Score: {}; held {held}. Playing to {}.",
            each(sides(n), &totals),
            self.options().target
        )
    }

    fn deal_report(&self) -> String {
        let n = self.options().players;
        let Some(row) = self.ledger().row_reports().pop() else { return String::new() };
        let words = Words { melds: "Announcements", belote: "Belote", held: "held" };
        let Some(numbers) = score_numbers(&row, sides(n), &words) else {
            return format!("Deal {}: everybody passed twice, thrown in.", row.number);
        };
        let outcome = match row.score.as_ref().map_or("", |s| s.outcome) {
            "dedans" => "dedans (the taker fell)",
            "litige" => "litige (the taker's points are held)",
            _ => "made",
        };
        let taker = self.current().taker().map_or("?", |t| names(n)[t.index()]);
        format!("Deal {}: {taker} took, {outcome}. {numbers}", row.number)
    }

    fn result(&self) -> String {
        let n = self.options().players;
        let labels = sides(n);
        let (winner, totals) = match self.ledger() {
            FrenchLedger::Three(l) => (l.winner.map(|s| s.index()), l.totals.to_vec()),
            FrenchLedger::Two(l) => (l.winner.map(|s| s.index()), l.totals.to_vec()),
        };
        let who = winner.map_or("nobody", |w| labels[w]);
        format!("The match is over: {who} won. Final score: {}.", each(labels, &totals))
    }
}

/// The turned card as seat 0 saw it ("none" in a deal started from a bare
/// contract, which `belot play` does not deal).
fn turned(v: &SeatView) -> String {
    v.turned.map_or_else(|| "none".to_string(), |c| c.to_string())
}

impl super::CliGame for belot_core::french::FrenchRules {
    fn head(end: &belot_core::french::FrenchDeal, who: &dyn Fn(Seat) -> String) -> String {
        head(end, who)
    }
    fn title(options: &belot_core::french::FrenchOptions) -> &'static str {
        match options.players {
            3 => "French Belote, 3 players each for himself",
            2 => "French Belote, 2 players",
            _ => "French Belote, 4 players",
        }
    }
    fn entry(
        args: &crate::score::EntryArgs,
        options: &belot_core::french::FrenchOptions,
    ) -> Result<belot_core::DealInput, String> {
        entry(args, options)
    }
}

/// The heading of a finished deal, in `belot play`'s words (`belot solve`).
fn head(end: &belot_core::french::FrenchDeal, who: &dyn Fn(Seat) -> String) -> String {
    use belot_core::french::FrenchScored;
    let outcome = end.scored().map(|s| match s {
        FrenchScored::Two(s) => s.score.outcome,
        FrenchScored::Three(s) => s.score.outcome,
    });
    let result = outcome.map(french_code);
    let passed = (end.is_over(), "everybody passed twice, thrown in");
    heading(end.contract(), end.taker(), "taken", result, passed, who)
}

/// A French Belote deal from the flags.
fn entry(
    a: &crate::score::EntryArgs,
    options: &FrenchOptions,
) -> crate::score::R<belot_core::DealInput> {
    let sides = if options.players == 4 { 2 } else { options.players as usize };
    let taker = a.taker.ok_or("--taker SEAT is required (or --thrown-in)")?;
    let mut card_points = vec![None; sides];
    if let Some(p) = &a.points {
        if let Ok(n) = p.trim().parse::<u32>() {
            let side = if options.players == 4 { (taker & 1) as usize } else { taker as usize };
            if side >= sides {
                return Err(format!("taker seat {taker} does not exist"));
            }
            card_points[side] = Some(n);
        } else {
            for (k, v) in pairs(p, "--points", sides)? {
                card_points[k] = Some(v);
            }
        }
    } else if a.capot.is_none() {
        return Err(
            "--points is required: the card points of a side (SIDE=N, or N for the taker's side)"
                .into(),
        );
    }
    let mut announcements = vec![0; sides];
    if let Some(a) = &a.ann {
        for (k, v) in pairs(a, "--ann", sides)? {
            announcements[k] = v;
        }
    }
    let announced = a
        .meld
        .iter()
        .map(|m| {
            let (seat, cards) = m.split_once(':').ok_or_else(|| {
                format!("--meld: expected SEAT:CARDS like \"1:QH KH AH\", got {m:?}")
            })?;
            let seat: u8 =
                seat.trim().parse().map_err(|_| format!("--meld: {seat:?} is not a seat"))?;
            let cards: CardSet =
                parse_cards(cards).map_err(|e| format!("--meld: {e}"))?.into_iter().collect();
            let meld = Meld::from_cards(cards).ok_or_else(|| {
                format!(
                    "--meld: [{cards}] is not a meld (3 or more in a row of one suit, \
                     or four of a rank from 9 up)"
                )
            })?;
            Ok(Announced { seat: Seat(seat), meld })
        })
        .collect::<R<Vec<_>>>()?;
    let trump = match &a.trump {
        Some(t) => Some(t.parse::<Suit>().map_err(|e| format!("--trump: {e}"))?),
        None => None,
    };
    // Announced melds replace announcement points (the app runs the contests).
    let announcements = if announced.is_empty() { announcements } else { Vec::new() };
    Ok(belot_core::DealInput::French(belot_core::french::FrenchInput {
        taker: Seat(taker),
        card_points,
        announcements,
        capot: a.capot,
        belote: a.belote,
        announced,
        trump,
    }))
}
