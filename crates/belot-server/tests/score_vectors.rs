//! The phone's own scorer (`ui/score.js`, used for deals that wait on a
//! phone without the server: issue 44) must score as belot-score does.
//! This test makes `ui/test/vectors.json`: games of every variant with
//! random house rules and random deals, as belot-score's `Sheet` scores
//! them; `node --test crates/belot-server/ui/test/` checks score.js
//! against it (scripts/test.sh runs both).
//!
//! The file is regenerated with `BELOT_WRITE_VECTORS=1`; otherwise this
//! test fails when belot-score's answers differ from the file, so a
//! change to the rules cannot leave score.js behind unnoticed.

use belot_score::{Change, DealInput, Setup, Sheet};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{Value, json};

struct Dice(ChaCha8Rng);

impl Dice {
    fn below(&mut self, n: u32) -> u32 {
        self.0.next_u32() % n
    }
    fn one_in(&mut self, n: u32) -> bool {
        self.below(n) == 0
    }
    fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u32) as usize].clone()
    }
    /// Card points a side or player may have: never 1.
    fn points(&mut self, max: u32) -> u32 {
        let p = self.below(max + 1);
        if p == 1 { 0 } else { p }
    }
}

/// Random house rules for a variant, from the rules the server lists.
fn options(d: &mut Dice, variant: &str) -> Value {
    let variant: belot_core::Variant = variant.parse().expect("a game");
    let rules = belot_score::rules_info::rules_of(variant);
    let mut o = serde_json::Map::new();
    for r in rules.iter().filter(|r| !r.from_setup) {
        use belot_score::rules_info::RuleKind;
        let v = match &r.kind {
            RuleKind::Bool => json!(d.one_in(2)),
            // Low targets: games end, and deals after the end are kept.
            RuleKind::Number { .. } if r.key == "target" => json!(400 + 100 * d.below(12)),
            RuleKind::Number { min, max } => json!(min + d.below(max - min + 1)),
            RuleKind::Cap { .. } => json!(null),
            RuleKind::Choice(c) => json!(d.pick(c)),
        };
        o.insert(r.key.to_string(), v);
    }
    Value::Object(o)
}

const MELDS: [u32; 6] = [0, 0, 20, 50, 100, 150];

fn french(d: &mut Dice, n: u32) -> Value {
    let sides = if n == 4 { 2 } else { n };
    let taker = d.below(n);
    let mut e = json!({"kind": "french", "taker": taker,
        "announcements": (0..sides).map(|_| d.pick(&MELDS)).collect::<Vec<_>>()});
    if d.one_in(3) {
        e["belote"] = json!(d.below(sides));
    }
    if d.one_in(10) {
        let c = d.below(sides);
        e["capot"] = json!(c);
        let mut pts = vec![Value::Null; sides as usize];
        if n == 2 {
            pts[c as usize] = json!(10 + d.below(147));
        }
        e["card_points"] = json!(pts);
        return e;
    }
    // Ties now and then: litige, points held for a later deal.
    if d.one_in(6) {
        e["announcements"] = json!(vec![0; sides as usize]);
        e.as_object_mut().unwrap().remove("belote");
        e["card_points"] = match n {
            4 => json!([81, null]),
            3 => json!([60, 60, null]),
            _ => json!([70, 70]),
        };
        return e;
    }
    // A tie made by the taker's belote: the belote held or not in litige.
    if d.one_in(10) && n == 4 {
        let t = (taker % 2) as usize;
        let mut pts = [json!(91), json!(91)];
        pts[t] = json!(71);
        e["announcements"] = json!([0, 0]);
        e["belote"] = json!(t);
        e["card_points"] = json!(pts);
        return e;
    }
    let pts: Vec<Value> = match n {
        4 => {
            let p = d.points(162);
            if d.one_in(2) {
                vec![json!(p), Value::Null]
            } else {
                vec![Value::Null, json!(162 - p)]
            }
        }
        3 => {
            let a = d.points(120);
            let b = d.points(162 - a);
            let mut v = vec![json!(a), json!(b), Value::Null];
            v.rotate_right(d.below(3) as usize);
            v
        }
        _ => {
            let a = d.points(120);
            vec![json!(a), json!(d.points(156 - a))]
        }
    };
    e["card_points"] = json!(pts);
    e
}

fn two_player(d: &mut Dice) -> Value {
    if d.one_in(25) {
        return json!({"kind": "redeal"});
    }
    let contract = d.pick(&["S", "H", "D", "C", "AT", "NT"]);
    let max = match contract {
        "AT" => 238,
        "NT" => 126,
        _ => 156,
    };
    let a = d.points(max - 10);
    let pts = [a, d.points(max - a)];
    let mut e = json!({"kind": "two_player", "contract": contract, "card_points": pts,
        "constructions": [0, 0], "belas": [d.below(2), d.below(2)]});
    e["constructions"][d.below(2) as usize] = json!(d.pick(&MELDS));
    if d.one_in(6) {
        e["card_points"] = json!([70, 70]);
        e["constructions"] = json!([0, 0]);
        e["belas"] = json!([0, 0]);
    }
    if d.one_in(8) && contract.len() == 1 {
        e["raspasy"] = json!(true);
        if d.one_in(2) {
            // A player with no card points in распасы (0, never -0).
            e["card_points"][d.below(2) as usize] = json!(0);
        }
    } else {
        e["loader"] = json!(d.below(2));
    }
    e
}

fn three_player(d: &mut Dice) -> Value {
    let a = d.points(100);
    let b = d.points(150 - a);
    let mut pts = [a, b, d.points(160 - a - b)];
    let mut e = json!({"kind": "three_player", "declarer": d.below(3),
        "combinations": [0, 0, 0], "belots": [d.below(2), 0, d.below(2)]});
    e["combinations"][d.below(3) as usize] = json!(d.pick(&MELDS));
    if d.one_in(8) {
        // A failed declarer's odd points between two equal opponents.
        let decl = e["declarer"].as_u64().unwrap() as usize;
        pts = [60, 60, 60];
        pts[decl] = 41;
        e["combinations"] = json!([0, 0, 0]);
        e["belots"] = json!([0, 0, 0]);
    } else if d.one_in(6) {
        pts = [50, 50, 40];
        e["combinations"] = json!([0, 0, 0]);
        e["belots"] = json!([0, 0, 0]);
    } else if d.one_in(8) {
        let capo = d.below(3);
        pts[capo as usize] = 0;
        let last = (capo + 1 + d.below(2)) % 3;
        pts[last as usize] = pts[last as usize].max(10);
        e["capo"] = json!([capo]);
        e["last_trick"] = json!(last);
    } else if d.one_in(2) {
        let last = (0..3).max_by_key(|&i| pts[i]).unwrap();
        e["last_trick"] = json!(last);
    }
    e["card_points"] = json!(pts);
    e
}

/// One game: its setup, the deals belot-score took (refused ones are
/// dropped), and the table it makes of them.
fn game(d: &mut Dice, variant: &str, players: u32) -> Value {
    let mut opts = options(d, variant);
    if variant == "french" {
        opts["players"] = json!(players);
    }
    let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
    let setup = json!({"name": "", "players": names, "first_dealer": d.below(players),
        "rules": {"variant": variant, "options": opts}});
    let mut sheet = Sheet::new(serde_json::from_value::<Setup>(setup.clone()).unwrap()).unwrap();
    let mut entries = Vec::new();
    let mut tries = 0;
    while entries.len() < 16 && tries < 200 {
        tries += 1;
        let e = match variant {
            "french" if d.one_in(20) => json!({"kind": "thrown_in"}),
            "french" => french(d, players),
            "two_player" => two_player(d),
            _ if d.one_in(20) => json!({"kind": "thrown_in"}),
            _ => three_player(d),
        };
        let entry: DealInput = serde_json::from_value(e.clone()).unwrap();
        if sheet.apply(Change::Add { entry }).is_ok() {
            entries.push(e);
        }
    }
    let t = serde_json::to_value(sheet.table()).unwrap();
    let rows: Vec<Value> = t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            json!({"dealer": r["dealer"], "recorded": r["recorded"],
                "totals": r["totals"], "pool_after": r["pool_after"], "counted": r["counted"]})
        })
        .collect();
    json!({"setup": setup, "entries": entries, "table": {"rows": rows, "totals": t["totals"],
        "pool": t["pool"], "pool_lost": t["pool_lost"], "next_dealer": t["next_dealer"],
        "winner": t["winner"]}})
}

fn vectors() -> Value {
    let mut d = Dice(ChaCha8Rng::seed_from_u64(44));
    let mut games = Vec::new();
    for (variant, players) in
        [("french", 4), ("french", 3), ("french", 2), ("two_player", 2), ("three_player", 3)]
    {
        for _ in 0..40 {
            games.push(game(&mut d, variant, players));
        }
    }
    json!({"about": "made by crates/belot-server/tests/score_vectors.rs (BELOT_WRITE_VECTORS=1 cargo test -p belot-server --test score_vectors): games as belot-score scores them, for ui/score.js", "games": games})
}

#[test]
fn the_phones_scorer_has_current_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/test/vectors.json");
    let fresh = serde_json::to_string(&vectors()).unwrap() + "\n";
    if std::env::var_os("BELOT_WRITE_VECTORS").is_some() {
        std::fs::write(path, &fresh).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == fresh,
        "ui/test/vectors.json is not what belot-score gives now: run \
         BELOT_WRITE_VECTORS=1 cargo test -p belot-server --test score_vectors, then \
         node --test crates/belot-server/ui/test/ (score.js must agree)"
    );
    // Enough of each kind of row to mean something.
    let v: Value = serde_json::from_str(&kept).unwrap();
    let rows: usize =
        v["games"].as_array().unwrap().iter().map(|g| g["entries"].as_array().unwrap().len()).sum();
    assert!(rows > 3000, "{rows} deals");
}
