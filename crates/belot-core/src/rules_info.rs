//! The house rules of each game described for a user interface: one
//! [`RuleInfo`] per field of [`FrenchOptions`], [`TwoOptions`] and
//! [`ThreeOptions`], with its serde name, the kind of value it takes, its
//! default and whether it is one of the rules the seed itself names (shown
//! first; the others are play or scoring details under "more rules").
//!
//! Defaults are read from each type's `Default` through serde, and the
//! names of a choice's values by serialising the enum's values, so neither
//! can drift from the option types. The tests check that every field has a
//! description and every description a field.

use serde::Serialize;
use serde_json::Value;

use crate::french::{
    AnnounceContests, BothCross, CapotVictim, FirstPackets, FrenchOptions, LitigeMode,
};
use crate::meld::{CardReuse, SeqTie};
use crate::three_player::{CarreTiebreak, FailTest, NextDealer, OddPoint, ThreeOptions};
use crate::two_player::{
    BaitMode, BkCarreValues, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer, TieMode,
    TwoOptions,
};

/// The values a house rule takes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RuleKind {
    /// On or off.
    Bool,
    /// A whole number in `min..=max`.
    Number {
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// A whole number in `min..=max`, or `null` for no cap.
    Cap {
        /// The smallest value allowed.
        min: u32,
        /// The largest value allowed.
        max: u32,
    },
    /// One of these values (the serde names of the enum's values).
    Choice(Vec<String>),
}

impl RuleKind {
    /// The kind's name: `bool`, `number`, `cap` or `choice`.
    pub fn name(&self) -> &'static str {
        match self {
            RuleKind::Bool => "bool",
            RuleKind::Number { .. } => "number",
            RuleKind::Cap { .. } => "cap",
            RuleKind::Choice(_) => "choice",
        }
    }
}

/// One house rule of a game.
#[derive(Clone, PartialEq, Debug)]
pub struct RuleInfo {
    /// The option's serde name (its key in `rules.options`).
    pub key: &'static str,
    /// The values it takes.
    pub kind: RuleKind,
    /// Its default, as the option type's `Default` serialises it.
    pub default: Value,
    /// One of the rules the seed names for this game: shown up front.
    pub main: bool,
    /// Set from the game's set-up (the number of players), not chosen as
    /// a house rule.
    pub from_setup: bool,
}

/// The serde names of an enum's values.
fn names<T: Serialize>(all: &[T]) -> Vec<String> {
    all.iter()
        .map(|v| match serde_json::to_value(v) {
            Ok(Value::String(s)) => s,
            other => unreachable!("a choice serialises as a string, not {other:?}"),
        })
        .collect()
}

/// A choice among every value of an enum; listing them in a `match` makes
/// a new value of the enum a compile error here until it is listed.
macro_rules! choice {
    ($ty:ident: $($v:ident),+ $(,)?) => {{
        let _exhaustive = |x: $ty| match x { $($ty::$v)|+ => () };
        RuleKind::Choice(names(&[$($ty::$v),+]))
    }};
}

/// The descriptions of `keys` with their defaults from `defaults`, a
/// serialised options type; `main` names the rules shown up front.
fn describe(
    defaults: impl Serialize,
    main: &[&str],
    keys: Vec<(&'static str, RuleKind)>,
) -> Vec<RuleInfo> {
    let defaults = serde_json::to_value(defaults).unwrap_or(Value::Null);
    keys.into_iter()
        .map(|(key, kind)| RuleInfo {
            key,
            kind,
            default: defaults.get(key).cloned().unwrap_or(Value::Null),
            main: main.contains(&key),
            from_setup: false,
        })
        .collect()
}

const TARGET: RuleKind = RuleKind::Number { min: 1, max: 100_000 };
const SEQ_CAP: RuleKind = RuleKind::Cap { min: 3, max: 8 };
const BONUS: RuleKind = RuleKind::Number { min: 0, max: 1000 };

/// French Belote's rules ([`FrenchOptions`], §4.10). Main: the three seed
/// 002 §9–§10 gives the table to choose (target 1000 or 500, the litige,
/// both sides over the target), as in the rules reference §5.2.
pub fn french_rules() -> Vec<RuleInfo> {
    let mut rules = describe(
        FrenchOptions::default(),
        &["target", "litige", "both_cross"],
        vec![
            ("target", TARGET),
            ("both_cross", choice!(BothCross: MorePoints, Taker)),
            ("litige", choice!(LitigeMode: Hold, TieIsDedans, TieIsMade)),
            ("litige_holds_belote", RuleKind::Bool),
            ("belote_in_contract_test", RuleKind::Bool),
            ("belote_requires_calls", RuleKind::Bool),
            ("announce_contests", choice!(AnnounceContests: Separate, Single)),
            ("seq_len_cap", SEQ_CAP),
            ("seq_tie", choice!(SeqTie: None, FirstInTurn)),
            ("card_reuse", choice!(CardReuse: AllowCarreAndSeq, OnceOnly)),
            ("capot_victim_announcements", choice!(CapotVictim: Keep, Void, Transfer)),
            ("overtrump_over_partner_when_discarding_trump", RuleKind::Bool),
            ("first_packets", choice!(FirstPackets: ThreeTwo, TwoThree)),
            ("players", RuleKind::Number { min: 2, max: 4 }),
        ],
    );
    for r in &mut rules {
        r.from_setup = r.key == "players";
    }
    rules
}

/// Two-player Belot's rules ([`TwoOptions`], §3.10). Main: the target
/// (seed 001's 1001) and the all-pass deal (распасы), the two house rules
/// seed 001 itself names; the rest of §3.10 comes from other sources or
/// fills gaps the seed leaves.
pub fn two_player_rules() -> Vec<RuleInfo> {
    describe(
        TwoOptions::default(),
        &["target", "raspasy_enabled"],
        vec![
            ("target", TARGET),
            ("raspasy_enabled", RuleKind::Bool),
            ("raspasy_meld_charging", choice!(RaspasyMeldCharging: Opponent, Own)),
            ("redeal_dealer", choice!(RedealDealer: Same, Alternate)),
            ("seq_compare_len_cap", SEQ_CAP),
            ("vk_bela_every_suit", RuleKind::Bool),
            ("bk_carre_values", choice!(BkCarreValues: Seed, FrenchNt)),
            ("winner_takes_all", RuleKind::Bool),
            ("bait_mode", choice!(BaitMode: AllToVist, OpponentOwnOnly)),
            ("bela_survives_bait", RuleKind::Bool),
            ("tie_mode", choice!(TieMode: Hang, LoaderFails, BothKeep)),
            ("pool_mode", choice!(PoolMode: Sum, Separate)),
            ("both_cross", choice!(BothCross2: HigherTotal, LoaderWins)),
        ],
    )
}

/// Three-player Belot's rules ([`ThreeOptions`], §2.10). Main: the target
/// (501; the seed's text says 50), when the declarer fails (the seed's
/// own scoring test, §2.8) and who deals next (the seed's literal "the
/// player with the most points", §2.9): the three a table settles before
/// the first deal; the rest are meld and capo details.
pub fn three_player_rules() -> Vec<RuleInfo> {
    describe(
        ThreeOptions::default(),
        &["target", "fail_test", "next_dealer"],
        vec![
            ("target", TARGET),
            ("tierce_value", BONUS),
            ("carre_tiebreak_order", choice!(CarreTiebreak: J9a10kq, Natural)),
            ("card_reuse", choice!(CardReuse: AllowCarreAndSeq, OnceOnly)),
            ("belot_any_suit", RuleKind::Bool),
            ("fail_test", choice!(FailTest: BelowBestOpponent, BelowBoth)),
            ("odd_point", choice!(OddPoint: ToHigherOpponent, HalfPoints, Discard)),
            ("failed_declarer_keeps_belot", RuleKind::Bool),
            ("single_capo_bonus_each", BONUS),
            ("double_capo_bonus", BONUS),
            ("capo_also_scores_last_trick", RuleKind::Bool),
            ("capo_keeps_own_points", RuleKind::Bool),
            ("next_dealer", choice!(NextDealer: TopOfDeal, TopCumulative, RotateLeft)),
            ("round2_forced_for_dealer", RuleKind::Bool),
        ],
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde::de::DeserializeOwned;
    use serde_json::json;

    use super::*;

    /// Every field of `T`'s serialisation has a description and the other
    /// way round; each default is the field's default; every choice value,
    /// every number's bounds and a cap's `null` are accepted by serde and
    /// by `validate`, one value just outside the bounds is not.
    fn check<T: Serialize + DeserializeOwned + Default>(
        rules: &[RuleInfo],
        validate: impl Fn(&T) -> Result<(), String>,
    ) {
        let defaults = serde_json::to_value(T::default()).unwrap();
        let fields: BTreeSet<&str> =
            defaults.as_object().unwrap().keys().map(String::as_str).collect();
        let described: BTreeSet<&str> = rules.iter().map(|r| r.key).collect();
        assert_eq!(fields, described);
        assert_eq!(described.len(), rules.len(), "a key described twice");
        let ok = |key: &str, v: Value| {
            let t: T = serde_json::from_value(json!({ key: v.clone() }))
                .unwrap_or_else(|e| panic!("{key} = {v}: {e}"));
            validate(&t).is_ok()
        };
        for r in rules {
            assert_eq!(r.default, defaults[r.key], "{}", r.key);
            assert!(ok(r.key, r.default.clone()), "{}: its default", r.key);
            match &r.kind {
                RuleKind::Bool => assert!(r.default.is_boolean(), "{}", r.key),
                RuleKind::Choice(values) => {
                    assert!(values.len() >= 2, "{}", r.key);
                    assert!(values.contains(&r.default.as_str().unwrap().to_string()), "{}", r.key);
                    for v in values {
                        assert!(ok(r.key, json!(v)), "{} = {v}", r.key);
                    }
                }
                RuleKind::Number { min, max } | RuleKind::Cap { min, max } => {
                    assert!(ok(r.key, json!(min)) && ok(r.key, json!(max)), "{}", r.key);
                    if *min > 0 {
                        assert!(!ok(r.key, json!(min - 1)), "{} = {}", r.key, min - 1);
                    }
                    assert!(!ok(r.key, json!(max + 1)), "{} = {}", r.key, max + 1);
                    if matches!(r.kind, RuleKind::Cap { .. }) {
                        assert!(ok(r.key, Value::Null), "{}: no cap", r.key);
                    } else {
                        assert!(r.default.is_u64(), "{}", r.key);
                    }
                }
            }
        }
        assert!(rules[0].key == "target" && rules[0].main, "the target comes first, up front");
    }

    #[test]
    fn every_option_is_described_with_its_default() {
        check::<FrenchOptions>(&french_rules(), FrenchOptions::validate);
        check::<TwoOptions>(&two_player_rules(), TwoOptions::validate);
        check::<ThreeOptions>(&three_player_rules(), ThreeOptions::validate);
    }

    #[test]
    fn the_seeds_rules_are_main() {
        let main = |rules: Vec<RuleInfo>| -> Vec<&str> {
            rules.into_iter().filter(|r| r.main).map(|r| r.key).collect()
        };
        assert_eq!(main(french_rules()), ["target", "both_cross", "litige"]);
        assert_eq!(main(two_player_rules()), ["target", "raspasy_enabled"]);
        assert_eq!(main(three_player_rules()), ["target", "fail_test", "next_dealer"]);
        let setup: Vec<_> = french_rules().into_iter().filter(|r| r.from_setup).collect();
        assert_eq!((setup.len(), setup[0].key, setup[0].main), (1, "players", false));
        assert_eq!(
            french_rules()[1].kind,
            RuleKind::Choice(vec!["more_points".into(), "taker".into()])
        );
        assert_eq!(french_rules()[12].kind, RuleKind::Choice(vec!["3+2".into(), "2+3".into()]));
    }
}
