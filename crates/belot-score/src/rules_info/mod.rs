//! The house rules of each game described for a user interface: one
//! [`RuleInfo`] per field of the game's options ([`rules_of`]; each
//! game's in its own file here, its names and help texts in the data
//! file of the same name), with its serde name, the kind of value it takes, its
//! default and whether it is one of the rules the seed itself names (shown
//! first; the others are play or scoring details under "more rules").
//!
//! Defaults are read from each type's `Default` through serde, and the
//! names of a choice's values by serialising the enum's values, so neither
//! can drift from the option types. The tests check that every field has a
//! description and every description a field.

use serde::Serialize;
use serde_json::Value;

use belot_core::{Registered, Variant, with_rules};

/// A game's house rules described (each game's in its file here).
pub trait Described: Registered {
    /// One [`RuleInfo`] per field of the game's options.
    fn rules() -> Vec<RuleInfo>;
}

/// The house rules of `variant`, described.
pub fn rules_of(variant: Variant) -> Vec<RuleInfo> {
    with_rules!(variant, R => <R as Described>::rules())
}

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
    /// Its name, in English (the web page has the other languages' words).
    pub name: &'static str,
    /// What it does, in a line of English; may be empty.
    pub help: &'static str,
    /// For a choice, each value's name in English, in the order of
    /// [`RuleKind::Choice`]; empty for the other kinds.
    pub labels: Vec<&'static str>,
}

/// A choice value's name in English.
fn label(value: &str) -> &'static str {
    match value {
        "more_points" => "More points",
        "taker" => "The taking side",
        "hold" => "The taker's points wait",
        "tie_is_dedans" => "Counts as dedans",
        "tie_is_made" => "Counts as made",
        "separate" => "Separately",
        "single" => "One contest",
        "none" => "Nobody",
        "first_in_turn" => "The first to announce",
        "allow_carre_and_seq" => "Allowed",
        "once_only" => "One announcement only",
        "keep" => "Still count",
        "void" => "Lost",
        "transfer" => "To the capot side",
        "3+2" => "3 + 2",
        "2+3" => "2 + 3",
        "opponent" => "The opponent's",
        "own" => "Your own",
        "same" => "The same dealer",
        "alternate" => "The other player",
        "seed" => "J 200, 9 140, A 110",
        "french_nt" => "A 200, 10 150",
        "all_to_vist" => "All to the вист",
        "opponent_own_only" => "The вист: only his own",
        "hang" => "The loader's points hang",
        "loader_fails" => "A байт",
        "both_keep" => "Each keeps his own",
        "sum" => "Summed",
        "higher_total" => "Higher total",
        "loader_wins" => "The loader",
        "j9a10kq" => "J 9 A 10 K Q",
        "natural" => "A K Q 10",
        "below_best_opponent" => "Below the better opponent",
        "below_both" => "Below both",
        "to_higher_opponent" => "Odd point to the higher opponent",
        "half_points" => "Half points kept",
        "discard" => "Odd point lost",
        "top_of_deal" => "Top scorer of the deal",
        "top_cumulative" => "Highest running total",
        "rotate_left" => "The player to the left",
        _ => "",
    }
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

/// The descriptions of the rules listed in `table` with their defaults
/// from `defaults`, a serialised options type; `main` names the rules
/// shown up front, `kind` gives each key's values.
///
/// `table` is a game's data file here: a line per rule, in order, its
/// key, English name and help split by ` | `; lines starting with `#`
/// are comments.
pub(crate) fn describe(
    defaults: impl Serialize,
    main: &[&str],
    table: &'static str,
    kind: impl Fn(&str) -> RuleKind,
) -> Vec<RuleInfo> {
    let defaults = serde_json::to_value(defaults).unwrap_or(Value::Null);
    let rows = table.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
    rows.filter_map(|line| {
        let (key, rest) = line.split_once(" | ")?;
        let (name, help) = rest.split_once(" | ")?;
        let kind = kind(key);
        Some(RuleInfo {
            key,
            default: defaults.get(key).cloned().unwrap_or(Value::Null),
            main: main.contains(&key),
            from_setup: false,
            name,
            help,
            labels: match &kind {
                RuleKind::Choice(values) => values.iter().map(|v| label(v)).collect(),
                _ => Vec::new(),
            },
            kind,
        })
    })
    .collect()
}

pub(crate) const TARGET: RuleKind = RuleKind::Number { min: 1, max: 100_000 };
pub(crate) const SEQ_CAP: RuleKind = RuleKind::Cap { min: 3, max: 8 };
pub(crate) const BONUS: RuleKind = RuleKind::Number { min: 0, max: 1000 };

// After `choice!`, which they use.
mod french;
mod three_player;
mod two_player;

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::french::french_rules;
    use super::three_player::three_player_rules;
    use super::two_player::two_player_rules;
    use belot_core::french::FrenchOptions;
    use belot_core::three_player::ThreeOptions;
    use belot_core::two_player::TwoOptions;

    use serde::de::DeserializeOwned;
    use serde_json::json;

    use super::*;

    /// Every field of `T`'s serialisation has a description and the other
    /// way round; each default is the field's default; every choice value,
    /// every number's bounds and a cap's `null` are accepted by serde and
    /// by `validate`, one value just outside the bounds is not.
    fn check<T: Serialize + DeserializeOwned + Default>(
        rules: &[RuleInfo],
        validate: impl Fn(&T) -> Result<(), belot_core::InvalidInput>,
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
            assert!(!r.name.is_empty(), "{}: a name", r.key);
            match &r.kind {
                RuleKind::Choice(values) => {
                    assert_eq!(r.labels.len(), values.len(), "{}", r.key);
                    for (v, l) in values.iter().zip(&r.labels) {
                        assert!(!l.is_empty(), "{} = {v}: a name", r.key);
                    }
                }
                _ => assert!(r.labels.is_empty(), "{}", r.key),
            }
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
        assert_eq!(french_rules()[13].kind, RuleKind::Choice(vec!["3+2".into(), "2+3".into()]));
    }
}
