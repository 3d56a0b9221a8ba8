//! Melds (announcements, combinations, constructions): sequences and
//! carrés, their values, and the contests that decide who scores them.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::Contract;
use crate::seat::Seat;

/// A meld: a run of three or more cards of one suit in natural order
/// (A K Q J 10 9 8 7), or four cards of one rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Meld {
    /// A sequence of `len` cards of `suit` whose highest card is `top`.
    Sequence {
        /// Suit of the run.
        suit: Suit,
        /// Highest card (natural order).
        top: Rank,
        /// Number of cards, 3..=8.
        len: u8,
    },
    /// Four cards of one rank (never 7s or 8s).
    Carre(Rank),
}

impl Meld {
    /// The cards that make the meld.
    pub fn cards(self) -> CardSet {
        match self {
            Meld::Sequence { suit, top, len } => {
                let top = top.index() as u32;
                let bits = ((1u32 << len) - 1) << (top + 1 - len as u32);
                CardSet(bits << (suit.index() as u32 * 8))
            }
            Meld::Carre(r) => CardSet::rank(r),
        }
    }

    /// Recognises a meld from its exact cards.
    pub fn from_cards(cards: CardSet) -> Option<Meld> {
        if cards.len() == 4 {
            for r in Rank::ALL {
                if cards == CardSet::rank(r) {
                    return if r >= Rank::Nine { Some(Meld::Carre(r)) } else { None };
                }
            }
        }
        let first = cards.first()?;
        let suit = first.suit();
        if cards.of_suit(suit) != cards || cards.len() < 3 {
            return None;
        }
        let bits = cards.suit_bits(suit) as u32;
        let low = bits.trailing_zeros();
        let run = bits >> low;
        if run & (run + 1) != 0 {
            return None; // not consecutive
        }
        let len = run.count_ones() as u8;
        Some(Meld::Sequence { suit, top: Rank::from_index((low + len as u32 - 1) as usize), len })
    }

    /// True for a carré.
    pub fn is_carre(self) -> bool {
        matches!(self, Meld::Carre(_))
    }

    /// The French name: tierce, quarte, quinte (5 or more), carré.
    pub fn name(self) -> &'static str {
        match self {
            Meld::Sequence { len: 3, .. } => "tierce",
            Meld::Sequence { len: 4, .. } => "quarte",
            Meld::Sequence { .. } => "quinte",
            Meld::Carre(_) => "carre",
        }
    }
}

impl Serialize for Meld {
    /// A meld is written as its cards.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Meld, D::Error> {
        let cards = CardSet::deserialize(d)?;
        Meld::from_cards(cards).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "[{cards}] is not a meld: a meld is 3 or more cards of one suit in a row \
                 (A K Q J 10 9 8 7) or four cards of one rank from 9 to ace"
            ))
        })
    }
}

/// A player's best meld as announced where only the contest's winner
/// scores (two-player Belot's construction, three-player Belot's
/// combination), with its value in the contract.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AnnouncedMeld {
    /// Who announced.
    pub seat: Seat,
    /// The meld.
    pub meld: Meld,
    /// Its value in this contract.
    pub points: u32,
}

/// Points of each meld kind (differ between variants).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MeldValues {
    /// Carré value per rank (natural index 7..A).
    pub carre: [u32; 8],
    /// Three in a row.
    pub tierce: u32,
    /// Four in a row.
    pub quarte: u32,
    /// Five or more in a row.
    pub quinte: u32,
}

impl MeldValues {
    /// French Belote and three-player Belot: carré J 200, 9 150,
    /// A 10 K Q 100; sequences 20 / 50 / 100.
    pub const FRENCH: MeldValues = MeldValues {
        carre: [0, 0, 150, 100, 200, 100, 100, 100],
        tierce: 20,
        quarte: 50,
        quinte: 100,
    };
    /// Two-player Belot (seed 001): carré J 200, 9 140, A 110, 10 K Q 100.
    pub const TWO_PLAYER: MeldValues = MeldValues {
        carre: [0, 0, 140, 100, 200, 100, 100, 110],
        tierce: 20,
        quarte: 50,
        quinte: 100,
    };

    /// The value of one meld.
    pub fn value(&self, m: Meld) -> u32 {
        match m {
            Meld::Carre(r) => self.carre[r.index()],
            Meld::Sequence { len: 3, .. } => self.tierce,
            Meld::Sequence { len: 4, .. } => self.quarte,
            Meld::Sequence { .. } => self.quinte,
        }
    }
}

/// Whether one card may count in both a carré and a sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardReuse {
    /// A card may be in one carré and one sequence (default).
    #[default]
    AllowCarreAndSeq,
    /// Each card in one meld only; carrés take their cards first (§8.9).
    OnceOnly,
}

/// The melds a hand can announce: every carré (9 to ace) and every maximal
/// run of 3 or more. Carrés first, then sequences by suit.
pub fn find_melds(hand: CardSet, reuse: CardReuse) -> Vec<Meld> {
    let mut out = Vec::new();
    let mut used = CardSet::EMPTY;
    for r in [Rank::Jack, Rank::Nine, Rank::Ace, Rank::Ten, Rank::King, Rank::Queen] {
        if hand.contains_all(CardSet::rank(r)) {
            out.push(Meld::Carre(r));
            used |= CardSet::rank(r);
        }
    }
    let rest = match reuse {
        CardReuse::AllowCarreAndSeq => hand,
        CardReuse::OnceOnly => hand - used,
    };
    for suit in Suit::ALL {
        let mut bits = rest.suit_bits(suit) as u32;
        while bits != 0 {
            let low = bits.trailing_zeros();
            let run = (bits >> low).trailing_ones();
            if run >= 3 {
                out.push(Meld::Sequence {
                    suit,
                    top: Rank::from_index((low + run - 1) as usize),
                    len: run as u8,
                });
            }
            bits &= !(((1u32 << run) - 1) << low);
        }
    }
    out
}

/// The seat holding king and queen of `trump`, if any (belote).
pub fn belote_holder(hands: &[CardSet], trump: Suit) -> Option<Seat> {
    let kq = Card::new(trump, Rank::King).set() | Card::new(trump, Rank::Queen).set();
    hands.iter().position(|h| h.contains_all(kq)).map(|i| Seat(i as u8))
}

/// How melds of different kinds compare in a single contest.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MeldOrder {
    /// Any carré beats any sequence (two- and three-player Belot).
    CarreFirst,
    /// Higher value first; at equal value a carré beats a sequence
    /// (FFB single contest).
    ValueFirst,
}

/// Carré order: J 9 A 10 K Q.
fn carre_strength(r: Rank) -> u8 {
    Contract::AllTrumps.strength(Card::new(Suit::Spades, r))
}

/// Compares two melds; `Equal` only for two sequences equal in (capped)
/// length and top card where neither is trump (a tie the contest settles
/// by its tie rule).
pub fn compare_melds(
    a: Meld,
    b: Meld,
    contract: Contract,
    order: MeldOrder,
    values: &MeldValues,
    seq_len_cap: Option<u8>,
) -> Ordering {
    if order == MeldOrder::ValueFirst {
        let o = values.value(a).cmp(&values.value(b));
        if o != Ordering::Equal {
            return o;
        }
    }
    match (a, b) {
        (Meld::Carre(x), Meld::Carre(y)) => carre_strength(x).cmp(&carre_strength(y)),
        (Meld::Carre(_), Meld::Sequence { .. }) => Ordering::Greater,
        (Meld::Sequence { .. }, Meld::Carre(_)) => Ordering::Less,
        (
            Meld::Sequence { suit: sa, top: ta, len: la },
            Meld::Sequence { suit: sb, top: tb, len: lb },
        ) => {
            let cap = seq_len_cap.unwrap_or(8);
            la.min(cap)
                .cmp(&lb.min(cap))
                .then(ta.cmp(&tb))
                // Both trump (all-trumps) or both plain stays Equal: a tie.
                .then(contract.is_trump(sa).cmp(&contract.is_trump(sb)))
        }
    }
}

/// How a tie for the best meld between different sides is settled.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeqTie {
    /// Nobody scores that contest (default in French Belote).
    #[default]
    None,
    /// The player who announced first (nearest the dealer's left) wins.
    FirstInTurn,
}

/// The announcement that wins a contest among `entries` (in announcing
/// order, each a seat and a meld), returned as its index, or `None` if
/// nobody wins (no melds, or a tie between sides settled as `SeqTie::None`).
/// `side_of` maps a seat to its side: a tie between two melds of the same
/// side is no tie.
pub fn contest_winner(
    entries: &[(Seat, Meld)],
    contract: Contract,
    order: MeldOrder,
    values: &MeldValues,
    seq_len_cap: Option<u8>,
    tie: SeqTie,
    side_of: impl Fn(Seat) -> u8,
) -> Option<usize> {
    let mut best: Option<usize> = None;
    let mut tied_other_side = false;
    for (i, &(seat, m)) in entries.iter().enumerate() {
        match best {
            None => best = Some(i),
            Some(b) => {
                let (bseat, bm) = entries[b];
                match compare_melds(m, bm, contract, order, values, seq_len_cap) {
                    Ordering::Greater => {
                        best = Some(i);
                        tied_other_side = false;
                    }
                    Ordering::Equal if side_of(seat) != side_of(bseat) => tied_other_side = true,
                    _ => {}
                }
            }
        }
    }
    if tied_other_side && tie == SeqTie::None { None } else { best }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn set(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    #[test]
    fn meld_cards_round_trip() {
        let m = Meld::Sequence { suit: Suit::Hearts, top: Rank::Ace, len: 3 };
        assert_eq!(m.cards(), set("AH KH QH"));
        assert_eq!(Meld::from_cards(m.cards()), Some(m));
        assert_eq!(Meld::from_cards(set("AH KH JH")), None);
        assert_eq!(Meld::from_cards(set("7S 7H 7D 7C")), None, "four 7s are no carré (§8.8)");
        assert_eq!(Meld::from_cards(set("9S 9H 9D 9C")), Some(Meld::Carre(Rank::Nine)));
        assert_eq!(Meld::from_cards(set("AH KH")), None);
    }

    #[test]
    fn finds_maximal_runs_and_carres() {
        let hand = set("AH KH QH JH 9S 9H 9D 9C 8S 7S");
        let melds = find_melds(hand, CardReuse::AllowCarreAndSeq);
        assert_eq!(
            melds,
            vec![
                Meld::Carre(Rank::Nine),
                Meld::Sequence { suit: Suit::Spades, top: Rank::Nine, len: 3 },
                Meld::Sequence { suit: Suit::Hearts, top: Rank::Ace, len: 4 },
            ]
        );
        // Once only: the carré takes the nines, the spade run is gone.
        let melds = find_melds(hand, CardReuse::OnceOnly);
        assert_eq!(
            melds,
            vec![
                Meld::Carre(Rank::Nine),
                Meld::Sequence { suit: Suit::Hearts, top: Rank::Ace, len: 4 }
            ]
        );
        // two runs in one suit
        let melds = find_melds(set("AS KS QS 9S 8S 7S"), CardReuse::OnceOnly);
        assert_eq!(melds.len(), 2);
    }
}
