//! Game records: a JSON document from which a match replays exactly.
//!
//! ```json
//! {"format":"belot-record","version":1,"variant":"french","options":{},
//!  "first_dealer":0,"seed":7,
//!  "deals":[{"dealer":0,"deck":["JS","7H",...],
//!            "actions":[{"seat":1,"action":{"type":"take"}}, ...],
//!            "result":[162,0]}]}
//! ```

use std::borrow::Borrow;
use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::action::SeatAction;
use crate::any_match::Match;
use crate::deck::Deck;
use crate::error::GameError;
use crate::game::Game;
use crate::game_match::Start;
use crate::seat::Seat;

/// The `format` field of every record.
pub const FORMAT: &str = "belot-record";
/// The record version this library writes and reads.
pub const VERSION: u32 = 1;

pub use crate::game::Variant;
pub use form::OPTIONS_MAX;

mod form;

/// A whole match.
#[derive(Clone, PartialEq, Debug)]
pub struct MatchRecord {
    /// Always "belot-record".
    pub format: String,
    /// Record version (1).
    pub version: u32,
    /// Which game, with its house rules: in JSON, `variant` and
    /// `options` (missing keys take their defaults).
    pub game: Game,
    /// Who dealt the first deal.
    pub first_dealer: Seat,
    /// The seed deals were drawn from, if any (decks are stored anyway).
    pub seed: Option<u64>,
    /// The players' names by seat, for display (`belot solve` names the
    /// players with them): none, or one per seat.
    pub names: Vec<String>,
    /// Where the match started, when not from nothing (totals, held
    /// points, the first deal's number).
    pub start: Option<Start>,
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
    /// The deal started from a bare contract (French Belote, the first
    /// deal only): its auction and turned card lead to the contract and
    /// are shown to nobody.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bare: bool,
}

impl MatchRecord {
    /// Checks format, version and variant.
    pub fn check_header(&self, variant: Variant) -> Result<(), GameError> {
        if self.format != FORMAT {
            return Err(GameError::invalid(
                "record_format",
                format!("not a belot record: format is {:?}, expected {FORMAT:?}", self.format),
            )
            .with("format", self.format.clone())
            .with("expected", FORMAT));
        }
        if self.version != VERSION {
            return Err(GameError::invalid(
                "record_version",
                format!(
                    "record version {} is not supported: this belot reads version {VERSION}",
                    self.version
                ),
            )
            .with("version", self.version)
            .with("supported", VERSION));
        }
        if self.game.variant() != variant {
            return Err(GameError::invalid(
                "record_game",
                format!("record is for {}, expected {variant}", self.game.variant()),
            )
            .with("game", self.game.variant().to_string())
            .with("expected", variant.to_string()));
        }
        Ok(())
    }
}

/// What the shared replay needs of a variant's match type, beyond the
/// [`Match`] interface.
pub(crate) trait Replay: Match + Sized {
    /// The variant a record must name.
    const VARIANT: Variant;
    /// The variant's options.
    type Options;
    /// The house rules of `game`, if it is this variant.
    fn options(game: &Game) -> Option<Self::Options>;
    /// A match whose first deal is `deck`.
    fn start(options: Self::Options, first_dealer: Seat, deck: Deck) -> Result<Self, GameError>;
    /// Remembers the record's seed.
    fn set_seed(&mut self, seed: Option<u64>);
    /// Who deals the next deal.
    fn next_dealer(&self) -> Seat;
    /// What deal `i` (0-based) recorded, once scored.
    fn result(&self, i: usize) -> Option<Vec<i32>>;
    /// True once the current deal is over.
    fn current_over(&self) -> bool;
    /// Marks the current deal as started from a bare contract.
    fn set_bare(&mut self) -> Result<(), GameError>;
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
        return Err(GameError::invalid(
            "record_names",
            format!(
                "the record names {named} but the game has {seats}: give no names or one per seat"
            ),
        )
        .with("names", names.len())
        .with("seats", seats));
    }
    for (i, n) in names.iter().enumerate() {
        let len = n.chars().count();
        if len == 0 || len > NAME_MAX || n.chars().any(char::is_control) {
            return Err(GameError::invalid(
                "record_name",
                format!(
                    "name of seat {i} ({n:?}): a name is 1 to {NAME_MAX} characters, no control \
                     characters"
                ),
            )
            .with("seat", i)
            .with("max", NAME_MAX));
        }
    }
    Ok(())
}

/// Replays a record into a match: every deal from its deck, dealer and
/// actions; a stored result must equal the replayed one. Says where it
/// fails.
pub(crate) fn replay<M: Replay>(r: &MatchRecord) -> Result<M, GameError> {
    let first = r.deals.first().map(|d| (d.dealer, d.deck));
    replay_deals(r, first, r.deals.len(), r.deals.iter())
}

/// As [`replay`], consuming the record: each deal's actions are freed
/// once replayed, so that a big record and its match are never both held
/// whole. Gives the record's names back with the match.
pub(crate) fn replay_owned<M: Replay>(mut r: MatchRecord) -> Result<(M, Vec<String>), GameError> {
    let deals = std::mem::take(&mut r.deals);
    let first = deals.first().map(|d| (d.dealer, d.deck));
    let m = replay_deals(&r, first, deals.len(), deals.into_iter())?;
    Ok((m, r.names))
}

/// Replays `count` deals of `r` (whose own list of deals is not read).
fn replay_deals<M: Replay, D: Borrow<DealRecord>>(
    r: &MatchRecord,
    first: Option<(Seat, Deck)>,
    count: usize,
    deals: impl Iterator<Item = D>,
) -> Result<M, GameError> {
    let mut m = start::<M>(r, first)?;
    for (i, d) in deals.enumerate() {
        replay_deal(&mut m, r, i, d.borrow(), i + 1 < count)?;
    }
    Ok(m)
}

/// The match of a record's header and first deal (dealer, deck).
fn start<M: Replay>(r: &MatchRecord, first: Option<(Seat, Deck)>) -> Result<M, GameError> {
    r.check_header(M::VARIANT)?;
    let options = M::options(&r.game).ok_or_else(|| {
        GameError::invalid(
            "record_game",
            format!("record is for {}, expected {}", r.game.variant(), M::VARIANT),
        )
        .with("game", r.game.variant().to_string())
        .with("expected", M::VARIANT.to_string())
    })?;
    let Some((dealer, deck)) = first else {
        return Err(GameError::invalid("record_no_deal", "the record has no deal"));
    };
    if dealer != r.first_dealer {
        return Err(GameError::invalid(
            "record_dealer",
            format!("deal 1 is dealt by seat {} but first_dealer is {}", dealer, r.first_dealer),
        )
        .with("deal", 1u32)
        .with("dealer", dealer)
        .with("expected", r.first_dealer));
    }
    let mut m = M::start(options, r.first_dealer, deck)?;
    if let Some(start) = &r.start {
        m.resume(start.clone())?;
    }
    check_names(&r.names, m.players())?;
    m.set_seed(r.seed);
    Ok(m)
}

/// Replays deal `i` (0-based) of a record; `more`: deals follow it.
fn replay_deal<M: Replay>(
    m: &mut M,
    r: &MatchRecord,
    i: usize,
    d: &DealRecord,
    more: bool,
) -> Result<(), GameError> {
    if i > 0 {
        if m.match_over() {
            // Deals after the match's end: a target lowered, deals added.
            return Err(GameError::invalid(
                "record_after_match",
                format!(
                    "deal {}: the match was over after deal {i} (the target was reached), yet \
                     the record goes on",
                    i + 1
                ),
            )
            .with("deal", i + 1));
        }
        if d.dealer != m.next_dealer() {
            return Err(GameError::invalid(
                "record_dealer",
                format!(
                    "deal {} is dealt by seat {} but seat {} deals it",
                    i + 1,
                    d.dealer,
                    m.next_dealer()
                ),
            )
            .with("deal", i + 1)
            .with("dealer", d.dealer)
            .with("expected", m.next_dealer()));
        }
        m.next_deal(Some(d.deck)).map_err(|e| {
            e.within("record_deal", format!("deal {}: {e}", i + 1), &[("deal", (i + 1).into())])
        })?;
    }
    if d.bare {
        if i > 0 {
            return Err(GameError::invalid(
                "record_bare",
                format!("deal {}: only the first deal may start from a bare contract", i + 1),
            )
            .with("deal", i + 1));
        }
        m.set_bare().map_err(|e| {
            e.within("record_deal", format!("deal 1: {e}"), &[("deal", 1u32.into())])
        })?;
    }
    for (j, a) in d.actions.iter().enumerate() {
        m.apply(a.seat, &a.action).map_err(|e| {
            // Name the player: the message itself speaks to him.
            let who = match r.names.get(a.seat.index()) {
                Some(n) => format!("seat {} ({n})", a.seat),
                None => format!("seat {}", a.seat),
            };
            let message = format!("deal {}, action {} ({who}: {}): {e}", i + 1, j + 1, a.action);
            let params = [
                ("deal", (i + 1).into()),
                ("step", (j + 1).into()),
                ("seat", a.seat.into()),
                ("action", a.action.to_string().into()),
            ];
            e.within("record_action", message, &params)
        })?;
    }
    if let Some(expected) = &d.result {
        let got = m.result(i);
        if got.as_ref() != Some(expected) {
            return Err(GameError::invalid(
                "record_result",
                format!(
                    "deal {}: the record says {:?} but replaying it gives {:?}",
                    i + 1,
                    expected,
                    got
                ),
            )
            .with("deal", i + 1));
        }
    }
    if more && !m.current_over() {
        return Err(GameError::invalid(
            "record_unfinished",
            format!("deal {} is not finished but more deals follow it", i + 1),
        )
        .with("deal", i + 1));
    }
    Ok(())
}

/// Builds a match's record from its deals (dealer, deck, actions, in
/// order), taking each deal's result from the match.
pub(crate) fn build<'a, M: Replay>(
    m: &M,
    game: Game,
    first_dealer: Seat,
    seed: Option<u64>,
    deals: impl Iterator<Item = (Seat, Deck, &'a [SeatAction])>,
) -> MatchRecord {
    MatchRecord {
        format: FORMAT.into(),
        version: VERSION,
        game,
        first_dealer,
        seed,
        names: Vec::new(),
        start: None,
        deals: deals
            .enumerate()
            .map(|(i, (dealer, deck, actions))| DealRecord {
                dealer,
                deck,
                actions: actions.to_vec(),
                result: m.result(i),
                bare: false,
            })
            .collect(),
    }
}

/// Most seats a game has: a record names at most this many players.
const SEATS_MAX: usize = 4;

/// A record's `names`, refused past [`SEATS_MAX`] as they are read.
fn names<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Names;
    impl<'de> Visitor<'de> for Names {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {SEATS_MAX} names")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(n) = seq.next_element::<String>()? {
                if out.len() == SEATS_MAX {
                    return Err(de::Error::invalid_length(SEATS_MAX + 1, &self));
                }
                out.push(n);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Names)
}
