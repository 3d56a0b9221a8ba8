//! One deal of three-player Belot (seed 000) as a state machine: 6 cards
//! each and the turned card, the play/pass round and the round naming
//! another suit (dealer last), 3 more cards each, the seven-of-trumps
//! exchange, the combinations announced before the first lead, play with
//! belot calls, and scoring.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use super::options::{CarreTiebreak, ThreeOptions};
use super::score::{PLAYERS, ThreeScore, ThreeSummary, score_deal};
use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::Contract;
use crate::deal_base::{DealBase, card_refused};
use crate::deck::Deck;
use crate::error::GameError;
use crate::meld::{Meld, MeldOrder, MeldValues, compare_melds, find_melds};
use crate::play::{PlayRules, PlayState};
use crate::seat::Seat;

/// Where a deal stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ThreePhase {
    /// Two rounds: play/pass on the turned suit, then name another suit.
    Bidding,
    /// Before the first lead, in turn from the leader, every player is
    /// asked: he may exchange the seven of trumps for the turned card (a
    /// round-1 contract, if he holds it), then announce his best
    /// combination or pass. Everyone is asked, so nobody learns who holds
    /// the seven or who has no combination.
    Announcing,
    /// Card play.
    Playing,
    /// Played and scored.
    Finished,
    /// Two rounds of passes: the next player deals.
    ThrownIn,
}

/// An announced combination.
pub type ThreeAnnouncement = crate::meld::AnnouncedMeld;

/// One deal of three-player Belot.
#[derive(Clone, Debug)]
pub struct ThreeDeal {
    /// Dealer, deck, turned card, contract, taker, actions, play, tricks.
    pub(crate) base: DealBase,
    options: ThreeOptions,
    hands: [CardSet; 3],
    phase: ThreePhase,
    round: u8,
    speakers: u8,
    round1: bool,
    exchanged: bool,
    announcer: u8,
    announced: Vec<ThreeAnnouncement>,
    melds: [Vec<Meld>; 3],
    contest_winner: Option<Seat>,
    belot_suits: [u8; 3],
    belot_called: [u8; 3],
    score: Option<ThreeScore>,
    summary: Option<ThreeSummary>,
}

impl ThreeDeal {
    /// Deals `deck` (§2.3): from the dealer's left, three cards each twice
    /// (cards 0–17), card 18 turned.
    pub fn new(options: ThreeOptions, dealer: Seat, deck: Deck) -> Result<ThreeDeal, GameError> {
        options.validate()?;
        GameError::check_dealer(dealer, PLAYERS)?;
        let c = deck.cards();
        let mut hands = [CardSet::EMPTY; 3];
        for (i, &card) in c[..18].iter().enumerate() {
            let seat = dealer.plus(1 + ((i / 3) % 3) as u8, PLAYERS);
            hands[seat.index()].insert(card);
        }
        Ok(ThreeDeal {
            base: DealBase::new(dealer, deck, c[18]),
            options,
            hands,
            phase: ThreePhase::Bidding,
            round: 1,
            speakers: 0,
            round1: false,
            exchanged: false,
            announcer: 0,
            announced: Vec::new(),
            melds: Default::default(),
            contest_winner: None,
            belot_suits: [0; 3],
            belot_called: [0; 3],
            score: None,
            summary: None,
        })
    }

    /// The options.
    pub fn options(&self) -> &ThreeOptions {
        &self.options
    }
    /// The face-up card (the seven of trumps after an exchange).
    pub fn turned(&self) -> Card {
        self.base.turned
    }
    /// The turned card as dealt.
    pub fn original_turned(&self) -> Card {
        self.base.deck.cards()[18]
    }
    /// Where the deal stands.
    pub fn phase(&self) -> ThreePhase {
        self.phase
    }
    /// Auction round while bidding.
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The contract.
    pub fn contract(&self) -> Option<Contract> {
        self.base.contract
    }
    /// The declarer.
    pub fn declarer(&self) -> Option<Seat> {
        self.base.taker
    }
    /// True if the seven of trumps was exchanged.
    pub fn exchanged(&self) -> bool {
        self.exchanged
    }
    /// Announced combinations.
    pub fn announcements(&self) -> &[ThreeAnnouncement] {
        &self.announced
    }
    /// The contest winner, once the announcements are over.
    pub fn contest_winner(&self) -> Option<Seat> {
        self.contest_winner
    }
    /// A seat's combinations (fixed when announcements close).
    pub fn combinations(&self, seat: Seat) -> &[Meld] {
        &self.melds[seat.index() % 3]
    }
    /// Suits in which a seat declared a belot.
    pub fn belot_called(&self, seat: Seat) -> u8 {
        self.belot_called[seat.index() % 3]
    }
    /// The score, once finished.
    pub fn score(&self) -> Option<&ThreeScore> {
        self.score.as_ref()
    }
    /// The summary that was scored.
    pub fn summary(&self) -> Option<&ThreeSummary> {
        self.summary.as_ref()
    }
    /// A seat's cards now.
    pub fn hand(&self, seat: Seat) -> CardSet {
        match &self.base.play {
            Some(p) => p.hand(seat),
            None => self.hands[seat.index() % 3],
        }
    }
    /// True once finished or thrown in.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, ThreePhase::Finished | ThreePhase::ThrownIn)
    }

    fn seven(&self) -> Option<Card> {
        self.base.contract.and_then(Contract::trump_suit).map(|t| Card::new(t, Rank::Seven))
    }

    fn announcing_seat(&self) -> Seat {
        self.base.dealer.plus(1 + self.announcer, PLAYERS)
    }

    /// Who is to act.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            ThreePhase::Bidding => Some(self.base.dealer.plus(1 + self.speakers, PLAYERS)),
            ThreePhase::Announcing => Some(self.announcing_seat()),
            ThreePhase::Playing => self.base.play.as_ref().map(PlayState::to_play),
            _ => None,
        }
    }

    /// Combination values: tierce by option, quarte 50, quinte 100,
    /// carrés J 200, 9 150, A 10 K Q 100.
    pub fn values(&self) -> MeldValues {
        MeldValues { tierce: self.options.tierce_value, ..MeldValues::FRENCH }
    }

    /// The single hierarchy of §2.7: carré over sequence; carrés by value,
    /// then (100-point ones) by the tie-break order; sequences by length
    /// (capped at 5), top card, trump.
    pub fn compare(&self, a: Meld, b: Meld) -> Ordering {
        let Some(contract) = self.base.contract else { return Ordering::Equal };
        let v = self.values();
        match (a, b, self.options.carre_tiebreak_order) {
            (Meld::Carre(x), Meld::Carre(y), CarreTiebreak::Natural) => {
                v.value(a).cmp(&v.value(b)).then(x.cmp(&y))
            }
            (Meld::Carre(_), Meld::Carre(_), CarreTiebreak::J9a10kq) => v
                .value(a)
                .cmp(&v.value(b))
                .then(compare_melds(a, b, contract, MeldOrder::CarreFirst, &v, Some(5))),
            _ => compare_melds(a, b, contract, MeldOrder::CarreFirst, &v, Some(5)),
        }
    }

    /// A seat's combinations. With `tierce_value` 0 (seed 000's literal
    /// text lists no three-card combination) a run of three is none: never
    /// announced, never in the contest.
    fn melds_of(&self, seat: Seat) -> Vec<Meld> {
        let mut melds = find_melds(self.hand(seat), self.options.card_reuse);
        if self.options.tierce_value == 0 {
            melds.retain(|m| !matches!(m, Meld::Sequence { len: 3, .. }));
        }
        melds
    }

    fn best_meld(&self, seat: Seat) -> Option<Meld> {
        self.melds_of(seat).into_iter().max_by(|a, b| self.compare(*a, *b))
    }

    fn belot_suits_now(&self, seat: Seat) -> u8 {
        let h = self.hand(seat);
        let mut mask = 0;
        for s in Suit::ALL {
            let kq = Card::new(s, Rank::King).set() | Card::new(s, Rank::Queen).set();
            let counts = self.options.belot_any_suit
                || self.base.contract.and_then(Contract::trump_suit) == Some(s);
            if counts && h.contains_all(kq) {
                mask |= 1 << s.index();
            }
        }
        mask
    }

    fn is_belot_card(&self, seat: Seat, card: Card) -> bool {
        let i = seat.index() % 3;
        matches!(card.rank(), Rank::King | Rank::Queen)
            && self.belot_suits[i] & (1 << card.suit().index()) != 0
            && self.belot_called[i] & (1 << card.suit().index()) == 0
    }

    /// Every action the seat to act may take now.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_act() else { return Vec::new() };
        match self.phase {
            ThreePhase::Bidding if self.round == 1 => vec![Action::Take, Action::Pass],
            ThreePhase::Bidding => {
                let mut v: Vec<Action> = Suit::ALL
                    .into_iter()
                    .filter(|&s| s != self.base.turned.suit())
                    .map(|suit| Action::Name { suit })
                    .collect();
                if !self.dealer_forced() {
                    v.push(Action::Pass);
                }
                v
            }
            ThreePhase::Announcing => {
                let mut v = Vec::new();
                if let Some(m) = self.best_meld(seat) {
                    v.push(Action::Announce { melds: vec![m] });
                }
                if self.can_exchange(seat) {
                    v.push(Action::Exchange);
                }
                v.push(Action::Pass);
                v
            }
            ThreePhase::Playing => {
                let Some(play) = &self.base.play else { return Vec::new() };
                let mut v = Vec::new();
                for card in play.legal() {
                    if self.is_belot_card(seat, card) {
                        v.push(Action::Play { card, belote: true });
                    }
                    v.push(Action::play(card));
                }
                v
            }
            _ => Vec::new(),
        }
    }

    /// In round 2, the dealer after two passes must name a suit (option).
    fn dealer_forced(&self) -> bool {
        self.options.round2_forced_for_dealer && self.round == 2 && self.speakers == PLAYERS - 1
    }

    /// Applies `seat`'s action; a refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        let expected = self.to_act();
        if expected != Some(seat) {
            return Err(GameError::NotYourTurn { expected: expected.map(|s| s.0), got: seat.0 });
        }
        match self.phase {
            ThreePhase::Bidding => self.apply_call(seat, action)?,
            ThreePhase::Announcing => {
                match action {
                    Action::Exchange => {
                        if !self.can_exchange(seat) {
                            return Err(GameError::illegal(
                                "exchange_not_allowed",
                                "the seven of trumps is exchanged for the turned card only in a \
                                 contract on the turned suit, by its holder, before announcing",
                            ));
                        }
                        let (Some(seven), Some(play)) = (self.seven(), self.base.play.as_mut())
                        else {
                            return Err(GameError::illegal("no_exchange_now", "no exchange now"));
                        };
                        if !play.exchange(seat, seven, self.base.turned) {
                            return Err(GameError::illegal("no_exchange_now", "no exchange now"));
                        }
                        self.base.turned = seven;
                        self.exchanged = true;
                        // The exchange does not end the player's turn.
                        self.base.actions.push(SeatAction { seat, action: action.clone() });
                        return Ok(());
                    }
                    Action::Pass => {}
                    Action::Announce { melds } => {
                        let best = self.best_meld(seat);
                        match (melds.as_slice(), best) {
                            ([m], Some(b)) if *m == b => {
                                let points = self.values().value(b);
                                self.announced.push(ThreeAnnouncement { seat, meld: b, points });
                            }
                            (_, Some(b)) => {
                                return Err(GameError::illegal(
                                    "best_meld_only",
                                    format!(
                                        "announce your best combination first: [{}]",
                                        b.cards()
                                    ),
                                )
                                .with("meld", b.cards()));
                            }
                            (_, None) => {
                                return Err(GameError::illegal(
                                    "no_meld_held",
                                    "you hold no combination; pass",
                                ));
                            }
                        }
                    }
                    other => {
                        return Err(GameError::illegal(
                            "action_not_now",
                            format!(
                                "before the first lead each player announces his best \
                                 combination (after exchanging the seven of trumps, if he holds \
                                 it) or passes; got {other}"
                            ),
                        )
                        .with("action", other.to_string()));
                    }
                }
                self.announcer += 1;
                self.advance_announcing();
            }
            ThreePhase::Playing => self.apply_play(seat, action)?,
            _ => return Err(GameError::Finished),
        }
        self.base.actions.push(SeatAction { seat, action: action.clone() });
        Ok(())
    }

    fn apply_call(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        let t = self.base.turned.suit();
        match (self.round, action) {
            (1, Action::Take) => self.start_play(seat, t, true),
            (2, Action::Name { suit }) if *suit != t => self.start_play(seat, *suit, false),
            (_, Action::Pass) if !self.dealer_forced() => {
                self.speakers += 1;
                if self.speakers == PLAYERS {
                    self.speakers = 0;
                    if self.round == 1 {
                        self.round = 2;
                    } else {
                        self.phase = ThreePhase::ThrownIn;
                    }
                }
            }
            (2, Action::Pass) => {
                return Err(GameError::illegal(
                    "dealer_must_name",
                    "the others passed twice: the dealer must name a suit",
                )
                .with("suit", t));
            }
            (1, _) => {
                return Err(GameError::illegal(
                    "auction_round1",
                    format!(
                        "in the first round you may play on the turned card's suit ({t}) with \
                         take, or pass; got {action}"
                    ),
                )
                .with("suit", t)
                .with("action", action.to_string()));
            }
            _ => {
                return Err(GameError::illegal(
                    "auction_round2",
                    format!(
                        "in the second round you may name a suit other than the turned card's \
                         ({t}), or pass; got {action}"
                    ),
                )
                .with("suit", t)
                .with("action", action.to_string()));
            }
        }
        Ok(())
    }

    /// Three more cards each from the dealer's left (cards 19–27); the
    /// player on the dealer's left leads.
    fn start_play(&mut self, declarer: Seat, trump: Suit, round1: bool) {
        let c = self.base.deck.cards();
        for (i, &card) in c[19..28].iter().enumerate() {
            let seat = self.base.dealer.plus(1 + (i / 3) as u8, PLAYERS);
            self.hands[seat.index()].insert(card);
        }
        let contract = Contract::Suit(trump);
        self.base.contract = Some(contract);
        self.base.taker = Some(declarer);
        self.round1 = round1;
        let hands = [self.hands[0], self.hands[1], self.hands[2], CardSet::EMPTY];
        let leader = self.base.dealer.next(PLAYERS);
        self.base.play =
            Some(PlayState::new(hands, PLAYERS, false, contract, PlayRules::NO_PARTNERS, leader));
        self.phase = ThreePhase::Announcing;
        self.announcer = 0;
    }

    /// True when `seat`, asked now, may exchange the seven of trumps: a
    /// round-1 contract (trump = the turned suit), he holds the seven, and
    /// nobody exchanged yet.
    fn can_exchange(&self, seat: Seat) -> bool {
        self.phase == ThreePhase::Announcing
            && self.round1
            && !self.exchanged
            && self.seven().is_some_and(|s| self.hand(seat).contains(s))
    }

    /// Closes the announcements after the third player and decides the
    /// contest.
    fn advance_announcing(&mut self) {
        if self.announcer < PLAYERS {
            return;
        }
        for s in 0..PLAYERS {
            let seat = Seat(s);
            self.melds[s as usize] = self.melds_of(seat);
            self.belot_suits[s as usize] = self.belot_suits_now(seat);
        }
        // The best announcement; equal ones go to the earlier announcer.
        let mut best: Option<ThreeAnnouncement> = None;
        for a in &self.announced {
            if best.is_none_or(|b| self.compare(a.meld, b.meld) == Ordering::Greater) {
                best = Some(*a);
            }
        }
        self.contest_winner = best.map(|b| b.seat);
        self.phase = ThreePhase::Playing;
    }

    fn apply_play(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        let Action::Play { card, belote } = action else {
            return Err(GameError::illegal(
                "action_not_now",
                format!("now play a card; got {action}"),
            )
            .with("action", action.to_string()));
        };
        if *belote && !self.is_belot_card(seat, *card) {
            return Err(GameError::illegal(
                "belote_card",
                format!(
                    "belot is declared with the king or queen of trumps by the player holding \
                     both, once; {card} cannot carry it"
                ),
            )
            .with("card", *card));
        }
        let Some(play) = self.base.play.as_mut() else {
            return Err(GameError::illegal("no_play_now", "no card play now"));
        };
        let (contract, held) = (play.contract(), play.hand(seat).contains(*card));
        let trick = play
            .play(*card)
            .map_err(|legal| card_refused(*card, held, &contract.show(legal), ""))?;
        if *belote {
            self.belot_called[seat.index() % 3] |= 1 << card.suit().index();
        }
        if let Some(t) = trick
            && self.base.close_trick(t).1
        {
            self.finish();
        }
        Ok(())
    }

    fn finish(&mut self) {
        let (Some(play), Some(declarer), Some(last)) =
            (&self.base.play, self.base.taker, self.base.tricks.last())
        else {
            return;
        };
        let p = play.points();
        let t = play.tricks();
        let mut cards = [p[0], p[1], p[2]];
        // The play state adds the last trick's 10; scoring decides it.
        cards[last.winner.index() % 3] -= 10;
        let values = self.values();
        let mut combinations = [0u32; 3];
        if let Some(w) = self.contest_winner {
            let i = w.index() % 3;
            combinations[i] = self.melds[i].iter().map(|m| values.value(*m)).sum();
        }
        let summary = ThreeSummary {
            declarer,
            dealer: self.base.dealer,
            card_points: cards,
            tricks: [t[0], t[1], t[2]],
            last_trick: last.winner,
            combinations,
            belots: self.belot_called.map(|m| m.count_ones() as u8),
        };
        self.score = Some(score_deal(&summary, &self.options));
        self.summary = Some(summary);
        self.phase = ThreePhase::Finished;
    }
}
