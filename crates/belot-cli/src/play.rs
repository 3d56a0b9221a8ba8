//! `belot play`: French Belote for 4 players in the terminal, you and a
//! bot partner against two bots, to the end of the match. Line mode: it
//! reads one command per line, so it also works over a pipe.

use std::io::{self, BufRead, Write};

use belot_core::french::{FrenchMatch, FrenchOptions, Outcome, SeatView};
use belot_core::{Action, Card, Seat, Side, parse_cards};
use belot_solver::bots::BotKind;
use belot_solver::{Config, Solver};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The seats as the player sees them (seat 0 is the player).
const NAMES: [&str; 4] = ["You", "Left", "Partner", "Right"];

const HELP: &str = "Type the number of an action, the action as listed (\"take\", \"pass\", \
\"name H\"), or a card to play (\"JH\", \"10♥\"). Also: hint (the double-dummy best card), \
last (the last trick), score, help, quit.";

/// Plays a match read from `input`, written to `out`.
pub fn run(
    input: impl BufRead,
    mut out: impl Write,
    bot: BotKind,
    seed: u64,
    options: FrenchOptions,
) -> io::Result<()> {
    if options.players != 4 {
        writeln!(out, "belot play: French Belote for 4 players only (set \"players\": 4)")?;
        return Ok(());
    }
    let Ok(mut m) = FrenchMatch::from_seed(options, Seat(3), seed) else {
        writeln!(out, "belot play: cannot start a match with these options")?;
        return Ok(());
    };
    let game = belot_solver::game::Game::French(options);
    let mut bots: Vec<_> = (0..4).map(|_| bot.make(&game)).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = input.lines();
    writeln!(
        out,
        "French Belote to {}: you and Partner against Left and Right; {bot} bots.",
        options.target
    )?;
    writeln!(out, "{HELP}")?;
    let d = m.current();
    writeln!(out, "\nDeal 1 · dealer {} · turned card {}", NAMES[d.dealer().index()], d.turned())?;
    loop {
        let deal = m.current();
        let Some(seat) = deal.to_act() else {
            report_deal(&m, &mut out)?;
            if m.is_over() {
                let w = m.ledger().winner.map_or("nobody", |s| {
                    if s == Side(0) { "you and Partner" } else { "Left and Right" }
                });
                writeln!(
                    out,
                    "The match is over: {w} won, {} to {}.",
                    m.ledger().totals[0],
                    m.ledger().totals[1]
                )?;
                return Ok(());
            }
            if m.next_deal(None).is_err() {
                writeln!(out, "belot play: the next deal could not be dealt")?;
                return Ok(());
            }
            let d = m.current();
            writeln!(
                out,
                "\nDeal {} · dealer {} · turned card {}",
                m.deal_count(),
                NAMES[d.dealer().index()],
                d.turned()
            )?;
            continue;
        };
        let view = deal.view(seat);
        let action = if seat == Seat(0) {
            show(&view, &mut out)?;
            loop {
                write!(out, "> ")?;
                out.flush()?;
                let Some(line) = lines.next() else {
                    writeln!(out, "\nEnd of input: the match is left unfinished.")?;
                    return Ok(());
                };
                let line = line?;
                match command(line.trim(), &view) {
                    Command::Act(a) => break a,
                    Command::Quit => {
                        writeln!(out, "Bye.")?;
                        return Ok(());
                    }
                    Command::Hint => match hint(&m) {
                        Some((c, v)) => writeln!(
                            out,
                            "Best card (all hands open): {c}, your side ends with {v} card points."
                        )?,
                        None => writeln!(out, "A hint is given during the card play.")?,
                    },
                    Command::Last => match view.tricks.last() {
                        Some(t) => writeln!(
                            out,
                            "Last trick: {} (won by {})",
                            trick_text(&t.cards),
                            t.winner.map_or("?", |s| NAMES[s.index()])
                        )?,
                        None => writeln!(out, "No trick has been played yet.")?,
                    },
                    Command::Score => {
                        let l = m.ledger();
                        writeln!(
                            out,
                            "Score: you and Partner {}, Left and Right {}; held {}.",
                            l.totals[0], l.totals[1], l.pool
                        )?;
                    }
                    Command::Help => writeln!(out, "{HELP}")?,
                    Command::Bad(msg) => writeln!(out, "{msg}")?,
                }
            }
        } else {
            bots[seat.index()].act(&belot_solver::game::GameView::French(view.clone()), &mut rng)
        };
        let tricks_before = m.current().tricks().len();
        if let Err(e) = m.apply(seat, &action) {
            // A bot's move is always legal (tested); say so if not.
            writeln!(out, "{} cannot {action}: {e}", NAMES[seat.index()])?;
            return Ok(());
        }
        if seat != Seat(0) {
            writeln!(out, "{}: {action}", NAMES[seat.index()])?;
        }
        let tricks = m.current().tricks();
        if tricks.len() > tricks_before
            && let Some(t) = tricks.last()
        {
            writeln!(out, "  trick to {} ({} points)", NAMES[t.winner.index()], t.points)?;
        }
    }
}

enum Command {
    Act(Action),
    Hint,
    Last,
    Score,
    Help,
    Quit,
    Bad(String),
}

fn command(text: &str, view: &SeatView) -> Command {
    let lower = text.to_lowercase();
    match lower.as_str() {
        "hint" | "h" | "?" => return Command::Hint,
        "last" => return Command::Last,
        "score" => return Command::Score,
        "help" => return Command::Help,
        "quit" | "exit" | "q" => return Command::Quit,
        _ => {}
    }
    if let Ok(n) = lower.parse::<usize>() {
        return match view.legal.get(n.wrapping_sub(1)) {
            Some(a) => Command::Act(a.clone()),
            None => Command::Bad(format!("choose 1 to {}", view.legal.len())),
        };
    }
    if let Some(a) = view.legal.iter().find(|a| a.to_string().to_lowercase() == lower) {
        return Command::Act(a.clone());
    }
    if let Ok(cards) = parse_cards(text)
        && let [card] = cards[..]
    {
        // A card alone plays it, with belote called when it may be.
        let plays: Vec<&Action> = view
            .legal
            .iter()
            .filter(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
            .collect();
        return match plays
            .iter()
            .find(|a| matches!(a, Action::Play { belote: true, .. }))
            .or(plays.first())
        {
            Some(a) => Command::Act((*a).clone()),
            None if view.hand.contains(card) => {
                Command::Bad(format!("{card} may not be played now: {}", legal_cards(view)))
            }
            None => Command::Bad(format!("{card} is not in your hand")),
        };
    }
    Command::Bad(format!("not understood: {text:?}. {HELP}"))
}

fn legal_cards(view: &SeatView) -> String {
    let cards: Vec<String> = view
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, belote: false } => Some(card.to_string()),
            _ => None,
        })
        .collect();
    format!("you may play {}", cards.join(" "))
}

fn trick_text(cards: &[(Seat, Card)]) -> String {
    cards.iter().map(|(s, c)| format!("{} {c}", NAMES[s.index()])).collect::<Vec<_>>().join(", ")
}

fn show(view: &SeatView, out: &mut impl Write) -> io::Result<()> {
    if let (Some(c), Some(t)) = (view.contract, view.taker) {
        writeln!(
            out,
            "Contract: {c} taken by {}. Card points so far: you and Partner {}, Left and Right {}.",
            NAMES[t.index()],
            view.points.first().unwrap_or(&0),
            view.points.get(1).unwrap_or(&0)
        )?;
    } else {
        writeln!(out, "Bidding, round {}: turned card {}.", view.round.unwrap_or(1), view.turned)?;
    }
    if let Some(t) = &view.trick
        && !t.cards.is_empty()
    {
        writeln!(out, "Trick: {}", trick_text(&t.cards))?;
    }
    let legal: Vec<Card> = view
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Play { card, .. } => Some(*card),
            _ => None,
        })
        .collect();
    let hand: Vec<String> = view
        .hand
        .iter()
        .map(|c| if legal.contains(&c) { format!("*{c}*") } else { c.to_string() })
        .collect();
    writeln!(out, "Your hand: {}   (*playable*)", hand.join(" "))?;
    let actions: Vec<String> =
        view.legal.iter().enumerate().map(|(i, a)| format!("{}) {a}", i + 1)).collect();
    writeln!(out, "{}", actions.join("   "))
}

/// The double-dummy best card for seat 0 and its value.
fn hint(m: &FrenchMatch) -> Option<(Card, u32)> {
    let play = m.current().play_state()?;
    if play.to_play() != Seat(0) {
        return None;
    }
    let s = Solver::new(play, Seat(0), Config::default()).solve(play);
    s.cards.iter().max_by_key(|x| x.1).copied()
}

fn report_deal(m: &FrenchMatch, out: &mut impl Write) -> io::Result<()> {
    let Some(row) = m.ledger().rows.last() else { return Ok(()) };
    match &row.score {
        None => writeln!(out, "Deal {}: everybody passed, thrown in.", row.number)?,
        Some(s) => {
            let outcome = match s.outcome {
                Outcome::Made => "made",
                Outcome::Dedans => "dedans (the takers fell)",
                Outcome::Litige => "litige (points held)",
            };
            writeln!(
                out,
                "Deal {}: {outcome}. Card points {}–{}, announcements {}–{}, belote {}–{}{}. Recorded {}–{}. Score: you and Partner {}, Left and Right {}.",
                row.number,
                s.card_points[0],
                s.card_points[1],
                s.announcements[0],
                s.announcements[1],
                s.belote[0],
                s.belote[1],
                if s.capot.is_some() { ", capot" } else { "" },
                row.recorded[0],
                row.recorded[1],
                row.totals[0],
                row.totals[1]
            )?;
        }
    }
    Ok(())
}
