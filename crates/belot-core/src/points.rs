//! Points that may end in a half: three-player Belot splits a failed
//! declarer's odd total (option `odd_point = half_points`), and every
//! game's totals are compared in this one type.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A number of points that may end in a half, stored as half points.
/// Written in JSON as a number: `40` or `40.5`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(value_type = f64))]
pub struct Half(pub i32);

impl Half {
    /// Whole points.
    pub const fn points(p: i32) -> Half {
        Half(p * 2)
    }
}

impl std::fmt::Display for Half {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{:.1}", self.0 as f64 / 2.0)
        }
    }
}

impl Serialize for Half {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 {
            s.serialize_i32(self.0 / 2)
        } else {
            s.serialize_f64(self.0 as f64 / 2.0)
        }
    }
}

impl<'de> Deserialize<'de> for Half {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Half, D::Error> {
        let v = f64::deserialize(d)?;
        let h = v * 2.0;
        if h.fract() != 0.0 || h.abs() > 1e9 {
            return Err(serde::de::Error::custom(format!(
                "{v} is not a number of points: whole or half points only"
            )));
        }
        Ok(Half(h as i32))
    }
}

impl Half {
    /// The points as a float, for averages and reports.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl std::ops::Add for Half {
    type Output = Half;
    fn add(self, o: Half) -> Half {
        Half(self.0 + o.0)
    }
}

/// Compares with points written as a float (`62.0`, `40.5`), as tests and
/// reports write them.
impl PartialEq<f64> for Half {
    fn eq(&self, other: &f64) -> bool {
        self.0 as f64 == other * 2.0
    }
}
