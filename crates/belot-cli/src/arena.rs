//! `belot arena`: bot-versus-bot tournaments on mirrored deals or
//! mirrored whole matches.

use std::fmt::Write as _;

use std::sync::Arc;

use belot_core::Game;
use belot_solver::arena::{Arena, Contestant, Report, Unit};
use belot_solver::bots::BotKind;
use indicatif::{ProgressBar, ProgressStyle};

/// Runs the tournament; the text or JSON report.
pub fn run(
    a: &str,
    b: &str,
    sets: u32,
    unit: Unit,
    seed: u64,
    game: Game,
    json: bool,
) -> Result<String, String> {
    let (a, b) = (contestant(a)?, contestant(b)?);
    let what = match unit {
        Unit::Deals => "deals",
        Unit::Matches => "matches",
    };
    if sets == 0 {
        return Err(format!("--{what} must be at least 1"));
    }
    let arena = Arena { a, b, sets, unit, seed, game };
    // The bar goes to stderr, and only to a terminal (indicatif hides it
    // otherwise), so scripts reading stdout see the report alone.
    let bar = ProgressBar::new(sets as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} mirrored {what}, {{eta}} left"
        ))
        .map_err(|e| e.to_string())?,
    );
    let report = arena.run(&|| bar.inc(1)).map_err(|e| format!("the tournament stopped: {e}"))?;
    bar.finish_and_clear();
    if json {
        let mut s = serde_json::to_string(&report).map_err(|e| e.to_string())?;
        s.push('\n');
        Ok(s)
    } else {
        Ok(text(&report))
    }
}

/// One of belot's bots by name, or a program outside (`BOT@COMMAND`).
fn contestant(spec: &str) -> Result<Contestant, String> {
    match crate::outside::Program::parse(spec) {
        Some(p) => Ok(Contestant::Outside(Arc::new(p?))),
        None => Ok(Contestant::Bot(spec.parse::<BotKind>()?)),
    }
}

fn text(r: &Report) -> String {
    let mut s = String::new();
    let (one, many) = match r.unit {
        Unit::Deals => ("deal", "deals"),
        Unit::Matches => ("match", "matches"),
    };
    let times = if r.games == 3 * r.pairs { "three times" } else { "twice" };
    let sets = if r.pairs == 1 {
        format!("1 mirrored {one}")
    } else {
        format!("{} mirrored {many}", r.pairs)
    };
    let played = match r.unit {
        Unit::Deals => format!("{} deals", r.games),
        Unit::Matches => format!("{} matches, {} deals", r.games, r.deals),
    };
    let to = match (r.unit, r.options.get("target")) {
        (Unit::Matches, Some(t)) => format!(", to {t}"),
        _ => String::new(),
    };
    let _ = writeln!(
        s,
        "{} vs {}: {sets}, each played {times} ({played}), {}{to}",
        r.a,
        r.b,
        game_title(&r.game)
    );
    let _ = writeln!(s, "points            {:.0} : {:.0}", r.a_points, r.b_points);
    let _ = writeln!(
        s,
        "share of points   {:.1}%  ({})",
        100.0 * r.share,
        interval(r.share_ci, one, |x| format!("{:.1}%", 100.0 * x))
    );
    let _ = writeln!(
        s,
        "point difference  {:+.1} per {one} played  ({})",
        r.mean_diff,
        interval(r.mean_diff_ci, one, |x| format!("{x:+.1}"))
    );
    if let (Some(m), Some(ci)) = (r.matches_won, r.matches_won_ci) {
        let odds = if r.games == 3 * r.pairs { ", where one seat in three wins" } else { "" };
        let _ = writeln!(
            s,
            "matches won       {:.1}% of the matches {} played{odds}  (95% CI {:.1}% to {:.1}%)",
            100.0 * m,
            r.a,
            100.0 * ci[0],
            100.0 * ci[1]
        );
    }
    let _ = writeln!(
        s,
        "win rate          {:.1}% of mirrored {many}  ({})",
        100.0 * r.win_rate,
        interval(r.win_rate_ci, one, |x| format!("{:.1}%", 100.0 * x))
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
        x if x > 0.0 => format!("none finite ({} won every mirrored {one})", r.a),
        _ => format!("none finite ({} won every mirrored {one})", r.b),
    };
    let _ = writeln!(
        s,
        "Elo difference    {figure}  (95% CI {} to {})",
        elo(r.elo_ci[0]),
        elo(r.elo_ci[1])
    );
    if r.pairs < 30 {
        let _ = writeln!(s, "(few mirrored {many}: the intervals are rough)");
    }
    s
}

/// "95% CI a to b", or why there is none (one mirrored set shows no
/// spread).
fn interval(ci: [f64; 2], one: &str, show: impl Fn(f64) -> String) -> String {
    if ci[0].is_nan() || ci[1].is_nan() {
        format!("no interval from one mirrored {one}")
    } else {
        format!("95% CI {} to {}", show(ci[0]), show(ci[1]))
    }
}

/// The game, for the report's first line: its name and, where it
/// matters, who sits where.
fn game_title(name: &str) -> String {
    use crate::play::CliGame;
    let Ok(game) = belot_core::Game::from_name(name) else { return String::new() };
    let seats = match game.players() {
        4 => " in two teams (a in seats 0 and 2, then 1 and 3)",
        3 => " (a in each seat, b in the two others)",
        _ => "",
    };
    let name = belot_core::each_game!(Game, &game, R, o => R::title(o));
    format!("{name}{seats}")
}
