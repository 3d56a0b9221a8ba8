//! French Belote options (rules reference §4.10), each with the seed's
//! default. Unknown keys are refused so a typo never silently plays the
//! default.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use crate::meld::{CardReuse, SeqTie};

/// Who wins when both sides cross the target in the same deal (§4.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothCross {
    /// The side with more points; equal totals → play another deal.
    #[default]
    MorePoints,
    /// The side that took trump in that deal.
    Taker,
}

/// How an exact tie (litige) is settled (§4.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LitigeMode {
    /// Defenders record theirs; the taker's points wait for the winner of
    /// the next deal (seed 002 §9).
    #[default]
    Hold,
    /// A tie counts as dedans.
    TieIsDedans,
    /// A tie counts as made.
    TieIsMade,
}

/// Single or separate announcement contests (§4.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnnounceContests {
    /// Best sequence side scores sequences; best carré side scores carrés (seed 002 §5).
    #[default]
    Separate,
    /// One contest over all announcements; a carré beats a sequence of equal value (FFB).
    Single,
}

/// What happens to the announcements of a side that takes no trick (§4.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CapotVictim {
    /// They still count.
    #[default]
    Keep,
    /// They are lost.
    Void,
    /// They go to the side that made the capot.
    Transfer,
}

/// The first packets of the deal (§4.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPackets {
    /// Three cards, then two (seed 002 §1).
    #[default]
    #[serde(rename = "3+2")]
    ThreeTwo,
    /// Two cards, then three (FFB).
    #[serde(rename = "2+3")]
    TwoThree,
}

/// Every French Belote option, defaults as seed 002 and §4.10 give them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FrenchOptions {
    /// Points to win the match: 1000, or 500 for a short game.
    pub target: u32,
    /// Both sides over the target after one deal.
    pub both_cross: BothCross,
    /// Settling an exact tie.
    pub litige: LitigeMode,
    /// In a litige the taker's belote waits with the rest (FFB) instead of
    /// being recorded at once (seed 002 §6).
    pub litige_holds_belote: bool,
    /// Belote counts when testing whether the taker beat the defenders.
    pub belote_in_contract_test: bool,
    /// Belote scores only if "belote" and "rebelote" are both called.
    pub belote_requires_calls: bool,
    /// Separate sequence and carré contests, or one.
    pub announce_contests: AnnounceContests,
    /// Sequences longer than this compare as this long (`null`: no cap).
    pub seq_len_cap: Option<u8>,
    /// Equal best sequences of the two sides.
    pub seq_tie: SeqTie,
    /// A card in both a carré and a sequence.
    pub card_reuse: CardReuse,
    /// Announcements of a side made capot.
    pub capot_victim_announcements: CapotVictim,
    /// A player who chooses to trump on his partner's winning trump must
    /// still beat it when he can (seed 002 §3 literal).
    pub overtrump_over_partner_when_discarding_trump: bool,
    /// Void in the led suit, holding only trumps lower than an opponent's
    /// winning trump, a player must still play a trump (seed 002's duty to
    /// trump; FFB "pisser"). Off, as many tables and the contrée rules
    /// play: he may play any card.
    pub must_undertrump: bool,
    /// Packets of the first distribution.
    pub first_packets: FirstPackets,
    /// Players: 4 in two teams (default), or 3 or 2 each for himself
    /// (seed 002 §1; the deals of §4.11).
    pub players: u8,
}

impl Default for FrenchOptions {
    fn default() -> FrenchOptions {
        FrenchOptions {
            target: 1000,
            both_cross: BothCross::MorePoints,
            litige: LitigeMode::Hold,
            litige_holds_belote: false,
            belote_in_contract_test: true,
            belote_requires_calls: true,
            announce_contests: AnnounceContests::Separate,
            seq_len_cap: Some(5),
            seq_tie: SeqTie::None,
            card_reuse: CardReuse::AllowCarreAndSeq,
            capot_victim_announcements: CapotVictim::Keep,
            overtrump_over_partner_when_discarding_trump: true,
            must_undertrump: true,
            first_packets: FirstPackets::ThreeTwo,
            players: 4,
        }
    }
}

impl FrenchOptions {
    /// The play duties of this table: seed 002's, the partner exception
    /// only with partners (four players), over-trumping a partner's trump
    /// and under-trumping as the options say.
    pub fn play_rules(&self) -> crate::PlayRules {
        crate::PlayRules {
            partner_exception: self.players == 4,
            overtrump_over_partner: self.overtrump_over_partner_when_discarding_trump,
            must_undertrump: self.must_undertrump,
            ..crate::PlayRules::FRENCH
        }
    }

    /// Checks values serde cannot: a positive target, a sequence cap of 3..=8.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        if self.target == 0 || self.target > 100_000 {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "target {} is out of range: use 1000 (default), 500 (short game) or another \
                 positive number up to 100000",
                    self.target
                ),
            ));
        }
        if !(2..=4).contains(&self.players) {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "players {} is not allowed: French Belote is played by 4 (two teams), or by 3 or \
                 2 each for himself",
                    self.players
                ),
            ));
        }
        if let Some(cap) = self.seq_len_cap
            && !(3..=8).contains(&cap)
        {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "seq_len_cap {cap} is out of range: use 3..=8, or null for no cap (default 5)"
                ),
            ));
        }
        Ok(())
    }
}
