//! Three-player Belot's house rules described.

use super::*;
use belot_core::meld::CardReuse;
use belot_core::three_player::{
    CarreTiebreak, FailTest, NextDealer, OddPoint, ThreeOptions, ThreeRules,
};

impl Described for ThreeRules {
    fn rules() -> Vec<RuleInfo> {
        three_player_rules()
    }
}

/// Three-player Belot's rules ([`ThreeOptions`], §2.10). Main: the target
/// (501; the seed's text says 50), when the declarer fails (the seed's
/// own scoring test, §2.8) and who deals next (the seed's literal "the
/// player with the most points", §2.9): the three a table settles before
/// the first deal; the rest are meld and capo details.
pub(crate) fn three_player_rules() -> Vec<RuleInfo> {
    describe(
        ThreeOptions::default(),
        &["target", "fail_test", "next_dealer"],
        include_str!("three_player.txt"),
        |key| match key {
            "target" => TARGET,
            "tierce_value" => BONUS,
            "carre_tiebreak_order" => choice!(CarreTiebreak: J9a10kq, Natural),
            "card_reuse" => choice!(CardReuse: AllowCarreAndSeq, OnceOnly),
            "fail_test" => choice!(FailTest: BelowBestOpponent, BelowBoth),
            "odd_point" => choice!(OddPoint: ToHigherOpponent, HalfPoints, Discard),
            "single_capo_bonus_each" => BONUS,
            "double_capo_bonus" => BONUS,
            "next_dealer" => choice!(NextDealer: TopOfDeal, TopCumulative, RotateLeft),
            _ => RuleKind::Bool,
        },
    )
}
