//! The card play: legal plays (§1.6), tricks, and a compact play state
//! that random playouts and searches can copy and advance without
//! allocating.

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::card::{Card, CardSet, Suit};
use crate::contract::Contract;
use crate::seat::Seat;

/// The duties of a player who cannot follow suit or must play a trump.
/// Each variant fixes these (see the rules reference §1.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PlayRules {
    /// A void player whose partner is winning the trick need not trump
    /// (French Belote only).
    pub partner_exception: bool,
    /// When a trump is already in the trick and you play a trump, you must
    /// beat it if you can.
    pub overtrump_on_ruff: bool,
    /// Under the partner exception, a trump played onto a trick already
    /// holding a trump must still beat it when possible.
    pub overtrump_over_partner: bool,
    /// Void in the led suit, holding only trumps lower than the trump in
    /// the trick: you must still play a trump ("pisser").
    pub must_undertrump: bool,
}

impl PlayRules {
    /// French Belote (seed 002 §3): partner exception, over-trump always,
    /// under-trump when you cannot over-trump.
    pub const FRENCH: PlayRules = PlayRules {
        partner_exception: true,
        overtrump_on_ruff: true,
        overtrump_over_partner: true,
        must_undertrump: true,
    };
    /// Games without partners (two- and three-player Belot).
    pub const NO_PARTNERS: PlayRules = PlayRules {
        partner_exception: false,
        overtrump_on_ruff: true,
        overtrump_over_partner: true,
        must_undertrump: true,
    };
}

/// What the legal-play function needs to know of the trick in progress.
#[derive(Clone, Copy, Debug)]
pub struct TrickContext {
    /// The first card of the trick (`None`: the player leads).
    pub led: Option<Card>,
    /// The card now winning the trick.
    pub winning: Card,
    /// True when the player's partner is now winning the trick.
    pub partner_winning: bool,
}

impl TrickContext {
    /// The trick `trick` (its cards so far, in play order) as `seat`, the
    /// next to play, sees it under `contract`; with `partners`, seats `s`
    /// and `s + 2` play together.
    pub fn of_trick(
        contract: Contract,
        trick: &[(Seat, Card)],
        seat: Seat,
        partners: bool,
    ) -> TrickContext {
        let Some(&first) = trick.first() else {
            // A lead: no card wins yet, and the duties ignore `winning`.
            return TrickContext { led: None, winning: first_card(), partner_winning: false };
        };
        let mut win = first;
        for &(s, c) in &trick[1..] {
            if contract.beats(c, win.1) {
                win = (s, c);
            }
        }
        let partner_winning = partners && (win.0.index() + 2) % 4 == seat.index() & 3;
        TrickContext { led: Some(first.1), winning: win.1, partner_winning }
    }
}

/// Any card, for a lead's `winning`.
fn first_card() -> Card {
    CardSet::FULL.first().expect("a full set has cards")
}

/// The cards `hand` may play to the trick described by `ctx` (§1.6).
/// Always non-empty when `hand` is non-empty.
#[inline(always)]
pub fn legal_plays(
    hand: CardSet,
    contract: Contract,
    rules: &PlayRules,
    ctx: &TrickContext,
) -> CardSet {
    let Some(led) = ctx.led else { return hand };
    let led_suit = led.suit();
    let same = hand.of_suit(led_suit);
    match contract {
        Contract::NoTrumps => {
            if same.is_empty() {
                hand
            } else {
                same
            }
        }
        Contract::AllTrumps => {
            if same.is_empty() {
                return hand;
            }
            // Every suit is trump: head the trick if you can.
            let higher = same & contract.higher_than(ctx.winning);
            if higher.is_empty() { same } else { higher }
        }
        Contract::Suit(t) => {
            let winning_is_trump = ctx.winning.suit() == t;
            if !same.is_empty() {
                if led_suit == t {
                    let higher = same & contract.higher_than(ctx.winning);
                    return if higher.is_empty() { same } else { higher };
                }
                return same;
            }
            let trumps = hand.of_suit(t);
            if rules.partner_exception && ctx.partner_winning {
                if rules.overtrump_over_partner && winning_is_trump {
                    let higher = trumps & contract.higher_than(ctx.winning);
                    if !higher.is_empty() {
                        return (hand - trumps) | higher;
                    }
                }
                return hand;
            }
            if trumps.is_empty() {
                return hand;
            }
            if !winning_is_trump {
                return trumps;
            }
            let higher = trumps & contract.higher_than(ctx.winning);
            if !higher.is_empty() && rules.overtrump_on_ruff {
                higher
            } else if rules.must_undertrump || !higher.is_empty() {
                trumps
            } else {
                hand
            }
        }
    }
}

/// A finished trick.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Trick {
    /// Who led.
    pub leader: Seat,
    /// Cards in play order (first `len` are valid; use [`Trick::cards`]).
    cards: [Card; 4],
    len: u8,
    /// Who won it.
    pub winner: Seat,
    /// Card points in it (not counting the last-trick bonus).
    pub points: u32,
}

impl Trick {
    /// The cards in play order, starting with the leader's.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// (seat, card) pairs in play order at a table of `n`.
    pub fn plays(&self, n: u8) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.cards().iter().enumerate().map(move |(i, &c)| (self.leader.plus(i as u8, n), c))
    }
}

/// Card play from a deal's hands to its last trick: hands, the trick in
/// progress, tricks and card points per seat. `Copy`, fixed size, no heap:
/// searches and playouts copy it freely.
#[derive(Clone, Copy, Debug)]
pub struct PlayState {
    hands: [CardSet; 4],
    /// Every card dealt for play (cards played = these minus the hands).
    dealt: CardSet,
    /// Cards ranking and scoring as trumps (see [`Contract::trump_ordered`]).
    torder: u32,
    /// Cards that ruff (see [`Contract::ruffing`]).
    ruff: u32,
    /// The led suit's cards while a trick is in progress.
    led: u32,
    points: [u16; 4],
    contract: Contract,
    rules: PlayRules,
    players: u8,
    /// Partners sit opposite (four players in two teams).
    partners: bool,
    to_play: Seat,
    leader: Seat,
    /// The seat whose card now wins the trick in progress.
    winner: Seat,
    trick: [Card; 4],
    /// The card now winning the trick.
    win_card: Card,
    /// The cards that would beat it: higher cards of its suit, plus every
    /// ruffing card if it is not a trump.
    beat: u32,
    trick_len: u8,
    trick_points: u8,
    tricks: [u8; 4],
    tricks_played: u8,
    tricks_total: u8,
}

impl PlayState {
    /// Play starting with `leader` to lead. `hands` beyond `players` must be
    /// empty; every hand holds the same number of cards. With `partners`
    /// (four players only) seats `s` and `s + 2` are partners.
    pub fn new(
        hands: [CardSet; 4],
        players: u8,
        partners: bool,
        contract: Contract,
        rules: PlayRules,
        leader: Seat,
    ) -> PlayState {
        debug_assert!((2..=4).contains(&players));
        let tricks_total = hands[0].len() as u8;
        PlayState {
            hands,
            dealt: hands[0] | hands[1] | hands[2] | hands[3],
            torder: contract.trump_ordered().0,
            ruff: contract.ruffing().0,
            led: 0,
            points: [0; 4],
            contract,
            rules,
            players,
            partners: partners && players == 4,
            to_play: leader,
            leader,
            winner: leader,
            trick: [Card::new(Suit::Spades, crate::Rank::Seven); 4],
            win_card: Card::new(Suit::Spades, crate::Rank::Seven),
            beat: 0,
            trick_len: 0,
            trick_points: 0,
            tricks: [0; 4],
            tricks_played: 0,
            tricks_total,
        }
    }

    /// The contract being played.
    #[inline]
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// The play duties in force.
    #[inline]
    pub fn rules(&self) -> &PlayRules {
        &self.rules
    }

    /// Number of players.
    #[inline]
    pub fn players(&self) -> u8 {
        self.players
    }

    /// A seat's remaining cards.
    #[inline]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index() & 3]
    }

    /// All remaining hands (unused seats empty).
    #[inline]
    pub fn hands(&self) -> &[CardSet; 4] {
        &self.hands
    }

    /// Who plays next (meaningless once [`PlayState::is_over`]).
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.to_play
    }

    /// Who led the trick in progress.
    #[inline]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Cards of the trick in progress, in play order.
    #[inline]
    pub fn current_trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The cards of the trick in progress, as a set (computed: keeping
    /// it in the state would cost every playout a little).
    #[inline]
    pub fn trick_cards(&self) -> CardSet {
        let mut set = 0u32;
        for (i, c) in self.trick.iter().enumerate().take(3) {
            set |= ((i < self.trick_len as usize) as u32) << c.index();
        }
        CardSet(set)
    }

    /// Cards played so far (completed tricks and the trick in progress).
    #[inline]
    pub fn played(&self) -> CardSet {
        self.dealt - (self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3])
    }

    /// Card points taken per seat, the last-trick 10 included once play is over.
    #[inline]
    pub fn points(&self) -> [u32; 4] {
        self.points.map(u32::from)
    }

    /// Tricks taken per seat.
    #[inline]
    pub fn tricks(&self) -> [u8; 4] {
        self.tricks
    }

    /// Completed tricks.
    #[inline]
    pub fn tricks_played(&self) -> u8 {
        self.tricks_played
    }

    /// The tricks a deal has (cards per hand at the start of play).
    #[inline]
    pub fn tricks_total(&self) -> u8 {
        self.tricks_total
    }

    /// True when every trick has been played.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.tricks_played >= self.tricks_total
    }

    /// The seat now winning the trick in progress.
    #[inline]
    pub fn winning_seat(&self) -> Seat {
        self.winner
    }

    /// The cards that would take the trick in progress now (empty at a
    /// trick start): higher cards of the winning card's suit, and every
    /// ruffing card over a plain winner.
    #[inline]
    pub fn beating(&self) -> CardSet {
        CardSet(if self.trick_len == 0 { 0 } else { self.beat })
    }

    /// Card points in the trick in progress.
    #[inline]
    pub fn trick_points(&self) -> u32 {
        self.trick_points as u32
    }

    /// The partner of `seat`, when there are partners.
    #[inline]
    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        if self.partners { Some(Seat((seat.0 + 2) & 3)) } else { None }
    }

    /// The trick in progress as the legal-play function sees it.
    #[inline]
    pub fn context(&self) -> TrickContext {
        if self.trick_len == 0 {
            return TrickContext { led: None, winning: self.trick[0], partner_winning: false };
        }
        let partner_winning = self.partners && self.winner.0 == (self.to_play.0 + 2) & 3;
        TrickContext { led: Some(self.trick[0]), winning: self.win_card, partner_winning }
    }

    #[inline(always)]
    fn card_points(&self, card: Card) -> u8 {
        let i = card.index();
        POINTS[((self.torder >> i) & 1) as usize][(i & 7) as usize]
    }

    /// The cards of the same suit that beat `card` in its suit's order.
    #[inline(always)]
    fn higher(&self, card: Card) -> u32 {
        let i = card.index() as u32;
        (HIGHER[((self.torder >> i) & 1) as usize][(i & 7) as usize] as u32) << (i & !7)
    }

    /// Legal plays from the masks (same answer as [`legal_plays`], which a
    /// property test checks; this one avoids the contract match and uses
    /// the running mask of cards that beat the trick).
    #[inline(always)]
    fn legal_fast(&self) -> CardSet {
        let hand = self.hands[self.to_play.index() & 3].0;
        if self.trick_len == 0 {
            return CardSet(hand);
        }
        let same = hand & self.led;
        if same != 0 {
            // Trump-ordered led suit (trump led, or any suit in all-trumps):
            // head the trick if you can.
            if self.led & self.torder != 0 {
                let head = same & self.beat;
                return CardSet(if head != 0 { head } else { same });
            }
            return CardSet(same);
        }
        let trumps = hand & self.ruff;
        if trumps == 0 {
            return CardSet(hand);
        }
        // Trumps that take the trick: all of them over a plain winner,
        // the higher ones over a trump.
        let over = trumps & self.beat;
        let rules = &self.rules;
        if rules.partner_exception && self.partners && self.winner.0 == (self.to_play.0 + 2) & 3 {
            // Partner winning: anything, but a trump must be high enough.
            return CardSet(if rules.overtrump_over_partner && over != 0 {
                (hand & !trumps) | over
            } else {
                hand
            });
        }
        CardSet(if over != 0 && rules.overtrump_on_ruff {
            over
        } else if rules.must_undertrump || over != 0 {
            trumps
        } else {
            hand
        })
    }

    /// Cards that beat `card` once it wins the trick.
    #[inline(always)]
    fn beaters(&self, card: Card) -> u32 {
        let ruffs = (self.ruff >> card.index()) & 1 != 0;
        self.higher(card) | if ruffs { 0 } else { self.ruff }
    }

    /// The cards the player to act may play (empty once play is over).
    #[inline(always)]
    pub fn legal(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        self.legal_fast()
    }

    /// Swaps a card of `seat`'s hand for one from outside play (the
    /// two- and three-player seven-of-trumps exchange). Only before the
    /// seat's first card; `false` (and nothing changed) otherwise.
    pub fn exchange(&mut self, seat: Seat, out: Card, into: Card) -> bool {
        let i = seat.index() & 3;
        let offset = (seat.0 + self.players - self.leader.0) % self.players;
        if self.tricks_played > 0
            || offset < self.trick_len
            || !self.hands[i].contains(out)
            || self.dealt.contains(into)
        {
            return false;
        }
        self.hands[i].remove(out);
        self.hands[i].insert(into);
        self.dealt.remove(out);
        self.dealt.insert(into);
        true
    }

    /// Plays `card` for the player to act, if legal. On error nothing
    /// changes and the legal cards are returned.
    pub fn play(&mut self, card: Card) -> Result<Option<Trick>, CardSet> {
        let legal = self.legal();
        if !legal.contains(card) {
            return Err(legal);
        }
        Ok(self.play_unchecked(card))
    }

    /// Plays a card known to be legal; returns the trick if it completed one.
    #[inline]
    pub fn play_unchecked(&mut self, card: Card) -> Option<Trick> {
        let leader = self.leader;
        let before = self.trick_points;
        if self.step(card) {
            let points = before as u32 + self.contract.points(card);
            Some(Trick {
                leader,
                cards: self.trick,
                len: self.players,
                winner: self.leader,
                points,
            })
        } else {
            None
        }
    }

    /// Plays a legal card; true when it completed a trick.
    #[inline(always)]
    pub fn step(&mut self, card: Card) -> bool {
        let seat = self.to_play.index() & 3;
        self.hands[seat].remove(card);
        let i = self.trick_len as usize & 3;
        self.trick_points += self.card_points(card);
        if i == 0 {
            self.led = 0xff << (card.index() & !7);
        }
        if i == 0 || (self.beat >> card.index()) & 1 != 0 {
            self.win_card = card;
            self.winner = self.to_play;
            self.beat = self.beaters(card);
        }
        self.trick[i] = card;
        self.trick_len += 1;
        if self.trick_len < self.players {
            self.to_play = self.to_play.next(self.players);
            return false;
        }
        // Trick complete: the winner takes it and leads the next.
        let w = self.winner;
        self.tricks_played += 1;
        let mut pts = self.trick_points as u16;
        if self.tricks_played == self.tricks_total {
            pts += 10; // dix de der: the last trick is worth 10
        }
        self.points[w.index() & 3] += pts;
        self.tricks[w.index() & 3] += 1;
        self.leader = w;
        self.to_play = w;
        self.trick_len = 0;
        self.trick_points = 0;
        self.led = 0;
        true
    }

    /// Plays uniformly random legal cards to the end.
    #[inline]
    pub fn playout<R: RngCore>(&mut self, rng: &mut R) {
        // One 64-bit draw serves two cards (32 bits each, Lemire's
        // multiply-shift: bias below 2^-28 for hands of up to 9 cards).
        let mut bits = 0u64;
        let mut left = 0u32;
        while self.tricks_played + 1 < self.tricks_total {
            if left == 0 {
                bits = rng.next_u64();
                left = 2;
            }
            let legal = self.legal_fast();
            let k = (((bits & 0xffff_ffff) * legal.len() as u64) >> 32) as u32;
            bits >>= 32;
            left -= 1;
            self.step(select_bit(legal, k));
        }
        // The last trick is forced: everyone plays his one card.
        while !self.is_over() {
            let card = self.hands[self.to_play.index() & 3].first();
            match card {
                Some(c) => {
                    self.step(c);
                }
                None => break,
            }
        }
    }
}

/// The `k`-th card (0-based, index order) of a set with more than `k`
/// cards, without data-dependent branches: a random `k` defeats branch
/// prediction, and this runs once per card of every playout.
#[inline(always)]
pub fn select_bit(set: CardSet, k: u32) -> Card {
    let v = set.0;
    // Cards in each of the first three suits, and running totals; the
    // suit holding the k-th card is found by three independent compares.
    let s1 = (v & 0xff).count_ones();
    let s2 = s1 + (v & 0xff00).count_ones();
    let s3 = s2 + (v & 0xff_0000).count_ones();
    let (c1, c2, c3) = ((k >= s1) as u32, (k >= s2) as u32, (k >= s3) as u32);
    let b = c1 + c2 + c3;
    // The compares are monotone (c3 implies c2 implies c1), so the cards
    // before suit b add up from masks, with no table in memory.
    let before = (c1.wrapping_neg() & s1)
        + (c2.wrapping_neg() & (s2 - s1))
        + (c3.wrapping_neg() & (s3 - s2));
    let byte = ((v >> (8 * b)) & 0xff) as usize;
    let bit = SELECT_IN_BYTE[byte][((k - before) & 7) as usize] as u32;
    Card::from_masked(8 * b + bit)
}

/// Card points by rank: `[plain, trump]`.
static POINTS: [[u8; 8]; 2] = [crate::contract::PLAIN_POINTS, crate::contract::TRUMP_POINTS];
/// Ranks that beat a rank in its suit: `[plain, trump]`.
static HIGHER: [[u8; 8]; 2] = [crate::contract::PLAIN_HIGHER, crate::contract::TRUMP_HIGHER];

/// `SELECT_IN_BYTE[b][k]`: position of the `k`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn set(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }
    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }
    fn ctx(led: &str, winning: &str, partner: bool) -> TrickContext {
        TrickContext { led: Some(c(led)), winning: c(winning), partner_winning: partner }
    }
    const H: Contract = Contract::Suit(Suit::Hearts);

    #[test]
    fn leader_may_play_anything() {
        let hand = set("7S 8H AD");
        let t = TrickContext { led: None, winning: c("7S"), partner_winning: false };
        assert_eq!(legal_plays(hand, H, &PlayRules::FRENCH, &t), hand);
    }

    #[test]
    fn all_trumps_must_head_in_every_suit() {
        let hand = set("7S JS 9S AD");
        // led AS: J and 9 beat the ace in trump order
        assert_eq!(
            legal_plays(
                hand,
                Contract::AllTrumps,
                &PlayRules::NO_PARTNERS,
                &ctx("AS", "AS", false)
            ),
            set("JS 9S")
        );
        // led JS: nothing beats it; follow with any spade
        let hand2 = set("7S 9S AD");
        assert_eq!(
            legal_plays(
                hand2,
                Contract::AllTrumps,
                &PlayRules::NO_PARTNERS,
                &ctx("JS", "JS", false)
            ),
            set("7S 9S")
        );
        // void: anything
        assert_eq!(
            legal_plays(
                hand,
                Contract::AllTrumps,
                &PlayRules::NO_PARTNERS,
                &ctx("AH", "AH", false)
            ),
            hand
        );
    }

    #[test]
    fn no_trumps_follow_suit_only() {
        let hand = set("7S AS JH");
        assert_eq!(
            legal_plays(hand, Contract::NoTrumps, &PlayRules::NO_PARTNERS, &ctx("KS", "KS", false)),
            set("7S AS")
        );
        assert_eq!(
            legal_plays(hand, Contract::NoTrumps, &PlayRules::NO_PARTNERS, &ctx("KD", "KD", false)),
            hand
        );
    }

    #[test]
    fn playout_deals_all_cards_and_162() {
        use rand_core::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let deck: Vec<Card> = (0..32).map(|i| Card::from_index(i).unwrap()).collect();
        let mut hands = [CardSet::EMPTY; 4];
        for (i, c) in deck.iter().enumerate() {
            hands[i % 4].insert(*c);
        }
        for _ in 0..100 {
            let mut p = PlayState::new(hands, 4, true, H, PlayRules::FRENCH, Seat(1));
            p.playout(&mut rng);
            assert!(p.is_over());
            assert_eq!(p.points().iter().sum::<u32>(), 162);
            assert_eq!(p.tricks().iter().map(|&t| t as u32).sum::<u32>(), 8);
            assert_eq!(p.played(), CardSet::FULL);
        }
    }
}
