//! A played deal judged card by card against best play: the value of
//! each card played (the card points its player's side ends the deal with
//! under best play from there), the best cards and their value, and what
//! a mistake cost, with the contract's outcome where the game has one.
//! `belot solve` prints it; `belot serve`'s tables show it after a deal.

use belot_core::record::DealRecord;
use belot_core::{Action, AnyDeal, Card, Contract, Deal, Game, PlayState, Seat, SeatAction};
use serde::Serialize;

use crate::games::{OutcomeOf, SolverGame};
use crate::{Config, Solver};

/// One card played, judged.
#[derive(Clone, Debug, Serialize)]
pub struct CardReview {
    /// The deal's contract.
    pub contract: Contract,
    /// Who took the contract (none in распасы).
    pub taker: Option<Seat>,
    /// The trick's number, from 1.
    pub trick: u8,
    /// Who played the card.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// The card points the player's side ends the deal with after this
    /// card, under best play from there.
    pub value: u32,
    /// The same after the best card.
    pub best: u32,
    /// The cards that reach `best`.
    pub best_cards: Vec<Card>,
    /// The player wanted as few points as possible (распасы).
    pub least: bool,
    /// The contract's outcome after this card and after the best card,
    /// both under best play from there (finished deals of two sides).
    pub outcome: Option<(&'static str, &'static str)>,
}

impl CardReview {
    /// Points the card cost against the best card.
    pub fn cost(&self) -> u32 {
        if self.least {
            self.value - self.best.min(self.value)
        } else {
            self.best.saturating_sub(self.value)
        }
    }
}

/// A card played and what its player wanted: the position before it, the
/// seat, the card, the seats whose points count for him ([`side_of`]) and
/// whether he wanted as few as possible (распасы).
struct Position {
    state: PlayState,
    taker: Option<Seat>,
    seat: Seat,
    card: belot_core::Card,
    side: u8,
    least: bool,
}

/// Positions before each card of a deal: replays the actions and yields
/// one [`Position`] for every card played. `aim` gives, from the deal in
/// play and a seat, its side and whether it plays for the fewest points;
/// `taker`, who took the contract.
fn positions<D: Deal>(
    mut deal: D,
    actions: &[SeatAction],
    aim: impl Fn(&D, Seat) -> (u8, bool),
    taker: impl Fn(&D) -> Option<Seat>,
) -> Result<(Vec<Position>, D), String> {
    let mut out = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        if let Action::Play { card, .. } = a.action
            && let Some(&state) = deal.play_state()
        {
            let (side, least) = aim(&deal, a.seat);
            out.push(Position { state, taker: taker(&deal), seat: a.seat, card, side, least });
        }
        deal.apply(a.seat, &a.action).map_err(|e| format!("action {}: {e}", i + 1))?;
    }
    Ok((out, deal))
}

/// Every card of a deal of `game` judged against best play, and the deal
/// as it ended (for its contract, taker and outcome).
pub fn review_deal(game: Game, d: &DealRecord) -> Result<(Vec<CardReview>, AnyDeal), String> {
    let text = |e: belot_core::GameError| e.to_string();
    let (pos, end, outcome_of) = belot_core::each_game!(Game, &game, R, o => {
        let deal = R::deal(*o, d.dealer, d.deck).map_err(text)?;
        let (pos, end) = positions(
            deal,
            &d.actions,
            |x, s| (game.side_mask(x.taker(), s), x.all_pass() == Some(true)),
            |x| x.taker(),
        )?;
        let outcome = R::outcome(&end, *o);
        (pos, AnyDeal::from(end), outcome)
    });
    Ok((judge(pos, outcome_of), end))
}

/// Judges each card against best play.
fn judge(pos: Vec<Position>, outcome_of: Option<OutcomeOf>) -> Vec<CardReview> {
    let mut judged = Vec::with_capacity(pos.len());
    // One solver per side and aim for the deal: what its table learnt
    // from one position serves the next positions of that side.
    let mut solvers: Vec<((u8, bool), Solver)> = Vec::new();
    for p in pos {
        let key = (p.side, p.least);
        let i = match solvers.iter().position(|x| x.0 == key) {
            Some(i) => i,
            None => {
                let mut solver = Solver::for_seats(p.side, Config::default());
                if p.least {
                    solver.reset_least(p.side);
                }
                solvers.push((key, solver));
                solvers.len() - 1
            }
        };
        let sol = solvers[i].1.solve(&p.state);
        let value = sol.cards.iter().find(|(c, _)| *c == p.card).map(|x| x.1).unwrap_or(0);
        let best_cards = sol.cards.iter().filter(|x| x.1 == sol.value).map(|x| x.0).collect();
        judged.push(CardReview {
            contract: p.state.contract(),
            taker: p.taker,
            trick: p.state.tricks_played() + 1,
            seat: p.seat,
            card: p.card,
            value,
            best: sol.value,
            best_cards,
            least: p.least,
            outcome: outcome_of.as_ref().map(|f| (f(p.seat, value), f(p.seat, sol.value))),
        });
    }
    judged
}
