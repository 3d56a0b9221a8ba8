//! French Belote on a score sheet: the deal as the players enter it, its
//! checks and its conversion to the ledger's entry.

use serde::{Deserialize, Serialize};

use super::announcement_contests;
use super::{DealSummary, EntryOf, FrenchDeal, FrenchEntry, FrenchOptions, FrenchScored, by_sides};
use crate::card::Suit;
use crate::contract::Contract;
use crate::error::Refusal;
use crate::meld::{CardReuse, Meld, MeldValues};
use crate::registry::DealInput;
use crate::seat::{Seat, Side};
use crate::sheet::{announcement_ok, card_points_ok, seat_ok, side_ok};

/// A French deal as entered: who took, the card points of all sides but
/// at most one (`null`: derived from the 162), announcement points each
/// side won, capot, belote.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrenchInput {
    /// The player who took trump.
    pub taker: Seat,
    /// Card points per side with the last trick's 10; one may be null.
    pub card_points: Vec<Option<u32>>,
    /// Announcement points each side scored (after the contests).
    #[serde(default)]
    pub announcements: Vec<u32>,
    /// The side that took every trick.
    #[serde(default)]
    pub capot: Option<u8>,
    /// The side that scored belote–rebelote.
    #[serde(default)]
    pub belote: Option<u8>,
    /// Instead of announcement points: the melds announced, in
    /// announcing order, and the app runs the contests (needs `trump`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub announced: Vec<Announced>,
    /// The trump suit (needed to run the contests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<Suit>,
}

/// A French deal (4, 3 or 2 players) checked and converted.
pub(crate) fn convert(
    input: &FrenchInput,
    options: &FrenchOptions,
) -> Result<FrenchEntry, Refusal> {
    let FrenchInput { taker, card_points, announcements, capot, belote, announced, trump } = input;
    let n = usize::from(options.players);
    seat_ok(*taker, n, "taker")?;
    let sides = if n == 4 { 2 } else { n };
    side_ok(*capot, sides, "capot")?;
    side_ok(*belote, sides, "belote")?;
    if card_points.len() != sides {
        let m = format!("give card points for each of the {sides} sides (one may be null)");
        return Err(Refusal::new("side_count", m).with("count", sides));
    }
    let ann: Vec<u32> = if !announced.is_empty() {
        // The app runs the contests of §4.6 on the announced melds.
        melds_points(announced, *trump, announcements, options, sides, n)?
    } else if announcements.is_empty() {
        vec![0; sides]
    } else {
        announcements.clone()
    };
    if ann.len() != sides {
        let m = format!("give announcement points for each of the {sides} sides");
        return Err(Refusal::new("side_count", m).with("count", sides));
    }
    for &a in &ann {
        announcement_ok(a)?;
    }
    let pts = french_card_points(card_points, *capot, options, sides)?;
    let s = Figures {
        taker: super::side_in(*taker, options.players),
        capot: capot.map(Side),
        belote: belote.map(Side),
        deal_points: (options.players == 2).then(|| pts[0] + pts[1]),
        card_points: pts,
        announcements: ann,
    };
    Ok(match options.players {
        3 => FrenchEntry::Three(s.played()?),
        _ => FrenchEntry::Two(s.played()?),
    })
}

/// A deal's figures per side, before their number is known as a type.
struct Figures {
    taker: Side,
    card_points: Vec<u32>,
    capot: Option<Side>,
    announcements: Vec<u32>,
    belote: Option<Side>,
    deal_points: Option<u32>,
}

impl Figures {
    /// A checked entry of `N` sides.
    fn played<const N: usize>(&self) -> Result<EntryOf<N>, Refusal>
    where
        super::FrenchScoring<N>: crate::tally::Scoring<Summary = DealSummary<N>>,
    {
        let at = |v: &[u32], i: usize| v.get(i).copied().unwrap_or(0);
        let summary = DealSummary {
            taker: self.taker,
            card_points: std::array::from_fn(|i| at(&self.card_points, i)),
            capot: self.capot,
            announcements: std::array::from_fn(|i| at(&self.announcements, i)),
            belote: self.belote,
            deal_points: self.deal_points,
        };
        summary.validate().map_err(Refusal::rules_check)?;
        Ok(EntryOf::Played { summary })
    }
}

/// A finished French deal as entered (thrown in when nobody took).
pub(crate) fn input_of(d: &FrenchDeal) -> DealInput {
    let (Some(scored), Some(taker)) = (d.scored(), d.taker()) else { return DealInput::ThrownIn };
    let (card_points, announcements, capot, belote) = by_sides!(FrenchScored, scored, s => (
        s.summary.card_points.to_vec(),
        s.summary.announcements.to_vec(),
        s.summary.capot.map(|c| c.0),
        s.summary.belote.map(|b| b.0),
    ));
    DealInput::French(FrenchInput {
        taker,
        card_points: card_points.into_iter().map(Some).collect(),
        announcements,
        capot,
        belote,
        announced: Vec::new(),
        trump: None,
    })
}

/// "Boris ♥" (the trump when given).
pub(crate) fn describe(input: &FrenchInput, name: &dyn Fn(Seat) -> String) -> String {
    match input.trump {
        Some(t) => format!("{} {}", name(input.taker), t.symbol()),
        None => name(input.taker),
    }
}

/// A meld announced at the table: who, and its cards.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Announced {
    /// The player who announced it.
    pub seat: Seat,
    /// The meld (its cards).
    pub meld: Meld,
}

/// Refuses a meld its player already announced, or one sharing cards
/// with another of his melds where the table's card re-use rule forbids
/// it (a card may be in one carré and one sequence, or with `once_only`
/// in one meld only).
fn meld_fits_hand(earlier: &[Meld], a: &Announced, reuse: CardReuse) -> Result<(), Refusal> {
    let cards = a.meld.cards();
    for &m in earlier {
        if m == a.meld {
            let m =
                format!("[{cards}] is announced twice by player {}: each meld counts once", a.seat);
            return Err(Refusal::new("meld_twice", m).with("seat", a.seat.0));
        }
        let shared = m.cards() & cards;
        let carre_and_sequence = matches!(m, Meld::Carre(_)) != matches!(a.meld, Meld::Carre(_));
        if shared.is_empty() || (carre_and_sequence && reuse == CardReuse::AllowCarreAndSeq) {
            continue;
        }
        let rule = match reuse {
            CardReuse::AllowCarreAndSeq => {
                "a card may be in one carré and one sequence, never in two sequences"
            }
            CardReuse::OnceOnly => "with this table's rules a card counts in one meld only",
        };
        let m = format!(
            "[{}] and [{cards}], both announced by player {}, share [{shared}]: {rule}",
            m.cards(),
            a.seat
        );
        let code = match reuse {
            CardReuse::AllowCarreAndSeq => "meld_cards_shared",
            CardReuse::OnceOnly => "meld_cards_shared_once",
        };
        return Err(Refusal::new(code, m).with("seat", a.seat.0));
    }
    Ok(())
}

/// The announcement points each side wins from the melds announced: the
/// contests of §4.6, after checking that the melds can be held.
fn melds_points(
    announced: &[Announced],
    trump: Option<Suit>,
    announcements: &[u32],
    options: &FrenchOptions,
    sides: usize,
    n: usize,
) -> Result<Vec<u32>, Refusal> {
    let trump = trump
        .ok_or(Refusal::new("melds_need_trump", "to score announced melds give the trump suit"))?;
    if !announcements.is_empty() {
        return Err(Refusal::new(
            "melds_or_points",
            "give either announcement points or the announced melds, not both",
        ));
    }
    let mut held = crate::card::CardSet::EMPTY;
    let mut per_seat = vec![crate::card::CardSet::EMPTY; n];
    let mut melds: Vec<Vec<Meld>> = vec![Vec::new(); n];
    for a in announced {
        seat_ok(a.seat, n, "announcing")?;
        let cards = a.meld.cards();
        let others = held - per_seat[a.seat.index()];
        if !(others & cards).is_empty() {
            let m = format!(
                "[{}] is announced by two players: a card is in one hand only",
                cards & others
            );
            return Err(Refusal::new("meld_two_hands", m).with("seat", a.seat.0));
        }
        meld_fits_hand(&melds[a.seat.index()], a, options.card_reuse)?;
        melds[a.seat.index()].push(a.meld);
        held |= cards;
        per_seat[a.seat.index()] |= cards;
        if per_seat[a.seat.index()].len() > 8 {
            let m = "a player's melds hold more than his 8 cards";
            return Err(Refusal::new("meld_too_many_cards", m).with("seat", a.seat.0));
        }
    }
    let entries: Vec<(Seat, Meld)> = announced.iter().map(|a| (a.seat, a.meld)).collect();
    let scored = announcement_contests(&entries, Contract::Suit(trump), options);
    let mut v = vec![0u32; sides];
    for ((seat, meld), s) in entries.iter().zip(scored) {
        if s {
            let side = if options.players == 4 { seat.index() & 1 } else { seat.index() };
            v[side] += MeldValues::FRENCH.value(*meld);
        }
    }
    Ok(v)
}

/// Each side's card points, the one left out derived (all 162 are played
/// unless two players leave cards out), checked.
fn french_card_points(
    card_points: &[Option<u32>],
    capot: Option<u8>,
    options: &FrenchOptions,
    sides: usize,
) -> Result<Vec<u32>, Refusal> {
    // Two players leave cards out of play: every side's points are
    // needed and the total is theirs; otherwise all 162 are played.
    let pts = match capot {
        Some(c) => capot_card_points(card_points, c as usize, options, sides)?,
        None if options.players == 2 => {
            if card_points.iter().any(Option::is_none) {
                return Err(Refusal::new(
                    "card_points_both",
                    "with two players cards stay out of play: give both players' card points",
                ));
            }
            card_points.iter().map(|p| p.unwrap_or(0)).collect()
        }
        None => all_162(card_points)?,
    };
    if options.players == 2 && capot.is_none() {
        if pts.iter().any(|&p| p > 156) {
            return Err(Refusal::new(
                "card_points_range",
                "card points: each player has 0 to 156 with cards out of play",
            )
            .with("total", 156));
        }
        let total: u32 = pts.iter().sum();
        if !(10..=156).contains(&total) {
            let m = format!(
                "two players' card points add up to {total}: with 14 cards out of play a \
             deal holds 10 to 156"
            );
            return Err(Refusal::new("card_points_sum", m).with("sum", total).with("total", 156));
        }
    }
    Ok(pts)
}

/// A capot side's card points (all 162, or what two players typed) and
/// the others' 0.
fn capot_card_points(
    card_points: &[Option<u32>],
    c: usize,
    options: &FrenchOptions,
    sides: usize,
) -> Result<Vec<u32>, Refusal> {
    // A capot side took every card: the others have none.
    for (i, p) in card_points.iter().enumerate() {
        if i != c && p.is_some_and(|x| x > 0) {
            let m = format!(
                "side {c} made capot, so side {i} took no card points; leave its \
             points 0 or null"
            );
            return Err(Refusal::new("capot_other_points", m).with("side", c).with("other", i));
        }
    }
    if options.players != 2 && card_points[c].is_some_and(|p| p != 162) {
        let m = format!("side {c} made capot: its card points are all 162; leave them null");
        return Err(Refusal::new("capot_points", m).with("side", c));
    }
    let mut v = vec![0; sides];
    v[c] = match (options.players, card_points[c]) {
        (2, Some(p)) if (10..=156).contains(&p) => p,
        (2, _) => {
            let m = "with two players give the capot player's card points (10 to 156)";
            return Err(Refusal::new("capot_points_two", m).with("side", c));
        }
        _ => 162,
    };
    Ok(v)
}

/// The sides' card points when all 162 are played: the one left out is
/// derived from the others.
fn all_162(card_points: &[Option<u32>]) -> Result<Vec<u32>, Refusal> {
    let missing = card_points.iter().filter(|p| p.is_none()).count();
    if missing > 1 {
        return Err(Refusal::new(
            "card_points_missing",
            "give the card points of all sides but one",
        ));
    }
    if card_points.iter().flatten().any(|&p| p > 162) {
        return Err(Refusal::new("card_points_range", "card points: each side has 0 to 162")
            .with("total", 162));
    }
    // The points typed first: a refusal names what was typed.
    for &p in card_points.iter().flatten() {
        card_points_ok(p, 162)?;
    }
    let known: u32 = card_points.iter().flatten().sum();
    if known > 162 {
        let m = format!("card points add up to {known}: at most 162 in a deal");
        return Err(Refusal::new("card_points_sum", m).with("sum", known).with("total", 162));
    }
    let v: Vec<u32> = card_points.iter().map(|p| p.unwrap_or(162 - known)).collect();
    let sum = v.iter().sum::<u32>();
    if sum != 162 {
        let m = format!(
            "card points add up to {sum}: the sides' card points (last trick \
             included) add up to 162; leave one side null to derive it"
        );
        return Err(Refusal::new("card_points_all", m).with("sum", sum));
    }
    for &p in &v {
        card_points_ok(p, 162)?;
    }
    Ok(v)
}
