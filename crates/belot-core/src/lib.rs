//! # belot-core
//!
//! The rules of the Belot family of card games, with no I/O: cards as a
//! `u32` bitset ([`CardSet`]), contracts and rank orders ([`Contract`]),
//! legal plays ([`legal_plays`]), a copyable play state for searches and
//! playouts ([`PlayState`]), melds and their contests ([`meld`]), seeded and
//! explicit decks ([`Deck`]), and each variant as its own rule set:
//!
//! * [`french`]: French Belote (seed 002), four players in two teams;
//! * [`two_player`]: two-player Belot to 1001 (seed 001) with all-trumps,
//!   no-trumps and the all-pass deal;
//! * [`three_player`]: three-player Belot of the Black Sea ports (seed 000).
//!
//! Scoring takes a deal summary, so a deal played here and a deal entered
//! by hand at a table are scored by the same code
//! ([`french::score_deal`], [`french::Ledger`]).
//!
//! [`AnyMatch`] is a match of any game chosen at run time: the
//! `belot engine` protocol (crate `belot-engine`), the bots and the
//! command line drive every game through it.
//!
//! ```
//! use belot_core::french::{FrenchMatch, FrenchOptions, Phase};
//! use belot_core::{Action, Seat};
//!
//! // A match from seed 42, seat 0 dealing; everyone plays his first legal
//! // action until the deal is over.
//! let mut m = FrenchMatch::from_seed(FrenchOptions::default(), Seat(0), 42)?;
//! while let Some(seat) = m.current().to_act() {
//!     let action = m.current().legal_actions()[0].clone();
//!     m.apply(seat, &action)?;
//! }
//! assert!(matches!(m.current().phase(), Phase::Finished | Phase::ThrownIn));
//! if let Some(score) = m.current().score() {
//!     // 162 card points (252 with a capot), plus announcements and belote.
//!     assert!(score.card_points.iter().sum::<i32>() >= 162);
//! }
//! # Ok::<(), belot_core::GameError>(())
//! ```

pub mod action;
pub mod any_match;
pub mod card;
pub mod contract;
pub mod deal_base;
pub mod deck;
pub mod error;
pub mod french;
pub mod game;
pub mod game_match;
pub mod meld;
pub mod play;
pub mod points;
pub mod record;
pub mod registry;
pub mod report;
pub mod seat;
pub mod sheet;
pub mod tally;
pub mod three_player;
pub mod two_player;
pub mod view;

pub use action::{Action, SeatAction};
pub use any_match::{AnyMatch, Match, Standing};
pub use card::{Card, CardSet, Rank, Suit, parse_cards};
pub use contract::Contract;
pub use deal_base::DealBase;
pub use deck::Deck;
pub use error::{GAME_CODES, GameError, InvalidInput, Param, ParseError, Refusal};
pub use game::{AnyDeal, AnyState, AnyView, Deal, DealPhase, Game, GameView, HouseRules, Variant};
pub use game_match::{GameMatch, Registered, Rules, Start, Tally, Words};
pub use play::{PlayRules, PlayState, TrickContext, legal_plays};
pub use points::Half;
pub use record::MatchRecord;
pub use registry::{AnyEntry, AnyLedger, DealInput};
pub use report::{DealReport, RowReport};
pub use seat::{Seat, Side};

/// The random generator for playouts and searches: Xoshiro256++, fast and
/// statistically sound for simulation, seedable and portable. Deals use
/// ChaCha8 ([`Deck::from_seed`]), whose streams are documented and stable.
pub type PlayoutRng = rand_xoshiro::Xoshiro256PlusPlus;
