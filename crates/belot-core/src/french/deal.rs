//! One deal of French Belote as a state machine: deal (3+2 and the turned
//! card), the two-round auction, the rest of the deal, announcements at the
//! first trick, play with belote calls, and scoring.

use serde::{Deserialize, Serialize};

use super::options::{AnnounceContests, FirstPackets, FrenchOptions};
use super::score::{DealScore, DealSummary, score_dealt};
use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::Contract;
use crate::deal_base::{DealBase, card_refused};
use crate::deck::Deck;
use crate::error::GameError;
use crate::meld::{Meld, MeldOrder, MeldValues, belote_holder, contest_winner, find_melds};
use crate::play::PlayState;
use crate::seat::{Seat, Side};

/// Players at the table.
pub const PLAYERS: u8 = 4;

/// The side of a seat: partners sit opposite.
#[inline]
pub const fn side_of(seat: Seat) -> Side {
    Side(seat.0 & 1)
}

/// Card points and tricks per side from a play state (partners' seats
/// added), and the side that took every trick once play is over.
pub fn side_totals(play: &PlayState) -> ([u32; 2], [u8; 2], Option<Side>) {
    side_totals_n(play, 4)
}

/// [`side_totals`] at a table of `n` players (two sides: four players in
/// teams, or two players).
pub(crate) fn side_totals_n(play: &PlayState, n: u8) -> ([u32; 2], [u8; 2], Option<Side>) {
    let p = play.points();
    let t = play.tricks();
    let (points, tricks) = if n == 4 {
        ([p[0] + p[2], p[1] + p[3]], [t[0] + t[2], t[1] + t[3]])
    } else {
        ([p[0], p[1]], [t[0], t[1]])
    };
    let total = play.tricks_total();
    let capot = if tricks[0] == total {
        Some(Side(0))
    } else if tricks[1] == total {
        Some(Side(1))
    } else {
        None
    };
    (points, tricks, capot)
}

/// The side of a seat at a table of `n`: partners opposite with four
/// players, each for himself otherwise.
pub const fn side_in(seat: Seat, n: u8) -> Side {
    if n == 4 { Side(seat.0 & 1) } else { Side(seat.0) }
}

/// Where a deal stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The auction (round 1: take or pass; round 2: name a suit or pass).
    Bidding,
    /// Card play.
    Playing,
    /// Played and scored.
    Finished,
    /// Everybody passed twice: no score, the next player deals.
    ThrownIn,
}

/// One announced meld and whether it scored.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Announcement {
    /// Who announced it.
    pub seat: Seat,
    /// The meld.
    pub meld: Meld,
    /// Its value.
    pub points: u32,
    /// True when its side won the contest for it (set after trick 1).
    pub scored: bool,
}

/// A finished deal's summary and its score, for `N` sides.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scored<const N: usize> {
    /// What scoring read.
    pub summary: DealSummary<N>,
    /// The score.
    pub score: DealScore<N>,
}

/// A finished deal's summary and score, by the number of sides: two
/// (four players in teams, or two), or three players each for himself
/// (§4.11).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FrenchScored {
    /// Two sides.
    Two(Scored<2>),
    /// Three sides.
    Three(Scored<3>),
}

/// One deal of French Belote (four players in teams, or two or three
/// each for himself).
#[derive(Clone, Debug)]
pub struct FrenchDeal {
    /// Dealer, deck, turned card, contract, taker, actions, play, tricks.
    pub(crate) base: DealBase,
    options: FrenchOptions,
    /// Holdings during the auction; the 8-card hands once play starts.
    hands: [CardSet; 4],
    phase: Phase,
    round: u8,
    speakers: u8,
    available: [Vec<Meld>; 4],
    announcements: Vec<Announcement>,
    first_card_played: [bool; 4],
    contest_done: bool,
    belote_seat: Option<Seat>,
    belote_calls: u8,
    /// The summary and its score, once the deal is finished.
    scored: Option<FrenchScored>,
    /// Players at the table (4, 3 or 2).
    n: u8,
    /// The deal started from a bare contract: its auction and turned card
    /// were made up to lead there and are shown to nobody.
    bare: bool,
    /// Cards still to deal after the auction, in dealing order.
    rest: Vec<Card>,
    /// Two players: the bottom card, shown after the auction.
    bottom: Option<Card>,
}

impl FrenchDeal {
    /// Deals `deck` with `dealer` dealing. Four players (§4.2): seats from
    /// the dealer's left get the first packets (3 then 2, or 2 then 3), card
    /// 20 is turned. Three players (§4.11): the same with the 24 cards from
    /// 9 to ace in deck order (7s and 8s are set aside), card 15 of those
    /// turned. Two players (§4.11): the Klaberjass deal of the two-player
    /// game: the non-dealer gets cards 0–2 and 6–8, the dealer 3–5 and
    /// 9–11, card 12 is turned (and stays out), 13–18 come after the
    /// auction, card 31 is shown.
    pub fn new(options: FrenchOptions, dealer: Seat, deck: Deck) -> Result<FrenchDeal, GameError> {
        options.validate()?;
        let n = options.players;
        GameError::check_dealer(dealer, n)?;
        let all = deck.cards();
        let mut hands = [CardSet::EMPTY; 4];
        let (turned, rest, bottom) = if n == 2 {
            let nd = dealer.next(2);
            for (i, &card) in all[..12].iter().enumerate() {
                let seat = if (i / 3) % 2 == 0 { nd } else { dealer };
                hands[seat.index()].insert(card);
            }
            (all[12], all[13..19].to_vec(), Some(all[31]))
        } else {
            let cards: Vec<Card> = if n == 3 {
                all.iter().copied().filter(|c| c.rank() >= Rank::Nine).collect()
            } else {
                all.to_vec()
            };
            let (p1, p2) = match options.first_packets {
                FirstPackets::ThreeTwo => (3, 2),
                FirstPackets::TwoThree => (2, 3),
            };
            let mut next = 0;
            for packet in [p1, p2] {
                for k in 1..=n {
                    let seat = dealer.plus(k, n);
                    for _ in 0..packet {
                        hands[seat.index()].insert(cards[next]);
                        next += 1;
                    }
                }
            }
            (cards[next], cards[next + 1..].to_vec(), None)
        };
        Ok(FrenchDeal {
            base: DealBase::new(dealer, deck, turned),
            options,
            hands,
            phase: Phase::Bidding,
            round: 1,
            speakers: 0,
            available: Default::default(),
            announcements: Vec::new(),
            first_card_played: [false; 4],
            contest_done: false,
            belote_seat: None,
            belote_calls: 0,
            scored: None,
            n,
            bare: false,
            rest,
            bottom,
        })
    }

    /// A deal whose play starts from the given 8-card hands with `taker`
    /// holding the contract. Builds a deck and auction that lead exactly
    /// there (the turned card is one of the taker's cards, a trump if he
    /// has one), so the deal has an ordinary record.
    pub fn from_hands(
        options: FrenchOptions,
        dealer: Seat,
        hands: [CardSet; 4],
        trump: Suit,
        taker: Seat,
    ) -> Result<FrenchDeal, GameError> {
        if options.players != 4 {
            return Err(GameError::invalid(
                "hands_four_players",
                "a start from hands is for four players; give a deck or a seed",
            )
            .with("players", options.players));
        }
        let (deck, calls) = deck_for_hands(&options, dealer, hands, trump, taker)?;
        let mut deal = FrenchDeal::new(options, dealer, deck)?;
        for (seat, a) in calls {
            deal.apply(seat, &a)?;
        }
        Ok(deal)
    }

    /// A deal whose play starts from the given hands with `taker` holding
    /// a `trump` contract, and nothing more: [`FrenchDeal::from_hands`]'s
    /// auction and turned card are made up and shown to nobody (the views
    /// have no turned card and no calls).
    pub fn from_contract(
        options: FrenchOptions,
        dealer: Seat,
        hands: [CardSet; 4],
        trump: Suit,
        taker: Seat,
    ) -> Result<FrenchDeal, GameError> {
        let mut deal = FrenchDeal::from_hands(options, dealer, hands, trump, taker)?;
        deal.bare = true;
        Ok(deal)
    }

    /// True when the deal started from a bare contract
    /// ([`FrenchDeal::from_contract`]).
    pub fn is_bare(&self) -> bool {
        self.bare
    }

    /// Marks the deal as started from a bare contract (a record replayed).
    pub(crate) fn set_bare(&mut self) {
        self.bare = true;
    }

    /// The options of this deal.
    pub fn options(&self) -> &FrenchOptions {
        &self.options
    }

    /// The turned card.
    pub fn turned(&self) -> Card {
        self.base.turned
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The contract, once someone has taken.
    pub fn contract(&self) -> Option<Contract> {
        self.base.contract
    }

    /// Who took trump.
    pub fn taker(&self) -> Option<Seat> {
        self.base.taker
    }

    /// Announcements made so far.
    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// The belote holder (K and Q of trumps), once play has started.
    pub fn belote_seat(&self) -> Option<Seat> {
        self.belote_seat
    }

    /// How many belote calls the holder has made (0, 1 or 2).
    pub fn belote_calls(&self) -> u8 {
        self.belote_calls
    }

    /// The summary and score, once the deal is finished.
    pub fn scored(&self) -> Option<&FrenchScored> {
        self.scored.as_ref()
    }

    /// The score of a deal of two sides, once it is finished.
    pub fn score(&self) -> Option<&DealScore> {
        match &self.scored {
            Some(FrenchScored::Two(s)) => Some(&s.score),
            _ => None,
        }
    }

    /// The summary that was scored (two sides), once the deal is finished.
    pub fn summary(&self) -> Option<&DealSummary> {
        match &self.scored {
            Some(FrenchScored::Two(s)) => Some(&s.summary),
            _ => None,
        }
    }

    /// A seat's cards now.
    pub fn hand(&self, seat: Seat) -> CardSet {
        match &self.base.play {
            Some(p) => p.hand(seat),
            None => self.hands[seat.index() & 3],
        }
    }

    /// The 8-card hands as they were when play started.
    pub fn dealt_hands(&self) -> Option<[CardSet; 4]> {
        self.base.play.as_ref().map(|_| self.hands)
    }

    /// The melds a seat could announce (after the deal is complete).
    pub fn available_melds(&self, seat: Seat) -> &[Meld] {
        &self.available[seat.index() & 3]
    }

    /// True once the deal is finished or thrown in.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Finished | Phase::ThrownIn)
    }

    /// Who is to act, if anyone.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Bidding => Some(self.base.dealer.plus(1 + self.speakers, self.n)),
            Phase::Playing => self.base.play.as_ref().map(PlayState::to_play),
            _ => None,
        }
    }

    /// Auction round (1 or 2) while bidding.
    pub fn round(&self) -> u8 {
        self.round
    }

    fn can_announce(&self, seat: Seat) -> bool {
        self.phase == Phase::Playing
            && self.base.tricks.is_empty()
            && !self.first_card_played[seat.index()]
            && !self.available[seat.index()].is_empty()
            && !self.announcements.iter().any(|a| a.seat == seat)
    }

    fn values(&self) -> MeldValues {
        MeldValues::FRENCH
    }

    /// Every action the seat to act may take now (empty when nobody is).
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_act() else { return Vec::new() };
        match self.phase {
            Phase::Bidding if self.round == 1 => vec![Action::Take, Action::Pass],
            Phase::Bidding => {
                let mut v: Vec<Action> = Suit::ALL
                    .into_iter()
                    .filter(|&s| s != self.base.turned.suit())
                    .map(|suit| Action::Name { suit })
                    .collect();
                v.push(Action::Pass);
                v
            }
            Phase::Playing => {
                let Some(play) = &self.base.play else { return Vec::new() };
                let mut v = Vec::new();
                if self.can_announce(seat) {
                    let avail = &self.available[seat.index()];
                    // Every non-empty subset, the full set first.
                    let n = avail.len();
                    for mask in (1u32..(1 << n)).rev() {
                        let melds =
                            (0..n).filter(|i| mask & (1 << i) != 0).map(|i| avail[i]).collect();
                        v.push(Action::Announce { melds });
                    }
                }
                for card in play.legal() {
                    if self.is_belote_card(seat, card) {
                        v.push(Action::Play { card, belote: true });
                    }
                    v.push(Action::play(card));
                }
                v
            }
            _ => Vec::new(),
        }
    }

    fn is_belote_card(&self, seat: Seat, card: Card) -> bool {
        self.belote_seat == Some(seat)
            && self.base.contract.and_then(Contract::trump_suit) == Some(card.suit())
            && matches!(card.rank(), Rank::King | Rank::Queen)
    }

    /// Applies `seat`'s action. A refused action changes nothing; the error
    /// says why and what is allowed.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        let expected = self.to_act();
        if expected != Some(seat) {
            return Err(GameError::NotYourTurn { expected: expected.map(|s| s.0), got: seat.0 });
        }
        match self.phase {
            Phase::Bidding => self.apply_call(seat, action)?,
            Phase::Playing => self.apply_play(seat, action)?,
            _ => return Err(GameError::Finished),
        }
        self.base.actions.push(SeatAction { seat, action: action.clone() });
        Ok(())
    }

    fn apply_call(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        let turned_suit = self.base.turned.suit();
        match (self.round, action) {
            (1, Action::Take) => self.start_play(seat, turned_suit),
            (2, Action::Name { suit }) if *suit != turned_suit => self.start_play(seat, *suit),
            (_, Action::Pass) => {
                self.speakers += 1;
                if self.speakers == self.n {
                    self.speakers = 0;
                    if self.round == 1 {
                        self.round = 2;
                    } else {
                        self.phase = Phase::ThrownIn;
                    }
                }
            }
            (1, _) => {
                return Err(GameError::illegal(
                    "auction_round1",
                    format!(
                        "in the first round of the auction you may take the turned card's suit \
                         ({}) or pass; got {action}",
                        turned_suit
                    ),
                )
                .with("suit", turned_suit)
                .with("action", action.to_string()));
            }
            _ => {
                return Err(GameError::illegal(
                    "auction_round2",
                    format!(
                        "in the second round of the auction you may name a suit other than the \
                         turned card's ({turned_suit}) or pass; got {action}"
                    ),
                )
                .with("suit", turned_suit)
                .with("action", action.to_string()));
            }
        }
        Ok(())
    }

    /// The taker gets the turned card and two more, everyone else three,
    /// in turn order from the dealer's left (§4.2); with two players each
    /// gets three, the non-dealer first, and the turned card stays out.
    fn start_play(&mut self, taker: Seat, trump: Suit) {
        let n = self.n;
        let mut rest = self.rest.iter().copied();
        for k in 1..=n {
            let s = self.base.dealer.plus(k, n);
            let count = if s == taker && n != 2 {
                self.hands[s.index()].insert(self.base.turned);
                2
            } else {
                3
            };
            for c in rest.by_ref().take(count) {
                self.hands[s.index()].insert(c);
            }
        }
        let contract = Contract::Suit(trump);
        self.base.contract = Some(contract);
        self.base.taker = Some(taker);
        let rules = self.options.play_rules();
        let leader = self.base.dealer.next(n);
        self.base.play = Some(PlayState::new(self.hands, n, n == 4, contract, rules, leader));
        for s in 0..n as usize {
            self.available[s] = find_melds(self.hands[s], self.options.card_reuse);
        }
        self.belote_seat = belote_holder(&self.hands[..n as usize], trump);
        self.phase = Phase::Playing;
    }

    fn apply_play(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Announce { melds } => self.announce(seat, melds),
            Action::Play { card, belote } => self.play_card(seat, *card, *belote),
            other => Err(GameError::illegal(
                "action_not_now",
                format!(
                    "during play the actions are play (a card, with belote when calling it) and, \
                     at the first trick, announce; got {other}"
                ),
            )
            .with("action", other.to_string())),
        }
    }

    /// Melds announced at the first trick, before the seat's first card.
    fn announce(&mut self, seat: Seat, melds: &[Meld]) -> Result<(), GameError> {
        if !self.can_announce(seat) {
            return Err(
                if self.base.tricks.is_empty()
                    && !self.first_card_played[seat.index()]
                    && !self.available[seat.index()].is_empty()
                {
                    GameError::illegal("announced_already", "you have already announced")
                } else {
                    GameError::illegal(
                        "announce_not_now",
                        "announcements are made at the first trick, before playing your first \
                 card, and only with melds in your hand",
                    )
                },
            );
        }
        let avail = &self.available[seat.index()];
        if melds.is_empty() {
            return Err(GameError::illegal("announce_empty", "announce at least one meld"));
        }
        for (i, m) in melds.iter().enumerate() {
            if !avail.contains(m) || melds[..i].contains(m) {
                let list: Vec<String> = avail.iter().map(|m| format!("[{}]", m.cards())).collect();
                let melds: Vec<String> = avail.iter().map(|m| m.cards().to_string()).collect();
                return Err(GameError::illegal(
                    "not_a_meld",
                    format!(
                        "[{}] is not a meld you can announce; your melds: {}",
                        m.cards(),
                        list.join(" ")
                    ),
                )
                .with("meld", m.cards())
                .with("melds", melds));
            }
        }
        let values = self.values();
        for m in melds {
            self.announcements.push(Announcement {
                seat,
                meld: *m,
                points: values.value(*m),
                scored: false,
            });
        }
        Ok(())
    }

    /// A card played, with belote if called; the contests are decided
    /// after the first trick and the deal scored after the last.
    fn play_card(&mut self, seat: Seat, card: Card, belote: bool) -> Result<(), GameError> {
        if belote && !self.is_belote_card(seat, card) {
            return Err(GameError::illegal(
                "belote_card",
                format!(
                    "belote is called only by the player who holds both king and queen of \
                     trumps, when playing one of them; {card} cannot carry the call"
                ),
            )
            .with("card", card));
        }
        let Some(play) = self.base.play.as_mut() else {
            return Err(GameError::illegal("no_play_now", "no card play now"));
        };
        let contract = play.contract();
        let trick = play.play(card).map_err(|legal| {
            let legal = contract.show(legal);
            let held = play.hand(seat).contains(card);
            card_refused(card, held, &legal, " (follow suit, trump, over-trump)")
        })?;
        self.first_card_played[seat.index()] = true;
        if belote {
            self.belote_calls += 1;
        }
        let Some(t) = trick else { return Ok(()) };
        let (first, over) = self.base.close_trick(t);
        if first {
            self.resolve_contests();
        }
        if over {
            self.finish();
        }
        Ok(())
    }

    /// Decides who scores which announcements once the first trick is done
    /// (§4.6): separate contests for sequences and carrés (or one).
    fn resolve_contests(&mut self) {
        self.contest_done = true;
        let Some(contract) = self.base.contract else { return };
        // Announcing order = order of play in trick 1 (from the dealer's left),
        // which is the order announcements were pushed.
        let entries: Vec<(Seat, Meld)> =
            self.announcements.iter().map(|a| (a.seat, a.meld)).collect();
        let scored = announcement_contests(&entries, contract, &self.options);
        for (a, s) in self.announcements.iter_mut().zip(scored) {
            a.scored = s;
        }
    }

    fn finish(&mut self) {
        let (Some(play), Some(taker)) = (&self.base.play, self.base.taker) else { return };
        let n = self.n;
        self.scored = Some(match n {
            3 => {
                let p = play.points();
                FrenchScored::Three(self.scored_by(play, taker, [p[0], p[1], p[2]]))
            }
            // Two players leave cards out of play: the deal is worth what
            // its 18 cards hold (§4.11).
            _ => FrenchScored::Two(self.scored_by(play, taker, side_totals_n(play, n).0)),
        });
        self.phase = Phase::Finished;
    }

    /// The deal's summary for `N` sides with these card points, and its
    /// score.
    fn scored_by<const N: usize>(
        &self,
        play: &PlayState,
        taker: Seat,
        card_points: [u32; N],
    ) -> Scored<N> {
        let n = self.n;
        let side = |s: Seat| side_in(s, n);
        let seats = (0..n).map(Seat);
        let tricks = |i: usize| -> u32 {
            seats
                .clone()
                .filter(|&s| side(s).index() == i)
                .map(|s| play.tricks()[s.index()] as u32)
                .sum()
        };
        let all = u32::from(play.tricks_total());
        let capot = (0..N).find(|&i| tricks(i) == all).map(|i| Side(i as u8));
        let mut announcements = [0u32; N];
        for a in self.announcements.iter().filter(|a| a.scored) {
            announcements[side(a.seat).index() % N] += a.points;
        }
        let belote = self
            .belote_seat
            .filter(|_| !self.options.belote_requires_calls || self.belote_calls >= 2);
        let summary = DealSummary {
            taker: side(taker),
            card_points,
            capot,
            announcements,
            belote: belote.map(side),
            deal_points: (n == 2).then(|| card_points.iter().sum()),
        };
        Scored { summary, score: score_dealt(&summary, &self.options, self.base.dealer) }
    }

    /// Card points taken so far per side (the last-trick 10 once play ends).
    pub fn points_so_far(&self) -> Vec<u32> {
        let Some(p) = &self.base.play else { return vec![0; self.sides()] };
        if self.n == 3 { p.points()[..3].to_vec() } else { side_totals_n(p, self.n).0.to_vec() }
    }

    /// Tricks taken so far per side.
    pub fn tricks_so_far(&self) -> Vec<u8> {
        let Some(p) = &self.base.play else { return vec![0; self.sides()] };
        if self.n == 3 { p.tricks()[..3].to_vec() } else { side_totals_n(p, self.n).1.to_vec() }
    }

    /// Players at the table.
    pub fn players(&self) -> u8 {
        self.n
    }

    /// Scoring sides: two teams with four players, else one per player.
    pub fn sides(&self) -> usize {
        if self.n == 4 { 2 } else { self.n as usize }
    }

    /// A seat's side at this table.
    pub fn side(&self, seat: Seat) -> Side {
        side_in(seat, self.n)
    }

    /// Two players: the bottom card, shown once the auction is over.
    pub fn bottom(&self) -> Option<Card> {
        self.bottom.filter(|_| self.phase != Phase::Bidding)
    }

    /// True once the first-trick contests have been decided.
    pub fn contests_decided(&self) -> bool {
        self.contest_done
    }
}

/// Decides which announcements score (§4.6): `announced` in announcing
/// order (from the dealer's left), each a seat and a meld. With separate
/// contests the side of the best sequence scores all its sequences and the
/// side of the best carré all its carrés; with a single contest the side of
/// the best announcement scores everything it announced. Returns, for each
/// announcement, whether it scores. Used by the deal and by score keepers
/// that enter the announcements themselves.
pub fn announcement_contests(
    announced: &[(Seat, Meld)],
    contract: Contract,
    o: &FrenchOptions,
) -> Vec<bool> {
    let n = o.players;
    let side = |s: Seat| side_in(s, n).0;
    let values = MeldValues::FRENCH;
    let all: Vec<usize> = (0..announced.len()).collect();
    let contests: Vec<Vec<usize>> = match o.announce_contests {
        AnnounceContests::Separate => vec![
            all.iter().copied().filter(|&i| !announced[i].1.is_carre()).collect(),
            all.iter().copied().filter(|&i| announced[i].1.is_carre()).collect(),
        ],
        AnnounceContests::Single => vec![all],
    };
    let order = match o.announce_contests {
        AnnounceContests::Separate => MeldOrder::CarreFirst,
        AnnounceContests::Single => MeldOrder::ValueFirst,
    };
    let mut scored = vec![false; announced.len()];
    for idx in contests {
        let entries: Vec<(Seat, Meld)> = idx.iter().map(|&i| announced[i]).collect();
        if let Some(w) =
            contest_winner(&entries, contract, order, &values, o.seq_len_cap, o.seq_tie, side)
        {
            let wside = side(entries[w].0);
            for &i in &idx {
                if side(announced[i].0) == wside {
                    scored[i] = true;
                }
            }
        }
    }
    scored
}

/// Builds a deck and auction calls that deal `hands` (8 cards each) with
/// `taker` taking `trump`. See [`FrenchDeal::from_hands`].
fn deck_for_hands(
    options: &FrenchOptions,
    dealer: Seat,
    hands: [CardSet; 4],
    trump: Suit,
    taker: Seat,
) -> Result<(Deck, Vec<(Seat, Action)>), GameError> {
    if dealer.0 >= PLAYERS || taker.0 >= PLAYERS {
        let seat = if dealer.0 >= PLAYERS { dealer } else { taker };
        return Err(GameError::invalid("no_such_seat", "seats are 0 to 3")
            .with("seat", seat)
            .with("players", PLAYERS));
    }
    let mut all = CardSet::EMPTY;
    for (i, h) in hands.iter().enumerate() {
        if h.len() != 8 {
            return Err(GameError::invalid(
                "hand_size",
                format!("hand {i} has {} cards: each of the four hands must have 8", h.len()),
            )
            .with("hand", i)
            .with("cards", h.len())
            .with("size", 8u32));
        }
        if !(all & *h).is_empty() {
            return Err(GameError::invalid(
                "cards_twice",
                format!("cards {} appear in more than one hand", all & *h),
            )
            .with("cards", all & *h));
        }
        all |= *h;
    }
    let th = hands[taker.index()];
    let turned = th.of_suit(trump).first().or(th.first()).ok_or_else(|| {
        GameError::invalid("taker_hand_empty", "the taker's hand is empty").with("seat", taker)
    })?;
    let (p1, p2) = match options.first_packets {
        FirstPackets::ThreeTwo => (3, 2),
        FirstPackets::TwoThree => (2, 3),
    };
    let mut rest = hands;
    rest[taker.index()].remove(turned);
    let mut order: Vec<Card> = Vec::with_capacity(32);
    let mut take = |seat: Seat, n: usize, order: &mut Vec<Card>| {
        for _ in 0..n {
            if let Some(c) = rest[seat.index()].first() {
                rest[seat.index()].remove(c);
                order.push(c);
            }
        }
    };
    for packet in [p1, p2] {
        for k in 1..=PLAYERS {
            take(dealer.plus(k, PLAYERS), packet, &mut order);
        }
    }
    order.push(turned);
    for k in 1..=PLAYERS {
        let s = dealer.plus(k, PLAYERS);
        take(s, if s == taker { 2 } else { 3 }, &mut order);
    }
    let deck =
        Deck::from_cards(&order).map_err(|e| GameError::invalid("deck_cards", e.to_string()))?;
    let mut calls = Vec::new();
    let mut seat = dealer.next(PLAYERS);
    if turned.suit() == trump {
        while seat != taker {
            calls.push((seat, Action::Pass));
            seat = seat.next(PLAYERS);
        }
        calls.push((taker, Action::Take));
    } else {
        for _ in 0..PLAYERS {
            calls.push((seat, Action::Pass));
            seat = seat.next(PLAYERS);
        }
        while seat != taker {
            calls.push((seat, Action::Pass));
            seat = seat.next(PLAYERS);
        }
        calls.push((taker, Action::Name { suit: trump }));
    }
    Ok((deck, calls))
}
