//! One test per rule statement of seed 000 (three-player Belot of the
//! Black Sea ports), named `three_player_seed000_<rule>`, read through the
//! repairs of the rules reference §2.1.

mod common;

use belot_core::Deal as _;
use belot_core::meld::Meld;
use belot_core::play::{PlayRules, TrickContext, legal_plays};
use belot_core::three_player::{
    Half, NextDealer, ThreeDeal, ThreeEntry, ThreeLedger, ThreeMatch, ThreeOptions, ThreeOutcome,
    ThreePhase, ThreeSummary, score_deal,
};
use belot_core::{Action, Contract, Deck, Seat, Suit};
use common::*;

fn opts() -> ThreeOptions {
    ThreeOptions::default()
}

/// The ordered deck, seat 0 dealing. Seat 1: 7S 8S 9S 8H 9H TH (+TD JD QD);
/// seat 2: TS JS QS JH QH KH (+KD AD 7C); seat 0: KS AS 7H AH 7D 8D
/// (+8C 9C TC); turned 9D; JC QC KC AC stay out.
fn ordered() -> ThreeDeal {
    ThreeDeal::new(opts(), Seat(0), Deck::ordered()).unwrap()
}

use common::{in_points as rec, three_summary as summary};

#[test]
fn three_player_seed000_three_players_deck_of_32_six_cards_three_at_a_time() {
    let d = ordered();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S 8H 9H TH"));
    assert_eq!(d.hand(Seat(2)), set("TS JS QS JH QH KH"));
    assert_eq!(d.hand(Seat(0)), set("KS AS 7H AH 7D 8D"));
    assert_eq!(d.turned(), c("9D"), "the top card left proposes trump");
}

#[test]
fn three_player_seed000_players_order_the_game_with_play_in_turn() {
    let mut d = ordered();
    assert_eq!(d.to_act(), Some(Seat(1)), "from the dealer's left, dealer last");
    d.apply(Seat(1), &Action::Pass).unwrap();
    d.apply(Seat(2), &Action::Take).unwrap();
    assert_eq!(d.contract(), Some(Contract::Suit(Suit::Diamonds)));
    assert_eq!(d.declarer(), Some(Seat(2)));
}

#[test]
fn three_player_seed000_if_nobody_plays_another_suit_is_declared() {
    let mut d = ordered();
    for s in [1, 2, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert_eq!(d.round(), 2);
    assert!(!d.legal_actions().contains(&Action::Name { suit: Suit::Diamonds }));
    d.apply(Seat(1), &Action::Name { suit: Suit::Hearts }).unwrap();
    assert_eq!(d.contract(), Some(Contract::Suit(Suit::Hearts)));
}

#[test]
fn three_player_seed000_two_rounds_of_passes_the_next_player_redeals() {
    let mut m = ThreeMatch::new(opts(), Seat(0), Deck::ordered()).unwrap();
    for _ in 0..6 {
        let s = m.current().to_act().unwrap();
        m.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(m.current().phase(), ThreePhase::ThrownIn);
    assert_eq!(m.ledger().totals, [Half(0); 3]);
    m.next_deal(Some(Deck::ordered())).unwrap();
    assert_eq!(m.current().dealer(), Seat(1));
}

#[test]
fn three_player_seed000_three_more_cards_each_nine_in_hand() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S 8H 9H TH TD JD QD"));
    assert_eq!(d.hand(Seat(2)), set("TS JS QS JH QH KH KD AD 7C"));
    assert_eq!(d.hand(Seat(0)), set("KS AS 7H AH 7D 8D 8C 9C TC"));
    let in_play = d.hand(Seat(0)) | d.hand(Seat(1)) | d.hand(Seat(2));
    assert_eq!(in_play.len(), 27);
}

#[test]
fn three_player_seed000_card_values_plain_and_trump() {
    let k = Contract::Suit(Suit::Hearts);
    let pts = |s: &str| k.points(c(s));
    assert_eq!(
        [pts("AS"), pts("TS"), pts("KS"), pts("QS"), pts("JS"), pts("9S"), pts("8S")],
        [11, 10, 4, 3, 2, 0, 0]
    );
    assert_eq!(
        [pts("AH"), pts("TH"), pts("KH"), pts("QH"), pts("JH"), pts("9H"), pts("7H")],
        [11, 10, 4, 3, 20, 14, 0]
    );
}

#[test]
fn three_player_seed000_last_trick_worth_10() {
    let r = score_deal(&summary(0, [50, 50, 52]), &opts());
    assert_eq!(r.bonus, [10, 0, 0]);
    assert_eq!(r.totals, [60, 50, 52]);
}

#[test]
fn three_player_seed000_seven_of_trumps_exchanged_for_the_turned_card_before_first_move() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    // Everyone is asked in turn before the first lead; only seat 0, who
    // holds the 7 of diamonds, is offered the exchange.
    assert_eq!(d.phase(), ThreePhase::Announcing);
    for s in [1, 2] {
        assert!(!d.legal_actions().contains(&Action::Exchange));
        let e = d.apply(Seat(s), &Action::Exchange).unwrap_err();
        assert!(e.to_string().contains("by its holder"), "{e}");
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert_eq!(d.to_act(), Some(Seat(0)));
    assert!(d.legal_actions().contains(&Action::Exchange));
    d.apply(Seat(0), &Action::Exchange).unwrap();
    assert!(d.hand(Seat(0)).contains(c("9D")));
    assert_eq!(d.turned(), c("7D"));
    assert_eq!(d.to_act(), Some(Seat(0)), "the exchange does not end his turn");
    assert!(!d.legal_actions().contains(&Action::Exchange), "once");
    // Not when trump was named in the second round.
    let mut d = ordered();
    for s in [1, 2, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    d.apply(Seat(1), &Action::Name { suit: Suit::Diamonds }).unwrap_err();
    d.apply(Seat(1), &Action::Name { suit: Suit::Hearts }).unwrap();
    while d.phase() == ThreePhase::Announcing {
        assert!(!d.legal_actions().contains(&Action::Exchange));
        let s = d.to_act().unwrap();
        d.apply(s, &Action::Pass).unwrap();
    }
}

#[test]
fn three_player_everyone_is_asked_before_the_first_lead() {
    // Seat 0 has no combination after the exchange is declined... every seat
    // still gets its turn, so nobody learns who holds what.
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    let mut asked = Vec::new();
    while d.phase() == ThreePhase::Announcing {
        let s = d.to_act().unwrap();
        asked.push(s.0);
        d.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(asked, vec![1, 2, 0]);
}

fn announced_deal() -> ThreeDeal {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    d
}

#[test]
fn three_player_seed000_combinations_announced_before_the_first_lead_best_one_scores() {
    let mut d = announced_deal();
    assert_eq!(d.phase(), ThreePhase::Announcing);
    assert_eq!(d.to_act(), Some(Seat(1)), "in turn from the leader");
    // Each announces his best: seat 1 Q-J-10 of trumps, seat 2 K-Q-J of
    // hearts, seat 0 10-9-8 of clubs.
    for _ in 0..3 {
        let s = d.to_act().unwrap();
        let a = d.legal_actions()[0].clone();
        assert!(matches!(a, Action::Announce { .. }));
        d.apply(s, &a).unwrap();
    }
    assert_eq!(d.phase(), ThreePhase::Playing);
    assert_eq!(d.contest_winner(), Some(Seat(2)), "the higher top card wins");
    two_terzes_scored(&mut d);
}

fn two_terzes_scored(d: &mut ThreeDeal) {
    while let Some(s) = d.to_act() {
        let a = d.legal_actions().into_iter().find(|a| matches!(a, Action::Play { .. })).unwrap();
        d.apply(s, &a).unwrap();
    }
    // The winner scores all his combinations: K-Q-J of hearts and Q-J-10 of spades.
    assert_eq!(d.summary().unwrap().combinations, [0, 0, 40]);
}

#[test]
fn three_player_seed000_combination_seniority() {
    let mut d = announced_deal();
    d.apply(Seat(1), &Action::Pass).unwrap();
    let m = |s: &str| Meld::from_cards(set(s)).unwrap();
    use std::cmp::Ordering::*;
    // Same-rank combinations over same-suit ones.
    assert_eq!(d.compare(m("QS QH QD QC"), m("AS KS QS JS TS")), Greater);
    // Among carrés, the one of higher cards (200 > 150 > 100; then J 9 A 10 K Q).
    assert_eq!(d.compare(m("JS JH JD JC"), m("9S 9H 9D 9C")), Greater);
    assert_eq!(d.compare(m("AS AH AD AC"), m("KS KH KD KC")), Greater);
    // The longer sequence; longer than five counts as five.
    assert_eq!(d.compare(m("TS 9S 8S 7S"), m("AH KH QH")), Greater);
    assert_eq!(d.compare(m("KC QC JC TC 9C 8C"), m("AH KH QH JH TH")), Less, "six counts as five");
    // Equal length: the higher top card; then trump (diamonds); then equal.
    assert_eq!(d.compare(m("AS KS QS"), m("KH QH JH")), Greater);
    assert_eq!(d.compare(m("KD QD JD"), m("KH QH JH")), Greater, "trump");
    assert_eq!(d.compare(m("KS QS JS"), m("KH QH JH")), Equal, "plain: the earlier announced wins");
}

#[test]
fn three_player_seed000_combination_values() {
    let d = announced_deal();
    let v = d.values();
    let m = |s: &str| v.value(Meld::from_cards(set(s)).unwrap());
    assert_eq!(m("JS JH JD JC"), 200);
    assert_eq!(m("9S 9H 9D 9C"), 150);
    for s in ["AS AH AD AC", "TS TH TD TC", "KS KH KD KC", "QS QH QD QC", "AH KH QH JH TH"] {
        assert_eq!(m(s), 100, "{s}");
    }
    assert_eq!(m("AH KH QH JH"), 50);
    assert_eq!(m("AH KH QH"), 20, "the three-card run the translation lost");
}

#[test]
fn three_player_seed000_belot_king_and_queen_20() {
    // Seat 2 holds K+Q of hearts; with hearts trump it is a belot.
    let mut d = ordered();
    for s in [1, 2, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    d.apply(Seat(1), &Action::Name { suit: Suit::Hearts }).unwrap();
    while let Some(s) = d.to_act() {
        let a =
            d.legal_actions().into_iter().find(|a| !matches!(a, Action::Announce { .. })).unwrap();
        d.apply(s, &a).unwrap();
    }
    assert_eq!(d.summary().unwrap().belots, [0, 0, 1]);
    assert_eq!(d.score().unwrap().belots[2], 20);
}

#[test]
fn three_player_seed000_first_lead_left_of_dealer_trick_winner_leads() {
    let mut d = announced_deal();
    while d.phase() == ThreePhase::Announcing {
        let s = d.to_act().unwrap();
        d.apply(s, &Action::Pass).unwrap();
    }
    assert_eq!(d.to_act(), Some(Seat(1)));
    d.apply(Seat(1), &Action::play(c("7S"))).unwrap();
    d.apply(Seat(2), &Action::play(c("QS"))).unwrap();
    d.apply(Seat(0), &Action::play(c("AS"))).unwrap();
    assert_eq!(d.tricks()[0].winner, Seat(0));
    assert_eq!(d.to_act(), Some(Seat(0)));
}

#[test]
fn three_player_seed000_follow_suit_else_trump_else_anything_trump_must_be_beaten() {
    let h = Contract::Suit(Suit::Hearts);
    let r = PlayRules::NO_PARTNERS;
    let ctx = |led: &str, win: &str| TrickContext {
        led: Some(c(led)),
        winning: c(win),
        partner_winning: false,
    };
    assert_eq!(
        legal_plays(set("7S AS 7H"), h, &r, &ctx("KS", "KS")),
        set("7S AS"),
        "follow; no need to beat a plain card"
    );
    assert_eq!(legal_plays(set("7H 8D"), h, &r, &ctx("KS", "KS")), set("7H"), "no suit: trump");
    assert_eq!(
        legal_plays(set("7C 8D"), h, &r, &ctx("KS", "KS")),
        set("7C 8D"),
        "neither: anything"
    );
    assert_eq!(legal_plays(set("7H JH 8D"), h, &r, &ctx("KS", "TH")), set("JH"), "over-ruff");
    assert_eq!(
        legal_plays(set("7H 8H 8D"), h, &r, &ctx("KS", "TH")),
        set("7H 8H"),
        "else under-ruff"
    );
    assert_eq!(
        legal_plays(set("7H 9H"), h, &r, &ctx("AH", "AH")),
        set("9H"),
        "a trump lead is beaten"
    );
}

#[test]
fn three_player_seed000_game_to_501() {
    assert_eq!(opts().target, 501);
    let l = ThreeLedger::from_entries(
        opts(),
        Seat(2),
        &[ThreeEntry::Played { summary: summary(0, [150, 2, 0]) }; 4],
    );
    assert_eq!(l.totals[0], Half::points(640));
    assert_eq!(l.winner, Some(Seat(0)));
    assert_eq!(l.rows.iter().filter(|r| r.counted).count(), 4, "160 ×3 = 480 < 501");
}

#[test]
fn three_player_seed000_declarer_with_fewer_points_split_between_the_others() {
    let r = score_deal(&summary(0, [40, 62, 50]), &opts());
    assert_eq!(r.outcome, ThreeOutcome::Failed);
    // 40 + 10 (last trick) = 50: 25 each.
    assert_eq!(rec(r.recorded), [0.0, 87.0, 75.0]);
    // An odd total: the odd point to the opponent with the higher total.
    let r = score_deal(&summary(0, [41, 62, 49]), &opts());
    assert_eq!(rec(r.recorded), [0.0, 62.0 + 26.0, 49.0 + 25.0]);
}

#[test]
fn three_player_seed000_tie_declarer_records_nothing_points_go_to_next_deals_top() {
    let tie = summary(0, [52, 62, 40]); // 62 each for seat 0 (with 10) and seat 1
    let r = score_deal(&tie, &opts());
    assert_eq!(r.outcome, ThreeOutcome::Tie);
    assert_eq!(rec(r.recorded), [0.0, 62.0, 40.0]);
    assert_eq!(r.held, Half::points(62));
    let next = summary(1, [20, 100, 32]);
    let l = ThreeLedger::from_entries(
        ThreeOptions { next_dealer: NextDealer::RotateLeft, ..opts() },
        Seat(2),
        &[ThreeEntry::Played { summary: tie }, ThreeEntry::Played { summary: next }],
    );
    assert_eq!(l.rows[1].pool_awarded, Some((Seat(1), Half::points(62))));
    assert_eq!(l.pool, Half(0));
}

#[test]
fn three_player_seed000_double_capo_they_write_nothing_the_taker_of_all_adds_100() {
    let s = ThreeSummary {
        tricks: [9, 0, 0],
        belots: [0, 1, 0],
        combinations: [0, 50, 0],
        ..summary(0, [152, 0, 0])
    };
    let r = score_deal(&s, &opts());
    assert_eq!(r.bonus, [100, 0, 0]);
    assert_eq!(rec(r.recorded), [252.0, 0.0, 0.0]);
}

#[test]
fn three_player_ref_single_capo_50_to_each_other_player() {
    let s = ThreeSummary { tricks: [5, 4, 0], ..summary(0, [90, 62, 0]) };
    let r = score_deal(&s, &opts());
    assert_eq!(r.bonus, [50, 50, 0]);
    assert_eq!(r.totals, [140, 112, 0]);
}

#[test]
fn three_player_seed000_player_with_most_points_deals_next() {
    let l = ThreeLedger::from_entries(
        opts(),
        Seat(2),
        &[ThreeEntry::Played { summary: summary(0, [40, 70, 42]) }],
    );
    // Seat 0 failed (50 < 70): seat 1 records 70 + 25 = 95, the most.
    assert_eq!(l.next_dealer, Seat(1));
}

#[test]
fn three_player_seed000_totals_are_summed_over_the_deals() {
    let e = [summary(0, [100, 30, 22]), summary(1, [30, 100, 22])]
        .map(|summary| ThreeEntry::Played { summary });
    let l = ThreeLedger::from_entries(opts(), Seat(2), &e);
    // Seat 0 took the last trick both times (+10 each).
    assert_eq!(l.totals, [Half::points(150), Half::points(130), Half::points(44)]);
}
