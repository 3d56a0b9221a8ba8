//! Bots for French Belote. A bot sees one seat's view only — never the
//! deal — and a seeded random generator: same view, same seed, same move.

use belot_core::french::{FrenchOptions, SeatView};
use belot_core::{Action, Card, CardSet, Contract, Rank, Seat, Suit};
use rand_core::RngCore;

/// A player program.
pub trait Bot {
    /// A short name (`random`, `heuristic`).
    fn name(&self) -> &'static str;
    /// The action to take, from `view` (it is this seat's turn; `view.legal`
    /// lists what is allowed).
    fn act(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action;
}

/// Plays a uniformly random legal action.
#[derive(Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn act(&mut self, view: &SeatView, rng: &mut dyn RngCore) -> Action {
        let n = view.legal.len().max(1) as u64;
        let k = ((rng.next_u32() as u64 * n) >> 32) as usize;
        view.legal.get(k).cloned().unwrap_or(Action::Pass)
    }
}

/// Plays like a sound club player: bids from the strength of its trumps
/// and aces, announces its melds, calls belote, wins tricks cheaply, gives
/// points to a partner who holds the trick, never throws points onto a
/// trick the opponents win if it can help it, and leads its master cards.
#[derive(Default)]
pub struct HeuristicBot;

/// Strength of a hand with `trump`: trump card points, 10 per side ace,
/// a bonus for trump length.
fn strength(hand: CardSet, trump: Suit) -> i32 {
    let c = Contract::Suit(trump);
    let trumps = hand.of_suit(trump);
    let side_aces = (hand - trumps).iter().filter(|x| x.rank() == Rank::Ace).count() as i32;
    c.set_points(trumps) as i32 + 10 * side_aces + 6 * trumps.len() as i32
}

/// What the bot needs to take in a bid: about half the deal's points.
const BID_THRESHOLD: i32 = 62;

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn act(&mut self, view: &SeatView, _rng: &mut dyn RngCore) -> Action {
        let legal = &view.legal;
        let first = || legal.first().cloned().unwrap_or(Action::Pass);
        // Announce everything it holds, first.
        if let Some(a) = legal.iter().find(|a| matches!(a, Action::Announce { .. })) {
            return a.clone();
        }
        if legal.contains(&Action::Take) {
            // Round 1: the turned card joins the taker's hand.
            let hand = view.hand | view.turned.set();
            return if strength(hand, view.turned.suit()) >= BID_THRESHOLD {
                Action::Take
            } else {
                Action::Pass
            };
        }
        if legal.iter().any(|a| matches!(a, Action::Name { .. })) {
            let hand = view.hand | view.turned.set();
            let best = legal
                .iter()
                .filter_map(|a| match a {
                    Action::Name { suit } => Some((*suit, strength(hand, *suit))),
                    _ => None,
                })
                .max_by_key(|x| x.1);
            return match best {
                Some((suit, s)) if s >= BID_THRESHOLD + 6 => Action::Name { suit },
                _ => Action::Pass,
            };
        }
        let cards: Vec<(Card, bool)> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play { card, belote } => Some((*card, *belote)),
                _ => None,
            })
            .collect();
        if cards.is_empty() {
            return first();
        }
        let Some(contract) = view.contract else { return first() };
        let play = |card: Card| {
            // Call belote when the card allows it.
            let belote = cards.iter().any(|&(c, b)| c == card && b);
            Action::Play { card, belote }
        };
        let pts = |c: Card| contract.points(c) as i32;
        let power = |c: Card| {
            contract.strength(c) as i32 + if contract.is_trump(c.suit()) { 10 } else { 0 }
        };
        let mut unique: Vec<Card> = cards.iter().map(|x| x.0).collect();
        unique.dedup();
        let trick: Vec<(Seat, Card)> =
            view.trick.as_ref().map(|t| t.cards.clone()).unwrap_or_default();
        if trick.is_empty() {
            // Lead: a master card (nothing higher is still out), else the
            // cheapest card of the longest side suit.
            let played = view
                .tricks
                .iter()
                .flat_map(|t| t.cards.iter().map(|x| x.1))
                .fold(CardSet::EMPTY, |a, c| a | c.set());
            let out = !(played | view.hand);
            let master = unique
                .iter()
                .copied()
                .filter(|&c| (contract.higher_than(c) & out).is_empty())
                .max_by_key(|&c| (pts(c), power(c)));
            if let Some(c) = master {
                return play(c);
            }
            let c = unique.iter().copied().min_by_key(|&c| (pts(c), power(c))).unwrap_or(unique[0]);
            return play(c);
        }
        // Who wins now.
        let mut win = trick[0];
        for &(s, c) in &trick[1..] {
            if contract.beats(c, win.1) {
                win = (s, c);
            }
        }
        let partner = Seat((view.seat.0 + 2) % 4);
        let last_to_play = trick.len() == 3;
        if win.0 == partner
            && (last_to_play || !contract.is_trump(win.1.suit()) || power(win.1) >= 15)
        {
            // The partner holds the trick: give him points, but not a trump
            // that might be needed later.
            let c = unique
                .iter()
                .copied()
                .filter(|&c| {
                    !contract.is_trump(c.suit())
                        || unique.iter().all(|&x| contract.is_trump(x.suit()))
                })
                .max_by_key(|&c| pts(c))
                .unwrap_or(unique[0]);
            return play(c);
        }
        // The opponents hold it: win it as cheaply as possible, else throw
        // the least valuable card.
        let winners: Vec<Card> =
            unique.iter().copied().filter(|&c| contract.beats(c, win.1)).collect();
        if let Some(&c) = winners.iter().min_by_key(|&&c| power(c)) {
            return play(c);
        }
        let c = unique.iter().copied().min_by_key(|&c| (pts(c), power(c))).unwrap_or(unique[0]);
        play(c)
    }
}

/// The bots by name, for command lines and tournaments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`PimcBot`](crate::pimc::PimcBot) with its default samples.
    Pimc,
}

impl BotKind {
    /// Every bot, in the order `belot arena` lists them.
    pub const ALL: [BotKind; 3] = [BotKind::Random, BotKind::Heuristic, BotKind::Pimc];

    /// A fresh bot of this kind for a table with these rules.
    pub fn make(self, options: &FrenchOptions) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Heuristic => Box::new(HeuristicBot),
            BotKind::Pimc => Box::new(crate::pimc::PimcBot::new(*options)),
        }
    }

    /// Its name (`random`, `heuristic`).
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Pimc => "pimc",
        }
    }
}

impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        BotKind::ALL.into_iter().find(|k| k.name() == s.trim().to_lowercase()).ok_or_else(|| {
            let names: Vec<&str> = BotKind::ALL.iter().map(|k| k.name()).collect();
            format!("unknown bot {s:?}: the bots are {}", names.join(", "))
        })
    }
}
