//! What every game's deal holds, whatever its rules.

use crate::action::SeatAction;
use crate::card::Card;
use crate::contract::Contract;
use crate::deck::Deck;
use crate::error::{GameError, Param};
use crate::play::{PlayState, Trick};
use crate::seat::Seat;

/// The skeleton of a deal in every game: who dealt, the deck, the card
/// turned up, the contract and who took it, every action so far, the card
/// play and the finished tricks. Each game's deal holds one and adds only
/// what its own rules need (as shakmaty's variants hold a `Chess`); the
/// [`crate::Deal`] trait reads it through [`crate::Deal::base`].
#[derive(Clone, Debug)]
pub struct DealBase {
    /// Who dealt.
    pub(crate) dealer: Seat,
    /// The deck as dealt.
    pub(crate) deck: Deck,
    /// The card turned up (French's retourne, two-player Belot's
    /// вскрышка, three-player Belot's open card); after an exchange, the
    /// seven of trumps that replaced it.
    pub(crate) turned: Card,
    /// The contract, once made.
    pub(crate) contract: Option<Contract>,
    /// Who took it (taker, loader, declarer: each game's word for it).
    pub(crate) taker: Option<Seat>,
    /// Every action so far, in order.
    pub(crate) actions: Vec<SeatAction>,
    /// The card play, once it has started.
    pub(crate) play: Option<PlayState>,
    /// The finished tricks.
    pub(crate) tricks: Vec<Trick>,
}

impl DealBase {
    /// A deal of `deck` by `dealer` with `turned` face up, before anyone
    /// has spoken.
    pub(crate) fn new(dealer: Seat, deck: Deck, turned: Card) -> DealBase {
        DealBase {
            dealer,
            deck,
            turned,
            contract: None,
            taker: None,
            actions: Vec::new(),
            play: None,
            tricks: Vec::new(),
        }
    }

    /// Records a finished trick: `(first, over)` say whether it was the
    /// deal's first (announcement contests are decided then) and whether
    /// the card play is over.
    pub(crate) fn close_trick(&mut self, trick: Trick) -> (bool, bool) {
        self.tricks.push(trick);
        (self.tricks.len() == 1, self.play.as_ref().is_some_and(PlayState::is_over))
    }

    /// Who dealt.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The deck as dealt.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The card turned up now.
    pub fn turned(&self) -> Card {
        self.turned
    }

    /// The contract, once made.
    pub fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// Who took the contract.
    pub fn taker(&self) -> Option<Seat> {
        self.taker
    }

    /// Every action so far.
    pub fn actions(&self) -> &[SeatAction] {
        &self.actions
    }

    /// The card play, once started.
    pub fn play(&self) -> Option<&PlayState> {
        self.play.as_ref()
    }

    /// The finished tricks.
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }
}

/// The refusal of `card` by the play rules: not in the hand (`held`
/// false), or not legal now, `why` naming the game's rules in the message
/// ("" for none); `legal` is the legal cards as the contract shows them.
pub(crate) fn card_refused(card: Card, held: bool, legal: &str, why: &str) -> GameError {
    let e = if held {
        let m = format!("{card} may not be played now{why}; legal cards: {legal}");
        GameError::illegal("card_not_legal", m)
    } else {
        let m = format!("{card} is not in your hand; legal cards: {legal}");
        GameError::illegal("card_not_held", m)
    };
    e.with("card", card).with("legal", Param::words(legal))
}
