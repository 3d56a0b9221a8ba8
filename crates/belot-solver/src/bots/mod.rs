//! Bots for every game. A bot sees one seat's view only — never the deal
//! — and a seeded random generator: the same views, the same seed, the
//! same moves. A bot may remember what its seat saw earlier in the deal
//! (in two-player Belot only the last trick stays in view, as at the
//! table, and a player remembers the rest).

pub(crate) mod common;
pub mod french;
pub mod three;
pub mod two;

use belot_core::Action;
use rand_core::RngCore;

use belot_core::{AnyView, Game};

/// A player program.
pub trait Bot {
    /// A short name (`random`, `heuristic`, `pimc`, `ismcts`).
    fn name(&self) -> &'static str;
    /// The action to take, from `view` (it is this seat's turn;
    /// `view.legal()` lists what is allowed).
    fn act(&mut self, view: &AnyView, rng: &mut dyn RngCore) -> Action;
    /// What the seat sees while it is not asked to act. A bot that
    /// remembers the deal (two-player tricks leave the view, as at the
    /// table) takes it in; asked to act on every turn, it needs none.
    fn observe(&mut self, _view: &AnyView) {}
    /// The bot will wait a while (a table, between its turns): it frees
    /// what it can rebuild when next asked, such as a solver's table.
    fn release(&mut self) {}
    /// Where the match stands (totals before the deal in play): told at
    /// each deal of a whole match. A bot may weigh its calls by the
    /// chance to win the match; without it, it plays for points.
    fn standing(&mut self, _standing: &belot_core::Standing) {}
}

/// Tells a fresh bot where the match stands, and shows it what `seat` saw
/// of the deal in play so far. In
/// two-player Belot tricks leave the view as they are turned, and a player
/// remembers them: replayed from the deal's deck, the bot sees each trick
/// as the seat saw it, whoever chose the seat's earlier actions.
pub fn remind(bot: &mut dyn Bot, g: &belot_core::AnyMatch, seat: belot_core::Seat) {
    use crate::games::SolverGame;
    use belot_core::{Deal as _, Match as _};
    bot.standing(&g.standing());
    belot_core::each_game!(AnyMatch, g, R, m => {
        if !R::TRICKS_LEAVE_VIEW {
            return;
        }
        let d = m.current();
        let Ok(mut replay) = R::deal(*m.options(), d.dealer(), *d.deck()) else { return };
        for a in d.actions() {
            if replay.apply(a.seat, &a.action).is_err() {
                return; // cannot happen: these actions were applied to this deal
            }
            bot.observe(&replay.view(seat).into());
        }
    })
}

/// A uniform number below `n` (n ≥ 1).
pub(crate) fn below(rng: &mut dyn RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n.max(1) as u64) >> 32) as usize
}

/// Plays a uniformly random legal action.
#[derive(Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn act(&mut self, view: &AnyView, rng: &mut dyn RngCore) -> Action {
        let legal = view.legal();
        legal.get(below(rng, legal.len())).cloned().unwrap_or(Action::Pass)
    }
}

/// Plays like a sound club player, in every game: bids from the strength
/// of its hand, announces what scores, wins tricks cheaply, feeds a
/// partner's winning trick, does not throw points onto a trick the
/// opponents win, and leads its master cards (see each game's module).
#[derive(Default)]
pub struct HeuristicBot;

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn act(&mut self, view: &AnyView, _rng: &mut dyn RngCore) -> Action {
        heuristic_act(view)
    }
}

/// The heuristic bot's action on `view` (it draws nothing at random).
pub(crate) fn heuristic_act(view: &AnyView) -> Action {
    use crate::games::SolverGame;
    belot_core::each_game!(AnyView, view, R, v => R::heuristic(v))
}

/// For a bot that searches the card play (`pimc`, `ismcts`): what its
/// seat knows and the cards it may play, when the decision is a card
/// (bidding, announcing and exchanges are left to the heuristic; when one
/// of those is offered with the cards and the heuristic would rather play
/// a card, the search chooses the card).
pub(crate) fn card_decision(
    view: &AnyView,
    game: &Game,
    memory: &mut crate::knowledge::Memory,
) -> Option<(crate::knowledge::PlayInfo, belot_core::CardSet)> {
    let legal = view.playable();
    if legal.is_empty() {
        return None;
    }
    let only_cards = view.legal().iter().all(|a| matches!(a, Action::Play { .. }));
    if !only_cards && !matches!(heuristic_act(view), Action::Play { .. }) {
        return None;
    }
    Some((crate::knowledge::PlayInfo::from_view(game, view, memory)?, legal))
}

/// The play of `card`, with belote (бела, belot) called when it may be and
/// scores for the caller; the heuristic bot's action when the search found
/// nothing.
pub(crate) fn card_action(
    view: &AnyView,
    card: Option<belot_core::Card>,
    rng: &mut dyn RngCore,
) -> Action {
    match card {
        Some(card) => {
            let belote =
                view.call_scores() && view.legal().contains(&Action::Play { card, belote: true });
            Action::Play { card, belote }
        }
        None => HeuristicBot.act(view, rng),
    }
}

/// The strength levels a table offers, each a measured step above the
/// one before (docs/bots.md gives the figures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// The rule-of-thumb player ([`HeuristicBot`]).
    Easy,
    /// The double-dummy sampler on a small budget
    /// ([`Budget::MEDIUM`](crate::pimc::Budget::MEDIUM)).
    Medium,
    /// The double-dummy sampler on its default budget.
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Strong];

    /// The bot that plays at this level.
    pub fn kind(self) -> BotKind {
        match self {
            Level::Easy => BotKind::Heuristic,
            Level::Medium => BotKind::Pimc(crate::pimc::Budget::MEDIUM),
            Level::Strong => BotKind::PIMC,
        }
    }

    /// Its name (`easy`, `medium`, `strong`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Strong => "strong",
        }
    }

    /// The level a bot plays at, if it is one of them.
    pub fn of(kind: BotKind) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.kind() == kind)
    }
}

/// The bots by name, for command lines and tournaments: `random`,
/// `heuristic`, `pimc` (optionally `pimc:LAYOUTS:NODES` or
/// `pimc:LAYOUTS:NODES:BIDS`) and `ismcts`
/// (optionally `ismcts:ITERATIONS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`PimcBot`](crate::pimc::PimcBot) with this budget.
    Pimc(crate::pimc::Budget),
    /// [`IsmctsBot`](crate::ismcts::IsmctsBot) with this many iterations.
    Ismcts(u32),
}

impl BotKind {
    /// [`BotKind::Pimc`] with the default budget.
    pub const PIMC: BotKind = BotKind::Pimc(crate::pimc::Budget::DEFAULT);
    /// [`BotKind::Ismcts`] with the default iterations.
    pub const ISMCTS: BotKind = BotKind::Ismcts(crate::ismcts::DEFAULT_ITERATIONS);
    /// Every bot with its default settings, in the order `belot arena`
    /// lists them.
    pub const ALL: [BotKind; 4] = [BotKind::Random, BotKind::Heuristic, Self::PIMC, Self::ISMCTS];

    /// A fresh bot of this kind for a table of `game`.
    pub fn make(self, game: &Game) -> Box<dyn Bot + Send> {
        match self {
            BotKind::Random => Box::new(RandomBot),
            BotKind::Heuristic => Box::new(HeuristicBot),
            BotKind::Pimc(b) => Box::new(crate::pimc::PimcBot::with_budget(*game, b)),
            BotKind::Ismcts(n) => Box::new(crate::ismcts::IsmctsBot::with_effort(
                *game,
                crate::ismcts::Effort::Iterations(n),
            )),
        }
    }

    /// Its name (`random`, `heuristic`, `pimc`, `ismcts`).
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Pimc(_) => "pimc",
            BotKind::Ismcts(_) => "ismcts",
        }
    }
}

impl std::fmt::Display for BotKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            BotKind::Pimc(b) if b.bids != crate::pimc::Budget::DEFAULT.bids => {
                write!(f, "pimc:{}:{}:{}", b.samples, b.nodes, b.bids)
            }
            BotKind::Pimc(b) if b != crate::pimc::Budget::DEFAULT => {
                write!(f, "pimc:{}:{}", b.samples, b.nodes)
            }
            BotKind::Ismcts(n) if n != crate::ismcts::DEFAULT_ITERATIONS => write!(f, "ismcts:{n}"),
            _ => f.write_str(self.name()),
        }
    }
}

impl std::str::FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<BotKind, String> {
        let text = s.trim().to_lowercase();
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or("");
        let nums: Result<Vec<u64>, _> = parts.map(|p| p.parse::<u64>()).collect();
        let bad = || {
            format!(
                "unknown bot {s:?}: the bots are random, heuristic, pimc (or pimc:LAYOUTS:NODES \
                 or pimc:LAYOUTS:NODES:BIDS, e.g. pimc:32:600000:128; BIDS 0 bids as the \
                 heuristic) and ismcts (or ismcts:ITERATIONS, e.g. ismcts:60000); the tables' \
                 levels easy, medium and strong name heuristic, pimc:8:200000:32 and pimc"
            )
        };
        let pimc_range = || {
            format!(
                "bot {s:?}: pimc:LAYOUTS:NODES[:BIDS] takes LAYOUTS 1 to 10000, NODES 1 to \
                 {} and BIDS 0 to 10000 (0 bids as the heuristic)",
                u64::MAX
            )
        };
        let ismcts_range =
            || format!("bot {s:?}: ismcts:ITERATIONS takes ITERATIONS 1 to 100000000");
        // Digits too many for a number: the form's ranges; anything else
        // is not a bot's name.
        let digits =
            text.split(':').skip(1).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
        let nums = nums.map_err(|_| match name {
            "pimc" if digits => pimc_range(),
            "ismcts" if digits => ismcts_range(),
            _ => bad(),
        })?;
        match (name, nums.as_slice()) {
            ("easy", []) => Ok(Level::Easy.kind()),
            ("medium", []) => Ok(Level::Medium.kind()),
            ("strong", []) => Ok(Level::Strong.kind()),
            ("random", []) => Ok(BotKind::Random),
            ("heuristic", []) => Ok(BotKind::Heuristic),
            ("pimc", []) => Ok(Self::PIMC),
            ("pimc", &[samples, nodes, ref bids @ ..])
                if samples > 0
                    && nodes > 0
                    && samples <= 10_000
                    && bids.len() <= 1
                    && bids.iter().all(|&b| b <= 10_000) =>
            {
                Ok(BotKind::Pimc(crate::pimc::Budget {
                    samples: samples as u32,
                    nodes,
                    first: nodes,
                    bids: bids.first().map_or(crate::pimc::Budget::DEFAULT.bids, |&b| b as u32),
                }))
            }
            ("ismcts", []) => Ok(Self::ISMCTS),
            ("ismcts", &[n]) if n > 0 && n <= 100_000_000 => Ok(BotKind::Ismcts(n as u32)),
            // The right form with a number out of range: say which range.
            ("pimc", [_, _] | [_, _, _]) => Err(pimc_range()),
            ("ismcts", [_]) => Err(ismcts_range()),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pimc::Budget;

    /// A fresh bot for a seat of a match (the engine's and the tables')
    /// is told where the match stands.
    #[test]
    fn a_reminded_bot_knows_the_match_score() {
        use belot_core::{Half, Match, Seat, Standing, Start};
        struct Told(Option<Standing>);
        impl Bot for Told {
            fn name(&self) -> &'static str {
                "told"
            }
            fn act(&mut self, _: &AnyView, _: &mut dyn RngCore) -> Action {
                Action::Pass
            }
            fn standing(&mut self, s: &Standing) {
                self.0 = Some(s.clone());
            }
        }
        for name in ["french", "two-player", "three-player"] {
            let game = Game::from_name(name).unwrap();
            let mut m = belot_core::AnyMatch::from_seed(&game, Seat(0), 3).unwrap();
            let sides = if game.teams() { 2 } else { game.players() as usize };
            let totals: Vec<Half> =
                (0..sides).map(|i| Half::points(100 * i as i32 + 100)).collect();
            m.resume(Start { totals, held: Half::points(0), deal: 4 }).unwrap();
            let mut bot = Told(None);
            remind(&mut bot, &m, Seat(1));
            assert_eq!(bot.0, Some(m.standing()), "{name}");
            assert_eq!(bot.0.unwrap().totals[1], Half::points(200), "{name}");
        }
    }

    #[test]
    fn bot_names_parse_and_print_back() {
        for name in ["random", "heuristic", "pimc", "ismcts", "pimc:8:50000", "pimc:8:50000:0"] {
            let kind: BotKind = name.parse().unwrap();
            assert_eq!(kind.to_string(), name);
        }
        assert_eq!(
            "pimc:8:50000:0".parse::<BotKind>().unwrap(),
            BotKind::Pimc(Budget { samples: 8, nodes: 50_000, first: 50_000, bids: 0 })
        );
        assert_eq!("ismcts:500".parse::<BotKind>().unwrap(), BotKind::Ismcts(500));
        for bad in ["pimc:1", "pimc:1:2:3:4", "alpha", "ismcts:x"] {
            let err = bad.parse::<BotKind>().unwrap_err();
            assert!(err.contains("the bots are random, heuristic, pimc"), "{err}");
        }
        // The right form with a number out of range names the range.
        for bad in ["pimc:0:5", "pimc:8:0", "pimc:8:5:10001"] {
            let err = bad.parse::<BotKind>().unwrap_err();
            assert!(
                err.contains("takes LAYOUTS 1 to 10000, NODES 1 to 18446744073709551615"),
                "{err}"
            );
        }
        let err = "pimc:1:18446744073709551616".parse::<BotKind>().unwrap_err();
        assert!(err.contains("NODES 1 to 18446744073709551615"), "{err}");
        let err = "ismcts:100000000000000000000".parse::<BotKind>().unwrap_err();
        assert!(err.contains("takes ITERATIONS 1 to 100000000"), "{err}");
        let err = "ismcts:0".parse::<BotKind>().unwrap_err();
        assert!(err.contains("takes ITERATIONS 1 to 100000000"), "{err}");
    }
}
