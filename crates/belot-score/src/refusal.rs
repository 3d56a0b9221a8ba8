//! [`Refusal`]: why an entry, a set-up or a change was refused.

use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

/// Why something was refused: a stable `code` (programs and the web page's
/// translations go by it), the figures and names it concerns (`params`),
/// and the reason in plain English (`message`). Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// What kind of refusal, e.g. `card_points`; `invalid` when no finer
    /// code applies.
    pub code: &'static str,
    /// The values the message names (sides and seats are 0-based).
    pub params: Map<String, Value>,
    /// The reason and what is accepted, in English.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal { code, params: Map::new(), message: message.into() }
    }

    /// The same, with one more parameter.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Refusal {
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

impl From<String> for Refusal {
    fn from(message: String) -> Refusal {
        Refusal::new("invalid", message)
    }
}

impl From<&str> for Refusal {
    fn from(message: &str) -> Refusal {
        Refusal::new("invalid", message)
    }
}

impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.message
    }
}
