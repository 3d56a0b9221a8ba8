//! Recomputing a 300-deal score sheet from its entries (target: under
//! 1 ms), and adding one deal to a 300- and a 5,000-deal sheet (the sheet
//! is copied outside the timing; adding derives one row). Each iteration
//! asserts the totals it computed.
#![allow(missing_docs)] // criterion_group! generates an undocumented fn

use belot_core::Seat;
use belot_core::french::FrenchOptions;
use belot_core::{Game, Half};
use belot_score::{Change, DealInput, Setup, Sheet};
use criterion::{BatchSize, Criterion, black_box, criterion_group, criterion_main};

fn sheet_of(n: u32) -> Sheet {
    let setup = Setup {
        name: "bench".into(),
        players: ["A", "B", "C", "D"].map(String::from).to_vec(),
        first_dealer: Seat(0),
        // A target no 300 deals reach, so every row of those is scored.
        rules: Game::French(FrenchOptions { target: 100_000, ..Default::default() }),
        kept_by_table: false,
    };
    let mut s = Sheet::new(setup).unwrap();
    for k in 0..n {
        let entry = match k % 7 {
            6 => DealInput::ThrownIn,
            5 => DealInput::French(belot_core::french::FrenchInput {
                taker: Seat((k % 4) as u8),
                card_points: vec![Some(81), None],
                announcements: vec![0, 0],
                capot: None,
                belote: None,
                announced: vec![],
                trump: None,
            }),
            _ => DealInput::French(belot_core::french::FrenchInput {
                taker: Seat((k % 4) as u8),
                card_points: vec![Some(40 + (k * 13) % 80), None],
                announcements: vec![[0, 20, 50][(k % 3) as usize], 0],
                capot: None,
                belote: (k % 5 == 0).then_some(1),
                announced: vec![],
                trump: None,
            }),
        };
        s.apply(Change::Add { entry }).unwrap();
    }
    s
}

fn recompute(c: &mut Criterion) {
    let sheet = sheet_of(300);
    let expected = sheet.table().totals.clone();
    assert_eq!(sheet.table().rows.len(), 300);
    c.bench_function("sheet/recompute_300_deals", |b| {
        b.iter(|| {
            let t = black_box(&sheet).derive().unwrap();
            assert_eq!(t.totals, expected);
        })
    });
    for n in [300, 5000] {
        add_to(c, n);
    }
}

/// Adding one deal to an `n`-deal sheet.
fn add_to(c: &mut Criterion, n: u32) {
    let sheet = sheet_of(n);
    let before = sheet.table().totals.clone();
    let entry = DealInput::French(belot_core::french::FrenchInput {
        taker: Seat(1),
        card_points: vec![None, Some(100)],
        announcements: vec![0, 0],
        capot: None,
        belote: None,
        announced: vec![],
        trump: None,
    });
    // The answer, once, outside the timing (100 and any held points, or
    // nothing once the 5,000-deal game is won: the row is still derived).
    let mut once = sheet.clone();
    once.apply(Change::Add { entry: entry.clone() }).unwrap();
    let after = once.table().totals.clone();
    assert_eq!(once.table().rows.len(), n as usize + 1);
    assert!(after[1] >= before[1] + Half::points(100) || once.table().winner.is_some());
    c.bench_function(&format!("sheet/add_to_{n}_deals"), |b| {
        b.iter_batched(
            || sheet.clone(),
            |mut s| {
                s.apply(Change::Add { entry: entry.clone() }).unwrap();
                assert_eq!(s.table().totals, after);
                s
            },
            BatchSize::LargeInput,
        )
    });
}

criterion_group!(benches, recompute);
criterion_main!(benches);
