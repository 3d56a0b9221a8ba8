//! Contracts (what is trump), rank orders, card points and the trick winner.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Card, CardSet, Rank, Suit};
use crate::error::ParseError;

/// What is trump in a deal. Every variant uses [`Contract::Suit`]; the
/// two-player game adds all-trumps (ВК) and no-trumps (БК). An all-pass
/// deal (распасы) is played as a suit contract; its reversed aim is a
/// matter of scoring, not of play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Contract {
    /// This suit is trump.
    Suit(Suit),
    /// Every suit ranks and scores as trump (ВК, "tout atout").
    AllTrumps,
    /// No trump; every suit ranks and scores as plain (БК, "sans atout").
    NoTrumps,
}

/// Strength of each rank (natural index) inside a trump suit:
/// J 9 A 10 K Q 8 7, highest first.
pub(crate) const TRUMP_STRENGTH: [u8; 8] = [0, 1, 6, 4, 7, 2, 3, 5];
/// Strength of each rank inside a plain suit: A 10 K Q J 9 8 7.
pub(crate) const PLAIN_STRENGTH: [u8; 8] = [0, 1, 2, 6, 3, 4, 5, 7];
/// Points of each rank as trump: J 20, 9 14, A 11, 10 10, K 4, Q 3.
pub(crate) const TRUMP_POINTS: [u8; 8] = [0, 0, 14, 10, 20, 3, 4, 11];
/// Points of each rank as plain: A 11, 10 10, K 4, Q 3, J 2.
pub(crate) const PLAIN_POINTS: [u8; 8] = [0, 0, 0, 10, 2, 3, 4, 11];

const fn higher_masks(strength: [u8; 8]) -> [u8; 8] {
    let mut out = [0u8; 8];
    let mut r = 0;
    while r < 8 {
        let mut m = 0u8;
        let mut o = 0;
        while o < 8 {
            if strength[o] > strength[r] {
                m |= 1 << o;
            }
            o += 1;
        }
        out[r] = m;
        r += 1;
    }
    out
}

/// Ranks (as natural-index bits) that beat each rank inside a trump suit.
pub(crate) const TRUMP_HIGHER: [u8; 8] = higher_masks(TRUMP_STRENGTH);
/// Ranks that beat each rank inside a plain suit.
pub(crate) const PLAIN_HIGHER: [u8; 8] = higher_masks(PLAIN_STRENGTH);

impl Contract {
    /// True when `suit` ranks and scores as trump.
    #[inline]
    pub const fn is_trump(self, suit: Suit) -> bool {
        match self {
            Contract::Suit(t) => t as u8 == suit as u8,
            Contract::AllTrumps => true,
            Contract::NoTrumps => false,
        }
    }

    /// The trump suit of a suit contract.
    #[inline]
    pub const fn trump_suit(self) -> Option<Suit> {
        match self {
            Contract::Suit(t) => Some(t),
            _ => None,
        }
    }

    /// All cards that are trumps.
    #[inline]
    pub const fn trumps(self) -> CardSet {
        match self {
            Contract::Suit(t) => CardSet::suit(t),
            Contract::AllTrumps => CardSet::FULL,
            Contract::NoTrumps => CardSet::EMPTY,
        }
    }

    /// Points of one card under this contract (§1.4).
    #[inline]
    pub const fn points(self, card: Card) -> u32 {
        let r = card.rank().index();
        if self.is_trump(card.suit()) { TRUMP_POINTS[r] as u32 } else { PLAIN_POINTS[r] as u32 }
    }

    /// Total points of a set of cards under this contract.
    #[inline]
    pub fn set_points(self, cards: CardSet) -> u32 {
        let mut total = 0;
        for suit in Suit::ALL {
            let bits = cards.suit_bits(suit);
            if bits == 0 {
                continue;
            }
            let table = if self.is_trump(suit) { &TRUMP_POINTS } else { &PLAIN_POINTS };
            let mut b = bits;
            while b != 0 {
                total += table[b.trailing_zeros() as usize] as u32;
                b &= b - 1;
            }
        }
        total
    }

    /// Strength of `card` inside its own suit (0..8, higher wins), by the
    /// trump order J 9 A 10 K Q 8 7 or the plain order A 10 K Q J 9 8 7.
    #[inline]
    pub const fn strength(self, card: Card) -> u8 {
        let r = card.rank().index();
        if self.is_trump(card.suit()) { TRUMP_STRENGTH[r] } else { PLAIN_STRENGTH[r] }
    }

    /// `cards` as a player holds them under this contract: trumps first,
    /// then suit by suit, each from its strongest card down by this
    /// contract's order (`JH 9H AH AS 10S 7D` with hearts trumps).
    pub fn held_order(self, cards: CardSet) -> Vec<Card> {
        let mut out: Vec<Card> = cards.iter().collect();
        out.sort_by_key(|&c| {
            (!self.is_trump(c.suit()), c.suit().index(), core::cmp::Reverse(self.strength(c)))
        });
        out
    }

    /// [`Contract::held_order`] as text, the cards between spaces.
    pub fn show(self, cards: CardSet) -> String {
        let names: Vec<String> = self.held_order(cards).iter().map(|c| c.to_string()).collect();
        names.join(" ")
    }

    /// The cards of `card`'s suit that beat it.
    #[inline]
    pub const fn higher_than(self, card: Card) -> CardSet {
        let r = card.rank().index();
        let m = if self.is_trump(card.suit()) { TRUMP_HIGHER[r] } else { PLAIN_HIGHER[r] };
        CardSet((m as u32) << (card.suit() as u32 * 8))
    }

    /// True when `card`, played to a trick now won by `winning`, takes it
    /// over. Cards of another suit win only if they are trump and the
    /// winning card is not (§1.5).
    #[inline]
    pub const fn beats(self, card: Card, winning: Card) -> bool {
        if card.suit() as u8 == winning.suit() as u8 {
            self.strength(card) > self.strength(winning)
        } else {
            match self {
                Contract::Suit(t) => card.suit() as u8 == t as u8,
                _ => false,
            }
        }
    }

    /// Cards that rank in trump order (J 9 A 10 …) and score trump values:
    /// the trump suit, every card in all-trumps, none in no-trumps.
    #[inline]
    pub const fn trump_ordered(self) -> CardSet {
        match self {
            Contract::Suit(t) => CardSet::suit(t),
            Contract::AllTrumps => CardSet::FULL,
            Contract::NoTrumps => CardSet::EMPTY,
        }
    }

    /// Cards that beat any card of another suit (ruff): the trump suit of a
    /// suit contract; none in all-trumps or no-trumps.
    #[inline]
    pub const fn ruffing(self) -> CardSet {
        match self {
            Contract::Suit(t) => CardSet::suit(t),
            _ => CardSet::EMPTY,
        }
    }

    /// Total card points of the 32-card deck under this contract
    /// (152 for a suit contract, 248 all-trumps, 120 no-trumps).
    pub fn deck_points(self) -> u32 {
        self.set_points(CardSet::FULL)
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contract::Suit(s) => write!(f, "{s}"),
            Contract::AllTrumps => f.write_str("AT"),
            Contract::NoTrumps => f.write_str("NT"),
        }
    }
}

impl FromStr for Contract {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Contract, ParseError> {
        let t = s.trim();
        match t.to_lowercase().as_str() {
            "at" | "all-trumps" | "all_trumps" | "alltrumps" | "вк" | "tout-atout" => {
                return Ok(Contract::AllTrumps);
            }
            "nt" | "no-trumps" | "no_trumps" | "notrumps" | "бк" | "sans-atout" => {
                return Ok(Contract::NoTrumps);
            }
            _ => {}
        }
        t.parse::<Suit>().map(Contract::Suit).map_err(|_| {
            ParseError::new(format!(
                "bad contract {s:?}: expected a trump suit S H D C (or ♠ ♥ ♦ ♣), \
                 AT (all trumps, ВК) or NT (no trumps, БК)"
            ))
        })
    }
}

impl Serialize for Contract {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Contract {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Contract, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The rank order used to decide tricks inside a suit.
pub fn trick_order(trump: bool) -> [Rank; 8] {
    use Rank::*;
    if trump {
        [Jack, Nine, Ace, Ten, King, Queen, Eight, Seven]
    } else {
        [Ace, Ten, King, Queen, Jack, Nine, Eight, Seven]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_hand_is_shown_as_a_player_holds_it() {
        let hand: CardSet =
            crate::parse_cards("7S AS 9H JH TH 8D QC").unwrap().into_iter().collect();
        // Hearts trump: the jack and the nine lead the trumps.
        assert_eq!(Contract::Suit(Suit::Hearts).show(hand), "JH 9H TH AS 7S 8D QC");
        // No trumps: the plain order.
        assert_eq!(Contract::NoTrumps.show(hand), "AS 7S TH JH 9H 8D QC");
        // All trumps: every suit in the trump order.
        assert_eq!(Contract::AllTrumps.show(hand), "AS 7S JH 9H TH 8D QC");
        assert_eq!(Contract::AllTrumps.show(CardSet::EMPTY), "");
    }

    #[test]
    fn rules_1_3_rank_orders_trump_and_plain() {
        let k = Contract::Suit(Suit::Hearts);
        // Seed 002 §3: trump J 9 A 10 K Q 8 7; plain A 10 K Q J 9 8 7.
        let trump = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"];
        for w in trump.windows(2) {
            assert!(k.beats(c(w[0]), c(w[1])), "{} over {}", w[0], w[1]);
            assert!(!k.beats(c(w[1]), c(w[0])));
        }
        let plain = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"];
        for w in plain.windows(2) {
            assert!(k.beats(c(w[0]), c(w[1])));
        }
        // any trump beats any plain card; an off-suit plain card never wins
        assert!(k.beats(c("7H"), c("AS")));
        assert!(!k.beats(c("AD"), c("7S")));
        assert_eq!(trick_order(true)[0], Rank::Jack);
        assert_eq!(trick_order(false)[0], Rank::Ace);
    }

    #[test]
    fn rules_1_4_card_points_162_258_130() {
        for s in Suit::ALL {
            assert_eq!(Contract::Suit(s).deck_points(), 152);
            assert_eq!(Contract::Suit(s).set_points(CardSet::suit(s)), 62);
        }
        assert_eq!(Contract::AllTrumps.deck_points(), 248);
        assert_eq!(Contract::NoTrumps.deck_points(), 120);
        let k = Contract::Suit(Suit::Spades);
        assert_eq!(k.points(c("JS")), 20);
        assert_eq!(k.points(c("9S")), 14);
        assert_eq!(k.points(c("JH")), 2);
        assert_eq!(k.points(c("9H")), 0);
        assert_eq!(k.points(c("AH")), 11);
    }

    #[test]
    fn higher_than_matches_strength() {
        for contract in [Contract::Suit(Suit::Clubs), Contract::AllTrumps, Contract::NoTrumps] {
            for a in 0..32 {
                let a = Card::from_index(a).unwrap();
                for b in contract.higher_than(a) {
                    assert_eq!(b.suit(), a.suit());
                    assert!(contract.strength(b) > contract.strength(a));
                }
                let n = contract.higher_than(a).len();
                assert_eq!(n, 7 - contract.strength(a) as usize);
            }
        }
    }

    #[test]
    fn contract_text() {
        assert_eq!("H".parse::<Contract>().unwrap(), Contract::Suit(Suit::Hearts));
        assert_eq!("♣".parse::<Contract>().unwrap(), Contract::Suit(Suit::Clubs));
        assert_eq!("ВК".parse::<Contract>().unwrap(), Contract::AllTrumps);
        assert_eq!("nt".parse::<Contract>().unwrap(), Contract::NoTrumps);
        assert!("X".parse::<Contract>().unwrap_err().to_string().contains("AT (all trumps"));
    }
}
