//! Property tests over random French Belote games: points conserved, a
//! legal action always exists, illegal actions change nothing, views never
//! leak hidden cards, records round-trip, the fast legal-play code agrees
//! with the reference function.

mod common;

use belot_core::Deal as _;

use belot_core::french::{
    AnnounceContests, Announcement, BothCross, CapotVictim, FirstPackets, FrenchDeal, FrenchMatch,
    FrenchOptions, LitigeMode, Outcome, Phase,
};
use belot_core::meld::{CardReuse, SeqTie};
use belot_core::play::{PlayRules, PlayState, legal_plays};
use belot_core::{Action, CardSet, Contract, Deck, Seat, Suit};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn options_strategy() -> impl Strategy<Value = FrenchOptions> {
    (
        prop_oneof![Just(1000u32), Just(500)],
        any::<bool>(),
        0..3u8,
        any::<[bool; 5]>(),
        0..3u8,
        prop_oneof![Just(Some(5u8)), Just(None)],
        any::<bool>(),
    )
        .prop_map(|(target, taker_cross, litige, flags, capot, cap, packets)| FrenchOptions {
            target,
            both_cross: if taker_cross { BothCross::Taker } else { BothCross::MorePoints },
            litige: [LitigeMode::Hold, LitigeMode::TieIsDedans, LitigeMode::TieIsMade]
                [litige as usize],
            litige_holds_belote: flags[0],
            belote_in_contract_test: flags[1],
            belote_requires_calls: flags[2],
            announce_contests: if flags[3] {
                AnnounceContests::Single
            } else {
                AnnounceContests::Separate
            },
            seq_len_cap: cap,
            seq_tie: if packets { SeqTie::FirstInTurn } else { SeqTie::None },
            card_reuse: if taker_cross { CardReuse::OnceOnly } else { CardReuse::AllowCarreAndSeq },
            capot_victim_announcements: [
                CapotVictim::Keep,
                CapotVictim::Void,
                CapotVictim::Transfer,
            ][capot as usize],
            overtrump_over_partner_when_discarding_trump: !flags[0],
            must_undertrump: !flags[4],
            first_packets: if packets { FirstPackets::TwoThree } else { FirstPackets::ThreeTwo },
            players: 4,
        })
}

/// Checks that `seat`'s view names no card it may not know.
fn check_view(d: &FrenchDeal, seat: Seat) {
    let mut allowed = common::hand_and_played(d, d.hand(seat));
    allowed.insert(d.turned());
    let shown = |a: &&Announcement| a.seat == seat || (d.contests_decided() && a.scored);
    allowed |= common::cards_of(d.announcements().iter().filter(shown).map(|a| &a.meld));
    common::assert_hides(&d.view(seat), seat, allowed);
}

/// A French deal played to its end at random (see
/// [`common::random_deal`]).
fn random_deal(seed: u64, o: FrenchOptions, dealer: Seat, checks: bool) -> FrenchDeal {
    let names = Suit::ALL.map(|suit| Action::Name { suit });
    let mut bad = vec![Action::Take, Action::Pass, Action::Announce { melds: vec![] }];
    bad.extend(names);
    common::random_deal(seed, |deck| FrenchDeal::new(o, dealer, deck), checks, &bad, check_view)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_deals_conserve_points(seed in any::<u64>(), o in options_strategy()) {
        let d = random_deal(seed, o, Seat((seed % 4) as u8), false);
        if d.phase() == Phase::ThrownIn {
            prop_assert!(d.score().is_none());
            return Ok(());
        }
        let sum = d.summary().unwrap();
        let s = d.score().unwrap();
        let tricks = d.tricks_so_far();
        prop_assert_eq!(tricks[0] + tricks[1], 8);
        // Card points and dix de der: always 162; a capot makes it 252.
        prop_assert_eq!(sum.card_points[0] + sum.card_points[1], 162);
        prop_assert_eq!(sum.capot.is_some(), tricks.contains(&8));
        let cards_total = if sum.capot.is_some() { 252 } else { 162 };
        prop_assert_eq!(s.card_points[0] + s.card_points[1], cards_total);
        // §4.8 invariant: made and dedans record the whole deal; a litige
        // holds back exactly what it sets aside.
        let whole = cards_total + s.announcements.iter().sum::<i32>() + s.belote.iter().sum::<i32>();
        prop_assert_eq!(s.recorded[0] + s.recorded[1] + s.held, whole);
        prop_assert_eq!(s.held > 0, s.outcome == Outcome::Litige && whole > 0);
        match s.outcome {
            Outcome::Made => prop_assert_eq!(s.recorded, s.totals),
            Outcome::Dedans => {
                let t = s.taker.index();
                prop_assert_eq!(s.recorded[t], s.belote[t]);
            }
            Outcome::Litige => prop_assert_eq!(s.totals[0] - if o.belote_in_contract_test { 0 } else { s.belote[0] },
                                               s.totals[1] - if o.belote_in_contract_test { 0 } else { s.belote[1] }),
        }
    }

    #[test]
    fn legal_actions_exist_illegal_change_nothing_views_hide(seed in any::<u64>()) {
        let d = random_deal(seed, FrenchOptions::default(), Seat(0), true);
        prop_assert!(d.is_over());
        prop_assert!(d.legal_actions().is_empty());
    }

    #[test]
    fn records_round_trip_and_replay_exactly(seed in any::<u64>(), o in options_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut m = FrenchMatch::from_seed(o, Seat(1), seed).unwrap();
        common::play_deals(&mut m, &mut rng, 3);
        // Stop half-way into one more deal sometimes: unfinished deals replay too.
        if !m.is_over() && m.current().is_over() {
            m.next_deal(None).unwrap();
            for _ in 0..(rng.next_u32() % 20) {
                if let Some(seat) = m.current().to_act() {
                    let a = common::random_action(m.current(), &mut rng);
                    m.apply(seat, &a).unwrap();
                }
            }
        }
        let replayed = common::assert_replays(&m);
        prop_assert_eq!(format!("{:?}", replayed.current().full_state()), format!("{:?}", m.current().full_state()));
    }

    #[test]
    fn fast_legal_plays_equal_the_reference(seed in any::<u64>(), rules in any::<[bool; 4]>(), kind in 0..6u8, players in 2..=4u8) {
        let rules = PlayRules {
            partner_exception: rules[0],
            overtrump_on_ruff: rules[1],
            overtrump_over_partner: rules[2],
            must_undertrump: rules[3],
        };
        let contract = match kind {
            0..=3 => Contract::Suit(Suit::ALL[kind as usize]),
            4 => Contract::AllTrumps,
            _ => Contract::NoTrumps,
        };
        let deck = Deck::from_seed(seed, 0);
        let per = 32 / players as usize;
        let per = per.min(9);
        let mut hands = [CardSet::EMPTY; 4];
        for (p, hand) in hands.iter_mut().enumerate().take(players as usize) {
            for &c in &deck.cards()[p * per..(p + 1) * per] {
                hand.insert(c);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let mut s = PlayState::new(hands, players, true, contract, rules, Seat((seed % players as u64) as u8));
        while !s.is_over() {
            let reference = legal_plays(s.hand(s.to_play()), contract, &rules, &s.context());
            prop_assert_eq!(s.legal(), reference);
            prop_assert!(!reference.is_empty());
            let k = rng.next_u32() as usize % reference.len();
            s.play(reference.nth(k).unwrap()).unwrap();
        }
        let total: u32 = s.points().iter().sum();
        prop_assert_eq!(total, contract.set_points(hands[0] | hands[1] | hands[2] | hands[3]) + 10);
    }
}

#[test]
fn the_same_seed_gives_the_same_game() {
    let a = FrenchMatch::from_seed(FrenchOptions::default(), Seat(0), 99).unwrap();
    let b = FrenchMatch::from_seed(FrenchOptions::default(), Seat(0), 99).unwrap();
    assert_eq!(a.record(), b.record());
    assert_eq!(a.current().deck(), &Deck::from_seed(99, 0));
}

proptest! {
    /// Scoring functions take unchecked summaries without panicking (a
    /// score keeper validates first, but a library caller may not).
    #[test]
    fn scoring_never_panics_on_unchecked_summaries(
        taker in 0..4u8, cap in prop::option::of(0..4u8), bel in prop::option::of(0..4u8),
        pts in any::<[u16; 3]>(), ann in any::<[u16; 3]>(), deal in prop::option::of(any::<u32>()),
        tricks in any::<[u8; 3]>(), seats in any::<[u8; 3]>(),
    ) {
        use belot_core::french::{DealSummary, Entry, Ledger, score_deal, score_dealt};
        use belot_core::Side;
        let s = DealSummary {
            taker: Side(taker), card_points: [pts[0] as u32, pts[1] as u32], capot: cap.map(Side),
            announcements: [ann[0] as u32, ann[1] as u32], belote: bel.map(Side), deal_points: deal,
        };
        let _ = s.validate();
        let _ = score_deal(&s, &FrenchOptions::default());
        let mut l = Ledger::new(FrenchOptions::default(), Seat(0));
        l.push(&Entry::Played { summary: s });
        let s3 = DealSummary {
            taker: Side(taker), card_points: pts.map(u32::from), capot: cap.map(Side),
            announcements: ann.map(u32::from), belote: bel.map(Side), deal_points: deal,
        };
        let _ = s3.validate();
        let _ = score_dealt(&s3, &FrenchOptions::default(), Seat(seats[0]));
        let t = belot_core::three_player::ThreeSummary {
            declarer: Seat(seats[0]), dealer: Seat(seats[1]), card_points: pts.map(u32::from), tricks,
            last_trick: Seat(seats[2]), combinations: ann.map(u32::from), belots: [tricks[0], tricks[1], tricks[2]],
        };
        let _ = t.validate();
        let _ = belot_core::three_player::score_deal(&t, &belot_core::three_player::ThreeOptions::default());
        let w = belot_core::two_player::TwoSummary {
            contract: belot_core::Contract::NoTrumps, raspasy: taker % 2 == 0, loader: cap.map(Seat),
            card_points: [pts[0] as u32, pts[1] as u32], tricks: [tricks[0], tricks[1]],
            constructions: [ann[0] as u32, ann[1] as u32], belas: [tricks[2], seats[2]],
        };
        let _ = w.validate();
        let _ = belot_core::two_player::score_deal(&w, &belot_core::two_player::TwoOptions::default());
    }
}
