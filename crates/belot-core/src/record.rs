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
    /// The players' names by seat, for display (`belot solve` names the
    /// players with them): none, or one per seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
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

/// What the shared replay needs of a variant's match type.
pub(crate) trait Replay: Sized {
    /// The variant a record must name.
    const VARIANT: Variant;
    /// The variant's options, parsed from the record.
    type Options: serde::de::DeserializeOwned;
    /// A match whose first deal is `deck`.
    fn start(options: Self::Options, first_dealer: Seat, deck: Deck) -> Result<Self, GameError>;
    /// Remembers the record's seed.
    fn set_seed(&mut self, seed: Option<u64>);
    /// Who deals the next deal.
    fn next_dealer(&self) -> Seat;
    /// Starts the next deal with this deck.
    fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError>;
    /// Applies an action to the current deal.
    fn apply(&mut self, seat: Seat, action: &crate::Action) -> Result<(), GameError>;
    /// What deal `i` (0-based) recorded, once scored.
    fn result(&self, i: usize) -> Option<Vec<i32>>;
    /// True once the current deal is over.
    fn current_over(&self) -> bool;
    /// True once the match has a winner.
    fn match_over(&self) -> bool;
    /// Players at the table.
    fn seats(&self) -> u8;
}

/// Longest player name a record may carry, in characters.
pub const NAME_MAX: usize = 40;

/// A record's names: none, or one per seat, each 1 to [`NAME_MAX`]
/// characters without control characters.
fn check_names(names: &[String], seats: u8) -> Result<(), GameError> {
    if !names.is_empty() && names.len() != seats as usize {
        let named = match names.len() {
            1 => "1 player".to_string(),
            n => format!("{n} players"),
        };
        return Err(GameError::Invalid(format!(
            "the record names {named} but the game has {seats}: give no names or one per seat"
        )));
    }
    for (i, n) in names.iter().enumerate() {
        let len = n.chars().count();
        if len == 0 || len > NAME_MAX || n.chars().any(char::is_control) {
            return Err(GameError::Invalid(format!(
                "name of seat {i} ({n:?}): a name is 1 to {NAME_MAX} characters, no control characters"
            )));
        }
    }
    Ok(())
}

/// Replays a record into a match: every deal from its deck, dealer and
/// actions; a stored result must equal the replayed one. Says where it
/// fails.
pub(crate) fn replay<M: Replay>(r: &MatchRecord) -> Result<M, GameError> {
    r.check_header(M::VARIANT)?;
    let options: M::Options = crate::options_from_json(r.options.clone()).map_err(|e| {
        let variant = serde_json::to_string(&r.variant).unwrap_or_default();
        GameError::Invalid(format!("record options (for the variant {variant}): {e}"))
    })?;
    let Some(first) = r.deals.first() else {
        return Err(GameError::Invalid("the record has no deal".into()));
    };
    if first.dealer != r.first_dealer {
        return Err(GameError::Invalid(format!(
            "deal 1 is dealt by seat {} but first_dealer is {}",
            first.dealer, r.first_dealer
        )));
    }
    let mut m = M::start(options, r.first_dealer, first.deck)?;
    check_names(&r.names, m.seats())?;
    m.set_seed(r.seed);
    for (i, d) in r.deals.iter().enumerate() {
        if i > 0 {
            if m.match_over() {
                // Deals after the match's end: a target lowered, deals added.
                return Err(GameError::Invalid(format!(
                    "deal {}: the match was over after deal {i} (the target was reached), yet the \
                     record goes on",
                    i + 1
                )));
            }
            if d.dealer != m.next_dealer() {
                return Err(GameError::Invalid(format!(
                    "deal {} is dealt by seat {} but seat {} deals it",
                    i + 1,
                    d.dealer,
                    m.next_dealer()
                )));
            }
            m.next_deal(Some(d.deck))
                .map_err(|e| GameError::Invalid(format!("deal {}: {e}", i + 1)))?;
        }
        for (j, a) in d.actions.iter().enumerate() {
            m.apply(a.seat, &a.action).map_err(|e| {
                // Name the player: the message itself speaks to him.
                let who = match r.names.get(a.seat.index()) {
                    Some(n) => format!("seat {} ({n})", a.seat),
                    None => format!("seat {}", a.seat),
                };
                GameError::Invalid(format!(
                    "deal {}, action {} ({who}: {}): {e}",
                    i + 1,
                    j + 1,
                    a.action
                ))
            })?;
        }
        if let Some(expected) = &d.result {
            let got = m.result(i);
            if got.as_ref() != Some(expected) {
                return Err(GameError::Invalid(format!(
                    "deal {}: the record says {:?} but replaying it gives {:?}",
                    i + 1,
                    expected,
                    got
                )));
            }
        }
        if i + 1 < r.deals.len() && !m.current_over() {
            return Err(GameError::Invalid(format!(
                "deal {} is not finished but more deals follow it",
                i + 1
            )));
        }
    }
    Ok(m)
}

/// Builds a match's record from its deals (dealer, deck, actions, in
/// order), taking each deal's result from the match.
pub(crate) fn build<'a, M: Replay>(
    m: &M,
    options: &impl Serialize,
    first_dealer: Seat,
    seed: Option<u64>,
    deals: impl Iterator<Item = (Seat, Deck, &'a [SeatAction])>,
) -> MatchRecord {
    MatchRecord {
        format: FORMAT.into(),
        version: VERSION,
        variant: M::VARIANT,
        options: serde_json::to_value(options).unwrap_or_default(),
        first_dealer,
        seed,
        names: Vec::new(),
        deals: deals
            .enumerate()
            .map(|(i, (dealer, deck, actions))| DealRecord {
                dealer,
                deck,
                actions: actions.to_vec(),
                result: m.result(i),
            })
            .collect(),
    }
}
