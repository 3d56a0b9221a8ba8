//! One test per three-player Belot option (rules reference §2.10).

mod common;

use belot_core::meld::{CardReuse, Meld};
use belot_core::three_player::{
    CarreTiebreak, FailTest, Half, NextDealer, OddPoint, ThreeDeal, ThreeEntry, ThreeLedger,
    ThreeOptions, ThreeOutcome, ThreeSummary, score_deal,
};
use belot_core::{Action, Deck, Rank, Seat, Suit};
use common::*;

fn opts() -> ThreeOptions {
    ThreeOptions::default()
}

use common::{in_points as rec, three_summary as summary};

#[test]
fn three_player_option_defaults_and_json() {
    let o = opts();
    assert_eq!((o.target, o.tierce_value), (501, 20));
    assert_eq!(o.carre_tiebreak_order, CarreTiebreak::J9a10kq);
    assert_eq!(o.card_reuse, CardReuse::AllowCarreAndSeq);
    assert!(!o.belot_any_suit);
    assert_eq!(o.fail_test, FailTest::BelowBestOpponent);
    assert_eq!(o.odd_point, OddPoint::ToHigherOpponent);
    assert!(!o.failed_declarer_keeps_belot);
    assert_eq!((o.single_capo_bonus_each, o.double_capo_bonus), (50, 100));
    assert!(
        !o.capo_also_scores_last_trick && !o.capo_keeps_own_points && !o.round2_forced_for_dealer
    );
    assert_eq!(o.next_dealer, NextDealer::TopOfDeal);
    let e = serde_json::from_str::<ThreeOptions>(r#"{"targett":50}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field"));
    let o: ThreeOptions = serde_json::from_str(r#"{"odd_point":"half_points"}"#).unwrap();
    assert_eq!(o.odd_point, OddPoint::HalfPoints);
}

#[test]
fn three_player_option_target_50_literal() {
    let o = ThreeOptions { target: 50, ..opts() };
    let l = ThreeLedger::from_entries(
        o,
        Seat(2),
        &[ThreeEntry::Played { summary: summary(0, [100, 30, 22]) }],
    );
    assert_eq!(l.winner, Some(Seat(0)));
}

#[test]
fn three_player_option_tierce_value() {
    let d = ThreeDeal::new(ThreeOptions { tierce_value: 0, ..opts() }, Seat(0), Deck::ordered())
        .unwrap();
    assert_eq!(d.values().value(Meld::from_cards(set("AH KH QH")).unwrap()), 0);
}

/// `tierce_value: 0`, the literal reading of seed 000 (its text lists no
/// three-card combination): a run of three is no combination at all,
/// never offered as an announcement and never in the contest (issue 20).
#[test]
fn three_player_option_tierce_value_0_means_no_tierce() {
    let is_tierce = |m: &Meld| matches!(m, Meld::Sequence { len: 3, .. });
    // Every announcement offered, and every combination held, over 200 deals.
    let run = |o: ThreeOptions, seed: u64| {
        let (mut offered, mut held) = (Vec::new(), Vec::new());
        let mut d = ThreeDeal::new(o, Seat(0), Deck::from_seed(seed, 0)).unwrap();
        d.apply(Seat(1), &Action::Take).unwrap();
        while d.phase() != belot_core::three_player::ThreePhase::Playing {
            let s = d.to_act().unwrap();
            for a in d.legal_actions() {
                if let Action::Announce { melds } = a {
                    offered.extend(melds);
                }
            }
            d.apply(s, &Action::Pass).unwrap();
        }
        for s in 0..3 {
            held.extend_from_slice(d.combinations(Seat(s)));
        }
        (offered, held)
    };
    let zero = ThreeOptions { tierce_value: 0, ..opts() };
    let (mut with, mut without) = (0, 0);
    for seed in 0..200 {
        let (offered, held) = run(opts(), seed);
        with += offered.iter().chain(&held).filter(|m| is_tierce(m)).count();
        let (offered, held) = run(zero, seed);
        without += offered.iter().chain(&held).filter(|m| is_tierce(m)).count();
    }
    assert!(with > 20, "the default offers tierces ({with})");
    assert_eq!(without, 0);
}

fn playing(o: ThreeOptions) -> ThreeDeal {
    let mut d = ThreeDeal::new(o, Seat(0), Deck::ordered()).unwrap();
    d.apply(Seat(1), &Action::Take).unwrap();
    d
}

#[test]
fn three_player_option_carre_tiebreak_order() {
    let m = |s: &str| Meld::from_cards(set(s)).unwrap();
    let d = playing(opts());
    assert_eq!(d.compare(m("TS TH TD TC"), m("KS KH KD KC")), std::cmp::Ordering::Greater);
    let d = playing(ThreeOptions { carre_tiebreak_order: CarreTiebreak::Natural, ..opts() });
    assert_eq!(d.compare(m("TS TH TD TC"), m("KS KH KD KC")), std::cmp::Ordering::Less);
    assert_eq!(
        d.compare(m("JS JH JD JC"), m("AS AH AD AC")),
        std::cmp::Ordering::Greater,
        "value first"
    );
}

#[test]
fn three_player_option_card_reuse_once_only() {
    // With card re-use off, a carré's cards are not also in a sequence.
    let deck = {
        // seat 1 (dealer 0's left) gets KS KH KD KC QC JC ... in its 9 cards
        let mut order: Vec<belot_core::Card> = Vec::new();
        let p = |s: &str| belot_core::parse_cards(s).unwrap();
        let (s1, s2, s0) = (p("KS KH KD KC QC JC"), p("7S 8S 9S 7H 8H 9H"), p("7D 8D 9D 7C 8C 9C"));
        for r in 0..2 {
            for h in [&s1, &s2, &s0] {
                order.extend_from_slice(&h[r * 3..r * 3 + 3]);
            }
        }
        order.push(c("AS"));
        let used: belot_core::CardSet = order.iter().copied().collect();
        order.extend(
            (0..32).filter_map(belot_core::Card::from_index).filter(|x| !used.contains(*x)),
        );
        Deck::from_cards(&order).unwrap()
    };
    let run = |o: ThreeOptions| {
        let mut d = ThreeDeal::new(o, Seat(0), deck).unwrap();
        d.apply(Seat(1), &Action::Take).unwrap();
        while d.phase() != belot_core::three_player::ThreePhase::Playing {
            let s = d.to_act().unwrap();
            d.apply(s, &Action::Pass).unwrap();
        }
        d.combinations(Seat(1)).to_vec()
    };
    assert!(run(opts()).contains(&Meld::from_cards(set("KC QC JC")).unwrap()));
    let once = run(ThreeOptions { card_reuse: CardReuse::OnceOnly, ..opts() });
    assert!(once.contains(&Meld::Carre(Rank::King)));
    // No sequence uses a king any more (seat 1 also drew 10-J-Q of spades).
    assert!(once.iter().all(|m| m.is_carre() || (m.cards() & belot_core::CardSet::rank(Rank::King)).is_empty()));
    assert!(!once.contains(&Meld::from_cards(set("KC QC JC")).unwrap()));
}

#[test]
fn three_player_option_belot_any_suit() {
    // Seat 2 holds K+Q of hearts; diamonds are trump.
    let mut d = playing(ThreeOptions { belot_any_suit: true, ..opts() });
    while d.phase() != belot_core::three_player::ThreePhase::Playing {
        let s = d.to_act().unwrap();
        d.apply(s, &Action::Pass).unwrap();
    }
    let mut offered = false;
    while let Some(s) = d.to_act() {
        let legal = d.legal_actions();
        offered |= legal.contains(&Action::Play { card: c("KH"), belote: true });
        let a = legal.into_iter().find(|a| matches!(a, Action::Play { .. })).unwrap();
        d.apply(s, &a).unwrap();
    }
    assert!(offered);
    assert_eq!(d.summary().unwrap().belots[2], 1);
    let d = playing(opts());
    assert!(!d.legal_actions().iter().any(|a| matches!(a, Action::Play { belote: true, .. })));
}

#[test]
fn three_player_option_fail_test_below_both() {
    // Declarer 50 (with the last trick), opponents 62 and 40.
    let s = summary(0, [40, 62, 40]);
    assert_eq!(score_deal(&s, &opts()).outcome, ThreeOutcome::Failed);
    let o = ThreeOptions { fail_test: FailTest::BelowBoth, ..opts() };
    assert_eq!(score_deal(&s, &o).outcome, ThreeOutcome::Made);
    let s = summary(0, [30, 62, 40]);
    assert_eq!(score_deal(&s, &o).outcome, ThreeOutcome::Tie, "equal to the lower opponent");
}

#[test]
fn three_player_option_odd_point() {
    let s = summary(0, [41, 62, 49]); // declarer 51
    let o = ThreeOptions { odd_point: OddPoint::HalfPoints, ..opts() };
    assert_eq!(rec(score_deal(&s, &o).recorded), [0.0, 62.0 + 25.5, 49.0 + 25.5]);
    let o = ThreeOptions { odd_point: OddPoint::Discard, ..opts() };
    assert_eq!(rec(score_deal(&s, &o).recorded), [0.0, 87.0, 74.0]);
    let json = serde_json::to_string(
        &score_deal(&s, &ThreeOptions { odd_point: OddPoint::HalfPoints, ..opts() }).recorded,
    )
    .unwrap();
    assert_eq!(json, "[0,87.5,74.5]");
}

#[test]
fn three_player_option_failed_declarer_keeps_belot() {
    let s = ThreeSummary { belots: [1, 0, 0], ..summary(0, [20, 82, 50]) }; // 20+10+20 = 50 < 82
    assert_eq!(rec(score_deal(&s, &opts()).recorded), [0.0, 82.0 + 25.0, 50.0 + 25.0]);
    let o = ThreeOptions { failed_declarer_keeps_belot: true, ..opts() };
    assert_eq!(rec(score_deal(&s, &o).recorded), [20.0, 82.0 + 15.0, 50.0 + 15.0]);
}

#[test]
fn three_player_option_capo_bonuses_and_rules() {
    let single = ThreeSummary { tricks: [5, 4, 0], belots: [0, 0, 1], ..summary(0, [90, 62, 0]) };
    let o = ThreeOptions { single_capo_bonus_each: 0, ..opts() };
    assert_eq!(score_deal(&single, &o).bonus, [0, 0, 0]);
    let o = ThreeOptions { capo_also_scores_last_trick: true, ..opts() };
    assert_eq!(score_deal(&single, &o).bonus, [60, 50, 0]);
    assert_eq!(score_deal(&single, &opts()).belots, [0, 0, 0], "a capo player writes nothing");
    let o = ThreeOptions { capo_keeps_own_points: true, ..opts() };
    assert_eq!(score_deal(&single, &o).belots, [0, 0, 20]);
    let double = ThreeSummary { tricks: [9, 0, 0], ..summary(0, [152, 0, 0]) };
    let o = ThreeOptions { double_capo_bonus: 150, ..opts() };
    assert_eq!(score_deal(&double, &o).bonus, [150, 0, 0]);
}

#[test]
fn three_player_option_next_dealer() {
    let e = [summary(0, [100, 30, 22]), summary(1, [0, 120, 32])]
        .map(|summary| ThreeEntry::Played { summary });
    // Deal 2: seat 1 tops the deal (120), seat 0 the totals (110 + 10 = 120 vs 150)...
    let top = ThreeLedger::from_entries(opts(), Seat(2), &e);
    assert_eq!(top.next_dealer, Seat(1));
    let cum = ThreeLedger::from_entries(
        ThreeOptions { next_dealer: NextDealer::TopCumulative, ..opts() },
        Seat(2),
        &e,
    );
    assert_eq!(cum.totals, [Half::points(120), Half::points(150), Half::points(54)]);
    assert_eq!(cum.next_dealer, Seat(1));
    let e1 = [ThreeEntry::Played { summary: summary(1, [0, 120, 32]) }];
    let cum = ThreeLedger::from_entries(
        ThreeOptions { next_dealer: NextDealer::TopCumulative, ..opts() },
        Seat(2),
        &e1,
    );
    assert_eq!(cum.next_dealer, Seat(1));
    let rot = ThreeLedger::from_entries(
        ThreeOptions { next_dealer: NextDealer::RotateLeft, ..opts() },
        Seat(2),
        &e,
    );
    assert_eq!(rot.rows[1].dealer, Seat(0));
    assert_eq!(rot.next_dealer, Seat(1));
}

#[test]
fn three_player_option_round2_forced_for_dealer() {
    let o = ThreeOptions { round2_forced_for_dealer: true, ..opts() };
    let mut d = ThreeDeal::new(o, Seat(0), Deck::ordered()).unwrap();
    for s in [1, 2, 0, 1, 2] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert!(!d.legal_actions().contains(&Action::Pass));
    assert!(d.apply(Seat(0), &Action::Pass).is_err());
    d.apply(Seat(0), &Action::Name { suit: Suit::Spades }).unwrap();
    assert_eq!(d.declarer(), Some(Seat(0)));
}
