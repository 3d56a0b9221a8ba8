//! One test per rule statement of seed 001 (two-player Belot to 1001),
//! named `two_player_seed001_<rule>`, and the rules reference §3 for what
//! the seed leaves open.

mod common;

use belot_core::Deal as _;
use belot_core::meld::{Meld, MeldOrder, MeldValues, compare_melds};
use belot_core::play::{PlayRules, TrickContext, legal_plays};
use belot_core::two_player::{
    TwoDeal, TwoEntry, TwoLedger, TwoMatch, TwoOptions, TwoOutcome, TwoPhase, TwoSummary,
    score_deal,
};
use belot_core::{Action, Contract, Deck, Rank, Seat, Suit};
use common::*;

fn opts() -> TwoOptions {
    TwoOptions::default()
}

/// The deck in index order, seat 0 dealing. Non-dealer (seat 1):
/// 7S 8S 9S KS AS 7H, then QH KH AH; dealer: TS JS QS 8H 9H TH, then
/// 7D 8D 9D; вскрышка JH; bottom AC.
fn ordered() -> TwoDeal {
    TwoDeal::new(opts(), Seat(0), Deck::ordered()).unwrap()
}

use common::two_summary as summary;

#[test]
fn two_player_seed001_deck_of_32_and_game_to_1001() {
    assert_eq!(opts().target, 1001);
    let mut l = TwoLedger::new(opts(), Seat(0));
    for _ in 0..6 {
        l.push(&TwoEntry::Played { summary: summary(0, [160, 2]) });
    }
    assert_eq!(l.totals[0], 960);
    assert_eq!(l.winner, None);
    l.push(&TwoEntry::Played { summary: summary(0, [160, 2]) });
    assert_eq!(l.winner, Some(Seat(0)), "1120 ≥ 1001");
}

#[test]
fn two_player_seed001_six_cards_each_in_threes_and_the_vskryshka() {
    let d = ordered();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S KS AS 7H"));
    assert_eq!(d.hand(Seat(0)), set("TS JS QS 8H 9H TH"));
    assert_eq!(d.vskryshka(), c("JH"));
    assert_eq!(d.bottom(), None, "the bottom card is shown only after the auction");
}

/// A deal of `deck` dealt by seat 0, the non-dealer (seat 1) having
/// taken the вскрышка's suit.
fn taken_by_the_non_dealer(deck: Deck) -> TwoDeal {
    let mut d = TwoDeal::new(opts(), Seat(0), deck).unwrap();
    d.apply(Seat(1), &Action::Take).unwrap();
    d
}

/// The auction is over: `loader` is to play `contract`.
fn assert_loaded(d: &TwoDeal, contract: Contract, loader: u8) {
    assert_eq!(d.contract(), Some(contract));
    assert_eq!(d.loader(), Some(Seat(loader)));
}

#[test]
fn two_player_seed001_non_dealer_opens_the_auction_play_or_pass() {
    let mut d = ordered();
    assert_eq!(d.to_act(), Some(Seat(1)));
    assert_eq!(d.legal_actions(), vec![Action::Take, Action::Pass]);
    d.apply(Seat(1), &Action::Take).unwrap();
    assert_loaded(&d, Contract::Suit(Suit::Hearts), 1);
}

#[test]
fn two_player_seed001_after_a_pass_the_dealer_chooses() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Pass).unwrap();
    assert_eq!(d.to_act(), Some(Seat(0)));
    assert_eq!(d.legal_actions(), vec![Action::Take, Action::Pass]);
    d.apply(Seat(0), &Action::Take).unwrap();
    assert_eq!(d.loader(), Some(Seat(0)));
}

#[test]
fn two_player_seed001_after_two_passes_another_suit_vk_bk_or_pass() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Pass).unwrap();
    d.apply(Seat(0), &Action::Pass).unwrap();
    let legal = d.legal_actions();
    assert!(legal.contains(&Action::AllTrumps) && legal.contains(&Action::NoTrumps));
    assert!(legal.contains(&Action::Name { suit: Suit::Clubs }));
    assert!(!legal.contains(&Action::Name { suit: Suit::Hearts }), "not the вскрышка suit");
    assert!(!legal.contains(&Action::Take));
    let e = d.apply(Seat(1), &Action::Name { suit: Suit::Hearts }).unwrap_err();
    assert!(e.to_string().contains("other than the turned card's (H)"), "{e}");
    d.apply(Seat(1), &Action::AllTrumps).unwrap();
    assert_loaded(&d, Contract::AllTrumps, 1);
}

#[test]
fn two_player_seed001_after_three_passes_the_dealer_orders_or_passes() {
    let mut d = ordered();
    for s in [1, 0, 1] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert_eq!(d.to_act(), Some(Seat(0)));
    d.apply(Seat(0), &Action::NoTrumps).unwrap();
    assert_loaded(&d, Contract::NoTrumps, 0);
}

#[test]
fn two_player_seed001_four_passes_play_raspasy() {
    let mut d = ordered();
    for s in [1, 0, 1, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert!(d.is_raspasy());
    assert_eq!(d.loader(), None);
    assert_eq!(d.contract(), Some(Contract::Suit(Suit::Hearts)), "trump: the вскрышка suit");
    assert_eq!(d.phase(), TwoPhase::Playing);
}

#[test]
fn two_player_seed001_three_more_cards_each_non_dealer_first_bottom_card_shown() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    assert_eq!(d.hand(Seat(1)), set("7S 8S 9S KS AS 7H QH KH AH"));
    assert_eq!(d.hand(Seat(0)), set("TS JS QS 8H 9H TH 7D 8D 9D"));
    assert_eq!(d.bottom(), Some(c("AC")));
    let v = d.view(Seat(0));
    assert_eq!(v.bottom, Some(c("AC")));
}

#[test]
fn two_player_seed001_loader_must_score_more_than_the_vist() {
    let o = opts();
    assert_eq!(score_deal(&summary(0, [90, 72]), &o).outcome, TwoOutcome::Made);
    assert_eq!(score_deal(&summary(0, [72, 90]), &o).outcome, TwoOutcome::Bait);
    assert_eq!(score_deal(&summary(0, [81, 81]), &o).outcome, TwoOutcome::Tie);
}

#[test]
fn two_player_seed001_seven_of_trumps_exchanged_for_the_vskryshka_before_first_move() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    assert!(d.legal_actions().contains(&Action::Exchange));
    d.apply(Seat(1), &Action::Exchange).unwrap();
    assert!(d.hand(Seat(1)).contains(c("JH")));
    assert!(!d.hand(Seat(1)).contains(c("7H")));
    assert_eq!(d.vskryshka(), c("7H"));
    assert!(!d.legal_actions().contains(&Action::Exchange), "once");
    // Not when trump is another suit.
    let mut d = ordered();
    for s in [1, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    d.apply(Seat(1), &Action::Name { suit: Suit::Spades }).unwrap();
    assert!(!d.legal_actions().contains(&Action::Exchange));
    assert!(d.apply(Seat(1), &Action::Exchange).is_err());
    // Not after one's first card.
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    d.apply(Seat(1), &Action::play(c("7S"))).unwrap();
    d.apply(Seat(0), &Action::play(c("TS"))).unwrap();
    assert!(d.apply(d.to_act().unwrap(), &Action::Exchange).is_err());
}

#[test]
fn two_player_seed001_four_sevens_or_four_eights_claim_a_redeal() {
    let deck =
        two_deck("7S 7H 7D 7C AS KS", "8S 8H 8D 8C AH KH", "JD", "QS JS TS", "QH JH TH", "AC");
    let mut d = taken_by_the_non_dealer(deck);
    assert!(d.legal_actions().contains(&Action::Redeal));
    let mut d2 = d.clone();
    d2.apply(Seat(1), &Action::Redeal).unwrap();
    assert_eq!(d2.phase(), TwoPhase::Redealt);
    assert_eq!(d2.redeal_by(), Some(Seat(1)));
    // The dealer may claim too, before his first card.
    d.apply(Seat(1), &Action::play(c("AS"))).unwrap();
    assert!(d.legal_actions().contains(&Action::Redeal));
    // A redeal scores nothing; by default the same dealer deals again.
    let mut m = TwoMatch::new(opts(), Seat(0), deck).unwrap();
    m.apply(Seat(1), &Action::Take).unwrap();
    m.apply(Seat(1), &Action::Redeal).unwrap();
    assert_eq!(m.ledger().totals, [0, 0]);
    m.next_deal(Some(Deck::ordered())).unwrap();
    assert_eq!(m.current().dealer(), Seat(0));
}

#[test]
fn two_player_seed001_non_dealer_leads_the_first_trick() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Pass).unwrap();
    d.apply(Seat(0), &Action::Take).unwrap();
    assert_eq!(d.to_act(), Some(Seat(1)), "even when the dealer loaded");
}

#[test]
fn two_player_seed001_rank_orders_plain_a10kqj987_trump_j9a10kq87() {
    let h = Contract::Suit(Suit::Hearts);
    for w in ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"].windows(2) {
        assert!(h.beats(c(w[0]), c(w[1])));
    }
    for w in ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"].windows(2) {
        assert!(h.beats(c(w[0]), c(w[1])));
    }
}

#[test]
fn two_player_seed001_follow_suit_else_trump_else_any_card() {
    let h = Contract::Suit(Suit::Hearts);
    let r = PlayRules::NO_PARTNERS;
    let ctx =
        |led: &str| TrickContext { led: Some(c(led)), winning: c(led), partner_winning: false };
    assert_eq!(legal_plays(set("7S AS 7H 8D"), h, &r, &ctx("KS")), set("7S AS"));
    assert_eq!(legal_plays(set("7H 9H 8D"), h, &r, &ctx("KS")), set("7H 9H"));
    assert_eq!(legal_plays(set("7C 8D"), h, &r, &ctx("KS")), set("7C 8D"));
}

#[test]
fn two_player_seed001_trump_lead_must_be_beaten_when_possible() {
    let h = Contract::Suit(Suit::Hearts);
    let ctx = TrickContext { led: Some(c("AH")), winning: c("AH"), partner_winning: false };
    assert_eq!(legal_plays(set("7H 9H JH 8D"), h, &PlayRules::NO_PARTNERS, &ctx), set("9H JH"));
    assert_eq!(legal_plays(set("7H 8H 8D"), h, &PlayRules::NO_PARTNERS, &ctx), set("7H 8H"));
}

#[test]
fn two_player_seed001_trick_winner_leads_next_and_only_the_last_trick_is_seen() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    d.apply(Seat(1), &Action::play(c("7S"))).unwrap();
    d.apply(Seat(0), &Action::play(c("TS"))).unwrap();
    assert_eq!(d.tricks()[0].winner, Seat(0));
    assert_eq!(d.to_act(), Some(Seat(0)));
    d.apply(Seat(0), &Action::play(c("7D"))).unwrap();
    d.apply(Seat(1), &Action::play(c("7H"))).unwrap(); // void in diamonds: must trump
    let v = d.view(Seat(0));
    let last = v.last_trick.unwrap();
    assert_eq!(last.cards, vec![(Seat(0), c("7D")), (Seat(1), c("7H"))]);
    // The first trick is face down: no view names its cards any more.
    let text = serde_json::to_string(&d.view(Seat(1))).unwrap();
    assert!(!text.contains("\"TS\""), "{text}");
}

#[test]
fn two_player_seed001_card_values_and_ten_for_the_last_trick() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    play_out(&mut d);
    let s = d.summary().unwrap();
    // 18 cards in play: their points under hearts trump, plus 10.
    let in_play = set("7S 8S 9S KS AS 7H QH KH AH TS JS QS 8H 9H TH 7D 8D 9D");
    assert_eq!(
        s.card_points[0] + s.card_points[1],
        Contract::Suit(Suit::Hearts).set_points(in_play) + 10
    );
    assert_eq!(Contract::Suit(Suit::Hearts).points(c("JH")), 20);
    assert_eq!(Contract::Suit(Suit::Hearts).points(c("JS")), 2);
}

#[test]
fn two_player_seed001_bk_doubles_every_point() {
    let s =
        TwoSummary { contract: Contract::NoTrumps, constructions: [20, 0], ..summary(0, [70, 56]) };
    let r = score_deal(&s, &opts());
    assert_eq!(r.multiplier, 2);
    assert_eq!(r.totals, [180, 112]);
    assert_eq!(r.recorded, [180, 112]);
}

#[test]
fn two_player_seed001_carre_values_j200_9_140_a110_others_100() {
    let v = MeldValues::TWO_PLAYER;
    let carre = |r| v.value(Meld::Carre(r));
    assert_eq!(
        [
            carre(Rank::Jack),
            carre(Rank::Nine),
            carre(Rank::Ace),
            carre(Rank::King),
            carre(Rank::Queen),
            carre(Rank::Ten)
        ],
        [200, 140, 110, 100, 100, 100]
    );
    assert_eq!(Meld::from_cards(set("7S 7H 7D 7C")), None, "four 7s only give the redeal right");
    assert_eq!(Meld::from_cards(set("8S 8H 8D 8C")), None);
}

#[test]
fn two_player_seed001_quint_100_quarte_50_terz_20_longer_runs_100() {
    let v = MeldValues::TWO_PLAYER;
    let seq = |len| v.value(Meld::Sequence { suit: Suit::Hearts, top: Rank::Ace, len });
    assert_eq!([seq(3), seq(4), seq(5), seq(6), seq(8)], [20, 50, 100, 100, 100]);
}

#[test]
fn two_player_seed001_each_player_announces_only_his_best_construction() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    // Seat 1 holds A-K-Q of hearts and 9-8-7 of spades: A-K-Q is his best.
    let best = Action::Announce { melds: vec![Meld::from_cards(set("AH KH QH")).unwrap()] };
    assert!(d.legal_actions().contains(&best));
    let lesser = Action::Announce { melds: vec![Meld::from_cards(set("9S 8S 7S")).unwrap()] };
    let e = d.apply(Seat(1), &lesser).unwrap_err();
    assert!(e.to_string().contains("only his best construction: [AH KH QH]"), "{e}");
    d.apply(Seat(1), &best).unwrap();
}

#[test]
fn two_player_seed001_construction_ranking() {
    let h = Contract::Suit(Suit::Hearts);
    let v = MeldValues::TWO_PLAYER;
    let m = |s: &str| Meld::from_cards(set(s)).unwrap();
    let gt = |a: &str, b: &str| {
        compare_melds(m(a), m(b), h, MeldOrder::CarreFirst, &v, None) == std::cmp::Ordering::Greater
    };
    assert!(gt("QS QH QD QC", "AS KS QS JS TS 9S 8S 7S"), "any carré beats any sequence");
    for w in
        ["JS JH JD JC", "9S 9H 9D 9C", "AS AH AD AC", "TS TH TD TC", "KS KH KD KC", "QS QH QD QC"]
            .windows(2)
    {
        assert!(gt(w[0], w[1]), "carré order J 9 A 10 K Q: {} > {}", w[0], w[1]);
    }
    assert!(gt("TS 9S 8S 7S", "AD KD QD"), "the longer wins");
    assert!(gt("AD KD QD", "KS QS JS"), "equal length: the higher top wins");
    assert!(gt("KH QH JH", "KS QS JS"), "equal top: the trump one wins");
    assert_eq!(
        compare_melds(m("KD QD JD"), m("KS QS JS"), h, MeldOrder::CarreFirst, &v, None),
        std::cmp::Ordering::Equal,
        "two plain equal ones: the one announced earlier wins (the contest's tie rule)"
    );
}

#[test]
fn two_player_seed001_contest_winner_scores_all_constructions_if_he_takes_a_trick() {
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    d.apply(Seat(1), &Action::Exchange).unwrap(); // JH in: J-Q-K-A of hearts
    let quarte = Meld::from_cards(set("JH QH KH AH")).unwrap();
    d.apply(Seat(1), &Action::Announce { melds: vec![quarte] }).unwrap();
    d.apply(Seat(1), &Action::play(c("JH"))).unwrap();
    let dealer_best = Meld::from_cards(set("QS JS TS")).unwrap();
    d.apply(Seat(0), &Action::Announce { melds: vec![dealer_best] }).unwrap();
    play_out(&mut d);
    assert_eq!(d.contest_winner(), Some(Seat(1)));
    // The quarte (50) and his 9-8-7 of spades (20): all his constructions.
    assert_eq!(d.summary().unwrap().constructions, [0, 70]);
    // Without a trick they do not count.
    let s = TwoSummary { constructions: [0, 70], tricks: [9, 0], ..summary(0, [162, 0]) };
    assert_eq!(score_deal(&s, &opts()).constructions, [0, 0]);
}

/// docs/protocol.md: a deal's report names the player who took every
/// trick (`capot`), in two-player Belot as in the other games (issue 45).
#[test]
fn two_player_report_names_who_took_every_trick() {
    let all = TwoSummary { tricks: [9, 0], ..summary(0, [162, 0]) };
    let report = belot_core::report::DealReport::from(&score_deal(&all, &opts()));
    assert_eq!(report.capot, Some(0));
    let split = TwoSummary { tricks: [5, 4], ..summary(0, [100, 62]) };
    assert_eq!(belot_core::report::DealReport::from(&score_deal(&split, &opts())).capot, None);
}

#[test]
fn two_player_seed001_bela_20_counts_in_every_case() {
    // Seat 1 holds K+Q of hearts: the бела, declared with one of them.
    let mut d = ordered();
    d.apply(Seat(1), &Action::Take).unwrap();
    assert!(d.legal_actions().contains(&Action::Play { card: c("KH"), belote: true }));
    play_out(&mut d);
    assert_eq!(d.summary().unwrap().belas, [0, 1]);
    // Even with no trick at all.
    let s = TwoSummary { belas: [0, 1], tricks: [9, 0], ..summary(0, [162, 0]) };
    assert_eq!(score_deal(&s, &opts()).totals, [162, 20]);
}

#[test]
fn two_player_seed001_bela_and_carre_cards_may_be_in_other_constructions() {
    // K-Q-J of trumps is a terz and a бела; a carré's king also in a run.
    let deck =
        two_deck("KH QH JH KS KD KC", "7S 8S 9S 7D 8D 9D", "TH", "QC JC 7C", "AS AD 8C", "AC");
    let mut d = taken_by_the_non_dealer(deck);
    d.apply(Seat(1), &Action::play(c("KH"))).unwrap();
    let melds = d.constructions(Seat(1)).to_vec();
    assert!(melds.contains(&Meld::Carre(Rank::King)));
    assert!(melds.contains(&Meld::from_cards(set("KH QH JH")).unwrap()));
    assert!(melds.contains(&Meld::from_cards(set("KC QC JC")).unwrap()));
}

#[test]
fn two_player_seed001_results_kept_as_a_running_total_table() {
    let l = TwoLedger::from_entries(
        opts(),
        Seat(1),
        &[
            TwoEntry::Played { summary: summary(0, [100, 62]) },
            TwoEntry::Played { summary: summary(1, [50, 112]) },
        ],
    );
    assert_eq!(l.rows.len(), 2);
    assert_eq!(l.rows[0].totals, [100, 62]);
    assert_eq!(l.rows[1].totals, [150, 174]);
    assert_eq!((l.rows[0].dealer, l.rows[1].dealer), (Seat(1), Seat(0)), "the deal alternates");
}

// The rules reference §3 (gaps of the truncated seed, defaults).

#[test]
fn two_player_ref_vk_every_lead_must_be_headed_and_bela_in_every_suit() {
    let ctx = TrickContext { led: Some(c("AS")), winning: c("AS"), partner_winning: false };
    let at = Contract::AllTrumps;
    assert_eq!(legal_plays(set("7S 9S JS 8D"), at, &PlayRules::NO_PARTNERS, &ctx), set("9S JS"));
    // Seat 1 with K+Q of hearts and of spades in all-trumps: two belas.
    let deck =
        two_deck("KH QH KS QS 7D 8D", "AH AS 9D TD JD QD", "7C", "AC TC 9C", "8C JC QC", "KC");
    let mut d = TwoDeal::new(opts(), Seat(0), deck).unwrap();
    for s in [1, 0] {
        d.apply(Seat(s), &Action::Pass).unwrap();
    }
    d.apply(Seat(1), &Action::AllTrumps).unwrap();
    play_out(&mut d);
    assert_eq!(d.summary().unwrap().belas, [0, 2]);
}

#[test]
fn two_player_ref_bait_gives_everything_to_the_vist() {
    let s = TwoSummary { belas: [1, 0], ..summary(0, [60, 102]) };
    let r = score_deal(&s, &opts());
    assert_eq!(r.outcome, TwoOutcome::Bait);
    assert_eq!(r.recorded, [0, 80 + 102]);
}

#[test]
fn two_player_ref_tie_hangs_the_loaders_points_for_the_next_winner() {
    let tie = summary(0, [81, 81]);
    let r = score_deal(&tie, &opts());
    assert_eq!((r.recorded, r.held), ([0, 81], 81));
    let raspasy = TwoSummary { raspasy: true, loader: None, ..summary(0, [100, 62]) };
    let l = TwoLedger::from_entries(
        opts(),
        Seat(0),
        &[
            TwoEntry::Played { summary: tie },
            TwoEntry::Played { summary: raspasy },
            TwoEntry::Played { summary: summary(1, [40, 122]) },
        ],
    );
    assert_eq!(l.rows[1].pools_after, vec![81], "распасы neither pays nor creates hanging points");
    assert_eq!(l.rows[2].pool_awarded, Some((Seat(1), 81)));
    assert_eq!(l.totals, [-100 + 40, 81 - 62 + 122 + 81]);
}

#[test]
fn two_player_seed001_raspasy_take_as_few_points_as_possible() {
    let s = raspasy_summary();
    let r = score_deal(&s, &opts());
    assert_eq!(r.outcome, TwoOutcome::Raspasy);
    // Each one's points count against him; the opponent's scoring
    // constructions (he took a trick) and бела too.
    assert_eq!(r.recorded, [-(40 + 50), -(122 + 20)]);
    assert_eq!(r.held, 0);
}

#[test]
fn two_player_ref_both_over_1001_higher_total_wins() {
    let mut e: Vec<TwoEntry> = vec![TwoEntry::Played { summary: summary(0, [160, 2]) }; 6];
    e.extend(vec![TwoEntry::Played { summary: summary(1, [2, 160]) }; 6]);
    let l = TwoLedger::from_entries(opts(), Seat(0), &e);
    assert_eq!(l.totals, [972, 972]);
    let mut e2 = e.clone();
    e2.push(TwoEntry::Played { summary: summary(1, [70, 92]) });
    let l = TwoLedger::from_entries(opts(), Seat(0), &e2);
    assert_eq!(l.totals, [1042, 1064]);
    assert_eq!(l.winner, Some(Seat(1)));
}
