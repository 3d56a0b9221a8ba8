//! Property tests over random three-player games: the §2.8 invariants
//! (points conserved except the held tie points; split sums), a legal
//! action always exists, illegal actions change nothing, views never leak,
//! records replay exactly.

mod common;

use belot_core::Deal as _;

use belot_core::three_player::{
    FailTest, NextDealer, OddPoint, ThreeDeal, ThreeMatch, ThreeOptions, ThreeOutcome, ThreePhase,
};
use belot_core::{Action, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

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

fn check_view(d: &ThreeDeal, seat: Seat) {
    let mut allowed = common::hand_and_played(d, d.hand(seat));
    allowed.insert(d.turned());
    allowed.insert(d.original_turned());
    let announced =
        |s: Seat| d.announcements().iter().filter(move |a| a.seat == s).map(|a| &a.meld);
    allowed |= common::cards_of(announced(seat));
    if let Some(w) = d.contest_winner() {
        allowed |= common::cards_of(d.combinations(w)) | common::cards_of(announced(w));
    }
    common::assert_hides(&d.view(seat), seat, allowed);
}

/// A deal played to its end at random (see [`common::random_deal`]).
fn random_deal(seed: u64, o: ThreeOptions, dealer: Seat, checks: bool) -> ThreeDeal {
    let bad = [Action::Exchange, Action::Take, Action::Redeal, Action::AllTrumps];
    common::random_deal(seed, |deck| ThreeDeal::new(o, dealer, deck), checks, &bad, check_view)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn three_player_points_conserved_but_held_and_split_sums(seed in any::<u64>(), o in options_strategy()) {
        let d = random_deal(seed, o, Seat((seed % 3) as u8), false);
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
        prop_assert!(random_deal(seed, o, Seat(0), true).is_over());
    }

    #[test]
    fn three_player_records_replay_exactly(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = ThreeMatch::from_seed(o, Seat(2), seed).unwrap();
        common::play_deals(&mut m, &mut rng, 5);
        common::assert_replays(&m);
    }
}
