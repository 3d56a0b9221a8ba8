//! The heuristic bot in two-player Belot (seed 001).
//!
//! Bidding: each contract the hand could play (the вскрышка suit, another
//! suit, all trumps, no trumps) gets an estimate of the points the hand
//! will win over the opponent's, from its six cards (the вскрышка joins
//! the hand only through the seven exchange); the bot takes the best one
//! that clears a margin, or passes. Before its first card it exchanges
//! the seven of trumps when the вскрышка is worth more, claims a redeal
//! with four 7s or four 8s only on a weak hand, and announces its best
//! construction. Card play is the shared rule of [`super::common`], with
//! the aim reversed in распасы; a player sees only the last trick, so it
//! knows only the cards the view still shows.

pub(crate) mod bidding;
pub(crate) mod reading;

pub use reading::two_code;

use belot_core::meld::MeldValues;
use belot_core::two_player::{TwoPhase, TwoView};
use belot_core::{Action, Card, CardSet, Contract, Rank, Seat, Suit};

use super::common::{self, Aim, HandFeatures, Knowledge, Turn};

/// Estimated point margin over the opponent of loading a suit contract
/// with `hand` (six cards). Weights fitted on simulated deals played by
/// this bot (the ignored test `calibrate` and
/// `bench/fit-bid-weights.py`).
fn suit_value(f: &HandFeatures) -> f64 {
    -104.0
        + 64.0 * f.jack
        + 44.0 * f.nine
        + 29.0 * f.ace_ten
        + 20.0 * f.small
        + 14.0 * f.side_aces
        + 11.0 * f.side_tens
        + 2.0 * f.side_other
        + 2.0 * f.voids
        + 1.25 * f.meld
        + 25.0 * f.belote
}

/// Estimated margin of the dealer over the non-dealer in распасы with
/// `hand` (six cards), the вскрышка suit trump: every high card is a
/// trick it may have to take.
fn raspasy_value(f: &HandFeatures) -> f64 {
    54.0 - 53.0 * f.jack
        - 45.0 * f.nine
        - 30.0 * f.ace_ten
        - 21.0 * f.small
        - 17.0 * f.side_aces
        - 8.0 * f.side_tens
        - 7.0 * f.side_other
        + 2.5 * f.voids
        + 0.8 * f.meld
        + 9.0 * f.belote
}

/// Features of a hand for all trumps (ВК): every suit ranks J 9 A 10.
#[derive(Clone, Copy, Debug, Default)]
struct AllTrumpsFeatures {
    jacks: f64,
    /// Nines with their jack (a second sure trick in the suit).
    nines_with_jack: f64,
    nines: f64,
    aces_tens: f64,
    belas: f64,
    meld: f64,
}

fn all_trumps_features(hand: CardSet) -> AllTrumpsFeatures {
    let mut f = AllTrumpsFeatures {
        meld: common::best_meld_value(hand, &MeldValues::TWO_PLAYER) as f64,
        ..Default::default()
    };
    for s in Suit::ALL {
        let has = |r: Rank| hand.contains(Card::new(s, r));
        let (j, n) = (has(Rank::Jack), has(Rank::Nine));
        f.jacks += j as u8 as f64;
        if n && j {
            f.nines_with_jack += 1.0;
        } else if n {
            f.nines += 1.0;
        }
        f.aces_tens += has(Rank::Ace) as u8 as f64 + has(Rank::Ten) as u8 as f64;
        f.belas += (has(Rank::King) && has(Rank::Queen)) as u8 as f64;
    }
    f
}

/// Estimated margin of loading all trumps.
fn all_trumps_value(f: &AllTrumpsFeatures) -> f64 {
    -127.0
        + 43.5 * f.jacks
        + 27.0 * f.nines_with_jack
        + 23.0 * f.nines
        + 7.5 * f.aces_tens
        + 4.5 * f.belas
        + 1.0 * f.meld
}

/// Features of a hand for no trumps (БК): aces and tens, doubled.
#[derive(Clone, Copy, Debug, Default)]
struct NoTrumpsFeatures {
    aces: f64,
    /// Tens with their ace.
    tens_with_ace: f64,
    tens: f64,
    kings: f64,
    meld: f64,
}

fn no_trumps_features(hand: CardSet) -> NoTrumpsFeatures {
    let mut f = NoTrumpsFeatures {
        meld: common::best_meld_value(hand, &MeldValues::TWO_PLAYER) as f64,
        ..Default::default()
    };
    for s in Suit::ALL {
        let has = |r: Rank| hand.contains(Card::new(s, r));
        let a = has(Rank::Ace);
        f.aces += a as u8 as f64;
        if has(Rank::Ten) {
            if a {
                f.tens_with_ace += 1.0;
            } else {
                f.tens += 1.0;
            }
        }
        f.kings += has(Rank::King) as u8 as f64;
    }
    f
}

/// Estimated margin of loading no trumps (points doubled).
fn no_trumps_value(f: &NoTrumpsFeatures) -> f64 {
    -128.0 + 35.0 * f.aces + 21.0 * f.tens_with_ace + 26.0 * f.tens + 8.5 * f.kings + 2.5 * f.meld
}

/// The hand a suit contract on `trump` would play with: the seven of
/// trumps exchanged for the вскрышка when the contract is its suit.
fn hand_for(view: &TwoView, trump: Suit) -> CardSet {
    let seven = Card::new(trump, Rank::Seven);
    let v = view.original_turned;
    if v.suit() == trump && view.hand.contains(seven) {
        (view.hand - seven.set()) | v.set()
    } else {
        view.hand
    }
}

/// Estimated margin of `contract` for this hand.
fn contract_value(view: &TwoView, contract: Contract) -> f64 {
    match contract {
        Contract::Suit(t) => {
            let hand = hand_for(view, t);
            let meld = common::best_meld_value(hand, &MeldValues::TWO_PLAYER);
            suit_value(&HandFeatures::suit(hand, t, meld))
        }
        Contract::AllTrumps => all_trumps_value(&all_trumps_features(view.hand)),
        Contract::NoTrumps => no_trumps_value(&no_trumps_features(view.hand)),
    }
}

/// The margin a contract must promise before the bot loads it: the
/// estimates are expected margins, and above 0 the contract is made
/// about four times in five (a failed contract gives the opponent
/// everything).
const MARGIN: f64 = 0.0;

fn bid(view: &TwoView) -> Action {
    let step = view.step.unwrap_or(0);
    let options: Vec<(Action, Contract)> = view
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::Take => Some((a.clone(), Contract::Suit(view.turned.suit()))),
            Action::Name { suit } => Some((a.clone(), Contract::Suit(*suit))),
            Action::AllTrumps => Some((a.clone(), Contract::AllTrumps)),
            Action::NoTrumps => Some((a.clone(), Contract::NoTrumps)),
            _ => None,
        })
        .collect();
    // The dealer's last pass means распасы: bid only what beats it.
    let margin = if step >= 3 {
        let v = view.turned.suit();
        let meld = common::best_meld_value(view.hand, &MeldValues::TWO_PLAYER);
        raspasy_value(&HandFeatures::suit(view.hand, v, meld))
    } else {
        MARGIN
    };
    let best = options
        .into_iter()
        .map(|(a, c)| (contract_value(view, c), a))
        .max_by(|x, y| x.0.total_cmp(&y.0));
    match best {
        Some((v, a)) if v >= margin => a,
        _ => Action::Pass,
    }
}

/// The seven of trumps for the вскрышка: any other trump is higher and
/// worth at least as much, unless the seven is in a sequence the
/// вскрышка does not replace. In распасы a higher trump only takes tricks.
fn exchange_is_worth_it(view: &TwoView) -> bool {
    let Some(Contract::Suit(t)) = view.contract else { return false };
    if view.raspasy {
        return false;
    }
    let seven = Card::new(t, Rank::Seven);
    let after = (view.hand - seven.set()) | view.turned.set();
    let meld = |h| common::best_meld_value(h, &MeldValues::TWO_PLAYER) as i32;
    meld(after) >= meld(view.hand)
}

/// A redeal with four 7s or four 8s throws the deal away: worth it only
/// when the bot would rather not play it (a loader whose hand is weak
/// for the contract; never in распасы, where small cards are welcome).
fn redeal_is_worth_it(view: &TwoView) -> bool {
    let Some(contract) = view.contract else { return false };
    if view.raspasy {
        return false;
    }
    let c = contract;
    let points = c.set_points(view.hand) as f64;
    let trumps = (view.hand & c.trumps()).len() as f64;
    let strength = points + 6.0 * trumps;
    if view.taker == Some(view.seat) { strength < 45.0 } else { strength < 25.0 }
}

/// Cards of the opponent's that the view still shows to be in his hand.
fn known_in_opponent(view: &TwoView, visible: CardSet) -> CardSet {
    let opp = Seat(1 - (view.seat.0 & 1));
    let mut known = CardSet::EMPTY;
    if view.exchanged_by == Some(opp) {
        known |= view.original_turned.set();
    }
    if view.contest_winner == Some(opp) {
        for &m in &view.shown_constructions {
            known |= m;
        }
    }
    // The other half of a бела he declared.
    for &(s, card) in &view.belote_calls {
        if s == opp {
            let other = if card.rank() == Rank::King { Rank::Queen } else { Rank::King };
            known |= Card::new(card.suit(), other).set();
        }
    }
    let known = known - visible - view.hand;
    // Shown cards may have been played in tricks no longer in view; more
    // than he holds means some were.
    if known.len() > view.hand_sizes[opp.index()] { CardSet::EMPTY } else { known }
}

fn play(view: &TwoView) -> Action {
    let cards = common::playable(&view.legal);
    let first = || view.legal.first().cloned().unwrap_or(Action::Pass);
    let Some(contract) = view.contract else { return first() };
    if cards.is_empty() {
        return first();
    }
    let me = Seat(view.seat.0 & 1);
    let opp = Seat(1 - me.0);
    let trick: Vec<(Seat, Card)> = view.trick.as_ref().map(|t| t.cards.clone()).unwrap_or_default();
    let last: Vec<(Seat, Card)> =
        view.last_trick.as_ref().map(|t| t.cards.clone()).unwrap_or_default();
    let mut visible: CardSet = trick.iter().chain(&last).map(|x| x.1).collect();
    visible |= view.turned.set();
    if let Some(b) = view.bottom {
        visible |= b.set();
    }
    // Cards called with a бела were played, even if the trick is gone.
    let called: CardSet = view.belote_calls.iter().map(|x| x.1).collect();
    let mut known = [CardSet::EMPTY; 4];
    known[opp.index()] = known_in_opponent(view, visible | called);
    let unseen = !(view.hand | visible | called);
    let sizes = [view.hand_sizes[0], view.hand_sizes[1], 0, 0];
    let mut know = Knowledge::new(contract, unseen, known, sizes);
    know.learn(&last);
    know.learn(&trick);
    let (aim, sign) = if view.raspasy { (Aim::Fewest, -1.0) } else { (Aim::Most, 1.0) };
    let turn = Turn::new(contract, 2, me, view.hand, &cards, &trick, &know)
        .valuing(|s| if s == me { (sign, false) } else { (-sign, true) })
        .aiming(aim);
    match turn.choose() {
        Some(card) => common::play_action(&cards, card, !view.bela_charges_caller),
        None => first(),
    }
}

/// The heuristic bot's action in two-player Belot: always one of
/// `view.legal` (`Pass` when the view offers nothing).
pub fn act(view: &TwoView) -> Action {
    let legal = &view.legal;
    let Some(first) = legal.first().cloned() else { return Action::Pass };
    let chosen = match view.phase {
        TwoPhase::Bidding => bid(view),
        TwoPhase::Playing => {
            if legal.contains(&Action::Exchange) && exchange_is_worth_it(view) {
                Action::Exchange
            } else if legal.contains(&Action::Redeal) && redeal_is_worth_it(view) {
                Action::Redeal
            } else if let Some(a) = legal.iter().find(|a| matches!(a, Action::Announce { .. })) {
                // An announcement costs nothing and may win the contest.
                a.clone()
            } else {
                play(view)
            }
        }
        _ => first.clone(),
    };
    if legal.contains(&chosen) { chosen } else { first }
}

crate::games::solver_game!(belot_core::two_player::TwoRules {
    /// Tricks lie face down: only the last one stays in view.
    const TRICKS_LEAVE_VIEW: bool = true;
    fn observe(view: &TwoView, memory: &mut crate::knowledge::Memory) {
        memory.see((view.tricks_won[0] + view.tricks_won[1]) as usize, view.last_trick.as_ref());
    }
});

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::Deck;
    use belot_core::two_player::{TwoDeal, TwoOptions};
    use std::fmt::Write as _;

    /// Plays `calls` then the deal with this bot in both seats; the
    /// points each seat records (`None` if redealt).
    fn play_out(deck: Deck, dealer: Seat, calls: &[Action]) -> Option<[i32; 2]> {
        let d = TwoDeal::new(TwoOptions::default(), dealer, deck).ok()?;
        let r = common::play_forced(d, calls, act)?;
        Some([r[0] as i32, r[1] as i32])
    }

    /// Calibration data for the bidding weights: every contract the
    /// first speaker could load, forced, then played by the bot, with the
    /// hand's features and the margin it got; распасы from the dealer's
    /// side. Writes `/tmp/two_calibration.csv`.
    #[test]
    #[ignore]
    fn calibrate() {
        let mut out = String::from("kind,f0,f1,f2,f3,f4,f5,f6,f7,f8,f9,diff\n");
        for k in 0..6000u64 {
            let deck = Deck::from_seed(k, 99);
            let dealer = Seat((k % 2) as u8);
            let d = TwoDeal::new(TwoOptions::default(), dealer, deck).unwrap();
            let nd = d.non_dealer();
            let view = d.view(nd);
            let v = view.turned.suit();
            let mut row = |kind: &str, f: [f64; 10], diff: i32| {
                let fs: Vec<String> = f.iter().map(|x| x.to_string()).collect();
                let _ = writeln!(out, "{kind},{},{diff}", fs.join(","));
            };
            let suit_f = |view: &TwoView, t: Suit| {
                let hand = hand_for(view, t);
                let meld = common::best_meld_value(hand, &MeldValues::TWO_PLAYER);
                HandFeatures::suit(hand, t, meld).columns()
            };
            let (l, vi) = (nd.index(), dealer.index());
            if let Some(r) = play_out(deck, dealer, &[Action::Take]) {
                row("take", suit_f(&view, v), r[l] - r[vi]);
            }
            let p2 = [Action::Pass, Action::Pass];
            for s in Suit::ALL.into_iter().filter(|&s| s != v) {
                let calls = [p2[0].clone(), p2[1].clone(), Action::Name { suit: s }];
                if let Some(r) = play_out(deck, dealer, &calls) {
                    row("name", suit_f(&view, s), r[l] - r[vi]);
                }
            }
            let at = all_trumps_features(view.hand);
            if let Some(r) =
                play_out(deck, dealer, &[Action::Pass, Action::Pass, Action::AllTrumps])
            {
                let f = [at.jacks, at.nines_with_jack, at.nines, at.aces_tens, at.belas, at.meld];
                let mut g = [0.0; 10];
                g[..6].copy_from_slice(&f);
                row("at", g, r[l] - r[vi]);
            }
            let nt = no_trumps_features(view.hand);
            if let Some(r) = play_out(deck, dealer, &[Action::Pass, Action::Pass, Action::NoTrumps])
            {
                let f = [nt.aces, nt.tens_with_ace, nt.tens, nt.kings, nt.meld];
                let mut g = [0.0; 10];
                g[..5].copy_from_slice(&f);
                row("nt", g, r[l] - r[vi]);
            }
            // Распасы, from the dealer's side (he makes the fourth pass).
            let dview = d.view(dealer);
            let four = [Action::Pass, Action::Pass, Action::Pass, Action::Pass];
            if let Some(r) = play_out(deck, dealer, &four) {
                row("rasp", suit_f(&dview, v), r[vi] - r[l]);
            }
        }
        std::fs::write("/tmp/two_calibration.csv", out).unwrap();
    }
}
