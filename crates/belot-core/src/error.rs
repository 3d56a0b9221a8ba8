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
/// summary that cannot happen. `code` is stable (programs go by it), the
/// message says what was wrong and what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidInput {
    /// What kind of value, e.g. `option_range` or `card_points_sum`.
    pub code: &'static str,
    /// What was wrong and what is accepted, in English.
    pub message: String,
}

impl InvalidInput {
    /// An error with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> InvalidInput {
        InvalidInput { code, message: message.into() }
    }
}

impl fmt::Display for InvalidInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InvalidInput {}

impl From<InvalidInput> for GameError {
    fn from(e: InvalidInput) -> GameError {
        GameError::Invalid(e.message)
    }
}

/// Why an action or a set-up was refused. The game is never changed by a
/// refused action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// It is not this seat's turn, or not this kind of action's phase.
    NotYourTurn {
        /// Who is to act (if anyone).
        expected: Option<u8>,
        /// Who tried.
        got: u8,
    },
    /// The action is not allowed now; the message says why and what is allowed.
    Illegal(String),
    /// The deal or set-up is invalid (deck, hands, options…).
    Invalid(String),
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
            GameError::Illegal(m) | GameError::Invalid(m) => f.write_str(m),
            GameError::Finished => f.write_str("the deal is over: no more actions are accepted"),
        }
    }
}

impl std::error::Error for GameError {}

impl GameError {
    /// Refuses a dealer who has no seat at a table of `players`.
    pub(crate) fn check_dealer(dealer: crate::seat::Seat, players: u8) -> Result<(), GameError> {
        if dealer.0 < players {
            return Ok(());
        }
        let seats = match players {
            2 => "0 and 1".to_string(),
            n => format!("0 to {}", n - 1),
        };
        Err(GameError::Invalid(format!("dealer seat {dealer} does not exist: seats are {seats}")))
    }
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

/// A value a [`Refusal`] names: a number or a word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Param {
    /// A number.
    Int(i64),
    /// A word or a name.
    Text(String),
}

impl Param {
    /// The number, if it is one and not negative.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Param::Int(n) => u64::try_from(*n).ok(),
            Param::Text(_) => None,
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

/// The rules' own check of a value refused it: its code is the parameter
/// `rule`, its English words `detail` (refusal code `deal_rules`).
impl From<InvalidInput> for Refusal {
    fn from(e: InvalidInput) -> Refusal {
        let r = Refusal::new("deal_rules", e.message.clone()).with("rule", e.code);
        r.with("detail", e.message)
    }
}
