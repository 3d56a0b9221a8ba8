//! `belot solve`: a game record analysed card by card with the
//! double-dummy solver: the value of each card played, the best card's
//! value, and the mistakes with what each cost.

use belot_core::Deal;
use std::fmt::Write as _;
use std::path::Path;

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::record::DealRecord;
use belot_core::three_player::ThreeDeal;
use belot_core::two_player::{TwoDeal, TwoOptions};
use belot_core::{Action, Game, MatchRecord, PlayState, Seat, SeatAction};
use belot_solver::{Config, Solver, side_of};
use serde_json::{Value, json};

/// One card played, judged.
struct Judged {
    deal: usize,
    contract: belot_core::Contract,
    /// Who took the contract (none in распасы).
    taker: Option<Seat>,
    trick: u8,
    seat: Seat,
    card: String,
    value: u32,
    best: u32,
    best_cards: Vec<String>,
    /// The player wanted as few points as possible (распасы).
    least: bool,
    /// The contract's outcome after this card and after the best card,
    /// both under best play from there (finished deals of two sides).
    outcome: Option<(&'static str, &'static str)>,
}

impl Judged {
    /// Points the card cost against the best card.
    fn cost(&self) -> u32 {
        if self.least {
            self.value - self.best.min(self.value)
        } else {
            self.best.saturating_sub(self.value)
        }
    }
}

/// A card played and what its player wanted: the position before it, the
/// seat, the card, the seats whose points count for him (his team; with a
/// taker against the others each for himself, the taker alone, or his
/// opponents together) and whether he wanted as few as possible (распасы).
struct Position {
    state: PlayState,
    taker: Option<Seat>,
    seat: Seat,
    card: belot_core::Card,
    side: u8,
    least: bool,
}

/// Positions before each card of a deal: replays the actions and yields
/// one [`Position`] for every card played. `aim` gives, from the deal in
/// play and a seat, its side and whether it plays for the fewest points;
/// `taker`, who took the contract.
fn positions<D: Deal>(
    mut deal: D,
    actions: &[SeatAction],
    aim: impl Fn(&D, Seat) -> (u8, bool),
    taker: impl Fn(&D) -> Option<Seat>,
) -> Result<(Vec<Position>, D), String> {
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        if let Action::Play { card, .. } = a.action
            && let Some(&state) = deal.play_state()
        {
            let (side, least) = aim(&deal, a.seat);
            out.push(Position { state, taker: taker(&deal), seat: a.seat, card, side, least });
        }
        deal.apply(a.seat, &a.action).map_err(|e| format!("action {}: {e}", i + 1))?;
    }
    Ok((out, deal))
}

/// What a deal's outcome would be with other card points: from a seat
/// and the card points its side ends the deal with, the contract's
/// outcome ("made", "dedans", ...). The rest of the deal (who took,
/// announcements, belote) is as it was, and the deal is scored by the
/// core's scoring, as every deal is. Exact, since a side can make sure
/// of `v` card points exactly when the solver's value is `v` or more, and
/// the outcome only grows with the taker's points. None when the deal
/// is unfinished, in распасы, or with three players (there the outcome
/// turns on how the two others share their points, which the solver,
/// playing them as one side, leaves open).
type OutcomeOf = Box<dyn Fn(Seat, u32) -> &'static str>;

fn french_outcome(deal: &FrenchDeal, o: FrenchOptions) -> Option<OutcomeOf> {
    let summary = *deal.summary()?;
    if deal.players() == 3 {
        return None;
    }
    let sides: Vec<belot_core::Side> = (0..deal.players()).map(|s| deal.side(Seat(s))).collect();
    let total = summary.deal_points.unwrap_or(belot_core::french::DEAL_POINTS);
    Some(Box::new(move |seat, v| {
        let v = v.min(total);
        let side = sides[seat.index() % sides.len()].index() & 1;
        let mut s = summary;
        s.capot = None;
        s.card_points[side] = v;
        s.card_points[1 - side] = total - v;
        french_code(belot_core::french::score_deal(&s, &o).outcome)
    }))
}

/// A French outcome's code in the JSON output (and its word in the text).
fn french_code(o: belot_core::french::Outcome) -> &'static str {
    use belot_core::french::Outcome;
    match o {
        Outcome::Made => "made",
        Outcome::Dedans => "dedans",
        Outcome::Litige => "litige",
    }
}

/// A two-player outcome's code in the JSON output ([`outcome_word`] gives
/// its word).
fn two_code(o: belot_core::two_player::TwoOutcome) -> &'static str {
    use belot_core::two_player::TwoOutcome;
    match o {
        TwoOutcome::Made => "made",
        TwoOutcome::Bait => "bait",
        TwoOutcome::Tie => "tie",
        TwoOutcome::Raspasy => "распасы",
    }
}

fn two_outcome(deal: &TwoDeal, o: TwoOptions) -> Option<OutcomeOf> {
    let summary = *deal.summary()?;
    if summary.raspasy {
        return None;
    }
    let total = summary.card_points[0] + summary.card_points[1];
    Some(Box::new(move |seat, v| {
        let v = v.min(total);
        let p = seat.index() & 1;
        let mut s = summary;
        s.card_points[p] = v;
        s.card_points[1 - p] = total - v;
        // Constructions count with a trick taken: taken to be so with
        // any card points (a trick of no points is all that escapes it).
        s.tricks[p] = match v {
            0 => 0,
            v if v == total => 9,
            _ => 1,
        };
        s.tricks[1 - p] = 9 - s.tricks[p];
        two_code(belot_core::two_player::score_deal(&s, &o).outcome)
    }))
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
        let (pos, head, outcome_of) = replay(record.game, d, &who)?;
        heads.push((k + 1, head));
        judge_deal(k + 1, pos, outcome_of, &mut judged);
    }
    Ok((judged, heads))
}

/// A deal replayed: each card played with the position it was played
/// from, the deal's heading (contract, who took it, how it ended), and how
/// a card's value reads as an outcome where the game has one.
fn replay(
    game: Game,
    d: &DealRecord,
    who: &dyn Fn(Seat) -> String,
) -> Result<(Vec<Position>, String, Option<OutcomeOf>), String> {
    let text = |e: belot_core::GameError| e.to_string();
    Ok(match game {
        Game::French(o) => {
            let deal = FrenchDeal::new(o, d.dealer, d.deck).map_err(text)?;
            let (pos, end) = positions(
                deal,
                &d.actions,
                |x, s| (side_of(x.players(), x.taker(), s), false),
                |x| x.taker(),
            )?;
            (pos, french_head(&end, who), french_outcome(&end, o))
        }
        Game::TwoPlayer(o) => {
            let deal = TwoDeal::new(o, d.dealer, d.deck).map_err(text)?;
            let (pos, end) = positions(
                deal,
                &d.actions,
                |x, s| (1 << (s.0 & 1), x.is_raspasy()),
                |x| x.loader(),
            )?;
            (pos, two_head(&end, who), two_outcome(&end, o))
        }
        Game::ThreePlayer(o) => {
            let deal = ThreeDeal::new(o, d.dealer, d.deck).map_err(text)?;
            let (pos, end) = positions(
                deal,
                &d.actions,
                |x, s| (side_of(3, x.declarer(), s), false),
                |x| x.declarer(),
            )?;
            (pos, three_head(&end, who), None)
        }
    })
}

/// Judges each card of deal number `deal` against best play.
fn judge_deal(
    deal: usize,
    pos: Vec<Position>,
    outcome_of: Option<OutcomeOf>,
    judged: &mut Vec<Judged>,
) {
    // One solver per side and aim for the deal: what its table learnt
    // from one position serves the next positions of that side.
    let mut solvers: Vec<((u8, bool), Solver)> = Vec::new();
    for p in pos {
        let key = (p.side, p.least);
        let i = match solvers.iter().position(|x| x.0 == key) {
            Some(i) => i,
            None => {
                let mut solver = Solver::for_seats(p.side, Config::default());
                if p.least {
                    solver.reset_least(p.side);
                }
                solvers.push((key, solver));
                solvers.len() - 1
            }
        };
        let sol = solvers[i].1.solve(&p.state);
        let value = sol.cards.iter().find(|(c, _)| *c == p.card).map(|x| x.1).unwrap_or(0);
        let best_cards =
            sol.cards.iter().filter(|x| x.1 == sol.value).map(|x| x.0.to_string()).collect();
        judged.push(Judged {
            deal,
            contract: p.state.contract(),
            taker: p.taker,
            trick: p.state.tricks_played() + 1,
            seat: p.seat,
            card: p.card.to_string(),
            value,
            best: sol.value,
            best_cards,
            least: p.least,
            outcome: outcome_of.as_ref().map(|f| (f(p.seat, value), f(p.seat, sol.value))),
        });
    }
}

/// The judged cards as JSON.
fn json_report(record: &MatchRecord, judged: &[Judged]) -> String {
    let v: Vec<Value> = judged
        .iter()
        .map(|j| {
            let mut o = json!({"deal": j.deal, "contract": j.contract.to_string(),
                   "taker": j.taker.map(|t| t.0), "trick": j.trick, "seat": j.seat, "card": j.card,
                   "value": j.value, "best": j.best, "best_cards": j.best_cards,
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
                    j.best_cards.join(" "),
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
fn outcome_word(code: &str) -> &str {
    match code {
        "bait" => "байт",
        "tie" => "a tie",
        other => other,
    }
}

/// A deal's heading: the contract, who took it (`verb`: "taken",
/// "loaded", "declared") and its `result`; `passed` when nobody took it.
fn heading(
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

/// The heading of a French deal, in `belot play`'s words.
fn french_head(end: &FrenchDeal, who: &dyn Fn(Seat) -> String) -> String {
    let outcome = if end.players() == 3 {
        end.score3().map(|s| s.outcome)
    } else {
        end.score().map(|s| s.outcome)
    };
    let result = outcome.map(french_code);
    let passed = (end.is_over(), "everybody passed twice, thrown in");
    heading(end.contract(), end.taker(), "taken", result, passed, who)
}

/// The heading of a two-player deal, in `belot play`'s words.
fn two_head(end: &TwoDeal, who: &dyn Fn(Seat) -> String) -> String {
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

/// The heading of a three-player deal, in `belot play`'s words.
fn three_head(end: &ThreeDeal, who: &dyn Fn(Seat) -> String) -> String {
    use belot_core::three_player::ThreeOutcome;
    let result = end.score().map(|s| match s.outcome {
        ThreeOutcome::Made => "made",
        ThreeOutcome::Failed => "failed",
        ThreeOutcome::Tie => "a tie",
    });
    let passed = (end.is_over(), "two rounds of passes, thrown in");
    heading(end.contract(), end.declarer(), "declared", result, passed, who)
}

/// "hearts trump", "all trumps", "no trumps".
fn contract_name(c: belot_core::Contract) -> String {
    match c {
        belot_core::Contract::Suit(s) => format!("{} trump", s.name()),
        belot_core::Contract::AllTrumps => "all trumps".into(),
        belot_core::Contract::NoTrumps => "no trumps".into(),
    }
}
