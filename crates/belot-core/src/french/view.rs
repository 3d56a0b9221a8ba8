//! What one seat may know of a deal, and the full state (for analysis and
//! tests, asked for explicitly).

use serde::Serialize;

use super::deal::{FrenchDeal, Phase};
use crate::action::SeatAction;
use crate::card::{Card, CardSet};
use crate::game::Deal;
use crate::seat::Seat;
pub use crate::view::{AnnouncementView, TrickView};
use crate::view::{SeatCommon, auction_calls, seat_common};

/// One seat's view of a deal: never another seat's unplayed cards.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// What every game's view holds alike (flattened: its fields read
    /// as this view's own).
    #[serde(flatten)]
    pub common: SeatCommon,
    /// Where the deal stands.
    pub phase: Phase,
    /// Auction round while bidding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    /// Number of cards each seat holds.
    pub hand_sizes: Vec<usize>,
    /// The turned card (everyone saw it; it goes to the taker); none in
    /// a deal started from a bare contract.
    pub turned: Option<Card>,
    /// Completed tricks.
    pub tricks: Vec<TrickView>,
    /// Card points taken so far per side (two teams, or each player).
    pub points: Vec<u32>,
    /// Tricks taken so far per side.
    pub tricks_won: Vec<u8>,
    /// Two players: the bottom card, shown after the auction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bottom: Option<Card>,
    /// Players at the table.
    pub players: u8,
}

/// The whole state of a deal, every hand included.
#[derive(Clone, Debug, Serialize)]
pub struct FullState {
    /// The view of the seat to act (or seat 0), whose hidden parts are
    /// completed below.
    #[serde(flatten)]
    pub view: SeatView,
    /// Every seat's cards now.
    pub hands: [CardSet; 4],
    /// Hands at the start of play.
    pub dealt_hands: Option<[CardSet; 4]>,
    /// Every action in order.
    pub actions: Vec<SeatAction>,
}

impl SeatView {
    /// The turned card as a set: empty when none is shown (a deal started
    /// from a bare contract).
    pub fn turned_set(&self) -> CardSet {
        self.turned.map_or(CardSet::EMPTY, Card::set)
    }
}

impl FrenchDeal {
    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> SeatView {
        let bidding_calls = if self.is_bare() { Vec::new() } else { auction_calls(self.actions()) };
        let decided = self.contests_decided();
        let announcements = self
            .announcements()
            .iter()
            .map(|a| {
                let show = a.seat == seat || (decided && a.scored);
                // A run longer than the cap is announced as the cap (a
                // "cent"): its real length shows only with its cards.
                let cap = self.options().seq_len_cap.unwrap_or(8);
                let scored = decided.then_some(a.scored);
                AnnouncementView {
                    scored,
                    ..AnnouncementView::new(a.seat, &a.meld, a.points, show, cap)
                }
            })
            .collect();
        let hand_sizes = (0..self.players()).map(|i| self.hand(Seat(i)).len()).collect();
        SeatView {
            common: SeatCommon::new(
                self,
                seat,
                ("french", self.hand(seat)),
                bidding_calls,
                (self.contract(), self.taker()),
                announcements,
            ),
            phase: self.phase(),
            round: (self.phase() == Phase::Bidding).then(|| self.round()),
            hand_sizes,
            turned: (!self.is_bare()).then(|| self.turned()),
            tricks: self.tricks().iter().map(|t| TrickView::done(t, self.players())).collect(),
            points: self.points_so_far(),
            tricks_won: self.tricks_so_far(),
            bottom: self.bottom(),
            players: self.players(),
        }
    }

    /// The full state with every hand (never give this to a player).
    pub fn full_state(&self) -> FullState {
        let seat = self.to_act().unwrap_or(Seat(0));
        let mut view = self.view(seat);
        // Same order as the announcements themselves.
        for (a, full) in view.announcements.iter_mut().zip(self.announcements()) {
            a.cards = Some(full.meld.cards());
        }
        let mut hands = [CardSet::EMPTY; 4];
        for (i, h) in hands.iter_mut().enumerate() {
            *h = self.hand(Seat(i as u8));
        }
        FullState { view, hands, dealt_hands: self.dealt_hands(), actions: self.actions().to_vec() }
    }
}

seat_common!(SeatView);
