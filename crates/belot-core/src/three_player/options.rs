//! Three-player Belot options (rules reference §2.10), each with its
//! default. Unknown keys are refused.

use crate::error::InvalidInput;
use serde::{Deserialize, Serialize};

use crate::meld::CardReuse;

/// Order among the 100-point carrés (§2.7).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CarreTiebreak {
    /// J 9 A 10 K Q (the order seed 001 states for the sister game).
    #[default]
    J9a10kq,
    /// Natural order among the 100-point carrés: A K Q 10.
    Natural,
}

/// When the declarer fails (§2.8, §8.12).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailTest {
    /// He must beat each opponent: below the better one fails, equal ties.
    #[default]
    BelowBestOpponent,
    /// He fails only below both; equal to the lower one ties.
    BelowBoth,
}

/// Splitting a failed declarer's odd total between the two opponents.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OddPoint {
    /// The odd point goes to the opponent with the higher deal total (if
    /// equal, the first in turn after the dealer).
    #[default]
    ToHigherOpponent,
    /// Half points are kept.
    HalfPoints,
    /// The odd point is lost.
    Discard,
}

/// Who deals next (§2.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextDealer {
    /// The top scorer of the deal just played (seed literal).
    #[default]
    TopOfDeal,
    /// The player with the highest running total.
    TopCumulative,
    /// The player to the dealer's left.
    RotateLeft,
}

/// Every three-player Belot option, defaults as §2.10 gives them.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThreeOptions {
    /// Points to win: 501 (the seed's garbled "50" is 50 as an option).
    pub target: u32,
    /// Value of a three-card sequence; 0, the seed's literal text, makes a
    /// run of three no combination at all (never announced, never in the
    /// contest).
    pub tierce_value: u32,
    /// Order among the 100-point carrés.
    pub carre_tiebreak_order: CarreTiebreak,
    /// A card in both a carré and a sequence.
    pub card_reuse: CardReuse,
    /// Belot is K+Q of any suit, not only of trumps.
    pub belot_any_suit: bool,
    /// When the declarer fails.
    pub fail_test: FailTest,
    /// Splitting an odd total.
    pub odd_point: OddPoint,
    /// A failed declarer keeps his belot.
    pub failed_declarer_keeps_belot: bool,
    /// Bonus for each of the two players with tricks when one is capo.
    pub single_capo_bonus_each: u32,
    /// Bonus for the player who took every trick.
    pub double_capo_bonus: u32,
    /// In a capo deal the last trick still scores its 10.
    pub capo_also_scores_last_trick: bool,
    /// A capo player keeps his combinations and belot.
    pub capo_keeps_own_points: bool,
    /// Who deals next.
    pub next_dealer: NextDealer,
    /// In round 2 the dealer, last to speak, must name a suit.
    pub round2_forced_for_dealer: bool,
}

impl Default for ThreeOptions {
    fn default() -> ThreeOptions {
        ThreeOptions {
            target: 501,
            tierce_value: 20,
            carre_tiebreak_order: CarreTiebreak::J9a10kq,
            card_reuse: CardReuse::AllowCarreAndSeq,
            belot_any_suit: false,
            fail_test: FailTest::BelowBestOpponent,
            odd_point: OddPoint::ToHigherOpponent,
            failed_declarer_keeps_belot: false,
            single_capo_bonus_each: 50,
            double_capo_bonus: 100,
            capo_also_scores_last_trick: false,
            capo_keeps_own_points: false,
            next_dealer: NextDealer::TopOfDeal,
            round2_forced_for_dealer: false,
        }
    }
}

impl ThreeOptions {
    /// Checks values serde cannot.
    pub fn validate(&self) -> Result<(), InvalidInput> {
        if self.target == 0 || self.target > 100_000 {
            return Err(InvalidInput::new(
                "option_range",
                format!(
                    "target {} is out of range: use 501 (default), 50 (the seed's literal text) or \
                 another positive number up to 100000",
                    self.target
                ),
            ));
        }
        if self.tierce_value > 1000
            || self.single_capo_bonus_each > 1000
            || self.double_capo_bonus > 1000
        {
            return Err(InvalidInput::new(
                "option_range",
                "tierce_value and the capo bonuses must be at most 1000",
            ));
        }
        Ok(())
    }
}
