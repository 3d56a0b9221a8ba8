//! One test per two-player Belot option (rules reference §3.10).

mod common;

use belot_core::Deal as _;
use belot_core::meld::{Meld, MeldValues};
use belot_core::two_player::{
    BaitMode, BkCarreValues, BothCross2, PoolMode, RaspasyMeldCharging, RedealDealer, TieMode,
    TwoDeal, TwoEntry, TwoLedger, TwoMatch, TwoOptions, TwoOutcome, TwoPhase, TwoSummary,
    score_deal,
};
use belot_core::{Action, Deck, Rank, Seat};
use common::*;

fn opts() -> TwoOptions {
    TwoOptions::default()
}

use common::two_summary as summary;

#[test]
fn two_player_option_defaults() {
    let o = TwoOptions::default();
    assert_eq!(o.target, 1001);
    assert!(o.raspasy_enabled);
    assert_eq!(o.raspasy_meld_charging, RaspasyMeldCharging::Opponent);
    assert_eq!(o.redeal_dealer, RedealDealer::Same);
    assert_eq!(o.seq_compare_len_cap, None);
    assert!(o.vk_bela_every_suit);
    assert_eq!(o.bk_carre_values, BkCarreValues::Seed);
    assert!(!o.winner_takes_all);
    assert_eq!(o.bait_mode, BaitMode::AllToVist);
    assert!(!o.bela_survives_bait);
    assert_eq!(o.tie_mode, TieMode::Hang);
    assert_eq!(o.pool_mode, PoolMode::Sum);
    assert_eq!(o.both_cross, BothCross2::HigherTotal);
    let e = serde_json::from_str::<TwoOptions>(r#"{"raspasi":false}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field"), "{e}");
    assert!(TwoOptions { target: 0, ..o }.validate().is_err());
}

#[test]
fn two_player_option_target_501() {
    let o = TwoOptions { target: 501, ..opts() };
    let l = TwoLedger::from_entries(
        o,
        Seat(0),
        &[TwoEntry::Played { summary: summary(0, [160, 2]) }; 4],
    );
    assert_eq!(l.winner, Some(Seat(0)));
    assert_eq!(l.rows.iter().filter(|r| r.counted).count(), 4);
}

#[test]
fn two_player_option_raspasy_disabled_throws_in() {
    let o = TwoOptions { raspasy_enabled: false, ..opts() };
    let mut m = TwoMatch::new(o, Seat(0), Deck::ordered()).unwrap();
    for s in [1, 0, 1, 0] {
        m.apply(Seat(s), &Action::Pass).unwrap();
    }
    assert_eq!(m.current().phase(), TwoPhase::ThrownIn);
    m.next_deal(Some(Deck::ordered())).unwrap();
    assert_eq!(m.current().dealer(), Seat(1), "the other player deals");
}

#[test]
fn two_player_option_raspasy_meld_charging_own() {
    let s = raspasy_summary();
    let o = TwoOptions { raspasy_meld_charging: RaspasyMeldCharging::Own, ..opts() };
    assert_eq!(score_deal(&s, &o).recorded, [-(40 + 20), -(122 + 50)]);
}

#[test]
fn two_player_option_redeal_dealer_alternate() {
    let o = TwoOptions { redeal_dealer: RedealDealer::Alternate, ..opts() };
    let l = TwoLedger::from_entries(o, Seat(0), &[TwoEntry::Redeal]);
    assert_eq!(l.next_dealer, Seat(1));
    let l = TwoLedger::from_entries(opts(), Seat(0), &[TwoEntry::Redeal]);
    assert_eq!(l.next_dealer, Seat(0));
}

#[test]
fn two_player_option_seq_compare_len_cap() {
    // Non-dealer: a 6-card run to the king; dealer: a quint to the ace.
    let deck =
        two_deck("KS QS JS TS 9S 8S", "AD KD QD JD TD 7C", "7H", "8H 9H 7D", "AC KC QC", "AH");
    let run = |o: TwoOptions| {
        let mut d = bid(o, deck, &[(1, Action::Take)]);
        let a =
            d.legal_actions().into_iter().find(|a| matches!(a, Action::Announce { .. })).unwrap();
        d.apply(Seat(1), &a).unwrap();
        two_play_out_first_trick(&mut d);
        d.contest_winner()
    };
    assert_eq!(run(opts()), Some(Seat(1)), "uncapped: six beats five");
    assert_eq!(
        run(TwoOptions { seq_compare_len_cap: Some(5), ..opts() }),
        Some(Seat(0)),
        "capped: the ace-high quint"
    );
}

/// A deal of `deck` dealt by seat 0, after `bids` (each a seat and its
/// action).
fn bid(o: TwoOptions, deck: Deck, bids: &[(u8, Action)]) -> TwoDeal {
    let mut d = TwoDeal::new(o, Seat(0), deck).unwrap();
    for (seat, action) in bids {
        d.apply(Seat(*seat), action).unwrap();
    }
    d
}

/// Plays the rest of the first trick, the dealer announcing his best.
fn two_play_out_first_trick(d: &mut TwoDeal) {
    let card = d.play_state().unwrap().legal().first().unwrap();
    d.apply(Seat(1), &Action::play(card)).unwrap();
    if let Some(a) = d.legal_actions().into_iter().find(|a| matches!(a, Action::Announce { .. })) {
        d.apply(Seat(0), &a).unwrap();
    }
    let card = d.play_state().unwrap().legal().first().unwrap();
    d.apply(Seat(0), &Action::play(card)).unwrap();
}

#[test]
fn two_player_option_vk_bela_every_suit_false() {
    let deck =
        two_deck("KH QH KS QS 7D 8D", "AH AS 9D TD JD QD", "7C", "AC TC 9C", "8C JC QC", "KC");
    let o = TwoOptions { vk_bela_every_suit: false, ..opts() };
    let mut d = bid(o, deck, &[(1, Action::Pass), (0, Action::Pass), (1, Action::AllTrumps)]);
    assert!(!d.legal_actions().iter().any(|a| matches!(a, Action::Play { belote: true, .. })));
    play_out(&mut d);
    assert_eq!(d.summary().unwrap().belas, [0, 0]);
}

#[test]
fn two_player_option_bk_carre_values_french_nt() {
    let deck =
        two_deck("AS AH AD AC 7S 8S", "KS KH KD KC 7D 8D", "9C", "TS TH 9S", "QS QH 9D", "JC");
    let run = |o: TwoOptions| {
        let d = bid(o, deck, &[(1, Action::Pass), (0, Action::Pass), (1, Action::NoTrumps)]);
        d.values().value(Meld::Carre(Rank::Ace))
    };
    assert_eq!(run(opts()), 110);
    assert_eq!(run(TwoOptions { bk_carre_values: BkCarreValues::FrenchNt, ..opts() }), 200);
    assert_eq!(MeldValues::TWO_PLAYER.value(Meld::Carre(Rank::Ace)), 110);
}

#[test]
fn two_player_option_winner_takes_all() {
    let o = TwoOptions { winner_takes_all: true, ..opts() };
    assert_eq!(score_deal(&summary(0, [100, 62]), &o).recorded, [162, 0]);
}

#[test]
fn two_player_option_bait_mode_opponent_own_only() {
    let o = TwoOptions { bait_mode: BaitMode::OpponentOwnOnly, ..opts() };
    let r = score_deal(&summary(0, [60, 102]), &o);
    assert_eq!((r.outcome, r.recorded), (TwoOutcome::Bait, [0, 102]));
}

#[test]
fn two_player_option_bela_survives_bait() {
    let s = TwoSummary { belas: [1, 0], ..summary(0, [60, 102]) };
    let o = TwoOptions { bela_survives_bait: true, ..opts() };
    assert_eq!(score_deal(&s, &o).recorded, [20, 60 + 102]);
    // §8.4: also in a tie, the бела is recorded at once.
    let tie = TwoSummary { belas: [1, 0], ..summary(0, [71, 91]) };
    let r = score_deal(&tie, &o);
    assert_eq!((r.outcome, r.recorded, r.held), (TwoOutcome::Tie, [20, 91], 71));
    assert_eq!(score_deal(&tie, &opts()).recorded, [0, 91], "by default the whole total hangs");
}

#[test]
fn two_player_option_tie_mode() {
    let tie = summary(0, [81, 81]);
    let o = TwoOptions { tie_mode: TieMode::LoaderFails, ..opts() };
    let r = score_deal(&tie, &o);
    assert_eq!((r.outcome, r.tie, r.recorded), (TwoOutcome::Bait, true, [0, 162]));
    let o = TwoOptions { tie_mode: TieMode::BothKeep, ..opts() };
    let r = score_deal(&tie, &o);
    assert_eq!((r.outcome, r.recorded, r.held), (TwoOutcome::Tie, [81, 81], 0));
}

#[test]
fn two_player_option_pool_mode_separate() {
    let tie = summary(0, [81, 81]);
    let tie2 = summary(1, [71, 71]);
    let win = summary(1, [40, 122]);
    let entries = [
        TwoEntry::Played { summary: tie },
        TwoEntry::Played { summary: tie2 },
        TwoEntry::Played { summary: win },
    ];
    let l = TwoLedger::from_entries(opts(), Seat(0), &entries);
    assert_eq!(l.rows[1].pools_after, vec![152]);
    assert_eq!(l.rows[2].pool_awarded, Some((Seat(1), 152)));
    let o = TwoOptions { pool_mode: PoolMode::Separate, ..opts() };
    let l = TwoLedger::from_entries(o, Seat(0), &entries);
    assert_eq!(l.rows[1].pools_after, vec![81, 71]);
    assert_eq!(l.rows[2].pool_awarded, Some((Seat(1), 81)), "the oldest first");
    assert_eq!(l.pools, vec![71]);
}

#[test]
fn two_player_option_both_cross_loader_wins() {
    let mut e: Vec<TwoEntry> = vec![TwoEntry::Played { summary: summary(0, [160, 2]) }; 6];
    e.extend(vec![TwoEntry::Played { summary: summary(1, [2, 160]) }; 6]);
    // 972 each, then a tie both keep (seat 0 loaded): 1053 each.
    e.push(TwoEntry::Played { summary: summary(0, [81, 81]) });
    let keep = TwoOptions { tie_mode: TieMode::BothKeep, ..opts() };
    let l = TwoLedger::from_entries(keep, Seat(0), &e);
    assert_eq!(l.totals, [1053, 1053]);
    assert_eq!(l.winner, None, "higher total: equal, play another deal");
    let o = TwoOptions { both_cross: BothCross2::LoaderWins, ..keep };
    let l = TwoLedger::from_entries(o, Seat(0), &e);
    assert_eq!(l.winner, Some(Seat(0)), "the loader of that deal");
}
