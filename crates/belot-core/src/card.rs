//! Suits, ranks, cards (one byte) and card sets (a `u32` bitset).
//!
//! Bit layout: card index = `suit * 8 + rank`, ranks in natural order
//! 7 8 9 10 J Q K A (bits 0..7 of the suit's byte). Natural order makes a
//! sequence (tierce, quarte, …) a run of consecutive set bits, and the
//! trump/plain trick orders are small lookup tables (see [`crate::Contract`]).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::error::ParseError;

/// One of the four suits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Index 0..4.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with index `i & 3`.
    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    /// The letter used in card text: `S`, `H`, `D`, `C`.
    pub const fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// The suit's English name: `spades`, `hearts`, `diamonds`, `clubs`.
    pub const fn name(self) -> &'static str {
        ["spades", "hearts", "diamonds", "clubs"][self as usize]
    }

    /// The suit symbol: ♠ ♥ ♦ ♣.
    pub const fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self as usize]
    }

    fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Suit, ParseError> {
        let t = s.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_char(c),
            _ => Suit::ALL.into_iter().find(|x| t.eq_ignore_ascii_case(x.name())),
        }
        .ok_or_else(|| {
            ParseError::new(format!(
                "bad suit {s:?}: expected one of S H D C (or ♠ ♥ ♦ ♣, or spades/hearts/diamonds/clubs)"
            ))
        })
    }
}

impl Serialize for Suit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A rank, in natural order (7 lowest, ace highest).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Rank {
    /// 7
    Seven = 0,
    /// 8
    Eight = 1,
    /// 9
    Nine = 2,
    /// 10
    Ten = 3,
    /// Jack
    Jack = 4,
    /// Queen
    Queen = 5,
    /// King
    King = 6,
    /// Ace
    Ace = 7,
}

impl Rank {
    /// All ranks in natural order, lowest first.
    pub const ALL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Index 0..8 in natural order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `i & 7`.
    #[inline]
    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i & 7]
    }

    /// The character used in card text: `7 8 9 T J Q K A`.
    pub const fn letter(self) -> char {
        ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][self as usize]
    }

    fn parse(s: &str) -> Option<Rank> {
        Some(match s {
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "T" | "t" | "10" => Rank::Ten,
            // Cyrillic letters as Russian/Ukrainian/Bulgarian players write them:
            // В(алет) jack, Д(ама) queen, К(ороль) king, Т(уз) ace.
            "J" | "j" | "В" | "в" => Rank::Jack,
            "Q" | "q" | "Д" | "д" => Rank::Queen,
            "K" | "k" | "К" | "к" => Rank::King,
            "A" | "a" | "Т" | "т" => Rank::Ace,
            _ => return None,
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A card: one byte, `suit * 8 + rank`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) << 3 | rank as u8)
    }

    /// The card with index `i` (0..32), if in range.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 32 { Some(Card(i)) } else { None }
    }

    /// The card with index `i & 31`: always a card, for code that
    /// computes an index already in range.
    #[inline]
    pub(crate) const fn from_masked(i: u32) -> Card {
        Card((i & 31) as u8)
    }

    /// Index 0..32.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 3) as usize)
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index((self.0 & 7) as usize)
    }

    /// The one-card set.
    #[inline]
    pub const fn set(self) -> CardSet {
        CardSet(1 << self.0)
    }

    /// Text with a suit symbol, e.g. `J♥`, `10♠` (for people, not protocols).
    pub fn pretty(self) -> String {
        let r = match self.rank() {
            Rank::Ten => "10".to_string(),
            r => r.letter().to_string(),
        };
        format!("{}{}", r, self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;
    /// Accepts rank then suit: `JS`, `TH`, `10H`, `9♦`, `A♣`, lower case too.
    /// A suit-first form (`SJ`, `♥10`) is also accepted.
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let t = s.trim();
        let err = || {
            ParseError::new(format!(
                "bad card {s:?}: expected rank then suit, ranks 7 8 9 T (or 10) J Q K A, \
                 suits S H D C (or ♠ ♥ ♦ ♣), e.g. JS, TH, 10H, 9♦, AC"
            ))
        };
        // Emoji pickers follow a suit symbol with a variation selector
        // (U+FE0F "♥️", U+FE0E): it is not a character of the card.
        let chars: Vec<char> =
            t.chars().filter(|c| !matches!(c, '\u{FE0E}' | '\u{FE0F}')).collect();
        if chars.len() < 2 || chars.len() > 3 {
            return Err(err());
        }
        // rank + suit
        let last = chars[chars.len() - 1];
        if let Some(suit) = Suit::from_char(last) {
            let r: String = chars[..chars.len() - 1].iter().collect();
            if let Some(rank) = Rank::parse(&r) {
                return Ok(Card::new(suit, rank));
            }
        }
        // suit + rank
        if let Some(suit) = Suit::from_char(chars[0]) {
            let r: String = chars[1..].iter().collect();
            if let Some(rank) = Rank::parse(&r) {
                return Ok(Card::new(suit, rank));
            }
        }
        Err(err())
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of cards: a `u32` with bit `card.index()` set for each member.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 32 cards.
    pub const FULL: CardSet = CardSet(u32::MAX);

    /// All eight cards of `suit`.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0xff << (suit as u32 * 8))
    }

    /// The four cards of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet(0x0101_0101 << rank as u32)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True when the set holds no card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// True when every card of `other` is in the set.
    #[inline]
    pub const fn contains_all(self, other: CardSet) -> bool {
        self.0 & other.0 == other.0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// The cards of `suit` in this set.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (0xff << (suit as u32 * 8)))
    }

    /// The eight rank bits of `suit` (bit `rank.index()`).
    #[inline]
    pub const fn suit_bits(self, suit: Suit) -> u8 {
        (self.0 >> (suit as u32 * 8)) as u8
    }

    /// The lowest-index card, if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card(self.0.trailing_zeros() as u8)) }
    }

    /// The highest-index card, if any.
    #[inline]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card(31 - self.0.leading_zeros() as u8)) }
    }

    /// The `n`-th card in index order (0-based), if there are more than `n`.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        if bits == 0 { None } else { Some(Card(bits.trailing_zeros() as u8)) }
    }

    /// Iterates the cards in index order.
    #[inline]
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// Cards as a vector, in index order.
    pub fn to_vec(self) -> Vec<Card> {
        self.iter().collect()
    }
}

impl fmt::Display for CardSet {
    /// Cards grouped by suit, highest rank first: `AS KS 7H`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for suit in Suit::ALL {
            for rank in Rank::ALL.iter().rev() {
                let c = Card::new(suit, *rank);
                if self.contains(c) {
                    if !first {
                        f.write_str(" ")?;
                    }
                    first = false;
                    write!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

/// Iterator over a [`CardSet`] in index order.
#[derive(Clone)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl From<Card> for CardSet {
    fn from(c: Card) -> CardSet {
        c.set()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for CardSet {
            type Output = CardSet;
            #[inline]
            fn $f(self, rhs: CardSet) -> CardSet {
                CardSet(self.0 $op rhs.0)
            }
        }
        impl $tra for CardSet {
            #[inline]
            fn $fa(&mut self, rhs: CardSet) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitOr, bitor, |, BitOrAssign, bitor_assign);
binop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);

impl BitXor for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitxor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 ^ rhs.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for c in self.iter() {
            seq.serialize_element(&c)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if set.contains(c) {
                return Err(serde::de::Error::custom(format!("card {c} listed twice")));
            }
            set.insert(c);
        }
        Ok(set)
    }
}

/// Parses a whitespace- or comma-separated list of cards.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseError> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_text_forms() {
        let jh = Card::new(Suit::Hearts, Rank::Jack);
        for t in ["JH", "jh", "J♥", "HJ", "♥J"] {
            assert_eq!(t.parse::<Card>().unwrap(), jh, "{t}");
        }
        let th = Card::new(Suit::Hearts, Rank::Ten);
        for t in ["TH", "10H", "10♥", "♥10", "10♥\u{FE0F}", "♥\u{FE0F}10"] {
            assert_eq!(t.parse::<Card>().unwrap(), th, "{t}");
        }
        assert_eq!(th.to_string(), "TH");
        assert_eq!(th.pretty(), "10♥");
        for bad in ["", "X", "1H", "JX", "11H", "JHH", "ZZ"] {
            let e = bad.parse::<Card>().unwrap_err();
            assert!(e.to_string().contains("expected rank then suit"), "{bad}: {e}");
        }
    }

    #[test]
    fn suits_parse_from_letters_symbols_and_names() {
        for s in Suit::ALL {
            for t in [s.letter().to_string(), s.symbol().to_string(), s.name().to_uppercase()] {
                assert_eq!(t.parse::<Suit>().unwrap(), s, "{t}");
            }
        }
        assert!("heart".parse::<Suit>().unwrap_err().to_string().contains("spades/hearts"));
    }

    #[test]
    fn every_card_round_trips() {
        for i in 0..32 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(Card::new(c.suit(), c.rank()), c);
        }
        assert_eq!(Card::from_index(32), None);
    }

    #[test]
    fn set_algebra() {
        let h = CardSet::suit(Suit::Hearts);
        assert_eq!(h.len(), 8);
        let aces = CardSet::rank(Rank::Ace);
        assert_eq!(aces.len(), 4);
        let ah = Card::new(Suit::Hearts, Rank::Ace);
        assert_eq!((h & aces).first(), Some(ah));
        assert_eq!((h - aces).len(), 7);
        assert_eq!((!h).len(), 24);
        assert_eq!(h.nth(7), Some(ah));
        assert_eq!(h.nth(8), None);
        assert_eq!(h.iter().count(), 8);
        assert_eq!(CardSet::FULL.len(), 32);
        let parsed: CardSet = parse_cards("AH, KH 7S").unwrap().into_iter().collect();
        assert_eq!(parsed.to_string(), "7S AH KH");
    }
}
