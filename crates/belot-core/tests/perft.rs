//! Perft: counts of play sequences from fixed positions, driven by
//! `tests/data/perft.txt`, checked three ways: the file's number, the
//! engine's [`PlayState`], and a deliberately naive legal-move function
//! written here from the rule text alone (lists, rank tables, no bitsets).
//!
//! A line of the data file: `name; hands; contract; leader; depth; count`,
//! hands as four space-separated card lists joined by `|`. Depth counts
//! cards played; `0` means "to the end" (complete play sequences).

use belot_core::play::{PlayRules, PlayState};
use belot_core::{Card, CardSet, Contract, Rank, Seat, Suit, parse_cards};

// ---- the naive reference, from seed 002 §3 and the rules reference §1.6 ----

const TRUMP_ORDER: [Rank; 8] = [
    Rank::Jack,
    Rank::Nine,
    Rank::Ace,
    Rank::Ten,
    Rank::King,
    Rank::Queen,
    Rank::Eight,
    Rank::Seven,
];
const PLAIN_ORDER: [Rank; 8] = [
    Rank::Ace,
    Rank::Ten,
    Rank::King,
    Rank::Queen,
    Rank::Jack,
    Rank::Nine,
    Rank::Eight,
    Rank::Seven,
];

fn is_trump(c: Card, contract: Contract) -> bool {
    match contract {
        Contract::Suit(t) => c.suit() == t,
        Contract::AllTrumps => true,
        Contract::NoTrumps => false,
    }
}

/// Position in the trick order of the card's suit (0 = highest).
fn place(c: Card, contract: Contract) -> usize {
    let order = if is_trump(c, contract) { TRUMP_ORDER } else { PLAIN_ORDER };
    order.iter().position(|&r| r == c.rank()).unwrap()
}

fn winner_index(trick: &[Card], contract: Contract) -> usize {
    let mut best = 0;
    for i in 1..trick.len() {
        let (a, b) = (trick[i], trick[best]);
        let ruff = matches!(contract, Contract::Suit(_));
        let better = if a.suit() == b.suit() {
            place(a, contract) < place(b, contract)
        } else {
            ruff && is_trump(a, contract)
        };
        if better {
            best = i;
        }
    }
    best
}

/// Legal cards, French rules (partner exception, over-trump even over the
/// partner when trump is led, a trump on a partner's trump must beat it if
/// possible, under-trump when you cannot over-trump); for all-trumps and
/// no-trumps the seed 001 duties.
fn naive_legal(
    hand: &[Card],
    trick: &[Card],
    contract: Contract,
    partner_winning: bool,
) -> Vec<Card> {
    if trick.is_empty() {
        return hand.to_vec();
    }
    let led = trick[0].suit();
    let follow: Vec<Card> = hand.iter().copied().filter(|c| c.suit() == led).collect();
    let best = trick[winner_index(trick, contract)];
    let beats = |c: &Card| c.suit() == best.suit() && place(*c, contract) < place(best, contract);
    if !follow.is_empty() {
        if is_trump(trick[0], contract) {
            let higher: Vec<Card> = follow.iter().copied().filter(|c| beats(c)).collect();
            if !higher.is_empty() {
                return higher;
            }
        }
        return follow;
    }
    let trumps: Vec<Card> = match contract {
        Contract::Suit(t) => hand.iter().copied().filter(|c| c.suit() == t).collect(),
        _ => Vec::new(),
    };
    if trumps.is_empty() {
        return hand.to_vec();
    }
    let best_is_trump = is_trump(best, contract);
    let higher: Vec<Card> = trumps.iter().copied().filter(|c| !best_is_trump || beats(c)).collect();
    if partner_winning {
        if best_is_trump && !higher.is_empty() {
            let mut v: Vec<Card> =
                hand.iter().copied().filter(|c| !is_trump(*c, contract)).collect();
            v.extend(higher);
            return v;
        }
        return hand.to_vec();
    }
    if !higher.is_empty() { higher } else { trumps }
}

fn naive_perft(
    hands: &mut Vec<Vec<Card>>,
    trick: &mut Vec<Card>,
    leader: usize,
    contract: Contract,
    depth: u32,
) -> u64 {
    let n = hands.len();
    if depth == 0 || hands.iter().all(|h| h.is_empty()) {
        return 1;
    }
    let seat = (leader + trick.len()) % n;
    let partner_winning = n == 4
        && !trick.is_empty()
        && (leader + winner_index(trick, contract)) % n == (seat + 2) % n;
    let legal = naive_legal(&hands[seat], trick, contract, partner_winning);
    let mut total = 0;
    for card in legal {
        let pos = hands[seat].iter().position(|&c| c == card).unwrap();
        hands[seat].remove(pos);
        trick.push(card);
        if trick.len() == n {
            let w = (leader + winner_index(trick, contract)) % n;
            let done = std::mem::take(trick);
            total += naive_perft(hands, trick, w, contract, depth - 1);
            *trick = done;
        } else {
            total += naive_perft(hands, trick, leader, contract, depth - 1);
        }
        trick.pop();
        hands[seat].insert(pos, card);
    }
    total
}

// ---- the engine ----

fn perft(s: &PlayState, depth: u32) -> u64 {
    if depth == 0 || s.is_over() {
        return 1;
    }
    let mut total = 0;
    for card in s.legal() {
        let mut next = *s;
        next.step(card);
        total += perft(&next, depth - 1);
    }
    total
}

struct Case {
    name: String,
    hands: Vec<Vec<Card>>,
    contract: Contract,
    leader: u8,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 6, "bad perft line: {l}");
            Case {
                name: f[0].to_string(),
                hands: f[1].split('|').map(|h| parse_cards(h).unwrap()).collect(),
                contract: f[2].parse().unwrap(),
                leader: f[3].parse().unwrap(),
                depth: f[4].parse().unwrap(),
                count: f[5].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn perft_counts_match_the_data_file_and_the_naive_reference() {
    let cases = cases();
    assert!(cases.len() >= 8, "the data file lost its cases");
    for case in cases {
        let n = case.hands.len() as u8;
        let mut hs = [CardSet::EMPTY; 4];
        for (i, h) in case.hands.iter().enumerate() {
            hs[i] = h.iter().copied().collect();
        }
        let rules = if n == 4 { PlayRules::FRENCH } else { PlayRules::NO_PARTNERS };
        let s = PlayState::new(hs, n, n == 4, case.contract, rules, Seat(case.leader));
        let depth = if case.depth == 0 { u32::MAX } else { case.depth };
        let fast = perft(&s, depth);
        let mut hands = case.hands.clone();
        let naive =
            naive_perft(&mut hands, &mut Vec::new(), case.leader as usize, case.contract, depth);
        assert_eq!(fast, naive, "{}: engine and naive reference disagree", case.name);
        assert_eq!(fast, case.count, "{}: count differs from the data file", case.name);
    }
}

#[test]
fn naive_reference_knows_the_partner_exception() {
    let hand = parse_cards("7H JH 8D").unwrap();
    let trick = parse_cards("KS TH").unwrap();
    let h = Contract::Suit(Suit::Hearts);
    assert_eq!(naive_legal(&hand, &trick, h, true), parse_cards("8D JH").unwrap());
    assert_eq!(naive_legal(&hand, &trick, h, false), parse_cards("JH").unwrap());
}
