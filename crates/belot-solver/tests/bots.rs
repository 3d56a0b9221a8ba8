//! Bots: every move legal over thousands of deals, decisions that depend
//! only on the seat's view and the seed, and the heuristic bot stronger
//! than the random one.

use belot_core::french::{FrenchDeal, FrenchOptions, Phase};
use belot_core::{CardSet, Deck, Seat, Suit};
use belot_solver::bots::{Bot, HeuristicBot, RandomBot};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Plays a deal with `bots[seat]`; every action must be accepted.
fn play(deal: &mut FrenchDeal, bots: &mut [Box<dyn Bot>; 4], rng: &mut ChaCha8Rng) {
    while let Some(seat) = deal.to_act() {
        let view = deal.view(seat);
        let action = bots[seat.index()].act(&view, rng);
        deal.apply(seat, &action)
            .unwrap_or_else(|e| panic!("{} played {action}: {e}", bots[seat.index()].name()));
    }
}

fn mixed() -> [Box<dyn Bot>; 4] {
    [Box::new(HeuristicBot), Box::new(RandomBot), Box::new(HeuristicBot), Box::new(RandomBot)]
}

#[test]
fn every_bot_move_is_legal_in_thousands_of_deals() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut played = 0;
    for k in 0..2000u64 {
        let mut bots = if k % 2 == 0 {
            mixed()
        } else {
            [
                Box::new(RandomBot) as Box<dyn Bot>,
                Box::new(HeuristicBot),
                Box::new(RandomBot),
                Box::new(HeuristicBot),
            ]
        };
        let mut d =
            FrenchDeal::new(FrenchOptions::default(), Seat((k % 4) as u8), Deck::from_seed(k, 0))
                .unwrap();
        play(&mut d, &mut bots, &mut rng);
        assert!(d.is_over());
        if d.phase() == Phase::Finished {
            played += 1;
        }
    }
    assert!(played > 1000, "most deals are taken and played: {played}");
}

#[test]
fn decisions_depend_only_on_the_view_and_the_seed() {
    // Two deals where seat 0 holds the same cards and the others' cards
    // are shuffled among them: seat 0's views are equal, so are its moves.
    let mine = "JH 9H AH TH 7S 8S AD KC";
    let parse = |s: &str| -> CardSet { belot_core::parse_cards(s).unwrap().into_iter().collect() };
    let rest: Vec<belot_core::Card> = (!parse(mine)).iter().collect();
    let hands_a = [
        parse(mine),
        rest[0..8].iter().copied().collect(),
        rest[8..16].iter().copied().collect(),
        rest[16..24].iter().copied().collect(),
    ];
    let hands_b = [
        parse(mine),
        rest[16..24].iter().copied().collect(),
        rest[0..8].iter().copied().collect(),
        rest[8..16].iter().copied().collect(),
    ];
    for bot in [&mut HeuristicBot as &mut dyn Bot, &mut RandomBot] {
        let a = FrenchDeal::from_hands(
            FrenchOptions::default(),
            Seat(3),
            hands_a,
            Suit::Hearts,
            Seat(0),
        )
        .unwrap();
        let b = FrenchDeal::from_hands(
            FrenchOptions::default(),
            Seat(3),
            hands_b,
            Suit::Hearts,
            Seat(0),
        )
        .unwrap();
        let (va, vb) = (a.view(Seat(0)), b.view(Seat(0)));
        assert_eq!(serde_json::to_string(&va).unwrap(), serde_json::to_string(&vb).unwrap());
        let x = bot.act(&va, &mut ChaCha8Rng::seed_from_u64(9));
        let y = bot.act(&vb, &mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!(x, y, "{}", bot.name());
    }
}

#[test]
fn heuristic_takes_more_points_than_random() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let (mut h, mut r) = (0i64, 0i64);
    for k in 0..400u64 {
        let mut bots = mixed();
        let mut d = FrenchDeal::new(
            FrenchOptions::default(),
            Seat((k % 4) as u8),
            Deck::from_seed(k + 10_000, 0),
        )
        .unwrap();
        play(&mut d, &mut bots, &mut rng);
        if let Some(s) = d.score() {
            h += s.recorded[0] as i64;
            r += s.recorded[1] as i64;
        }
    }
    let share = h as f64 / (h + r) as f64;
    assert!(share > 0.6, "heuristic side's share of the points: {share:.3}");
}

#[test]
fn pimc_moves_are_legal_and_depend_only_on_the_view_and_the_seed() {
    use belot_solver::pimc::PimcBot;
    let options = FrenchOptions::default();
    // Legal in whole deals against both other bots.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for k in 0..12u64 {
        let pimc = || Box::new(PimcBot { options, samples: 3 }) as Box<dyn Bot>;
        let other = || {
            if k % 2 == 0 { Box::new(HeuristicBot) as Box<dyn Bot> } else { Box::new(RandomBot) }
        };
        let mut bots = [pimc(), other(), pimc(), other()];
        let mut d =
            FrenchDeal::new(options, Seat((k % 4) as u8), Deck::from_seed(k + 500, 0)).unwrap();
        play(&mut d, &mut bots, &mut rng);
        assert!(d.is_over());
    }
    // Same view, different unseen cards: the same card, for several seeds.
    let mine = "JH 9H AH TH 7S 8S AD KC";
    let parse = |s: &str| -> CardSet { belot_core::parse_cards(s).unwrap().into_iter().collect() };
    let rest: Vec<belot_core::Card> = (!parse(mine)).iter().collect();
    let part = |r: std::ops::Range<usize>| -> CardSet { rest[r].iter().copied().collect() };
    let deal = |hands| {
        let mut d = FrenchDeal::from_hands(options, Seat(3), hands, Suit::Hearts, Seat(0)).unwrap();
        // Seat 0 leads; its announcements first (the same in both deals).
        while d.to_act() == Some(Seat(0))
            && d.legal_actions().iter().any(|a| matches!(a, belot_core::Action::Announce { .. }))
        {
            let a = HeuristicBot.act(&d.view(Seat(0)), &mut ChaCha8Rng::seed_from_u64(0));
            d.apply(Seat(0), &a).unwrap();
        }
        d
    };
    let a = deal([parse(mine), part(0..8), part(8..16), part(16..24)]);
    let b = deal([parse(mine), part(16..24), part(0..8), part(8..16)]);
    let (va, vb) = (a.view(Seat(0)), b.view(Seat(0)));
    assert_eq!(serde_json::to_string(&va).unwrap(), serde_json::to_string(&vb).unwrap());
    assert!(va.legal.iter().all(|x| matches!(x, belot_core::Action::Play { .. })));
    for seed in 0..3 {
        let mut bot = PimcBot { options, samples: 3 };
        let x = bot.act(&va, &mut ChaCha8Rng::seed_from_u64(seed));
        let y = bot.act(&vb, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(x, y);
    }
}
