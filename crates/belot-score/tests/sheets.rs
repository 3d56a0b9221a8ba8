//! Score-keeping sessions for each variant: add, edit, delete, restore,
//! undo, redo, with every derived figure checked; validation; and
//! property tests of the history.

use belot_core::Game;
use belot_core::Seat;
use belot_core::french::{Announced, FrenchInput, FrenchOptions, LitigeMode};
use belot_score::{Change, DealInput, Setup, Sheet};
use proptest::prelude::*;

/// A set-up named `name` for `players`, seat `dealer` dealing first, by
/// `rules`; not kept by a card table.
fn setup_of(name: &str, players: &[&str], dealer: u8, rules: Game) -> Setup {
    let players = players.iter().map(|p| p.to_string()).collect();
    Setup { name: name.into(), players, first_dealer: Seat(dealer), rules, kept_by_table: false }
}

fn french_setup() -> Setup {
    let players = ["Ana", "Boris", "Chloé", "Dimitar"];
    setup_of("table 1", &players, 3, Game::French(FrenchOptions::default()))
}

fn fr(
    taker: u8,
    pts: [Option<u32>; 2],
    ann: [u32; 2],
    capot: Option<u8>,
    belote: Option<u8>,
) -> DealInput {
    DealInput::French(FrenchInput {
        taker: Seat(taker),
        card_points: pts.to_vec(),
        announcements: ann.to_vec(),
        capot,
        belote,
        announced: vec![],
        trump: None,
    })
}

/// A French entry: seat 0's side took trump and 100 card points; the
/// melds `announced` for the app's contests, no announcements in points.
fn with_melds(announced: Vec<Announced>, trump: Option<belot_core::Suit>) -> DealInput {
    match fr(0, [Some(100), None], [0, 0], None, None) {
        DealInput::French(input) => {
            DealInput::French(FrenchInput { announcements: vec![], announced, trump, ..input })
        }
        _ => unreachable!("fr makes a French entry"),
    }
}

fn add(s: &mut Sheet, e: DealInput) {
    s.apply(Change::Add { entry: e }).unwrap();
}

#[test]
fn french_session_add_edit_delete_restore_undo_redo() {
    let mut s = Sheet::new(french_setup()).unwrap();
    assert_eq!(s.table().next_dealer, Seat(3));
    // Deal 1: Boris (side 1) takes, his side 100 + 20 belote; made.
    add(&mut s, fr(1, [None, Some(100)], [0, 0], None, Some(1)));
    assert_eq!(s.table().rows[0].recorded, vec![62.0, 120.0]);
    assert_eq!(s.table().rows[0].dealer, Seat(3));
    // Deal 2: Ana (side 0) takes with 81 against 81: litige, 81 held.
    add(&mut s, fr(0, [Some(81), None], [0, 0], None, None));
    assert_eq!(s.table().rows[1].score.as_ref().unwrap().outcome, "litige");
    assert_eq!(s.table().pool, 81.0);
    // Deal 3: thrown in: dealer moves, pool untouched.
    add(&mut s, DealInput::ThrownIn);
    assert_eq!(s.table().pool, 81.0);
    assert_eq!(s.table().rows[2].dealer, Seat(1));
    // Deal 4: side 1 takes and goes dedans: side 0 gets 162 + 50 + the pool.
    add(&mut s, fr(3, [Some(120), None], [50, 0], None, None));
    let r = &s.table().rows[3];
    assert_eq!(r.score.as_ref().unwrap().outcome, "dedans");
    assert_eq!(r.recorded, vec![162.0 + 50.0 + 81.0, 0.0]);
    assert_eq!(s.table().totals, vec![62.0 + 293.0, 120.0 + 81.0]);
    assert_eq!(s.table().next_dealer, Seat(3));
    // Edit deal 2 into a made deal: the pool disappears everywhere after.
    let id2 = s.table().rows[1].id;
    s.apply(Change::Edit { id: id2, entry: fr(0, [Some(100), None], [0, 0], None, None) }).unwrap();
    assert_eq!(s.table().pool, 0.0);
    assert_eq!(s.table().rows[3].recorded, vec![212.0, 0.0]);
    // Delete deal 3: later dealers shift by one seat.
    let id3 = s.table().rows[2].id;
    s.apply(Change::Delete { id: id3 }).unwrap();
    assert_eq!(s.table().rows.len(), 3);
    assert_eq!(s.table().rows[2].dealer, Seat(1));
    // Restore it.
    s.apply(Change::Restore { id: id3 }).unwrap();
    assert_eq!(s.table().rows.len(), 4);
    assert_eq!(s.table().rows[3].dealer, Seat(2));
    // Undo the restore, the delete, the edit: back to the litige.
    s.apply(Change::Undo).unwrap();
    s.apply(Change::Undo).unwrap();
    s.apply(Change::Undo).unwrap();
    assert_eq!(s.table().rows[1].score.as_ref().unwrap().outcome, "litige");
    assert_eq!(s.table().totals, vec![62.0 + 293.0, 120.0 + 81.0]);
    // Redo the edit.
    s.apply(Change::Redo).unwrap();
    assert_eq!(s.table().pool, 0.0);
    // Every change is in the history, undo and redo included.
    assert_eq!(s.history().len(), 11);
    // Rebuilding from the history gives the same sheet.
    let again = Sheet::from_history(french_setup(), s.history()).unwrap();
    assert_eq!(again.table(), s.table());
}

/// Seed 002 §11: "↶, to cancel the last one": ↶ takes back the last deal,
/// not the last change (rules reference §5.6); repeated, it keeps taking
/// back from the end; ↷ puts the deal back; the taking back is itself a
/// change that undo can revert.
#[test]
fn french_seed002_s11_undo_takes_back_the_last_deal() {
    let mut s = Sheet::new(french_setup()).unwrap();
    for p in [100, 90, 80] {
        add(&mut s, fr(1, [None, Some(p)], [0, 0], None, None));
    }
    let id2 = s.table().rows[1].id;
    s.apply(Change::Edit { id: id2, entry: fr(0, [Some(120), None], [0, 0], None, None) }).unwrap();
    let edited = s.table().rows[1].clone();
    // ↶ takes back deal 3, not the edit of deal 2.
    let touched = s.apply(Change::TakeBack).unwrap();
    assert_eq!((touched.rows_from, touched.items_from), (2, 2));
    assert_eq!(s.table().rows.len(), 2);
    assert_eq!(s.table().rows[1], edited);
    // Again: deal 2 (with its edit) goes too.
    s.apply(Change::TakeBack).unwrap();
    assert_eq!(s.table().rows.len(), 1);
    assert!(s.can_put_back());
    // ↷ puts back deal 2 as it was, then deal 3.
    s.apply(Change::PutBack).unwrap();
    assert_eq!(s.table().rows[1], edited);
    s.apply(Change::PutBack).unwrap();
    assert_eq!(s.table().rows.len(), 3);
    assert!(s.apply(Change::PutBack).unwrap_err().contains("no deal was taken back"));
    // A new deal after ↶ ends what ↷ can put back.
    s.apply(Change::TakeBack).unwrap();
    add(&mut s, fr(1, [None, Some(70)], [0, 0], None, None));
    assert!(!s.can_put_back());
    assert_eq!(s.table().rows.len(), 3);
    // Undo (of any change) still reverts a taking back.
    s.apply(Change::TakeBack).unwrap();
    s.apply(Change::Undo).unwrap();
    assert_eq!(s.table().rows.len(), 3);
    // Deleted deals are skipped: ↶ takes the last one that counts.
    let last = s.table().rows[2].id;
    s.apply(Change::Delete { id: last }).unwrap();
    s.apply(Change::TakeBack).unwrap();
    assert_eq!(s.table().rows.len(), 1);
    let again = Sheet::from_history(french_setup(), s.history()).unwrap();
    assert_eq!(again.table(), s.table());
    let mut empty = Sheet::new(french_setup()).unwrap();
    assert!(empty.apply(Change::TakeBack).unwrap_err().contains("no deal to take back"));
}

/// Issue 19: the "changes" view reverts any change, as a new change
/// (undoable itself), on the sheet as it is now.
#[test]
fn changes_view_reverts_any_change_as_a_new_change() {
    let mut s = Sheet::new(french_setup()).unwrap();
    for p in [100, 90, 80] {
        add(&mut s, fr(1, [None, Some(p)], [0, 0], None, None));
    }
    let (id1, id2) = (s.table().rows[0].id, s.table().rows[1].id);
    let before = s.table().clone();
    s.apply(Change::Edit { id: id2, entry: fr(0, [Some(120), None], [0, 0], None, None) }).unwrap();
    s.apply(Change::Delete { id: id1 }).unwrap();
    assert_eq!(s.touched(4), Some(id2));
    // Change 4 (the edit) reverted, though change 5 came after it.
    let touched = s.apply(Change::Revert { change: 4 }).unwrap();
    assert_eq!(touched.items_from, 1);
    assert_eq!(s.table().rows[0], {
        let mut r = before.rows[1].clone();
        r.number = 1;
        r.dealer = s.table().rows[0].dealer;
        r.totals = s.table().rows[0].totals.clone();
        r
    });
    // Reverting the same change again means nothing now.
    assert!(!s.can_revert(4));
    assert_eq!(s.apply(Change::Revert { change: 4 }).unwrap_err().code, "cannot_revert");
    // Change 5 (the delete) reverted: deal 1 is back; the table is the
    // one before the edit and the delete.
    s.apply(Change::Revert { change: 5 }).unwrap();
    assert_eq!(s.table(), &before);
    // Reverting an addition deletes the deal (it can be restored).
    s.apply(Change::Revert { change: 3 }).unwrap();
    assert_eq!(s.table().rows.len(), 2);
    assert!(s.items()[2].deleted);
    // A revert is a change like any other: undone, and reverted itself.
    s.apply(Change::Undo).unwrap();
    assert_eq!(s.table(), &before);
    assert!(!s.can_revert(8), "the deletion was undone already");
    s.apply(Change::Revert { change: 9 }).unwrap();
    assert_eq!(s.table().rows.len(), 2);
    s.apply(Change::Revert { change: 10 }).unwrap();
    assert_eq!(s.table(), &before);
    // An undone change, reverted, is done again.
    s.apply(Change::TakeBack).unwrap();
    s.apply(Change::Undo).unwrap();
    assert_eq!(s.table(), &before);
    s.apply(Change::Revert { change: 13 }).unwrap();
    assert_eq!(s.table().rows.len(), 2);
    let e = s.apply(Change::Revert { change: 99 }).unwrap_err();
    assert_eq!((e.code, e.params["change"].as_u64()), ("no_such_change", Some(99)));
    assert!(s.apply(Change::Revert { change: 0 }).is_err());
    // The history replays to the same sheet.
    let again = Sheet::from_history(french_setup(), s.history()).unwrap();
    assert_eq!(again.table(), s.table());
}

#[test]
fn refused_entries_say_why_and_change_nothing() {
    let mut s = Sheet::new(french_setup()).unwrap();
    add(&mut s, fr(1, [None, Some(100)], [0, 0], None, None));
    let before = s.clone();
    let cases = [
        (fr(1, [None, Some(1)], [0, 0], None, None), "never 1"),
        (fr(1, [Some(161), None], [0, 0], None, None), "never 1 or 161"),
        (fr(1, [None, Some(170)], [0, 0], None, None), "0 to 162"),
        // Huge numbers are refused before any sum could overflow.
        (fr(1, [Some(u32::MAX), Some(100)], [0, 0], None, None), "0 to 162"),
        (fr(1, [None, Some(100)], [u32::MAX, 0], None, None), "not 10 or 30"),
        (fr(1, [Some(100), Some(50)], [0, 0], None, None), "add up to 162"),
        (fr(1, [None, Some(100)], [30, 0], None, None), "not 10 or 30"),
        (fr(1, [None, Some(100)], [25, 0], None, None), "cannot be made"),
        (fr(7, [None, Some(100)], [0, 0], None, None), "seats are 0 to 3"),
        (fr(1, [Some(20), None], [0, 0], Some(1), None), "took no card points"),
        (fr(1, [None, Some(100)], [0, 0], None, Some(2)), "sides are 0 to 1"),
        (DealInput::Redeal, "only in two-player"),
    ];
    for (e, msg) in cases {
        let err = s.apply(Change::Add { entry: e.clone() }).unwrap_err();
        assert!(err.contains(msg), "{e:?}: {err}");
        assert_eq!(s, before, "nothing stored");
    }
    assert!(
        s.apply(Change::Edit { id: 99, entry: DealInput::ThrownIn })
            .unwrap_err()
            .contains("no deal #99")
    );
    assert!(s.apply(Change::Redo).unwrap_err().contains("nothing to redo"));
    assert_eq!(s, before);
    let bad = Setup { players: vec!["A".into()], ..french_setup() };
    assert!(Sheet::new(bad).unwrap_err().contains("needs 4 player names"));
    let bad = Setup { players: ["A", "", "C", "D"].map(String::from).to_vec(), ..french_setup() };
    assert!(Sheet::new(bad).unwrap_err().contains("1 to 40 characters"));
}

#[test]
fn a_change_that_ends_the_game_earlier_keeps_later_deals_as_after_the_end() {
    let setup = Setup {
        rules: Game::French(FrenchOptions { target: 500, ..Default::default() }),
        ..french_setup()
    };
    let mut s = Sheet::new(setup).unwrap();
    for _ in 0..4 {
        add(&mut s, fr(0, [Some(130), None], [0, 0], None, None));
    }
    assert_eq!(s.table().winner, Some(0));
    assert!(s.table().rows.iter().all(|r| r.counted));
    // Edit deal 1 to a capot with 200 announced: 452, and 582 after deal 2.
    let id = s.table().rows[0].id;
    s.apply(Change::Edit { id, entry: fr(0, [None, None], [200, 0], Some(0), None) }).unwrap();
    let rows = &s.table().rows;
    assert_eq!(rows.len(), 4, "later deals are kept");
    assert!(
        rows[1].counted && !rows[2].counted && !rows[3].counted,
        "deals 3 and 4 are after the end"
    );
    assert_eq!(s.table().totals[0], 452.0 + 130.0);
    assert_eq!(s.table().winner, Some(0));
    // Undo re-opens the game as it was.
    s.apply(Change::Undo).unwrap();
    assert!(s.table().rows.iter().all(|r| r.counted));
    // Litige option from the set-up is used.
    let setup = Setup {
        rules: Game::French(FrenchOptions {
            litige: LitigeMode::TieIsDedans,
            ..Default::default()
        }),
        ..french_setup()
    };
    let mut s = Sheet::new(setup).unwrap();
    add(&mut s, fr(0, [Some(81), None], [0, 0], None, None));
    assert_eq!(s.table().totals, vec![0.0, 162.0]);
}

#[test]
fn two_player_session() {
    let setup = setup_of("", &["Ivan", "Olena"], 0, Game::TwoPlayer(Default::default()));
    let mut s = Sheet::new(setup).unwrap();
    let two = |contract: &str, loader: Option<u8>, pts: [u32; 2]| {
        DealInput::TwoPlayer(belot_core::two_player::TwoInput {
            contract: contract.parse().unwrap(),
            raspasy: loader.is_none(),
            loader: loader.map(Seat),
            card_points: pts,
            constructions: [0, 0],
            belas: [0, 0],
            took_trick: None,
        })
    };
    add(&mut s, two("H", Some(1), [40, 90]));
    add(&mut s, two("NT", Some(0), [60, 40]));
    assert_eq!(s.table().rows[1].recorded, vec![120.0, 80.0], "БК doubles");
    add(&mut s, two("S", None, [70, 60]));
    assert_eq!(s.table().rows[2].recorded, vec![-70.0, -60.0], "распасы");
    add(&mut s, DealInput::Redeal);
    assert_eq!(s.table().rows[3].dealer, s.table().rows[2].dealer.next(2).next(2).next(2));
    assert_eq!(s.table().totals, vec![40.0 + 120.0 - 70.0, 90.0 + 80.0 - 60.0]);
    let e = s.apply(Change::Add { entry: two("AT", Some(0), [200, 60]) }).unwrap_err();
    assert!(e.contains("10 to 238"), "{e}");
}

/// Three players A, B, C, C dealing first, the default house rules.
fn three_setup() -> Setup {
    setup_of("", &["A", "B", "C"], 2, Game::ThreePlayer(Default::default()))
}

#[test]
fn three_player_session() {
    let mut s = Sheet::new(three_setup()).unwrap();
    let three = |d: u8, pts: [u32; 3], last: u8| {
        DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
            declarer: Seat(d),
            card_points: pts,
            last_trick: Some(Seat(last)),
            capo: vec![],
            combinations: [0; 3],
            belots: [0; 3],
        })
    };
    // Declarer 0 fails with 41 against 62: split 20/21.
    add(&mut s, three(0, [41, 62, 59], 1));
    assert_eq!(s.table().rows[0].score.as_ref().unwrap().outcome, "failed");
    assert_eq!(s.table().rows[0].recorded, vec![0.0, 62.0 + 21.0, 59.0 + 20.0]);
    // The top scorer deals next.
    assert_eq!(s.table().next_dealer, Seat(1));
    let e = s.apply(Change::Add { entry: three(0, [100, 62, 59], 0) }).unwrap_err();
    assert!(e.contains("at most 162"), "{e}");
    let e = s.apply(Change::Add { entry: three(0, [41, 62, 5], 2) }).unwrap_err();
    assert!(e.contains("at least its 10 points"), "{e}");
}

/// Three players: who took the last trick is asked only with a capo.
/// Without one its 10 is in his points and the deal scores the same
/// whoever took it, so the form need not ask (issue 44).
#[test]
fn three_player_last_trick_is_needed_only_with_a_capo() {
    let setup = three_setup();
    let three = |last: Option<u8>, capo: Vec<Seat>| {
        DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
            declarer: Seat(0),
            card_points: [41, 62, 59],
            last_trick: last.map(Seat),
            capo,
            combinations: [0; 3],
            belots: [0; 3],
        })
    };
    let recorded = |entry: DealInput| {
        let mut s = Sheet::new(setup.clone()).unwrap();
        add(&mut s, entry);
        (s.table().rows[0].recorded.clone(), s.table().next_dealer)
    };
    let unsaid = recorded(three(None, vec![]));
    for last in 0..3 {
        assert_eq!(recorded(three(Some(last), vec![])), unsaid, "last trick {last}");
    }
    let mut s = Sheet::new(setup.clone()).unwrap();
    let e = s.apply(Change::Add { entry: three(None, vec![Seat(2)]) }).unwrap_err();
    assert_eq!(e.code, "last_trick_needed");
    let tiny = DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
        declarer: Seat(0),
        card_points: [4, 3, 3],
        last_trick: None,
        capo: vec![],
        combinations: [0; 3],
        belots: [0; 3],
    });
    let e = s.apply(Change::Add { entry: tiny }).unwrap_err();
    assert_eq!(e.code, "no_last_trick_points");
    assert!(s.table().rows.is_empty(), "a refusal changes nothing");
}

fn any_entry() -> impl Strategy<Value = DealInput> {
    prop_oneof![
        (0..4u8, 0..=162u32, prop_oneof![Just(0u32), Just(20), Just(50), Just(100)], any::<bool>())
            .prop_map(|(t, p, a, b)| fr(t, [Some(p), None], [a, 0], None, b.then_some(t & 1))),
        Just(DealInput::ThrownIn),
        (0..4u8, 0..2u8).prop_map(|(t, c)| fr(t, [None, None], [0, 0], Some(c), None)),
    ]
}

fn any_change() -> impl Strategy<Value = Change> {
    change_of(any_entry, 4, 12)
}

/// A random change: an add (weighted `add_weight`) or an edit of an
/// entry from `entries`, a delete or restore of a deal id below `ids`, an
/// undo, redo, take-back, put-back or revert.
fn change_of<S: Strategy<Value = DealInput> + 'static>(
    entries: impl Fn() -> S,
    add_weight: u32,
    ids: u32,
) -> impl Strategy<Value = Change> {
    prop_oneof![
        add_weight => entries().prop_map(|entry| Change::Add { entry }),
        2 => (1..ids, entries()).prop_map(|(id, entry)| Change::Edit { id, entry }),
        1 => (1..ids).prop_map(|id| Change::Delete { id }),
        1 => (1..ids).prop_map(|id| Change::Restore { id }),
        2 => Just(Change::Undo),
        1 => Just(Change::Redo),
        2 => Just(Change::TakeBack),
        1 => Just(Change::PutBack),
        2 => (0..32u32).prop_map(|change| Change::Revert { change }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any sequence of accepted changes followed by as many undos returns
    /// the original sheet; recomputing from the history equals the
    /// incremental result.
    #[test]
    fn undo_everything_returns_the_original_and_history_replays(changes in prop::collection::vec(any_change(), 0..30)) {
        let empty = Sheet::new(french_setup()).unwrap();
        let mut s = empty.clone();
        let mut accepted = 0;
        for c in changes {
            if s.apply(c).is_ok() {
                accepted += 1;
            }
        }
        prop_assert_eq!(s.history().len(), accepted);
        let replayed = Sheet::from_history(french_setup(), s.history()).unwrap();
        prop_assert_eq!(replayed.table(), s.table());
        let checked = Sheet::from_history_checked(french_setup(), s.history()).unwrap();
        prop_assert_eq!(checked.table(), s.table());
        prop_assert_eq!(s.table(), &s.derive().unwrap());
        while s.can_undo() {
            s.apply(Change::Undo).unwrap();
        }
        prop_assert_eq!(s.table(), empty.table());
    }
}

#[test]
fn french_announced_melds_the_app_runs_the_contests() {
    use belot_core::meld::Meld;
    let m = |seat: u8, cards: &str| Announced {
        seat: Seat(seat),
        meld: Meld::from_cards(belot_core::parse_cards(cards).unwrap().into_iter().collect())
            .unwrap(),
    };
    let mut s = Sheet::new(french_setup()).unwrap();
    let entry = with_melds;
    let melds = vec![m(0, "AH KH QH"), m(1, "KD QD JD TD"), m(2, "9S 9H 9D 9C"), m(3, "AC KC QC")];
    // Separate contests (seed 002 §5): side 1's quarte wins the sequences
    // (50 + its tierce 20), side 0's carré of nines wins the carrés (150).
    add(&mut s, entry(melds.clone(), Some(belot_core::Suit::Hearts)));
    assert_eq!(s.table().rows[0].recorded, vec![100.0 + 150.0, 62.0 + 70.0]);
    let e = s.apply(Change::Add { entry: entry(melds.clone(), None) }).unwrap_err();
    assert!(e.contains("trump suit"), "{e}");
    let clash = vec![m(0, "AH KH QH"), m(1, "KH QH JH")];
    let e =
        s.apply(Change::Add { entry: entry(clash, Some(belot_core::Suit::Spades)) }).unwrap_err();
    assert!(e.contains("announced by two players"), "{e}");
}

#[test]
fn csv_export_defuses_spreadsheet_formulas_in_names() {
    let setup = belot_score::Setup {
        name: "t".into(),
        players: ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)"].map(String::from).to_vec(),
        first_dealer: belot_core::Seat(0),
        rules: Game::French(Default::default()),
        kept_by_table: false,
    };
    let mut sheet = belot_score::Sheet::new(setup).unwrap();
    add(&mut sheet, fr(0, [Some(100), None], [0, 0], None, None));
    let csv = belot_score::csv(&sheet);
    assert!(csv.contains("'=HYPERLINK"), "{csv}");
    for line in csv.lines() {
        for field in line.split(',') {
            let f = field.trim_start_matches('"');
            assert!(!f.starts_with(['=', '+', '-', '@']), "formula left live: {field} in {csv}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// No panic on user input: any numbers typed into any variant's deal
    /// form give a result or a clear refusal, and a refusal changes nothing.
    #[test]
    fn any_numbers_in_any_variant_never_panic(
        pts in prop::array::uniform3(any::<u32>()),
        extra in prop::array::uniform3(any::<u32>()),
        seat in any::<u8>(),
        flag in any::<bool>(),
    ) {
        let small = |x: u32| if flag { x } else { x % 300 };
        let cases = [
            (Game::French(Default::default()), 4, fr(seat % 5, [Some(small(pts[0])), Some(small(pts[1]))], [small(extra[0]), small(extra[1])], flag.then_some(seat % 3), (!flag).then_some(seat % 3))),
            (Game::TwoPlayer(Default::default()), 2, DealInput::TwoPlayer(belot_core::two_player::TwoInput {
                contract: "H".parse().unwrap(),
                raspasy: flag,
                loader: (!flag).then_some(Seat(seat % 3)),
                card_points: [small(pts[0]), small(pts[1])],
                constructions: [small(extra[0]), small(extra[1])],
                belas: [extra[2] as u8, 0],
                took_trick: flag.then_some([seat % 2 == 0, seat % 3 == 0]),
            })),
            (Game::ThreePlayer(Default::default()), 3, DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
                declarer: Seat(seat % 4),
                card_points: pts.map(small),
                last_trick: Some(Seat(seat % 3)),
                capo: if flag { vec![Seat(seat % 3)] } else { vec![] },
                combinations: extra.map(small),
                belots: [extra[0] as u8, 0, 0],
            })),
        ];
        for (rules, n, entry) in cases {
            let setup = Setup {
                name: String::new(),
                players: (0..n).map(|i| format!("P{i}")).collect(),
                first_dealer: Seat(0),
                rules, kept_by_table: false };
            let mut s = Sheet::new(setup).unwrap();
            let before = s.clone();
            if let Err(e) = s.apply(Change::Add { entry }) {
                prop_assert_eq!(&s, &before);
                // Every refusal has a code the web page has words for.
                prop_assert!(belot_score::CODES.contains(&e.code), "{}", e.code);
            }
        }
    }
}

/// Every variant's set-up, with low targets so random games end and rows
/// after the end appear.
fn variant_setup(v: usize) -> Setup {
    let (players, rules) = match v {
        0 => (4, Game::French(FrenchOptions { target: 300, ..Default::default() })),
        1 => (3, Game::French(FrenchOptions { players: 3, target: 300, ..Default::default() })),
        2 => (2, Game::French(FrenchOptions { players: 2, target: 300, ..Default::default() })),
        3 => {
            let options = belot_core::two_player::TwoOptions { target: 200, ..Default::default() };
            (2, Game::TwoPlayer(options))
        }
        _ => {
            let options =
                belot_core::three_player::ThreeOptions { target: 150, ..Default::default() };
            (3, Game::ThreePlayer(options))
        }
    };
    Setup {
        name: format!("variant {v}"),
        players: (0..players).map(|i| format!("P{i}")).collect(),
        first_dealer: Seat(1),
        rules,
        kept_by_table: false,
    }
}

/// Entries for variant `v` (see `variant_setup`), mostly valid, with now
/// and then a thrown-in deal, a redeal or another variant's entry (those
/// are refused where they do not belong).
fn variant_entry(v: usize) -> BoxedStrategy<DealInput> {
    let own = match v {
        0 => any_entry().boxed(),
        1 => (0..3u8, 0..=162u32, 0..=80u32, any::<bool>())
            .prop_map(|(t, a, b, bel)| {
                DealInput::French(belot_core::french::FrenchInput {
                    taker: Seat(t),
                    card_points: vec![Some(a), Some(b.min(162 - a)), None],
                    announcements: vec![],
                    capot: None,
                    belote: bel.then_some(t),
                    announced: vec![],
                    trump: None,
                })
            })
            .boxed(),
        2 => (0..2u8, 0..=100u32, 10..=56u32)
            .prop_map(|(t, a, b)| {
                DealInput::French(belot_core::french::FrenchInput {
                    taker: Seat(t),
                    card_points: vec![Some(a), Some(b)],
                    announcements: vec![],
                    capot: None,
                    belote: None,
                    announced: vec![],
                    trump: None,
                })
            })
            .boxed(),
        3 => (0..4usize, any::<bool>(), 0..2u8, 0..=120u32, 10..=110u32, 0..2u8)
            .prop_map(|(c, rasp, l, a, b, bela)| {
                DealInput::TwoPlayer(belot_core::two_player::TwoInput {
                    contract: ["S", "H", "NT", "AT"][c].parse().unwrap(),
                    raspasy: rasp,
                    loader: (!rasp).then_some(Seat(l)),
                    card_points: [a, b],
                    constructions: [if a > b { 20 } else { 0 }, 0],
                    belas: [if c == 2 { 0 } else { bela }, 0],
                    took_trick: None,
                })
            })
            .boxed(),
        _ => (0..3u8, 10..=80u32, 0..=50u32, 0..=30u32, 0..3u8, any::<bool>())
            .prop_map(|(d, a, b, c, last, comb)| {
                let mut pts = [b, c, 0];
                pts.rotate_left(last as usize);
                pts[last as usize] = a;
                DealInput::ThreePlayer(belot_core::three_player::ThreeInput {
                    declarer: Seat(d),
                    card_points: pts,
                    last_trick: Some(Seat(last)),
                    capo: vec![],
                    combinations: [if comb { 50 } else { 0 }, 0, 0],
                    belots: [0; 3],
                })
            })
            .boxed(),
    };
    prop_oneof![
        12 => own,
        1 => Just(DealInput::ThrownIn),
        1 => Just(DealInput::Redeal),
        1 => any_entry(),
    ]
    .boxed()
}

fn variant_change(v: usize) -> impl Strategy<Value = Change> {
    change_of(move || variant_entry(v), 5, 20)
}

/// A variant and random changes for it.
fn variant_session() -> impl Strategy<Value = (usize, Vec<Change>)> {
    (0..5usize).prop_flat_map(|v| (Just(v), prop::collection::vec(variant_change(v), 0..50)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Incremental derivation, every variant: after each random add, edit,
    /// delete, restore, undo or redo the table equals the full
    /// recomputation (`derive`); what `apply` says it touched is right
    /// (rows before `rows_from` and items before `items_from` are as they
    /// were; an added deal touches only its own row); a refused change
    /// leaves the sheet exactly as it was; the history replays, checked and
    /// unchecked, to the same sheet.
    #[test]
    fn incremental_table_equals_full_derivation_in_every_variant(
        (v, changes) in variant_session(),
    ) {
        let mut s = Sheet::new(variant_setup(v)).unwrap();
        for c in changes {
            let before = s.clone();
            match s.apply(c.clone()) {
                Ok(a) => {
                    let (rows, old_rows) = (&s.table().rows, &before.table().rows);
                    prop_assert!(a.rows_from <= rows.len().min(old_rows.len()));
                    prop_assert!(a.items_from <= s.items().len().min(before.items().len()));
                    prop_assert_eq!(&rows[..a.rows_from], &old_rows[..a.rows_from]);
                    prop_assert_eq!(&s.items()[..a.items_from], &before.items()[..a.items_from]);
                    if let Change::Add { .. } = c {
                        prop_assert_eq!(a.rows_from, old_rows.len());
                        prop_assert_eq!(a.items_from, before.items().len());
                    }
                    prop_assert_eq!(s.table(), &s.derive().unwrap());
                }
                Err(_) => prop_assert_eq!(&s, &before),
            }
        }
        let replayed = Sheet::from_history(variant_setup(v), s.history()).unwrap();
        prop_assert_eq!(&replayed, &s);
        let checked = Sheet::from_history_checked(variant_setup(v), s.history()).unwrap();
        prop_assert_eq!(&checked, &s);
    }
}

/// Incremental derivation: adding a deal to a long sheet derives one row,
/// and a checked import of 5,000 added deals is linear (it took minutes
/// when every change re-derived the whole table).
#[test]
fn import_of_5000_deals_is_linear() {
    let setup = Setup {
        rules: Game::French(FrenchOptions { target: 100_000, ..Default::default() }),
        ..french_setup()
    };
    let history: Vec<Change> = (0..5000u32)
        .map(|k| Change::Add {
            entry: match k % 5 {
                4 => DealInput::ThrownIn,
                _ => fr(
                    (k % 4) as u8,
                    [Some(40 + k % 80), None],
                    [[0, 20, 50][k as usize % 3], 0],
                    None,
                    None,
                ),
            },
        })
        .collect();
    let t = std::time::Instant::now();
    let s = Sheet::from_history_checked(setup.clone(), &history).unwrap();
    let took = t.elapsed();
    assert_eq!(s.table().rows.len(), 5000);
    assert!(took < std::time::Duration::from_secs(2), "5,000 checked changes took {took:?}");
    let t = std::time::Instant::now();
    let again = Sheet::from_history(setup, &history).unwrap();
    assert!(t.elapsed() < std::time::Duration::from_secs(2), "replay took {:?}", t.elapsed());
    assert_eq!(again, s);
    assert_eq!(s.table(), &s.derive().unwrap());
}

/// Names are stored trimmed, and the length rule applies to what is
/// stored ("A" and 60,000 spaces is "A").
#[test]
fn names_are_stored_trimmed() {
    let long_spaces = format!("A{}", " ".repeat(60_000));
    let setup = Setup {
        name: "  Friday  ".into(),
        players: [long_spaces.as_str(), " Boris", "Chloé\t", "Dimitar"].map(String::from).to_vec(),
        ..french_setup()
    };
    let s = Sheet::new(setup.clone()).unwrap();
    assert_eq!(s.setup().name, "Friday");
    assert_eq!(s.setup().players, ["A", "Boris", "Chloé", "Dimitar"]);
    assert_eq!(setup.normalized().unwrap(), *s.setup());
    let replayed = Sheet::from_history(s.setup().clone(), &[]).unwrap();
    assert_eq!(replayed.setup(), s.setup());
}

/// Names refuse control, invisible (format) and text-direction
/// characters, name the seat, and quote at most 40 characters back.
#[test]
fn names_refuse_control_invisible_and_bidi_characters() {
    let bad = [
        "Bo\u{202E}ris",
        "\u{200B}",
        "A\u{200B}B",
        "\u{FEFF}Ana",
        "Ana\u{2066}x",
        "soft\u{00AD}hyphen",
        "Ana\u{0007}",
        "line\u{2028}break",
        "tag\u{E0041}",
        "A\u{200D}B",
    ];
    for name in bad {
        let setup =
            Setup { players: ["Ana", name, "C", "D"].map(String::from).to_vec(), ..french_setup() };
        let e = Sheet::new(setup).unwrap_err();
        assert!(e.contains("seat 1") && e.contains("text-direction"), "{name:?}: {e}");
        let setup = Setup { name: name.into(), ..french_setup() };
        let e = Sheet::new(setup).unwrap_err();
        assert!(e.message.starts_with("game name"), "{name:?}: {e}");
    }
    // Long refused names are quoted short.
    let long = format!("{}\u{202E}", "x".repeat(10_000));
    let setup =
        Setup { players: ["Ana", "B", &long, "D"].map(String::from).to_vec(), ..french_setup() };
    let e = Sheet::new(setup).unwrap_err();
    assert!(e.contains("seat 2") && e.contains("U+202E") && e.message.len() < 250, "{e}");
    let setup = Setup {
        players: ["Ana", "B", "C", &"y".repeat(41)].map(String::from).to_vec(),
        ..french_setup()
    };
    let e = Sheet::new(setup).unwrap_err();
    assert!(
        e.contains("seat 3") && e.contains("has 41 characters") && e.message.len() < 250,
        "{e}"
    );
    // Issue 43: a game's name entered now is 40 characters at most, as
    // the docs say, for a new sheet and a set-up change; a stored sheet of
    // up to 80 (accepted before) still reads.
    let long_name = Setup { name: "g".repeat(41), ..french_setup() };
    let e = Sheet::start(long_name.clone()).unwrap_err();
    assert!(e.code == "name_length" && e.message.starts_with("game name"), "{e}");
    let mut old = Sheet::new(long_name.clone()).unwrap();
    let renamed = Setup { name: "h".repeat(60), ..french_setup() };
    assert_eq!(old.apply(Change::Setup { setup: renamed }).unwrap_err().code, "name_length");
    Sheet::start(Setup { name: "g".repeat(40), ..french_setup() }).unwrap();
    // Letters of every script, accents and emoji stay accepted.
    let ok = ["Chloé", "Димитър", "Ірина", "Ștefan", "李雷", "🂡 Ace"];
    let setup = Setup {
        players: ok[..4].iter().map(|s| s.to_string()).collect(),
        name: ok[4..].concat(),
        ..french_setup()
    };
    Sheet::new(setup).unwrap();
}

fn announced(list: &[(u8, &str)]) -> DealInput {
    use belot_core::meld::Meld;
    let announced = list
        .iter()
        .map(|&(seat, cards)| Announced {
            seat: Seat(seat),
            meld: Meld::from_cards(belot_core::parse_cards(cards).unwrap().into_iter().collect())
                .unwrap(),
        })
        .collect();
    with_melds(announced, Some(belot_core::Suit::Hearts))
}

/// A meld counts once: the same meld announced twice in a deal is
/// refused (a carré sent five times scored 1,000), and so are two melds of
/// one hand sharing a card, except one carré and one sequence under the
/// default card re-use rule; with `card_reuse: once_only` that is refused
/// too.
#[test]
fn duplicate_and_overlapping_melds_are_refused() {
    let mut s = Sheet::new(french_setup()).unwrap();
    let before = s.clone();
    let carre = "JS JH JD JC";
    let e = s.apply(Change::Add { entry: announced(&[(0, carre); 5]) }).unwrap_err();
    assert!(e.contains("announced twice") && e.contains("counts once"), "{e}");
    let e =
        s.apply(Change::Add { entry: announced(&[(1, "AS KS QS"), (1, "AS KS QS")]) }).unwrap_err();
    assert!(e.contains("announced twice"), "{e}");
    // Two sequences of one hand sharing a card.
    let e = s
        .apply(Change::Add { entry: announced(&[(1, "AS KS QS JS"), (1, "QS JS TS")]) })
        .unwrap_err();
    assert!(e.contains("never in two sequences"), "{e}");
    assert_eq!(s, before, "nothing stored");
    // One carré and one sequence may share a card (the default rule).
    s.apply(Change::Add { entry: announced(&[(0, carre), (0, "KH QH JH")]) }).unwrap();
    assert_eq!(s.table().rows[0].recorded, vec![100.0 + 200.0 + 20.0, 62.0]);
    // Each card in one meld only with `once_only`.
    let options =
        FrenchOptions { card_reuse: belot_core::meld::CardReuse::OnceOnly, ..Default::default() };
    let mut s = Sheet::new(Setup { rules: Game::French(options), ..french_setup() }).unwrap();
    let e = s.apply(Change::Add { entry: announced(&[(0, carre), (0, "KH QH JH")]) }).unwrap_err();
    assert!(e.contains("one meld only") && e.contains("[JH]"), "{e}");
}

/// `apply` says exactly where a change starts: an edit, a delete, its
/// undo and redo start at the deal's own row and item.
#[test]
fn applied_starts_at_the_changed_deal() {
    use belot_score::Applied;
    let mut s = Sheet::new(french_setup()).unwrap();
    for k in 0..10 {
        let a = s.apply(Change::Add { entry: fr(k % 4, [Some(90), None], [0, 0], None, None) });
        assert_eq!(a.unwrap(), Applied { rows_from: k as usize, items_from: k as usize });
    }
    let id = s.items()[4].id;
    s.apply(Change::Delete { id: s.items()[2].id }).unwrap();
    let edit = Change::Edit { id, entry: DealInput::ThrownIn };
    assert_eq!(s.apply(edit).unwrap(), Applied { rows_from: 3, items_from: 4 });
    assert_eq!(s.apply(Change::Undo).unwrap(), Applied { rows_from: 3, items_from: 4 });
    assert_eq!(s.apply(Change::Undo).unwrap(), Applied { rows_from: 2, items_from: 2 });
    assert_eq!(s.apply(Change::Redo).unwrap(), Applied { rows_from: 2, items_from: 2 });
    assert_eq!(s.table().rows.len(), 9);
    assert_eq!(s.apply(Change::Undo).unwrap(), Applied { rows_from: 2, items_from: 2 });
    let undo_add = s.apply(Change::Undo).unwrap();
    assert_eq!(undo_add, Applied { rows_from: 9, items_from: 9 }, "the last add undone");
    assert_eq!((s.table().rows.len(), s.items().len()), (9, 9));
}

/// Names and house rules can change after the start (issue 19): every deal
/// is scored again under the new rules, the change is in the history and
/// can be undone; the game and the number of players cannot change.
#[test]
fn names_and_house_rules_change_after_the_start() {
    let mut s = Sheet::new(french_setup()).unwrap();
    for _ in 0..4 {
        add(&mut s, fr(1, [None, Some(120)], [0, 0], None, None));
    }
    assert_eq!(s.table().winner, None, "{:?}", s.table().totals);
    let mut setup = s.setup().clone();
    setup.players[1] = "  Borislav ".into();
    let Game::French(options) = &mut setup.rules else { unreachable!() };
    options.target = 400;
    let touched = s.apply(Change::Setup { setup: setup.clone() }).unwrap();
    assert_eq!((touched.rows_from, touched.items_from), (0, 0));
    assert_eq!(s.setup().players[1], "Borislav", "stored trimmed");
    assert_eq!(s.table().winner, Some(1), "480 over the new target of 400");
    assert_eq!(s.table(), &s.derive().unwrap());
    let again = Sheet::from_history(french_setup(), s.history()).unwrap();
    assert_eq!(again.table(), s.table());
    s.apply(Change::Undo).unwrap();
    assert_eq!(s.table().winner, None);
    assert_eq!(s.setup(), &french_setup());
    let mut other = french_setup();
    other.players.pop();
    assert!(s.apply(Change::Setup { setup: other }).is_err());
    let mut two = Setup { rules: Game::TwoPlayer(Default::default()), ..french_setup() };
    two.players.truncate(2);
    two.first_dealer = Seat(0);
    let mut at_two = Sheet::new(two.clone()).unwrap();
    let back = Setup { rules: Game::ThreePlayer(Default::default()), ..two.clone() };
    assert!(at_two.apply(Change::Setup { setup: back }).is_err());
    let mut three = french_setup();
    let Game::French(options) = &mut three.rules else { unreachable!() };
    options.players = 3;
    three.players.truncate(3);
    three.first_dealer = Seat(0);
    assert!(s.apply(Change::Setup { setup: three }).unwrap_err().contains("stay as they were"));
}

/// The preview of a deal is the row adding it would make, and changes
/// nothing.
#[test]
fn a_preview_is_the_row_adding_would_make() {
    let mut s = Sheet::new(french_setup()).unwrap();
    add(&mut s, fr(1, [None, Some(100)], [0, 0], None, None));
    let before = s.clone();
    let entry = fr(0, [Some(81), None], [0, 0], None, None);
    let row = s.preview(&entry).unwrap();
    assert_eq!(s, before);
    assert_eq!(row.score.as_ref().unwrap().outcome, "litige");
    s.apply(Change::Add { entry }).unwrap();
    assert_eq!(s.table().rows[1], row);
    assert!(s.preview(&fr(0, [Some(161), None], [0, 0], None, None)).is_err());
}

/// Every refusal code in the source is listed in `CODES` (which the web
/// page's words are checked against), and every listed code is used.
#[test]
fn every_refusal_code_is_listed() {
    let src = [
        include_str!("../src/input.rs"),
        include_str!("../src/sheet.rs"),
        include_str!("../src/export.rs"),
        include_str!("../src/lib.rs"),
        // Each game's sheet entries are checked by the game's own code.
        include_str!("../../belot-core/src/sheet.rs"),
        include_str!("../../belot-core/src/french/sheet.rs"),
        include_str!("../../belot-core/src/two_player/sheet.rs"),
        include_str!("../../belot-core/src/three_player/sheet.rs"),
        include_str!("../../belot-core/src/error.rs"),
    ]
    .concat();
    let mut used = std::collections::BTreeSet::new();
    for part in src.split("Refusal::new(").skip(1) {
        match part.trim_start().strip_prefix('"') {
            Some(p) => used.insert(p.split('"').next().unwrap().to_string()),
            None => {
                assert!(part.starts_with("code,"), "a refusal's code is a literal: {part:.40}");
                continue;
            }
        };
    }
    // A code chosen by a match (the card re-use rule's two wordings).
    for part in src.split("let code = match").skip(1) {
        let arm = part.split("};").next().unwrap();
        used.extend(arm.split('"').skip(1).step_by(2).map(str::to_string));
    }
    let listed: std::collections::BTreeSet<String> =
        belot_score::CODES.iter().map(|c| c.to_string()).collect();
    assert_eq!(used, listed);
}
