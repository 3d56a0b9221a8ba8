//! Bot-versus-bot tournaments on mirrored deals: every deal is played
//! twice from the same deck and dealer, the two bots swapping seats, so
//! the luck of the cards cancels out and what is left is skill. With
//! three players each deal is played three times, bot `a` in each seat
//! in turn and `b` in the two others; `a`'s points are then compared
//! with the mean of the two `b` seats.
//!
//! The unit mirrored is a single deal ([`Unit::Deals`]) or a whole match
//! to the game's target ([`Unit::Matches`]): the same first dealer and
//! the same sequence of decks, deal `k` of one game from the same deck
//! as deal `k` of the other, so a match is won by play and bidding
//! (which include how a bot plays near the target), not by the cards.
//!
//! Each mirrored pair has its own random generator (from the tournament
//! seed and the pair's number), so the result is the same whatever the
//! number of threads.
//!
//! A side may be played by a program outside ([`Outside`]): another
//! `belot` built from an older commit, or anyone's bot speaking the
//! engine protocol. It is told the game as it goes and asked for its
//! seats' actions; the mirrored deals are the same.

use std::sync::Arc;

use belot_core::{
    Action, AnyDeal, AnyMatch, AnyView, Deal, Deck, Game, GameError, Half, Match, Seat,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rayon::prelude::*;

use crate::bots::BotKind;

/// What a mirrored set plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// One deal, scored on its own.
    #[default]
    Deals,
    /// A whole match, deal after deal to the game's target.
    Matches,
}

/// A match that runs this long has gone wrong (a bot that never takes
/// against one that never takes would throw every deal in): stop it.
pub const MAX_DEALS_PER_MATCH: usize = 5_000;

/// A program that plays a side of the arena from outside (the command
/// line's implementation speaks `belot engine`'s protocol to a process).
pub trait Outside: Send + Sync {
    /// Its name in reports.
    fn name(&self) -> String;
    /// A session for one game (a deal, or a whole match), started as the
    /// arena starts it.
    fn start(&self, start: &Start) -> Result<Box<dyn Session>, GameError>;
}

/// How a game starts: the game, the first dealer, and the first deal's
/// deck (single deals) or the match's seed (deal `k` from its stream `k`).
#[derive(Clone, Debug)]
pub struct Start {
    /// The game and its rules.
    pub game: Game,
    /// The first dealer.
    pub dealer: Seat,
    /// The deck of a single deal.
    pub deck: Option<Deck>,
    /// The seed of a whole match's decks.
    pub seed: Option<u64>,
}

/// One game as an outside program plays it: told every action, asked for
/// its seats' ones.
pub trait Session: Send {
    /// `seat` took `action` (the program's own, too).
    fn applied(&mut self, seat: Seat, action: &Action) -> Result<(), GameError>;
    /// The next deal of the match is dealt.
    fn next_deal(&mut self) -> Result<(), GameError>;
    /// The action of `seat`, which is to act; `seed` for its random
    /// choices.
    fn choose(&mut self, seat: Seat, seed: u64) -> Result<Action, GameError>;
}

/// Who plays a side: one of belot's bots, or a program outside.
#[derive(Clone)]
pub enum Contestant {
    /// A bot of this process.
    Bot(BotKind),
    /// A program outside.
    Outside(Arc<dyn Outside>),
}

impl From<BotKind> for Contestant {
    fn from(b: BotKind) -> Contestant {
        Contestant::Bot(b)
    }
}

impl std::fmt::Display for Contestant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contestant::Bot(b) => b.fmt(f),
            Contestant::Outside(o) => f.write_str(&o.name()),
        }
    }
}

impl std::fmt::Debug for Contestant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}

/// What to play.
#[derive(Clone, Debug)]
pub struct Arena {
    /// The bot whose results are reported (`a`).
    pub a: Contestant,
    /// Its opponent.
    pub b: Contestant,
    /// Mirrored sets to play: each deal (or match) is played twice, three
    /// times with three players.
    pub sets: u32,
    /// Deals or whole matches.
    pub unit: Unit,
    /// Decks and the bots' random choices come from this seed.
    pub seed: u64,
    /// The game and its rules.
    pub game: Game,
}

/// One mirrored set: the points each bot recorded over the games of the
/// same deck (for `b` with three players, the mean of its two seats).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairResult {
    /// Points `a` recorded.
    pub a: f64,
    /// Points `b` recorded.
    pub b: f64,
    /// Whole matches: the matches `a` won, and those `b` won (with three
    /// players, the mean of its two seats); `None` for single deals.
    pub wins: Option<[f64; 2]>,
    /// Deals played in the set.
    pub deals: u32,
}

/// A tournament's figures, from `a`'s side.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Report {
    /// Bot `a`.
    pub a: String,
    /// Bot `b`.
    pub b: String,
    /// The game.
    pub game: String,
    /// The tournament's seed (decks and the bots' random choices).
    pub seed: u64,
    /// The game's rules, as `belot engine` takes them.
    pub options: serde_json::Value,
    /// What a game is: one deal, or a whole match.
    pub unit: Unit,
    /// Mirrored pairs played.
    pub pairs: u32,
    /// Games played (two per pair; three with three players).
    pub games: u32,
    /// Deals played in all (as many as games, unless whole matches).
    pub deals: u32,
    /// Points `a` recorded in all.
    pub a_points: f64,
    /// Points `b` recorded in all.
    pub b_points: f64,
    /// `a`'s share of the points recorded (0 to 1).
    pub share: f64,
    /// 95% confidence interval of the share, within 0 to 1; NaN (null in
    /// JSON) with fewer than two pairs, which give no spread.
    pub share_ci: [f64; 2],
    /// Mean of `a`'s points minus `b`'s, per game played (per deal, or
    /// per match).
    pub mean_diff: f64,
    /// 95% confidence interval of the mean difference; NaN (null in
    /// JSON) with fewer than two pairs.
    pub mean_diff_ci: [f64; 2],
    /// Whole matches: the share of its matches `a`'s side won (with three
    /// players, one seat in three wins); `None` for single deals.
    pub matches_won: Option<f64>,
    /// 95% interval of `matches_won` (Wilson's, over the matches: those of
    /// a set share their decks, which if anything widens it).
    pub matches_won_ci: Option<[f64; 2]>,
    /// Pairs won by `a`, a tie counting half: more points over the games
    /// of single deals, more matches won over the games of whole matches.
    pub win_rate: f64,
    /// 95% confidence interval of the win rate (Wilson's).
    pub win_rate_ci: [f64; 2],
    /// Pairs `a` won, tied and lost.
    pub won_tied_lost: [u32; 3],
    /// Of the tied pairs, those where no game scored (every deal thrown
    /// in or annulled).
    pub unscored: u32,
    /// Elo difference (`a` minus `b`) from the win rate: infinite (null in
    /// JSON) when one bot won every pair.
    pub elo: f64,
    /// 95% confidence interval of the Elo difference, from the win rate's;
    /// an end is infinite (null in JSON) where that interval reaches 0 or 1.
    pub elo_ci: [f64; 2],
}

impl Arena {
    /// Plays mirrored set `k`: deck `k` of the seed (for matches, the
    /// decks of match seed `k`), dealer `k mod players`; with two teams
    /// `a` first in seats 0 and 2, then in 1 and 3; with two players `a`
    /// in seat 0, then 1; with three players `a` in seat 0, 1, then 2.
    pub fn play_pair(&self, k: u32) -> Result<PairResult, GameError> {
        let players = self.game.players();
        let dealer = Seat((k % players as u32) as u8);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        rng.set_stream(k as u64);
        // A match's decks come from a seed of its own, drawn before any
        // bot's choice so both games of the set get it (and only for
        // matches, so single deals replay as they always have).
        let match_seed = if self.unit == Unit::Matches { rng.next_u64() } else { 0 };
        let mut out = PairResult::default();
        let mut wins = [0.0; 2];
        let games: u8 = if players == 3 { 3 } else { 2 };
        for g in 0..games {
            // The seats `a` plays in this game.
            let a_seat = |s: u8| if self.game.teams() { s % 2 == g } else { s == g };
            // Per seat: points recorded, and the match won.
            let standing: [(f64, bool); 4] = match self.unit {
                Unit::Deals => {
                    let deck = Deck::from_seed(self.seed, k as u64);
                    let mut table = AnyDeal::new(&self.game, dealer, deck)?;
                    let start = Start { game: self.game, dealer, deck: Some(deck), seed: None };
                    let mut players = self.players(&a_seat, &start, (k, g))?;
                    while let Some(seat) = table.to_act() {
                        let action = players.act(seat, &table.view(seat), &mut rng)?;
                        table.apply(seat, &action)?;
                        players.applied(seat, &action)?;
                    }
                    out.deals += 1;
                    // A deal nobody took (or annulled) scores nothing.
                    per_seat(&table.recorded().unwrap_or_default(), &[])
                }
                Unit::Matches => {
                    let mut m = AnyMatch::from_seed(&self.game, dealer, match_seed)?;
                    let start =
                        Start { game: self.game, dealer, deck: None, seed: Some(match_seed) };
                    let mut players = self.players(&a_seat, &start, (k, g))?;
                    loop {
                        players.standing(&m.standing());
                        while let Some(seat) = m.to_act() {
                            let action = players.act(seat, &m.view(seat), &mut rng)?;
                            m.apply(seat, &action)?;
                            players.applied(seat, &action)?;
                        }
                        if m.match_over() {
                            break;
                        }
                        if m.deal_count() >= MAX_DEALS_PER_MATCH {
                            return Err(GameError::invalid(
                                "match_too_long",
                                format!(
                                    "match {k} had no winner after {MAX_DEALS_PER_MATCH} deals"
                                ),
                            )
                            .with("match", k)
                            .with("deals", MAX_DEALS_PER_MATCH));
                        }
                        m.next_deal(None)?;
                        players.next_deal(self)?;
                    }
                    out.deals += m.deal_count() as u32;
                    let s = m.standing();
                    per_seat(&s.totals, &s.winners)
                }
            };
            let (mut a, mut b, mut nb) = ([0.0; 2], [0.0; 2], 0.0);
            for s in 0..players {
                if self.game.teams() && s >= 2 {
                    continue; // a team's points are on both its seats
                }
                let (points, won) = standing[s as usize];
                let won = if won { 1.0 } else { 0.0 };
                if a_seat(s) {
                    a = [a[0] + points, a[1] + won];
                } else {
                    b = [b[0] + points, b[1] + won];
                    nb += 1.0;
                }
            }
            let nb: f64 = if nb > 1.0 { nb } else { 1.0 };
            out.a += a[0];
            out.b += b[0] / nb;
            wins = [wins[0] + a[1], wins[1] + b[1] / nb];
        }
        if self.unit == Unit::Matches {
            out.wins = Some(wins);
        }
        Ok(out)
    }

    /// The players of one game, where `a` sits where `a_seat` says; game
    /// `(k, g)` of the tournament (an outside program's random choices
    /// come from it, so that it takes nothing from the bots' generator).
    fn players(
        &self,
        a_seat: &impl Fn(u8) -> bool,
        start: &Start,
        (k, g): (u32, u8),
    ) -> Result<Players, GameError> {
        let side: Vec<usize> = (0..self.game.players()).map(|s| usize::from(!a_seat(s))).collect();
        let mut sessions = [None, None];
        for (i, c) in [&self.a, &self.b].into_iter().enumerate() {
            if let Contestant::Outside(o) = c {
                sessions[i] = Some(o.start(start)?);
            }
        }
        let mut p =
            Players { side, bots: Vec::new(), sessions, seed: [self.seed, k.into(), g.into(), 0] };
        p.bots = self.bots(&p.side);
        Ok(p)
    }

    /// Fresh bots for a deal (a deal is all a bot's view shows); `None`
    /// where a program outside plays.
    fn bots(&self, side: &[usize]) -> Vec<Option<Box<dyn crate::bots::Bot + Send>>> {
        side.iter()
            .map(|&i| match [&self.a, &self.b][i] {
                Contestant::Bot(b) => Some(b.make(&self.game)),
                Contestant::Outside(_) => None,
            })
            .collect()
    }

    /// Plays every pair on all cores; `progress` is called after each.
    pub fn run(&self, progress: &(dyn Fn() + Sync)) -> Result<Report, GameError> {
        let pairs: Vec<PairResult> = (0..self.sets)
            .into_par_iter()
            .map(|k| {
                let r = self.play_pair(k);
                progress();
                r
            })
            .collect::<Result<_, _>>()?;
        let per = if self.game.players() == 3 { 3 } else { 2 };
        let mut r = report(&self.a, &self.b, &pairs, per);
        r.game = self.game.name().into();
        r.seed = self.seed;
        // A game's JSON is {"variant", "options"}; the report shows the options.
        r.options =
            serde_json::to_value(self.game).map(|mut g| g["options"].take()).unwrap_or_default();
        r.unit = self.unit;
        Ok(r)
    }
}

/// The players of one game: bots, and the sessions of outside programs.
struct Players {
    /// Each seat's side: 0 for `a`, 1 for `b`.
    side: Vec<usize>,
    bots: Vec<Option<Box<dyn crate::bots::Bot + Send>>>,
    sessions: [Option<Box<dyn Session>>; 2],
    /// Tournament seed, pair, game, decision: an outside program's seed.
    seed: [u64; 4],
}

impl Players {
    fn act(
        &mut self,
        seat: Seat,
        view: &AnyView,
        rng: &mut ChaCha8Rng,
    ) -> Result<Action, GameError> {
        if let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) {
            return Ok(bot.act(view, rng));
        }
        self.seed[3] += 1;
        let seed = self
            .seed
            .iter()
            .fold(0u64, |h, &x| h.rotate_left(21) ^ x.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let side = self.side[seat.index()];
        let session = self.sessions[side]
            .as_mut()
            .ok_or_else(|| GameError::invalid("no_player", "no player").with("seat", seat))?;
        session.choose(seat, seed)
    }

    fn applied(&mut self, seat: Seat, action: &Action) -> Result<(), GameError> {
        self.sessions.iter_mut().flatten().try_for_each(|s| s.applied(seat, action))
    }

    /// Where the match stands, told to the bots at each deal.
    fn standing(&mut self, standing: &belot_core::Standing) {
        self.bots.iter_mut().flatten().for_each(|b| b.standing(standing));
    }

    /// The next deal: fresh bots, and the programs told.
    fn next_deal(&mut self, arena: &Arena) -> Result<(), GameError> {
        self.bots = arena.bots(&self.side);
        self.sessions.iter_mut().flatten().try_for_each(|s| s.next_deal())
    }
}

/// Mean and 95% interval (normal approximation) of a sample; the
/// interval is NaN with fewer than two values, which show no spread.
fn mean_ci(xs: impl Iterator<Item = f64> + Clone) -> (f64, [f64; 2]) {
    let n = xs.clone().count() as f64;
    if n == 0.0 {
        return (0.0, [f64::NAN; 2]);
    }
    let mean = xs.clone().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, [f64::NAN; 2]);
    }
    let var = xs.map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    (mean, [mean - half, mean + half])
}

/// The 95% Wilson score interval of a rate `p` over `n` trials: unlike
/// the normal approximation it stays within 0 to 1 when one bot wins
/// nearly every set.
fn wilson(p: f64, n: f64) -> [f64; 2] {
    if n == 0.0 {
        return [p, p];
    }
    let z2 = 1.96f64 * 1.96;
    let d = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / d;
    let half = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / d;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Elo difference of a score rate: infinite at 0 and 1 (one bot won
/// every pair), which no finite figure would report honestly.
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    400.0 * (p / (1.0 - p)).log10()
}

/// The figures of a set of mirrored pairs of `per` games each: of whole
/// matches when the pairs say who won them.
pub fn report(
    a: impl std::fmt::Display,
    b: impl std::fmt::Display,
    pairs: &[PairResult],
    per: u32,
) -> Report {
    let per = per.max(1);
    let unit = if pairs.iter().any(|p| p.wins.is_some()) { Unit::Matches } else { Unit::Deals };
    let a_points: f64 = pairs.iter().map(|p| p.a).sum();
    let b_points: f64 = pairs.iter().map(|p| p.b).sum();
    let total = a_points + b_points;
    let share = if total > 0.0 { a_points / total } else { 0.5 };
    // The share's interval by the delta method over pairs (a ratio of
    // sums): the spread of a's points minus share times the pair total.
    let (_, r_ci) = mean_ci(pairs.iter().map(|p| p.a - share * (p.a + p.b)));
    let mean_total = if pairs.is_empty() { 1.0 } else { total / pairs.len() as f64 };
    let half = (r_ci[1] - r_ci[0]) / 2.0 / mean_total.max(1.0);
    // Per game: each pair is two games (three with three players).
    let (mean_diff, d_ci) = mean_ci(pairs.iter().map(|p| (p.a - p.b) / per as f64));
    let mut won_tied_lost = [0u32; 3];
    for p in pairs {
        // Matches are won by winning them, deals by their points.
        let [x, y] = p.wins.unwrap_or([p.a, p.b]);
        won_tied_lost[match x.partial_cmp(&y) {
            Some(std::cmp::Ordering::Greater) => 0,
            Some(std::cmp::Ordering::Equal) => 1,
            _ => 2,
        }] += 1;
    }
    // A tie counts half.
    let n = pairs.len() as f64;
    let win_rate = (won_tied_lost[0] as f64 + 0.5 * won_tied_lost[1] as f64) / n.max(1.0);
    let w_ci = wilson(win_rate, n);
    let unscored = pairs.iter().filter(|p| p.a == 0.0 && p.b == 0.0).count() as u32;
    // No games: even, not lost.
    let (win_rate, w_ci) = if pairs.is_empty() { (0.5, [0.5, 0.5]) } else { (win_rate, w_ci) };
    let games = per * pairs.len() as u32;
    let (matches_won, matches_won_ci) = match unit {
        Unit::Deals => (None, None),
        Unit::Matches => {
            let won: f64 = pairs.iter().filter_map(|p| p.wins).map(|w| w[0]).sum();
            let rate = won / games.max(1) as f64;
            (Some(rate), Some(wilson(rate, games as f64)))
        }
    };
    Report {
        a: a.to_string(),
        b: b.to_string(),
        game: String::new(),
        seed: 0,
        options: serde_json::Value::Null,
        unit,
        pairs: pairs.len() as u32,
        games,
        deals: pairs.iter().map(|p| p.deals).sum(),
        a_points,
        b_points,
        share,
        // A share lies within 0 to 1 whatever the normal approximation
        // says of few deals.
        share_ci: if half.is_nan() {
            [f64::NAN; 2]
        } else {
            [(share - half).max(0.0), (share + half).min(1.0)]
        },
        mean_diff,
        mean_diff_ci: d_ci,
        matches_won,
        matches_won_ci,
        win_rate,
        win_rate_ci: w_ci,
        won_tied_lost,
        unscored,
        elo: elo(win_rate),
        elo_ci: [elo(w_ci[0]), elo(w_ci[1])],
    }
}

/// Each seat's points and whether it won the match, from per-seat points
/// and the winners (four slots; seats past the table's count stay empty).
fn per_seat(points: &[Half], winners: &[Seat]) -> [(f64, bool); 4] {
    let mut out = [(0.0, false); 4];
    for (s, (o, p)) in out.iter_mut().zip(points).enumerate() {
        *o = (p.as_f64(), winners.contains(&Seat(s as u8)));
    }
    out
}
