//! `GET /api/rules`: the house rules of each game as belot-core describes
//! them (key, kind, English name and help, choices with their English
//! names or bounds, default, whether the seed names it),
//! so the page's rule forms come from the Rust option types.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use belot_score::rules_info::{self, RuleInfo, RuleKind};
use serde_json::{Map, Value, json};

fn rule(r: &RuleInfo) -> Value {
    let mut o = Map::new();
    o.insert("key".into(), json!(r.key));
    o.insert("kind".into(), json!(r.kind.name()));
    o.insert("name".into(), json!(r.name));
    o.insert("help".into(), json!(r.help));
    match &r.kind {
        RuleKind::Bool => {}
        RuleKind::Number { min, max } | RuleKind::Cap { min, max } => {
            o.insert("min".into(), json!(min));
            o.insert("max".into(), json!(max));
        }
        RuleKind::Choice(values) => {
            o.insert("choices".into(), json!(values));
            o.insert("labels".into(), json!(r.labels));
        }
    }
    o.insert("default".into(), r.default.clone());
    o.insert("main".into(), json!(r.main));
    o.insert("from_setup".into(), json!(r.from_setup));
    Value::Object(o)
}

fn rules() -> &'static str {
    static RULES: OnceLock<String> = OnceLock::new();
    RULES.get_or_init(|| {
        let list = |rs: Vec<RuleInfo>| rs.iter().map(rule).collect::<Vec<_>>();
        // Written by hand so that the games come in the registry's order:
        // the page lists them so.
        let games = belot_core::Variant::ALL.into_iter();
        let parts: Vec<String> = games
            .map(|v| format!("{}:{}", json!(v.as_str()), json!(list(rules_info::rules_of(v)))))
            .collect();
        format!("{{{}}}", parts.join(","))
    })
}

/// The rule definitions of every game, the same for every request.
pub(crate) async fn get_rules() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-cache")], rules())
}
