//! Move generation for the search: the legal cards with equivalent ones
//! collapsed, in the order most likely to cut the search short.

use belot_core::{Card, PlayState};

use crate::tt::Ranks;

/// Cards to try at one node (at most one hand: 9 cards).
#[derive(Clone, Copy)]
pub(crate) struct MoveList {
    cards: [u8; 9],
    scores: [i32; 9],
    len: usize,
}

impl MoveList {
    #[inline(always)]
    pub(crate) fn new() -> MoveList {
        MoveList { cards: [0; 9], scores: [0; 9], len: 0 }
    }

    #[inline(always)]
    fn push(&mut self, card: u8, score: i32) {
        if self.len < 9 {
            self.cards[self.len] = card;
            self.scores[self.len] = score;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The `i`-th card as stored (unordered).
    #[inline(always)]
    pub(crate) fn card(&self, i: usize) -> Card {
        Card::from_index(self.cards[i.min(8)] & 31).expect("a stored card index is a card")
    }

    /// The best-scored card among those from `i` on, moved to `i`: a
    /// lazy selection sort, since most cut-offs come from the first card.
    #[inline(always)]
    pub(crate) fn pick(&mut self, i: usize) -> Card {
        let mut b = i;
        for j in i + 1..self.len {
            if self.scores[j] > self.scores[b] {
                b = j;
            }
        }
        self.cards.swap(i, b);
        self.scores.swap(i, b);
        self.card(i)
    }
}

/// The lowest rank bit of each suit (the sevens), of each byte.
pub(crate) const SEVENS: u32 = 0x0101_0101;

/// Drops cards equivalent to another legal card of the mover: same suit,
/// same points and no card of another hand or of the trick in progress
/// between them in trick order. Only cards worth nothing can tie in
/// points: 7, 8 and 9 of a plain suit, 7 and 8 of a trump-ordered suit
/// (each keeps the highest of its group; the values are equal).
#[inline(always)]
pub(crate) fn collapse(legal: u32, others: u32, trump_ordered: u32) -> u32 {
    let l7 = legal & SEVENS;
    let l8 = (legal >> 1) & SEVENS;
    let l9 = (legal >> 2) & SEVENS;
    let o8 = (others >> 1) & SEVENS;
    let plain = !trump_ordered & SEVENS;
    let trump = trump_ordered & SEVENS;
    // Plain: 9-8 and 8-7 are adjacent; 9-7 when the 8 is out of play or
    // the mover's own.
    let drop7 = (l7 & (l8 | (l9 & !o8)) & plain) | (l7 & l8 & trump);
    let drop8 = l8 & l9 & plain;
    legal & !(drop7 | drop8 << 1)
}

/// Ordering knowledge gathered by the search. (A history of cut-offs per
/// card was tried too: it saved 0.5% of the nodes and cost more than that.)
pub(crate) struct Ordering {
    /// Two cards per ply that cut off a sibling search (index + 1; 0: none).
    pub killers: [[u8; 2]; 40],
}

impl Ordering {
    pub(crate) fn new() -> Ordering {
        Ordering { killers: [[0; 2]; 40] }
    }

    /// Records a cut-off by `card` at `ply`.
    #[inline(always)]
    pub(crate) fn cut(&mut self, ply: usize, card: Card) {
        let k = &mut self.killers[ply.min(39)];
        let c = card.index() + 1;
        if k[0] != c {
            k[1] = k[0];
            k[0] = c;
        }
    }
}

/// What the search needs to know of each card under one contract, by
/// card index: looked up instead of matching on the contract per node.
#[derive(Clone, Copy)]
pub(crate) struct CardTable {
    /// Card points.
    pub pts: [u8; 32],
    /// Strength inside its suit (0..8), plus 8 for a ruffing card.
    pub power: [u8; 32],
    /// The cards of the same suit that beat it.
    pub above: [u32; 32],
    /// Cards that ruff.
    pub ruff: u32,
    /// Cards ranking in trump order.
    pub torder: u32,
    /// Each suit's trick order, for the table's keys by relative rank.
    pub ranks: Ranks,
}

impl CardTable {
    pub(crate) fn new(c: belot_core::Contract) -> CardTable {
        let torder = c.trump_ordered().bits();
        let mut t = CardTable {
            pts: [0; 32],
            power: [0; 32],
            above: [0; 32],
            ruff: c.ruffing().bits(),
            torder,
            ranks: Ranks::new(torder),
        };
        for i in 0..32u8 {
            let card = Card::from_index(i).expect("a stored card index is a card");
            t.pts[i as usize] = c.points(card) as u8;
            let ruffs = (t.ruff >> i) & 1;
            t.power[i as usize] = c.strength(card) + 8 * ruffs as u8;
            t.above[i as usize] = c.higher_than(card).bits();
        }
        t
    }
}

/// Fills `list` with the cards to try at `s`, best first: the table's
/// card, then the killers of this ply, then by a static guess at each
/// card's worth. Returns the cards of the
/// other hands and of the trick in progress.
#[inline(always)]
pub(crate) fn generate(
    s: &PlayState,
    legal: u32,
    t: &CardTable,
    side: u8,
    equivalence: bool,
    ordering: Option<(&Ordering, usize, Option<Card>)>,
    list: &mut MoveList,
) -> u32 {
    let me = s.to_play();
    let hands = s.hands();
    let mine = hands[me.index() & 3].bits();
    let all = hands[0].bits() | hands[1].bits() | hands[2].bits() | hands[3].bits();
    let trick_len = s.current_trick().len();
    let others = (all & !mine) | s.trick_cards().bits();
    let moves = if equivalence { collapse(legal, others, t.torder) } else { legal };
    let Some((ord, ply, tt_move)) = ordering else {
        let mut m = moves;
        while m != 0 {
            list.push(m.trailing_zeros() as u8, 0);
            m &= m - 1;
        }
        return others;
    };
    let maximizing = (side >> (me.0 & 3)) & 1 != 0;
    let killers = ord.killers[ply.min(39)];
    let tt = tt_move.map_or(0, |c| c.index() + 1);
    // Who holds the trick now, and is it ours?
    let leading = trick_len == 0;
    let ours_winning = !leading && ((side >> (s.winning_seat().0 & 3)) & 1 != 0) == maximizing;
    let beating = s.beating().bits();
    let last = trick_len + 1 == s.players() as usize;
    let mut m = moves;
    while m != 0 {
        let i = m.trailing_zeros() as u8;
        m &= m - 1;
        let k = i as usize & 31;
        let score = if i + 1 == tt {
            1 << 24
        } else if i + 1 == killers[0] {
            1 << 23
        } else if i + 1 == killers[1] {
            1 << 22
        } else {
            let pts = t.pts[k] as i32;
            let str = t.power[k] as i32;
            let is_ruff = ((t.ruff >> i) & 1) as i32;
            // A static guess at the card's worth.
            if leading {
                // Masters (nothing higher of the suit is still out
                // elsewhere) first, the richest first; then low cards.
                if t.above[k] & others == 0 { 64 + pts + 8 * is_ruff } else { 16 - pts - str }
            } else if ours_winning {
                // Give points to our winning card, keep trumps.
                if (beating >> i) & 1 != 0 { 8 - str } else { 32 + pts - 16 * is_ruff }
            } else if (beating >> i) & 1 != 0 {
                // Take it: last to play with the cheapest winner, else high.
                48 + if last { 16 - str - pts } else { str }
            } else {
                // Cannot take it: throw the least.
                16 - pts - str
            }
        };
        list.push(i, score);
    }
    others
}

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::{CardSet, parse_cards};

    fn set(s: &str) -> u32 {
        parse_cards(s).unwrap().into_iter().collect::<CardSet>().bits()
    }

    #[test]
    fn only_adjacent_cards_worth_nothing_collapse() {
        let none = 0;
        let hearts_trump = CardSet::suit(belot_core::Suit::Hearts).bits();
        // Plain 9 8 7: one of them.
        assert_eq!(collapse(set("9S 8S 7S"), none, none), set("9S"));
        // Plain 9 7 with the 8 in another hand: both.
        assert_eq!(collapse(set("9S 7S"), set("8S"), none), set("9S 7S"));
        assert_eq!(collapse(set("9S 7S"), none, none), set("9S"));
        // Trump 9 is worth 14: 9 and 8 differ; 8 and 7 do not.
        assert_eq!(collapse(set("9H 8H 7H"), none, hearts_trump), set("9H 8H"));
        // Cards with points never collapse.
        assert_eq!(collapse(set("AS TS KS QS"), none, none), set("AS TS KS QS"));
    }
}
