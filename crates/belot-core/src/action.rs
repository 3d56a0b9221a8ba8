//! Actions a player takes: calls in the auction, announcements, card plays.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Suit};
use crate::meld::Meld;

/// One player's action. In JSON: `{"type":"pass"}`, `{"type":"take"}`,
/// `{"type":"name","suit":"H"}`, `{"type":"all_trumps"}`, `{"type":"no_trumps"}`,
/// `{"type":"exchange"}`, `{"type":"redeal"}`, `{"type":"announce","melds":[["QH","KH","AH"]]}`,
/// `{"type":"play","card":"JS"}` (with `"belote":true` to call belote or
/// rebelote when playing the king or queen of trumps).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Pass in the auction.
    Pass,
    /// Round 1: take the turned card's suit as trump.
    Take,
    /// Round 2: name another suit as trump.
    Name {
        /// The suit named.
        suit: Suit,
    },
    /// Two-player Belot, second round: all trumps (ВК).
    AllTrumps,
    /// Two-player Belot, second round: no trumps (БК).
    NoTrumps,
    /// Two-player Belot: exchange the seven of trumps for the turned card
    /// (before one's first card, when trump is the turned card's suit).
    Exchange,
    /// Two-player Belot: claim a redeal holding four 7s or four 8s (before
    /// one's first card).
    Redeal,
    /// Announce melds (first trick, before playing one's first card).
    Announce {
        /// The melds announced, each written as its cards (missing in
        /// JSON: none, which `belot engine` reads as every meld offered).
        #[serde(default)]
        melds: Vec<Meld>,
    },
    /// Play a card.
    Play {
        /// The card.
        card: Card,
        /// Call "belote" / "rebelote" with this card (king or queen of trumps).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        belote: bool,
    },
}

impl Action {
    /// A plain card play.
    pub fn play(card: Card) -> Action {
        Action::Play { card, belote: false }
    }
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Take => f.write_str("take"),
            Action::Name { suit } => write!(f, "name {suit}"),
            Action::AllTrumps => f.write_str("all trumps"),
            Action::NoTrumps => f.write_str("no trumps"),
            Action::Exchange => f.write_str("exchange the seven of trumps"),
            Action::Redeal => f.write_str("claim a redeal"),
            Action::Announce { melds } => {
                f.write_str("announce")?;
                for m in melds {
                    write!(f, " [{}]", m.cards())?;
                }
                Ok(())
            }
            Action::Play { card, belote: false } => write!(f, "play {card}"),
            Action::Play { card, belote: true } => write!(f, "play {card} (belote)"),
        }
    }
}

/// An action and the seat that took it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SeatAction {
    /// Who acted.
    pub seat: crate::Seat,
    /// What they did.
    pub action: Action,
}
