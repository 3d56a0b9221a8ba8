//! What the store tests share: a set-up and a change to store.

use belot_core::{Game, Seat};
use belot_score::{Change, DealInput, Setup};

pub fn setup() -> Setup {
    Setup {
        name: "t".into(),
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        first_dealer: Seat(0),
        rules: Game::French(Default::default()),
        kept_by_table: false,
    }
}

pub fn add() -> Change {
    Change::Add {
        entry: DealInput::French(belot_core::french::FrenchInput {
            taker: Seat(1),
            card_points: vec![None, Some(100)],
            announcements: vec![],
            capot: None,
            belote: None,
            announced: vec![],
            trump: None,
        }),
    }
}
