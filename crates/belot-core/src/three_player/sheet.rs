//! Three-player Belot on a score sheet: the deal as the players enter it,
//! its checks and its conversion to the ledger's entry.

use serde::{Deserialize, Serialize};

use super::{ThreeDeal, ThreeEntry, ThreeOptions, ThreeSummary};
use crate::error::Refusal;
use crate::registry::DealInput;
use crate::seat::Seat;
use crate::sheet::seat_ok;

/// A three-player deal as entered.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThreeInput {
    /// The declarer.
    pub declarer: Seat,
    /// Card points of each player, the last trick's 10 included.
    pub card_points: [u32; 3],
    /// Who took the last trick: needed with a capo only (without one
    /// the 10 is in its taker's points, and scores the same whoever
    /// he is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_trick: Option<Seat>,
    /// Players who took no trick (capo).
    #[serde(default)]
    pub capo: Vec<Seat>,
    /// Combination points of the contest winner (0 for the others).
    #[serde(default)]
    pub combinations: [u32; 3],
    /// Belots each player declared.
    #[serde(default)]
    pub belots: [u8; 3],
}

/// A three-player Belot deal checked and converted.
pub(crate) fn convert(
    input: &ThreeInput,
    _options: &ThreeOptions,
    dealer: Seat,
) -> Result<ThreeEntry, Refusal> {
    let ThreeInput { declarer, card_points, last_trick, capo, combinations, belots } = input;
    seat_ok(*declarer, 3, "declarer")?;
    for s in capo {
        seat_ok(*s, 3, "capo")?;
    }
    let last_trick = three_last_trick(*last_trick, capo, card_points)?;
    seat_ok(last_trick, 3, "last trick")?;
    check_capo(capo, card_points)?;
    check_combinations(combinations, belots)?;
    three_card_points(card_points, capo, last_trick)?;
    let mut cards = *card_points;
    cards[last_trick.index()] -= 10;
    let mut tricks = [0u8; 3];
    let playing: Vec<usize> = (0..3).filter(|&i| !capo.contains(&Seat(i as u8))).collect();
    for (k, &i) in playing.iter().enumerate() {
        tricks[i] = if k == 0 { 9 - (playing.len() as u8 - 1) } else { 1 };
    }
    let s = ThreeSummary {
        declarer: *declarer,
        dealer,
        card_points: cards,
        tricks,
        last_trick,
        combinations: *combinations,
        belots: *belots,
    };
    s.validate().map_err(Refusal::rules_check)?;
    Ok(ThreeEntry::Played { summary: s })
}

/// A finished three-player deal as entered: the last trick's 10 in its
/// taker's card points, capo for who took no trick.
pub(crate) fn input_of(d: &ThreeDeal) -> DealInput {
    let Some(s) = d.summary() else { return DealInput::ThrownIn };
    let mut card_points = s.card_points;
    card_points[s.last_trick.index() % 3] += 10;
    DealInput::ThreePlayer(ThreeInput {
        declarer: s.declarer,
        card_points,
        last_trick: Some(s.last_trick),
        capo: (0..3).filter(|&i| s.tricks[i] == 0).map(|i| Seat(i as u8)).collect(),
        combinations: s.combinations,
        belots: s.belots,
    })
}

/// The declarer's name.
pub(crate) fn describe(input: &ThreeInput, name: &dyn Fn(Seat) -> String) -> String {
    name(input.declarer)
}

/// Capo players (§2.7) took no trick: each listed once, with no card
/// points; nobody has more than 162.
fn check_capo(capo: &[Seat], card_points: &[u32; 3]) -> Result<(), Refusal> {
    let mut seen = [false; 3];
    for s in capo {
        if std::mem::replace(&mut seen[s.index()], true) {
            let m = format!("capo player {s} is listed twice");
            return Err(Refusal::new("capo_twice", m).with("seat", s.0));
        }
        let p = card_points[s.index()];
        if p > 0 {
            let m = format!("capo player {s} took no trick, so he has no card points; got {p}");
            let r = Refusal::new("no_trick_points", m).with("seat", s.0);
            return Err(r.with("points", p));
        }
    }
    if card_points.iter().any(|&p| p > 162) {
        return Err(Refusal::new("card_points_range", "card points: each player has 0 to 162")
            .with("total", 162));
    }
    Ok(())
}

/// Who took the last trick. Without a capo the form need not ask: the
/// 10 is in its taker's points and the deal scores the same whoever took
/// it, so the player with the most points (at least 10) stands for him.
fn three_last_trick(
    given: Option<Seat>,
    capo: &[Seat],
    card_points: &[u32; 3],
) -> Result<Seat, Refusal> {
    if let Some(s) = given {
        return Ok(s);
    }
    if !capo.is_empty() {
        let m = "with a player who took no trick (capo), say who took the last trick";
        return Err(Refusal::new("last_trick_needed", m));
    }
    let top = (0..3).max_by_key(|&i| (card_points[i], std::cmp::Reverse(i))).unwrap_or(0);
    if card_points[top] < 10 {
        let m = "someone took the last trick, so someone has at least its 10 points";
        return Err(Refusal::new("no_last_trick_points", m));
    }
    Ok(Seat(top as u8))
}

/// Three-player card points: the capo players are not all three and did
/// not take the last trick, whose taker holds at least its 10; 10 to 162
/// in all.
fn three_card_points(
    card_points: &[u32; 3],
    capo: &[Seat],
    last_trick: Seat,
) -> Result<(), Refusal> {
    if capo.len() > 2 || capo.contains(&last_trick) {
        return Err(Refusal::new(
            "capo_last_trick",
            "capo players took no trick: not all three, and not the one who took the last trick",
        ));
    }
    if card_points[last_trick.index()] < 10 {
        let m = "the player who took the last trick has at least its 10 points";
        return Err(Refusal::new("last_trick_points", m).with("seat", last_trick.0));
    }
    let total: u32 = card_points.iter().sum();
    if !(10..=162).contains(&total) {
        let m = format!(
            "card points add up to {total}: 27 cards are in play, at most 162 with the last trick"
        );
        let r = Refusal::new("card_points_between", m).with("sum", total);
        return Err(r.with("min", 10).with("max", 162));
    }
    Ok(())
}

/// Combination points (sums of 20, 50, 100, …) and belot calls (four at
/// most).
fn check_combinations(combinations: &[u32; 3], belots: &[u8; 3]) -> Result<(), Refusal> {
    for &c in combinations {
        if c != 0 && !(c % 10 == 0 && c <= 1000) {
            let m = format!(
                "combination points {c} cannot be made: 20 (or the table's tierce), 50, 100, \
                 150, 200 and their sums, at most 1000"
            );
            return Err(Refusal::new("combination_points", m).with("points", c));
        }
    }
    if belots.iter().map(|&b| b as u32).sum::<u32>() > 4 {
        return Err(Refusal::new("belots_total", "belots: at most four in all (one per suit)"));
    }
    Ok(())
}
