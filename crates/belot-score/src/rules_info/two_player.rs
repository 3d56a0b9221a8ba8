//! Two-player Belot's house rules described.

use super::*;
use belot_core::two_player::{
    BaitMode, BkCarreValues, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer, TieMode,
    TwoOptions, TwoRules,
};

impl Described for TwoRules {
    fn rules() -> Vec<RuleInfo> {
        two_player_rules()
    }
}

/// Two-player Belot's rules ([`TwoOptions`], §3.10). Main: the target
/// (seed 001's 1001) and the all-pass deal (распасы), the two house rules
/// seed 001 itself names; the rest of §3.10 comes from other sources or
/// fills gaps the seed leaves.
pub(crate) fn two_player_rules() -> Vec<RuleInfo> {
    describe(
        TwoOptions::default(),
        &["target", "raspasy_enabled"],
        include_str!("two_player.txt"),
        |key| match key {
            "target" => TARGET,
            "raspasy_meld_charging" => choice!(RaspasyMeldCharging: Opponent, Own),
            "redeal_dealer" => choice!(RedealDealer: Same, Alternate),
            "seq_compare_len_cap" => SEQ_CAP,
            "bk_carre_values" => choice!(BkCarreValues: Seed, FrenchNt),
            "bait_mode" => choice!(BaitMode: AllToVist, OpponentOwnOnly),
            "tie_mode" => choice!(TieMode: Hang, LoaderFails, BothKeep),
            "pool_mode" => choice!(PoolMode: Sum, Separate),
            "both_cross" => choice!(BothCross2: HigherTotal, LoaderWins),
            _ => RuleKind::Bool,
        },
    )
}
