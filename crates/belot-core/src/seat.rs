//! Seats and sides.

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered `0..n` in the order the turn passes
/// (to the left in every seed).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// Index `0..n`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order at a table of `n`.
    #[inline]
    pub const fn next(self, n: u8) -> Seat {
        Seat(if self.0 + 1 >= n { 0 } else { self.0 + 1 })
    }

    /// The seat `k` places after this one at a table of `n`.
    #[inline]
    pub const fn plus(self, k: u8, n: u8) -> Seat {
        Seat((self.0 + k) % n)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A scoring side: a team of two partners (seats `s` and `s + 2`) in
/// four-player French Belote, a single player otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Side(pub u8);

impl Side {
    /// Index of the side.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other side when there are exactly two.
    #[inline]
    pub const fn other(self) -> Side {
        Side(1 - self.0)
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
