//! The match score in view: the chance to win the match from given
//! totals, so that a bot can weigh a deal's possible scores by what they
//! do to that chance (risk a contract when behind near the end, play
//! safe when ahead) rather than by points alone.
//!
//! The chance comes from a model of the game's deals: the scores of
//! [`DEALS`] deals played by the heuristic bot on every seat (each seen
//! from both sides), and the match as a race of such deals to the target
//! (exact by dynamic programming over the points each side still needs,
//! in steps of [`STEP`] points). Two sides only: teams of two, or two
//! players; with three sides a bot weighs points as before.

use std::sync::{Arc, Mutex, OnceLock};

use belot_core::{AnyDeal, Deal, Deck, Game, Seat, Standing};

/// Deals played to learn the game's scores.
pub const DEALS: u64 = 2000;

/// Points per step of the table.
pub const STEP: f64 = 10.0;

/// A game's odds, once built.
type Cached = (Game, Arc<Odds>);

/// The chance to win a match of one game from every pair of needs.
#[derive(Debug)]
pub struct Odds {
    target: f64,
    /// Steps each side may need: 1..=size.
    size: usize,
    /// `win[i * (size + 1) + j]`: the chance of the side that needs `i`
    /// steps against a side that needs `j`.
    win: Vec<f32>,
}

impl Odds {
    /// The odds of `game` (cached: built once per game and house rules),
    /// or `None` with three sides.
    pub fn of(game: &Game) -> Option<Arc<Odds>> {
        if sides(game) != 2 {
            return None;
        }
        // A few games at most: found by comparing, asked at every decision.
        static CACHE: OnceLock<Mutex<Vec<Cached>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let cached = |c: &[Cached]| c.iter().find(|e| e.0 == *game).map(|e| e.1.clone());
        if let Some(o) = cached(&cache.lock().ok()?) {
            return Some(o);
        }
        // Built outside the lock: two threads may both build it, alike.
        let odds = Arc::new(Odds::build(game.target() as f64, &outcomes(game)));
        cache.lock().ok()?.push((*game, odds.clone()));
        Some(odds)
    }

    /// The odds of a race to `target` where each deal scores `(a, b)` (a
    /// pair of points) with the given weight.
    pub fn build(target: f64, outcomes: &[((f64, f64), f64)]) -> Odds {
        let size = (target / STEP).ceil().max(1.0) as usize;
        // Merged by steps, in a fixed order (the same sums every run); a
        // deal that moves neither side changes nothing and is left out.
        let step = |p: f64| (p.max(0.0) / STEP).round() as usize;
        let mut merged = std::collections::BTreeMap::new();
        for &((a, b), w) in outcomes {
            if step(a) + step(b) > 0 {
                *merged.entry((step(a), step(b))).or_insert(0.0) += w;
            }
        }
        let total: f64 = merged.values().sum();
        let steps: Vec<(usize, usize, f64)> =
            merged.into_iter().map(|((a, b), w)| (a, b, w / total)).collect();
        let mut o = Odds { target, size, win: vec![0.5; (size + 1) * (size + 1)] };
        for i in 1..=size {
            for j in 1..=size {
                let p: f64 = steps.iter().map(|&(a, b, w)| w * o.after(i, j, a, b)).sum();
                o.win[i * (size + 1) + j] = p as f32;
            }
        }
        o
    }

    /// The chance from needs `(i, j)` after a deal scoring `(a, b)` steps:
    /// whoever crosses the target alone wins; both, the one further over.
    fn after(&self, i: usize, j: usize, a: usize, b: usize) -> f64 {
        match (a >= i, b >= j) {
            (true, true) => match (a - i).cmp(&(b - j)) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            },
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) => self.win[(i - a) * (self.size + 1) + (j - b)] as f64,
        }
    }

    /// The chance to win of a side with `mine` points against `theirs`
    /// (totals between deals).
    pub fn chance(&self, mine: f64, theirs: f64) -> f64 {
        match (mine >= self.target, theirs >= self.target) {
            (true, true) => match mine.partial_cmp(&theirs) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            },
            (true, false) => 1.0,
            (false, true) => 0.0,
            (false, false) => {
                let need = |p: f64| ((self.target - p) / STEP).ceil().clamp(1.0, self.size as f64);
                let (i, j) = (need(mine) as usize, need(theirs) as usize);
                self.win[i * (self.size + 1) + j] as f64
            }
        }
    }
}

/// Where the match stands for one seat: its side's total, the other
/// side's, and the game's odds.
#[derive(Clone, Debug)]
pub struct Stakes {
    mine: f64,
    theirs: f64,
    odds: Arc<Odds>,
}

impl Stakes {
    /// The stakes of `seat` in a match of `game` standing at `standing`;
    /// `None` with three sides, or once the match is over.
    pub fn new(game: &Game, standing: &Standing, seat: Seat) -> Option<Stakes> {
        if !standing.winners.is_empty() {
            return None;
        }
        let odds = Odds::of(game)?;
        let total = |s: usize| standing.totals.get(s).map(|h| h.as_f64());
        let me = seat.index();
        let other = if game.teams() { me ^ 1 } else { 1 - me.min(1) };
        Some(Stakes { mine: total(me)?, theirs: total(other)?, odds })
    }

    /// The chance to win the match once a deal scores `mine` for the
    /// seat's side and `theirs` for the other.
    pub fn worth(&self, mine: f64, theirs: f64) -> f64 {
        self.odds.chance(self.mine + mine, self.theirs + theirs)
    }

    /// [`Stakes::worth`], with the deal's point difference breaking ties
    /// (a billionth for each point: below any chance that differs), so
    /// that a match already won or lost still plays for points.
    pub fn value(&self, mine: f64, theirs: f64) -> f64 {
        self.worth(mine, theirs) + (mine - theirs) * 1e-9
    }
}

/// The game's sides: two teams, or each player.
fn sides(game: &Game) -> u8 {
    if game.teams() { 2 } else { game.players() }
}

/// The scores of [`DEALS`] deals of `game` (decks of a fixed seed) that
/// the heuristic bot plays on every seat, from both sides; a deal nobody
/// took scores nothing and changes nothing, so it is left out.
fn outcomes(game: &Game) -> Vec<((f64, f64), f64)> {
    let mut out = Vec::with_capacity(2 * DEALS as usize);
    for k in 0..DEALS {
        let dealer = Seat((k % game.players() as u64) as u8);
        let Ok(mut deal) = AnyDeal::new(game, dealer, Deck::from_seed(0x0dd5, k)) else { continue };
        while let Some(seat) = deal.to_act() {
            let action = crate::bots::heuristic_act(&deal.view(seat));
            if deal.apply(seat, &action).is_err() {
                break;
            }
        }
        let Some(points) = deal.recorded() else { continue };
        let (a, b) = (points[0].as_f64(), points[1].as_f64());
        if a + b > 0.0 {
            out.push(((a, b), 1.0));
            out.push(((b, a), 1.0));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use belot_core::Half;

    fn french() -> Game {
        Game::from_name("french").unwrap()
    }

    /// A race of even deals: level totals are an even match, and the
    /// side nearer the target is the likelier winner.
    #[test]
    fn the_chance_grows_with_the_lead_and_is_even_when_level() {
        let odds = Odds::of(&french()).unwrap();
        assert!((odds.chance(0.0, 0.0) - 0.5).abs() < 0.02, "{}", odds.chance(0.0, 0.0));
        assert!((odds.chance(600.0, 600.0) - 0.5).abs() < 0.02);
        assert!(odds.chance(900.0, 300.0) > 0.9);
        assert!(odds.chance(300.0, 900.0) < 0.1);
        let mut last = 0.0;
        for mine in (0..1000).step_by(50) {
            let c = odds.chance(mine as f64, 500.0);
            assert!(c >= last - 1e-6, "{mine}: {c} < {last}");
            last = c;
        }
        assert_eq!(odds.chance(1010.0, 990.0), 1.0);
        assert_eq!(odds.chance(1010.0, 1020.0), 0.0);
    }

    /// A seat's stakes read its side's total against the other side's;
    /// none with three sides or once the match is won.
    #[test]
    fn stakes_read_the_seats_side() {
        let totals =
            vec![Half::points(900), Half::points(100), Half::points(900), Half::points(100)];
        let standing = Standing { totals, held: Half::points(0), winners: Vec::new() };
        let game = french();
        let north = Stakes::new(&game, &standing, Seat(2)).unwrap();
        let east = Stakes::new(&game, &standing, Seat(1)).unwrap();
        assert!(north.worth(0.0, 0.0) > 0.9 && east.worth(0.0, 0.0) < 0.1);
        assert_eq!(north.worth(100.0, 0.0), 1.0);
        let won = Standing { winners: vec![Seat(0), Seat(2)], ..standing.clone() };
        assert!(Stakes::new(&game, &won, Seat(0)).is_none());
        let three = Game::from_name("three-player").unwrap();
        assert!(Stakes::new(&three, &standing, Seat(0)).is_none());
    }
}
