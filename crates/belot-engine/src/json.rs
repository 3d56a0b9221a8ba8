//! JSON read from untrusted programs, bounded: free-form values and
//! actions within a count of nodes, house rules with the bad key named.

use std::cell::Cell;
use std::fmt;

use belot_core::{Game, ParseError, Variant, each_game, with_rules};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};

/// The game with house rules read from a JSON object (keys missing take
/// the seed's defaults; an unknown or ill-typed key is named).
pub fn game_from_options(variant: Variant, options: Value) -> Result<Game, ParseError> {
    with_rules!(variant, R => Ok(R::game(options_from_json(options)?)))
}

/// `game` with the house rules given in a JSON object over its own;
/// unknown keys are refused, and French `players` may only repeat the
/// game's (the name fixes the table).
pub fn game_with_options(game: Game, json: &str) -> Result<Game, ParseError> {
    let mut v = options_json(&game);
    merge(&mut v, json)?;
    let new = game_from_options(game.variant(), v)?;
    new.validate().map_err(|e| ParseError::new(e.message))?;
    if new.players() != game.players() {
        return Err(ParseError::new(format!(
            "option \"players\": {} does not go with this game ({} players); \
             choose the game by name: french (4), french-3, french-2",
            new.players(),
            game.players()
        )));
    }
    Ok(new)
}

/// The house rules of `game` as a JSON object.
pub fn options_json(game: &Game) -> Value {
    let v = each_game!(Game, game, o => serde_json::to_value(o));
    // Plain structs of numbers, flags and enums always serialise.
    v.unwrap_or(Value::Null)
}

/// Overwrites the keys of `v` with those of the JSON object `json`.
fn merge(v: &mut Value, json: &str) -> Result<(), ParseError> {
    let extra: Value = serde_json::from_str(json)
        .map_err(|e| ParseError::new(format!("options are not JSON: {e}")))?;
    let (Some(dst), Some(src)) = (v.as_object_mut(), extra.as_object()) else {
        return Err(ParseError::new("options must be a JSON object, such as {\"target\": 500}"));
    };
    for (k, x) in src {
        if !dst.contains_key(k) {
            let keys: Vec<&String> = dst.keys().collect();
            return Err(ParseError::new(format!("unknown option {k:?}; the options are {keys:?}")));
        }
        dst.insert(k.clone(), x.clone());
    }
    Ok(())
}

/// A variant's options from a JSON object (missing keys take their
/// defaults). A refusal names the option that fails and says what it
/// accepts in plain words ("a whole number, 0 or more", not "u32").
pub fn options_from_json<T: serde::de::DeserializeOwned>(
    v: serde_json::Value,
) -> Result<T, ParseError> {
    serde_json::from_value::<T>(v.clone()).map_err(|e| {
        // The first key that fails on its own is the one to name.
        if let serde_json::Value::Object(m) = &v {
            for (k, x) in m {
                let one = serde_json::Value::Object([(k.clone(), x.clone())].into_iter().collect());
                if let Err(e) = serde_json::from_value::<T>(one) {
                    return ParseError::new(format!("option {k:?}: {}", plain(&e.to_string())));
                }
            }
        }
        ParseError::new(plain(&e.to_string()))
    })
}

/// serde's type names in words a card player reads.
pub(crate) fn plain(message: &str) -> String {
    let mut s = message.to_string();
    for (from, to) in [
        ("expected u8", "expected a whole number, 0 or more"),
        ("expected u16", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
    ] {
        s = s.replace(from, to);
    }
    // Every game's house rules are a struct named …Options.
    while let Some(at) = s.find("expected struct ") {
        let name = &s[at + "expected struct ".len()..];
        let len = name.find(|c: char| !c.is_alphanumeric()).unwrap_or(name.len());
        if !name[..len].ends_with("Options") {
            break;
        }
        s.replace_range(
            at..at + "expected struct ".len() + len,
            "expected an object of house rules",
        );
    }
    s
}

/// Most JSON values (nodes: each scalar, array and object counts one) a
/// free-form field (a record's `options`, a request's `options` or `id`)
/// may hold, so that no line can build a large tree in memory.
pub const VALUE_NODES_MAX: usize = 1024;

/// A JSON value of at most [`VALUE_NODES_MAX`] nodes, read straight from
/// the input (serde_json's recursion limit still bounds its depth).
pub fn bounded_value<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    Budget(&Cell::new(VALUE_NODES_MAX)).deserialize(d)
}

/// A JSON value read while a shared count of nodes lasts (a serde
/// `DeserializeSeed`: each value read takes one from the count).
#[derive(Clone, Copy)]
pub struct Budget<'a>(pub &'a Cell<usize>);

impl Budget<'_> {
    fn take<E: de::Error>(self) -> Result<(), E> {
        match self.0.get() {
            0 => Err(E::custom(format_args!(
                "too large: a free-form value holds at most {VALUE_NODES_MAX} JSON values"
            ))),
            n => {
                self.0.set(n - 1);
                Ok(())
            }
        }
    }
}

impl<'de> DeserializeSeed<'de> for Budget<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Budget<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        self.take().map(|()| Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.take().map(|()| Value::from(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.take().map(|()| Value::from(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.take().map(|()| Value::from(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        self.take().map(|()| Value::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.take().map(|()| Value::String(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        self.take().map(|()| Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(self)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut out = Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(self)?;
            out.insert(k, v);
        }
        Ok(Value::Object(out))
    }
}

/// Most JSON values one action may hold (an announcement of every meld a
/// hand can hold needs far fewer), so that no action builds a large tree.
pub const ACTION_NODES_MAX: usize = 256;

/// One action read within [`ACTION_NODES_MAX`] values (a serde
/// `deserialize_with` for input from untrusted programs).
pub fn bounded_action<'de, D: Deserializer<'de>>(d: D) -> Result<belot_core::Action, D::Error> {
    let v = Budget(&Cell::new(ACTION_NODES_MAX)).deserialize(d)?;
    belot_core::Action::deserialize(v).map_err(de::Error::custom)
}
