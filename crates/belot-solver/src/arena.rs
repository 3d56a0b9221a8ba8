//! Bot-versus-bot tournaments on mirrored deals: every deal is played
//! twice from the same deck and dealer, the two bots swapping seats, so
//! the luck of the cards cancels out and what is left is skill.
//!
//! Each mirrored pair has its own random generator (from the tournament
//! seed and the pair's number), so the result is the same whatever the
//! number of threads.

use belot_core::french::{FrenchDeal, FrenchOptions};
use belot_core::{Deck, GameError, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;

use crate::bots::BotKind;

/// What to play.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The bot whose results are reported (`a`).
    pub a: BotKind,
    /// Its opponent.
    pub b: BotKind,
    /// Mirrored pairs of deals (each deal is played twice).
    pub deals: u32,
    /// Decks and the bots' random choices come from this seed.
    pub seed: u64,
    /// The table's rules (four players: two teams).
    pub options: FrenchOptions,
}

/// One mirrored pair: the points each bot's team recorded over both
/// games of the same deck.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairResult {
    /// Points `a`'s team recorded.
    pub a: i64,
    /// Points `b`'s team recorded.
    pub b: i64,
}

/// A tournament's figures, from `a`'s side.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    /// Bot `a`.
    pub a: String,
    /// Bot `b`.
    pub b: String,
    /// Mirrored pairs played.
    pub pairs: u32,
    /// Games played (twice the pairs).
    pub games: u32,
    /// Points `a`'s team recorded in all.
    pub a_points: i64,
    /// Points `b`'s team recorded in all.
    pub b_points: i64,
    /// `a`'s share of the points recorded (0 to 1).
    pub share: f64,
    /// 95% confidence interval of the share.
    pub share_ci: [f64; 2],
    /// Mean of `a`'s points minus `b`'s, per deal played.
    pub mean_diff: f64,
    /// 95% confidence interval of the mean difference.
    pub mean_diff_ci: [f64; 2],
    /// Pairs won by `a` (more points over the two games), a tie counting half.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate.
    pub win_rate_ci: [f64; 2],
    /// Elo difference (`a` minus `b`) from the win rate.
    pub elo: f64,
    /// 95% confidence interval of the Elo difference.
    pub elo_ci: [f64; 2],
}

impl Arena {
    /// Plays mirrored pair `k`: deck `k` of the seed, dealer `k mod 4`;
    /// first `a` in seats 0 and 2, then `b` there.
    pub fn play_pair(&self, k: u32) -> Result<PairResult, GameError> {
        let deck = Deck::from_seed(self.seed, k as u64);
        let dealer = Seat((k % 4) as u8);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        rng.set_stream(k as u64);
        let mut out = PairResult::default();
        for a_first in [true, false] {
            let (even, odd) = if a_first { (self.a, self.b) } else { (self.b, self.a) };
            let o = &self.options;
            let mut bots = [even.make(o), odd.make(o), even.make(o), odd.make(o)];
            let mut deal = FrenchDeal::new(self.options, dealer, deck)?;
            while let Some(seat) = deal.to_act() {
                let action = bots[seat.index()].act(&deal.view(seat), &mut rng);
                deal.apply(seat, &action)?;
            }
            // A deal nobody took scores nothing.
            if let Some(s) = deal.score() {
                let (even, odd) = (s.recorded[0] as i64, s.recorded[1] as i64);
                if a_first {
                    out.a += even;
                    out.b += odd;
                } else {
                    out.a += odd;
                    out.b += even;
                }
            }
        }
        Ok(out)
    }

    /// Plays every pair on all cores; `progress` is called after each.
    pub fn run(&self, progress: &(dyn Fn() + Sync)) -> Result<Report, GameError> {
        let pairs: Vec<PairResult> = (0..self.deals)
            .into_par_iter()
            .map(|k| {
                let r = self.play_pair(k);
                progress();
                r
            })
            .collect::<Result<_, _>>()?;
        Ok(report(self.a, self.b, &pairs))
    }
}

/// Mean and 95% interval (normal approximation) of a sample.
fn mean_ci(xs: impl Iterator<Item = f64> + Clone) -> (f64, [f64; 2]) {
    let n = xs.clone().count() as f64;
    if n == 0.0 {
        return (0.0, [0.0, 0.0]);
    }
    let mean = xs.clone().sum::<f64>() / n;
    let var = if n > 1.0 { xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    let half = 1.96 * (var / n).sqrt();
    (mean, [mean - half, mean + half])
}

/// Elo difference of a score rate (clamped away from 0 and 1, where it
/// is infinite).
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-4, 1.0 - 1e-4);
    400.0 * (p / (1.0 - p)).log10()
}

/// The figures of a set of mirrored pairs.
pub fn report(a: BotKind, b: BotKind, pairs: &[PairResult]) -> Report {
    let a_points: i64 = pairs.iter().map(|p| p.a).sum();
    let b_points: i64 = pairs.iter().map(|p| p.b).sum();
    let total = (a_points + b_points) as f64;
    let share = if total > 0.0 { a_points as f64 / total } else { 0.5 };
    // The share's interval by the delta method over pairs (a ratio of
    // sums): the spread of a's points minus share times the pair total.
    let (_, r_ci) = mean_ci(pairs.iter().map(|p| p.a as f64 - share * (p.a + p.b) as f64));
    let mean_total = if pairs.is_empty() { 1.0 } else { total / pairs.len() as f64 };
    let half = (r_ci[1] - r_ci[0]) / 2.0 / mean_total.max(1.0);
    // Per deal: each pair is two deals.
    let (mean_diff, d_ci) = mean_ci(pairs.iter().map(|p| (p.a - p.b) as f64 / 2.0));
    let (win_rate, w_ci) = mean_ci(pairs.iter().map(|p| match p.a.cmp(&p.b) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }));
    // No games: even, not lost.
    let (win_rate, w_ci) = if pairs.is_empty() { (0.5, [0.5, 0.5]) } else { (win_rate, w_ci) };
    Report {
        a: a.name().into(),
        b: b.name().into(),
        pairs: pairs.len() as u32,
        games: 2 * pairs.len() as u32,
        a_points,
        b_points,
        share,
        share_ci: [share - half, share + half],
        mean_diff,
        mean_diff_ci: d_ci,
        win_rate,
        win_rate_ci: w_ci,
        elo: elo(win_rate),
        elo_ci: [elo(w_ci[0]), elo(w_ci[1])],
    }
}
