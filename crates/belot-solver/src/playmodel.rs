//! The cards the others played, as evidence of their hands: a layout is
//! more likely when, in it, each card another seat played is the card a
//! model player (the heuristic bot) would have played with the hand the
//! layout gives that seat. A defender who ducked with the ace in one
//! layout and had no ace in another makes the second likelier.
//!
//! French Belote and three-player Belot: their views hold every trick of
//! the deal.

use std::cell::RefCell;
use std::collections::HashMap;

use belot_core::play::legal_plays;
use belot_core::view::SeatCommon;
use belot_core::view::TrickView;
use belot_core::{Card, CardSet, Contract, PlayRules, Seat, TrickContext};

/// One card another seat played when it had a choice to make.
#[derive(Clone, Debug)]
struct Past {
    seat: Seat,
    card: Card,
    /// The cards the seat played from this one on, this one included:
    /// with its cards now, its hand when it played.
    later: CardSet,
    /// The trick as it stood before the card.
    ctx: TrickContext,
}

/// A player's view as it stood before one of his plays (each game's
/// own, in its bot's folder): the card the model plays from it.
pub(crate) trait Then: std::fmt::Debug + Send {
    /// The card the model player plays holding `held`, `legal` the cards
    /// the rules allow, under `contract`.
    fn model_card(&mut self, held: CardSet, legal: CardSet, contract: Contract) -> Option<Card>;
    /// A copy of the view.
    fn clone_box(&self) -> Box<dyn Then>;
}

impl Clone for Box<dyn Then> {
    fn clone(&self) -> Box<dyn Then> {
        self.clone_box()
    }
}

/// How likely the others' plays are with a layout.
#[derive(Clone, Debug)]
pub struct PlayModel {
    contract: Contract,
    rules: PlayRules,
    plays: Vec<Past>,
    /// The view each player had before each of `plays` (its hand filled in
    /// for each layout).
    views: Vec<RefCell<Box<dyn Then>>>,
    /// How much less likely a layout is for each card the model would not
    /// have played.
    miss: f64,
    /// Whether the model matches, by play and the hand it had then.
    memo: RefCell<HashMap<(u8, u32), bool>>,
}

/// Where one play of the deal stood: its trick, its place in it, the
/// seat and card, and every seat's hand size before it.
pub(crate) struct Step {
    pub(crate) trick: usize,
    pub(crate) place: usize,
    pub(crate) seat: Seat,
    pub(crate) card: Card,
    pub(crate) sizes: [usize; 4],
}

/// Every play of `tricks` by a seat other than `me`, last first, with the
/// hand sizes before it (`now`: the sizes now).
fn steps(tricks: &[&TrickView], me: Seat, now: [usize; 4]) -> Vec<Step> {
    let mut order = Vec::new();
    for (t, trick) in tricks.iter().enumerate() {
        for (i, &(s, c)) in trick.cards.iter().enumerate() {
            order.push((t, i, s, c));
        }
    }
    let mut sizes = now;
    let mut out = Vec::new();
    for &(trick, place, seat, card) in order.iter().rev() {
        sizes[seat.index() & 3] += 1;
        if seat != me {
            out.push(Step { trick, place, seat, card, sizes });
        }
    }
    out
}

/// `common` as it stood before step `s` of `tricks`.
pub(crate) fn rewind(common: &mut SeatCommon, s: &Step, tricks: &[&TrickView]) {
    let trick = &tricks[s.trick].cards[..s.place];
    common.seat = s.seat;
    common.to_act = Some(s.seat);
    common.legal = Vec::new();
    let earlier = tricks[..s.trick].iter().flat_map(|t| &t.cards);
    let before: CardSet = earlier.chain(trick).map(|x| x.1).collect();
    common.belote_calls.retain(|&(_, c)| before.contains(c));
    common.trick = Some(TrickView {
        leader: trick.first().map_or(s.seat, |x| x.0),
        cards: trick.to_vec(),
        winner: None,
        points: None,
    });
}

impl PlayModel {
    pub(crate) fn new(contract: Contract, rules: PlayRules, miss: f64) -> PlayModel {
        PlayModel {
            contract,
            rules,
            plays: Vec::new(),
            views: Vec::new(),
            miss,
            memo: RefCell::default(),
        }
    }

    /// Adds every play of `tricks` by a seat other than `me` (`now`: the
    /// hand sizes now), with the view `then` rebuilds before it.
    pub(crate) fn add_steps(
        &mut self,
        tricks: &[&TrickView],
        me: Seat,
        now: [usize; 4],
        players: u8,
        then: impl Fn(&Step) -> Box<dyn Then>,
    ) {
        for s in steps(tricks, me, now) {
            let trick = &tricks[s.trick].cards[..s.place];
            let later = played_from(tricks, s.trick, s.place, s.seat);
            let ctx = TrickContext::of_trick(self.contract, trick, s.seat, players == 4);
            self.plays.push(Past { seat: s.seat, card: s.card, later, ctx });
            self.views.push(RefCell::new(then(&s)));
        }
    }

    /// How likely the plays are with `hands` the seats' cards now.
    pub fn likelihood(&self, hands: &[CardSet; 4]) -> f64 {
        let mut w = 1.0;
        for (k, p) in self.plays.iter().enumerate() {
            let held = hands[p.seat.index() & 3] | p.later;
            if !self.expected(k, held) {
                w *= self.miss;
            }
        }
        w
    }

    /// Whether the model would have played play `k`'s card (or one
    /// alike: same suit, same points) holding `held`.
    fn expected(&self, k: usize, held: CardSet) -> bool {
        let key = (k as u8, held.bits());
        if let Some(&m) = self.memo.borrow().get(&key) {
            return m;
        }
        let p = &self.plays[k];
        let legal = legal_plays(held, self.contract, &self.rules, &p.ctx);
        let alike = |c: Card| {
            c.suit() == p.card.suit() && self.contract.points(c) == self.contract.points(p.card)
        };
        let m = legal.iter().all(alike) || {
            let model = self.views[k].borrow_mut().model_card(held, legal, self.contract);
            model.is_none_or(alike)
        };
        self.memo.borrow_mut().insert(key, m);
        m
    }
}

/// The cards `seat` played in `tricks` from trick `t`'s card `i` on.
fn played_from(tricks: &[&TrickView], t: usize, i: usize, seat: Seat) -> CardSet {
    let mut out = CardSet::EMPTY;
    for (k, trick) in tricks.iter().enumerate().skip(t) {
        let from = if k == t { i } else { 0 };
        for &(s, c) in &trick.cards[from..] {
            if s == seat {
                out.insert(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, HeuristicBot, RandomBot};
    use belot_core::Action;
    use belot_core::{AnyDeal, AnyView, Deal, Deck, Game};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// Every likelihood of the real hands over the deals of `game`, seen
    /// from every card decision, the seats playing as `heuristic` says.
    fn real_likelihoods(name: &str, heuristic: bool) -> Vec<f64> {
        let game = Game::from_name(name).unwrap();
        let n = game.players();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut out = Vec::new();
        for k in 0..30u64 {
            let dealer = Seat((k % n as u64) as u8);
            let mut t = AnyDeal::new(&game, dealer, Deck::from_seed(k, 5)).unwrap();
            while let Some(seat) = t.to_act() {
                let view = t.view(seat);
                let model = match (&game, &view) {
                    (Game::French(o), AnyView::French(v)) if v.contract.is_some() => {
                        Some(crate::bots::french::reading::play_model(
                            v,
                            v.contract.unwrap(),
                            o.play_rules(),
                            0.5,
                        ))
                    }
                    (_, AnyView::ThreePlayer(v)) if v.contract.is_some() => {
                        Some(crate::bots::three::reading::play_model(v, v.contract.unwrap(), 0.5))
                    }
                    _ => None,
                };
                let cards_only = view.legal().iter().all(|a| matches!(a, Action::Play { .. }));
                if let (Some(model), Some(play), true) = (model, t.play_state(), cards_only) {
                    out.push(model.likelihood(play.hands()));
                }
                let a = if heuristic {
                    HeuristicBot.act(&view, &mut rng)
                } else {
                    RandomBot.act(&view, &mut rng)
                };
                t.apply(seat, &a).unwrap();
            }
        }
        out
    }

    /// The model is the heuristic bot's card play: with heuristic
    /// players, the real hands explain every card played (each view of
    /// the past is rebuilt as the player had it).
    #[test]
    fn heuristic_players_cards_are_what_the_model_expects() {
        for name in ["french", "french-3", "french-2", "three-player"] {
            let all = real_likelihoods(name, true);
            assert!(all.len() > 300, "{name}: {}", all.len());
            let missed = all.iter().filter(|&&w| w < 1.0).count();
            assert_eq!(missed, 0, "{name}: heuristic cards missed, of {}", all.len());
        }
    }

    /// Random players' cards are often not the model's: their layouts
    /// weigh less.
    #[test]
    fn random_players_cards_weigh_their_layouts_down() {
        for name in ["french", "three-player"] {
            let all = real_likelihoods(name, false);
            let missed = all.iter().filter(|&&w| w < 1.0).count();
            assert!(missed * 2 > all.len(), "{name}: {missed} of {}", all.len());
        }
    }

    /// The layouts `pimc` draws fit the plays far better than layouts
    /// drawn without the model, in both games that weigh them.
    #[test]
    fn weighed_layouts_fit_the_plays() {
        for name in ["french", "three-player"] {
            let game = Game::from_name(name).unwrap();
            let n = game.players();
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let (mut plain, mut weighed) = (0.0, 0.0);
            for k in 0..12u64 {
                let dealer = Seat((k % n as u64) as u8);
                let mut t = AnyDeal::new(&game, dealer, Deck::from_seed(k, 9)).unwrap();
                let mut memory = crate::knowledge::Memory::default();
                while let Some(seat) = t.to_act() {
                    let view = t.view(seat);
                    let late = t.play_state().is_some_and(|p| p.hands()[0].len() <= 4);
                    if late && seat == Seat(0) {
                        let info = crate::knowledge::PlayInfo::from_view(&game, &view, &mut memory)
                            .unwrap();
                        let model = info.plays.as_ref().unwrap();
                        for _ in 0..10 {
                            plain += model.likelihood(&info.sample(&mut rng).unwrap());
                            weighed +=
                                model.likelihood(&info.sample_by_calls(&mut rng, 16).unwrap());
                        }
                    }
                    let a = HeuristicBot.act(&view, &mut rng);
                    t.apply(seat, &a).unwrap();
                }
            }
            assert!(weighed > 2.0 * plain, "{name}: {weighed} against {plain}");
        }
    }
}
