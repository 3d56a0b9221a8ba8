//! Every game behind one face, for bots, tournaments and the terminal
//! game: a game's rules ([`Game`]), a deal in progress ([`Table`]) and
//! what one seat sees ([`GameView`]); a whole match is core's
//! [`belot_core::AnyMatch`] (started by [`match_from_seed`]). One type
//! per variant lives in `belot-core`; these enums only route to them.

use belot_core::AnyMatch as Match;
use belot_core::french::{FrenchDeal, FrenchMatch, FrenchOptions, SeatView};
use belot_core::three_player::{ThreeDeal, ThreeMatch, ThreeOptions, ThreeView};
use belot_core::two_player::{TwoDeal, TwoMatch, TwoOptions, TwoView};
use belot_core::{Action, CardSet, Contract, Deck, GameError, ParseError, Seat};

/// A game and its house rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Game {
    /// French Belote (seed 002), for 4 players in two teams, or 2 or 3
    /// each for himself (option `players`).
    French(FrenchOptions),
    /// Two-player Belot to 1001 (seed 001).
    Two(TwoOptions),
    /// Three-player Belot of the Black Sea ports (seed 000).
    Three(ThreeOptions),
}

impl Game {
    /// Players at the table.
    pub fn players(&self) -> u8 {
        match self {
            Game::French(o) => o.players,
            Game::Two(_) => 2,
            Game::Three(_) => 3,
        }
    }

    /// True when seats `s` and `s + 2` play as partners.
    pub fn teams(&self) -> bool {
        self.players() == 4
    }

    /// A short name for reports: `french`, `french-3`, `french-2`,
    /// `two-player`, `three-player`.
    pub fn name(&self) -> &'static str {
        match self {
            Game::French(o) if o.players == 3 => "french-3",
            Game::French(o) if o.players == 2 => "french-2",
            Game::French(_) => "french",
            Game::Two(_) => "two-player",
            Game::Three(_) => "three-player",
        }
    }

    /// The game for a name of [`Game::name`] (also `french-4` and
    /// `belote` for `french`), with the variant's default rules.
    pub fn from_name(name: &str) -> Result<Game, ParseError> {
        let french = |players| Game::French(FrenchOptions { players, ..FrenchOptions::default() });
        Ok(match name.trim().to_lowercase().as_str() {
            "french" | "french-4" | "belote" => french(4),
            "french-3" => french(3),
            "french-2" => french(2),
            "two-player" => Game::Two(TwoOptions::default()),
            "three-player" => Game::Three(ThreeOptions::default()),
            other => {
                return Err(ParseError::new(format!(
                    "unknown game {other:?}: the games are french (4 players in teams), \
                     french-3, french-2 (each for himself), two-player (to 1001), \
                     three-player (to 501)"
                )));
            }
        })
    }

    /// The game's rules as JSON, as [`Game::with_options`] and `belot
    /// engine` take them.
    pub fn options_json(&self) -> serde_json::Value {
        let v = match self {
            Game::French(o) => serde_json::to_value(o),
            Game::Two(o) => serde_json::to_value(o),
            Game::Three(o) => serde_json::to_value(o),
        };
        // Plain structs of numbers, flags and enums always serialise.
        v.unwrap_or(serde_json::Value::Null)
    }

    /// The same game with house rules read from JSON (as in `belot
    /// engine`); unknown keys are refused.
    pub fn with_options(self, json: &str) -> Result<Game, ParseError> {
        // The rules as they stand, with the given keys over them.
        let mut v = self.options_json();
        merge(&mut v, json)?;
        Ok(match self {
            Game::French(before) => {
                let o: FrenchOptions = belot_core::options_from_json(v)?;
                o.validate().map_err(|e| ParseError::new(e.message))?;
                // The game's name fixes the table: `players` may only
                // repeat it, so french-3 never quietly becomes four.
                if o.players != before.players {
                    return Err(ParseError::new(format!(
                        "option \"players\": {} does not go with this game ({} players); \
                         choose the game by name: french (4), french-3, french-2",
                        o.players, before.players
                    )));
                }
                Game::French(o)
            }
            Game::Two(_) => {
                let o: TwoOptions = belot_core::options_from_json(v)?;
                o.validate().map_err(|e| ParseError::new(e.message))?;
                Game::Two(o)
            }
            Game::Three(_) => {
                let o: ThreeOptions = belot_core::options_from_json(v)?;
                o.validate().map_err(|e| ParseError::new(e.message))?;
                Game::Three(o)
            }
        })
    }
}

/// Overwrites the keys of `v` with those of the JSON object `json`.
fn merge(v: &mut serde_json::Value, json: &str) -> Result<(), ParseError> {
    let extra: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| ParseError::new(format!("options are not JSON: {e}")))?;
    let (Some(dst), Some(src)) = (v.as_object_mut(), extra.as_object()) else {
        return Err(ParseError::new("options must be a JSON object, such as {\"target\": 500}"));
    };
    for (k, x) in src {
        if !dst.contains_key(k) {
            let keys: Vec<&String> = dst.keys().collect();
            return Err(ParseError::new(format!("unknown option {k:?}; the options are {keys:?}")));
        }
        dst.insert(k.clone(), x.clone());
    }
    Ok(())
}

/// What one seat sees of a deal: never another seat's unplayed cards.
#[derive(Clone, Debug)]
pub enum GameView {
    /// French Belote.
    French(SeatView),
    /// Two-player Belot.
    Two(TwoView),
    /// Three-player Belot.
    Three(ThreeView),
}

impl GameView {
    /// The seat the view is for.
    pub fn seat(&self) -> Seat {
        match self {
            GameView::French(v) => v.seat,
            GameView::Two(v) => v.seat,
            GameView::Three(v) => v.seat,
        }
    }

    /// The seat's legal actions (empty when it is not its turn).
    pub fn legal(&self) -> &[Action] {
        match self {
            GameView::French(v) => &v.legal,
            GameView::Two(v) => &v.legal,
            GameView::Three(v) => &v.legal,
        }
    }

    /// The seat's cards.
    pub fn hand(&self) -> CardSet {
        match self {
            GameView::French(v) => v.hand,
            GameView::Two(v) => v.hand,
            GameView::Three(v) => v.hand,
        }
    }

    /// The contract, once made.
    pub fn contract(&self) -> Option<Contract> {
        match self {
            GameView::French(v) => v.contract,
            GameView::Two(v) => v.contract,
            GameView::Three(v) => v.contract,
        }
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        match self {
            GameView::French(v) => v.players,
            GameView::Two(_) => 2,
            GameView::Three(_) => 3,
        }
    }

    /// The cards the seat may play now (empty outside its turn to play).
    pub fn playable(&self) -> CardSet {
        self.legal()
            .iter()
            .filter_map(|a| match a {
                Action::Play { card, .. } => Some(card.set()),
                _ => None,
            })
            .fold(CardSet::EMPTY, |a, c| a | c)
    }

    /// True when a belote (бела) call scores for its caller: everywhere
    /// but a распасы deal whose table charges a бела to its caller.
    pub fn call_scores(&self) -> bool {
        !matches!(self, GameView::Two(v) if v.bela_charges_caller)
    }
}

/// A deal of any game, played to its end.
#[derive(Clone, Debug)]
pub enum Table {
    /// French Belote.
    French(FrenchDeal),
    /// Two-player Belot.
    Two(TwoDeal),
    /// Three-player Belot.
    Three(ThreeDeal),
}

impl Table {
    /// Deals `deck` with `dealer` dealing.
    pub fn new(game: &Game, dealer: Seat, deck: Deck) -> Result<Table, GameError> {
        Ok(match game {
            Game::French(o) => Table::French(FrenchDeal::new(*o, dealer, deck)?),
            Game::Two(o) => Table::Two(TwoDeal::new(*o, dealer, deck)?),
            Game::Three(o) => Table::Three(ThreeDeal::new(*o, dealer, deck)?),
        })
    }

    /// Who is to act, if anyone.
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            Table::French(d) => d.to_act(),
            Table::Two(d) => d.to_act(),
            Table::Three(d) => d.to_act(),
        }
    }

    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> GameView {
        match self {
            Table::French(d) => GameView::French(d.view(seat)),
            Table::Two(d) => GameView::Two(d.view(seat)),
            Table::Three(d) => GameView::Three(d.view(seat)),
        }
    }

    /// Applies `seat`'s action; a refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        match self {
            Table::French(d) => d.apply(seat, action),
            Table::Two(d) => d.apply(seat, action),
            Table::Three(d) => d.apply(seat, action),
        }
    }

    /// The card play, once it started (every hand: for analysis and
    /// tests, never for a player).
    pub fn play_state(&self) -> Option<&belot_core::PlayState> {
        match self {
            Table::French(d) => d.play_state(),
            Table::Two(d) => d.play_state(),
            Table::Three(d) => d.play_state(),
        }
    }

    /// True when the deal is over (played, thrown in or annulled).
    pub fn is_over(&self) -> bool {
        match self {
            Table::French(d) => d.is_over(),
            Table::Two(d) => d.is_over(),
            Table::Three(d) => d.is_over(),
        }
    }

    /// The points each seat's side records for this deal, once it is
    /// scored: with teams each seat gets its team's points; points held
    /// for a later deal count for nobody. `None` for a deal not played
    /// (thrown in, annulled) or not finished.
    pub fn recorded(&self) -> Option<[f64; 4]> {
        let mut out = [0.0; 4];
        match self {
            Table::French(d) => {
                if let Some(s) = d.score() {
                    for (i, o) in out.iter_mut().enumerate().take(d.players() as usize) {
                        *o = s.recorded[d.side(Seat(i as u8)).index() & 1] as f64;
                    }
                } else if let Some(s) = d.score3() {
                    for (o, r) in out.iter_mut().zip(s.recorded) {
                        *o = r as f64;
                    }
                } else {
                    return None;
                }
            }
            Table::Two(d) => {
                let s = d.score()?;
                out[0] = s.recorded[0] as f64;
                out[1] = s.recorded[1] as f64;
            }
            Table::Three(d) => {
                let s = d.score()?;
                for (o, r) in out.iter_mut().zip(s.recorded) {
                    *o = r.0 as f64 / 2.0;
                }
            }
        }
        Some(out)
    }
}

/// A match of `game` whose deal `k` is [`Deck::from_seed`]`(seed, k)`,
/// the first dealt by `first_dealer`.
pub fn match_from_seed(game: &Game, first_dealer: Seat, seed: u64) -> Result<Match, GameError> {
    Ok(match game {
        Game::French(o) => Match::French(FrenchMatch::from_seed(*o, first_dealer, seed)?),
        Game::Two(o) => Match::TwoPlayer(TwoMatch::from_seed(*o, first_dealer, seed)?),
        Game::Three(o) => Match::ThreePlayer(ThreeMatch::from_seed(*o, first_dealer, seed)?),
    })
}

/// Each seat's match total (with teams, its team's on both seats),
/// and whether its side won the match.
pub fn standing(m: &Match) -> [(f64, bool); 4] {
    let mut out = [(0.0, false); 4];
    match m {
        Match::French(m) => {
            let n = m.options().players;
            for (s, o) in out.iter_mut().enumerate().take(n as usize) {
                let side = belot_core::french::side_in(Seat(s as u8), n).index();
                *o = if n == 3 {
                    (m.ledger3().totals[side] as f64, m.ledger3().winner == Some(Seat(s as u8)))
                } else {
                    (
                        m.ledger().totals[side] as f64,
                        m.ledger().winner.map(|w| w.index()) == Some(side),
                    )
                };
            }
        }
        Match::TwoPlayer(m) => {
            let l = m.ledger();
            for (s, o) in out.iter_mut().enumerate().take(2) {
                *o = (l.totals[s] as f64, l.winner == Some(Seat(s as u8)));
            }
        }
        Match::ThreePlayer(m) => {
            let l = m.ledger();
            for (s, o) in out.iter_mut().enumerate().take(3) {
                *o = (l.totals[s].0 as f64 / 2.0, l.winner == Some(Seat(s as u8)));
            }
        }
    }
    out
}

/// The rules of a match ([`belot_core::AnyMatch`]), as bots take them.
pub fn game_of(m: &Match) -> Game {
    match m {
        Match::French(m) => Game::French(*m.options()),
        Match::TwoPlayer(m) => Game::Two(*m.options()),
        Match::ThreePlayer(m) => Game::Three(*m.options()),
    }
}

/// What `seat` may know of the current deal of a match of the core's
/// engine.
pub fn view_of(m: &Match, seat: Seat) -> GameView {
    match m {
        Match::French(m) => GameView::French(m.current().view(seat)),
        Match::TwoPlayer(m) => GameView::Two(m.current().view(seat)),
        Match::ThreePlayer(m) => GameView::Three(m.current().view(seat)),
    }
}
