//! [`AnyMatch`]: a match of any game, chosen at run time (as shakmaty's
//! `VariantPosition` does for chess): who acts, what is legal, applying
//! an action, the next deal, the record, for every game alike. The
//! `belot engine` protocol (crate `belot-engine`), the bots and the
//! command line drive every game through it.

use crate::action::Action;
use crate::deck::Deck;
use crate::error::GameError;
use crate::french::FrenchMatch;
use crate::play::Trick;
use crate::record::{MatchRecord, Variant};
use crate::seat::Seat;
use crate::three_player::ThreeMatch;
use crate::two_player::TwoMatch;

/// The match of a session, of any variant.
#[derive(Clone, Debug)]
pub enum AnyMatch {
    /// French Belote.
    French(FrenchMatch),
    /// Two-player Belot.
    TwoPlayer(TwoMatch),
    /// Three-player Belot.
    ThreePlayer(ThreeMatch),
}

impl AnyMatch {
    /// Number of seats.
    pub fn players(&self) -> u8 {
        match self {
            AnyMatch::French(m) => m.options().players,
            AnyMatch::TwoPlayer(_) => 2,
            AnyMatch::ThreePlayer(_) => 3,
        }
    }

    /// True once the match has a winner.
    pub fn match_over(&self) -> bool {
        match self {
            AnyMatch::French(m) => m.is_over(),
            AnyMatch::TwoPlayer(m) => m.ledger().is_over(),
            AnyMatch::ThreePlayer(m) => m.ledger().is_over(),
        }
    }

    /// Who is to act in the current deal.
    pub fn to_act(&self) -> Option<Seat> {
        match self {
            AnyMatch::French(m) => m.current().to_act(),
            AnyMatch::TwoPlayer(m) => m.current().to_act(),
            AnyMatch::ThreePlayer(m) => m.current().to_act(),
        }
    }

    /// Legal actions of the seat to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self {
            AnyMatch::French(m) => m.current().legal_actions(),
            AnyMatch::TwoPlayer(m) => m.current().legal_actions(),
            AnyMatch::ThreePlayer(m) => m.current().legal_actions(),
        }
    }

    /// Applies an action to the current deal.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        match self {
            AnyMatch::French(m) => m.apply(seat, action),
            AnyMatch::TwoPlayer(m) => m.apply(seat, action),
            AnyMatch::ThreePlayer(m) => m.apply(seat, action),
        }
    }

    /// Starts the next deal.
    pub fn next_deal(&mut self, deck: Option<Deck>) -> Result<(), GameError> {
        match self {
            AnyMatch::French(m) => m.next_deal(deck),
            AnyMatch::TwoPlayer(m) => m.next_deal(deck),
            AnyMatch::ThreePlayer(m) => m.next_deal(deck),
        }
    }

    /// The game record.
    pub fn record(&self) -> MatchRecord {
        match self {
            AnyMatch::French(m) => m.record(),
            AnyMatch::TwoPlayer(m) => m.record(),
            AnyMatch::ThreePlayer(m) => m.record(),
        }
    }

    /// Replays a record of any variant.
    pub fn from_record(r: &MatchRecord) -> Result<AnyMatch, GameError> {
        Ok(match r.variant {
            Variant::French => AnyMatch::French(FrenchMatch::from_record(r)?),
            Variant::TwoPlayer => AnyMatch::TwoPlayer(TwoMatch::from_record(r)?),
            Variant::ThreePlayer => AnyMatch::ThreePlayer(ThreeMatch::from_record(r)?),
        })
    }

    /// Replays a record of any variant, consuming it: each deal's actions
    /// are freed once replayed (a big record and its match are never
    /// both held whole). Gives back the record's names.
    pub fn from_record_owned(r: MatchRecord) -> Result<(AnyMatch, Vec<String>), GameError> {
        use crate::record::replay_owned;
        Ok(match r.variant {
            Variant::French => replay_owned(r).map(|(m, n)| (AnyMatch::French(m), n))?,
            Variant::TwoPlayer => replay_owned(r).map(|(m, n)| (AnyMatch::TwoPlayer(m), n))?,
            Variant::ThreePlayer => replay_owned(r).map(|(m, n)| (AnyMatch::ThreePlayer(m), n))?,
        })
    }

    /// The tricks played so far in the current deal.
    pub fn tricks_done(&self) -> Vec<Trick> {
        match self {
            AnyMatch::French(m) => m.current().tricks().to_vec(),
            AnyMatch::TwoPlayer(m) => m.current().tricks().to_vec(),
            AnyMatch::ThreePlayer(m) => m.current().tricks().to_vec(),
        }
    }
}
