//! `belot arena`: bot-versus-bot tournaments on mirrored deals.

use std::fmt::Write as _;

use belot_solver::arena::{Arena, Report};
use belot_solver::bots::BotKind;
use belot_solver::game::Game;
use indicatif::{ProgressBar, ProgressStyle};

/// Runs the tournament; the text or JSON report.
pub fn run(
    a: &str,
    b: &str,
    deals: u32,
    seed: u64,
    game: Game,
    json: bool,
) -> Result<String, String> {
    let a: BotKind = a.parse()?;
    let b: BotKind = b.parse()?;
    if deals == 0 {
        return Err("--deals must be at least 1".into());
    }
    let arena = Arena { a, b, deals, seed, game };
    // The bar goes to stderr, and only to a terminal (indicatif hides it
    // otherwise), so scripts reading stdout see the report alone.
    let bar = ProgressBar::new(deals as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} mirrored deals, {eta} left")
            .map_err(|e| e.to_string())?,
    );
    let report = arena.run(&|| bar.inc(1)).map_err(|e| format!("a bot broke the rules: {e}"))?;
    bar.finish_and_clear();
    if json {
        let mut s = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        s.push('\n');
        Ok(s)
    } else {
        Ok(text(&report))
    }
}

fn text(r: &Report) -> String {
    let mut s = String::new();
    let times = if r.games == 3 * r.pairs { "three times" } else { "twice" };
    let sets = if r.pairs == 1 {
        "1 mirrored deal".to_string()
    } else {
        format!("{} mirrored deals", r.pairs)
    };
    let _ = writeln!(
        s,
        "{} vs {}: {sets}, each played {times} ({} deals), {}",
        r.a,
        r.b,
        r.games,
        game_title(&r.game)
    );
    let _ = writeln!(s, "points            {:.0} : {:.0}", r.a_points, r.b_points);
    let _ = writeln!(
        s,
        "share of points   {:.1}%  ({})",
        100.0 * r.share,
        interval(r.share_ci, |x| format!("{:.1}%", 100.0 * x))
    );
    let _ = writeln!(
        s,
        "point difference  {:+.1} per deal played  ({})",
        r.mean_diff,
        interval(r.mean_diff_ci, |x| format!("{x:+.1}"))
    );
    let _ = writeln!(
        s,
        "win rate          {:.1}% of mirrored deals  ({})",
        100.0 * r.win_rate,
        interval(r.win_rate_ci, |x| format!("{:.1}%", 100.0 * x))
    );
    let [won, tied, lost] = r.won_tied_lost;
    let unscored = match r.unscored {
        0 => String::new(),
        n => format!(", {n} with no game scored"),
    };
    let _ = writeln!(s, "                  {won} won, {tied} tied{unscored}, {lost} lost");
    let elo = |x: f64| if x.is_infinite() { "no bound".to_string() } else { format!("{x:+.0}") };
    let figure = match r.elo {
        x if x.is_finite() => format!("{x:+.0}"),
        x if x > 0.0 => format!("none finite ({} won every mirrored deal)", r.a),
        _ => format!("none finite ({} won every mirrored deal)", r.b),
    };
    let _ = writeln!(
        s,
        "Elo difference    {figure}  (95% CI {} to {})",
        elo(r.elo_ci[0]),
        elo(r.elo_ci[1])
    );
    if r.pairs < 30 {
        let _ = writeln!(s, "(few mirrored deals: the intervals are rough)");
    }
    s
}

/// "95% CI a to b", or why there is none (one mirrored deal shows no
/// spread).
fn interval(ci: [f64; 2], show: impl Fn(f64) -> String) -> String {
    if ci[0].is_nan() || ci[1].is_nan() {
        "no interval from one mirrored deal".into()
    } else {
        format!("95% CI {} to {}", show(ci[0]), show(ci[1]))
    }
}

/// The game, for the report's first line (single deals are scored, so
/// no match target).
fn game_title(name: &str) -> &'static str {
    match name {
        "french" => "French Belote, 4 players in two teams (a in seats 0 and 2, then 1 and 3)",
        "french-3" => {
            "French Belote, 3 players each for himself (a in each seat, b in the two others)"
        }
        "french-2" => "French Belote, 2 players",
        "two-player" => "two-player Belot",
        "three-player" => "three-player Belot (a in each seat, b in the two others)",
        _ => "",
    }
}
