//! [`Refusal`]: why an entry, a set-up or a change was refused.

use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

/// Why something was refused: a stable `code` (programs and the web page's
/// translations go by it), the figures and names it concerns (`params`),
/// and the reason in plain English (`message`). Nothing was changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// What kind of refusal, e.g. `card_points`.
    pub code: &'static str,
    /// The values the message names (sides and seats are 0-based).
    pub params: Map<String, Value>,
    /// The reason and what is accepted, in English.
    pub message: String,
}

/// Every code a [`Refusal`] has: the web page has words for each, in
/// every language (a test checks both lists).
pub const CODES: &[&str] = &[
    "already_deleted",
    "announcement_points",
    "bela_one_player",
    "belas_per_suit",
    "belas_total",
    "belots_total",
    "cannot_revert",
    "capo_last_trick",
    "capo_twice",
    "capot_other_points",
    "capot_points",
    "capot_points_two",
    "card_points",
    "card_points_all",
    "card_points_between",
    "card_points_both",
    "card_points_missing",
    "card_points_range",
    "card_points_sum",
    "combination_points",
    "construction_points",
    "deal_deleted",
    "deal_rules",
    "house_rules",
    "inconsistent",
    "kept_by_table",
    "last_trick_needed",
    "last_trick_points",
    "meld_cards_shared",
    "meld_cards_shared_once",
    "meld_too_many_cards",
    "meld_twice",
    "meld_two_hands",
    "melds_need_trump",
    "melds_or_points",
    "name_character",
    "name_length",
    "no_last_trick_points",
    "no_such_change",
    "no_such_deal",
    "no_such_seat",
    "no_such_side",
    "no_trick_points",
    "nobody_took_tricks",
    "not_deleted",
    "nothing_to_put_back",
    "nothing_to_redo",
    "nothing_to_take_back",
    "nothing_to_undo",
    "player_count",
    "redeal_two_player",
    "same_game",
    "side_count",
    "wrong_game",
];

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

impl From<Refusal> for String {
    fn from(r: Refusal) -> String {
        r.message
    }
}
