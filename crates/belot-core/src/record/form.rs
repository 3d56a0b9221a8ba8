//! [`MatchRecord`]'s JSON form: `variant` names the game, and so the type
//! its `options` are read as. The fields are read in any order, straight
//! into their types (the deals are never buffered); only the options, a
//! flat object of a few scalars, wait for the variant.

use std::fmt;

use serde::de::value::{Error as ValueError, MapDeserializer, StringDeserializer};
use serde::de::{self, DeserializeOwned, IntoDeserializer, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{DealRecord, MatchRecord, names};
use crate::game::{Game, Variant};
use crate::game_match::Start;
use crate::seat::Seat;
use crate::{each_game, with_rules};

/// Most keys a record's `options` may hold (every game has fewer house
/// rules), so that no record builds a large map.
pub const OPTIONS_MAX: usize = 64;

/// What a record holds, as read, before its options are typed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Read {
    format: String,
    version: u32,
    variant: Variant,
    #[serde(default)]
    options: Flat,
    first_dealer: Seat,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default, deserialize_with = "names")]
    names: Vec<String>,
    #[serde(default)]
    start: Option<Start>,
    deals: Vec<DealRecord>,
}

impl<'de> Deserialize<'de> for MatchRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MatchRecord, D::Error> {
        let r = Read::deserialize(d)?;
        let game = game(r.variant, r.options).map_err(de::Error::custom)?;
        let Read { format, version, first_dealer, seed, names, start, deals, .. } = r;
        Ok(MatchRecord { format, version, game, first_dealer, seed, names, start, deals })
    }
}

/// The game of `variant` with the house rules `options` names.
fn game(variant: Variant, options: Flat) -> Result<Game, ValueError> {
    fn read<O: DeserializeOwned>(options: Flat) -> Result<O, ValueError> {
        O::deserialize(MapDeserializer::new(options.0.into_iter()))
            .map_err(|e| de::Error::custom(format_args!("options: {e}")))
    }
    with_rules!(variant, R => Ok(R::game(read(options)?)))
}

/// A record as written: the game's options typed, after its variant.
#[derive(Serialize)]
struct Write<'a, O> {
    format: &'a str,
    version: u32,
    variant: Variant,
    options: &'a O,
    first_dealer: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    names: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    start: &'a Option<Start>,
    deals: &'a [DealRecord],
}

impl Serialize for MatchRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fn write<'a, O>(r: &'a MatchRecord, options: &'a O) -> Write<'a, O> {
            Write {
                format: &r.format,
                version: r.version,
                variant: r.game.variant(),
                options,
                first_dealer: r.first_dealer,
                seed: r.seed,
                names: &r.names,
                start: &r.start,
                deals: &r.deals,
            }
        }
        each_game!(Game, &self.game, o => write(self, o).serialize(s))
    }
}

/// A flat object of scalars (the house rules, before their type is known).
#[derive(Default)]
struct Flat(Vec<(String, Scalar)>);

/// One house rule's value.
enum Scalar {
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    Null,
}

impl<'de> Deserialize<'de> for Flat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Flat, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Flat;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "an object of house rules (at most {OPTIONS_MAX})")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Flat, A::Error> {
                let mut out = Vec::new();
                while let Some(entry) = map.next_entry::<String, Scalar>()? {
                    if out.len() == OPTIONS_MAX {
                        return Err(de::Error::invalid_length(OPTIONS_MAX + 1, &self));
                    }
                    out.push(entry);
                }
                Ok(Flat(out))
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number, a word, true or false")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
                Ok(Scalar::Bool(v))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
                Ok(Scalar::Int(v))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
                Ok(Scalar::UInt(v))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
                Ok(Scalar::Float(v))
            }
            fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
                Ok(Scalar::Str(v.to_owned()))
            }
            fn visit_unit<E>(self) -> Result<Scalar, E> {
                Ok(Scalar::Null)
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> IntoDeserializer<'de, ValueError> for Scalar {
    type Deserializer = Scalar;
    fn into_deserializer(self) -> Scalar {
        self
    }
}

impl<'de> Deserializer<'de> for Scalar {
    type Error = ValueError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, ValueError> {
        match self {
            Scalar::Bool(b) => v.visit_bool(b),
            Scalar::Int(i) => v.visit_i64(i),
            Scalar::UInt(u) => v.visit_u64(u),
            Scalar::Float(x) => v.visit_f64(x),
            Scalar::Str(s) => v.visit_string(s),
            Scalar::Null => v.visit_unit(),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, ValueError> {
        match self {
            Scalar::Null => v.visit_none(),
            other => v.visit_some(other),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, ValueError> {
        match self {
            // A house rule's choice is a word: a unit variant.
            Scalar::Str(s) => v.visit_enum(StringDeserializer::<ValueError>::new(s)),
            other => other.deserialize_any(v).map_err(|_: ValueError| {
                de::Error::custom(format_args!("expected one of {variants:?} ({name})"))
            }),
        }
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}
