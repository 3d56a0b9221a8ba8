//! `belot play`: every game against bots in the terminal, to the end of
//! the match. Line mode: it reads one command per line, so it also works
//! over a pipe.
//!
//! The loop, the commands and the parts every game shows alike (your hand,
//! the trick, the numbered actions, the hint) are here; each game's module
//! says what its table looks like from seat 0 and how its deals score
//! ([`french`], [`two`], [`three`]). Everything shown comes from seat 0's
//! view or from what every player saw happen, never from another hand.

mod french;
mod three;
mod two;

use std::io::{self, BufRead, Write};
use std::path::Path;

use belot_core::view::TrickView;
use belot_core::{
    Action, Card, CardSet, Contract, GameError, PlayState, Seat, SeatAction, Suit, parse_cards,
};
use belot_core::{AnyView, DealInput, Game, GameMatch, Registered, each_game};
use belot_solver::bots::BotKind;
use belot_solver::{Config, Solver};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The seats as the player sees them (seat 0 is the player; the turn
/// passes to the left).
fn names(players: u8) -> &'static [&'static str] {
    match players {
        2 => &["You", "Opponent"],
        3 => &["You", "Left", "Right"],
        _ => &["You", "Left", "Partner", "Right"],
    }
}

/// An announcement (meld, construction, combination) as seat 0 sees it:
/// core's view of it, with whether it scored once the contest is decided.
type Ann = belot_core::view::AnnouncementView;

/// Whose card points the hint counts, and whether they want few.
struct Aim {
    /// Bit `i`: seat `i`'s points are counted.
    seats: u8,
    /// The counted seats want as few points as possible (распасы).
    least: bool,
    /// Who they are, for the hint's sentence ("your side", "you").
    who: String,
}

/// One game's match as the terminal game shows it, on top of the game's
/// own [`belot_core::Match`]. Each text is what seat 0 may know: its own
/// view and what everybody saw happen.
trait Table: belot_core::Match {
    /// The game and who plays with whom, for the first line.
    fn intro(&self) -> String;
    /// The actions typed by name in this game, for `help`.
    fn actions_help(&self) -> &'static str;
    /// The face-up card of a new deal ("turned card JH").
    fn face_up(&self) -> String;
    /// The table before seat 0's decision: auction or contract, face-up
    /// cards, points and tricks taken, бела calls.
    fn status(&self) -> Vec<String>;
    /// The last trick seat 0 may look at.
    fn last_trick(&self) -> Option<TrickView>;
    /// Whose points the hint counts.
    fn aim(&self) -> Aim;
    /// The match totals, the held (hanging) points and the target.
    fn standing_line(&self) -> String;
    /// The standing with the deal and its dealer (the `score` command).
    fn score(&self) -> String {
        format!(
            "{} Deal {}, dealt by {}.",
            self.standing_line(),
            self.deal_count(),
            names(self.players())[self.dealer().index()]
        )
    }
    /// The breakdown of the deal just over, in this game's terms.
    fn deal_report(&self) -> String;
    /// The game's word for the king and queen of trumps called together.
    fn belote_word(&self) -> &'static str {
        "belote"
    }
    /// A note on the actions offered now, when one does more than its
    /// name says (a pass that plays the deal as распасы).
    fn actions_note(&self) -> Option<String> {
        None
    }
    /// Who won the match and the final totals.
    fn result(&self) -> String;
}

/// What the command line asks of each game beyond its [`Table`]:
/// implemented once per game, in its file here.
pub(crate) trait CliGame: Registered {
    /// A finished deal's heading (`belot solve`), in the game's words.
    fn head(end: &Self::Deal, who: &dyn Fn(Seat) -> String) -> String;
    /// The game's name with these rules, as `belot arena` reports it.
    fn title(options: &Self::Options) -> &'static str;
    /// A deal from `belot score`'s flags.
    fn entry(args: &crate::score::EntryArgs, options: &Self::Options) -> Result<DealInput, String>;
}

/// Starts a match of `game` from `seed`: the first dealer drawn by lot
/// where the game draws lots (as `belot engine` does), else the last
/// seat, so you speak first in the first deal.
fn start(game: Game, seed: u64) -> Result<Box<dyn Table>, GameError> {
    let dealer = game.first_dealer(seed).unwrap_or(Seat(game.players() - 1));
    Ok(each_game!(Game, game, R, o => {
        Box::new(GameMatch::<R>::from_seed(o, dealer, seed)?) as Box<dyn Table>
    }))
}

/// Plays a match of `game` read from `input`, written to `out`. With
/// `save`, the game record is written there after every action and when
/// the session ends, however it ends (an interrupted match loses nothing).
pub fn run(
    input: impl BufRead,
    mut out: impl Write,
    game: Game,
    bot: BotKind,
    seed: u64,
    save: Option<&Path>,
) -> io::Result<()> {
    let mut m =
        start(game, seed).map_err(|e| io::Error::other(format!("cannot start a match: {e}")))?;
    // Written at once, so a path that cannot be written stops us before
    // the first card, not after the match.
    if let Some(path) = save {
        write_record(m.as_ref(), path)?;
    }
    let ended = session(m.as_mut(), input, &mut out, bot, seed, save);
    if let Some(path) = save {
        write_record(m.as_ref(), path)?;
        writeln!(out, "Game record saved to {} (see `belot solve`).", path.display())?;
    }
    ended
}

/// Writes the match's game record to `path`, through a temporary file
/// renamed over it: an interruption leaves the previous record whole.
fn write_record(m: &dyn Table, path: &Path) -> io::Result<()> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let mut record = m.record();
    record.names = names(m.players()).iter().map(|n| n.to_string()).collect();
    let text = serde_json::to_string(&record).map_err(io::Error::other)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    std::fs::write(&tmp, text + "\n").map_err(named)?;
    std::fs::rename(&tmp, path).map_err(named)
}

fn help(m: &dyn Table) -> String {
    format!(
        "Type the number of an action, the action as listed ({}), or a card to play (\"JH\", \
         \"10♥\"; with {} when it may be called). Also: hint (the double-dummy best card), \
         last (the last trick), score, help, quit.",
        m.actions_help(),
        m.belote_word()
    )
}

fn header(m: &dyn Table, out: &mut impl Write) -> io::Result<()> {
    let names = names(m.players());
    writeln!(
        out,
        "\nDeal {} · dealer {} · {}\n{}",
        m.deal_count(),
        names[m.dealer().index()],
        m.face_up(),
        m.standing_line()
    )
}

/// The match from its first deal to its end, or until the player quits or
/// the input ends.
fn session(
    m: &mut dyn Table,
    input: impl BufRead,
    out: &mut impl Write,
    bot: BotKind,
    seed: u64,
    save: Option<&Path>,
) -> io::Result<()> {
    let game = m.game();
    let names = names(m.players());
    let mut bots: Vec<_> = (0..m.players()).map(|_| bot.make(&game)).collect();
    bots.iter_mut().for_each(|b| b.standing(&m.standing()));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Bytes, not `lines()`: a line that is not UTF-8 is a bad command, not
    // the end of the session.
    let mut lines = input.split(b'\n');
    let bots_word = if m.players() == 2 { "bot" } else { "bots" };
    writeln!(
        out,
        "{}; {bot} {bots_word}. Seed {seed} (--seed {seed} deals this match again).",
        m.intro()
    )?;
    writeln!(out, "{}", help(m))?;
    header(m, out)?;
    loop {
        let Some(seat) = m.to_act() else {
            writeln!(out, "{}", m.deal_report())?;
            if m.match_over() {
                writeln!(out, "{}", m.result())?;
                return Ok(());
            }
            m.next_deal(None)
                .map_err(|e| io::Error::other(format!("the next deal could not be dealt: {e}")))?;
            bots.iter_mut().for_each(|b| b.standing(&m.standing()));
            header(m, out)?;
            continue;
        };
        let view = m.view(seat);
        let action = if seat == Seat(0) {
            show(m, &view, out)?;
            match ask(m, &view, &mut lines, out)? {
                Some(a) => a,
                None => return Ok(()),
            }
        } else {
            bots[seat.index()].act(&view, &mut rng)
        };
        let tricks_before = m.tricks().len();
        let announced_before = m.view(Seat(0)).announcements().len();
        // A bot's move is always legal (tested), and the player's is one
        // of the listed actions: a refusal is a bug, reported as an error.
        m.apply(seat, &action).map_err(|e| {
            io::Error::other(format!("{} cannot {action}: {e}", names[seat.index()]))
        })?;
        if let Some(path) = save {
            write_record(m, path)?;
        }
        tell(m, seat, &action, (tricks_before, announced_before), out)?;
    }
}

/// Reads the player's commands until one is an action, answering the
/// others; `None` when the player quits or the input ends.
fn ask(
    m: &dyn Table,
    view: &AnyView,
    lines: &mut impl Iterator<Item = io::Result<Vec<u8>>>,
    out: &mut impl Write,
) -> io::Result<Option<Action>> {
    let names = names(m.players());
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\nEnd of input: the match is left unfinished.")?;
            return Ok(None);
        };
        let line = String::from_utf8_lossy(&line?).into_owned();
        match command(line.trim(), view, m.belote_word()) {
            Command::Act(a) => return Ok(Some(a)),
            Command::Quit => {
                writeln!(out, "Bye: the match is left unfinished.")?;
                return Ok(None);
            }
            Command::Hint => writeln!(out, "{}", hint(m, view))?,
            Command::Last => match m.last_trick() {
                Some(t) => writeln!(
                    out,
                    "Last trick: {} (won by {})",
                    trick_text(&t.cards, names),
                    t.winner.map_or("?", |s| names[s.index()])
                )?,
                None => writeln!(out, "No trick has been played yet.")?,
            },
            Command::Score => writeln!(out, "{}", m.score())?,
            Command::Help => writeln!(out, "{}", help(m))?,
            Command::Bad(msg) => writeln!(out, "{msg}")?,
        }
    }
}

/// Says what `seat` did, and the trick it completed; `before` is the count
/// of tricks and of announcements heard before the action.
fn tell(
    m: &dyn Table,
    seat: Seat,
    action: &Action,
    (tricks_before, announced_before): (usize, usize),
    out: &mut impl Write,
) -> io::Result<()> {
    let names = names(m.players());
    let text = match action {
        // An announcement shows its kind, not its cards, until the
        // contest is decided: say what the others heard.
        Action::Announce { .. } => {
            let heard: Vec<String> = m
                .view(Seat(0))
                .announcements()
                .iter()
                .skip(announced_before)
                .map(|a| format!("{} ({} points)", kind_text(a), a.points))
                .collect();
            format!("announce {}", heard.join(", "))
        }
        a => action_text(a, m.belote_word()),
    };
    writeln!(out, "{}: {text}", names[seat.index()])?;
    if m.tricks().len() > tricks_before
        && let Some(t) = m.tricks().last()
    {
        writeln!(out, "  trick to {} ({} points)", names[t.winner.index()], t.points)?;
    }
    Ok(())
}

/// What the player typed.
enum Command {
    Act(Action),
    Hint,
    Last,
    Score,
    Help,
    Quit,
    Bad(String),
}

/// An action named by a word rather than by its listed text: the
/// Bulgarian and Russian names of two-player Belot, the first word alone.
/// `None` for a text that names no action; `Some(None)` for one that names
/// an action the seat may not take now.
fn named(word: &str, legal: &[Action]) -> Option<Option<Action>> {
    let find = |f: fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
    Some(match word {
        "take" => find(|a| *a == Action::Take),
        "pass" => find(|a| *a == Action::Pass),
        "вк" | "at" | "all trumps" | "all-trumps" | "alltrumps" => {
            find(|a| *a == Action::AllTrumps)
        }
        "бк" | "nt" | "no trumps" | "no-trumps" | "notrumps" => find(|a| *a == Action::NoTrumps),
        "exchange" => find(|a| *a == Action::Exchange),
        "redeal" => find(|a| *a == Action::Redeal),
        // The first listed announcement: all melds at once in French
        // Belote, the best one elsewhere.
        "announce" => find(|a| matches!(a, Action::Announce { .. })),
        _ => {
            let suit = word.strip_prefix("name ")?.trim().parse::<Suit>().ok()?;
            legal.iter().find(|a| **a == Action::Name { suit }).cloned()
        }
    })
}

fn command(text: &str, view: &AnyView, belote: &str) -> Command {
    let offered = offered(view);
    let legal = offered.as_slice();
    let lower = text.to_lowercase();
    let range = format!("choose 1 to {}", legal.len());
    match lower.as_str() {
        "hint" | "h" | "?" => return Command::Hint,
        "last" => return Command::Last,
        "score" => return Command::Score,
        "help" => return Command::Help,
        "quit" | "exit" | "q" => return Command::Quit,
        "" => return Command::Bad(format!("{range}, or type help")),
        _ => {}
    }
    if let Ok(n) = lower.parse::<usize>() {
        return match legal.get(n.wrapping_sub(1)) {
            Some(a) => Command::Act(a.clone()),
            None => Command::Bad(range),
        };
    }
    // "-1", "1.5", "1 2": meant as a number (a card has a suit).
    if lower.chars().all(|c| c.is_ascii_digit() || " +-.,".contains(c)) {
        return Command::Bad(format!("{range} (one whole number)"));
    }
    let listed = |a: &Action| action_text(a, belote).to_lowercase() == lower;
    if let Some(a) = legal.iter().find(|a| listed(a) || a.to_string().to_lowercase() == lower) {
        return Command::Act(a.clone());
    }
    match named(&lower, legal) {
        Some(Some(a)) => return Command::Act(a),
        Some(None) => {
            return Command::Bad(format!(
                "you cannot {lower} now; {range}: {}",
                actions_text(legal, belote)
            ));
        }
        None => {}
    }
    let card_text = lower.strip_prefix("play ").unwrap_or(&lower);
    let accepted =
        format!("Type 1 to {}, an action as listed, a card from your hand, or help.", legal.len());
    match parse_cards(card_text).as_deref() {
        Ok([card]) => play_card(*card, view, &range, belote),
        Ok(_) => Command::Bad(format!("one card at a time; {range}")),
        // A short word was meant as a card: say what a card looks like.
        Err(e) if card_text.chars().count() <= 3 || card_text.len() < lower.len() => {
            Command::Bad(format!("{e}. {accepted}"))
        }
        Err(_) => Command::Bad(format!("not understood: {text:?}. {accepted}")),
    }
}

/// A card alone plays it, with belote (бела, belot) called when it may be
/// and the call scores for the caller (not in a распасы deal that charges
/// a бела to its caller: the numbered action still calls it).
fn play_card(card: Card, view: &AnyView, range: &str, belote: &str) -> Command {
    let plays: Vec<&Action> = view
        .legal()
        .iter()
        .filter(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
        .collect();
    let call = |a: &&&Action| matches!(a, Action::Play { belote: true, .. }) == view.call_scores();
    match plays.iter().find(call).or(plays.first()) {
        Some(a) => Command::Act((*a).clone()),
        None if !view.hand().contains(card) => Command::Bad(format!("{card} is not in your hand")),
        None if view.playable().is_empty() => Command::Bad(format!(
            "no card is played now; {range}: {}",
            actions_text(&offered(view), belote)
        )),
        None => {
            Command::Bad(format!("{card} may not be played now: you may play {}", view.playable()))
        }
    }
}

fn actions_text(legal: &[Action], belote: &str) -> String {
    legal
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{}) {}", i + 1, action_text(a, belote)))
        .collect::<Vec<_>>()
        .join("   ")
}

/// An action as listed, the belote call in the game's own word ("play QS
/// (бела)" in two-player Belot).
fn action_text(a: &Action, belote: &str) -> String {
    match a {
        Action::Play { card, belote: true } => format!("play {card} ({belote})"),
        a => a.to_string(),
    }
}

fn trick_text(cards: &[(Seat, Card)], names: &[&str]) -> String {
    cards.iter().map(|(s, c)| format!("{} {c}", names[s.index()])).collect::<Vec<_>>().join(", ")
}

/// "Left pass, Partner take".
fn calls_text(calls: &[SeatAction], names: &[&str]) -> String {
    calls
        .iter()
        .map(|c| format!("{} {}", names[c.seat.index()], c.action))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "You 12, Left 0, Right 30".
fn each<T: std::fmt::Display>(labels: &[&str], values: &[T]) -> String {
    labels.iter().zip(values).map(|(l, v)| format!("{l} {v}")).collect::<Vec<_>>().join(", ")
}

/// A game's words for the numbers of a scored deal.
struct Words {
    /// What its announcements are called ("Announcements", "Constructions").
    melds: &'static str,
    /// What its belote is called ("Belote", "Бела", "Belot").
    belote: &'static str,
    /// What the deal's held points are called ("held", "hang").
    held: &'static str,
}

/// The numbers of the last deal scored, alike in every game, from its
/// row of the running total ([`belot_core::RowReport`]): card points (the
/// last trick's 10 included), bonuses, announcements, belote, totals,
/// what each side records, held points, and the score. `None` when the
/// deal was not scored (thrown in, redealt).
fn score_numbers(row: &belot_core::RowReport, labels: &[&str], w: &Words) -> Option<String> {
    let s = row.score.as_ref()?;
    let zero = belot_core::Half(0);
    let bonus = if s.bonus.iter().any(|&b| b != zero) {
        format!(" Bonuses: {}.", each(labels, &s.bonus))
    } else {
        String::new()
    };
    let doubled = if s.multiplier > 1 { " Everything doubled." } else { "" };
    let capot = s.capot.map(|c| format!(" Capot by {}.", labels[c as usize])).unwrap_or_default();
    let held = if s.held > zero { format!(" {} {}.", s.held, w.held) } else { String::new() };
    let awarded = row
        .pool_awarded
        .map(|(to, p)| format!(" Held points {p} go to {}.", labels[to as usize]))
        .unwrap_or_default();
    Some(format!(
        "Card points: {}.{bonus} {}: {}. {}: {}.{capot}{doubled} Totals: {}. Recorded: {}.{held}\
         {awarded} Score: {}.",
        each(labels, &s.card_points),
        w.melds,
        each(labels, &s.melds),
        w.belote,
        each(labels, &s.belote),
        each(labels, &s.totals),
        each(labels, &row.recorded),
        each(labels, &row.totals)
    ))
}

/// A contract for people: "hearts trump", "all trumps (ВК)".
fn contract_text(c: Contract) -> String {
    match c {
        Contract::Suit(s) => format!("{} trump ({s})", s.name()),
        Contract::AllTrumps => "all trumps (ВК)".into(),
        Contract::NoTrumps => "no trumps (БК)".into(),
    }
}

/// Belote calls heard: "Belote calls: Right QH, Right KH".
fn belote_text(word: &str, calls: &[(Seat, Card)], names: &[&str]) -> Option<String> {
    (!calls.is_empty()).then(|| format!("{word} calls: {}", trick_text(calls, names)))
}

fn kind_text(a: &Ann) -> String {
    match a.kind {
        "carre" => "carré".into(),
        "quinte" if a.length > 5 => format!("quinte ({} cards)", a.length),
        k => k.into(),
    }
}

/// Everything seat 0 needs before it decides: the table, its hand with
/// the playable cards marked, and the numbered actions.
fn show(m: &dyn Table, view: &AnyView, out: &mut impl Write) -> io::Result<()> {
    let names = names(m.players());
    for line in m.status() {
        writeln!(out, "{line}")?;
    }
    let announced = view.announcements();
    // One line per meld, so no line lists more cards than a meld has.
    for a in announced {
        let cards = a.cards.map(|c| format!(" [{c}]")).unwrap_or_default();
        let scored = match a.scored {
            Some(true) => ", scores",
            Some(false) => ", does not score",
            None => "",
        };
        writeln!(
            out,
            "Announced by {}: {} ({} points){cards}{scored}",
            names[a.seat.index()],
            kind_text(a),
            a.points
        )?;
    }
    for (seat, cards) in view.shown() {
        if !announced.iter().any(|a| a.seat == seat && a.cards == Some(cards)) {
            writeln!(out, "Shown by {}: [{cards}]", names[seat.index()])?;
        }
    }
    let trick = &view.common().trick;
    if let Some(t) = trick.as_ref().filter(|t| !t.cards.is_empty()) {
        writeln!(out, "Trick: {}", trick_text(&t.cards, names))?;
    }
    let playable = view.playable();
    let hand: Vec<String> = held_order(view.hand(), view.contract())
        .into_iter()
        .map(|c| if playable.contains(c) { format!("*{c}*") } else { c.to_string() })
        .collect();
    let mark = if playable.is_empty() { "" } else { "   (*playable*)" };
    writeln!(out, "Your hand: {}{mark}", hand.join(" "))?;
    if let Some(note) = m.actions_note() {
        writeln!(out, "{note}")?;
    }
    writeln!(out, "{}", actions_text(&offered(view), m.belote_word()))
}

/// The legal actions as they are offered and numbered: the calls and
/// announcements first, as the rules list them, then the cards in the
/// order the hand is shown.
fn offered(view: &AnyView) -> Vec<Action> {
    let order = held_order(view.hand(), view.contract());
    let place = |c: Card| order.iter().position(|x| *x == c).unwrap_or(order.len());
    let mut legal = view.legal().to_vec();
    // Stable: actions that are not cards keep their order.
    legal.sort_by_key(|a| match a {
        Action::Play { card, belote } => (1, place(*card), *belote),
        _ => (0, 0, false),
    });
    legal
}

/// A hand as a player holds it: the trumps first, each suit together and
/// from its highest card down, by the contract's order once there is one
/// (the plain order A 10 K Q J 9 8 7 before).
fn held_order(hand: CardSet, contract: Option<Contract>) -> Vec<Card> {
    contract.unwrap_or(Contract::NoTrumps).held_order(hand)
}

/// The double-dummy best card from the real position, for seat 0's side.
fn hint(m: &dyn Table, view: &AnyView) -> String {
    let mine = |p: &&PlayState| p.to_play() == Seat(0) && !view.playable().is_empty();
    let Some(play) = m.play_state().filter(mine) else {
        return "A hint is given during the card play, when you have a card to play.".into();
    };
    let aim = m.aim();
    let mut solver = Solver::for_seats(aim.seats, Config::default());
    if aim.least {
        solver.reset_least(aim.seats);
    }
    let cards = solver.solve(play).cards;
    let values = cards.iter().map(|x| x.1);
    let Some(v) = (if aim.least { values.min() } else { values.max() }) else {
        return "No card to play.".into();
    };
    // Every card as good as the best, in the hand's order.
    let best: CardSet = cards.iter().filter(|x| x.1 == v).map(|x| x.0).collect();
    let best: Vec<String> =
        held_order(best, Some(play.contract())).iter().map(|c| c.to_string()).collect();
    let (word, cards) =
        if best.len() == 1 { ("card", best[0].clone()) } else { ("cards", best.join(" or ")) };
    if aim.least {
        format!(
            "Best {word} (all hands open, распасы: the fewest points): {cards}, {} end with {v} \
             card points.",
            aim.who
        )
    } else {
        format!("Best {word} (all hands open): {cards}, {} end with {v} card points.", aim.who)
    }
}

/// The hint's aim for your side as `pimc` plays it
/// (`belot_solver::side_of`): your team with four French players; with
/// three in French Belote the taker alone or his two opponents together;
/// otherwise you alone.
fn aim_against(game: &Game, taker: Option<Seat>) -> Aim {
    let seats = belot_solver::side_of(game, taker, Seat(0));
    let n = game.players();
    let who = match (1..n).find(|s| seats & 1 << s != 0) {
        Some(ally) => format!("you and {}", names(n)[ally as usize]),
        None => "you".into(),
    };
    Aim { seats, least: false, who }
}
