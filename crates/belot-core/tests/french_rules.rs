//! One test per rule statement of seed 002 (French Belote), named
//! `french_seed002_<section>_<rule>`. Section numbers are the seed's.

mod common;

use belot_core::Deal as _;
use belot_core::french::{
    DealSummary, Entry, FrenchDeal, FrenchOptions, Ledger, LitigeMode, Outcome, Phase, score_deal,
    side_of,
};
use belot_core::play::{PlayRules, TrickContext, legal_plays};
use belot_core::{Action, CardSet, Contract, Deck, GameError, Match, Seat, Side, Suit};
use common::*;

fn opts() -> FrenchOptions {
    FrenchOptions::default()
}

fn ctx(led: &str, winning: &str, partner_winning: bool) -> TrickContext {
    TrickContext { led: Some(c(led)), winning: c(winning), partner_winning }
}

const H: Contract = Contract::Suit(Suit::Hearts);

/// The cards of `hand` French rules allow (hearts trump) on a trick led
/// with `led`, `winning` winning it (for the partner or not).
fn legal(hand: &str, led: &str, winning: &str, partner_winning: bool) -> CardSet {
    legal_plays(set(hand), H, &PlayRules::FRENCH, &ctx(led, winning, partner_winning))
}

// §1 Players and cards

#[test]
fn french_seed002_s1_four_players_two_teams_partners_opposite() {
    assert_eq!(side_of(Seat(0)), side_of(Seat(2)));
    assert_eq!(side_of(Seat(1)), side_of(Seat(3)));
    assert_ne!(side_of(Seat(0)), side_of(Seat(1)));
}

#[test]
fn french_seed002_s1_deck_of_32_cards_seven_to_ace() {
    let d = Deck::ordered();
    let all: CardSet = d.cards().iter().copied().collect();
    assert_eq!(all.len(), 32);
    for s in Suit::ALL {
        assert_eq!(all.of_suit(s).len(), 8);
    }
    assert_eq!(d.cards()[0].to_string(), "7S");
    assert_eq!(d.cards()[31].to_string(), "AC");
}

#[test]
fn french_seed002_s1_deal_five_each_three_then_two_then_turn_a_card() {
    let d = FrenchDeal::new(opts(), Seat(0), Deck::ordered()).unwrap();
    // From the dealer's left: seat 1 gets cards 0-2 then 12-13, and so on.
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S JH QH"));
    assert_eq!(d.hand(Seat(2)), set("TS JS QS KH AH"));
    assert_eq!(d.hand(Seat(3)), set("KS AS 7H 7D 8D"));
    assert_eq!(d.hand(Seat(0)), set("8H 9H TH 9D TD"));
    assert_eq!(d.turned(), c("JD"));
    assert_eq!(d.phase(), Phase::Bidding);
}

#[test]
fn french_seed002_s1_deal_passes_to_the_left() {
    let mut l = Ledger::new(opts(), Seat(2));
    assert_eq!(l.next_dealer(), Seat(2));
    l.push(&Entry::ThrownIn);
    assert_eq!(l.next_dealer(), Seat(3));
    l.push(&Entry::ThrownIn);
    assert_eq!(l.next_dealer(), Seat(0));
}

// §2 Taking trump

#[test]
fn french_seed002_s2_first_round_from_dealers_left_take_or_pass() {
    let mut d = FrenchDeal::new(opts(), Seat(0), Deck::ordered()).unwrap();
    assert_eq!(d.to_act(), Some(Seat(1)));
    assert_eq!(d.legal_actions(), vec![Action::Take, Action::Pass]);
    d.apply(Seat(1), &Action::Pass).unwrap();
    assert_eq!(d.to_act(), Some(Seat(2)));
    d.apply(Seat(2), &Action::Take).unwrap();
    assert_eq!(d.contract(), Some(Contract::Suit(Suit::Diamonds)), "the turned JD's suit");
    assert_eq!(d.taker(), Some(Seat(2)));
}

#[test]
fn french_seed002_s2_second_round_names_another_suit() {
    let mut d = FrenchDeal::new(opts(), Seat(0), Deck::ordered()).unwrap();
    for s in [1, 2, 3, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert_eq!(d.round(), 2);
    let legal = d.legal_actions();
    assert!(!legal.contains(&Action::Name { suit: Suit::Diamonds }), "not the turned suit");
    assert!(!legal.contains(&Action::Take));
    let err = d.apply(Seat(1), &Action::Name { suit: Suit::Diamonds }).unwrap_err();
    assert!(err.to_string().contains("other than the turned card's (D)"), "{err}");
    d.apply(Seat(1), &Action::Pass).unwrap();
    d.apply(Seat(2), &Action::Name { suit: Suit::Clubs }).unwrap();
    assert_eq!(d.contract(), Some(Contract::Suit(Suit::Clubs)));
    assert_eq!(d.taker(), Some(Seat(2)));
    // The taker still receives the turned card.
    assert!(d.hand(Seat(2)).contains(c("JD")));
}

#[test]
fn french_seed002_s2_all_pass_twice_cards_thrown_in_next_player_deals() {
    let mut d = FrenchDeal::new(opts(), Seat(0), Deck::ordered()).unwrap();
    for _ in 0..8 {
        let s = d.to_act().unwrap();
        d.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(d.phase(), Phase::ThrownIn);
    assert_eq!(d.to_act(), None);
    let mut m = belot_core::french::FrenchMatch::new(opts(), Seat(0), Deck::ordered()).unwrap();
    for _ in 0..8 {
        let s = m.current().to_act().unwrap();
        m.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(m.standing().totals, [belot_core::Half(0); 4]);
    m.next_deal(Some(Deck::ordered())).unwrap();
    assert_eq!(m.current().dealer(), Seat(1));
}

#[test]
fn french_seed002_s2_taker_gets_turned_card_and_two_more_others_three() {
    let mut d = FrenchDeal::new(opts(), Seat(0), Deck::ordered()).unwrap();
    d.apply(Seat(1), &Action::Pass).unwrap();
    d.apply(Seat(2), &Action::Take).unwrap();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S JH QH QD KD AD"));
    assert_eq!(d.hand(Seat(2)), set("TS JS QS KH AH JD 7C 8C"));
    assert_eq!(d.hand(Seat(3)), set("KS AS 7H 7D 8D 9C TC JC"));
    assert_eq!(d.hand(Seat(0)), set("8H 9H TH 9D TD QC KC AC"));
    for s in 0..4 {
        assert_eq!(d.hand(Seat(s)).len(), 8);
    }
}

#[test]
fn french_seed002_s2_taker_must_score_more_than_the_opponents() {
    let o = opts();
    let s = |taker_pts| french_summary(0, [taker_pts, 162 - taker_pts]);
    assert_eq!(score_deal(&s(82), &o).outcome, Outcome::Made);
    assert_eq!(score_deal(&s(80), &o).outcome, Outcome::Dedans);
    assert_eq!(score_deal(&s(81), &o).outcome, Outcome::Litige, "equal is not more");
}

// §3 Playing the cards

/// One test per rule of §3 on what may be played: each case is the
/// cards of a hand, the card led and the card winning the trick (for the
/// partner or not), then the cards [`legal`] allows.
macro_rules! legal_play_rules {
    ($($name:ident { $($hand:literal, $led:literal, $winning:literal, $partner:literal => $want:literal;)+ })+) => {
        $(
            #[test]
            fn $name() {
                $(assert_eq!(legal($hand, $led, $winning, $partner), set($want));)+
            }
        )+
    };
}

legal_play_rules! {
    french_seed002_s3_must_follow_suit {
        "7S AS JH 8D", "KS", "KS", false => "7S AS";
    }
    french_seed002_s3_void_must_trump {
        "7H JH 8D AC", "KS", "KS", false => "7H JH";
    }
    french_seed002_s3_void_need_not_trump_when_partner_wins_the_trick {
        "7H JH 8D AC", "KS", "AS", true => "7H JH 8D AC";
    }
    french_seed002_s3_trump_on_trump_must_beat_it_when_possible {
        // Void in spades; an opponent has ruffed with the 10 of hearts.
        "7H JH 8D AC", "KS", "TH", false => "JH";
        // Cannot beat it: still must play a (lower) trump.
        "7H 8H 8D AC", "KS", "TH", false => "7H 8H";
    }
    french_seed002_s3_trump_led_must_overtrump_even_over_partner {
        "7H 9H 8D", "AH", "AH", true => "9H";
        // No higher trump: any trump.
        "7H 8H 8D", "AH", "AH", true => "7H 8H";
    }
    french_seed002_s3_trump_on_partners_trump_must_beat_it_when_possible {
        // The partner has ruffed with the 10; a trump laid on it must beat
        // it (seed literal), though a plain card is allowed.
        "7H JH 8D", "KS", "TH", true => "JH 8D";
    }
}

#[test]
fn french_seed002_s3_rank_order_trump_j9a10kq87_plain_a10kqj987() {
    let order_t = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"];
    let order_p = ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"];
    for w in order_t.windows(2).chain(order_p.windows(2)) {
        assert!(H.beats(c(w[0]), c(w[1])), "{} beats {}", w[0], w[1]);
    }
    // In a real trick: seat 0 leads 9S, seat 1 plays JS (plain: below 9? no:
    // J ranks above 9 in plain suits), seat 2 AS wins.
    let mut d = deal_at_play(
        opts(),
        [
            "9S 7D 8D 9D TD 7C 8C 9C",
            "JS QD KD AD JD TC JC QC",
            "AS KC AC 7H 8H 9H TH JH",
            "7S 8S TS QS KS QH KH AH",
        ],
        Suit::Hearts,
        0,
    );
    d.apply(Seat(0), &Action::play(c("9S"))).unwrap();
    d.apply(Seat(1), &Action::play(c("JS"))).unwrap();
    d.apply(Seat(2), &Action::play(c("AS"))).unwrap();
    d.apply(Seat(3), &Action::play(c("TS"))).unwrap();
    assert_eq!(d.tricks()[0].winner, Seat(2));
}

// §4 Card values

#[test]
fn french_seed002_s4_cards_152_plus_dix_de_der_10_makes_162() {
    assert_eq!(H.deck_points(), 152);
    let mut d = deal_at_play(opts(), MELD_HANDS, Suit::Spades, 0);
    play_out(&mut d);
    let s = d.summary().unwrap();
    assert_eq!(s.card_points[0] + s.card_points[1], 162);
    let last = d.tricks().last().unwrap();
    let w = side_of(last.winner).index();
    let trick_pts: u32 =
        d.tricks().iter().filter(|t| side_of(t.winner).index() == w).map(|t| t.points).sum();
    assert_eq!(s.card_points[w], trick_pts + 10, "the last trick adds 10");
}

// §5 Announcements

#[test]
fn french_seed002_s5_announced_at_the_first_trick_only() {
    let mut d = deal_at_play(opts(), MELD_HANDS, Suit::Hearts, 0);
    // Seat 0 plays without announcing: it can no longer announce.
    play_first(&mut d);
    announce(&mut d, &["KD QD JD TD"]);
    play_first(&mut d);
    play_first(&mut d);
    play_first(&mut d);
    // Trick 2: nobody may announce.
    let seat = d.to_act().unwrap();
    assert!(!d.legal_actions().iter().any(|a| matches!(a, Action::Announce { .. })));
    let melds = d.available_melds(seat).to_vec();
    if !melds.is_empty() {
        let e = d.apply(seat, &Action::Announce { melds }).unwrap_err();
        assert!(e.to_string().contains("at the first trick"), "{e}");
    }
}

fn announce_all_and_play(o: FrenchOptions, trump: Suit) -> FrenchDeal {
    let mut d = deal_at_play(o, MELD_HANDS, trump, 0);
    announce(&mut d, &["AH KH QH"]);
    play_first(&mut d);
    announce(&mut d, &["KD QD JD TD"]);
    play_first(&mut d);
    announce(&mut d, &["9S 9H 9D 9C"]);
    play_first(&mut d);
    announce(&mut d, &["AC KC QC"]);
    play_first(&mut d);
    d
}

#[test]
fn french_seed002_s5_only_the_side_with_the_best_sequence_scores_sequences() {
    let mut d = announce_all_and_play(opts(), Suit::Hearts);
    // Seat 1's quarte beats both tierces: side 1 scores its quarte and
    // its partner's tierce (50 + 20); side 0's tierce scores nothing.
    let scored: Vec<(u8, u32)> =
        d.announcements().iter().filter(|a| a.scored).map(|a| (a.seat.0, a.points)).collect();
    assert!(scored.contains(&(1, 50)) && scored.contains(&(3, 20)));
    assert!(!scored.contains(&(0, 20)));
    play_out(&mut d);
    assert_eq!(d.summary().unwrap().announcements[1], 70);
}

#[test]
fn french_seed002_s5_only_the_side_with_the_best_carre_scores_carres() {
    let mut d = announce_all_and_play(opts(), Suit::Hearts);
    play_out(&mut d);
    // Side 0 (seat 2's carré of nines, 150) is the only carré.
    assert_eq!(d.summary().unwrap().announcements[0], 150);
}

#[test]
fn french_seed002_s5_announcements_add_to_the_deal_value() {
    let mut d = announce_all_and_play(opts(), Suit::Hearts);
    play_out(&mut d);
    let s = d.score().unwrap();
    let sum: i32 = s.recorded.iter().sum::<i32>() + s.held;
    // 162 in cards + 150 + 70 announcements + 20 belote (seat 0 holds K+Q
    // of hearts; play_out calls it).
    assert_eq!(sum, 162 + 150 + 70 + s.belote.iter().sum::<i32>());
}

// §6 Belote–rebelote

#[test]
fn french_seed002_s6_belote_called_with_king_and_queen_of_trumps() {
    let mut d = deal_at_play(opts(), MELD_HANDS, Suit::Hearts, 0);
    assert_eq!(d.belote_seat(), Some(Seat(0)));
    // Only the holder may call, and only with the K or Q of trumps.
    let e = d.apply(Seat(0), &Action::Play { card: c("AH"), belote: true }).unwrap_err();
    assert!(e.to_string().contains("king and queen of trumps"), "{e}");
    assert!(d.legal_actions().contains(&Action::Play { card: c("KH"), belote: true }));
    play_out(&mut d);
    assert_eq!(d.belote_calls(), 2);
    assert_eq!(d.summary().unwrap().belote, Some(Side(0)));
}

#[test]
fn french_seed002_s6_belote_stays_with_its_side_whatever_happens() {
    let o = opts();
    // Takers (side 0) hold the belote and go dedans: they keep the 20.
    let s = DealSummary { belote: Some(Side(0)), ..french_summary(0, [40, 122]) };
    let r = score_deal(&s, &o);
    assert_eq!(r.outcome, Outcome::Dedans);
    assert_eq!(r.recorded, [20, 162]);
    // Defenders' belote stays with them too.
    let s = DealSummary { belote: Some(Side(1)), card_points: [100, 62], ..s };
    assert_eq!(score_deal(&s, &o).recorded, [100, 82]);
}

// §7 Capot

#[test]
fn french_seed002_s7_capot_all_tricks_worth_252() {
    let o = opts();
    let s = DealSummary { capot: Some(Side(0)), ..french_summary(0, [162, 0]) };
    let r = score_deal(&s, &o);
    assert_eq!(r.card_points, [252, 0]);
    assert_eq!(r.recorded, [252, 0]);
    // Played out: a hand with every trump and the aces takes all 8 tricks.
    let mut d = deal_at_play(
        o,
        [
            "JH 9H AH TH KH QH 8H 7H",
            "AS KS QS JS 7D 8D 9D TD",
            "AD KD QD JD 7C 8C 9C TC",
            "TS 9S 8S 7S AC KC QC JC",
        ],
        Suit::Hearts,
        0,
    );
    play_out(&mut d);
    let sum = d.summary().unwrap();
    assert_eq!(sum.capot, Some(Side(0)));
    assert_eq!(d.score().unwrap().card_points, [252, 0]);
}

// §8 Dedans

#[test]
fn french_seed002_s8_dedans_opponents_take_the_whole_deal_with_all_announcements() {
    let o = opts();
    let s = DealSummary { announcements: [20, 50], ..french_summary(0, [60, 102]) };
    let r = score_deal(&s, &o);
    assert_eq!(r.outcome, Outcome::Dedans);
    assert_eq!(r.recorded, [0, 162 + 20 + 50]);
}

#[test]
fn french_seed002_s8_dedans_taker_keeps_only_his_belote() {
    let o = opts();
    let s = DealSummary {
        announcements: [0, 20],
        belote: Some(Side(1)),
        ..french_summary(1, [120, 42])
    };
    let r = score_deal(&s, &o);
    assert_eq!(r.outcome, Outcome::Dedans);
    assert_eq!(r.recorded, [162 + 20, 20]);
}

// §9 Litige

#[test]
fn french_seed002_s9_litige_defenders_record_taker_points_wait_for_next_winner() {
    let o = opts();
    let tie = french_summary(0, [81, 81]);
    let r = score_deal(&tie, &o);
    assert_eq!(r.outcome, Outcome::Litige);
    assert_eq!(r.recorded, [0, 81]);
    assert_eq!(r.held, 81);
    // The next deal's winner (here the takers of side 1, made) gets the 81.
    let next = DealSummary { taker: Side(1), card_points: [62, 100], ..tie };
    let l = Ledger::from_entries(
        o,
        Seat(0),
        &[Entry::Played { summary: tie }, Entry::ThrownIn, Entry::Played { summary: next }],
    );
    assert_eq!(l.rows[0].pool_after, 81);
    assert_eq!(l.rows[1].pool_after, 81, "a thrown-in deal does not award it");
    assert_eq!(l.rows[2].pool_awarded, Some((Side(1), 81)));
    assert_eq!(l.totals, [62, 81 + 100 + 81]);
    assert_eq!(l.pool, 0);
}

#[test]
fn french_seed002_s9_litige_can_be_settled_differently() {
    let tie = french_summary(0, [81, 81]);
    for (litige, outcome, recorded) in [
        (LitigeMode::TieIsDedans, Outcome::Dedans, [0, 162]),
        (LitigeMode::TieIsMade, Outcome::Made, [81, 81]),
    ] {
        let r = score_deal(&tie, &FrenchOptions { litige, ..opts() });
        assert_eq!((r.outcome, r.tie, r.recorded), (outcome, true, recorded), "{litige:?}");
    }
}

// §10 Victory

fn made(taker: u8, pts0: u32) -> Entry {
    Entry::Played { summary: french_summary(taker, [pts0, 162 - pts0]) }
}

#[test]
fn french_seed002_s10_first_side_to_reach_1000_wins() {
    let mut l = Ledger::new(opts(), Seat(0));
    for _ in 0..6 {
        l.push(&made(0, 160));
    }
    assert_eq!(l.totals[0], 960);
    assert_eq!(l.winner, None);
    l.push(&made(0, 160));
    assert_eq!(l.winner, Some(Side(0)));
}

#[test]
fn french_seed002_s10_short_game_to_500() {
    let o = FrenchOptions { target: 500, ..opts() };
    let l =
        Ledger::from_entries(o, Seat(0), &[made(0, 160), made(0, 160), made(0, 160), made(0, 160)]);
    assert_eq!(l.winner, Some(Side(0)));
    assert_eq!(l.rows.iter().filter(|r| r.counted).count(), 4);
}

#[test]
fn french_seed002_s10_both_cross_more_points_wins_or_the_taker_by_option() {
    let base = [made(0, 150); 6]; // 900 / 72
    let mut e: Vec<Entry> = base.to_vec();
    e.extend([made(1, 0); 5]);
    let l = Ledger::from_entries(opts(), Seat(0), &e);
    assert_eq!(l.totals, [900, 882]);
    // Side 1 takes with 120 against 42 + 100 announced: dedans, side 0
    // alone crosses.
    let both = Entry::Played {
        summary: DealSummary { announcements: [100, 0], ..french_summary(1, [42, 120]) },
    };
    let mut e2 = e.clone();
    e2.push(both);
    let l = Ledger::from_entries(opts(), Seat(0), &e2);
    assert_eq!(l.winner, Some(Side(0)));
    // A made deal where both cross: side 1 takes 140 vs 22, side 0 announces 100.
    let both = Entry::Played {
        summary: DealSummary { announcements: [100, 0], ..french_summary(1, [22, 140]) },
    };
    let mut e3 = e.clone();
    e3.push(both);
    let l = Ledger::from_entries(opts(), Seat(0), &e3);
    assert_eq!(l.totals, [1022, 1022]);
    assert_eq!(l.winner, None, "equal totals over the target: play another deal");
    let o = FrenchOptions { both_cross: belot_core::french::BothCross::Taker, ..opts() };
    let l = Ledger::from_entries(o, Seat(0), &e3);
    assert_eq!(l.winner, Some(Side(1)), "the side that took trump");
    // Side 1 announces 20 more: 1022 against 1042, more points wins.
    let mut e4 = e;
    e4.push(Entry::Played {
        summary: DealSummary { announcements: [100, 20], ..french_summary(1, [22, 140]) },
    });
    let l = Ledger::from_entries(opts(), Seat(0), &e4);
    assert_eq!(l.totals, [1022, 1042]);
    assert_eq!(l.winner, Some(Side(1)));
}

// §11 The score keeper: points of one side entered, the rest derived

#[test]
fn french_seed002_s11_app_derives_other_side_dedans_litige_and_dealer() {
    // The keeper enters one side's points; the other side is 162 minus it.
    let entered = 70;
    let s = french_summary(0, [entered, 162 - entered]);
    s.validate().unwrap();
    assert_eq!(score_deal(&s, &opts()).outcome, Outcome::Dedans);
    let bad = DealSummary { card_points: [1, 161], ..s };
    let e = bad.validate().unwrap_err();
    assert!(e.message.contains("exactly 1") && e.code == "card_point_one", "{e:?}");
    let l = Ledger::from_entries(opts(), Seat(1), &[Entry::Played { summary: s }]);
    assert_eq!(l.rows[0].dealer, Seat(1));
    assert_eq!(l.next_dealer(), Seat(2));
}

#[test]
fn french_seed002_s3_a_refused_card_names_the_legal_ones_in_the_trump_order() {
    let h = [
        "7S 8S 9S TS JS QS KS AS",
        "7H 9H JH AH 7D 8D 9D TD",
        "8H TH QH KH JD QD KD AD",
        "7C 8C 9C TC JC QC KC AC",
    ];
    let mut d = deal_at_play(opts(), h, Suit::Hearts, 0);
    d.apply(Seat(0), &Action::play(c("7S"))).unwrap();
    // Void in spades, seat 1 must trump: the message lists its trumps as
    // a player ranks them, jack and nine first.
    let e = d.apply(Seat(1), &Action::play(c("TD"))).unwrap_err();
    assert!(e.to_string().contains("legal cards: JH 9H AH 7H"), "{e}");
}

#[test]
fn french_seed002_s3_illegal_card_is_refused_and_nothing_changes() {
    let mut d = deal_at_play(opts(), MELD_HANDS, Suit::Hearts, 0);
    d.apply(Seat(0), &Action::play(c("7S"))).unwrap();
    let before = format!("{:?}", d.full_state());
    // Seat 1 holds spades (AS KS) and must follow.
    let e = d.apply(Seat(1), &Action::play(c("KD"))).unwrap_err();
    assert!(matches!(e, GameError::Illegal(_)));
    assert!(e.to_string().contains("legal cards: AS KS"), "{e}");
    assert_eq!(e.code(), "card_not_legal");
    let legal = e.refusal().params["legal"].clone();
    assert_eq!(legal, belot_core::Param::List(vec!["AS".into(), "KS".into()]));
    let e = d.apply(Seat(2), &Action::play(c("9S"))).unwrap_err();
    assert!(matches!(e, GameError::NotYourTurn { expected: Some(1), got: 2 }));
    assert_eq!(before, format!("{:?}", d.full_state()));
}
