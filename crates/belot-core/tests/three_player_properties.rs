//! Property tests over random three-player games: the §2.8 invariants
//! (points conserved except the held tie points; split sums), a legal
//! action always exists, illegal actions change nothing, views never leak,
//! records replay exactly.

use belot_core::Deal as _;
use std::collections::BTreeSet;

use belot_core::three_player::{
    FailTest, NextDealer, OddPoint, ThreeDeal, ThreeMatch, ThreeOptions, ThreeOutcome, ThreePhase,
};
use belot_core::{Action, Card, Deck, MatchRecord, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn options_strategy() -> impl Strategy<Value = ThreeOptions> {
    (any::<[bool; 6]>(), 0..3u8, 0..3u8).prop_map(|(f, odd, next)| ThreeOptions {
        fail_test: if f[0] { FailTest::BelowBoth } else { FailTest::BelowBestOpponent },
        odd_point: [OddPoint::ToHigherOpponent, OddPoint::HalfPoints, OddPoint::Discard]
            [odd as usize],
        failed_declarer_keeps_belot: f[1],
        capo_also_scores_last_trick: f[2],
        capo_keeps_own_points: f[3],
        belot_any_suit: f[4],
        round2_forced_for_dealer: f[5],
        next_dealer: [NextDealer::TopOfDeal, NextDealer::TopCumulative, NextDealer::RotateLeft]
            [next as usize],
        ..ThreeOptions::default()
    })
}

fn random_action(d: &ThreeDeal, rng: &mut ChaCha8Rng) -> Action {
    let legal = d.legal_actions();
    assert!(!legal.is_empty(), "a player to act has a legal action");
    if d.phase() == ThreePhase::Bidding
        && legal.contains(&Action::Pass)
        && !rng.next_u32().is_multiple_of(3)
    {
        return Action::Pass;
    }
    legal[(rng.next_u32() as usize) % legal.len()].clone()
}

fn cards_in(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) if s.len() == 2 && s.parse::<Card>().is_ok() => {
            out.insert(s.clone());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| cards_in(x, out)),
        serde_json::Value::Object(m) => m.values().for_each(|x| cards_in(x, out)),
        _ => {}
    }
}

fn check_view(d: &ThreeDeal, seat: Seat) {
    let mut allowed = d.hand(seat);
    if let Some(p) = d.play_state() {
        allowed |= p.played();
    }
    allowed.insert(d.turned());
    allowed.insert(d.original_turned());
    for a in d.announcements().iter().filter(|a| a.seat == seat) {
        allowed |= a.meld.cards();
    }
    if let Some(w) = d.contest_winner() {
        for m in d.combinations(w) {
            allowed |= m.cards();
        }
        for a in d.announcements().iter().filter(|a| a.seat == w) {
            allowed |= a.meld.cards();
        }
    }
    let v = serde_json::to_value(d.view(seat)).unwrap();
    let mut named = BTreeSet::new();
    cards_in(&v, &mut named);
    for name in named {
        let card: Card = name.parse().unwrap();
        assert!(allowed.contains(card), "seat {seat} view shows hidden card {card}");
    }
}

fn play(d: &mut ThreeDeal, rng: &mut ChaCha8Rng, checks: bool) {
    while let Some(seat) = d.to_act() {
        if checks {
            let before = format!("{:?}", d.full_state());
            let legal = d.legal_actions();
            let card = Card::from_index((rng.next_u32() % 32) as u8).unwrap();
            for bad in [
                Action::play(card),
                Action::Exchange,
                Action::Take,
                Action::Redeal,
                Action::AllTrumps,
            ] {
                if !legal.contains(&bad) {
                    assert!(d.apply(seat, &bad).is_err(), "{bad} refused");
                }
            }
            assert!(d.apply(Seat((seat.0 + 1) % 3), &legal[0]).is_err(), "out of turn refused");
            assert_eq!(before, format!("{:?}", d.full_state()));
            for s in 0..3 {
                check_view(d, Seat(s));
            }
        }
        let a = random_action(d, rng);
        d.apply(seat, &a).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn three_player_points_conserved_but_held_and_split_sums(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut d = ThreeDeal::new(o, Seat((seed % 3) as u8), Deck::from_seed(seed, 0)).unwrap();
        play(&mut d, &mut rng, false);
        if d.phase() != ThreePhase::Finished {
            prop_assert_eq!(d.phase(), ThreePhase::ThrownIn);
            return Ok(());
        }
        let s = d.summary().unwrap();
        let sc = d.score().unwrap();
        let played = d.play_state().unwrap().played();
        prop_assert_eq!(played.len(), 27);
        let contract = d.contract().unwrap();
        prop_assert_eq!(s.card_points.iter().sum::<u32>(), contract.set_points(played));
        let capos = sc.capo.iter().filter(|&&z| z).count();
        let bonus: i32 = sc.bonus.iter().sum();
        let expected_bonus = match capos {
            0 => 10,
            1 => 100,
            _ => 100,
        } + if capos > 0 && o.capo_also_scores_last_trick { 10 } else { 0 };
        prop_assert_eq!(bonus, expected_bonus);
        let whole: i32 = sc.totals.iter().sum();
        let rec: i32 = sc.recorded.iter().map(|h| h.0).sum();
        let dcl = s.declarer.index();
        match sc.outcome {
            ThreeOutcome::Made => prop_assert_eq!(rec, 2 * whole),
            ThreeOutcome::Tie => {
                prop_assert_eq!(rec, 2 * (whole - sc.totals[dcl]));
                prop_assert_eq!(sc.held.0, 2 * sc.totals[dcl]);
            }
            ThreeOutcome::Failed => {
                let kept = if o.failed_declarer_keeps_belot { sc.belots[dcl] } else { 0 };
                let share = sc.totals[dcl] - kept;
                let lost = if o.odd_point == OddPoint::Discard { share % 2 } else { 0 };
                prop_assert_eq!(rec, 2 * (whole - lost));
                prop_assert_eq!(sc.recorded[dcl].0, 2 * kept);
            }
        }
    }

    #[test]
    fn three_player_legal_exists_illegal_changes_nothing_views_hide(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut d = ThreeDeal::new(o, Seat(0), Deck::from_seed(seed, 0)).unwrap();
        play(&mut d, &mut rng, true);
        prop_assert!(d.is_over());
    }

    #[test]
    fn three_player_records_replay_exactly(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = ThreeMatch::from_seed(o, Seat(2), seed).unwrap();
        for _ in 0..5 {
            while let Some(seat) = m.current().to_act() {
                let a = random_action(m.current(), &mut rng);
                m.apply(seat, &a).unwrap();
            }
            if m.is_over() {
                break;
            }
            m.next_deal(None).unwrap();
        }
        let rec = m.record();
        let back: MatchRecord = serde_json::from_str(&serde_json::to_string(&rec).unwrap()).unwrap();
        let replayed = ThreeMatch::from_record(&back).unwrap();
        prop_assert_eq!(replayed.record(), rec);
        prop_assert_eq!(replayed.ledger(), m.ledger());
    }
}
