//! The transposition table: bounds on the future points of positions at
//! the start of a trick, with the best card found there.
//!
//! A position at a trick start is the hands and the leader; for one
//! contract, one set of play duties and one maximizing side, its future
//! points do not depend on how it was reached, so an entry stays valid
//! for every search of the same solver.
//!
//! Keys go by relative rank ([`Key::relative`]): each suit's cards still
//! in hands are renamed weakest first, so that positions that differ only
//! in which cards were played share an entry. Such positions play alike:
//! every card keeps its place in its suit, every trick goes to the same
//! seat, and only the points in the tricks differ. So an entry stored for
//! one of them bounds the others' values within the points that differ,
//! rank by rank ([`Key::slack`]); where only cards worth nothing differ,
//! exactly. (Whole cards, not a hash, identify a key's class: no
//! collision can give a wrong bound.)
//!
//! Fixed size, buckets of four 16-byte entries on one cache line, no
//! allocation after creation. A new search generation makes every entry
//! stale without clearing the memory.

use belot_core::{Card, CardSet, Seat};

/// Each card's place in its suit's trick order (weakest 0), by its bit
/// in the suit (7 8 9 10 J Q K A): plain suits, then trump-ordered ones.
const PLACE: [[u8; 8]; 2] = [[0, 1, 2, 6, 3, 4, 5, 7], [0, 1, 6, 4, 7, 2, 3, 5]];

/// The inverse of [`PLACE`]: the bit of the card at each place.
const BIT: [[u8; 8]; 2] = [[0, 1, 2, 4, 5, 6, 3, 7], [0, 1, 5, 6, 3, 7, 2, 4]];

/// Card points by place in trick order: plain suits, trump-ordered ones.
const PLACE_POINTS: [[u8; 8]; 2] = [[0, 0, 0, 2, 3, 4, 10, 11], [0, 0, 3, 4, 10, 11, 14, 20]];

/// For each suit's cards by place (a byte, see [`Ranks::places`]), their
/// points weakest first, a byte each: plain suits, trump-ordered ones.
static RANK_POINTS: [[u64; 256]; 2] = rank_points();

const fn rank_points() -> [[u64; 256]; 2] {
    let mut t = [[0u64; 256]; 2];
    let mut order = 0;
    while order < 2 {
        let mut cards = 0;
        while cards < 256 {
            let (mut v, mut rank, mut place) = (0u64, 0, 0);
            while place < 8 {
                if (cards >> place) & 1 != 0 {
                    v |= (PLACE_POINTS[order][place] as u64) << (8 * rank);
                    rank += 1;
                }
                place += 1;
            }
            t[order][cards] = v;
            cards += 1;
        }
        order += 1;
    }
    t
}

/// How cards rank under one contract, for keys by relative rank.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranks {
    /// The cards of the suits in trump order (whole suits).
    torder: u32,
}

impl Ranks {
    /// The ranks of a contract whose trump-ordered cards are `torder`.
    pub(crate) fn new(torder: u32) -> Ranks {
        Ranks { torder }
    }

    /// 1 if `suit` ranks in trump order, else 0.
    #[inline(always)]
    fn trumps(&self, suit: usize) -> usize {
        ((self.torder >> (suit * 8)) & 1) as usize
    }

    /// Moves each card's bit to its place in its suit's trick order.
    #[inline(always)]
    pub(crate) fn places(&self, x: u32) -> u32 {
        self.places_wide(x as u64) as u32
    }

    /// [`Ranks::places`] for two sets of cards at once, one in each half.
    #[inline(always)]
    fn places_wide(&self, x: u64) -> u64 {
        const fn w(m: u64) -> u64 {
            m | m << 32
        }
        // Plain: 10 above K; J Q K one down.
        let plain =
            (x & w(0x8787_8787)) | ((x >> 1) & w(0x3838_3838)) | ((x << 3) & w(0x4040_4040));
        // Trump order 7 8 Q K 10 A 9 J.
        let trump = (x & w(0x0303_0303))
            | ((x >> 3) & w(0x0c0c_0c0c))
            | ((x << 1) & w(0x1010_1010))
            | ((x >> 2) & w(0x2020_2020))
            | ((x << 4) & w(0x4040_4040))
            | ((x << 3) & w(0x8080_8080));
        let t = wide(self.torder);
        (plain & !t) | (trump & t)
    }
}

/// In each byte of `x`, the bits at the places of `m`'s bits moved down
/// to the byte's lowest bits, in order (a parallel bit extract per byte,
/// after Hacker's Delight's `compress`; `x` must lie within `m`).
#[inline(always)]
fn compress_bytes(mut x: u64, mut m: u64) -> u64 {
    // Bits at or above 1, 2 and 4 places in each byte.
    const ABOVE: [u64; 3] = [0xfefe_fefe_fefe_fefe, 0xfcfc_fcfc_fcfc_fcfc, 0xf0f0_f0f0_f0f0_f0f0];
    // The zeros of m below each bit are the places it moves down.
    let mut mk = (!m << 1) & ABOVE[0];
    for shift in [1u32, 2, 4] {
        // Prefix parity of mk within the byte: moves by `shift` or not.
        let mut mp = mk ^ ((mk << 1) & ABOVE[0]);
        mp ^= (mp << 2) & ABOVE[1];
        mp ^= (mp << 4) & ABOVE[2];
        let mv = mp & m;
        m = (m ^ mv) | (mv >> shift);
        let t = x & mv;
        x = (x ^ t) | (t >> shift);
        mk &= !mp;
    }
    x
}

/// The number of cards of each suit in `x`, one byte per suit.
#[inline(always)]
fn counts(x: u32) -> u32 {
    let x = x - ((x >> 1) & 0x5555_5555);
    let x = (x & 0x3333_3333) + ((x >> 2) & 0x3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f
}

/// `m` for both owner planes of a key.
#[inline(always)]
fn wide(m: u32) -> u64 {
    m as u64 | (m as u64) << 32
}

/// The key of a trick-start position: who holds each remaining card, and
/// the leader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Key {
    /// Two bit planes of the holder's seat number, one bit per card as
    /// the key names it.
    owners: u64,
    /// The cards still in hands: exactly, or by relative rank the number
    /// in each suit (a byte each).
    cards: u32,
    leader: u8,
    /// The cards still in hands, as the position names them (not part of
    /// the key: it bounds a stored value's distance from this one's).
    live: u32,
    /// Named by relative rank ([`Key::relative`]), not exactly.
    relative: bool,
}

impl Key {
    /// The key naming every card exactly.
    #[inline(always)]
    pub(crate) fn new(hands: &[CardSet; 4], leader: Seat) -> Key {
        let [a, b, c, d] = hands.map(|h| h.bits());
        let live = a | b | c | d;
        Key {
            owners: (b | d) as u64 | ((c | d) as u64) << 32,
            cards: live,
            leader: leader.0 & 3,
            live,
            relative: false,
        }
    }

    /// The key by relative rank: in each suit, the cards still in hands
    /// are named weakest first (the n cards of a suit become its n
    /// lowest bits, in trick order).
    #[inline(always)]
    pub(crate) fn relative(hands: &[CardSet; 4], leader: Seat, ranks: &Ranks) -> Key {
        let [a, b, c, d] = hands.map(|h| h.bits());
        let live = a | b | c | d;
        let placed = ranks.places(live);
        let planes = ranks.places_wide((b | d) as u64 | ((c | d) as u64) << 32);
        Key {
            owners: compress_bytes(planes, wide(placed)),
            cards: counts(live),
            leader: leader.0 & 3,
            live,
            relative: true,
        }
    }

    /// The cards still in hands, as the position names them.
    #[inline(always)]
    pub(crate) fn live(&self) -> u32 {
        self.live
    }

    /// How far the value of this key's position can lie below and above
    /// that of the position of the same key whose cards in hands were
    /// `stored`: the points they differ by, rank by rank, one way and the
    /// other. Every trick goes the same way in both, and these are the
    /// most the counted side's tricks can gain or lose.
    #[inline]
    pub(crate) fn slack(&self, stored: u32, ranks: &Ranks) -> (u8, u8) {
        const HIGH: u64 = 0x8080_8080_8080_8080;
        const ONES: u64 = 0x0101_0101_0101_0101;
        let placed = ranks.places_wide(stored as u64 | (self.live as u64) << 32);
        let (from, to) = (placed as u32, (placed >> 32) as u32);
        let (mut below, mut above) = (0, 0);
        for suit in 0..4 {
            let (f, t) = ((from >> (suit * 8)) & 0xff, (to >> (suit * 8)) & 0xff);
            if f == t {
                continue;
            }
            let table = &RANK_POINTS[ranks.trumps(suit)];
            let (p, q) = (table[f as usize], table[t as usize]);
            // Each byte p - q (points at most 20: no borrow between bytes).
            let d = ((p | HIGH) - q) ^ HIGH;
            let neg = (d & HIGH) >> 7;
            let mask = neg * 0xff;
            let lost = d & !mask;
            let gained = ((d ^ mask) + neg) & mask;
            // Byte sums: at most 8 ranks of 20 points.
            below += lost.wrapping_mul(ONES) >> 56;
            above += gained.wrapping_mul(ONES) >> 56;
        }
        (below.min(255) as u8, above.min(255) as u8)
    }

    /// `card` of the position as the key names it.
    #[inline]
    pub(crate) fn keyed(&self, card: Card, ranks: &Ranks) -> Card {
        if !self.relative {
            return card;
        }
        let (suit, bit) = (card.index() as usize >> 3 & 3, card.index() as usize & 7);
        let place = PLACE[ranks.trumps(suit)][bit];
        let own = (ranks.places(self.live) >> (suit * 8)) & 0xff;
        let rank = (own & ((1 << place) - 1)).count_ones();
        Card::from_index((suit * 8) as u8 + rank as u8).unwrap_or(card)
    }

    /// A card the key names, as the position names it.
    #[inline]
    pub(crate) fn unkeyed(&self, card: Card, ranks: &Ranks) -> Card {
        if !self.relative {
            return card;
        }
        let (suit, rank) = (card.index() as usize >> 3 & 3, card.index() & 7);
        let mut own = (ranks.places(self.live) >> (suit * 8)) & 0xff;
        for _ in 0..rank {
            own &= own.wrapping_sub(1);
        }
        let place = own.trailing_zeros() as usize & 7;
        Card::from_index((suit * 8) as u8 + BIT[ranks.trumps(suit)][place]).unwrap_or(card)
    }

    /// True when the stored cards in hands `stored` belong to this key's
    /// class (the owners and the leader compared apart).
    #[inline(always)]
    fn same_cards(&self, stored: u32) -> bool {
        if self.relative { counts(stored) == self.cards } else { stored == self.cards }
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        let x = self.owners ^ (self.cards as u64).rotate_left(17) ^ (self.leader as u64) << 62;
        let x = (x ^ (x >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^ (x >> 32)
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The future points are at least this.
    pub lo: u8,
    /// And at most this.
    pub hi: u8,
    /// The card that was best (or cut off) there.
    pub best: Option<Card>,
}

/// An entry in two words: the owner planes; then the cards in hands as
/// the position stored names them (bits 0–31),
/// lo (32–39), hi (40–47), meta (48–55: leader in bits 0–1, a best card
/// present in bit 2, the card in bits 3–7) and the generation (56–63, 0:
/// never written).
type Entry = [u64; 2];

/// Four entries: 64 bytes, one cache line. Plain words so that a new
/// table is allocated zeroed (lazily, by the operating system).
type Bucket = [u64; 8];

/// The table.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

#[inline(always)]
fn entry(b: &Bucket, k: usize) -> Entry {
    [b[2 * k], b[2 * k + 1]]
}

impl Table {
    /// A table of `2^bits` buckets (four entries each, 64 bytes).
    pub(crate) fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table { buckets: vec![[0u64; 8]; n], mask: n - 1, generation: 1 }
    }

    /// Forgets every entry (the next searches are of another problem).
    pub(crate) fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Generations wrapped: old entries could look current again.
            self.buckets.fill([0; 8]);
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn bucket(&self, key: &Key) -> usize {
        (key.hash() as usize) & self.mask
    }

    /// The bits of an entry's second word that identify it, but for the
    /// cards: the leader and the generation.
    #[inline(always)]
    fn tag(&self, key: &Key) -> u64 {
        (key.leader as u64) << 48 | (self.generation as u64) << 56
    }

    /// Bits of the second word that [`Table::tag`] sets.
    const TAG_MASK: u64 = 0xff03_0000_0000_0000;

    /// True when the entry `[owners, w]` is `key`'s.
    #[inline(always)]
    fn holds(key: &Key, [owners, w]: Entry, tag: u64) -> bool {
        owners == key.owners && w & Self::TAG_MASK == tag && key.same_cards(w as u32)
    }

    /// The bounds stored for `key`, if any, and the cards in hands of the
    /// position they were stored for (see [`Key::slack`]).
    #[inline(always)]
    pub(crate) fn probe(&self, key: &Key) -> Option<(Bounds, u32)> {
        let b = &self.buckets[self.bucket(key)];
        let tag = self.tag(key);
        for k in 0..4 {
            let e = entry(b, k);
            if Self::holds(key, e, tag) {
                let w = e[1];
                let meta = (w >> 48) as u8;
                let best = if meta & 4 != 0 { Card::from_index(meta >> 3) } else { None };
                return Some((Bounds { lo: (w >> 32) as u8, hi: (w >> 40) as u8, best }, w as u32));
            }
        }
        None
    }

    /// Stores bounds for `key`'s position, replacing the entry of its key,
    /// else a stale one, else the one with the fewest cards (the cheapest
    /// to search again).
    #[inline(always)]
    pub(crate) fn store(&mut self, key: &Key, bounds: Bounds) {
        let tag = self.tag(key);
        let generation = self.generation as u64;
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        let mut victim = 0;
        let mut victim_cards = u32::MAX;
        for k in 0..4 {
            let e = entry(b, k);
            if Self::holds(key, e, tag) {
                victim = k;
                break;
            }
            let w = e[1];
            let n = if w >> 56 != generation { 0 } else { (w as u32).count_ones() + 1 };
            if n < victim_cards {
                victim = k;
                victim_cards = n;
            }
        }
        let meta = key.leader as u64 | bounds.best.map_or(0, |c| 4 | (c.index() as u64) << 3);
        b[2 * victim] = key.owners;
        b[2 * victim + 1] = tag
            | key.live as u64
            | (bounds.lo as u64) << 32
            | (bounds.hi as u64) << 40
            | meta << 48;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use belot_core::{Contract, Suit};

    fn contracts() -> impl Iterator<Item = Contract> {
        Suit::ALL.map(Contract::Suit).into_iter().chain([Contract::AllTrumps, Contract::NoTrumps])
    }

    fn ranks(c: Contract) -> Ranks {
        Ranks::new(c.trump_ordered().bits())
    }

    /// A card's place in its suit by the contract's strengths.
    fn place(c: Contract, card: Card) -> u32 {
        CardSet::suit(card.suit()).iter().filter(|&o| c.strength(o) < c.strength(card)).count()
            as u32
    }

    /// Random layouts: each card in one of four hands or played.
    fn layouts(n: usize) -> impl Iterator<Item = [CardSet; 4]> {
        let mut x = 0x2545_f491_u64;
        (0..n).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut hands = [CardSet::EMPTY; 4];
            for i in 0..32 {
                let who = (x >> (2 * (i % 30)) ^ x >> 40 >> (i / 8)) & 7;
                if who < 4 {
                    hands[who as usize] |= CardSet(1 << i);
                }
            }
            hands
        })
    }

    #[test]
    fn places_and_points_follow_each_contracts_trick_order() {
        for c in contracts() {
            let r = ranks(c);
            for card in CardSet::FULL {
                let (suit, bit) = (card.suit().index(), card.index() as usize & 7);
                let want = place(c, card);
                assert_eq!(
                    r.places(1 << card.index()),
                    1 << (suit as u32 * 8 + want),
                    "{c} {card}"
                );
                assert_eq!(PLACE[r.trumps(suit)][bit] as u32, want, "{c} {card}");
                assert_eq!(BIT[r.trumps(suit)][want as usize] as usize, bit, "{c} {card}");
                let pts = PLACE_POINTS[r.trumps(suit)][want as usize];
                assert_eq!(pts as u32, c.points(card), "{c} {card}");
            }
        }
    }

    #[test]
    fn compress_bytes_extracts_each_bytes_bits() {
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let m = x.rotate_left(23) ^ x;
            let v = x & m;
            let mut want = 0u64;
            for byte in 0..8 {
                let mut k = 0;
                for bit in 0..8 {
                    let i = byte * 8 + bit;
                    if (m >> i) & 1 != 0 {
                        want |= ((v >> i) & 1) << (byte * 8 + k);
                        k += 1;
                    }
                }
            }
            assert_eq!(compress_bytes(v, m), want, "{v:x} {m:x}");
        }
    }

    /// Renames by hand: in each suit, the cards still in hands become
    /// that suit's lowest bits, weakest first.
    fn renamed(hands: &[CardSet; 4], c: Contract) -> [CardSet; 4] {
        let all = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        hands.map(|h| {
            h.iter()
                .map(|card| {
                    let rank = all.iter().filter(|&o| o.suit() == card.suit()).count() as u32
                        - CardSet::suit(card.suit())
                            .iter()
                            .filter(|&o| all.contains(o) && c.strength(o) >= c.strength(card))
                            .count() as u32;
                    CardSet(1 << (card.suit().index() as u32 * 8 + rank))
                })
                .fold(CardSet::EMPTY, |a, b| a | b)
        })
    }

    #[test]
    fn relative_keys_name_each_suits_cards_weakest_first() {
        for (k, hands) in layouts(6000).enumerate() {
            let c = contracts().nth(k % 6).unwrap();
            let r = ranks(c);
            let key = Key::relative(&hands, Seat(1), &r);
            let want = Key::new(&renamed(&hands, c), Seat(1));
            assert_eq!((key.owners, key.cards), (want.owners, counts(want.cards)), "{c} {hands:?}");
            // Each card maps into the key and back.
            let all = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            for card in all {
                let named = key.keyed(card, &r);
                assert!(want.cards >> named.index() & 1 != 0, "{card} -> {named} not in the key");
                assert_eq!(key.unkeyed(named, &r), card);
            }
        }
    }

    #[test]
    fn slack_is_the_points_that_differ_rank_by_rank() {
        let r = ranks(Contract::Suit(Suit::Hearts));
        let cards = |text: &str| -> [CardSet; 4] {
            [
                belot_core::parse_cards(text).unwrap().into_iter().collect(),
                CardSet::EMPTY,
                CardSet::EMPTY,
                CardSet::EMPTY,
            ]
        };
        let key = |text| Key::relative(&cards(text), Seat(0), &r);
        let live = |text| key(text).live;
        // Spades A 7 stored, 10 7 now: one point less at most.
        assert_eq!(key("TS 7S"), Key { live: live("TS 7S"), ..key("AS 7S") });
        assert_eq!(key("TS 7S").slack(live("AS 7S"), &r), (1, 0));
        assert_eq!(key("AS 7S").slack(live("TS 7S"), &r), (0, 1));
        // Cards worth nothing differ: exactly equal.
        assert_eq!(key("AS 8S").slack(live("AS 7S"), &r), (0, 0));
        // Trumps J Q stored, 9 K now: 6 points less on one rank, 1 more on the other.
        assert_eq!(key("9H KH").slack(live("JH QH"), &r), (6, 1));
        // Two suits add up.
        assert_eq!(key("9H KH TS 7S").slack(live("JH QH AS 7S"), &r), (7, 1));
    }

    fn hands(k: u32) -> [CardSet; 4] {
        [CardSet(k & 0xff), CardSet(k & 0xff00), CardSet(k & 0xff_0000), CardSet(k & 0xff00_0000)]
    }

    #[test]
    fn stores_probes_and_forgets() {
        let mut t = Table::new(2);
        let key = Key::new(&hands(0x0f0f_0f0f), Seat(1));
        assert_eq!(t.probe(&key), None);
        let b = Bounds { lo: 10, hi: 20, best: Card::from_index(9) };
        t.store(&key, b);
        assert_eq!(t.probe(&key), Some((b, 0x0f0f_0f0f)));
        // Another leader is another position.
        assert_eq!(t.probe(&Key::new(&hands(0x0f0f_0f0f), Seat(2))), None);
        // Many keys in a tiny table: whatever is found is right.
        for k in 0..200u32 {
            let key = Key::new(&hands(k.wrapping_mul(0x9e37_79b9)), Seat((k % 4) as u8));
            t.store(&key, Bounds { lo: (k % 100) as u8, hi: 200, best: None });
        }
        for k in 0..200u32 {
            let key = Key::new(&hands(k.wrapping_mul(0x9e37_79b9)), Seat((k % 4) as u8));
            if let Some((b, _)) = t.probe(&key) {
                assert_eq!(b.lo, (k % 100) as u8);
            }
        }
        t.clear();
        assert_eq!(t.probe(&key), None);
    }
}
