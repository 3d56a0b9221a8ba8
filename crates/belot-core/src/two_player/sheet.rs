//! Two-player Belot on a score sheet: the deal as the players enter it,
//! its checks and its conversion to the ledger's entry.

use serde::{Deserialize, Serialize};

use super::{TwoDeal, TwoEntry, TwoOptions, TwoSummary};
use crate::contract::Contract;
use crate::error::Refusal;
use crate::registry::DealInput;
use crate::seat::Seat;
use crate::sheet::seat_ok;

/// A two-player deal as entered.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TwoInput {
    /// Suit (`S H D C`), `AT` (ВК) or `NT` (БК); the вскрышка suit in распасы.
    pub contract: Contract,
    /// An all-pass deal.
    #[serde(default)]
    pub raspasy: bool,
    /// Who loaded the game (absent in распасы).
    #[serde(default)]
    pub loader: Option<Seat>,
    /// Card points of both players, the last trick's 10 included (cards
    /// are out of play, so both are entered).
    pub card_points: [u32; 2],
    /// Construction points of the contest winner (0 for the other).
    #[serde(default)]
    pub constructions: [u32; 2],
    /// Belas each player declared.
    #[serde(default)]
    pub belas: [u8; 2],
    /// Whether each player took at least one trick (default: he took
    /// card points).
    #[serde(default)]
    pub took_trick: Option<[bool; 2]>,
}

/// A two-player Belot deal checked and converted.
pub(crate) fn convert(input: &TwoInput, _options: &TwoOptions) -> Result<TwoEntry, Refusal> {
    let TwoInput { contract, raspasy, loader, card_points, constructions, belas, took_trick } =
        input;
    if let Some(l) = loader {
        seat_ok(*l, 2, "loader")?;
    }
    two_card_points(card_points, *contract)?;
    check_constructions(constructions)?;
    check_belas(belas, *contract)?;
    let tricks = two_tricks(card_points, *took_trick)?;
    let s = TwoSummary {
        contract: *contract,
        raspasy: *raspasy,
        loader: *loader,
        card_points: *card_points,
        tricks,
        constructions: *constructions,
        belas: *belas,
    };
    s.validate().map_err(Refusal::rules_check)?;
    Ok(TwoEntry::Played { summary: s })
}

/// A finished two-player deal as entered (a redeal, or thrown in).
pub(crate) fn input_of(d: &TwoDeal) -> DealInput {
    match (d.summary(), d.redeal_by()) {
        (Some(s), _) => DealInput::TwoPlayer(TwoInput {
            contract: s.contract,
            raspasy: s.raspasy,
            loader: s.loader,
            card_points: s.card_points,
            constructions: s.constructions,
            belas: s.belas,
            took_trick: Some([s.tricks[0] > 0, s.tricks[1] > 0]),
        }),
        (None, Some(_)) => DealInput::Redeal,
        (None, None) => DealInput::ThrownIn,
    }
}

/// "AT Olena", "raspasy ♠".
pub(crate) fn describe(input: &TwoInput, name: &dyn Fn(Seat) -> String) -> String {
    let contract = match input.contract {
        Contract::Suit(s) => s.symbol().to_string(),
        other => other.to_string(),
    };
    match (input.raspasy, input.loader) {
        (true, _) => format!("raspasy {contract}"),
        (false, loader) => format!("{contract} {}", loader.map(name).unwrap_or_default()),
    }
}

/// A two-player deal's card points (§3.7): each 0 to 258 but never 1,
/// together 10 up to what the contract's 18 cards in play can hold.
fn two_card_points(card_points: &[u32; 2], contract: Contract) -> Result<(), Refusal> {
    if let Some(&p) = card_points.iter().find(|&&p| p > 258 || p == 1) {
        let m =
            format!("card points {card_points:?} cannot be: each player's are 0 to 258, never 1");
        return Err(Refusal::new("card_points", m).with("points", p).with("total", 259));
    }
    let total = card_points[0] + card_points[1];
    let max = match contract {
        Contract::AllTrumps => 238,
        Contract::NoTrumps => 126,
        Contract::Suit(_) => 156,
    };
    if total < 10 || total > max {
        let m = format!(
            "card points add up to {total}: with 14 cards out of play this contract's 18 cards \
             hold 10 to {max} (last trick included)"
        );
        let r = Refusal::new("card_points_between", m).with("sum", total);
        return Err(r.with("min", 10).with("max", max));
    }
    Ok(())
}

/// Construction points a player can make: 20, 50, 100, … and their sums.
fn check_constructions(constructions: &[u32; 2]) -> Result<(), Refusal> {
    for &c in constructions {
        if c != 0 && !(c >= 20 && c % 10 == 0 && c != 30 && c <= 1000) {
            let m = format!(
                "construction points {c} cannot be made: constructions are worth 20, 50, 100, \
                 110, 140 or 200"
            );
            return Err(Refusal::new("construction_points", m).with("points", c));
        }
    }
    Ok(())
}

/// Бела calls: one per suit at most, four in all in ВК, none in БК, one
/// player's only in a suit contract.
fn check_belas(belas: &[u8; 2], contract: Contract) -> Result<(), Refusal> {
    if belas.iter().any(|&b| b > 4)
        || (contract == Contract::NoTrumps && belas.iter().any(|&b| b > 0))
    {
        return Err(Refusal::new(
            "belas_per_suit",
            "belas: at most one per suit (4 in ВК), none in БК",
        ));
    }
    if belas.iter().map(|&b| b as u32).sum::<u32>() > 4 {
        return Err(Refusal::new("belas_total", "belas: at most four in all (one per suit)"));
    }
    if !matches!(contract, Contract::AllTrumps) && belas.iter().sum::<u8>() > 1 {
        return Err(Refusal::new(
            "bela_one_player",
            "in a suit contract only one player can hold the бела",
        ));
    }
    Ok(())
}

/// Tricks each player took, as far as scoring needs: who took none (no
/// card points then) and who took some.
fn two_tricks(card_points: &[u32; 2], took_trick: Option<[bool; 2]>) -> Result<[u8; 2], Refusal> {
    let took = took_trick.unwrap_or([card_points[0] > 0, card_points[1] > 0]);
    for p in 0..2 {
        if !took[p] && card_points[p] > 0 {
            let m = format!(
                "player {p} took no trick, so he has no card points; got {}",
                card_points[p]
            );
            let r = Refusal::new("no_trick_points", m).with("seat", p);
            return Err(r.with("points", card_points[p]));
        }
    }
    match took {
        [true, true] => Ok([4, 5]),
        [true, false] => Ok([9, 0]),
        [false, true] => Ok([0, 9]),
        [false, false] => Err(Refusal::new(
            "nobody_took_tricks",
            "somebody took the tricks: mark at least one player as taking a trick",
        )),
    }
}
