//! The transposition table: bounds on the future points of positions at
//! the start of a trick, with the best card found there.
//!
//! A position at a trick start is the hands and the leader; for one
//! contract, one set of play duties and one maximizing side, its future
//! points do not depend on how it was reached, so an entry stays valid
//! for every search of the same solver (the cards of each player fully
//! identify it: no hash collision can give a wrong value). Keys go by
//! relative rank ([`Key::relative`]): a suit's lowest cards worth nothing
//! are renamed lowest first among those still in hands, so positions that
//! differ only in which of them were played share an entry (3–4% fewer
//! nodes on full French deals; more layouts fit a `pimc` decision).
//!
//! Fixed size, buckets of four 16-byte entries on one cache line, no
//! allocation after creation. A new search generation makes every entry
//! stale without clearing the memory.

use belot_core::{Card, CardSet, Seat};

use crate::moves::SEVENS;

/// The key of a trick-start position: who holds each remaining card, and
/// the leader.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Key {
    /// Two bit planes of the holder's seat number, one bit per card.
    owners: u64,
    /// The cards still in hands.
    cards: u32,
    leader: u8,
    /// How [`Key::relative`] renamed cards, to map best cards (not part
    /// of the key): the low cards still in hands, as the position names
    /// them, and the two moves down (see there).
    live: u32,
    nines: u32,
    above7: u32,
}

/// Moves the bits of `x` in `m` one place down (into places that must be
/// empty in `x`).
#[inline(always)]
fn down(x: u64, m: u64) -> u64 {
    (x & !m) | (x & m) >> 1
}

/// `m` for both owner planes of a key.
#[inline(always)]
fn wide(m: u32) -> u64 {
    m as u64 | (m as u64) << 32
}

impl Key {
    #[inline(always)]
    pub(crate) fn new(hands: &[CardSet; 4], leader: Seat) -> Key {
        let [a, b, c, d] = hands.map(|h| h.bits());
        let plane0 = b | d;
        let plane1 = c | d;
        Key {
            owners: plane0 as u64 | (plane1 as u64) << 32,
            cards: a | b | c | d,
            leader: leader.0 & 3,
            live: 0,
            nines: 0,
            above7: 0,
        }
    }

    /// As [`Key::new`], by relative rank: the cards of `low` (worth
    /// nothing and the lowest of their suit, in each suit's three low
    /// bits) are renamed lowest first among those still in hands. Which of
    /// them were played does not change how the rest play or score, so
    /// such positions share an entry.
    #[inline(always)]
    pub(crate) fn relative(hands: &[CardSet; 4], leader: Seat, low: u32) -> Key {
        let mut k = Key::new(hands, leader);
        let live = k.cards & low;
        // Each suit's live low cards are already its lowest bits (a byte
        // holds at most 7 here, so adding 1 carries into no other byte).
        if live & live.wrapping_add(SEVENS) == 0 {
            return k;
        }
        let dead = low & !live;
        // A 9 above a dead 8 moves down; then the 8 and 9 above a dead 7.
        k.nines = ((dead & SEVENS << 1) << 1) & low;
        k.above7 = (dead & SEVENS).wrapping_mul(6) & low;
        k.live = live;
        k.owners = down(down(k.owners, wide(k.nines)), wide(k.above7));
        k.cards = down(down(k.cards as u64, k.nines as u64), k.above7 as u64) as u32;
        k
    }

    /// `card` of the position as the key names it.
    #[inline]
    pub(crate) fn keyed(&self, card: Card) -> Card {
        let bit = 1u64 << (card.index() & 31);
        let moved = down(down(bit, self.nines as u64), self.above7 as u64);
        Card::from_index(moved.trailing_zeros() as u8).unwrap_or(card)
    }

    /// A card the key names, as the position names it.
    #[inline]
    pub(crate) fn unkeyed(&self, card: Card) -> Card {
        let suit = 0xffu32 << (card.index() & 24);
        let mut live = self.live & suit;
        while live != 0 {
            let c = Card::from_index(live.trailing_zeros() as u8).unwrap_or(card);
            if self.keyed(c) == card {
                return c;
            }
            live &= live - 1;
        }
        card
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

/// An entry in two words: the owner planes; then the cards (bits 0–31),
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

    /// The low word an entry for `key` has, but for lo, hi and the card.
    #[inline(always)]
    fn tag(&self, key: &Key) -> u64 {
        key.cards as u64 | (key.leader as u64) << 48 | (self.generation as u64) << 56
    }

    /// Bits of the second word that identify the entry.
    const TAG_MASK: u64 = 0xff03_0000_ffff_ffff;

    /// The bounds stored for `key`, if any.
    #[inline(always)]
    pub(crate) fn probe(&self, key: &Key) -> Option<Bounds> {
        let b = &self.buckets[self.bucket(key)];
        let tag = self.tag(key);
        for k in 0..4 {
            let [owners, w] = entry(b, k);
            if w & Self::TAG_MASK == tag && owners == key.owners {
                let meta = (w >> 48) as u8;
                let best = if meta & 4 != 0 { Card::from_index(meta >> 3) } else { None };
                return Some(Bounds { lo: (w >> 32) as u8, hi: (w >> 40) as u8, best });
            }
        }
        None
    }

    /// Stores bounds for `key`, replacing its entry, else a stale one,
    /// else the one with the fewest cards (the cheapest to search again).
    #[inline(always)]
    pub(crate) fn store(&mut self, key: &Key, bounds: Bounds) {
        let tag = self.tag(key);
        let generation = self.generation as u64;
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        let mut victim = 0;
        let mut victim_cards = u32::MAX;
        for k in 0..4 {
            let [owners, w] = entry(b, k);
            if w & Self::TAG_MASK == tag && owners == key.owners {
                victim = k;
                break;
            }
            let n = if w >> 56 != generation { 0 } else { (w as u32).count_ones() + 1 };
            if n < victim_cards {
                victim = k;
                victim_cards = n;
            }
        }
        let meta = key.leader as u64 | bounds.best.map_or(0, |c| 4 | (c.index() as u64) << 3);
        b[2 * victim] = key.owners;
        b[2 * victim + 1] = tag | (bounds.lo as u64) << 32 | (bounds.hi as u64) << 40 | meta << 48;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Renames by hand: in each suit, the `low` cards still in hands
    /// become that suit's lowest bits, in order.
    fn renamed(hands: &[CardSet; 4], low: u32) -> [CardSet; 4] {
        let all = hands.iter().fold(0, |a, h| a | h.bits());
        let mut out = [0u32; 4];
        for (o, h) in out.iter_mut().zip(hands) {
            *o = h.bits() & !low;
        }
        for suit in 0..4 {
            let mut k = 0;
            for bit in 0..8 {
                let i = suit * 8 + bit;
                if (low >> i) & 1 == 0 || (all >> i) & 1 == 0 {
                    continue;
                }
                for (o, h) in out.iter_mut().zip(hands) {
                    *o |= ((h.bits() >> i) & 1) << (suit * 8 + k);
                }
                k += 1;
            }
        }
        out.map(CardSet)
    }

    #[test]
    fn relative_keys_rename_the_low_cards_lowest_first() {
        // Plain suits 7 8 9, and a trump-ordered suit (hearts) 7 8.
        let low = 0x0707_0307;
        let mut x = 0x2545_f491_u64;
        for _ in 0..5000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Each card in one of four hands or played.
            let mut hands = [CardSet::EMPTY; 4];
            for i in 0..32 {
                let who = (x >> (2 * (i % 30)) ^ x >> 40 >> (i / 8)) & 7;
                if who < 4 {
                    hands[who as usize] |= CardSet(1 << i);
                }
            }
            let key = Key::relative(&hands, Seat(1), low);
            let want = Key::new(&renamed(&hands, low), Seat(1));
            assert_eq!((key.owners, key.cards), (want.owners, want.cards), "{hands:?}");
            // Each card maps into the key and back.
            let all = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
            let named = want.cards;
            for c in all {
                let k = key.keyed(c);
                assert!(named >> k.index() & 1 != 0, "{c} -> {k} not in the key");
                assert_eq!(key.unkeyed(k), c);
            }
        }
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
        assert_eq!(t.probe(&key), Some(b));
        // Another leader is another position.
        assert_eq!(t.probe(&Key::new(&hands(0x0f0f_0f0f), Seat(2))), None);
        // Many keys in a tiny table: whatever is found is right.
        for k in 0..200u32 {
            let key = Key::new(&hands(k.wrapping_mul(0x9e37_79b9)), Seat((k % 4) as u8));
            t.store(&key, Bounds { lo: (k % 100) as u8, hi: 200, best: None });
        }
        for k in 0..200u32 {
            let key = Key::new(&hands(k.wrapping_mul(0x9e37_79b9)), Seat((k % 4) as u8));
            if let Some(b) = t.probe(&key) {
                assert_eq!(b.lo, (k % 100) as u8);
            }
        }
        t.clear();
        assert_eq!(t.probe(&key), None);
    }
}
