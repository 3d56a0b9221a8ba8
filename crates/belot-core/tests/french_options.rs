//! One test per French Belote option (rules reference §4.10), default and
//! alternatives.

mod common;

use belot_core::Deal as _;
use belot_core::french::{
    AnnounceContests, BothCross, CapotVictim, DealSummary, FirstPackets, FrenchDeal, FrenchOptions,
    LitigeMode, Outcome, score_deal,
};
use belot_core::meld::{CardReuse, SeqTie};
use belot_core::play::{PlayRules, TrickContext, legal_plays};
use belot_core::{Action, CardSet, Contract, Deck, Seat, Side, Suit};
use common::*;

fn opts() -> FrenchOptions {
    FrenchOptions::default()
}

#[test]
fn french_option_defaults_are_the_seeds() {
    let o = opts();
    assert_eq!(o.target, 1000);
    assert_eq!(o.both_cross, BothCross::MorePoints);
    assert_eq!(o.litige, LitigeMode::Hold);
    assert!(!o.litige_holds_belote);
    assert!(o.belote_in_contract_test);
    assert!(o.belote_requires_calls);
    assert_eq!(o.announce_contests, AnnounceContests::Separate);
    assert_eq!(o.seq_len_cap, Some(5));
    assert_eq!(o.seq_tie, SeqTie::None);
    assert_eq!(o.card_reuse, CardReuse::AllowCarreAndSeq);
    assert_eq!(o.capot_victim_announcements, CapotVictim::Keep);
    assert!(o.overtrump_over_partner_when_discarding_trump);
    assert!(o.must_undertrump);
    assert_eq!(o.first_packets, FirstPackets::ThreeTwo);
}

#[test]
fn options_json_partial_and_unknown_keys() {
    let o: FrenchOptions =
        serde_json::from_str(r#"{"target":500,"litige":"tie_is_made"}"#).unwrap();
    assert_eq!(o.target, 500);
    assert_eq!(o.litige, LitigeMode::TieIsMade);
    assert_eq!(o.both_cross, BothCross::MorePoints);
    let e = serde_json::from_str::<FrenchOptions>(r#"{"targte":500}"#).unwrap_err();
    assert!(e.to_string().contains("unknown field `targte`"), "{e}");
    let e = serde_json::from_str::<FrenchOptions>(r#"{"litige":"coin_toss"}"#).unwrap_err();
    assert!(e.to_string().contains("hold"), "{e}");
    let o = FrenchOptions { target: 0, ..opts() };
    let e = o.validate().unwrap_err();
    assert!(e.message.contains("1000 (default), 500"), "{e}");
    assert_eq!(e.code, "option_range");
    let o = FrenchOptions { seq_len_cap: Some(2), ..opts() };
    assert_eq!(o.validate().unwrap_err().code, "option_range");
    // Round trip of every field.
    let o = FrenchOptions {
        first_packets: FirstPackets::TwoThree,
        capot_victim_announcements: CapotVictim::Transfer,
        ..opts()
    };
    let text = serde_json::to_string(&o).unwrap();
    assert!(text.contains(r#""first_packets":"2+3""#), "{text}");
    assert_eq!(serde_json::from_str::<FrenchOptions>(&text).unwrap(), o);
}

fn tie_with_belote() -> DealSummary {
    DealSummary { belote: Some(Side(0)), ..french_summary(0, [71, 91]) }
}

#[test]
fn french_option_litige_holds_belote() {
    // 71 + 20 = 91: a tie, the taker's belote recorded at once by default.
    let r = score_deal(&tie_with_belote(), &opts());
    assert_eq!((r.outcome, r.recorded, r.held), (Outcome::Litige, [20, 91], 71));
    let o = FrenchOptions { litige_holds_belote: true, ..opts() };
    let r = score_deal(&tie_with_belote(), &o);
    assert_eq!((r.recorded, r.held), ([0, 91], 91));
}

#[test]
fn french_option_belote_in_contract_test() {
    // Without the belote in the test, 71 against 91 is dedans.
    let o = FrenchOptions { belote_in_contract_test: false, ..opts() };
    let r = score_deal(&tie_with_belote(), &o);
    assert_eq!((r.outcome, r.recorded), (Outcome::Dedans, [20, 162]));
}

#[test]
fn french_option_belote_requires_calls() {
    // Default: belote scores only if called with both cards.
    let play_without_calls = |o: FrenchOptions| {
        let mut d = deal_at_play(o, MELD_HANDS, Suit::Hearts, 0);
        while let Some(seat) = d.to_act() {
            let card = d.play_state().unwrap().legal().first().unwrap();
            d.apply(seat, &Action::play(card)).unwrap();
        }
        d.summary().unwrap().belote
    };
    assert_eq!(play_without_calls(opts()), None);
    let o = FrenchOptions { belote_requires_calls: false, ..opts() };
    assert_eq!(play_without_calls(o), Some(Side(0)));
}

fn announce_and_trick(o: FrenchOptions, trump: Suit, which: [Option<&str>; 4]) -> FrenchDeal {
    let mut d = deal_at_play(o, MELD_HANDS, trump, 0);
    for m in which {
        if let Some(m) = m {
            announce(&mut d, &[m]);
        }
        play_first(&mut d);
    }
    d
}

fn scored(d: &FrenchDeal) -> Vec<u8> {
    d.announcements().iter().filter(|a| a.scored).map(|a| a.seat.0).collect()
}

#[test]
fn french_option_announce_contests_single() {
    let all = [Some("AH KH QH"), Some("KD QD JD TD"), Some("9S 9H 9D 9C"), Some("AC KC QC")];
    // Separate (default): side 1 scores sequences, side 0 the carré.
    let d = announce_and_trick(opts(), Suit::Hearts, all);
    assert_eq!(scored(&d), vec![1, 2, 3]);
    // Single contest: the carré (150) is the best announcement; side 0
    // scores everything it announced, side 1 nothing.
    let o = FrenchOptions { announce_contests: AnnounceContests::Single, ..opts() };
    let d = announce_and_trick(o, Suit::Hearts, all);
    assert_eq!(scored(&d), vec![0, 2]);
}

#[test]
fn french_option_seq_tie_none_or_first_in_turn() {
    // Only the two equal A-K-Q tierces (hearts, clubs) with spades trump.
    let which = [Some("AH KH QH"), None, None, Some("AC KC QC")];
    let d = announce_and_trick(opts(), Suit::Spades, which);
    assert!(scored(&d).is_empty(), "equal plain sequences: nobody scores");
    let o = FrenchOptions { seq_tie: SeqTie::FirstInTurn, ..opts() };
    let d = announce_and_trick(o, Suit::Spades, which);
    assert_eq!(scored(&d), vec![0]);
    // With hearts trump the trump tierce wins outright.
    let d = announce_and_trick(opts(), Suit::Hearts, which);
    assert_eq!(scored(&d), vec![0]);
}

#[test]
fn french_option_seq_len_cap() {
    // A quinte (5) and a 6-card run: capped at 5, the higher top decides.
    let h = [
        "AS KS QS JS TS 7D 8D 9D", // quinte to the ace
        "KH QH JH TH 9H 8H 7C 8C", // six to the king
        "AH 7H 9S 8S 7S TD JD QD",
        "KD AD 9C TC JC QC KC AC",
    ];
    let run = |o: FrenchOptions| {
        let mut d = deal_at_play(o, h, Suit::Diamonds, 0);
        announce(&mut d, &["AS KS QS JS TS"]);
        play_first(&mut d);
        announce(&mut d, &["KH QH JH TH 9H 8H"]);
        play_first(&mut d);
        play_first(&mut d);
        play_first(&mut d);
        scored(&d)
    };
    assert_eq!(run(opts()), vec![0], "capped at 5: the ace-high quinte wins");
    assert_eq!(run(FrenchOptions { seq_len_cap: None, ..opts() }), vec![1], "uncapped: six wins");
}

#[test]
fn french_option_card_reuse() {
    // Seat 0: a carré of kings and K-Q-J of clubs sharing the king.
    let h = [
        "KS KH KD KC QC JC 7S 8S",
        "AS QS JS TS 9S AH QH JH",
        "TH 9H 8H 7H AD QD JD TD",
        "9D 8D 7D AC TC 9C 8C 7C",
    ];
    let d = deal_at_play(opts(), h, Suit::Hearts, 0);
    assert_eq!(d.available_melds(Seat(0)).len(), 2, "carré and tierce share the king");
    let o = FrenchOptions { card_reuse: CardReuse::OnceOnly, ..opts() };
    let d = deal_at_play(o, h, Suit::Hearts, 0);
    assert_eq!(d.available_melds(Seat(0)).len(), 1, "the carré takes the king");
}

#[test]
fn french_option_capot_victim_announcements() {
    let s =
        DealSummary { capot: Some(Side(0)), announcements: [0, 50], ..french_summary(0, [162, 0]) };
    assert_eq!(score_deal(&s, &opts()).recorded, [252, 50]);
    let o = FrenchOptions { capot_victim_announcements: CapotVictim::Void, ..opts() };
    assert_eq!(score_deal(&s, &o).recorded, [252, 0]);
    let o = FrenchOptions { capot_victim_announcements: CapotVictim::Transfer, ..opts() };
    assert_eq!(score_deal(&s, &o).recorded, [302, 0]);
}

/// The cards of `hand` that `rules` allow, hearts trump, void in spades
/// on a trick led with the king of spades and ruffed with the ten of
/// hearts, by the partner or by an opponent.
fn on_a_ruff(hand: CardSet, rules: &PlayRules, partner_ruffed: bool) -> CardSet {
    let ctx =
        TrickContext { led: Some(c("KS")), winning: c("TH"), partner_winning: partner_ruffed };
    legal_plays(hand, Contract::Suit(Suit::Hearts), rules, &ctx)
}

#[test]
fn french_option_overtrump_over_partner_when_discarding_trump() {
    let hand = set("7H JH 8D");
    assert_eq!(on_a_ruff(hand, &PlayRules::FRENCH, true), set("JH 8D"));
    let ffb = PlayRules { overtrump_over_partner: false, ..PlayRules::FRENCH };
    assert_eq!(on_a_ruff(hand, &ffb, true), hand);
    // The deal passes the option to its play rules.
    let o = FrenchOptions { overtrump_over_partner_when_discarding_trump: false, ..opts() };
    let d = deal_at_play(o, MELD_HANDS, Suit::Hearts, 0);
    assert!(!d.play_state().unwrap().rules().overtrump_over_partner);
}

/// The duty to under-trump (issue 20): void in the suit led, holding only
/// trumps below an opponent's winning trump, a player must still trump
/// (seed 002, the default); with the option off (contrée, many tables) he
/// may play any card. A trump he can beat with must still be beaten.
#[test]
fn french_option_must_undertrump() {
    let hand = set("7H 8H 8D AC");
    assert_eq!(on_a_ruff(hand, &PlayRules::FRENCH, false), set("7H 8H"));
    let o = FrenchOptions { must_undertrump: false, ..opts() };
    assert_eq!(on_a_ruff(hand, &o.play_rules(), false), hand);
    let higher = set("7H JH 8D");
    assert_eq!(on_a_ruff(higher, &o.play_rules(), false), set("JH"));
    // The deal passes the option to its play rules.
    let d = deal_at_play(o, MELD_HANDS, Suit::Hearts, 0);
    assert!(!d.play_state().unwrap().rules().must_undertrump);
}

#[test]
fn french_option_first_packets_two_then_three() {
    let o = FrenchOptions { first_packets: FirstPackets::TwoThree, ..opts() };
    let d = FrenchDeal::new(o, Seat(0), Deck::ordered()).unwrap();
    // Seat 1: cards 0-1, then 8-10.
    assert_eq!(d.hand(Seat(1)), set("7S 8S 7H 8H 9H"));
    assert_eq!(d.hand(Seat(0)), set("KS AS 8D 9D TD"));
    assert_eq!(d.turned(), c("JD"));
}

#[test]
fn french_option_both_cross_and_target_are_in_the_ledger() {
    // Covered in french_rules (seed002_s10_*); here the JSON names.
    let o: FrenchOptions = serde_json::from_str(r#"{"both_cross":"taker","target":500}"#).unwrap();
    assert_eq!((o.both_cross, o.target), (BothCross::Taker, 500));
}
