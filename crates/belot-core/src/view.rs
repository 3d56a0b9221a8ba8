//! The parts of a seat's view every game shows alike: announcements as
//! others see them, tricks, the auction's calls and the belote calls.

use serde::Serialize;

use crate::action::{Action, SeatAction};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::game::Deal;
use crate::meld::Meld;
use crate::play::{PlayState, Trick};
use crate::report::DealReport;
use crate::seat::Seat;

/// An announcement as others see it: its kind at once, its cards once
/// shown (one's own at once; the contest winner's after the first trick).
#[derive(Clone, Debug, Serialize)]
pub struct AnnouncementView {
    /// Who announced.
    pub seat: Seat,
    /// tierce, quarte, quinte, … or carre.
    pub kind: &'static str,
    /// Number of cards (a run longer than the game counts shows as the
    /// longest it counts, until its cards are shown).
    pub length: u8,
    /// Its value.
    pub points: u32,
    /// The cards, when shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<CardSet>,
    /// Whether it scored, once the contest is decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<bool>,
}

impl AnnouncementView {
    /// `meld` announced by `seat` for `points`, its cards shown or not;
    /// hidden, a run counts at most `cap` cards.
    pub fn new(seat: Seat, meld: &Meld, points: u32, show: bool, cap: u8) -> AnnouncementView {
        let len = meld.cards().len() as u8;
        AnnouncementView {
            seat,
            kind: meld.name(),
            length: if show || meld.is_carre() { len } else { len.min(cap) },
            points,
            cards: show.then(|| meld.cards()),
            scored: None,
        }
    }
}

/// A trick with the seat of each card.
#[derive(Clone, Debug, Serialize)]
pub struct TrickView {
    /// Who led.
    pub leader: Seat,
    /// (seat, card) in play order.
    pub cards: Vec<(Seat, Card)>,
    /// Who won it (absent for the trick in progress).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    /// Card points in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
}

impl TrickView {
    /// A completed trick at a table of `players`.
    pub fn done(t: &Trick, players: u8) -> TrickView {
        TrickView {
            leader: t.leader,
            cards: t.plays(players).collect(),
            winner: Some(t.winner),
            points: Some(t.points),
        }
    }

    /// The trick in progress, if a card of it is down.
    pub fn current(play: Option<&PlayState>, players: u8) -> Option<TrickView> {
        let p = play?;
        let cur = p.current_trick();
        (!cur.is_empty()).then(|| TrickView {
            leader: p.leader(),
            cards: cur
                .iter()
                .enumerate()
                .map(|(i, &c)| (p.leader().plus(i as u8, players), c))
                .collect(),
            winner: None,
            points: None,
        })
    }
}

/// The auction's calls among `actions`.
pub fn auction_calls(actions: &[SeatAction]) -> Vec<SeatAction> {
    let call = |a: &&SeatAction| {
        matches!(
            a.action,
            Action::Pass
                | Action::Take
                | Action::Name { .. }
                | Action::AllTrumps
                | Action::NoTrumps
        )
    };
    actions.iter().filter(call).cloned().collect()
}

/// The belote calls heard among `actions`: (seat, card played with it).
pub fn belote_calls(actions: &[SeatAction]) -> Vec<(Seat, Card)> {
    let call = |a: &SeatAction| match a.action {
        Action::Play { card, belote: true } => Some((a.seat, card)),
        _ => None,
    };
    actions.iter().filter_map(call).collect()
}

/// Announcements as `seat` hears them where the contest winner's melds
/// alone score (two- and three-player Belot): the kind at once; the
/// cards of its own, and of the winner's once the contest is `decided`.
/// Runs longer than `cap` cards count as `cap` until shown.
pub(crate) fn contest_heard<'a>(
    seat: Seat,
    announced: impl Iterator<Item = (Seat, &'a Meld, u32)>,
    (decided, winner): (bool, Option<Seat>),
    cap: u8,
) -> Vec<AnnouncementView> {
    announced
        .map(|(by, meld, points)| {
            let show = by == seat || (decided && winner == Some(by));
            AnnouncementView {
                // Once decided, only the contest winner's melds score.
                scored: decided.then_some(winner == Some(by)),
                ..AnnouncementView::new(by, meld, points, show, cap)
            }
        })
        .collect()
}

/// What every game's seat view holds alike. Each view flattens it into
/// its JSON (the fields read as the view's own) and derefs to it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatCommon {
    /// The game: "french", "two_player" or "three_player".
    pub variant: &'static str,
    /// The seat this view is for.
    pub seat: Seat,
    /// Who dealt.
    pub dealer: Seat,
    /// Who is to act (`None` once the deal is over).
    pub to_act: Option<Seat>,
    /// This seat's cards.
    pub hand: CardSet,
    /// The auction calls shown (none for a French bare contract).
    pub calls: Vec<SeatAction>,
    /// The contract, once made.
    pub contract: Option<Contract>,
    /// Who took it (the French preneur, the two-player loader, the
    /// three-player declarer).
    pub taker: Option<Seat>,
    /// The trick in progress.
    pub trick: Option<TrickView>,
    /// Announcements as this seat has heard them.
    pub announcements: Vec<AnnouncementView>,
    /// Belote (бела, belot) calls heard: (seat, card played with it).
    pub belote_calls: Vec<(Seat, Card)>,
    /// Legal actions, when it is this seat's turn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<Action>,
    /// The deal report, once the deal is over (the same in every game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<DealReport>,
}

impl SeatCommon {
    /// What `seat` sees of `deal` alike in every game; the game gives its
    /// name, the seat's hand, the calls shown, the contract and taker and
    /// the announcements as the seat hears them.
    pub(crate) fn new<D: Deal>(
        deal: &D,
        seat: Seat,
        (variant, hand): (&'static str, CardSet),
        calls: Vec<SeatAction>,
        (contract, taker): (Option<Contract>, Option<Seat>),
        announcements: Vec<AnnouncementView>,
    ) -> SeatCommon {
        let to_act = deal.to_act();
        SeatCommon {
            variant,
            seat,
            dealer: deal.dealer(),
            to_act,
            hand,
            calls,
            contract,
            taker,
            trick: TrickView::current(deal.play_state(), deal.players()),
            announcements,
            belote_calls: belote_calls(deal.actions()),
            legal: if to_act == Some(seat) { deal.legal_actions() } else { Vec::new() },
            score: deal.report(),
        }
    }
}

/// Lets a game's view read and write its [`SeatCommon`] fields as its own.
macro_rules! seat_common {
    ($view:ty) => {
        impl std::ops::Deref for $view {
            type Target = $crate::view::SeatCommon;
            fn deref(&self) -> &$crate::view::SeatCommon {
                &self.common
            }
        }
        impl std::ops::DerefMut for $view {
            fn deref_mut(&mut self) -> &mut $crate::view::SeatCommon {
                &mut self.common
            }
        }
    };
}
pub(crate) use seat_common;
