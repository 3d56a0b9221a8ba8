//! What a two-player Belot seat knows when it plays a card (tricks lie
//! face down: what it remembers), what the deal is worth to it; and how
//! a reviewed deal's outcome reads.

use belot_core::two_player::{TwoDeal, TwoOptions, TwoView};
use belot_core::view::TrickView;
use belot_core::{CardSet, Contract, PlayRules, Seat};

use crate::games::OutcomeOf;
use crate::knowledge::*;

/// What a two-player Belot seat knows.
pub(crate) fn play_info(
    _game: &belot_core::Game,
    v: &TwoView,
    contract: Contract,
    memory: &mut Memory,
) -> PlayInfo {
    let completed = (v.tricks_won[0] + v.tricks_won[1]) as usize;
    memory.see(completed, v.last_trick.as_ref());
    let rules = PlayRules::NO_PARTNERS;
    let mut tricks: Vec<&TrickView> = memory.tricks.iter().collect();
    tricks.extend(v.trick.iter());
    let played = tricks.iter().fold(CardSet::EMPTY, |a, t| a | trick_cards(t));
    let exchanged = v.exchanged_by.map(|x| (x, v.original_turned));
    let contest = v.contest_winner.map(|w| (w, v.shown_constructions.as_slice()));
    let known = belot_known(&v.common, contract, 1, exchanged, contest);
    let out = v.turned.set() | v.bottom.map_or(CardSet::EMPTY, |c| c.set());
    let me = Seat(v.seat.0 & 1);
    let mut objective = objective(v, contract, me);
    objective.add_taken(&memory.tricks, |seat| seat.0 & 1 == me.0);
    PlayInfo {
        me,
        players: 2,
        partners: false,
        contract,
        rules,
        hand: v.hand,
        leader: v.trick.as_ref().map_or(me, |t| t.leader),
        trick: current(&v.trick),
        known,
        cannot: revealed(tricks.iter().map(|t| t.cards.as_slice()), 2, false, contract, &rules),
        // Бела: the trump suit, or every suit in ВК.
        unlikely: silent_belote(&tricks, &v.belote_calls, contract.trumps()),
        sizes: sizes_of(v.hand_sizes.iter().copied().chain(std::iter::repeat(0))),
        unseen: !(played | v.hand | out),
        side: 1 << me.0,
        sides: [1, 2, 0, 0],
        // In распасы the aim is reversed: as few points as
        // possible.
        minimize: v.raspasy,
        objective,
        auction: None,
        played_by: played_by(&tricks),
        plays: None,
    }
}

/// What a two-player seat plays for: the contract, or points.
fn objective(v: &TwoView, contract: Contract, me: Seat) -> Objective {
    match (v.raspasy, v.taker) {
        (false, Some(l)) => {
            let mine = |seat: Seat| seat.0 & 1 == me.0;
            let mut bonus = [0, 0];
            let mut bela = [0, 0];
            if let Some(w) = v.contest_winner {
                let pts: u32 =
                    v.announcements.iter().filter(|a| a.seat == w).map(|a| a.points).sum();
                bonus[!mine(w) as usize] += pts as i32;
            }
            for &(seat, _) in &v.belote_calls {
                bela[!mine(seat) as usize] += 20;
            }
            bonus[0] += bela[0];
            bonus[1] += bela[1];
            Objective::Contract {
                taker: mine(l),
                bonus,
                // A bait takes everything, бела included
                // (seed 001's default).
                belote: [0, 0],
                double: contract == Contract::NoTrumps,
                capot: [0, 0],
            }
        }
        _ => Objective::Points,
    }
}

pub(crate) fn outcome(deal: &TwoDeal, o: TwoOptions) -> Option<OutcomeOf> {
    let summary = *deal.summary()?;
    if summary.raspasy {
        return None;
    }
    let total = summary.card_points[0] + summary.card_points[1];
    Some(Box::new(move |seat, v| {
        let v = v.min(total);
        let p = seat.index() & 1;
        let mut s = summary;
        s.card_points[p] = v;
        s.card_points[1 - p] = total - v;
        // Constructions count with a trick taken: taken to be so with
        // any card points (a trick of no points is all that escapes it).
        s.tricks[p] = match v {
            0 => 0,
            v if v == total => 9,
            _ => 1,
        };
        s.tricks[1 - p] = 9 - s.tricks[p];
        two_code(belot_core::two_player::score_deal(&s, &o).outcome)
    }))
}

/// A two-player outcome's code in the JSON output ([`outcome_word`] gives
/// its word).
pub fn two_code(o: belot_core::two_player::TwoOutcome) -> &'static str {
    use belot_core::two_player::TwoOutcome;
    match o {
        TwoOutcome::Made => "made",
        TwoOutcome::Bait => "bait",
        TwoOutcome::Tie => "tie",
        TwoOutcome::Raspasy => "распасы",
    }
}
