//! `GET /api/rules`: every house rule of each game, as the Rust option
//! types define them, with their defaults; the seed's rules flagged main;
//! and every value the descriptions offer is one the API accepts.

use axum::http::StatusCode;
use belot_core::french::FrenchOptions;
use belot_core::three_player::ThreeOptions;
use belot_core::two_player::TwoOptions;
use belot_server::{Hub, Limits};
use serde_json::{Map, Value, json};

mod common;
use common::{call, db};

/// A value other than the default that the description allows.
fn other_value(r: &Value) -> Value {
    let d = &r["default"];
    match r["kind"].as_str().unwrap() {
        "bool" => json!(!d.as_bool().unwrap()),
        "number" | "cap" if *d == r["max"] => r["min"].clone(),
        "number" | "cap" => r["max"].clone(),
        "choice" => {
            let c = r["choices"].as_array().unwrap();
            c.iter().rev().find(|v| *v != d).unwrap().clone()
        }
        k => panic!("kind {k}"),
    }
}

#[tokio::test]
async fn the_rules_of_each_game_come_from_its_option_types() {
    let hub = Hub::open(&db("rules"), Limits::default()).unwrap();
    let (s, rules) = call(&hub, "GET", "/api/rules", None).await;
    assert_eq!(s, StatusCode::OK);
    let games = [
        (
            "french",
            serde_json::to_value(FrenchOptions::default()).unwrap(),
            vec!["target", "both_cross", "litige"],
        ),
        (
            "two_player",
            serde_json::to_value(TwoOptions::default()).unwrap(),
            vec!["target", "raspasy_enabled"],
        ),
        (
            "three_player",
            serde_json::to_value(ThreeOptions::default()).unwrap(),
            vec!["target", "fail_test", "next_dealer"],
        ),
    ];
    assert_eq!(rules.as_object().unwrap().len(), games.len());
    for (variant, defaults, main) in games {
        let list = rules[variant].as_array().unwrap_or_else(|| panic!("{variant}: {rules}"));
        // Every option, once, with the Rust default.
        let keys: Vec<&str> = list.iter().map(|r| r["key"].as_str().unwrap()).collect();
        let mut want: Vec<&str> =
            defaults.as_object().unwrap().keys().map(String::as_str).collect();
        let mut got = keys.clone();
        want.sort_unstable();
        got.sort_unstable();
        assert_eq!(got, want, "{variant}");
        for r in list {
            let key = r["key"].as_str().unwrap();
            assert_eq!(r["default"], defaults[key], "{variant}.{key}");
            assert!(["bool", "number", "cap", "choice"].contains(&r["kind"].as_str().unwrap()));
            // Its English name and help come with it (issue 19).
            assert!(!r["name"].as_str().unwrap().is_empty(), "{variant}.{key}");
            assert!(r["help"].is_string(), "{variant}.{key}");
            if r["kind"] == "choice" {
                assert!(
                    r["choices"].as_array().unwrap().contains(&r["default"]),
                    "{variant}.{key}"
                );
                let labels = r["labels"].as_array().unwrap();
                assert_eq!(labels.len(), r["choices"].as_array().unwrap().len(), "{variant}.{key}");
                assert!(labels.iter().all(|l| !l.as_str().unwrap().is_empty()), "{variant}.{key}");
            }
        }
        // The seed's rules are flagged main, the target first.
        let flagged: Vec<&str> =
            list.iter().filter(|r| r["main"] == true).map(|r| r["key"].as_str().unwrap()).collect();
        assert_eq!(flagged, main, "{variant}");
        assert_eq!(keys[0], "target");
        // French players are set from the number of players, not chosen.
        let from_setup: Vec<&str> = list
            .iter()
            .filter(|r| r["from_setup"] == true)
            .map(|r| r["key"].as_str().unwrap())
            .collect();
        assert_eq!(from_setup, if variant == "french" { vec!["players"] } else { vec![] });

        // A game with every rule changed to another value the description
        // offers is created, and stores those values.
        let mut options = Map::new();
        for r in list.iter().filter(|r| r["from_setup"] != true) {
            options.insert(r["key"].as_str().unwrap().into(), other_value(r));
        }
        let players = if variant == "three_player" {
            json!(["A", "B", "C"])
        } else if variant == "two_player" {
            json!(["A", "B"])
        } else {
            json!(["A", "B", "C", "D"])
        };
        let setup = json!({"players": players, "first_dealer": 0, "rules": {"variant": variant, "options": options}});
        let (s, st) = call(&hub, "POST", "/api/sheets", Some(setup)).await;
        assert_eq!(s, StatusCode::CREATED, "{variant}: {st}");
        for (k, v) in &options {
            assert_eq!(&st["setup"]["rules"]["options"][k], v, "{variant}.{k}");
        }
    }
}

/// The API description lists the games as the registry lists them,
/// wherever it lists games: the keys of `/api/rules`, a set-up's
/// `variant`, a sheet entry's `kind`; and each game's own entry fields and
/// house rules (the keys `/api/rules` gives). The code that makes it names
/// no game: the lists come from the registry.
#[tokio::test]
async fn the_api_description_lists_the_registrys_games() {
    let hub = Hub::open(&db("openapi-games"), Limits::default()).unwrap();
    let (_, spec) = call(&hub, "GET", "/api/openapi.json", None).await;
    let (_, rules) = call(&hub, "GET", "/api/rules", None).await;
    let schemas = &spec["components"]["schemas"];
    let games: Vec<Value> = belot_core::Variant::ALL.iter().map(|v| json!(v.as_str())).collect();
    let body =
        &spec["paths"]["/api/rules"]["get"]["responses"]["200"]["content"]["application/json"];
    assert_eq!(body["schema"]["$ref"], "#/components/schemas/Rules");
    assert_eq!(schemas["Rules"]["required"], json!(games));
    // One alternative per game, each with the game's own fields.
    let tag = |s: &Value, t: &str| s["properties"][t]["enum"][0].clone();
    let variants: Vec<Value> =
        schemas["Game"]["oneOf"].as_array().unwrap().iter().map(|s| tag(s, "variant")).collect();
    assert_eq!(variants, games, "a set-up's variant");
    let entries = schemas["DealInput"]["oneOf"].as_array().unwrap();
    let kinds: Vec<Value> = entries.iter().map(|s| tag(s, "kind")).collect();
    let mut all = games.clone();
    all.extend([json!("thrown_in"), json!("redeal")]);
    assert_eq!(kinds, all, "a sheet entry's kind");
    for (g, entry) in games.iter().zip(entries) {
        let fields = entry["properties"].as_object().unwrap();
        assert!(fields.len() > 1, "{g}: its fields besides kind: {entry}");
    }
    for (g, game) in games.iter().zip(schemas["Game"]["oneOf"].as_array().unwrap()) {
        let options = game["properties"]["options"]["properties"].as_object().unwrap();
        let keys: Vec<&str> = options.keys().map(String::as_str).collect();
        let mut listed: Vec<&str> = rules[g.as_str().unwrap()]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["key"].as_str().unwrap())
            .collect();
        listed.sort();
        assert_eq!(keys, listed, "{g}: its house rules");
    }
    for src in [
        include_str!("../src/doc.rs"),
        include_str!("../src/doc/games.rs"),
        include_str!("../src/rules.rs"),
    ] {
        for g in &games {
            assert!(!src.contains(&format!("\"{}\"", g.as_str().unwrap())), "the code names {g}");
        }
    }
}
