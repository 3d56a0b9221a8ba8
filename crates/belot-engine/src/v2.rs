//! What protocol version 2 adds over the games' own actions: the `hello`
//! answer, one `announce` action with the melds to choose from, and the
//! belote call made the same way in every game (see docs/protocol.md).

use belot_core::action::Action;
use belot_core::card::{Card, Rank};
use belot_core::meld::Meld;
use belot_core::{AnyMatch, Deal, Match, Seat, Variant, each_game, with_rules};
use serde_json::{Value, json};

/// The protocol version this engine speaks.
pub const PROTOCOL: u32 = 2;

/// `hello`'s answer: the protocol version and the games, each with its
/// tables and its own words for the things every game names alike.
pub(crate) fn hello() -> Value {
    let games: Vec<Value> = Variant::ALL
        .into_iter()
        .map(|v| {
            let (players, words) = with_rules!(v, R => (R::TABLES, R::WORDS));
            let target = belot_core::Game::default_for(v).target();
            json!({"variant": v, "players": players, "target": target, "words": words})
        })
        .collect();
    json!({
        "protocol": PROTOCOL,
        "engine": concat!("belot ", env!("CARGO_PKG_VERSION")),
        "games": games,
    })
}

/// Suits in which `seat` has already called belote (бела, belot) in the
/// two- and three-player games, where the call is made once.
fn called_suits(g: &AnyMatch, seat: Seat) -> u8 {
    each_game!(AnyMatch, g, m => m.current().called_suits(seat))
}

/// True when `card` would be the second card of a belote `seat` called
/// with the first, in a game that takes the call once: protocol 2 accepts
/// `"belote":true` on it (as French Belote's rebelote) and it adds nothing.
fn second_call(g: &AnyMatch, seat: Seat, card: Card) -> bool {
    matches!(card.rank(), Rank::King | Rank::Queen)
        && called_suits(g, seat) & (1 << card.suit().index()) != 0
}

/// The action the game takes for `action`: a call on the second card of
/// a belote already called becomes a plain play where the game takes the
/// call once, and an announcement naming no meld announces every meld
/// offered.
pub(crate) fn normalize(g: &AnyMatch, seat: Seat, action: Action) -> Action {
    match action {
        Action::Play { card, belote: true } if second_call(g, seat, card) => Action::play(card),
        Action::Announce { melds } if melds.is_empty() && g.to_act() == Some(seat) => {
            Action::Announce { melds: legal(g).1 }
        }
        a => a,
    }
}

/// The legal actions as protocol 2 lists them, and the melds the seat may
/// announce: one `{"type":"announce"}` however many choices of melds the
/// game allows, and the second card of a called belote offered with the
/// call too.
pub(crate) fn legal(g: &AnyMatch) -> (Vec<Value>, Vec<Meld>) {
    let (mut out, mut melds) = (Vec::new(), Vec::<Meld>::new());
    let seat = g.to_act();
    for a in g.legal_actions() {
        match a {
            Action::Announce { melds: m } => {
                if melds.is_empty() {
                    out.push(json!({"type": "announce"}));
                }
                for x in m {
                    if !melds.contains(&x) {
                        melds.push(x);
                    }
                }
            }
            Action::Play { card, belote: false }
                if seat.is_some_and(|s| second_call(g, s, card)) =>
            {
                out.push(json!(Action::Play { card, belote: true }));
                out.push(json!(Action::play(card)));
            }
            a => out.push(json!(a)),
        }
    }
    (out, melds)
}

/// A seat's view as protocol 2 sends it: `legal` as [`legal`] lists it,
/// with `melds` beside it.
pub(crate) fn view(g: &AnyMatch, seat: Seat) -> Value {
    let mut v = json!(g.view(seat));
    with_legal(g, seat, &mut v);
    v
}

/// Puts protocol 2's `legal` and `melds` in a view of `seat` when it is
/// the seat to act (a view of another seat has neither).
pub(crate) fn with_legal(g: &AnyMatch, seat: Seat, v: &mut Value) {
    let Some(map) = v.as_object_mut() else { return };
    map.remove("legal");
    if g.to_act() == Some(seat) {
        let (legal, melds) = legal(g);
        map.insert("legal".into(), json!(legal));
        map.insert("melds".into(), json!(melds));
    }
}
