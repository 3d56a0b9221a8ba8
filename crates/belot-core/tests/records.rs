//! Game records' JSON form: the game named by `variant` types its
//! `options`, read in any field order, missing keys taking defaults.

use belot_core::french::{FrenchMatch, FrenchOptions};
use belot_core::{Game, MatchRecord, Seat};
use serde_json::{Value, json};

/// A short French record: one deal played to its end by the first legal
/// action each time, target 500.
fn record() -> MatchRecord {
    let options = FrenchOptions { target: 500, ..FrenchOptions::default() };
    let mut m = FrenchMatch::from_seed(options, Seat(1), 7).unwrap();
    while let Some(s) = m.current().to_act() {
        let a = m.current().legal_actions()[0].clone();
        m.apply(s, &a).unwrap();
    }
    m.record()
}

fn read(v: Value) -> Result<MatchRecord, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

#[test]
fn records_write_the_variant_then_its_options_and_read_back() {
    let r = record();
    let text = serde_json::to_string(&r).unwrap();
    assert!(
        text.starts_with(r#"{"format":"belot-record","version":1,"variant":"french","options":{"#)
    );
    assert!(text.contains(r#""target":500"#), "{text}");
    assert_eq!(serde_json::from_str::<MatchRecord>(&text).unwrap(), r);
    assert!(FrenchMatch::from_record(&r).is_ok());
}

#[test]
fn records_read_options_before_the_variant_and_fill_missing_keys() {
    let r = record();
    let mut v = serde_json::to_value(&r).unwrap();
    v["options"] = json!({"target": 500});
    // serde_json's map keeps keys sorted: "options" comes before "variant".
    let text = v.to_string();
    assert!(text.find("\"options\"") < text.find("\"variant\""), "{text}");
    assert_eq!(read(v.clone()).unwrap(), r);
    v.as_object_mut().unwrap().remove("options");
    let defaults = read(v).unwrap();
    assert_eq!(defaults.game, Game::French(FrenchOptions::default()));
}

#[test]
fn records_refuse_options_that_are_not_the_games_house_rules() {
    let v = serde_json::to_value(record()).unwrap();
    let with = |options: Value| {
        let mut v = v.clone();
        v["options"] = options;
        read(v).unwrap_err()
    };
    let e = with(json!({"targte": 500}));
    assert!(e.contains("options: unknown field `targte`"), "{e}");
    let e = with(json!({"target": "many"}));
    assert!(e.contains("options: invalid type: string \"many\""), "{e}");
    let e = with(json!({"litige": 3}));
    assert!(e.contains("options: expected one of"), "{e}");
    let e = with(json!({"target": {"deep": [1, 2]}}));
    assert!(e.contains("a number, a word, true or false"), "{e}");
    let many: serde_json::Map<String, Value> =
        (0..65).map(|i| (format!("k{i}"), json!(1))).collect();
    let e = with(Value::Object(many));
    assert!(e.contains("at most 64"), "{e}");
    let e = with(json!(null));
    assert!(e.contains("expected an object of house rules"), "{e}");
    // The same options under another game's name are that game's.
    let mut two = v.clone();
    two["variant"] = json!("two_player");
    two["options"] = json!({"litige": "hold"});
    assert!(read(two).unwrap_err().contains("unknown field `litige`"));
}
