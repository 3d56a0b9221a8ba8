//! A card table: one match of any game, its seats (people or bots) and
//! what each of them is sent. The server is the only authority: every
//! action is checked by core's rules, and every message to a seat is built
//! from that seat's view, so that no seat learns another's unplayed cards;
//! spectators get what anyone watching may know.
//!
//! This module holds no I/O: the HTTP and WebSocket layer drives it, and
//! runs the bots' thinking off the async runtime.

use belot_core::view::TrickView;
use belot_core::{
    Action, AnyMatch, AnyView, CardSet, Deck, Game, GameError, Match, MatchRecord, Seat, Standing,
};
use belot_solver::bots::{Bot, BotKind, remind};
use rand_core::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// Where a table's decks come from: each deal is shuffled afresh by this
/// generator, which lives in memory only. No seed is stored or shown, so
/// nothing a player can read tells an unplayed card; a finished deal's
/// deck says nothing of the next one.
pub type Decks = Box<dyn RngCore + Send>;

/// Decks from the operating system's randomness: ChaCha20 keyed with 256
/// fresh bits for each table (and again after a restart).
pub fn os_decks() -> Result<Decks, GameError> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)
        .map_err(|e| GameError::invalid("no_randomness", format!("no randomness: {e}")))?;
    Ok(Box::new(rand_chacha::ChaCha20Rng::from_seed(key)))
}

/// Longest player name, in characters.
pub const NAME_MAX: usize = 24;

/// Who sits in a seat, with the bot itself.
enum Occupant {
    /// Nobody yet: a person may take it, or a bot be put there.
    Open,
    /// A person, who acts with the seat's secret.
    Person {
        /// The name shown to the table.
        name: String,
        /// 128 random bits in hex: needed to act for the seat.
        secret: String,
    },
    /// A bot of this kind.
    Bot(BotKind, Box<dyn Bot + Send>),
}

/// Who sits in a seat, as stored: enough to rebuild the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatSpec {
    /// Nobody.
    Open,
    /// A person and the seat's secret.
    Person {
        /// The name shown.
        name: String,
        /// The seat's secret.
        secret: String,
    },
    /// A bot, by its name (`heuristic`, `pimc`, …).
    Bot {
        /// The bot's kind as `belot arena` names it.
        bot: String,
    },
}

/// One seat as every message shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct SeatInfo {
    /// "open", "person" or "bot".
    #[schema(value_type = SeatKind)]
    pub kind: &'static str,
    /// The person's name, or the bot's kind.
    pub name: String,
    /// A bot's level (`easy`, `medium`, `strong`), when it plays at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<belot_solver::bots::Level>, inline)]
    pub level: Option<&'static str>,
}

/// Who sits in a seat, as every message shows it.
#[derive(utoipa::ToSchema)]
#[schema(rename_all = "snake_case")]
#[allow(dead_code, reason = "its schema only: `seat_info` writes the names")]
enum SeatKind {
    /// Nobody yet.
    Open,
    /// A person.
    Person,
    /// A bot.
    Bot,
}

/// Who a message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The person (or bot) in this seat.
    Seat(Seat),
    /// Anyone watching through the read-only link.
    Spectator,
}

/// What a seat or a spectator is sent after each change of the table.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Message {
    /// How many changes the table has had: a client that saw `seq` has
    /// missed nothing up to it.
    pub seq: u64,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The viewer's view of the deal as `belot engine` gives it (hand,
    /// legal actions, trick, calls, contract, announcements, score at the
    /// end); a spectator's holds no hand.
    #[schema(value_type = Object)]
    pub view: AnyView,
    /// Totals per seat, held points, winners.
    #[schema(value_type = Object)]
    pub standing: Standing,
    /// The number of the deal.
    pub deal: u32,
    /// True once the match is won.
    pub match_over: bool,
    /// The deal's last finished trick, for "last trick" (public).
    #[schema(value_type = Option<Object>, required = true)]
    pub last_trick: Option<TrickView>,
    /// Once the deal is over: the cards each seat played in it, in seat
    /// order, shown to everyone (each card as `JS`, `7H`…).
    #[schema(value_type = Option<Vec<Vec<String>>>, required = true)]
    pub hands: Option<Vec<CardSet>>,
    /// The table waits for the friends it invited: a seat is still open
    /// and nothing has been played. Nobody holds cards yet (the deal that
    /// counts is dealt when the last seat is taken), so every viewer gets
    /// the spectators' view.
    pub waiting: bool,
}

/// Why a table refused something; nothing changed.
#[derive(Debug, PartialEq, Eq)]
pub enum TableError {
    /// No such seat at this table.
    NoSeat,
    /// The seat is taken.
    Taken,
    /// The seat's secret does not match.
    NotYours,
    /// A name that is empty, too long, or holds control, invisible or
    /// text-direction characters.
    BadName,
    /// Another seat is to act (or nobody: the deal is over).
    NotYourTurn,
    /// The table waits for its open seats to be taken (or given to bots)
    /// before the first deal.
    Waiting,
    /// The action was decided on an older state of the table (sent twice,
    /// or after another change): the table is now at `seq`.
    Stale {
        /// The table's change count now.
        seq: u64,
    },
    /// Stored seats that do not fit the table (their count, a bot's
    /// name).
    BadSeats(String),
    /// The game refused the action (or the stored record).
    Game(GameError),
}

impl TableError {
    /// A stable code for clients.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::NoSeat => "no_seat",
            TableError::Taken => "seat_taken",
            TableError::NotYours => "not_your_seat",
            TableError::BadName => "bad_name",
            TableError::NotYourTurn => "not_your_turn",
            TableError::Waiting => "waiting",
            TableError::Stale { .. } => "stale",
            TableError::BadSeats(_) => "bad_seats",
            TableError::Game(GameError::Illegal(_)) => "illegal",
            TableError::Game(GameError::Finished) => "finished",
            TableError::Game(_) => "invalid",
        }
    }
}

/// A seat's name, trimmed: 1 to [`NAME_MAX`] characters, none of them
/// control, invisible or text-direction characters.
pub fn check_name(name: &str) -> Result<&str, TableError> {
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > NAME_MAX
        || name.chars().any(belot_score::refused_in_name)
    {
        return Err(TableError::BadName);
    }
    Ok(name)
}

/// One match at one table.
pub struct Table {
    m: AnyMatch,
    seats: Vec<Occupant>,
    seq: u64,
    decks: Decks,
    /// An action has been played: from then on an open seat (there is
    /// none unless a table of an older version left one) no longer holds
    /// the table back.
    started: bool,
}

impl Table {
    /// A new table for `game`, every seat open, its decks shuffled by
    /// `decks` ([`os_decks`] on a server; a seeded generator in tests).
    pub fn new(game: &Game, mut decks: Decks) -> Result<Table, GameError> {
        game.validate()?;
        let m = AnyMatch::new(game, Seat(0), Deck::shuffled(&mut decks))?;
        let seats = (0..m.players()).map(|_| Occupant::Open).collect();
        Ok(Table { m, seats, seq: 0, decks, started: false })
    }

    /// True while the table waits for the friends it invited: a seat is
    /// open and nothing has been played. Nobody acts meanwhile.
    pub fn waiting(&self) -> bool {
        !self.started && self.seats.iter().any(|o| matches!(o, Occupant::Open))
    }

    /// Once the last open seat is taken: deals the first deal afresh
    /// (whatever anyone could see while the table waited was not it) and
    /// tells the bots.
    fn start_if_full(&mut self, was_waiting: bool) -> Result<(), TableError> {
        if !was_waiting || self.waiting() {
            return Ok(());
        }
        let deck = Deck::shuffled(&mut self.decks);
        self.m = AnyMatch::new(&self.m.game(), Seat(0), deck).map_err(TableError::Game)?;
        for (i, o) in self.seats.iter_mut().enumerate() {
            if let Occupant::Bot(kind, bot) = o {
                *bot = new_bot(*kind, &self.m, Seat(i as u8));
            }
        }
        Ok(())
    }

    /// True when the last card played completed a trick and the next one
    /// has not begun: the trick is still to be seen on the table.
    pub fn trick_just_done(&self) -> bool {
        !self.m.tricks().is_empty()
            && self.m.play_state().is_some_and(|p| p.current_trick().is_empty())
    }

    /// The match played at the table.
    pub fn game(&self) -> &AnyMatch {
        &self.m
    }

    /// Changes so far.
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// Seats `name` in the open `seat`, to act with `secret` (the server
    /// makes it: 128 random bits, given to that person only).
    pub fn join(&mut self, seat: Seat, name: &str, secret: String) -> Result<(), TableError> {
        let name = check_name(name)?;
        let slot = self.seats.get_mut(seat.index()).ok_or(TableError::NoSeat)?;
        if !matches!(slot, Occupant::Open) {
            return Err(TableError::Taken);
        }
        let was_waiting = self.waiting();
        self.seats[seat.index()] = Occupant::Person { name: name.to_string(), secret };
        self.seq += 1;
        self.start_if_full(was_waiting)
    }

    /// Puts a bot of `kind` in `seat` (open, or a person's who left).
    pub fn seat_bot(&mut self, seat: Seat, kind: BotKind) -> Result<(), TableError> {
        if seat.index() >= self.seats.len() {
            return Err(TableError::NoSeat);
        }
        let was_waiting = self.waiting();
        self.seats[seat.index()] = Occupant::Bot(kind, new_bot(kind, &self.m, seat));
        self.seq += 1;
        self.start_if_full(was_waiting)
    }

    /// The first open seat, if any.
    pub fn first_open(&self) -> Option<Seat> {
        let i = self.seats.iter().position(|o| matches!(o, Occupant::Open))?;
        Some(Seat(i as u8))
    }

    /// Checks that `secret` is the secret of the person in `seat`.
    pub fn check(&self, seat: Seat, secret: &str) -> Result<(), TableError> {
        match self.seats.get(seat.index()) {
            None => Err(TableError::NoSeat),
            Some(Occupant::Person { secret: s, .. }) if s == secret => Ok(()),
            Some(_) => Err(TableError::NotYours),
        }
    }

    /// The person in `seat` leaves; a bot of `kind` plays on in the seat.
    pub fn leave(&mut self, seat: Seat, secret: &str, kind: BotKind) -> Result<(), TableError> {
        self.check(seat, secret)?;
        self.seat_bot(seat, kind)
    }

    /// Puts a bot of `kind` in `seat` if it is open; refused if taken.
    pub fn seat_bot_open(&mut self, seat: Seat, kind: BotKind) -> Result<(), TableError> {
        match self.seats.get(seat.index()) {
            None => Err(TableError::NoSeat),
            Some(Occupant::Open) => self.seat_bot(seat, kind),
            Some(_) => Err(TableError::Taken),
        }
    }

    /// Who is to act and what sits there: `Some((seat, true))` for a bot;
    /// nobody while the table waits for its players.
    pub fn to_act(&self) -> Option<(Seat, bool)> {
        let seat = self.seat_to_act()?;
        Some((seat, matches!(self.seats.get(seat.index()), Some(Occupant::Bot(..)))))
    }

    fn seat_to_act(&self) -> Option<Seat> {
        if self.waiting() { None } else { self.m.to_act() }
    }

    /// True when nobody is to act: the deal (or the match) is over.
    pub fn deal_over(&self) -> bool {
        self.m.to_act().is_none()
    }

    /// Plays for the person in `seat`, who is to act and ran out of time,
    /// the action a `kind` bot would choose.
    pub fn act_for(&mut self, seat: Seat, kind: BotKind, rng: &mut dyn rand_core::RngCore) {
        if self.seat_to_act() != Some(seat) {
            return;
        }
        let action = new_bot(kind, &self.m, seat).act(&self.m.view(seat), rng);
        // Legal by the bots' tests; a refusal leaves the seat to act.
        let _ = self.apply(seat, &action);
    }

    /// Applies the action of the person in `seat`, who proves it with the
    /// seat's secret and chose it on the table as of change `seen`: an
    /// action sent twice (or decided on an older state) is refused as
    /// stale, so it is applied once.
    pub fn act(
        &mut self,
        seat: Seat,
        secret: &str,
        seen: u64,
        action: &Action,
    ) -> Result<(), TableError> {
        self.check(seat, secret)?;
        if seen != self.seq {
            return Err(TableError::Stale { seq: self.seq });
        }
        if self.waiting() {
            return Err(TableError::Waiting);
        }
        if self.m.to_act() != Some(seat) {
            return Err(TableError::NotYourTurn);
        }
        self.apply(seat, action)
    }

    /// The bot to act now, if the seat to act holds one: it plays its
    /// action and the seat; `None` when a person (or nobody) is to act.
    pub fn step_bot(&mut self, rng: &mut dyn rand_core::RngCore) -> Option<(Seat, Action)> {
        let (seat, action) = self.choose_bot(rng)?;
        self.play_bot(seat, &action).ok()?;
        Some((seat, action))
    }

    /// What the bot to act would do now (not done yet: see
    /// [`Table::play_bot`]), if the seat to act holds one.
    pub fn choose_bot(&mut self, rng: &mut dyn rand_core::RngCore) -> Option<(Seat, Action)> {
        let seat = self.seat_to_act()?;
        let view = self.m.view(seat);
        let Some(Occupant::Bot(_, bot)) = self.seats.get_mut(seat.index()) else { return None };
        let action = bot.act(&view, rng);
        // Its turn comes back after the others': free its solver's table
        // meanwhile (a strong bot's is half a megabyte).
        bot.release();
        Some((seat, action))
    }

    /// Plays the action a bot chose ([`Table::choose_bot`]) for the bot
    /// in `seat`, still to act. A bot's action is legal (the solver's
    /// tests hold it to that); a refusal is a bug, and the bot stays to
    /// act.
    pub fn play_bot(&mut self, seat: Seat, action: &Action) -> Result<(), TableError> {
        match (self.seat_to_act(), self.seats.get(seat.index())) {
            (Some(s), Some(Occupant::Bot(..))) if s == seat => self.apply(seat, action),
            _ => Err(TableError::NotYourTurn),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), TableError> {
        self.m.apply(seat, action).map_err(TableError::Game)?;
        self.seq += 1;
        self.started = true;
        Ok(())
    }

    /// Deals the next deal once the current one is over (the table shows
    /// the finished deal's score until then); refused while it goes on or
    /// once the match is won.
    pub fn deal_next(&mut self) -> Result<(), TableError> {
        if self.m.match_over() {
            return Err(TableError::Game(GameError::Finished));
        }
        let deck = Deck::shuffled(&mut self.decks);
        self.m.next_deal(Some(deck)).map_err(TableError::Game)?;
        self.seq += 1;
        let standing = self.m.standing();
        for o in &mut self.seats {
            if let Occupant::Bot(_, bot) = o {
                bot.standing(&standing);
            }
        }
        Ok(())
    }

    /// Who sits where, as stored.
    pub fn seats(&self) -> Vec<SeatSpec> {
        self.seats
            .iter()
            .map(|o| match o {
                Occupant::Open => SeatSpec::Open,
                Occupant::Person { name, secret } => {
                    SeatSpec::Person { name: name.clone(), secret: secret.clone() }
                }
                Occupant::Bot(kind, _) => SeatSpec::Bot { bot: kind.to_string() },
            })
            .collect()
    }

    /// The match's record, every deal and action so far.
    pub fn record(&self) -> MatchRecord {
        self.m.record()
    }

    /// The table rebuilt from its stored record, seats and change count
    /// (after a restart): the same state, so that every client resumes
    /// where it was; its next decks from `decks`. Bots start without the
    /// memory of the deal they had.
    pub fn restore(
        record: &MatchRecord,
        seats: &[SeatSpec],
        seq: u64,
        decks: Decks,
    ) -> Result<Table, TableError> {
        let m = AnyMatch::from_record(record).map_err(TableError::Game)?;
        let started = record.deals.len() > 1 || record.deals.iter().any(|d| !d.actions.is_empty());
        if seats.len() != m.players() as usize {
            let e = format!("{} seats for {} players", seats.len(), m.players());
            return Err(TableError::BadSeats(e));
        }
        let seats = seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                Ok(match spec {
                    SeatSpec::Open => Occupant::Open,
                    SeatSpec::Person { name, secret } => {
                        Occupant::Person { name: name.clone(), secret: secret.clone() }
                    }
                    SeatSpec::Bot { bot } => {
                        let kind = bot
                            .parse::<BotKind>()
                            .map_err(|e| TableError::BadSeats(e.to_string()))?;
                        Occupant::Bot(kind, new_bot(kind, &m, Seat(i as u8)))
                    }
                })
            })
            .collect::<Result<_, TableError>>()?;
        Ok(Table { m, seats, seq, decks, started })
    }

    /// What `viewer` is sent now.
    pub fn message(&self, viewer: Viewer) -> Message {
        let waiting = self.waiting();
        let view = match viewer {
            Viewer::Seat(s) if !waiting => self.m.view(s),
            _ => self.m.view(Seat(0)).into_public(),
        };
        Message {
            seq: self.seq,
            seats: self.seats.iter().map(seat_info).collect(),
            view,
            standing: self.m.standing(),
            deal: self.m.deal_number(),
            match_over: self.m.match_over(),
            last_trick: self.m.tricks().last().map(|t| TrickView::done(t, self.m.players())),
            hands: self.deal_over().then(|| self.played()),
            waiting,
        }
    }

    /// The cards each seat played in this deal.
    fn played(&self) -> Vec<CardSet> {
        let mut hands = vec![CardSet::EMPTY; self.m.players() as usize];
        for t in self.m.tricks() {
            for (seat, card) in TrickView::done(t, self.m.players()).cards {
                hands[seat.index()].insert(card);
            }
        }
        hands
    }
}

/// A bot of `kind` for `seat`, told what the seat saw of the deal so far.
fn new_bot(kind: BotKind, m: &AnyMatch, seat: Seat) -> Box<dyn Bot + Send> {
    let mut bot = kind.make(&m.game());
    remind(bot.as_mut(), m, seat);
    bot
}

fn seat_info(o: &Occupant) -> SeatInfo {
    match o {
        Occupant::Open => SeatInfo { kind: "open", name: String::new(), level: None },
        Occupant::Person { name, .. } => {
            SeatInfo { kind: "person", name: name.clone(), level: None }
        }
        Occupant::Bot(kind, _) => SeatInfo {
            kind: "bot",
            name: kind.to_string(),
            level: belot_solver::bots::Level::of(*kind).map(belot_solver::bots::Level::name),
        },
    }
}
