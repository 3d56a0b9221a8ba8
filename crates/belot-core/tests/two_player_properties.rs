//! Property tests over random two-player games: the points in play are the
//! card points of the 18 cards played plus 10 (doubled in БК), recorded
//! points follow §3.7, распасы never creates or pays hanging points, a
//! legal action always exists, illegal actions change nothing, views never
//! leak, records replay exactly.

mod common;

use belot_core::Deal as _;

use belot_core::two_player::{
    BaitMode, PoolMode, RaspasyMeldCharging, TieMode, TwoDeal, TwoEntry, TwoMatch, TwoOptions,
    TwoOutcome, TwoPhase,
};
use belot_core::{Action, Contract, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn options_strategy() -> impl Strategy<Value = TwoOptions> {
    (any::<[bool; 6]>(), 0..3u8, prop_oneof![Just(None), Just(Some(5u8))]).prop_map(
        |(f, tie, cap)| TwoOptions {
            raspasy_enabled: !f[0] || f[1],
            raspasy_meld_charging: if f[1] {
                RaspasyMeldCharging::Own
            } else {
                RaspasyMeldCharging::Opponent
            },
            winner_takes_all: f[2],
            bait_mode: if f[3] { BaitMode::OpponentOwnOnly } else { BaitMode::AllToVist },
            bela_survives_bait: f[4],
            pool_mode: if f[5] { PoolMode::Separate } else { PoolMode::Sum },
            tie_mode: [TieMode::Hang, TieMode::LoaderFails, TieMode::BothKeep][tie as usize],
            seq_compare_len_cap: cap,
            ..TwoOptions::default()
        },
    )
}

fn check_view(d: &TwoDeal, seat: Seat) {
    let mut allowed = common::hand_and_played(d, d.hand(seat));
    allowed.insert(d.vskryshka());
    allowed.insert(d.original_vskryshka());
    if let Some(b) = d.bottom() {
        allowed.insert(b);
    }
    let announced =
        |s: Seat| d.announcements().iter().filter(move |a| a.seat == s).map(|a| &a.meld);
    allowed |= common::cards_of(announced(seat));
    if let (true, Some(w)) = (d.contest_decided(), d.contest_winner()) {
        allowed |= common::cards_of(d.constructions(w)) | common::cards_of(announced(w));
    }
    common::assert_hides(&d.view(seat), seat, allowed);
}

/// A deal played to its end at random (see [`common::random_deal`]).
fn random_deal(seed: u64, o: TwoOptions, dealer: Seat, checks: bool) -> TwoDeal {
    let bad = [Action::Exchange, Action::Redeal, Action::Take, Action::NoTrumps];
    common::random_deal(seed, |deck| TwoDeal::new(o, dealer, deck), checks, &bad, check_view)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn two_player_points_in_play_and_recorded_points(seed in any::<u64>(), o in options_strategy()) {
        let d = random_deal(seed, o, Seat((seed & 1) as u8), false);
        if d.phase() != TwoPhase::Finished {
            prop_assert!(d.score().is_none());
            return Ok(());
        }
        let s = d.summary().unwrap();
        let sc = d.score().unwrap();
        let contract = d.contract().unwrap();
        let played = d.play_state().unwrap().played();
        prop_assert_eq!(played.len(), 18);
        prop_assert_eq!(s.card_points[0] + s.card_points[1], contract.set_points(played) + 10);
        let mult = if contract == Contract::NoTrumps { 2 } else { 1 };
        prop_assert_eq!(sc.multiplier, mult);
        let whole = (sc.card_points.iter().sum::<i32>() + sc.constructions.iter().sum::<i32>()
            + sc.belas.iter().sum::<i32>()) * mult;
        prop_assert_eq!(sc.totals[0] + sc.totals[1], whole);
        match sc.outcome {
            TwoOutcome::Raspasy => {
                prop_assert!(sc.recorded.iter().all(|&r| r <= 0));
                prop_assert_eq!(sc.held, 0);
            }
            TwoOutcome::Made => prop_assert_eq!(sc.recorded[0] + sc.recorded[1], whole),
            TwoOutcome::Bait if o.bait_mode == BaitMode::AllToVist => {
                prop_assert_eq!(sc.recorded[0] + sc.recorded[1], whole)
            }
            TwoOutcome::Bait => {}
            TwoOutcome::Tie => prop_assert_eq!(sc.recorded[0] + sc.recorded[1] + sc.held, whole),
        }
        if sc.held > 0 {
            prop_assert_eq!(sc.outcome, TwoOutcome::Tie);
        }
    }

    #[test]
    fn two_player_legal_exists_illegal_changes_nothing_views_hide(seed in any::<u64>()) {
        prop_assert!(random_deal(seed, TwoOptions::default(), Seat(0), true).is_over());
    }

    #[test]
    fn two_player_raspasy_never_creates_or_pays_hanging_points(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = TwoMatch::from_seed(o, Seat(0), seed).unwrap();
        for _ in 0..6 {
            while let Some(seat) = m.current().to_act() {
                let a = common::random_action(m.current(), &mut rng);
                m.apply(seat, &a).unwrap();
            }
            if m.is_over() {
                break;
            }
            m.next_deal(None).unwrap();
        }
        let mut before: i32 = 0;
        for row in &m.ledger().rows {
            let after: i32 = row.pools_after.iter().sum();
            if let Some(s) = row.score.filter(|s| s.outcome == TwoOutcome::Raspasy) {
                prop_assert!(row.pool_awarded.is_none());
                prop_assert_eq!(s.held, 0);
                if row.counted {
                    prop_assert_eq!(after, before);
                }
            }
            before = after;
        }
        // And the record replays exactly.
        common::assert_replays(&m);
    }
}

#[test]
fn two_player_redeal_entries_keep_the_dealer() {
    let l = belot_core::two_player::TwoLedger::from_entries(
        TwoOptions::default(),
        Seat(1),
        &[TwoEntry::Redeal, TwoEntry::ThrownIn],
    );
    assert_eq!((l.rows[0].dealer, l.rows[1].dealer, l.next_dealer), (Seat(1), Seat(1), Seat(0)));
}
