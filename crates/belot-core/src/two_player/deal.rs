//! One deal of two-player Belot (seed 001) as a state machine: 6 cards each
//! and the turned card (вскрышка), the four-step auction, 3 more cards each
//! and the bottom card shown, the window before each player's first card
//! (seven exchange, redeal claim, construction), play with бела calls, and
//! scoring.

use serde::{Deserialize, Serialize};

use super::options::{BkCarreValues, TwoOptions};
use super::score::{TwoScore, TwoSummary, score_deal};
use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::Contract;
use crate::deal_base::{DealBase, card_refused};
use crate::deck::Deck;
use crate::error::GameError;
use crate::meld::{
    CardReuse, Meld, MeldOrder, MeldValues, SeqTie, compare_melds, contest_winner, find_melds,
};
use crate::play::{PlayRules, PlayState};
use crate::seat::Seat;

/// Players at the table.
pub const PLAYERS: u8 = 2;

/// Where a deal stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TwoPhase {
    /// The four-step auction.
    Bidding,
    /// Card play (the first trick includes each player's window).
    Playing,
    /// Played and scored.
    Finished,
    /// Four passes with распасы disabled: no score, the other player deals.
    ThrownIn,
    /// A player claimed a redeal with four 7s or four 8s: annulled.
    Redealt,
}

/// An announced construction.
pub type TwoAnnouncement = crate::meld::AnnouncedMeld;

/// One deal of two-player Belot.
#[derive(Clone, Debug)]
pub struct TwoDeal {
    /// Dealer, deck, turned card, contract, taker, actions, play, tricks.
    pub(crate) base: DealBase,
    options: TwoOptions,
    hands: [CardSet; 2],
    phase: TwoPhase,
    step: u8,
    raspasy: bool,
    exchanged: Option<Seat>,
    /// Set when a seat's window closes (first card, or announcement for
    /// the exchange and redeal): its constructions and belas are fixed.
    locked: [bool; 2],
    melds: [Vec<Meld>; 2],
    bela_suits: [u8; 2],
    bela_called: [u8; 2],
    announced: Vec<TwoAnnouncement>,
    contest_winner: Option<Seat>,
    contest_done: bool,
    played_first: [bool; 2],
    redeal_by: Option<Seat>,
    score: Option<TwoScore>,
    summary: Option<TwoSummary>,
}

impl TwoDeal {
    /// Deals `deck` (§3.2): the non-dealer gets cards 0–2 and 6–8, the
    /// dealer 3–5 and 9–11; card 12 is the вскрышка.
    pub fn new(options: TwoOptions, dealer: Seat, deck: Deck) -> Result<TwoDeal, GameError> {
        options.validate()?;
        GameError::check_dealer(dealer, PLAYERS)?;
        let c = deck.cards();
        let non_dealer = dealer.next(PLAYERS);
        let mut hands = [CardSet::EMPTY; 2];
        for (i, &card) in c[..12].iter().enumerate() {
            let seat = if (i / 3) % 2 == 0 { non_dealer } else { dealer };
            hands[seat.index()].insert(card);
        }
        Ok(TwoDeal {
            base: DealBase::new(dealer, deck, c[12]),
            options,
            hands,
            phase: TwoPhase::Bidding,
            step: 0,
            raspasy: false,
            exchanged: None,
            locked: [false; 2],
            melds: Default::default(),
            bela_suits: [0; 2],
            bela_called: [0; 2],
            announced: Vec::new(),
            contest_winner: None,
            contest_done: false,
            played_first: [false; 2],
            redeal_by: None,
            score: None,
            summary: None,
        })
    }

    /// The options.
    pub fn options(&self) -> &TwoOptions {
        &self.options
    }

    /// The dealer's opponent: he speaks first and leads.
    pub fn non_dealer(&self) -> Seat {
        self.base.dealer.next(PLAYERS)
    }

    /// The face-up turned card now (the seven of trumps after an exchange).
    pub fn vskryshka(&self) -> Card {
        self.base.turned
    }

    /// The turned card as dealt.
    pub fn original_vskryshka(&self) -> Card {
        self.base.deck.cards()[12]
    }

    /// The bottom card, shown once the auction is over.
    pub fn bottom(&self) -> Option<Card> {
        (self.phase != TwoPhase::Bidding).then(|| self.base.deck.cards()[31])
    }

    /// Where the deal stands.
    pub fn phase(&self) -> TwoPhase {
        self.phase
    }

    /// Auction step 0..4 while bidding.
    pub fn step(&self) -> u8 {
        self.step
    }

    /// The contract, once ordered (the вскрышка suit in распасы).
    pub fn contract(&self) -> Option<Contract> {
        self.base.contract
    }

    /// True for an all-pass deal.
    pub fn is_raspasy(&self) -> bool {
        self.raspasy
    }

    /// Who loaded the game.
    pub fn loader(&self) -> Option<Seat> {
        self.base.taker
    }

    /// Who exchanged the seven of trumps, if anyone.
    pub fn exchanged_by(&self) -> Option<Seat> {
        self.exchanged
    }

    /// Who claimed a redeal, if anyone.
    pub fn redeal_by(&self) -> Option<Seat> {
        self.redeal_by
    }

    /// Announced constructions, in order.
    pub fn announcements(&self) -> &[TwoAnnouncement] {
        &self.announced
    }

    /// The winner of the construction contest, once decided.
    pub fn contest_winner(&self) -> Option<Seat> {
        self.contest_winner
    }

    /// True once the contest has been decided (after the first trick).
    pub fn contest_decided(&self) -> bool {
        self.contest_done
    }

    /// A seat's constructions, once its window has closed.
    pub fn constructions(&self, seat: Seat) -> &[Meld] {
        &self.melds[seat.index() & 1]
    }

    /// Suits (bits) in which a seat declared a бела.
    pub fn bela_called(&self, seat: Seat) -> u8 {
        self.bela_called[seat.index() & 1]
    }

    /// The score, once finished.
    pub fn score(&self) -> Option<&TwoScore> {
        self.score.as_ref()
    }

    /// The summary that was scored.
    pub fn summary(&self) -> Option<&TwoSummary> {
        self.summary.as_ref()
    }

    /// A seat's cards now.
    pub fn hand(&self, seat: Seat) -> CardSet {
        match &self.base.play {
            Some(p) => p.hand(seat),
            None => self.hands[seat.index() & 1],
        }
    }

    /// True once finished, thrown in or redealt.
    pub fn is_over(&self) -> bool {
        !matches!(self.phase, TwoPhase::Bidding | TwoPhase::Playing)
    }

    /// Who is to act.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            TwoPhase::Bidding => Some(self.base.dealer.plus(1 + self.step, PLAYERS)),
            TwoPhase::Playing => self.base.play.as_ref().map(PlayState::to_play),
            _ => None,
        }
    }

    /// Meld values in this deal's contract.
    pub fn values(&self) -> MeldValues {
        let mut v = MeldValues::TWO_PLAYER;
        if self.base.contract == Some(Contract::NoTrumps)
            && self.options.bk_carre_values == BkCarreValues::FrenchNt
        {
            // French no-trump carrés: A 200, 10 150, K Q J 9 100.
            v.carre = [0, 0, 100, 150, 100, 100, 100, 200];
        }
        v
    }

    fn seven_of_trumps(&self) -> Option<Card> {
        match self.base.contract {
            Some(Contract::Suit(t)) if t == self.original_vskryshka().suit() => {
                Some(Card::new(t, Rank::Seven))
            }
            _ => None,
        }
    }

    fn can_exchange(&self, seat: Seat) -> bool {
        let i = seat.index() & 1;
        self.phase == TwoPhase::Playing
            && self.exchanged.is_none()
            && !self.played_first[i]
            && !self.locked[i]
            && self.seven_of_trumps().is_some_and(|s| self.hand(seat).contains(s))
    }

    fn can_claim_redeal(&self, seat: Seat) -> bool {
        let i = seat.index() & 1;
        let h = self.hand(seat);
        self.phase == TwoPhase::Playing
            && !self.played_first[i]
            && !self.locked[i]
            && (h.contains_all(CardSet::rank(Rank::Seven))
                || h.contains_all(CardSet::rank(Rank::Eight)))
    }

    /// The seat's best construction (what it may announce).
    fn best_meld(&self, seat: Seat) -> Option<Meld> {
        let contract = self.base.contract?;
        let values = self.values();
        let melds = find_melds(self.hand(seat), CardReuse::AllowCarreAndSeq);
        melds.into_iter().max_by(|a, b| {
            compare_melds(
                *a,
                *b,
                contract,
                MeldOrder::CarreFirst,
                &values,
                self.options.seq_compare_len_cap,
            )
        })
    }

    fn can_announce(&self, seat: Seat) -> bool {
        let i = seat.index() & 1;
        self.phase == TwoPhase::Playing
            && !self.played_first[i]
            && !self.announced.iter().any(|a| a.seat == seat)
            && self.best_meld(seat).is_some()
    }

    /// Suits where `seat` holds a бела now (K+Q): the trump suit; every suit
    /// in all-trumps (if the option allows); none in no-trumps.
    fn bela_suits_now(&self, seat: Seat) -> u8 {
        let h = self.hand(seat);
        let mut mask = 0;
        for s in Suit::ALL {
            let kq = Card::new(s, Rank::King).set() | Card::new(s, Rank::Queen).set();
            let counts = match self.base.contract {
                Some(Contract::Suit(t)) => t == s,
                Some(Contract::AllTrumps) => self.options.vk_bela_every_suit,
                _ => false,
            };
            if counts && h.contains_all(kq) {
                mask |= 1 << s.index();
            }
        }
        mask
    }

    fn lock(&mut self, seat: Seat) {
        let i = seat.index() & 1;
        if !self.locked[i] {
            self.melds[i] = find_melds(self.hand(seat), CardReuse::AllowCarreAndSeq);
            self.bela_suits[i] = self.bela_suits_now(seat);
            self.locked[i] = true;
        }
    }

    fn is_bela_card(&self, seat: Seat, card: Card) -> bool {
        let i = seat.index() & 1;
        let suits = if self.locked[i] { self.bela_suits[i] } else { self.bela_suits_now(seat) };
        matches!(card.rank(), Rank::King | Rank::Queen)
            && suits & (1 << card.suit().index()) != 0
            && self.bela_called[i] & (1 << card.suit().index()) == 0
    }

    /// Every action the seat to act may take now.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(seat) = self.to_act() else { return Vec::new() };
        match self.phase {
            TwoPhase::Bidding if self.step < 2 => vec![Action::Take, Action::Pass],
            TwoPhase::Bidding => {
                let mut v: Vec<Action> = Suit::ALL
                    .into_iter()
                    .filter(|&s| s != self.base.turned.suit())
                    .map(|suit| Action::Name { suit })
                    .collect();
                v.extend([Action::AllTrumps, Action::NoTrumps, Action::Pass]);
                v
            }
            TwoPhase::Playing => {
                let Some(play) = &self.base.play else { return Vec::new() };
                let mut v = Vec::new();
                if self.can_exchange(seat) {
                    v.push(Action::Exchange);
                }
                if self.can_claim_redeal(seat) {
                    v.push(Action::Redeal);
                }
                if self.can_announce(seat)
                    && let Some(m) = self.best_meld(seat)
                {
                    v.push(Action::Announce { melds: vec![m] });
                }
                for card in play.legal() {
                    if self.is_bela_card(seat, card) {
                        v.push(Action::Play { card, belote: true });
                    }
                    v.push(Action::play(card));
                }
                v
            }
            _ => Vec::new(),
        }
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
            TwoPhase::Bidding => self.apply_call(seat, action)?,
            _ => self.apply_play(seat, action)?,
        }
        self.base.actions.push(SeatAction { seat, action: action.clone() });
        Ok(())
    }

    fn apply_call(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        let v = self.base.turned.suit();
        let first_round = self.step < 2;
        match (first_round, action) {
            (true, Action::Take) => self.start_play(Some(seat), Contract::Suit(v)),
            (false, Action::Name { suit }) if *suit != v => {
                self.start_play(Some(seat), Contract::Suit(*suit))
            }
            (false, Action::AllTrumps) => self.start_play(Some(seat), Contract::AllTrumps),
            (false, Action::NoTrumps) => self.start_play(Some(seat), Contract::NoTrumps),
            (_, Action::Pass) => {
                self.step += 1;
                if self.step == 4 {
                    if self.options.raspasy_enabled {
                        self.raspasy = true;
                        self.start_play(None, Contract::Suit(v));
                    } else {
                        self.phase = TwoPhase::ThrownIn;
                    }
                }
            }
            (true, _) => {
                return Err(GameError::illegal(
                    "auction_round1",
                    format!(
                        "now you may play on the turned card's suit ({v}) with take, or pass; \
                         got {action}"
                    ),
                )
                .with("suit", v)
                .with("action", action.to_string()));
            }
            (false, _) => {
                return Err(GameError::illegal(
                    "auction_round2",
                    format!(
                        "now you may name a suit other than the turned card's ({v}), \
                         all_trumps, no_trumps, or pass; got {action}"
                    ),
                )
                .with("suit", v)
                .with("action", action.to_string()));
            }
        }
        Ok(())
    }

    /// Three more cards each, the non-dealer first (cards 13–18); the
    /// non-dealer leads.
    fn start_play(&mut self, loader: Option<Seat>, contract: Contract) {
        let c = self.base.deck.cards();
        let nd = self.non_dealer();
        for (i, &card) in c[13..19].iter().enumerate() {
            let seat = if i < 3 { nd } else { self.base.dealer };
            self.hands[seat.index()].insert(card);
        }
        self.base.contract = Some(contract);
        self.base.taker = loader;
        let hands = [self.hands[0], self.hands[1], CardSet::EMPTY, CardSet::EMPTY];
        self.base.play =
            Some(PlayState::new(hands, PLAYERS, false, contract, PlayRules::NO_PARTNERS, nd));
        self.phase = TwoPhase::Playing;
    }

    fn apply_play(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        match action {
            Action::Exchange => self.exchange(seat),
            Action::Redeal => {
                if !self.can_claim_redeal(seat) {
                    return Err(GameError::illegal(
                        "no_redeal",
                        "a redeal is claimed with four 7s or four 8s, before your first card \
                         and before announcing",
                    ));
                }
                self.redeal_by = Some(seat);
                self.phase = TwoPhase::Redealt;
                Ok(())
            }
            Action::Announce { melds } => self.announce(seat, melds),
            Action::Play { card, belote } => self.play_card(seat, *card, *belote),
            other => Err(GameError::illegal(
                "action_not_now",
                format!(
                    "during play the actions are play, and before your first card exchange, \
                     redeal and announce; got {other}"
                ),
            )
            .with("action", other.to_string())),
        }
    }

    /// The seven of trumps taken in exchange for the вскрышка (§3.4).
    fn exchange(&mut self, seat: Seat) -> Result<(), GameError> {
        if !self.can_exchange(seat) {
            return Err(GameError::illegal(
                "exchange_not_allowed",
                "the seven of trumps is exchanged for the turned card only when trump is the \
                 turned card's suit, by its holder, before his first card and before announcing",
            ));
        }
        let (Some(seven), Some(play)) = (self.seven_of_trumps(), self.base.play.as_mut()) else {
            return Err(GameError::illegal("no_exchange_now", "no exchange now"));
        };
        if !play.exchange(seat, seven, self.base.turned) {
            return Err(GameError::illegal("no_exchange_now", "no exchange now"));
        }
        self.base.turned = seven;
        self.exchanged = Some(seat);
        Ok(())
    }

    /// A player's best construction announced (§3.6): the only one he may.
    fn announce(&mut self, seat: Seat, melds: &[Meld]) -> Result<(), GameError> {
        if !self.can_announce(seat) {
            return Err(GameError::illegal(
                "announce_not_now",
                "a construction is announced once, before your first card, and only if you \
                 hold one",
            ));
        }
        match (melds, self.best_meld(seat)) {
            ([m], Some(b)) if *m == b => {
                self.lock(seat);
                let points = self.values().value(b);
                self.announced.push(TwoAnnouncement { seat, meld: b, points });
                Ok(())
            }
            (_, Some(b)) => Err(GameError::illegal(
                "best_meld_only",
                format!("each player announces only his best construction: [{}]", b.cards()),
            )
            .with("meld", b.cards())),
            (_, None) => Err(GameError::illegal("no_meld_held", "you hold no construction")),
        }
    }

    /// A card played, with бела if asked; the contest is decided after the
    /// first trick and the deal scored after the last.
    fn play_card(&mut self, seat: Seat, card: Card, belote: bool) -> Result<(), GameError> {
        if belote && !self.is_bela_card(seat, card) {
            return Err(GameError::illegal(
                "belote_card",
                format!(
                    "бела is declared with the king or queen of a suit where you hold both \
                     (trumps; every suit in all-trumps; none in no-trumps), once per suit; \
                     {card} cannot carry it"
                ),
            )
            .with("card", card));
        }
        let Some(play) = self.base.play.as_ref() else {
            return Err(GameError::illegal("no_play_now", "no card play now"));
        };
        let legal = play.legal();
        if !legal.contains(card) {
            let held = play.hand(seat).contains(card);
            let legal = play.contract().show(legal);
            return Err(card_refused(card, held, &legal, ""));
        }
        let i = seat.index() & 1;
        self.lock(seat);
        self.played_first[i] = true;
        if belote {
            self.bela_called[i] |= 1 << card.suit().index();
        }
        let Some(t) = self.base.play.as_mut().and_then(|p| p.play_unchecked(card)) else {
            return Ok(());
        };
        let (first, over) = self.base.close_trick(t);
        if first {
            self.resolve_contest();
        }
        if over {
            self.finish();
        }
        Ok(())
    }

    /// The higher announced construction wins; equal non-trump ones go to
    /// the one announced first (§3.6).
    fn resolve_contest(&mut self) {
        self.contest_done = true;
        let Some(contract) = self.base.contract else { return };
        let entries: Vec<(Seat, Meld)> = self.announced.iter().map(|a| (a.seat, a.meld)).collect();
        let values = self.values();
        self.contest_winner = contest_winner(
            &entries,
            contract,
            MeldOrder::CarreFirst,
            &values,
            self.options.seq_compare_len_cap,
            SeqTie::FirstInTurn,
            |s| s.0,
        )
        .map(|w| entries[w].0);
    }

    fn finish(&mut self) {
        let (Some(play), Some(contract)) = (&self.base.play, self.base.contract) else { return };
        let p = play.points();
        let t = play.tricks();
        let values = self.values();
        let mut constructions = [0u32; 2];
        if let Some(w) = self.contest_winner {
            let i = w.index() & 1;
            constructions[i] = self.melds[i].iter().map(|m| values.value(*m)).sum();
        }
        let summary = TwoSummary {
            contract,
            raspasy: self.raspasy,
            loader: self.base.taker,
            card_points: [p[0], p[1]],
            tricks: [t[0], t[1]],
            constructions,
            belas: self.bela_called.map(|m| m.count_ones() as u8),
        };
        self.score = Some(score_deal(&summary, &self.options));
        self.summary = Some(summary);
        self.phase = TwoPhase::Finished;
    }
}
