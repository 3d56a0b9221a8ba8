//! The match score in view: the chance to win the match from given
//! totals, so that a bot can weigh a deal's possible scores by what they
//! do to that chance (risk a contract when behind near the end, play
//! safe when ahead) rather than by points alone.
//!
//! The chance comes from a model of the game's deals: the scores of
//! [`DEALS`] deals played by the heuristic bot on every seat (each seen
//! from every side), and the match as a race of such deals to the target
//! (exact by dynamic programming over the points each side still needs,
//! in steps of [`STEP`] points; coarser with three sides, to at most
//! [`STEPS_OF_THREE`] steps). Two sides (teams of two, or two players) or
//! three (three players each for himself).

use std::sync::{Arc, Mutex, OnceLock};

use belot_core::{AnyDeal, Deal, Deck, Game, Seat, Standing};

/// Deals played to learn the game's scores.
pub const DEALS: u64 = 2000;

/// Points per step of the table with two sides.
pub const STEP: f64 = 10.0;

/// Most steps to the target with three sides: the table has a cube of
/// them (35 steps: 46,656 entries, built in a fraction of a second).
pub const STEPS_OF_THREE: f64 = 35.0;

/// A game's odds, once built.
type Cached = (Game, Arc<Odds>);

/// One deal's points for each side, the side whose chance is wanted
/// first, and how often it comes.
pub type Outcome = (Vec<f64>, f64);

/// The chance to win a match of one game from every set of needs.
#[derive(Debug)]
pub struct Odds {
    target: f64,
    /// Points per step.
    step: f64,
    /// Two or three.
    sides: usize,
    /// Steps each side may need: 1..=size.
    size: usize,
    /// The chance of the first side, by the steps each side needs (the
    /// first side's the most significant digit, base `size + 1`).
    win: Vec<f32>,
}

impl Odds {
    /// The odds of `game` (cached: built once per game and house rules).
    pub fn of(game: &Game) -> Option<Arc<Odds>> {
        // A few games at most: found by comparing, asked at every decision.
        static CACHE: OnceLock<Mutex<Vec<Cached>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let cached = |c: &[Cached]| c.iter().find(|e| e.0 == *game).map(|e| e.1.clone());
        if let Some(o) = cached(&cache.lock().ok()?) {
            return Some(o);
        }
        // Built outside the lock: two threads may both build it, alike.
        let odds = Arc::new(Odds::build(game.target() as f64, sides(game), &outcomes(game)));
        cache.lock().ok()?.push((*game, odds.clone()));
        Some(odds)
    }

    /// The odds of a race of `sides` sides to `target` where each deal
    /// scores as one of `outcomes` (each side's points, the side whose
    /// chance is wanted first) with its weight. The outcomes should hold
    /// every deal seen from every side, the others in every order.
    pub fn build(target: f64, sides: usize, outcomes: &[Outcome]) -> Odds {
        let sides = sides.clamp(2, 3);
        let step =
            if sides == 2 { STEP } else { (target / STEPS_OF_THREE / STEP).ceil().max(1.0) * STEP };
        let size = (target / step).ceil().max(1.0) as usize;
        // Merged by steps, in a fixed order (the same sums every run); a
        // deal that moves no side changes nothing and is left out.
        let to_steps = |p: &f64| (p.max(0.0) / step).round() as usize;
        let mut merged = std::collections::BTreeMap::new();
        for (points, w) in outcomes {
            let gains: Vec<usize> = points.iter().take(sides).map(to_steps).collect();
            if gains.len() == sides && gains.iter().any(|&g| g > 0) {
                *merged.entry(gains).or_insert(0.0) += w;
            }
        }
        let total: f64 = merged.values().sum();
        let steps: Vec<(Vec<usize>, f64)> =
            merged.into_iter().map(|(g, w)| (g, w / total)).collect();
        let cells = (size + 1).pow(sides as u32);
        let mut o = Odds { target, step, sides, size, win: vec![0.5; cells] };
        // In index order every need is at least as large as the needs a
        // deal leads to (a deal moves some side), so those come first.
        let mut needs = vec![0; sides];
        for cell in 0..cells {
            o.digits(cell, &mut needs);
            if needs.contains(&0) {
                continue;
            }
            let p: f64 = steps.iter().map(|(gains, w)| w * o.after(&needs, gains)).sum();
            o.win[cell] = p as f32;
        }
        o
    }

    /// The needs of table cell `cell`.
    fn digits(&self, mut cell: usize, needs: &mut [usize]) {
        for n in needs.iter_mut().rev() {
            *n = cell % (self.size + 1);
            cell /= self.size + 1;
        }
    }

    /// The table cell of `needs`.
    fn cell(&self, needs: impl Iterator<Item = usize>) -> usize {
        needs.fold(0, |c, n| c * (self.size + 1) + n)
    }

    /// The first side's chance from `needs` after a deal scoring `gains`
    /// steps: whoever crosses the target alone wins; several, the one
    /// furthest over (a tie shares the win).
    fn after(&self, needs: &[usize], gains: &[usize]) -> f64 {
        if needs.iter().zip(gains).all(|(n, g)| g < n) {
            let left = needs.iter().zip(gains).map(|(n, g)| n - g);
            return self.win[self.cell(left)] as f64;
        }
        let over: Vec<i64> = needs
            .iter()
            .zip(gains)
            .map(|(&n, &g)| if g >= n { (g - n) as i64 } else { -1 })
            .collect();
        finish(&over)
    }

    /// The chance to win of the side with `totals[0]` points against the
    /// others' (match totals between deals).
    pub fn chance(&self, totals: &[f64]) -> f64 {
        let totals = &totals[..self.sides.min(totals.len())];
        if totals.iter().any(|&t| t >= self.target) {
            let over: Vec<f64> =
                totals.iter().map(|&t| if t >= self.target { t } else { f64::MIN }).collect();
            return finish(&over);
        }
        let need =
            |p: &f64| ((self.target - p) / self.step).ceil().clamp(1.0, self.size as f64) as usize;
        self.win[self.cell(totals.iter().map(need))] as f64
    }
}

/// The first side's share of a finished match where each side ends
/// `over` (the highest wins; equal highest share).
fn finish<T: PartialOrd + Copy>(over: &[T]) -> f64 {
    let best = over.iter().copied().fold(over[0], |a, b| if b > a { b } else { a });
    if over[0] < best {
        return 0.0;
    }
    1.0 / over.iter().filter(|&&x| x >= best).count() as f64
}

/// Where the match stands for one seat: each side's total (the seat's
/// side first, then the others in turn), the points held for a later
/// deal, and the game's odds.
#[derive(Clone, Debug)]
pub struct Stakes {
    totals: Vec<f64>,
    held: f64,
    odds: Arc<Odds>,
}

impl Stakes {
    /// The stakes of `seat` in a match of `game` standing at `standing`;
    /// `None` once the match is over.
    pub fn new(game: &Game, standing: &Standing, seat: Seat) -> Option<Stakes> {
        if !standing.winners.is_empty() {
            return None;
        }
        let odds = Odds::of(game)?;
        let totals = side_seats(game, seat)
            .map(|s| standing.totals.get(s).map(|h| h.as_f64()))
            .collect::<Option<Vec<f64>>>()?;
        Some(Stakes { totals, held: standing.held.as_f64(), odds })
    }

    /// The chance to win the match once a deal scores `deal` (each side's
    /// points, in the order of [`Stakes`]); the points held go to the
    /// deal's only top scorer, as the games award them.
    pub fn worth(&self, deal: &[f64]) -> f64 {
        let mut after: Vec<f64> = self.totals.iter().zip(deal).map(|(t, d)| t + d).collect();
        let top = deal.iter().copied().fold(f64::MIN, f64::max);
        if self.held > 0.0 && deal.iter().filter(|&&d| d == top).count() == 1 {
            let i = deal.iter().position(|&d| d == top).unwrap_or(0);
            after[i] += self.held;
        }
        self.odds.chance(&after)
    }

    /// [`Stakes::worth`], with the deal's points less the others' mean
    /// breaking ties (a billionth for each point: below any chance that
    /// differs), so that a match already won or lost still plays for
    /// points.
    pub fn value(&self, deal: &[f64]) -> f64 {
        self.worth(deal) + margin(deal) * 1e-9
    }
}

/// The first side's points less the others' mean.
pub fn margin(points: &[f64]) -> f64 {
    let others = &points[1.min(points.len())..];
    points.first().copied().unwrap_or(0.0) - others.iter().sum::<f64>() / others.len().max(1) as f64
}

/// The game's sides: two teams, or each player.
fn sides(game: &Game) -> usize {
    if game.teams() { 2 } else { game.players() as usize }
}

/// One seat of each side, `seat`'s side first, then the others in turn
/// (with teams, a team's total is on both its seats).
pub fn side_seats(game: &Game, seat: Seat) -> impl Iterator<Item = usize> {
    let n = sides(game);
    let players = game.players() as usize;
    (0..n).map(move |i| (seat.index() + i) % players)
}

/// The scores of [`DEALS`] deals of `game` (decks of a fixed seed) that
/// the heuristic bot plays on every seat, from every side (the others in
/// both orders with three); a deal nobody took scores nothing and changes
/// nothing, so it is left out.
fn outcomes(game: &Game) -> Vec<Outcome> {
    let mut out = Vec::with_capacity(6 * DEALS as usize);
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
        let points: Vec<f64> = points.iter().map(|p| p.as_f64()).collect();
        if points.iter().sum::<f64>() <= 0.0 {
            continue;
        }
        for seat in 0..sides(game) as u8 {
            let p: Vec<f64> = side_seats(game, Seat(seat)).map(|s| points[s]).collect();
            if p.len() == 3 {
                out.push((vec![p[0], p[2], p[1]], 1.0));
            }
            out.push((p, 1.0));
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
        assert!((odds.chance(&[0.0, 0.0]) - 0.5).abs() < 0.02, "{}", odds.chance(&[0.0, 0.0]));
        assert!((odds.chance(&[600.0, 600.0]) - 0.5).abs() < 0.02);
        assert!(odds.chance(&[900.0, 300.0]) > 0.9);
        assert!(odds.chance(&[300.0, 900.0]) < 0.1);
        let mut last = 0.0;
        for mine in (0..1000).step_by(50) {
            let c = odds.chance(&[mine as f64, 500.0]);
            assert!(c >= last - 1e-6, "{mine}: {c} < {last}");
            last = c;
        }
        assert_eq!(odds.chance(&[1010.0, 990.0]), 1.0);
        assert_eq!(odds.chance(&[1010.0, 1020.0]), 0.0);
    }

    /// A seat's stakes read its side's total against the other side's;
    /// none once the match is won.
    #[test]
    fn stakes_read_the_seats_side() {
        let totals =
            vec![Half::points(900), Half::points(100), Half::points(900), Half::points(100)];
        let standing = Standing { totals, held: Half::points(0), winners: Vec::new() };
        let game = french();
        let north = Stakes::new(&game, &standing, Seat(2)).unwrap();
        let east = Stakes::new(&game, &standing, Seat(1)).unwrap();
        assert!(north.worth(&[0.0, 0.0]) > 0.9 && east.worth(&[0.0, 0.0]) < 0.1);
        assert_eq!(north.worth(&[100.0, 0.0]), 1.0);
        let won = Standing { winners: vec![Seat(0), Seat(2)], ..standing.clone() };
        assert!(Stakes::new(&game, &won, Seat(0)).is_none());
    }

    /// Three sides: level totals give each a third; the leader near the
    /// target is the likely winner and the chance grows with the total;
    /// crossing the target alone wins; several over, the highest.
    #[test]
    fn three_sides_race_to_the_target() {
        let odds = Odds::of(&Game::from_name("three-player").unwrap()).unwrap();
        for level in [0.0, 250.0, 450.0] {
            let c = odds.chance(&[level, level, level]);
            assert!((c - 1.0 / 3.0).abs() < 0.03, "{level}: {c}");
        }
        assert!(odds.chance(&[480.0, 200.0, 200.0]) > 0.8);
        assert!(odds.chance(&[200.0, 480.0, 200.0]) < 0.1);
        // The others' order does not matter.
        let a = odds.chance(&[300.0, 100.0, 450.0]);
        assert!((a - odds.chance(&[300.0, 450.0, 100.0])).abs() < 1e-6);
        let mut last = 0.0;
        for mine in (0..500).step_by(25) {
            let c = odds.chance(&[mine as f64, 300.0, 250.0]);
            assert!(c >= last - 1e-6, "{mine}: {c} < {last}");
            last = c;
        }
        assert_eq!(odds.chance(&[510.0, 490.0, 300.0]), 1.0);
        assert_eq!(odds.chance(&[510.0, 520.0, 300.0]), 0.0);
        assert_eq!(odds.chance(&[520.0, 520.0, 0.0]), 0.5);
    }

    /// A three-player seat's stakes: its own total first, then the next
    /// seats'; the points held go to the deal's only top scorer.
    #[test]
    fn three_player_stakes_read_every_side_and_the_points_held() {
        let game = Game::from_name("three-player").unwrap();
        let totals = vec![Half::points(100), Half::points(450), Half::points(100)];
        let standing = Standing { totals, held: Half::points(0), winners: Vec::new() };
        let second = Stakes::new(&game, &standing, Seat(1)).unwrap();
        let third = Stakes::new(&game, &standing, Seat(2)).unwrap();
        assert!(second.worth(&[0.0, 0.0, 0.0]) > 0.5);
        assert!(third.worth(&[0.0, 0.0, 0.0]) < 0.25);
        assert_eq!(second.worth(&[60.0, 0.0, 0.0]), 1.0);
        // Seat 2 tops a deal with 300: with the 120 held it reaches 520
        // and wins; without them it stands at 400.
        let top = [300.0, 30.0, 10.0];
        assert!(third.worth(&top) < 1.0);
        let held = Standing { held: Half::points(120), ..standing };
        let third = Stakes::new(&game, &held, Seat(2)).unwrap();
        assert_eq!(third.worth(&top), 1.0);
        // Two top scorers: nobody takes what is held.
        assert!(third.worth(&[300.0, 300.0, 10.0]) < 1.0);
    }
}
