//! Errors.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

/// Text that could not be parsed (a card, suit, contract, option…).
/// The message says what was wrong and what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(String);

impl ParseError {
    /// A parse error with this message.
    pub fn new(msg: impl Into<String>) -> ParseError {
        ParseError(msg.into())
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// A value the rules cannot take: a house rule out of its range, a deal
/// summary that cannot happen. It is a [`Refusal`]: its `code` is stable
/// (programs go by it), its message says what was wrong and what is
/// accepted. Turned into a [`GameError`] it keeps its code; on a score
/// sheet it is wrapped by [`Refusal::rules_check`].
pub type InvalidInput = Refusal;

impl From<Refusal> for GameError {
    /// An invalid value or set-up, its code and params kept.
    fn from(r: Refusal) -> GameError {
        GameError::Invalid(r)
    }
}

/// Why an action or a set-up was refused. The game is never changed by a
/// refused action. [`GameError::code`] is stable (one of [`GAME_CODES`]);
/// [`GameError::refusal`] gives the code with the values the message
/// names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// It is not this seat's turn, or not this kind of action's phase.
    NotYourTurn {
        /// Who is to act (if anyone).
        expected: Option<u8>,
        /// Who tried.
        got: u8,
    },
    /// The action is not allowed now; the refusal says why and what is
    /// allowed.
    Illegal(Refusal),
    /// The deal or set-up is invalid (deck, hands, options, record…).
    Invalid(Refusal),
    /// The deal is over; no more actions are accepted.
    Finished,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::NotYourTurn { expected: Some(e), got } => {
                write!(f, "seat {got} tried to act, but it is seat {e}'s turn")
            }
            GameError::NotYourTurn { expected: None, got } => {
                write!(f, "seat {got} tried to act, but nobody is to act now")
            }
            GameError::Illegal(r) | GameError::Invalid(r) => f.write_str(&r.message),
            GameError::Finished => f.write_str("the deal is over: no more actions are accepted"),
        }
    }
}

impl std::error::Error for GameError {}

impl GameError {
    /// An action not allowed now: `code` (one of [`GAME_CODES`]) says
    /// what was refused, `message` why and what is allowed, in English.
    pub fn illegal(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Illegal(Refusal::new(code, message))
    }

    /// An invalid deal, set-up or record: `code` (one of [`GAME_CODES`])
    /// says what was refused, `message` why and what is accepted.
    pub fn invalid(code: &'static str, message: impl Into<String>) -> GameError {
        GameError::Invalid(Refusal::new(code, message))
    }

    /// The same, with one more parameter (a value the message names);
    /// `NotYourTurn` and `Finished` carry theirs already and are kept.
    pub fn with(self, key: &str, value: impl Into<Param>) -> GameError {
        match self {
            GameError::Illegal(r) => GameError::Illegal(r.with(key, value)),
            GameError::Invalid(r) => GameError::Invalid(r.with(key, value)),
            other => other,
        }
    }

    /// The stable code of what was refused: `not_your_turn`, `deal_over`,
    /// or the refusal's own (one of [`GAME_CODES`]).
    pub fn code(&self) -> &'static str {
        match self {
            GameError::NotYourTurn { .. } => "not_your_turn",
            GameError::Illegal(r) | GameError::Invalid(r) => r.code,
            GameError::Finished => "deal_over",
        }
    }

    /// The error as a [`Refusal`]: its code, the values it names (for
    /// `not_your_turn`, the seats `got` and `expected`) and its message.
    pub fn refusal(&self) -> Refusal {
        let code = self.code();
        match self {
            GameError::Illegal(r) | GameError::Invalid(r) => r.clone(),
            GameError::NotYourTurn { expected, got } => {
                let r = Refusal::new(code, self.to_string()).with("got", *got);
                match expected {
                    Some(e) => r.with("expected", *e),
                    None => r,
                }
            }
            GameError::Finished => Refusal::new(code, self.to_string()),
        }
    }

    /// The same error said as part of something larger: `code` and
    /// `message` are the whole's, `params` its values; the error's own
    /// code goes in the param `cause`, its own params are kept (the
    /// whole's win where both name one).
    pub(crate) fn within(
        &self,
        code: &'static str,
        message: String,
        params: &[(&str, Param)],
    ) -> GameError {
        let inner = self.refusal();
        let mut r = Refusal { code, params: inner.params, message };
        r = r.with("cause", inner.code);
        for (k, v) in params {
            r = r.with(k, v.clone());
        }
        GameError::Invalid(r)
    }

    /// Refuses a dealer who has no seat at a table of `players`.
    pub(crate) fn check_dealer(dealer: crate::seat::Seat, players: u8) -> Result<(), GameError> {
        if dealer.0 < players {
            return Ok(());
        }
        let seats = match players {
            2 => "0 and 1".to_string(),
            n => format!("0 to {}", n - 1),
        };
        Err(GameError::invalid(
            "dealer_seat",
            format!("dealer seat {dealer} does not exist: seats are {seats}"),
        )
        .with("dealer", dealer.0)
        .with("players", players))
    }
}

/// Every code a [`GameError`] (or a rules' check, [`InvalidInput`]) has,
/// with what it refuses; sorted. Programs go by these codes: they are
/// stable, the English messages may change. The values a message names
/// are its refusal's params (seats, hands and deals as numbers; cards,
/// suits and actions as written, e.g. `KD`, `S`, `pass`; card lists as
/// lists). A test checks that every code used in the workspace is here.
pub const GAME_CODES: &[(&str, &str)] = &[
    ("action_not_now", "an action of another phase (params action)"),
    ("announce_empty", "an announcement with no meld"),
    ("announce_not_now", "an announcement after the first card, or with nothing to announce"),
    ("announced_already", "a second announcement by the same player"),
    ("announcement_points", "a summary's announcement points that cannot be (rules' check)"),
    ("auction_round1", "in the auction's first round, anything but take or pass (suit, action)"),
    (
        "auction_round2",
        "in the auction's second round, the turned suit or a wrong call (suit, action)",
    ),
    ("belote_card", "a belote (бела, belot) call with a card that cannot carry it (card)"),
    ("best_meld_only", "an announcement of another meld than the player's best (meld)"),
    ("card_not_held", "a card that is not in the player's hand (card, legal)"),
    ("card_not_legal", "a card the rules do not allow now (card, legal: the legal cards)"),
    ("card_point_one", "a summary's side with exactly 1 card point (rules' check)"),
    ("card_points_sum", "a summary's card points with the wrong sum (rules' check)"),
    ("cards_twice", "hands that share cards (cards)"),
    ("contest_one_winner", "a summary's contest won by more than one player (rules' check)"),
    ("deal_not_over", "a next deal asked before the current one is over"),
    ("deal_over", "an action after the deal is over"),
    ("deal_points", "a summary's deal points that cannot be (rules' check)"),
    ("dealer_must_name", "a pass by the dealer who must name a suit (suit)"),
    ("dealer_seat", "a dealer with no seat at the table (dealer, players)"),
    ("deck_cards", "a deck that is not the 32 cards once each"),
    ("deck_needed", "a next deal without a deck in a match without a seed (deal)"),
    ("exchange_not_allowed", "an exchange of the seven of trumps that the rules do not allow"),
    ("hand_size", "a hand of the wrong size (hand, cards, size)"),
    ("hands_four_players", "a start from hands for fewer than four players (players)"),
    ("last_trick_no_trick", "a summary's last trick for a player with no trick (rules' check)"),
    ("loader_missing", "a summary without the loader it needs (rules' check)"),
    ("match_over", "a next deal asked after the match is over"),
    ("match_too_long", "an arena match with no winner after its most deals (match, deals)"),
    ("no_bare_contract", "a deal from a bare contract in a game that has none"),
    ("no_exchange_now", "an exchange of the seven of trumps when there is none to make"),
    ("no_meld_held", "an announcement by a player who holds no meld"),
    ("no_play_now", "a card played when no card play is under way"),
    ("no_player", "an arena seat with no player program (seat)"),
    ("no_randomness", "a shuffle the system's randomness could not give"),
    ("no_redeal", "a redeal claimed without four 7s or four 8s, or too late"),
    ("no_such_seat", "a seat the game does not have (seat, players)"),
    ("no_such_side", "a side the game does not have (rules' check)"),
    ("not_a_meld", "an announcement of a meld the player cannot announce (meld, melds)"),
    ("not_your_turn", "an action by a seat whose turn it is not (got, expected)"),
    ("option_range", "a house rule out of its range (rules' check)"),
    ("program_failed", "a player program that failed or answered wrongly (program)"),
    ("raspasy_loader", "a summary's распасы deal with a loader (rules' check)"),
    ("raspasy_trump", "a summary's распасы deal with a trump (rules' check)"),
    ("record_action", "a record's action the game refused (deal, step, seat, action, cause)"),
    ("record_after_match", "a record's deal after the match was over (deal)"),
    ("record_bare", "a record's bare-contract deal that is not the first (deal)"),
    ("record_deal", "a record's deal the match could not start (deal, cause)"),
    ("record_dealer", "a record's deal dealt by the wrong seat (deal, dealer, expected)"),
    ("record_format", "a file that is not a belot record (format, expected)"),
    ("record_game", "a record of another game (game, expected)"),
    (
        "record_name",
        "a record's player name that is empty, too long or holds control characters (seat, max)",
    ),
    ("record_names", "a record's names that are not one per seat (names, seats)"),
    ("record_no_deal", "a record with no deal"),
    ("record_result", "a record's deal whose stored result is not the replayed one (deal)"),
    ("record_unfinished", "a record's unfinished deal followed by more deals (deal)"),
    ("record_version", "a record of a version this belot does not read (version, supported)"),
    ("start_after_deal", "a start (totals) for a match that has played a deal"),
    ("start_deal", "a start's deal number out of range (deal)"),
    ("start_halves", "a start's half points in a game that counts whole points (points)"),
    ("start_held", "a start's held points out of range (held, max)"),
    ("start_sides", "a start with not one total per side (totals, sides)"),
    ("start_total", "a start's total that would end the match (total, target)"),
    ("taker_hand_empty", "a start from hands whose taker has no card (seat)"),
    ("tricks_sum", "a summary's tricks with the wrong sum (rules' check)"),
];

/// The words of [`GAME_CODES`] for `code`: what it refuses.
pub fn game_code_meaning(code: &str) -> Option<&'static str> {
    GAME_CODES.iter().find(|(c, _)| *c == code).map(|(_, m)| *m)
}

/// Why an entry, a set-up or a change was refused: a stable `code`
/// (programs and the web page's translations go by it), the figures and
/// names it concerns (`params`), and the reason in plain English
/// (`message`). Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// What kind of refusal, e.g. `card_points`.
    pub code: &'static str,
    /// The values the message names (sides and seats are 0-based).
    pub params: BTreeMap<String, Param>,
    /// The reason and what is accepted, in English.
    pub message: String,
}

/// A value a [`Refusal`] names: a number, a word, or a list of words
/// (cards, melds).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Param {
    /// A number.
    Int(i64),
    /// A word or a name.
    Text(String),
    /// Words in order, e.g. the legal cards.
    List(Vec<String>),
}

impl Param {
    /// The words of `text` (split at spaces) as a list, e.g. cards as
    /// shown in a message: `AS KS` gives `["AS", "KS"]`.
    pub fn words(text: &str) -> Param {
        Param::List(text.split_whitespace().map(str::to_string).collect())
    }

    /// The number, if it is one and not negative.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Param::Int(n) => u64::try_from(*n).ok(),
            Param::Text(_) | Param::List(_) => None,
        }
    }
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl From<$t> for Param {
            fn from(n: $t) -> Param {
                Param::Int(n as i64)
            }
        }
    )*};
}
int_param!(u8, u16, u32, u64, usize, i32, i64);

impl From<&str> for Param {
    fn from(s: &str) -> Param {
        Param::Text(s.to_string())
    }
}

impl From<String> for Param {
    fn from(s: String) -> Param {
        Param::Text(s)
    }
}

impl From<crate::card::Card> for Param {
    /// A card as it is written, e.g. `KD`.
    fn from(c: crate::card::Card) -> Param {
        Param::Text(c.to_string())
    }
}

impl From<crate::card::Suit> for Param {
    /// A suit's letter, e.g. `S`.
    fn from(s: crate::card::Suit) -> Param {
        Param::Text(s.to_string())
    }
}

impl From<crate::card::CardSet> for Param {
    /// The cards grouped by suit, highest first.
    fn from(cards: crate::card::CardSet) -> Param {
        Param::words(&cards.to_string())
    }
}

impl From<crate::seat::Seat> for Param {
    /// A seat's number, from 0.
    fn from(s: crate::seat::Seat) -> Param {
        Param::Int(i64::from(s.0))
    }
}

impl From<Vec<String>> for Param {
    fn from(v: Vec<String>) -> Param {
        Param::List(v)
    }
}

impl From<char> for Param {
    fn from(c: char) -> Param {
        Param::Text(c.to_string())
    }
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { code, params: BTreeMap::new(), message: message.into() }
    }

    /// The same, with one more parameter.
    pub fn with(mut self, key: &str, value: impl Into<Param>) -> Refusal {
        self.params.insert(key.to_string(), value.into());
        self
    }

    /// The rules' own check of a value (a summary, a house rule) said on
    /// a score sheet: code `deal_rules`, the check's code in the param
    /// `rule` and its English words in `detail` (the web page translates
    /// `deal_rules`).
    pub fn rules_check(e: InvalidInput) -> Refusal {
        let r = Refusal::new("deal_rules", e.message.clone()).with("rule", e.code);
        r.with("detail", e.message)
    }

    /// Whether the message says `text` (tests, and callers matching on
    /// English text from before codes).
    pub fn contains(&self, text: &str) -> bool {
        self.message.contains(text)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}

impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.message
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use std::path::Path;

    /// The Rust files under `dir`, read.
    fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let p = e.path();
            if p.is_dir() {
                sources(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push((p.display().to_string(), std::fs::read_to_string(&p).unwrap()));
            }
        }
    }

    /// Every code given to a refusal of the rules in the workspace's
    /// source (`illegal("…"`, `invalid("…"`, `InvalidInput::new("…"`, the
    /// start's `bad("…"` and a record's `within("…"`), with where; and
    /// the calls of `GameError::illegal`/`invalid` whose code is not a
    /// literal. Test modules are left out.
    fn codes_used() -> (BTreeSet<String>, Vec<String>) {
        let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut files = Vec::new();
        for krate in std::fs::read_dir(&crates).unwrap().flatten() {
            let src = krate.path().join("src");
            if src.is_dir() {
                sources(&src, &mut files);
            }
        }
        assert!(files.len() > 50, "the workspace's sources are found: {}", files.len());
        let needles = ["illegal(", "invalid(", "InvalidInput::new(", "bad(", "within("];
        let (mut codes, mut bare) = (BTreeSet::new(), Vec::new());
        for (path, text) in &files {
            // A file's tests refuse nothing.
            let text = text.split("\n#[cfg(test)]\nmod tests").next().unwrap_or_default();
            for needle in needles {
                for (at, _) in text.match_indices(needle) {
                    let before = text[..at].chars().next_back().unwrap_or(' ');
                    if before.is_alphanumeric() || before == '_' || text[..at].ends_with("fn ") {
                        continue;
                    }
                    let rest = text[at + needle.len()..].trim_start();
                    if let Some(lit) = rest.strip_prefix('"') {
                        codes.insert(lit[..lit.find('"').unwrap()].to_string());
                    } else if text[..at].ends_with("GameError::") && !rest.starts_with("code,") {
                        // (A helper's `code` is its callers' literals.)
                        let line = text[..at].matches('\n').count() + 1;
                        bare.push(format!("{path}:{line}"));
                    }
                }
            }
        }
        (codes, bare)
    }

    #[test]
    fn every_code_used_is_listed_once_in_snake_case_and_every_listed_code_is_used() {
        let listed: Vec<&str> = GAME_CODES.iter().map(|(c, _)| *c).collect();
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(listed, sorted, "GAME_CODES is sorted, each code once");
        for (code, meaning) in GAME_CODES {
            let snake = code.starts_with(|c: char| c.is_ascii_lowercase())
                && code.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                && !code.ends_with('_')
                && !code.contains("__");
            assert!(snake, "{code} is snake_case");
            assert!(!meaning.is_empty(), "{code} says what it refuses");
        }
        let (used, bare) = codes_used();
        assert!(bare.is_empty(), "a refusal's code is a literal: {bare:?}");
        let unlisted: Vec<_> = used.iter().filter(|c| !listed.contains(&c.as_str())).collect();
        assert!(unlisted.is_empty(), "codes used but not in GAME_CODES: {unlisted:?}");
        let own =
            [GameError::Finished.code(), GameError::NotYourTurn { expected: None, got: 0 }.code()];
        let unused: Vec<_> =
            listed.iter().filter(|c| !used.contains(**c) && !own.contains(c)).collect();
        assert!(unused.is_empty(), "codes in GAME_CODES that nothing uses: {unused:?}");
        assert!(game_code_meaning("card_not_legal").is_some());
        assert!(game_code_meaning("no_such_code").is_none());
    }

    #[test]
    fn every_error_is_a_refusal_with_its_code_params_and_message() {
        let e = GameError::NotYourTurn { expected: Some(1), got: 2 };
        let r = e.refusal();
        assert_eq!((r.code, r.message.as_str()), ("not_your_turn", &*e.to_string()));
        assert_eq!(r.params.get("expected"), Some(&Param::Int(1)));
        assert_eq!(r.params.get("got"), Some(&Param::Int(2)));
        assert_eq!(GameError::Finished.refusal().code, "deal_over");
        let e =
            GameError::illegal("card_not_legal", "KD may not be played now; legal cards: AS KS")
                .with("card", "KD")
                .with("legal", Param::words("AS KS"));
        assert_eq!(e.code(), "card_not_legal");
        assert_eq!(e.to_string(), "KD may not be played now; legal cards: AS KS");
        let json = serde_json::to_string(&e.refusal().params).unwrap();
        assert_eq!(json, r#"{"card":"KD","legal":["AS","KS"]}"#);
        // A rules' check keeps its code as a game error, and is wrapped
        // on a score sheet.
        let check = InvalidInput::new("option_range", "target must be 1 to 10000");
        assert_eq!(GameError::from(check.clone()).code(), "option_range");
        let sheet = Refusal::rules_check(check);
        assert_eq!(sheet.code, "deal_rules");
        assert_eq!(sheet.params.get("rule"), Some(&Param::from("option_range")));
        // Said within a record: the whole's code, the part's as `cause`.
        let w = e.within("record_action", "deal 1, action 3: …".into(), &[("deal", 1u32.into())]);
        let r = w.refusal();
        assert_eq!(
            (r.code, r.params.get("cause")),
            ("record_action", Some(&"card_not_legal".into()))
        );
        assert_eq!(r.params.get("card"), Some(&Param::from("KD")));
    }
}
