//! French Belote with two or three players, each for himself (seed 002 §1;
//! the deals and scoring of the rules reference §4.11).

mod common;

use belot_core::Deal as _;
use belot_core::french::{
    DealSummary, EntryOf, FrenchDeal, FrenchMatch, FrenchOptions, FrenchScored, LedgerOf, Outcome,
    Phase, score_deal, score_dealt,
};
use belot_core::{Action, CardSet, Deck, Rank, Seat, Side};
use common::*;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn three() -> FrenchOptions {
    FrenchOptions { players: 3, ..FrenchOptions::default() }
}

fn two() -> FrenchOptions {
    FrenchOptions { players: 2, ..FrenchOptions::default() }
}

#[test]
fn french_seed002_s1_two_or_three_may_play_each_for_himself() {
    assert!(FrenchOptions { players: 5, ..FrenchOptions::default() }.validate().is_err());
    let d = FrenchDeal::new(three(), Seat(0), Deck::ordered()).unwrap();
    assert_eq!(d.players(), 3);
    assert_eq!(d.sides(), 3);
    assert_eq!(d.side(Seat(2)), Side(2), "no partners");
    let d = FrenchDeal::new(two(), Seat(0), Deck::ordered()).unwrap();
    assert_eq!((d.players(), d.sides()), (2, 2));
}

#[test]
fn french_three_players_24_cards_without_7s_and_8s_eight_each() {
    let mut d = FrenchDeal::new(three(), Seat(0), Deck::ordered()).unwrap();
    // The 24 cards from 9 up, in deck order: 9S TS JS to seat 1, ...
    assert_eq!(d.hand(Seat(1)), set("9S TS JS QH KH"));
    assert_eq!(d.hand(Seat(2)), set("QS KS AS AH 9D"));
    assert_eq!(d.hand(Seat(0)), set("9H TH JH TD JD"));
    assert_eq!(d.turned(), c("QD"));
    d.apply(Seat(1), &Action::Take).unwrap();
    for s in 0..3 {
        assert_eq!(d.hand(Seat(s)).len(), 8);
    }
    let all = d.hand(Seat(0)) | d.hand(Seat(1)) | d.hand(Seat(2));
    assert!((all & (CardSet::rank(Rank::Seven) | CardSet::rank(Rank::Eight))).is_empty());
    assert!(d.hand(Seat(1)).contains(c("QD")), "the taker gets the turned card");
}

#[test]
fn french_three_players_taker_must_beat_each_opponent() {
    let o = three();
    let s = |pts: [u32; 3]| DealSummary {
        taker: Side(0),
        card_points: pts,
        capot: None,
        announcements: [0; 3],
        belote: None,
        deal_points: None,
    };
    // Seat 2 dealt: the first after him is seat 0, then seat 1.
    let score_deal3 = |s: &DealSummary<3>, o| score_dealt(s, o, Seat(2));
    assert_eq!(score_deal3(&s([60, 52, 50]), &o).outcome, Outcome::Made);
    assert_eq!(score_deal3(&s([60, 62, 40]), &o).outcome, Outcome::Dedans);
    let r = score_deal3(&s([60, 62, 40]), &o);
    // Each opponent records his own and half of the taker's.
    assert_eq!(r.recorded, [0, 62 + 30, 40 + 30]);
    let r = score_deal3(&s([61, 61, 40]), &o);
    assert_eq!((r.outcome, r.recorded, r.held), (Outcome::Litige, [0, 61, 40], 61));
    // An odd total: the odd point to the higher opponent.
    let r = score_deal3(&s([41, 71, 50]), &o);
    assert_eq!(r.recorded, [0, 71 + 21, 50 + 20]);
    // Capot: 252 to the player who took every trick.
    let cap = DealSummary { capot: Some(Side(0)), ..s([162, 0, 0]) };
    assert_eq!(score_deal3(&cap, &o).recorded, [252, 0, 0]);
}

#[test]
fn french_three_players_held_points_go_to_the_next_winner() {
    let s = |taker: u8, pts: [u32; 3]| EntryOf::Played {
        summary: DealSummary {
            taker: Side(taker),
            card_points: pts,
            capot: None,
            announcements: [0; 3],
            belote: None,
            deal_points: None,
        },
    };
    let l = LedgerOf::from_entries(three(), Seat(0), &[s(0, [61, 61, 40]), s(2, [30, 40, 92])]);
    assert_eq!(l.rows[0].pool_after, 61);
    assert_eq!(l.rows[1].pool_awarded, Some((Side(2), 61)));
    assert_eq!(l.totals, [30, 101, 92 + 61 + 40]);
    assert_eq!(l.next_dealer(), Seat(2));
}

#[test]
fn french_two_players_klaberjass_deal_cards_out_of_play() {
    let mut d = FrenchDeal::new(two(), Seat(0), Deck::ordered()).unwrap();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S KS AS 7H"));
    assert_eq!(d.hand(Seat(0)), set("TS JS QS 8H 9H TH"));
    assert_eq!(d.turned(), c("JH"));
    assert_eq!(d.bottom(), None);
    assert_eq!(d.to_act(), Some(Seat(1)), "the non-dealer speaks first");
    d.apply(Seat(1), &Action::Take).unwrap();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S KS AS 7H QH KH AH"));
    assert!(!d.hand(Seat(1)).contains(c("JH")), "the turned card stays out");
    assert_eq!(d.bottom(), Some(c("AC")));
    play_out(&mut d);
    let s = d.summary().unwrap();
    let in_play = set("7S 8S 9S KS AS 7H QH KH AH TS JS QS 8H 9H TH 7D 8D 9D");
    let h = belot_core::Contract::Suit(belot_core::Suit::Hearts);
    assert_eq!(s.deal_points, Some(h.set_points(in_play) + 10));
    assert_eq!(s.card_points[0] + s.card_points[1], h.set_points(in_play) + 10);
    // Capot with cards out of play: the points in play + 90 (100 instead of 10).
    let cap = DealSummary { capot: Some(Side(0)), ..*s };
    assert_eq!(score_deal(&cap, &two()).card_points, [s.deal_points.unwrap() as i32 + 90, 0]);
}

fn random_action(d: &FrenchDeal, rng: &mut ChaCha8Rng) -> Action {
    let legal = d.legal_actions();
    assert!(!legal.is_empty());
    if d.phase() == Phase::Bidding && !rng.next_u32().is_multiple_of(3) {
        return Action::Pass;
    }
    legal[(rng.next_u32() as usize) % legal.len()].clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn french_few_players_points_conserved(seed in any::<u64>(), players in 2..=3u8) {
        let o = FrenchOptions { players, ..FrenchOptions::default() };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut d = FrenchDeal::new(o, Seat((seed % players as u64) as u8), Deck::from_seed(seed, 0)).unwrap();
        while let Some(s) = d.to_act() {
            let bad = Action::play(belot_core::Card::from_index((rng.next_u32() % 32) as u8).unwrap());
            if !d.legal_actions().contains(&bad) {
                let before = format!("{:?}", d.full_state());
                prop_assert!(d.apply(s, &bad).is_err());
                prop_assert_eq!(before, format!("{:?}", d.full_state()));
            }
            let a = random_action(&d, &mut rng);
            d.apply(s, &a).unwrap();
        }
        if d.phase() == Phase::ThrownIn {
            return Ok(());
        }
        if players == 3 {
            let Some(FrenchScored::Three(scored)) = d.scored() else { panic!("three sides") };
            let (s, sc) = (scored.summary, scored.score);
            prop_assert_eq!(s.card_points.iter().sum::<u32>(), 162);
            let whole: i32 = sc.totals.iter().sum();
            prop_assert_eq!(sc.recorded.iter().sum::<i32>() + sc.held, whole);
        } else {
            let s = d.summary().unwrap();
            let sc = d.score().unwrap();
            let played = d.play_state().unwrap().played();
            prop_assert_eq!(played.len(), 18);
            prop_assert_eq!(s.card_points[0] + s.card_points[1], d.contract().unwrap().set_points(played) + 10);
            let whole = sc.totals[0] + sc.totals[1];
            prop_assert_eq!(sc.recorded[0] + sc.recorded[1] + sc.held, whole);
        }
    }
}

#[test]
fn french_few_players_records_replay() {
    for players in [2u8, 3] {
        let o = FrenchOptions { players, target: 500, ..FrenchOptions::default() };
        let mut m = FrenchMatch::from_seed(o, Seat(0), 9).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..4 {
            while let Some(s) = m.current().to_act() {
                let a = random_action(m.current(), &mut rng);
                m.apply(s, &a).unwrap();
            }
            if m.is_over() {
                break;
            }
            m.next_deal(None).unwrap();
        }
        let rec = m.record();
        let back = FrenchMatch::from_record(&rec).unwrap();
        assert_eq!(back.record(), rec);

        assert_eq!(back.ledger(), m.ledger());
    }
}
