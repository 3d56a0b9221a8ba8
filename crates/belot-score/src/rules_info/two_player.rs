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
        vec![
            ("target", TARGET, "Target", "1001 (501 in Debertz)"),
            (
                "raspasy_enabled",
                RuleKind::Bool,
                "Распасы (all pass)",
                "after four passes a deal is played to take as few points as possible; off: the cards are thrown in and the other player deals",
            ),
            (
                "raspasy_meld_charging",
                choice!(RaspasyMeldCharging: Opponent, Own),
                "Распасы: whose constructions",
                "whose constructions and bela count against you",
            ),
            (
                "redeal_dealer",
                choice!(RedealDealer: Same, Alternate),
                "Dealer after a redeal",
                "a redeal claimed with four 7s or four 8s",
            ),
            (
                "seq_compare_len_cap",
                SEQ_CAP,
                "Longest sequence compared",
                "longer sequences compare as this long (empty: no limit)",
            ),
            (
                "vk_bela_every_suit",
                RuleKind::Bool,
                "Bela in every suit in all trumps (ВК)",
                "off: no bela in ВК",
            ),
            (
                "bk_carre_values",
                choice!(BkCarreValues: Seed, FrenchNt),
                "Carrés in no trumps (БК)",
                "the seed's values, or the French ones",
            ),
            (
                "winner_takes_all",
                RuleKind::Bool,
                "Winner takes all",
                "a loader who makes it records both totals, the вист nothing",
            ),
            (
                "bait_mode",
                choice!(BaitMode: AllToVist, OpponentOwnOnly),
                "A failed loader (байт)",
                "the вист records everything, or only his own points",
            ),
            (
                "bela_survives_bait",
                RuleKind::Bool,
                "Bela survives a байт",
                "the loader's bela is recorded even when he fails",
            ),
            (
                "tie_mode",
                choice!(TieMode: Hang, LoaderFails, BothKeep),
                "An exact tie",
                "the loader's points hang for the next deal's winner, it is a байт, or each keeps his own",
            ),
            (
                "pool_mode",
                choice!(PoolMode: Sum, Separate),
                "Several hanging totals",
                "summed, or paid one per deal, oldest first",
            ),
            (
                "both_cross",
                choice!(BothCross2: HigherTotal, LoaderWins),
                "Both over the target",
                "after the same deal: the higher total wins, or the loader of that deal",
            ),
        ],
    )
}
