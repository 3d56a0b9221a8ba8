//! `GET /api/rules`: the house rules of each game as belot-core describes
//! them (key, kind, English name and help, choices with their English
//! names or bounds, default, whether the seed names it),
//! so the page's rule forms come from the Rust option types.

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use belot_core::Variant;
use belot_score::rules_info::{self, RuleInfo, RuleKind};
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::Value;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder};
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

/// One house rule. Kind `bool`: true or false; `number`: a whole number
/// in min..max; `cap`: a whole number in min..max, or null for no cap;
/// `choice`: one of `choices`.
// Fields by name: the order the answer has always had.
#[derive(Serialize, ToSchema)]
#[schema(as = RuleInfo)]
struct Rule<'a> {
    /// Kind `choice`: the values allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    choices: Option<&'a [String]>,
    /// The value when the key is left out.
    default: &'a Value,
    /// Set from the set-up (French players: the number of players), not a
    /// rule to choose.
    from_setup: bool,
    /// What it does, in a line of English (may be empty).
    help: &'a str,
    /// The option's key in `rules.options`.
    key: &'a str,
    #[schema(inline)]
    kind: Kind,
    /// Kind `choice`: each value's name in English, in the order of
    /// `choices`.
    #[serde(skip_serializing_if = "Option::is_none")]
    labels: Option<&'a [&'static str]>,
    /// One of the rules the seed names for this game (target, litige,
    /// both over the target in French Belote): shown up front.
    main: bool,
    /// Kind `number` or `cap`: the largest value.
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<u32>,
    /// Kind `number` or `cap`: the smallest value.
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<u32>,
    /// The rule's name, in English.
    name: &'a str,
}

/// The values a house rule takes.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Bool,
    Number,
    Cap,
    Choice,
}

impl<'a> Rule<'a> {
    fn of(r: &'a RuleInfo) -> Rule<'a> {
        let (kind, bounds, choices) = match &r.kind {
            RuleKind::Bool => (Kind::Bool, None, None),
            RuleKind::Number { min, max } => (Kind::Number, Some((*min, *max)), None),
            RuleKind::Cap { min, max } => (Kind::Cap, Some((*min, *max)), None),
            RuleKind::Choice(values) => (Kind::Choice, None, Some(values.as_slice())),
        };
        Rule {
            choices,
            default: &r.default,
            from_setup: r.from_setup,
            help: r.help,
            key: r.key,
            kind,
            labels: choices.map(|_| r.labels.as_slice()),
            main: r.main,
            max: bounds.map(|b| b.1),
            min: bounds.map(|b| b.0),
            name: r.name,
        }
    }
}

/// Every game's rules, the games in the registry's order (the page lists
/// them so): `{"<game>": [RuleInfo, ...], ...}`.
struct AllRules(Vec<(Variant, Vec<RuleInfo>)>);

impl Serialize for AllRules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (v, rules) in &self.0 {
            let rules: Vec<Rule<'_>> = rules.iter().map(Rule::of).collect();
            m.serialize_entry(v.as_str(), &rules)?;
        }
        m.end()
    }
}

/// One property per game of the registry, each the game's rules.
impl PartialSchema for AllRules {
    fn schema() -> RefOr<Schema> {
        let rules = ArrayBuilder::new().items(Ref::from_schema_name(Rule::name())).build();
        let games = Variant::ALL.iter().map(|v| v.as_str());
        games
            .fold(ObjectBuilder::new(), |o, g| o.property(g, rules.clone()).required(g))
            .description(Some(
                "Per game (the values of rules.variant), its options in order; a game's \
                 rules.options takes these keys",
            ))
            .into()
    }
}

impl ToSchema for AllRules {
    fn name() -> Cow<'static, str> {
        "Rules".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((Rule::name().into(), Rule::schema()));
        Rule::schemas(schemas);
    }
}

fn rules() -> &'static str {
    static RULES: OnceLock<String> = OnceLock::new();
    RULES.get_or_init(|| {
        let all = Variant::ALL.into_iter().map(|v| (v, rules_info::rules_of(v))).collect();
        serde_json::to_string(&AllRules(all)).unwrap_or_default()
    })
}

/// The house rules of each game, from the Rust option types.
///
/// Key, kind, choices or bounds, default, English name and help, and
/// whether the seed names it (shown up front); the same for every
/// request.
#[utoipa::path(get, path = "/api/rules", tag = "sheets", responses(
    (status = 200, description = "each game's rules", body = AllRules),
))]
pub(crate) async fn get_rules() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-cache")], rules())
}
