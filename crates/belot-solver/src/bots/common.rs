//! What the heuristic bots of two- and three-player Belot share: what a
//! seat can know of the other hands from the cards it saw (unseen cards,
//! cards known in a hand, voids and missing higher cards inferred from
//! the plays), rough chances from that knowledge, and a card-play rule
//! that weighs each playable card by the points it wins or gives away now
//! and what the card is still worth in hand.
//!
//! The chances are deliberately simple: every unseen card a seat may hold
//! is taken to be in its hand independently, with probability (cards it
//! holds that are not known) / (unseen cards it may hold).

use belot_core::view::TrickView;
use belot_core::{Action, Card, CardSet, Contract, Rank, Seat, Suit};

/// The trick in progress (empty on lead) and every card played so far in
/// the deal, from a view's tricks.
pub(crate) fn trick_and_played(
    tricks: &[TrickView],
    trick: Option<&TrickView>,
) -> (Vec<(Seat, Card)>, CardSet) {
    let now: Vec<(Seat, Card)> = trick.map(|t| t.cards.clone()).unwrap_or_default();
    let played = tricks.iter().flat_map(|t| &t.cards).chain(&now).map(|x| x.1).collect();
    (now, played)
}

/// What the seat plays for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Aim {
    /// As many points as possible (every contract but распасы).
    Most,
    /// As few points as possible (распасы).
    Fewest,
}

/// The card now winning a trick (`trick` not empty) and who played it.
pub(crate) fn winner(contract: Contract, trick: &[(Seat, Card)]) -> Option<(Seat, Card)> {
    let mut it = trick.iter().copied();
    let mut win = it.next()?;
    for (s, c) in it {
        if contract.beats(c, win.1) {
            win = (s, c);
        }
    }
    Some(win)
}

/// The playable cards of `legal`, each with whether it may carry a
/// belote (бела) call.
pub(crate) fn playable(legal: &[Action]) -> Vec<(Card, bool)> {
    let mut out: Vec<(Card, bool)> = Vec::new();
    for a in legal {
        if let Action::Play { card, belote } = a {
            match out.iter_mut().find(|x| x.0 == *card) {
                Some(x) => x.1 |= *belote,
                None => out.push((*card, *belote)),
            }
        }
    }
    out
}

/// Plays `card`, calling belote when the card allows it and `call` (the
/// call scores for the caller: it costs nothing and scores 20).
pub(crate) fn play_action(cards: &[(Card, bool)], card: Card, call: bool) -> Action {
    let belote = call && cards.iter().any(|&(c, b)| c == card && b);
    Action::Play { card, belote }
}

/// What one seat knows of the other hands.
#[derive(Clone, Debug)]
pub(crate) struct Knowledge {
    contract: Contract,
    /// Cards the seat has not seen anywhere (in another hand or out of
    /// play), known cards excluded.
    unseen: CardSet,
    /// Cards known to be in each seat's hand.
    known: [CardSet; 4],
    /// Cards each seat cannot hold, from its plays.
    excluded: [CardSet; 4],
    /// Cards in each seat's hand.
    sizes: [usize; 4],
}

impl Knowledge {
    /// `unseen`: every card the seat has not seen (its hand, played and
    /// face-up cards removed); `known`: cards known to be in other hands
    /// (removed from `unseen` here); `sizes`: hand sizes.
    pub(crate) fn new(
        contract: Contract,
        unseen: CardSet,
        known: [CardSet; 4],
        sizes: [usize; 4],
    ) -> Knowledge {
        let all_known = known.iter().fold(CardSet::EMPTY, |a, &k| a | k);
        Knowledge {
            contract,
            unseen: unseen - all_known,
            known,
            excluded: [CardSet::EMPTY; 4],
            sizes,
        }
    }

    /// Learns from a trick (complete or in progress) what its players
    /// cannot hold: a player who did not follow is void in the suit led;
    /// one who neither followed nor trumped has no trumps; one who played
    /// under the card he had to beat has nothing higher (§1.6).
    pub(crate) fn learn(&mut self, trick: &[(Seat, Card)]) {
        // The two- and three-player games have no partners: the duties of
        // §1.6 without the partner exception.
        self.learn_with(trick, false, &belot_core::PlayRules::NO_PARTNERS);
    }

    /// Learns from a trick as [`Knowledge::learn`] does, under the play
    /// duties `rules`, with partners (seats two apart) or without.
    pub(crate) fn learn_with(
        &mut self,
        trick: &[(Seat, Card)],
        partners: bool,
        rules: &belot_core::PlayRules,
    ) {
        let cannot = crate::knowledge::revealed([trick], 4, partners, self.contract, rules);
        for (e, c) in self.excluded.iter_mut().zip(cannot) {
            *e |= c;
        }
    }

    /// Unseen cards `seat` may hold, known ones aside.
    fn open(&self, seat: Seat) -> CardSet {
        self.unseen - self.excluded[seat.index() & 3]
    }

    /// The chance that `seat` holds a given open card.
    fn q(&self, seat: Seat) -> f64 {
        let i = seat.index() & 3;
        let open = self.open(seat).len();
        let free = self.sizes[i].saturating_sub(self.known[i].len());
        if open == 0 { 0.0 } else { (free as f64 / open as f64).min(1.0) }
    }

    /// The chance that `seat` holds at least one card of `set`.
    pub(crate) fn holds_any(&self, seat: Seat, set: CardSet) -> f64 {
        if !(self.known[seat.index() & 3] & set).is_empty() {
            return 1.0;
        }
        let n = (self.open(seat) & set).len() as i32;
        1.0 - (1.0 - self.q(seat)).powi(n)
    }

    /// Expected number of cards of `set` in `seat`'s hand.
    pub(crate) fn expected(&self, seat: Seat, set: CardSet) -> f64 {
        (self.known[seat.index() & 3] & set).len() as f64
            + self.q(seat) * (self.open(seat) & set).len() as f64
    }

    /// True when `seat` cannot hold any card of `set`.
    pub(crate) fn cannot_hold(&self, seat: Seat, set: CardSet) -> bool {
        (self.known[seat.index() & 3] & set).is_empty() && (self.open(seat) & set).is_empty()
    }

    /// The chance that `seat`, still to play to a trick led in `led` and
    /// now won by `win`, can take it over.
    pub(crate) fn can_beat(&self, seat: Seat, led: Suit, win: Card) -> f64 {
        let c = self.contract;
        let higher = c.higher_than(win);
        let void = 1.0 - self.holds_any(seat, CardSet::suit(led));
        if win.suit() == led {
            let follow = self.holds_any(seat, higher);
            let ruff = match c {
                Contract::Suit(t) if t != led => void * self.holds_any(seat, CardSet::suit(t)),
                _ => 0.0,
            };
            (follow + ruff).min(1.0)
        } else {
            // A trump ruffing a plain lead: only a higher trump, when void.
            void * self.holds_any(seat, higher)
        }
    }

    /// The chance that `seat` will have to take over the trick, whatever
    /// it would rather do (a player who wants no points wins only then).
    pub(crate) fn must_beat(&self, seat: Seat, led: Suit, win: Card) -> f64 {
        let c = self.contract;
        let higher = c.higher_than(win);
        let same = CardSet::suit(led);
        let void = 1.0 - self.holds_any(seat, same);
        if win.suit() != led {
            return void * self.holds_any(seat, higher);
        }
        if c.is_trump(led) {
            // Trump led, or all-trumps: he must head the trick if he can.
            return self.holds_any(seat, higher);
        }
        let lower = same - higher - win.set();
        let only_higher = self.holds_any(seat, higher) * (1.0 - self.holds_any(seat, lower));
        let ruff = match c {
            Contract::Suit(t) => void * self.holds_any(seat, CardSet::suit(t)),
            _ => 0.0,
        };
        (only_higher + ruff).min(1.0)
    }
}

/// Everything the card-play rule needs at one seat's turn to play.
pub(crate) struct Turn<'a> {
    /// The contract.
    pub contract: Contract,
    /// Players at the table.
    pub players: u8,
    /// The seat to play.
    pub me: Seat,
    /// Its cards.
    pub hand: CardSet,
    /// Its playable cards (with the belote flag).
    pub cards: &'a [(Card, bool)],
    /// The trick so far.
    pub trick: &'a [(Seat, Card)],
    /// What it knows of the other hands.
    pub know: &'a Knowledge,
    /// What a point taken by each seat is worth to the seat playing: 1
    /// for itself, below 0 for an opponent (reversed in распасы).
    pub weight: [f64; 4],
    /// The seats playing against this one (in распасы, the other player).
    pub foe: [bool; 4],
    /// Most points, or fewest.
    pub aim: Aim,
    /// Extra points the trick carries (the last trick's 10; in распасы
    /// a first trick also makes the opponent's constructions count).
    pub bonus: f64,
}

impl<'a> Turn<'a> {
    /// `me`'s turn to play one of `cards` (holding `hand`) to `trick`:
    /// every seat's points worth nothing yet (see [`Turn::valuing`]), most
    /// points the aim, the last trick's 10 its bonus.
    pub(crate) fn new(
        contract: Contract,
        players: u8,
        me: Seat,
        hand: CardSet,
        cards: &'a [(Card, bool)],
        trick: &'a [(Seat, Card)],
        know: &'a Knowledge,
    ) -> Turn<'a> {
        let bonus = if hand.len() == 1 { 10.0 } else { 0.0 };
        let (weight, foe, aim) = ([0.0; 4], [false; 4], Aim::Most);
        Turn { contract, players, me, hand, cards, trick, know, weight, foe, aim, bonus }
    }

    /// Each seat's points valued by `value(seat)`: their weight to this
    /// seat, and whether that seat plays against it.
    pub(crate) fn valuing(mut self, value: impl Fn(Seat) -> (f64, bool)) -> Turn<'a> {
        for s in 0..self.players.min(4) {
            (self.weight[s as usize], self.foe[s as usize]) = value(Seat(s));
        }
        self
    }

    /// The same turn aiming at `aim` (fewest points in распасы).
    pub(crate) fn aiming(self, aim: Aim) -> Turn<'a> {
        Turn { aim, ..self }
    }
}

impl Turn<'_> {
    fn is_foe(&self, s: Seat) -> bool {
        self.foe[s.index() & 3]
    }

    fn foes(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players).map(Seat).filter(|&s| s != self.me && self.is_foe(s))
    }

    /// Seats still to play after this seat in the current trick.
    fn later(&self) -> Vec<Seat> {
        let played = self.trick.len() as u8 + 1;
        (1..=self.players.saturating_sub(played)).map(|k| self.me.plus(k, self.players)).collect()
    }

    /// The chance that an opponent can beat `card` in its suit later in
    /// the deal (a higher card of the suit, or a ruff), lowered by the
    /// small cards that guard it.
    fn capture_risk(&self, card: Card) -> f64 {
        let c = self.contract;
        let higher = c.higher_than(card);
        let mut none_higher = 1.0;
        let mut no_ruff = 1.0;
        for f in self.foes() {
            none_higher *= 1.0 - self.know.holds_any(f, higher);
            if let Contract::Suit(t) = c
                && t != card.suit()
            {
                let void = 1.0 - self.know.holds_any(f, CardSet::suit(card.suit()));
                no_ruff *= 1.0 - void * self.know.holds_any(f, CardSet::suit(t));
            }
        }
        let guards = (self.hand.of_suit(card.suit()) - higher - card.set()).len().min(2);
        ((1.0 - none_higher) * 0.5f64.powi(guards as i32) + (1.0 - no_ruff)).min(1.0)
    }

    /// What `card` is still worth in hand, in points: for most points,
    /// its own points as weighed by who is likely to take them (itself,
    /// or an opponent who captures it) plus a little for trumps and
    /// masters; for fewest points, minus
    /// the points it will probably have to take.
    fn keep_value(&self, card: Card) -> f64 {
        let c = self.contract;
        let pts = c.points(card) as f64;
        let risk = self.capture_risk(card);
        match self.aim {
            Aim::Most => {
                let control = match c {
                    Contract::Suit(t) if card.suit() == t => 3.0 + c.strength(card) as f64,
                    Contract::AllTrumps => c.strength(card) as f64 / 2.0,
                    _ => 0.0,
                };
                let master = if risk < 0.05 { 2.0 } else { 0.0 };
                // A later capture needs the opponent on lead and willing to
                // cash his card: less likely than the chance it has now.
                let later = 0.7 * risk;
                let foes: Vec<f64> = self.foes().map(|f| self.weight[f.index() & 3]).collect();
                let foe_weight = foes.iter().sum::<f64>() / foes.len().max(1) as f64;
                pts * ((1.0 - later) + later * foe_weight) + control + master
            }
            Aim::Fewest => {
                // A card nothing can beat will take a trick sooner or later,
                // unless it can be thrown on a void.
                let higher = c.higher_than(card);
                let none_higher =
                    self.foes().map(|f| 1.0 - self.know.holds_any(f, higher)).product::<f64>();
                let low = if c.strength(card) <= 1 { 1.0 } else { 0.0 };
                low - 0.6 * none_higher * (pts + 4.0)
            }
        }
    }

    /// The expected weight of whoever takes the trick once `card` is
    /// played, and the points the later players are expected to add.
    fn outcome(&self, card: Card) -> (f64, f64) {
        let c = self.contract;
        let mut trick = self.trick.to_vec();
        trick.push((self.me, card));
        let led = trick[0].1.suit();
        let Some((mut ws, wc)) = winner(c, &trick) else { return (0.0, 0.0) };
        let mut w = self.weight[ws.index() & 3];
        let mut added = 0.0;
        for r in self.later() {
            let wr = self.weight[r.index() & 3];
            let p = match self.aim {
                Aim::Most if self.is_foe(r) != self.is_foe(ws) => self.know.can_beat(r, led, wc),
                Aim::Most => 0.0,
                Aim::Fewest => self.know.must_beat(r, led, wc),
            };
            w = (1.0 - p) * w + p * wr;
            if p > 0.5 {
                ws = r;
            }
            // Losers throw little when they want points, much when not.
            added += match self.aim {
                Aim::Most => 1.0 + 4.0 * p,
                Aim::Fewest => 2.0 + 4.0 * (1.0 - p),
            };
        }
        (w, added)
    }

    /// The value of playing `card` now: the weighted points of the trick
    /// less what the card would still be worth in hand.
    fn value(&self, card: Card) -> f64 {
        let c = self.contract;
        let (w, added) = self.outcome(card);
        let now: f64 = self.trick.iter().map(|x| c.points(x.1) as f64).sum();
        let points = now + c.points(card) as f64 + added + self.bonus;
        w * points - self.keep_value(card)
    }

    /// A suit contract's master trump in hand, worth leading to draw the
    /// opponents' trumps (before they ruff the side cards): this seat
    /// holds three trumps, or as many as they are expected to hold, and
    /// they may still hold some.
    fn trump_to_draw(&self) -> Option<Card> {
        let Contract::Suit(t) = self.contract else { return None };
        let trumps = self.hand.of_suit(t);
        let top = trumps.iter().max_by_key(|&x| self.contract.strength(x))?;
        let higher = self.contract.higher_than(top);
        if self.foes().any(|f| !self.know.cannot_hold(f, higher)) {
            return None;
        }
        let theirs: f64 = self.foes().map(|f| self.know.expected(f, CardSet::suit(t))).sum();
        let playable = self.cards.iter().any(|x| x.0 == top);
        let n = trumps.len();
        (playable && n >= 2 && theirs >= 0.5 && (n >= 3 || n as f64 >= theirs)).then_some(top)
    }

    /// The card to play.
    pub(crate) fn choose(&self) -> Option<Card> {
        if self.trick.is_empty()
            && self.aim == Aim::Most
            && let Some(t) = self.trump_to_draw()
        {
            return Some(t);
        }
        let c = self.contract;
        let mut best: Option<(f64, Card)> = None;
        for &(card, _) in self.cards {
            let v = self.value(card);
            // On equal values keep the stronger cards for later (for fewest
            // points: get rid of them).
            let tie = |other: Card| match self.aim {
                Aim::Most => c.strength(card) < c.strength(other),
                Aim::Fewest => c.strength(card) > c.strength(other),
            };
            if best.is_none_or(|(bv, bc)| v > bv + 1e-9 || ((v - bv).abs() <= 1e-9 && tie(bc))) {
                best = Some((v, card));
            }
        }
        best.map(|b| b.1)
    }
}

/// What the bidding rules weigh in a hand for a suit contract (each
/// feature a count, or a value in points).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct HandFeatures {
    /// Jack of trumps.
    pub jack: f64,
    /// Nine of trumps.
    pub nine: f64,
    /// Ace and ten of trumps.
    pub ace_ten: f64,
    /// Other trumps (K, Q, 8, 7).
    pub small: f64,
    /// Side aces.
    pub side_aces: f64,
    /// Side tens (with their ace or guarded by another card).
    pub side_tens: f64,
    /// Side kings and other side points.
    pub side_other: f64,
    /// Void side suits.
    pub voids: f64,
    /// The best meld's value.
    pub meld: f64,
    /// King and queen of trumps.
    pub belote: f64,
}

impl HandFeatures {
    /// The features of `hand` with `trump` as trump; `meld` is the value
    /// of the best meld the hand holds.
    pub(crate) fn suit(hand: CardSet, trump: Suit, meld: u32) -> HandFeatures {
        let t = hand.of_suit(trump);
        let has = |r: Rank| if t.contains(Card::new(trump, r)) { 1.0 } else { 0.0 };
        let mut f = HandFeatures {
            jack: has(Rank::Jack),
            nine: has(Rank::Nine),
            ace_ten: has(Rank::Ace) + has(Rank::Ten),
            meld: meld as f64,
            belote: has(Rank::King) * has(Rank::Queen),
            ..HandFeatures::default()
        };
        f.small = t.len() as f64 - f.jack - f.nine - f.ace_ten;
        for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
            let side = hand.of_suit(s);
            if side.is_empty() {
                f.voids += 1.0;
            }
            let ace = side.contains(Card::new(s, Rank::Ace));
            if ace {
                f.side_aces += 1.0;
            }
            if side.contains(Card::new(s, Rank::Ten)) && (ace || side.len() >= 2) {
                f.side_tens += 1.0;
            }
            if side.contains(Card::new(s, Rank::King)) {
                f.side_other += 1.0;
            }
        }
        f
    }

    /// The features in the order of the calibration files' columns
    /// (`f0` to `f9`).
    #[cfg(test)]
    pub(crate) fn columns(&self) -> [f64; 10] {
        [
            self.jack,
            self.nine,
            self.ace_ten,
            self.small,
            self.side_aces,
            self.side_tens,
            self.side_other,
            self.voids,
            self.meld,
            self.belote,
        ]
    }
}

/// The value of the best meld in `hand` (a carré beats any sequence, a
/// longer sequence a shorter one), by `values`.
pub(crate) fn best_meld_value(hand: CardSet, values: &belot_core::meld::MeldValues) -> u32 {
    belot_core::meld::find_melds(hand, belot_core::meld::CardReuse::AllowCarreAndSeq)
        .into_iter()
        .map(|m| values.value(m))
        .max()
        .unwrap_or(0)
}

/// Plays `calls`, then the deal with `act` in every seat; the points each
/// seat records (`None` if a call is refused or the deal is not scored).
#[cfg(test)]
pub(crate) fn play_forced<D: belot_core::Deal>(
    mut d: D,
    calls: &[Action],
    act: impl Fn(&D::View) -> Action,
) -> Option<Vec<f64>> {
    for a in calls {
        let s = d.to_act()?;
        d.apply(s, a).ok()?;
    }
    while let Some(s) = d.to_act() {
        let a = act(&d.view(s));
        d.apply(s, &a).ok()?;
    }
    Some(d.recorded()?.iter().map(|h| h.as_f64()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_player_who_does_not_follow_is_void_and_one_who_does_not_trump_has_no_trump() {
        let k = Contract::Suit(Suit::Hearts);
        let mut know = Knowledge::new(k, CardSet::FULL, [CardSet::EMPTY; 4], [8, 8, 8, 0]);
        know.learn(&[(Seat(0), c("AS")), (Seat(1), c("7D")), (Seat(2), c("9H"))]);
        assert!(know.cannot_hold(Seat(1), CardSet::suit(Suit::Spades)));
        assert!(know.cannot_hold(Seat(1), CardSet::suit(Suit::Hearts)));
        assert!(know.cannot_hold(Seat(2), CardSet::suit(Suit::Spades)));
        assert!(!know.cannot_hold(Seat(2), CardSet::suit(Suit::Hearts)));
        // Trump led, a lower trump played under the nine: no jack.
        know.learn(&[(Seat(0), c("9H")), (Seat(2), c("7H"))]);
        assert!(know.cannot_hold(Seat(2), c("JH").set()));
        assert_eq!(know.holds_any(Seat(1), CardSet::suit(Suit::Hearts)), 0.0);
    }
}
