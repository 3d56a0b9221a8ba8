//! Game records: a JSON document from which a match replays exactly.
//!
//! ```json
//! {"format":"belot-record","version":1,"variant":"french","options":{},
//!  "first_dealer":0,"seed":7,
//!  "deals":[{"dealer":0,"deck":["JS","7H",...],
//!            "actions":[{"seat":1,"action":{"type":"take"}}, ...],
//!            "result":[162,0]}]}
//! ```

use serde::{Deserialize, Serialize};

use crate::action::SeatAction;
use crate::deck::Deck;
use crate::error::GameError;
use crate::seat::Seat;

/// The `format` field of every record.
pub const FORMAT: &str = "belot-record";
/// The record version this library writes and reads.
pub const VERSION: u32 = 1;

/// The game a record or engine session plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// French Belote, four players in two teams (seed 002).
    French,
    /// Two-player Belot to 1001 (seed 001).
    TwoPlayer,
    /// Three-player Belot of the Black Sea ports (seed 000).
    ThreePlayer,
}

/// A whole match.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchRecord {
    /// Always "belot-record".
    pub format: String,
    /// Record version (1).
    pub version: u32,
    /// Which game.
    pub variant: Variant,
    /// The variant's options (missing keys take their defaults).
    #[serde(default)]
    pub options: serde_json::Value,
    /// Who dealt the first deal.
    pub first_dealer: Seat,
    /// The seed deals were drawn from, if any (decks are stored anyway).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The deals in order; only the last may be unfinished.
    pub deals: Vec<DealRecord>,
}

/// One deal of a record.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRecord {
    /// Who dealt.
    pub dealer: Seat,
    /// The 32 cards in dealing order.
    pub deck: Deck,
    /// Every action, in order.
    pub actions: Vec<SeatAction>,
    /// Points each side recorded for the deal (checked on replay); in
    /// half points (×2) for the three-player game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Vec<i32>>,
}

impl MatchRecord {
    /// Checks format, version and variant.
    pub fn check_header(&self, variant: Variant) -> Result<(), GameError> {
        if self.format != FORMAT {
            return Err(GameError::Invalid(format!(
                "not a belot record: format is {:?}, expected {FORMAT:?}",
                self.format
            )));
        }
        if self.version != VERSION {
            return Err(GameError::Invalid(format!(
                "record version {} is not supported: this belot reads version {VERSION}",
                self.version
            )));
        }
        if self.variant != variant {
            return Err(GameError::Invalid(format!(
                "record is for {:?}, expected {:?}",
                self.variant, variant
            )));
        }
        Ok(())
    }
}
