//! What a seat knows of the card play, in every game, and layouts of the
//! unseen cards drawn consistent with it: the sampling behind the `pimc`
//! and `ismcts` bots.
//!
//! Knowledge comes from the seat's view only (and from what the seat saw
//! earlier in the deal, [`Memory`]): its hand, the cards played, the cards
//! known to be in a hand (the turned card the taker took, the partner of a
//! belote card, melds shown), the cards out of play that everyone saw,
//! and what each play revealed: a player who did not follow suit has none
//! of it; one who did not trump, or did not head the trick when he had
//! to, has no card that would have been obliged.

use belot_core::play::legal_plays;
use belot_core::view::TrickView;
use belot_core::{Card, CardSet, Contract, PlayRules, PlayState, Rank, Seat, Suit, TrickContext};
use rand_core::RngCore;
use std::cell::RefCell;
use std::collections::HashMap;

use crate::bots::below;
use crate::games::SolverGame;
use belot_core::{AnyView, Game, each_game};

/// What one seat knows of a deal in its card play.
#[derive(Clone, Debug)]
pub struct PlayInfo {
    /// The seat.
    pub me: Seat,
    /// Players at the table.
    pub players: u8,
    /// Seats `s` and `s + 2` are partners.
    pub partners: bool,
    /// The contract.
    pub contract: Contract,
    /// The play duties.
    pub rules: PlayRules,
    /// The seat's cards.
    pub hand: CardSet,
    /// Who led the trick in progress (or leads now).
    pub leader: Seat,
    /// The trick in progress, in play order.
    pub trick: Vec<(Seat, Card)>,
    /// Cards each other seat is known to hold.
    pub known: [CardSet; 4],
    /// Cards each other seat cannot hold (what its plays revealed).
    pub cannot: [CardSet; 4],
    /// Cards each other seat is unlikely to hold: the other half of a
    /// belote pair when it played a king or queen without the call.
    pub unlikely: [CardSet; 4],
    /// Cards each seat holds now.
    pub sizes: [usize; 4],
    /// Cards whose place the seat does not know: in another hand, or out
    /// of play (the stock).
    pub unseen: CardSet,
    /// The seats whose points the seat plays for (bit per seat): its
    /// team; with three players in French Belote the taker alone or his
    /// two opponents together; in three-player Belot the seat alone.
    pub side: u8,
    /// The same for every seat: with teams a seat and its partner; with a
    /// taker against the others each for himself, the taker alone, and
    /// his opponents together (the points he must not get).
    pub sides: [u8; 4],
    /// True when the aim is to take as few points as possible (распасы).
    pub minimize: bool,
    /// What the card points of the seat's side are worth in the deal's
    /// score.
    pub objective: Objective,
    /// The auction, when the game's bidders are modelled (French Belote).
    pub auction: Option<Auction>,
    /// The cards each seat has played this deal (that the seat saw).
    pub played_by: [CardSet; 4],
    /// What the others' plays say of their hands, where modelled.
    pub plays: Option<crate::playmodel::PlayModel>,
}

/// What the calls of a French auction say of the bidders' hands, for
/// bidders who bid as the heuristic bot does (from the strength of the
/// cards they held when they spoke, the turned card counted).
#[derive(Clone, Debug)]
pub struct Auction {
    pub(crate) turned: Card,
    /// Every call in order (pass, take, name).
    pub(crate) calls: Vec<(Seat, belot_core::Action)>,
    pub(crate) players: u8,
    /// Cards each seat held when it spoke.
    pub(crate) first: u32,
    /// The taker takes the turned card into his hand.
    pub(crate) taker_gets_turned: bool,
    pub(crate) taker: Option<Seat>,
    /// How the bidders are modelled.
    pub(crate) model: std::sync::Arc<dyn BidModel>,
    /// What each seat announced at the first trick, once its turn there
    /// has passed (kind and length of each meld, runs capped as shown);
    /// `None` before.
    pub(crate) melds: [Option<Vec<(&'static str, u8)>>; 4],
    pub(crate) reuse: belot_core::meld::CardReuse,
    pub(crate) cap: u8,
    /// Likelihoods found so far, by seat and cards: the layouts of one
    /// decision give a bidder the same cards again and again once few
    /// are unseen (at most one entry per layout drawn).
    pub(crate) memo: RefCell<HashMap<(u8, u32), f64>>,
}

/// The bidders' model of a game: which calls the heuristic bot makes
/// with which cards (each game's, in its bot's folder).
pub(crate) trait BidModel: std::fmt::Debug + Send + Sync {
    /// The cards `seat` spoke from when it holds `cards` now, where the
    /// game changed them since (an exchange); `None`: the same.
    fn spoke_from(&self, _seat: Seat, _cards: CardSet, _turned: Card) -> Option<CardSet> {
        None
    }
    /// Whether the model makes call `a` holding `held` (the pool's cards
    /// it spoke from) in round 1 or 2, `turned` turned up.
    fn would_call(
        &self,
        held: CardSet,
        turned: Card,
        round1: bool,
        a: &belot_core::Action,
        seat: Seat,
    ) -> bool;
}

/// How much less likely a layout is when a bidder's melds in it differ
/// from what he announced (players may keep a meld to themselves; the
/// bots never do).
const MELD_MISS: f64 = 0.02;

impl Auction {
    /// The share of the ways `cards` (a seat's whole deal: in hand and
    /// played) could have been split into what it held when it spoke and
    /// what came after, under which its calls are what the model would
    /// have called: how likely the calls are with these cards.
    pub fn likelihood(&self, seat: Seat, cards: CardSet) -> f64 {
        let key = (seat.0, cards.bits());
        if let Some(&w) = self.memo.borrow().get(&key) {
            return w;
        }
        let w = self.calls_likelihood(seat, cards) * self.melds_likelihood(seat, cards);
        self.memo.borrow_mut().insert(key, w);
        w
    }

    /// 1 when the melds of `cards` are what the seat announced.
    fn melds_likelihood(&self, seat: Seat, cards: CardSet) -> f64 {
        let Some(said) = &self.melds[seat.index() & 3] else { return 1.0 };
        let mut held: Vec<(&'static str, u8)> = belot_core::meld::find_melds(cards, self.reuse)
            .into_iter()
            .map(|m| (m.name(), (m.cards().len() as u8).min(self.cap)))
            .collect();
        held.sort_unstable();
        if &held == said { 1.0 } else { MELD_MISS }
    }

    fn calls_likelihood(&self, seat: Seat, cards: CardSet) -> f64 {
        use belot_core::Action;
        let mine: Vec<&Action> = self.calls.iter().filter(|c| c.0 == seat).map(|c| &c.1).collect();
        if mine.is_empty() {
            return 1.0;
        }
        let turned = self.turned;
        let pool = match self.model.spoke_from(seat, cards, turned) {
            _ if self.taker_gets_turned && self.taker == Some(seat) => cards - turned.set(),
            Some(then) => then,
            None => cards,
        };
        let pool: Vec<Card> = pool.iter().collect();
        let k = self.first as usize;
        if pool.len() < k {
            return 1.0;
        }
        let round1 = |i: usize| i < self.players as usize;
        // Each call with its round (the take ends round 1).
        let rounds: Vec<(bool, Action)> = self
            .calls
            .iter()
            .enumerate()
            .filter(|(_, c)| c.0 == seat)
            .map(|(i, c)| (round1(i), c.1.clone()))
            .collect();
        let (mut ok, mut all) = (0u32, 0u32);
        let n = pool.len();
        // Every k-subset of the pool, as a bit mask over `pool`.
        let mut mask: u32 = (1 << k) - 1;
        while mask < 1 << n {
            let mut held = CardSet::EMPTY;
            for (i, c) in pool.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    held.insert(*c);
                }
            }
            let consistent =
                rounds.iter().all(|(r1, a)| self.model.would_call(held, turned, *r1, a, seat));
            ok += consistent as u32;
            all += 1;
            // The next mask with k bits (Gosper's hack).
            let c = mask & mask.wrapping_neg();
            let r = mask + c;
            mask = (((r ^ mask) >> 2) / c) | r;
        }
        if all == 0 { 1.0 } else { ok as f64 / all as f64 }
    }
}

/// What a deal's final card points are worth to a seat: its side's
/// recorded points minus the other side's, for a contract between two
/// sides (two-player Belot, French Belote for four or two); otherwise the
/// card points themselves (French Belote for three).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Objective {
    /// The card points themselves (fewest with [`PlayInfo::minimize`]).
    Points,
    /// Two sides and a contract.
    Contract {
        /// The seat's side made the contract.
        taker: bool,
        /// Points known to go with the seat's side's cards (announcements
        /// scored, belote or бела), and with the other side's.
        bonus: [i32; 2],
        /// Of those, the belote (бела) each side keeps when it falls.
        belote: [i32; 2],
        /// Everything counts double (БК).
        double: bool,
        /// The bonus of a capot (all the tricks) for the seat's side and
        /// for the other: none in two-player Belot; 90 in French Belote
        /// (162 becomes 252), for a side that has lost no trick yet.
        capot: [i32; 2],
    },
}

impl Objective {
    /// Adds the card points of the tricks already taken to the sides'
    /// known points: a contract is made or failed on the whole deal's
    /// points, and the search sees only the cards still out.
    pub fn add_taken<'a>(
        &mut self,
        tricks: impl IntoIterator<Item = &'a TrickView>,
        mine: impl Fn(Seat) -> bool,
    ) {
        let Objective::Contract { bonus, capot, .. } = self else { return };
        for t in tricks {
            if let (Some(w), Some(p)) = (t.winner, t.points) {
                bonus[!mine(w) as usize] += p as i32;
                // A side that lost a trick can no longer take them all.
                capot[mine(w) as usize] = 0;
            }
        }
    }

    /// The worth of `v` card points for the seat's side out of `total`
    /// in play.
    pub fn worth(&self, v: u32, total: u32) -> f64 {
        match self.scores(v, total) {
            Some((mine, theirs)) => mine - theirs,
            None => v as f64,
        }
    }

    /// The deal's score for the seat's side and for the other when it
    /// takes `v` card points out of `total` in play (`None` when the
    /// objective is card points).
    pub fn scores(&self, v: u32, total: u32) -> Option<(f64, f64)> {
        let Objective::Contract { taker, bonus, belote, double, capot } = *self else {
            return None;
        };
        let (v, total) = (v as i32, total as i32);
        // All the points is taken as all the tricks (a capot).
        let capot = |x: i32, side: usize| if x == total { capot[side] } else { 0 };
        let me = v + capot(v, 0) + bonus[0];
        let them = total - v + capot(total - v, 1) + bonus[1];
        let (t, d, bt) = if taker { (me, them, belote[0]) } else { (them, me, belote[1]) };
        let (rt, rd) = if t > d { (t, d) } else { (bt, t + d - bt) };
        let (rm, ro) = if taker { (rt, rd) } else { (rd, rt) };
        let k = if double { 2.0 } else { 1.0 };
        Some((rm as f64 * k, ro as f64 * k))
    }
}

/// The tricks a seat saw completed this deal. In two-player Belot only
/// the last trick stays in view; a bot keeps the others here.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub(crate) tricks: Vec<TrickView>,
    /// Tricks completed that the seat never saw (it was not asked to act
    /// while they were in view).
    pub(crate) missed: usize,
}

impl Memory {
    /// Takes in what `view` shows of the tricks (only two-player views
    /// drop tricks from sight).
    pub fn observe(&mut self, view: &AnyView) {
        each_game!(AnyView, view, R, v => R::observe(v, self))
    }

    /// Takes in what a two-player view shows: the tricks completed so far
    /// (their count) and the last one.
    pub(crate) fn see(&mut self, completed: usize, last: Option<&TrickView>) {
        if completed < self.tricks.len() + self.missed || completed == 0 {
            // A new deal.
            self.tricks.clear();
            self.missed = 0;
        }
        let known = self.tricks.len() + self.missed;
        if completed > known {
            self.missed += completed - known - 1;
            if let Some(t) = last {
                self.tricks.push(t.clone());
            }
        }
    }
}

pub(crate) fn set(cards: impl IntoIterator<Item = Card>) -> CardSet {
    cards.into_iter().collect()
}

pub(crate) fn trick_cards(t: &TrickView) -> CardSet {
    set(t.cards.iter().map(|x| x.1))
}

/// Cards a player cannot hold, from his plays in `tricks` under these
/// duties: the rules of [`legal_plays`] read backwards.
pub fn revealed<'a>(
    tricks: impl IntoIterator<Item = &'a [(Seat, Card)]>,
    players: u8,
    partners: bool,
    contract: Contract,
    rules: &PlayRules,
) -> [CardSet; 4] {
    let mut cannot = [CardSet::EMPTY; 4];
    for cards in tricks {
        let Some(&(_, led)) = cards.first() else { continue };
        let led_suit = CardSet::suit(led.suit());
        let mut win = cards[0];
        for &(seat, card) in &cards[1..] {
            let s = seat.index() & 3;
            let partner_winning = partners && players == 4 && (win.0.index() + 2) % 4 == s;
            let higher_in_winner_suit = contract.higher_than(win.1);
            if card.suit() != led.suit() {
                cannot[s] |= led_suit;
                if let Contract::Suit(t) = contract {
                    let trumps = CardSet::suit(t);
                    let winning_trump = win.1.suit() == t;
                    let over = if winning_trump { higher_in_winner_suit } else { trumps };
                    let is_trump = card.suit() == t;
                    if rules.partner_exception && partner_winning {
                        // Free to discard; a trump played on the partner's
                        // trump had to beat it if it could.
                        if is_trump
                            && winning_trump
                            && rules.overtrump_over_partner
                            && !contract.beats(card, win.1)
                        {
                            cannot[s] |= over;
                        }
                    } else if is_trump {
                        if winning_trump && rules.overtrump_on_ruff && !contract.beats(card, win.1)
                        {
                            cannot[s] |= over;
                        }
                    } else {
                        // Discarded: no trump that had to be played.
                        cannot[s] |= if !winning_trump || rules.must_undertrump {
                            trumps
                        } else if rules.overtrump_on_ruff {
                            over
                        } else {
                            CardSet::EMPTY
                        };
                    }
                }
            } else if contract.trump_ordered().contains(led) && !contract.beats(card, win.1) {
                // A trump-ordered suit led: he had to head the trick.
                if win.1.suit() == led.suit() {
                    cannot[s] |= higher_in_winner_suit;
                }
            }
            if contract.beats(card, win.1) {
                win = (seat, card);
            }
        }
    }
    cannot
}

/// The trick in progress as `(leader, cards)`.
pub(crate) fn current(trick: &Option<TrickView>) -> Vec<(Seat, Card)> {
    trick.as_ref().map(|t| t.cards.clone()).unwrap_or_default()
}

impl PlayInfo {
    /// What the seat of `view` knows, when it is to play a card, at a
    /// table of `game` (its play duties); `memory` keeps the tricks of a
    /// two-player deal that are no longer in view.
    pub fn from_view(game: &Game, view: &AnyView, memory: &mut Memory) -> Option<PlayInfo> {
        let contract = view.contract()?;
        Some(PlayInfo::finish(each_game!(AnyView, view, R, v => {
            R::play_info(game, v, contract, memory)
        })))
    }

    /// Settles the sets: known cards still unplayed, unseen cards without
    /// them, no constraint on the seat itself.
    pub(crate) fn finish(mut p: PlayInfo) -> PlayInfo {
        let me = p.me.index() & 3;
        let mut all_known = CardSet::EMPTY;
        for s in 0..4 {
            if s == me || s >= p.players as usize {
                p.known[s] = CardSet::EMPTY;
                p.cannot[s] = CardSet::FULL;
                continue;
            }
            // A card known once but played since is no longer held.
            p.known[s] &= p.unseen;
            p.cannot[s] -= p.known[s];
            all_known |= p.known[s];
        }
        p.unseen -= all_known;
        p
    }
}

/// How much less likely a layout is for each card another seat played
/// that the play model (the heuristic bot) would not have played with it.
/// In three-player Belot against `heuristic`, 2,000 mirrored deals (seed
/// 1): 0.3 took 54.3% of the points, 0.1 54.5%, 0.02 (with up to six
/// times the layouts drawn) 55.0%, against 53.6% without the model.
pub(crate) const PLAY_MISS: f64 = 0.02;

/// At most this many times the layouts drawn when the plays weigh them:
/// drawing stops once as many as usual are near the likeliest
/// ([`NEAR_BEST`]). Where few plays tell anything (the first tricks) the
/// usual number does; later, misses thin the layouts out and more are
/// drawn. (Six times as many drawn always: 55.2% instead of 55.0%, but a
/// three-player card's p99 near 100 ms.)
const PLAYS_TRIES: usize = 6;

/// A layout is near the likeliest at half its weight or more.
const NEAR_BEST: f64 = 0.5;

/// Layouts weighed below this share of the likeliest by the plays alone
/// are dropped before the auction weighs them.
const PLAYS_FLOOR: f64 = 1e-3;

/// How much less likely a layout is that gives a player the other half of
/// a belote pair he played from without calling it.
const SILENT_MISS: f64 = 0.05;

/// Cards players cannot hold because they played a king or queen of a
/// belote suit (in `suits`) without calling it: a player holding both
/// calls (it scores 20 and costs nothing), so the other one is not in his
/// hand. `calls`: (seat, card played with the call).
pub(crate) fn silent_belote(
    tricks: &[&TrickView],
    calls: &[(Seat, Card)],
    suits: CardSet,
) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    let kq = CardSet::rank(Rank::King) | CardSet::rank(Rank::Queen);
    for t in tricks {
        for &(seat, card) in &t.cards {
            if !(kq & suits).contains(card) || calls.iter().any(|c| c.0 == seat) {
                continue;
            }
            let other = (belote_pair(card.suit()) - card.set()).first();
            if let Some(o) = other {
                out[seat.index() & 3].insert(o);
            }
        }
    }
    out
}

/// The cards each seat played in `tricks`.
pub(crate) fn played_by(tricks: &[&TrickView]) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    for t in tricks {
        for &(seat, card) in &t.cards {
            out[seat.index() & 3].insert(card);
        }
    }
    out
}

/// Each seat's side: partners with teams; otherwise the taker alone and
/// his opponents together.
pub(crate) fn sides_against(n: u8, partners: bool, taker: Option<Seat>) -> [u8; 4] {
    let mut out = [0u8; 4];
    let all = (1u8 << n) - 1;
    for (s, o) in out.iter_mut().enumerate().take(n as usize) {
        *o = match (partners, taker) {
            (true, _) => 1 << s | 1 << ((s + 2) & 3),
            (false, Some(t)) if t.index() == s => 1 << s,
            (false, Some(t)) => all & !(1 << t.0),
            (false, None) => 1 << s,
        };
    }
    out
}

pub(crate) fn sizes_of(it: impl Iterator<Item = usize>) -> [usize; 4] {
    let mut out = [0; 4];
    for (o, x) in out.iter_mut().zip(it) {
        *o = x;
    }
    out
}

/// The king and queen of `suit`.
pub(crate) fn belote_pair(suit: Suit) -> CardSet {
    CardSet::suit(suit) & (CardSet::rank(Rank::King) | CardSet::rank(Rank::Queen))
}

/// The cards each seat of a two- or three-player Belot deal is known to
/// hold or have held (a seat's `index() & mask`): the turned card the
/// exchanger took (`exchanged`), the king and queen behind each belote
/// call (of trumps, or of its suit in all trumps), the contest winner's
/// shown combinations (`contest`) and each announcement's cards.
pub(crate) fn belot_known(
    common: &belot_core::view::SeatCommon,
    contract: Contract,
    mask: usize,
    exchanged: Option<(Seat, Card)>,
    contest: Option<(Seat, &[CardSet])>,
) -> [CardSet; 4] {
    let mut known = [CardSet::EMPTY; 4];
    if let Some((x, turned)) = exchanged {
        known[x.index() & mask] |= turned.set();
    }
    if let Some(t) = contract.trump_suit() {
        for &(seat, _) in &common.belote_calls {
            known[seat.index() & mask] |= belote_pair(t);
        }
    } else if contract == Contract::AllTrumps {
        for &(seat, card) in &common.belote_calls {
            known[seat.index() & mask] |= belote_pair(card.suit());
        }
    }
    if let Some((w, shown)) = contest {
        for &c in shown {
            known[w.index() & mask] |= c;
        }
    }
    for a in &common.announcements {
        if let Some(cards) = a.cards {
            known[a.seat.index() & mask] |= cards;
        }
    }
    known
}

impl PlayInfo {
    /// Deals the unseen cards: each other seat gets its known cards and
    /// as many more as it holds, none it cannot hold; the rest are out of
    /// play. The most constrained cards go first, each to a place chosen
    /// in proportion to the room left. `None` if this draw got stuck
    /// (try again), or with `strict` off, inferences are ignored.
    pub fn draw(&self, rng: &mut dyn RngCore, strict: bool) -> Option<[CardSet; 4]> {
        let me = self.me.index() & 3;
        let mut hands = self.known;
        hands[me] = self.hand;
        // Room in each other hand, and (slot 4) out of play.
        let mut room = [0usize; 5];
        let mut in_hands = 0;
        for (s, r) in room.iter_mut().enumerate().take(self.players as usize) {
            if s != me {
                *r = self.sizes[s].checked_sub(self.known[s].len())?;
                in_hands += *r;
            }
        }
        let unseen = self.unseen.len();
        room[4] = unseen.checked_sub(in_hands)?;
        let mut cards = [FILL; 32];
        let mut n = 0;
        for c in self.unseen {
            cards[n] = c;
            n += 1;
        }
        // Shuffle, then stably put the cards fewer places can take first.
        for i in (1..n).rev() {
            cards.swap(i, below(rng, i + 1));
        }
        let may = |s: usize, c: Card| s == 4 || !(strict && self.cannot[s].contains(c));
        let places =
            |c: Card| (0..5).filter(|&s| s != me && room_exists(s, self) && may(s, c)).count();
        cards[..n].sort_by_key(|&c| places(c));
        for &c in &cards[..n] {
            let open = |s: usize| s != me && room[s] > 0 && may(s, c);
            let total: usize = (0..5).filter(|&s| open(s)).map(|s| room[s]).sum();
            if total == 0 {
                return None;
            }
            let mut pick = below(rng, total);
            let place = (0..5).filter(|&s| open(s)).find(|&s| {
                if pick < room[s] {
                    true
                } else {
                    pick -= room[s];
                    false
                }
            })?;
            if place < 4 {
                hands[place].insert(c);
            }
            room[place] -= 1;
        }
        room.iter().all(|&r| r == 0).then_some(hands)
    }

    /// A layout, trying with every inference first, then without (an
    /// unusual but legal past play can defeat the inferences).
    pub fn sample(&self, rng: &mut dyn RngCore) -> Option<[CardSet; 4]> {
        (0..20)
            .find_map(|_| self.draw(rng, true))
            .or_else(|| (0..20).find_map(|_| self.draw(rng, false)))
    }

    /// A layout drawn as [`PlayInfo::sample`] does, then weighed by how
    /// likely the auction's calls, the belotes not called and the cards
    /// the others played ([`PlayInfo::plays`]) are with it: of `tries`
    /// layouts (more when the plays weigh them, [`PLAYS_TRIES`]) one is
    /// kept with chances in proportion to those likelihoods (sampling
    /// importance resampling). With nothing to weigh, one layout.
    pub fn sample_by_calls(&self, rng: &mut dyn RngCore, tries: usize) -> Option<[CardSet; 4]> {
        if self.auction.is_none()
            && self.plays.is_none()
            && self.unlikely.iter().all(|u| u.is_empty())
        {
            return self.sample(rng);
        }
        let mut layouts = Vec::with_capacity(tries);
        let mut weights = Vec::with_capacity(tries);
        let max_tries = match &self.plays {
            Some(_) => tries * PLAYS_TRIES,
            None => tries,
        };
        for i in 0..max_tries.max(1) {
            // Enough layouts near the likeliest: as many as with nothing
            // to weigh but the auction (the plays' misses thin them out).
            if i >= tries && PlayInfo::near_best(&weights) >= tries {
                break;
            }
            let Some(h) = self.sample(rng) else { continue };
            let mut w = 1.0;
            for (hand, u) in h.iter().zip(self.unlikely) {
                if !(*hand & u).is_empty() {
                    w *= SILENT_MISS;
                }
            }
            if let Some(plays) = &self.plays {
                w *= plays.likelihood(&h);
            }
            layouts.push(h);
            weights.push(w);
        }
        // The auction's likelihood costs the most: layouts the plays
        // already make a thousand times less likely than the likeliest
        // are left out without it.
        let floor = match self.plays {
            Some(_) => weights.iter().copied().fold(0.0, f64::max) * PLAYS_FLOOR,
            None => 0.0,
        };
        if let Some(auction) = &self.auction {
            for (h, w) in layouts.iter().zip(weights.iter_mut()) {
                if *w < floor {
                    *w = 0.0;
                    continue;
                }
                for (s, (hand, played)) in h.iter().zip(self.played_by).enumerate() {
                    if s != self.me.index() & 3 && s < self.players as usize {
                        *w *= auction.likelihood(Seat(s as u8), *hand | played);
                    }
                }
            }
        }
        let total: f64 = weights.iter().sum();
        if layouts.is_empty() {
            return None;
        }
        if total <= 0.0 {
            // No layout explains the calls (a bidder not like the model):
            // any of them.
            return layouts.first().copied();
        }
        let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (h, w) in layouts.iter().zip(&weights) {
            if x < *w {
                return Some(*h);
            }
            x -= w;
        }
        layouts.last().copied()
    }

    /// How many of `weights` are at least [`NEAR_BEST`] of the largest.
    fn near_best(weights: &[f64]) -> usize {
        let best = weights.iter().copied().fold(0.0, f64::max);
        weights.iter().filter(|&&w| w >= best * NEAR_BEST).count()
    }

    /// The play position with `hands` as the seats' cards now.
    pub fn position(&self, hands: [CardSet; 4]) -> Option<PlayState> {
        let mut start = hands;
        for &(seat, card) in &self.trick {
            start[seat.index() & 3].insert(card);
        }
        let n = start[self.leader.index() & 3].len();
        if (0..self.players as usize).any(|s| start[s].len() != n) || n == 0 {
            return None;
        }
        let mut s = PlayState::new(
            start,
            self.players,
            self.partners,
            self.contract,
            self.rules,
            self.leader,
        );
        for &(seat, card) in &self.trick {
            if s.to_play() != seat {
                return None;
            }
            s.step(card);
        }
        (s.to_play() == self.me).then_some(s)
    }

    /// The cards the seat may play now (from its hand and the trick).
    pub fn legal(&self) -> CardSet {
        if self.trick.is_empty() {
            return self.hand;
        }
        let ctx = TrickContext::of_trick(self.contract, &self.trick, self.me, self.partners);
        legal_plays(self.hand, self.contract, &self.rules, &ctx)
    }
}

fn room_exists(s: usize, p: &PlayInfo) -> bool {
    s == 4 || s < p.players as usize
}

/// What fills a card buffer past its length (never read).
const FILL: Card = Card::new(Suit::Spades, Rank::Seven);

#[cfg(test)]
mod tests {

    /// A contract's objective scores both sides, and its worth is their
    /// difference (what a match's stakes weigh instead).
    #[test]
    fn a_contracts_scores_give_its_worth() {
        let o = Objective::Contract {
            taker: true,
            bonus: [20, 0],
            belote: [20, 0],
            double: false,
            capot: [0, 0],
        };
        for v in [0u32, 40, 81, 82, 100, 162] {
            let (mine, theirs) = o.scores(v, 162).unwrap();
            assert_eq!(o.worth(v, 162), mine - theirs);
        }
        // Made: each side its own; failed: the taker keeps only his belote.
        assert_eq!(o.scores(100, 162), Some((120.0, 62.0)));
        assert_eq!(o.scores(50, 162), Some((20.0, 162.0)));
        assert_eq!(Objective::Points.scores(100, 162), None);
        assert_eq!(Objective::Points.worth(100, 162), 100.0);
    }

    /// The tricks already taken go to the side that took them, and a side
    /// that lost one can no longer score a capot.
    #[test]
    fn tricks_taken_count_and_end_a_capot() {
        let mut o = Objective::Contract {
            taker: true,
            bonus: [0, 0],
            belote: [0, 0],
            double: false,
            capot: [90, 90],
        };
        let trick = |winner: u8, points: u32| TrickView {
            leader: Seat(0),
            cards: Vec::new(),
            winner: Some(Seat(winner)),
            points: Some(points),
        };
        let tricks = [trick(0, 30), trick(2, 11)];
        o.add_taken(&tricks, |s| s.0 % 2 == 0);
        // Every trick so far ours: 41 taken, our capot still possible.
        assert_eq!(o.scores(121, 121), Some((162.0 + 90.0, 0.0)));
        // 60 of the 121 still out make 101: made.
        assert_eq!(o.scores(60, 121), Some((101.0, 61.0)));
        o.add_taken(&[trick(1, 0)], |s| s.0 % 2 == 0);
        assert_eq!(o.scores(121, 121), Some((162.0, 0.0)));
        // 35 more make 76 against 86: dedans, all 162 to them.
        assert_eq!(o.scores(35, 121), Some((0.0, 162.0)));
    }

    /// Two-player Belot and French Belote: at every card decision, the
    /// contract objective holds the card points of every trick already
    /// taken (on the side that took it), besides the announcements and
    /// belote: the contract is judged on the whole deal, not on the cards
    /// still out.
    #[test]
    fn the_contract_objective_counts_the_tricks_already_taken() {
        for name in ["two-player", "french", "french-2"] {
            the_tricks_taken_count(name);
        }
    }

    /// Plays `deals` deals of `name` (decks of seed 3, the heuristic bot
    /// in every seat) and calls `f` at every card decision with the deal,
    /// its number, the seat, its view and what the seat knows.
    fn each_card_decision(
        name: &str,
        deals: u64,
        mut f: impl FnMut(&AnyDeal, u64, Seat, &AnyView, PlayInfo),
    ) {
        let game = Game::from_name(name).unwrap();
        let n = game.players() as u64;
        for k in 0..deals {
            let mut t = AnyDeal::new(&game, Seat((k % n) as u8), Deck::from_seed(k, 3)).unwrap();
            let mut memories: Vec<Memory> = (0..n).map(|_| Memory::default()).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(k);
            while let Some(seat) = t.to_act() {
                let view = t.view(seat);
                let playing = t.play_state().is_some()
                    && view.legal().iter().all(|a| matches!(a, belot_core::Action::Play { .. }));
                if playing {
                    let info =
                        PlayInfo::from_view(&game, &view, &mut memories[seat.index()]).unwrap();
                    f(&t, k, seat, &view, info);
                } else {
                    memories[seat.index()].observe(&view);
                }
                let action = HeuristicBot.act(&view, &mut rng);
                t.apply(seat, &action).unwrap();
            }
        }
    }

    fn the_tricks_taken_count(name: &str) {
        let mut checked = 0;
        each_card_decision(name, 40, |t, k, seat, view, info| {
            let Objective::Contract { bonus, .. } = info.objective else { return };
            let play = t.play_state().unwrap();
            let taken: u32 = play.points().iter().sum();
            let mine = play.points()[seat.index()] as i32;
            let known = match view {
                AnyView::TwoPlayer(v) => {
                    let scored: u32 = v
                        .announcements
                        .iter()
                        .filter(|a| Some(a.seat) == v.contest_winner)
                        .map(|a| a.points)
                        .sum();
                    scored as i32 + 20 * v.belote_calls.len() as i32
                }
                AnyView::French(v) => {
                    let scored: u32 = v
                        .announcements
                        .iter()
                        .filter(|a| a.scored == Some(true))
                        .map(|a| a.points)
                        .sum();
                    let belote = contract_belote(v);
                    scored as i32 + belote
                }
                // Asked of French Belote and two-player Belot only.
                _ => unreachable!("no contract objective in this game"),
            };
            let sum = bonus[0] + bonus[1];
            assert_eq!(sum, taken as i32 + known, "{name}, deal {k}");
            assert!(bonus[0] >= mine, "{name}, deal {k}: the seat's tricks count for it");
            checked += 1;
        });
        assert!(checked > 200, "{name}: {checked} decisions checked");
    }

    /// Three-player Belot: every seat plays for its own card points (a
    /// defender's partner for the deal is his rival on the score sheet);
    /// French Belote for three: the taker alone, his opponents together.
    #[test]
    fn three_player_seats_play_for_their_own_points() {
        for name in ["three-player", "french-3"] {
            let (mut alone, mut together) = (0, 0);
            each_card_decision(name, 10, |_, k, seat, view, info| {
                let taker = view.common().taker.unwrap();
                let mine = 1u8 << seat.0;
                let expected = if name == "three-player" || seat == taker {
                    mine
                } else {
                    0b111 & !(1 << taker.0)
                };
                assert_eq!(info.side, expected, "{name}, deal {k}, seat {seat}");
                if info.side == mine { alone += 1 } else { together += 1 }
            });
            assert!(alone > 50, "{name}: {alone}");
            assert!(name == "three-player" || together > 50, "{name}: {together}");
        }
    }

    /// The belote a French seat counts: heard, or in its own hand.
    fn contract_belote(v: &SeatView) -> i32 {
        let pair = v.contract.and_then(|c| c.trump_suit()).map(belote_pair);
        let held = pair.is_some_and(|p| v.hand.contains_all(p));
        if !v.belote_calls.is_empty() || held { 20 } else { 0 }
    }

    use super::*;
    use crate::bots::{Bot, HeuristicBot, RandomBot};
    use belot_core::Deck;
    use belot_core::french::SeatView;
    use belot_core::{AnyDeal, Deal};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// In every game, at every card a seat plays: the real hands never
    /// break what the seat inferred, every layout drawn holds exactly the
    /// cards the seat cannot place with each seat's count, and the
    /// position rebuilt from a layout is the real one in all it shows.
    #[test]
    fn inferences_hold_and_layouts_agree_with_what_the_seat_knows() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for name in ["french", "french-3", "french-2", "two-player", "three-player"] {
            let game = Game::from_name(name).unwrap();
            let n = game.players();
            let mut checked = 0;
            let mut constrained = 0;
            for k in 0..80u64 {
                let mut t =
                    AnyDeal::new(&game, Seat((k % n as u64) as u8), Deck::from_seed(k, 7)).unwrap();
                let mut memories: Vec<Memory> = (0..n).map(|_| Memory::default()).collect();
                while let Some(seat) = t.to_act() {
                    let view = t.view(seat);
                    let cards_only =
                        view.legal().iter().all(|a| matches!(a, belot_core::Action::Play { .. }));
                    if cards_only {
                        let info =
                            PlayInfo::from_view(&game, &view, &mut memories[seat.index()]).unwrap();
                        let play = t.play_state().unwrap();
                        let real = *play.hands();
                        assert_eq!(info.legal(), play.legal(), "{name}: the seat's legal cards");
                        #[allow(clippy::needless_range_loop)] // s indexes three arrays
                        for s in 0..n as usize {
                            if s == seat.index() {
                                continue;
                            }
                            assert!(
                                real[s].contains_all(info.known[s]),
                                "{name}: known cards of seat {s}"
                            );
                            assert!(
                                (real[s] & info.cannot[s]).is_empty(),
                                "{name}: seat {s} holds what it cannot: {} & {}",
                                real[s],
                                info.cannot[s]
                            );
                            constrained += info.cannot[s].len();
                        }
                        for _ in 0..5 {
                            let h = info.sample(&mut rng).expect("a layout");
                            let mut strict = true;
                            for s in 0..n as usize {
                                assert_eq!(h[s].len(), real[s].len(), "{name}: size of seat {s}");
                                if s != seat.index() {
                                    assert!(h[s].contains_all(info.known[s]));
                                    strict &= (h[s] & info.cannot[s]).is_empty();
                                }
                            }
                            // The real hands are one strict layout, so one
                            // is always found.
                            assert!(strict, "{name}: a layout breaks the inferences");
                            let p = info.position(h).unwrap();
                            assert_eq!(p.to_play(), play.to_play());
                            assert_eq!(p.current_trick(), play.current_trick());
                            assert_eq!(p.hand(seat), play.hand(seat));
                            assert_eq!(p.legal(), play.legal());
                            checked += 1;
                        }
                    }
                    let a = if k % 2 == 0 {
                        HeuristicBot.act(&view, &mut rng)
                    } else {
                        RandomBot.act(&view, &mut rng)
                    };
                    t.apply(seat, &a).unwrap();
                }
            }
            assert!(checked > 500, "{name}: {checked}");
            assert!(constrained > 100, "{name}: some cards were inferred away: {constrained}");
        }
    }

    #[test]
    fn a_two_player_seat_remembers_the_tricks_that_left_the_view() {
        let game = Game::from_name("two-player").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for k in 0..40u64 {
            let mut t = AnyDeal::new(&game, Seat((k % 2) as u8), Deck::from_seed(k, 2)).unwrap();
            let mut memories = [Memory::default(), Memory::default()];
            while let Some(seat) = t.to_act() {
                let view = t.view(seat);
                if view.legal().iter().all(|a| matches!(a, belot_core::Action::Play { .. })) {
                    let info =
                        PlayInfo::from_view(&game, &view, &mut memories[seat.index()]).unwrap();
                    let play = t.play_state().unwrap();
                    // Everything played is accounted for: unseen cards
                    // are exactly the other hand and the stock.
                    let other = play.hand(Seat(1 - seat.0));
                    assert!(info.unseen.contains_all(other - info.known[1 - seat.index()]));
                    assert!(
                        (info.unseen & play.played()).is_empty(),
                        "played cards are remembered"
                    );
                }
                let a = HeuristicBot.act(&view, &mut rng);
                t.apply(seat, &a).unwrap();
            }
        }
    }
}
