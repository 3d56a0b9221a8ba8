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
    let _ = writeln!(
        s,
        "{} vs {}: {} mirrored deals ({} games), {}",
        r.a,
        r.b,
        r.pairs,
        r.games,
        game_title(&r.game)
    );
    let _ = writeln!(s, "points            {:.0} : {:.0}", r.a_points, r.b_points);
    let _ = writeln!(
        s,
        "share of points   {:.1}%  (95% CI {:.1}% to {:.1}%)",
        100.0 * r.share,
        100.0 * r.share_ci[0],
        100.0 * r.share_ci[1]
    );
    let _ = writeln!(
        s,
        "point difference  {:+.1} per deal  (95% CI {:+.1} to {:+.1})",
        r.mean_diff, r.mean_diff_ci[0], r.mean_diff_ci[1]
    );
    let _ = writeln!(
        s,
        "win rate          {:.1}% of mirrored deals  (95% CI {:.1}% to {:.1}%)",
        100.0 * r.win_rate,
        100.0 * r.win_rate_ci[0],
        100.0 * r.win_rate_ci[1]
    );
    let [won, tied, lost] = r.won_tied_lost;
    let unscored = match r.unscored {
        0 => String::new(),
        n => format!(", {n} with no game scored"),
    };
    let _ = writeln!(s, "                  {won} won, {tied} tied{unscored}, {lost} lost");
    let _ = writeln!(
        s,
        "Elo difference    {:+.0}  (95% CI {:+.0} to {:+.0})",
        r.elo, r.elo_ci[0], r.elo_ci[1]
    );
    s
}

fn game_title(name: &str) -> &'static str {
    match name {
        "french" => "French Belote, 4 players in two teams",
        "french-3" => "French Belote, 3 players each for himself",
        "french-2" => "French Belote, 2 players",
        "two-player" => "two-player Belot to 1001",
        "three-player" => "three-player Belot to 501 (a in each seat, b in the two others)",
        _ => "",
    }
}
