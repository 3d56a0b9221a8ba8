//! What one player may know of a three-player deal, and the full state.

use serde::Serialize;

use super::deal::{ThreeDeal, ThreePhase};
use super::score::PLAYERS;
use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::game::Deal;
use crate::report::DealReport;
use crate::seat::Seat;
use crate::view::{AnnouncementView, TrickView, belote_calls};

/// One player's view.
#[derive(Clone, Debug, Serialize)]
pub struct ThreeView {
    /// Always "three_player".
    pub variant: &'static str,
    /// The seat this view is for.
    pub seat: Seat,
    /// Who dealt.
    pub dealer: Seat,
    /// Where the deal stands.
    pub phase: ThreePhase,
    /// Auction round while bidding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    /// Who is to act.
    pub to_act: Option<Seat>,
    /// This player's cards.
    pub hand: CardSet,
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
    /// Auction calls.
    pub calls: Vec<SeatAction>,
    /// The contract.
    pub contract: Option<Contract>,
    /// The declarer.
    pub taker: Option<Seat>,
    /// Completed tricks.
    pub tricks: Vec<TrickView>,
    /// The trick in progress.
    pub trick: Option<TrickView>,
    /// Tricks taken per player.
    pub tricks_won: [u8; 3],
    /// Announced combinations.
    pub announcements: Vec<AnnouncementView>,
    /// The contest winner, once the announcements are over.
    pub contest_winner: Option<Seat>,
    /// The winner's combinations, shown.
    pub shown_combinations: Vec<CardSet>,
    /// Belot declarations heard: (seat, card).
    pub belote_calls: Vec<(Seat, Card)>,
    /// Legal actions, when it is this player's turn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<Action>,
    /// The score, once finished (the same report in every game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<DealReport>,
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
        let announcements = self
            .announcements()
            .iter()
            .map(|a| {
                let show = a.seat == seat || (decided && winner == Some(a.seat));
                // Runs over five count as five: the real length shows only
                // with the cards.
                AnnouncementView {
                    // Once decided, only the contest winner's melds score.
                    scored: decided.then_some(winner == Some(a.seat)),
                    ..AnnouncementView::new(a.seat, &a.meld, a.points, show, 5)
                }
            })
            .collect();
        let shown_combinations = match (decided, winner) {
            (true, Some(w)) => self.combinations(w).iter().map(|m| m.cards()).collect(),
            _ => Vec::new(),
        };
        let trick = TrickView::current(self.play_state(), PLAYERS);
        let t = self.play_state().map(|p| p.tricks()).unwrap_or_default();
        let to_act = self.to_act();
        ThreeView {
            variant: "three_player",
            seat,
            dealer: self.dealer(),
            phase: self.phase(),
            round: (self.phase() == ThreePhase::Bidding).then(|| self.round()),
            to_act,
            hand: self.hand(seat),
            hand_sizes: [0, 1, 2].map(|i| self.hand(Seat(i)).len()),
            turned: self.turned(),
            exchanged: self.exchanged(),
            original_turned: self.original_turned(),
            exchanged_by: self
                .actions()
                .iter()
                .find(|a| matches!(a.action, Action::Exchange))
                .map(|a| a.seat),
            calls,
            contract: self.contract(),
            taker: self.declarer(),
            tricks: self.tricks().iter().map(|t| TrickView::done(t, PLAYERS)).collect(),
            trick,
            tricks_won: [t[0], t[1], t[2]],
            announcements,
            contest_winner: if decided { winner } else { None },
            shown_combinations,
            belote_calls: belote_calls(self.actions()),
            legal: if to_act == Some(seat) { self.legal_actions() } else { Vec::new() },
            score: Deal::report(self),
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
