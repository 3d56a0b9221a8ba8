//! # belot-score
//!
//! Score sheets for the Belot games, as players keep them at a table
//! (seed 002 §11; seed 001's running-total table): a game set-up and the
//! deals entered one by one. Every derived figure (the other side's
//! points, outcome, held points, running totals, dealer, winner) is
//! recomputed from the entered deals by the rules engine's own scoring
//! (`belot_core`), so a deal entered by hand and a deal played in the
//! engine score the same. A change re-derives the table only from the
//! first deal it affects, and says where that is ([`Applied`]).
//!
//! Changes (add, edit, delete, restore, undo, redo) are kept in an
//! append-only history: nothing entered is ever lost.
//!
//! ```
//! use belot_core::Game;
//! use belot_score::{Applied, Change, DealInput, Setup, Sheet};
//! use belot_core::Seat;
//!
//! let setup = Setup {
//!     name: "Friday".into(),
//!     players: vec!["Ana".into(), "Boris".into(), "Chloé".into(), "Dimitar".into()],
//!     first_dealer: Seat(0),
//!     rules: Game::French(Default::default()),
//!     kept_by_table: false,
//! };
//! let mut sheet = Sheet::new(setup)?;
//! // Boris (seat 1) took; his side made 100 of the 162.
//! let applied = sheet.apply(Change::Add { entry: DealInput::French(belot_core::french::FrenchInput {
//!     taker: Seat(1), card_points: vec![None, Some(100)], announcements: vec![],
//!     capot: None, belote: None, announced: vec![], trump: None,
//! })})?;
//! assert_eq!(sheet.table().totals, vec![62.0, 100.0]);
//! // Only the new row was derived: rows before `rows_from` are unchanged.
//! assert_eq!(applied, Applied { rows_from: 0, items_from: 0 });
//! sheet.apply(Change::Undo)?;
//! assert!(sheet.table().rows.is_empty());
//! # Ok::<(), String>(())
//! ```

mod export;
mod input;
mod refusal;
pub mod rules_info;
mod sheet;

pub use belot_core::{AnyEntry, DealInput};
pub use export::{contract_text, csv, num, outcome, side_names};
pub use input::{MAX_NAME, Setup, refused_in_name};
pub use refusal::{CODES, Refusal};
pub use sheet::{Applied, Change, EntryId, Item, Row, Sheet, Table};
