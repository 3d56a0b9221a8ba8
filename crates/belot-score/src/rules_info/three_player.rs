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
        vec![
            ("target", TARGET, "Target", "501 (the seed's text says 50)"),
            (
                "tierce_value",
                BONUS,
                "Three in a row (tierce)",
                "points for a three-card sequence; 0, as the seed's literal text: no three-card combination at all",
            ),
            (
                "carre_tiebreak_order",
                choice!(CarreTiebreak: J9a10kq, Natural),
                "Order of the 100-point carrés",
                "which carré wins among those worth 100",
            ),
            (
                "card_reuse",
                choice!(CardReuse: AllowCarreAndSeq, OnceOnly),
                "A card in a carré and a sequence",
                "allowed, or each card in one announcement only",
            ),
            (
                "belot_any_suit",
                RuleKind::Bool,
                "Belot in any suit",
                "K+Q of any suit, not only of trumps",
            ),
            (
                "fail_test",
                choice!(FailTest: BelowBestOpponent, BelowBoth),
                "When the declarer fails",
                "below the better opponent, or only below both",
            ),
            (
                "odd_point",
                choice!(OddPoint: ToHigherOpponent, HalfPoints, Discard),
                "An odd total",
                "splitting a failed declarer's odd total between the other two",
            ),
            (
                "failed_declarer_keeps_belot",
                RuleKind::Bool,
                "A failed declarer keeps his belot",
                "off: he loses it with the rest",
            ),
            (
                "single_capo_bonus_each",
                BONUS,
                "Capo bonus for each",
                "to each of the other two when one player takes no trick",
            ),
            (
                "double_capo_bonus",
                BONUS,
                "Bonus for every trick",
                "to the player who takes every trick",
            ),
            (
                "capo_also_scores_last_trick",
                RuleKind::Bool,
                "Last trick's 10 in a capo deal",
                "the last trick's 10 also counts when a player takes no trick",
            ),
            (
                "capo_keeps_own_points",
                RuleKind::Bool,
                "A capo player keeps his points",
                "a player without a trick keeps his combinations and belot",
            ),
            (
                "next_dealer",
                choice!(NextDealer: TopOfDeal, TopCumulative, RotateLeft),
                "Who deals next",
                "the top scorer of the deal, the highest running total, or the player to the left",
            ),
            (
                "round2_forced_for_dealer",
                RuleKind::Bool,
                "Dealer must name a suit in round 2",
                "the dealer speaks last and cannot pass",
            ),
        ],
    )
}
