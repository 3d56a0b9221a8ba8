//! Two-player Belot options (rules reference §3.10), each with its default.
//! Unknown keys are refused so a typo never silently plays the default.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

/// Who deals after a redeal claimed with four 7s or four 8s (§3.4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RedealDealer {
    /// The same dealer deals again.
    #[default]
    Same,
    /// The other player deals.
    Alternate,
}

/// Carré values in no-trumps (§3.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BkCarreValues {
    /// The seed's values in every contract: J 200, 9 140, A 110, 10 K Q 100.
    #[default]
    Seed,
    /// French no-trump values: A 200, 10 150, K Q J 9 100.
    FrenchNt,
}

/// Whose constructions and бела an all-pass deal charges (§3.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RaspasyMeldCharging {
    /// The opponent's scoring constructions (if you took a trick) and his
    /// бела count against you.
    #[default]
    Opponent,
    /// Your own constructions and бела count against you.
    Own,
}

/// A failed loader (байт, §3.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BaitMode {
    /// The вист records both players' points; the loader nothing.
    #[default]
    AllToVist,
    /// The loader records nothing, the вист only his own points.
    OpponentOwnOnly,
}

/// An exact tie between loader and вист (§3.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieMode {
    /// The вист records his points; the loader's hang for the next deal's winner.
    #[default]
    Hang,
    /// A tie is a failure (байт).
    LoaderFails,
    /// Both record their own points.
    BothKeep,
}

/// Several hanging totals (§3.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoolMode {
    /// Summed; the next deal with a winner takes them all.
    #[default]
    Sum,
    /// Kept apart; each later deal with a winner takes the oldest one.
    Separate,
}

/// Both players over the target after one deal (§3.8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothCross2 {
    /// The higher total wins; equal totals → another deal.
    #[default]
    HigherTotal,
    /// The loader of that deal wins, even if he failed (§8.5).
    LoaderWins,
}

/// Every two-player Belot option, defaults as seed 001 and §3.10 give them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TwoOptions {
    /// Points to win: 1001 (501 in Debertz).
    pub target: u32,
    /// Four passes play an all-pass deal (распасы); `false`: the cards are
    /// thrown in and the other player deals.
    pub raspasy_enabled: bool,
    /// Whose constructions and бела a распасы deal charges.
    pub raspasy_meld_charging: RaspasyMeldCharging,
    /// Who deals after a redeal claim.
    pub redeal_dealer: RedealDealer,
    /// Sequences longer than this compare as this long (`null`: no cap).
    pub seq_compare_len_cap: Option<u8>,
    /// In all-trumps every K+Q of one suit is a бела; `false`: no бела in ВК.
    pub vk_bela_every_suit: bool,
    /// Carré values in no-trumps.
    pub bk_carre_values: BkCarreValues,
    /// A successful loader records both totals, the вист nothing.
    pub winner_takes_all: bool,
    /// A failed loader.
    pub bait_mode: BaitMode,
    /// The loader's бела survives a failure (and a tie).
    pub bela_survives_bait: bool,
    /// An exact tie.
    pub tie_mode: TieMode,
    /// Several hanging totals.
    pub pool_mode: PoolMode,
    /// Both over the target in one deal.
    pub both_cross: BothCross2,
}

impl Default for TwoOptions {
    fn default() -> TwoOptions {
        TwoOptions {
            target: 1001,
            raspasy_enabled: true,
            raspasy_meld_charging: RaspasyMeldCharging::Opponent,
            redeal_dealer: RedealDealer::Same,
            seq_compare_len_cap: None,
            vk_bela_every_suit: true,
            bk_carre_values: BkCarreValues::Seed,
            winner_takes_all: false,
            bait_mode: BaitMode::AllToVist,
            bela_survives_bait: false,
            tie_mode: TieMode::Hang,
            pool_mode: PoolMode::Sum,
            both_cross: BothCross2::HigherTotal,
        }
    }
}

impl TwoOptions {
    /// Checks values serde cannot: a positive target, a cap of 3..=8.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        if self.target == 0 || self.target > 100_000 {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "target {} is out of range: use 1001 (default), 501 or another positive number \
                 up to 100000",
                    self.target
                ),
            ));
        }
        if let Some(cap) = self.seq_compare_len_cap
            && !(3..=8).contains(&cap)
        {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "seq_compare_len_cap {cap} is out of range: use 3..=8, or null for no cap \
                     (default)"
                ),
            ));
        }
        Ok(())
    }
}
