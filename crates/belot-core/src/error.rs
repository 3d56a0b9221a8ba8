//! Errors.

use std::fmt;

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
