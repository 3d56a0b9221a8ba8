//! What the registry's games add to the document. The enums of `games!`
//! name every game in their derived schemas; what each game's own types
//! hold is asked of them here, for every game of [`Variant::ALL`]: its
//! sheet entry's fields (of its `Rules::Input`, by serde) and its house
//! rules (of its `Rules::Options`, by serde, each described by
//! belot-score's `rules_info`). No game is named in this file.

use belot_core::{Rules, Variant, with_rules};
use belot_score::rules_info::{self, RuleInfo, RuleKind};
use serde::de::{self, DeserializeOwned, Visitor};
use serde_json::{Map, Value, json};

/// Fills each game's entry fields and house rules into the `DealInput`
/// and `Game` schemas of `doc` (an OpenAPI document as JSON).
pub(super) fn fill(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    if let Some(entry) = schemas.get_mut("DealInput") {
        entry["description"] = json!(
            "A deal as counted at the table (docs/score.md): `{\"kind\": \"<game>\", ...}` with \
             the game's own fields (named here; their meaning in docs/score.md), or `{\"kind\": \
             \"thrown_in\"}` / `{\"kind\": \"redeal\"}`."
        );
        for item in one_of(entry) {
            if let Some(v) = game_of(&item["allOf"][1], "kind") {
                *item = entry_schema(v, &item["description"]);
            }
        }
    }
    if let Some(game) = schemas.get_mut("Game") {
        game["description"] = json!(
            "A game and its house rules: `{\"variant\": \"<game>\", \"options\": {...}}`, the \
             options left out taking their defaults."
        );
        for item in one_of(game) {
            if let Some(v) = game_of(item, "variant") {
                item["properties"]["options"] = options_schema(v);
            }
        }
    }
}

/// The alternatives of a `oneOf` schema.
fn one_of(schema: &mut Value) -> impl Iterator<Item = &mut Value> {
    schema.get_mut("oneOf").and_then(Value::as_array_mut).into_iter().flatten()
}

/// The game a schema is for: its `tag` property's one value, when that
/// names a game of the registry.
fn game_of(schema: &Value, tag: &str) -> Option<Variant> {
    let name = schema["properties"][tag]["enum"][0].as_str()?;
    Variant::ALL.into_iter().find(|v| v.as_str() == name)
}

/// A game's sheet entry: its tag and its fields, nothing else
/// (`deny_unknown_fields`).
fn entry_schema(v: Variant, description: &Value) -> Value {
    let mut properties = Map::new();
    properties.insert("kind".into(), json!({"type": "string", "enum": [v.as_str()]}));
    for f in with_rules!(v, R => fields_of::<<R as Rules>::Input>()) {
        properties.insert((*f).into(), json!({}));
    }
    json!({
        "description": description,
        "type": "object",
        "properties": properties,
        "required": ["kind"],
        "additionalProperties": false,
    })
}

/// A game's house rules: one property per key its options take, each
/// described as `GET /api/rules` describes it.
fn options_schema(v: Variant) -> Value {
    let rules = rules_info::rules_of(v);
    let properties: Map<String, Value> = with_rules!(v, R => fields_of::<<R as Rules>::Options>())
        .iter()
        .map(|key| {
            let rule = rules.iter().find(|r| r.key == *key);
            ((*key).to_string(), rule.map_or_else(|| json!({}), rule_schema))
        })
        .collect();
    json!({
        "description": "The house rules (GET /api/rules describes them for a form); a key left \
            out takes its default.",
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    })
}

/// One house rule's values.
fn rule_schema(r: &RuleInfo) -> Value {
    let mut s = match &r.kind {
        RuleKind::Bool => json!({"type": "boolean"}),
        RuleKind::Number { min, max } => json!({"type": "integer", "minimum": min, "maximum": max}),
        RuleKind::Cap { min, max } => {
            json!({"type": ["integer", "null"], "minimum": min, "maximum": max})
        }
        RuleKind::Choice(values) => json!({"type": "string", "enum": values}),
    };
    let description =
        if r.help.is_empty() { r.name.to_string() } else { format!("{}: {}", r.name, r.help) };
    s["description"] = json!(description);
    s["default"] = r.default.clone();
    s
}

/// The field names a struct's `Deserialize` asks for (none for another
/// shape): what serde knows of a game's entry or options without a
/// schema of its own.
fn fields_of<T: DeserializeOwned>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    // The deserializer stops at the question: the answer is an error.
    let _ = T::deserialize(Fields(&mut fields));
    fields
}

/// A deserializer that answers nothing and notes the fields it is asked
/// for.
struct Fields<'a>(&'a mut &'static [&'static str]);

impl<'de> de::Deserializer<'de> for Fields<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only a struct's fields are asked"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("only a struct's fields are asked"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}
