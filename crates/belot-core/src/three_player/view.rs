//! What one player may know of a three-player deal, and the full state.

use serde::Serialize;

use super::deal::{ThreeDeal, ThreePhase};
use super::score::PLAYERS;
use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet};
use crate::game::Deal;
use crate::seat::Seat;
use crate::view::{SeatCommon, TrickView, contest_heard, seat_common};

/// One player's view.
#[derive(Clone, Debug, Serialize)]
pub struct ThreeView {
    /// What every game's view holds alike (flattened: its fields read
    /// as this view's own).
    #[serde(flatten)]
    pub common: SeatCommon,
    /// Where the deal stands.
    pub phase: ThreePhase,
    /// Auction round while bidding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    /// Cards each player holds.
    pub hand_sizes: [usize; 3],
    /// The face-up card (the seven of trumps after an exchange).
    pub turned: Card,
    /// True once the seven of trumps was exchanged (its holder now has the
    /// old turned card; everyone saw it).
    pub exchanged: bool,
    /// Who exchanged the seven of trumps (he holds the old turned card).
    pub exchanged_by: Option<Seat>,
    /// The turned card as dealt (everyone saw it before an exchange).
    pub original_turned: Card,
    /// Completed tricks.
    pub tricks: Vec<TrickView>,
    /// Tricks taken per player.
    pub tricks_won: [u8; 3],
    /// The contest winner, once the announcements are over.
    pub contest_winner: Option<Seat>,
    /// The winner's combinations, shown.
    pub shown_combinations: Vec<CardSet>,
}

/// The whole state.
#[derive(Clone, Debug, Serialize)]
pub struct ThreeFullState {
    /// The view of the player to act (or seat 0).
    #[serde(flatten)]
    pub view: ThreeView,
    /// Every hand now.
    pub hands: [CardSet; 3],
    /// The deck.
    pub deck: Vec<Card>,
    /// Every action.
    pub actions: Vec<SeatAction>,
}

impl ThreeDeal {
    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> ThreeView {
        let seat = Seat(seat.0 % PLAYERS);
        // The auction: every action up to the take or name that ended it.
        let n_calls = self
            .actions()
            .iter()
            .position(|x| matches!(x.action, Action::Take | Action::Name { .. }))
            .map_or(self.actions().len(), |i| i + 1);
        let calls = self.actions()[..n_calls].to_vec();
        let decided = self.contest_winner().is_some()
            || matches!(self.phase(), ThreePhase::Playing | ThreePhase::Finished);
        let winner = self.contest_winner();
        // Runs over five count as five: the real length shows only with
        // the cards.
        let announced = self.announcements().iter().map(|a| (a.seat, &a.meld, a.points));
        let announcements = contest_heard(seat, announced, (decided, winner), 5);
        let shown_combinations = match (decided, winner) {
            (true, Some(w)) => self.combinations(w).iter().map(|m| m.cards()).collect(),
            _ => Vec::new(),
        };
        let t = self.play_state().map(|p| p.tricks()).unwrap_or_default();
        ThreeView {
            common: SeatCommon::new(
                self,
                seat,
                ("three_player", self.hand(seat)),
                calls,
                (self.contract(), self.declarer()),
                announcements,
            ),
            phase: self.phase(),
            round: (self.phase() == ThreePhase::Bidding).then(|| self.round()),
            hand_sizes: [0, 1, 2].map(|i| self.hand(Seat(i)).len()),
            turned: self.turned(),
            exchanged: self.exchanged(),
            original_turned: self.original_turned(),
            exchanged_by: self
                .actions()
                .iter()
                .find(|a| matches!(a.action, Action::Exchange))
                .map(|a| a.seat),
            tricks: self.tricks().iter().map(|t| TrickView::done(t, PLAYERS)).collect(),
            tricks_won: [t[0], t[1], t[2]],
            contest_winner: if decided { winner } else { None },
            shown_combinations,
        }
    }

    /// The full state (never give this to a player).
    pub fn full_state(&self) -> ThreeFullState {
        let mut view = self.view(self.to_act().unwrap_or(Seat(0)));
        for (a, full) in view.announcements.iter_mut().zip(self.announcements()) {
            a.cards = Some(full.meld.cards());
        }
        ThreeFullState {
            view,
            hands: [0, 1, 2].map(|i| self.hand(Seat(i))),
            deck: self.deck().cards().to_vec(),
            actions: self.actions().to_vec(),
        }
    }
}

seat_common!(ThreeView);
