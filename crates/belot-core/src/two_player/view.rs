//! What one player may know of a two-player deal, and the full state.
//! Tricks lie face down: a view shows the trick in progress and the last
//! completed trick only (seed 001), never the other hand or the stock.

use serde::Serialize;

use super::deal::{PLAYERS, TwoDeal, TwoPhase};
use crate::action::SeatAction;
use crate::card::{Card, CardSet};
use crate::game::Deal;
use crate::seat::Seat;
use crate::view::{SeatCommon, TrickView, auction_calls, contest_heard, seat_common};

/// One player's view.
#[derive(Clone, Debug, Serialize)]
pub struct TwoView {
    /// What every game's view holds alike (flattened: its fields read
    /// as this view's own).
    #[serde(flatten)]
    pub common: SeatCommon,
    /// Where the deal stands.
    pub phase: TwoPhase,
    /// Auction step (0..4) while bidding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<u8>,
    /// Cards each player holds.
    pub hand_sizes: [usize; 2],
    /// The face-up turned card (the seven of trumps after an exchange).
    pub turned: Card,
    /// Who exchanged the seven, if anyone (he holds the old вскрышка).
    pub exchanged_by: Option<Seat>,
    /// The вскрышка as dealt (the card the exchanger took; everyone saw it).
    pub original_turned: Card,
    /// The bottom card, shown after the auction.
    pub bottom: Option<Card>,
    /// An all-pass deal.
    pub raspasy: bool,
    /// A бела called in this deal counts against its caller (распасы
    /// with `raspasy_meld_charging: "own"`): the call is allowed, but a
    /// player does not want it.
    pub bela_charges_caller: bool,
    /// The last completed trick (the only one a player may look at).
    pub last_trick: Option<TrickView>,
    /// Tricks each player has taken.
    pub tricks_won: [u8; 2],
    /// The contest winner, after the first trick.
    pub contest_winner: Option<Seat>,
    /// The winner's constructions, shown after the first trick.
    pub shown_constructions: Vec<CardSet>,
}

/// The whole state, both hands and every trick.
#[derive(Clone, Debug, Serialize)]
pub struct TwoFullState {
    /// The view of the player to act (or seat 0).
    #[serde(flatten)]
    pub view: TwoView,
    /// Both hands now.
    pub hands: [CardSet; 2],
    /// Every completed trick.
    pub all_tricks: Vec<TrickView>,
    /// The deck.
    pub deck: Vec<Card>,
    /// Every action in order.
    pub actions: Vec<SeatAction>,
}

impl TwoDeal {
    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> TwoView {
        let seat = Seat(seat.0 & 1);
        let decided = self.contest_decided();
        let winner = self.contest_winner();
        let announced = self.announcements().iter().map(|a| (a.seat, &a.meld, a.points));
        let announcements = contest_heard(seat, announced, (decided, winner), 8);
        let shown_constructions = match (decided, winner) {
            (true, Some(w)) => self.constructions(w).iter().map(|m| m.cards()).collect(),
            _ => Vec::new(),
        };
        let t = self.play_state().map(|p| p.tricks()).unwrap_or_default();
        TwoView {
            common: SeatCommon::new(
                self,
                seat,
                ("two_player", self.hand(seat)),
                auction_calls(self.actions()),
                (self.contract(), self.loader()),
                announcements,
            ),
            phase: self.phase(),
            step: (self.phase() == TwoPhase::Bidding).then(|| self.step()),
            hand_sizes: [self.hand(Seat(0)).len(), self.hand(Seat(1)).len()],
            turned: self.vskryshka(),
            exchanged_by: self.exchanged_by(),
            original_turned: self.original_vskryshka(),
            bottom: self.bottom(),
            raspasy: self.is_raspasy(),
            bela_charges_caller: self.is_raspasy()
                && self.options().raspasy_meld_charging == super::RaspasyMeldCharging::Own,
            last_trick: self.tricks().last().map(|t| TrickView::done(t, PLAYERS)),
            tricks_won: [t[0], t[1]],
            contest_winner: if decided { self.contest_winner() } else { None },
            shown_constructions,
        }
    }

    /// The full state (never give this to a player).
    pub fn full_state(&self) -> TwoFullState {
        let mut view = self.view(self.to_act().unwrap_or(Seat(0)));
        for (a, full) in view.announcements.iter_mut().zip(self.announcements()) {
            a.cards = Some(full.meld.cards());
        }
        TwoFullState {
            view,
            hands: [self.hand(Seat(0)), self.hand(Seat(1))],
            all_tricks: self.tricks().iter().map(|t| TrickView::done(t, PLAYERS)).collect(),
            deck: self.deck().cards().to_vec(),
            actions: self.actions().to_vec(),
        }
    }
}

seat_common!(TwoView);
