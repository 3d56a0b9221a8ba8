//! Every game driven through the one interface only: [`Game`],
//! [`AnyMatch`] / [`Match`], [`AnyDeal`] / [`Deal`] and [`AnyView`]. No
//! line here names a game's own types, so a new game behind the interface
//! is tested by adding its name to `GAMES`.

use belot_core::{AnyDeal, AnyMatch, Deal, Deck, Game, Half, Match, PlayoutRng, Seat};
use rand_core::{RngCore, SeedableRng};

const GAMES: [&str; 5] = ["french", "french-3", "french-2", "two-player", "three-player"];

/// A legal action of the seat to act, drawn at random.
fn pick(legal: &[belot_core::Action], rng: &mut PlayoutRng) -> belot_core::Action {
    legal[(rng.next_u64() % legal.len() as u64) as usize].clone()
}

/// Checks what every seat's view says against the match: only the seat to
/// act has legal actions, and they are the match's.
fn check_views(m: &AnyMatch) {
    let players = m.players();
    for s in 0..players {
        let v = m.view(Seat(s));
        assert_eq!(v.seat(), Seat(s));
        assert_eq!(v.players(), players);
        assert_eq!(v.to_act(), m.to_act());
        assert_eq!(v.dealer(), m.dealer());
        if m.to_act() == Some(Seat(s)) {
            assert_eq!(v.legal(), m.legal_actions().as_slice());
        } else {
            assert!(v.legal().is_empty(), "seat {s} may not act out of turn");
        }
    }
}

#[test]
fn every_game_plays_a_whole_match_through_the_one_interface() {
    for (k, name) in GAMES.into_iter().enumerate() {
        let game = Game::from_name(name).unwrap();
        let mut m = AnyMatch::from_seed(&game, Seat(0), 7 + k as u64).unwrap();
        let mut rng = PlayoutRng::seed_from_u64(k as u64);
        assert_eq!(m.game(), game, "{name}");
        assert_eq!(m.players(), game.players());
        let mut deals = 0;
        loop {
            while let Some(seat) = m.to_act() {
                check_views(&m);
                let action = pick(&m.legal_actions(), &mut rng);
                m.apply(seat, &action).unwrap();
            }
            if let Some(points) = m.deal_recorded() {
                assert_eq!(points.len(), game.players() as usize, "{name}");
            }
            deals += 1;
            if m.match_over() || deals > 400 {
                break;
            }
            m.next_deal(None).unwrap();
        }
        assert!(m.match_over(), "{name}: no winner after {deals} deals");
        let st = m.standing();
        assert_eq!(st.totals.len(), game.players() as usize);
        assert!(!st.winners.is_empty(), "{name}");
        let best = *st.totals.iter().max().unwrap();
        let target = Half::points(game.target() as i32);
        for w in &st.winners {
            assert_eq!(st.totals[w.index()], best, "{name}: the winner has the best total");
            assert!(best >= target, "{name}: {best} reaches the target {target}");
        }
        // A match over refuses another deal, and its record replays to
        // the same standing.
        assert!(m.next_deal(None).is_err());
        let again = AnyMatch::from_record(&m.record()).unwrap();
        assert_eq!(again.standing(), st, "{name}");
        assert_eq!(again.deal_count(), m.deal_count());
    }
}

#[test]
fn every_game_plays_a_deal_through_the_one_interface() {
    for (k, name) in GAMES.into_iter().enumerate() {
        let game = Game::from_name(name).unwrap();
        for seed in 0..40u64 {
            let dealer = Seat((seed % game.players() as u64) as u8);
            let mut d = AnyDeal::new(&game, dealer, Deck::from_seed(seed, k as u64)).unwrap();
            let mut rng = PlayoutRng::seed_from_u64(seed);
            assert_eq!(d.dealer(), dealer);
            assert_eq!(Deal::players(&d), game.players());
            while let Some(seat) = d.to_act() {
                assert!(!d.is_over());
                let legal = d.legal_actions();
                assert_eq!(d.view(seat).legal(), legal.as_slice(), "{name}");
                let before = d.actions().len();
                d.apply(seat, &pick(&legal, &mut rng)).unwrap();
                assert_eq!(d.actions().len(), before + 1);
            }
            assert!(d.is_over(), "{name}: nobody to act, so the deal is over");
            if let Some(points) = d.recorded() {
                assert_eq!(points.len(), game.players() as usize);
                assert!(d.play_state().is_some(), "{name}: a scored deal was played");
            }
        }
    }
}

#[test]
fn a_refused_action_changes_nothing_in_any_game() {
    for name in GAMES {
        let game = Game::from_name(name).unwrap();
        let mut m = AnyMatch::from_seed(&game, Seat(0), 3).unwrap();
        let seat = m.to_act().unwrap();
        let other = Seat((seat.0 + 1) % game.players());
        let before = m.record();
        let action = m.legal_actions()[0].clone();
        assert!(m.apply(other, &action).is_err(), "{name}: out of turn");
        assert_eq!(m.record(), before, "{name}");
    }
}

#[test]
fn games_read_their_names_and_json() {
    for name in GAMES {
        let game = Game::from_name(name).unwrap();
        assert_eq!(game.name(), name);
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
        let v: belot_core::Variant = game.variant().to_string().parse().unwrap();
        assert_eq!(v, game.variant());
    }
    assert!(Game::from_name("whist").is_err());
    let g: Game = serde_json::from_str(r#"{"variant":"french"}"#).unwrap();
    assert_eq!(g, Game::from_name("french").unwrap());
    assert!(serde_json::from_str::<Game>(r#"{"variant":"french","extra":1}"#).is_err());
}

#[test]
fn every_game_resumes_at_given_totals_and_plays_to_the_end() {
    for (k, name) in GAMES.into_iter().enumerate() {
        let game = Game::from_name(name).unwrap();
        let mut m = AnyMatch::from_seed(&game, Seat(1), k as u64).unwrap();
        let sides = game.sides();
        let near = Half::points(game.target() as i32 - 10);
        let start = belot_core::Start { totals: vec![near; sides], held: Half(0), deal: 30 };
        m.resume(start.clone()).unwrap();
        assert_eq!(m.deal_number(), 30);
        let per_seat = m.standing().totals;
        assert!(per_seat.iter().all(|&t| t == near), "{name}: {per_seat:?}");
        let mut rng = PlayoutRng::seed_from_u64(9);
        while !m.match_over() {
            while let Some(seat) = m.to_act() {
                let a = pick(&m.legal_actions(), &mut rng);
                m.apply(seat, &a).unwrap();
            }
            if !m.match_over() {
                m.next_deal(None).unwrap();
            }
            assert!(m.deal_number() < 60, "{name}");
        }
        // Once a deal is over, the start cannot change.
        assert!(m.resume(start).is_err());
        let r = m.record();
        assert_eq!(AnyMatch::from_record(&r).unwrap().standing(), m.standing(), "{name}");
    }
}
