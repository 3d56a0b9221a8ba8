// The score keeper's scoring in the page: belot-score's Sheet::table() for
// a list of live deals, so a phone can show totals, held points, the next
// dealer and the winner of deals that wait on it without the server. A port
// of belot-score (input.rs, sheet.rs) and belot-core (tally.rs, french/,
// two_player/, three_player/): entries are taken as belot-score accepted
// them (nothing is checked here). ui/test/score.test.mjs checks it against
// vectors made by the Rust code (tests/score_vectors.rs).
//
// Points are JS numbers: three-player halves are x.5, exact in a double.

const zeros = n => Array(n).fill(0);
const sum = v => v.reduce((a, b) => a + b, 0);
const next = (seat, n) => (seat + 1 >= n ? 0 : seat + 1);
// The two opponents of `t`, in turn order after the dealer.
const opponents = (dealer, t) => [1, 2, 3].map(k => (dealer + k) % 3).filter(i => i !== t);

/** The table belot-score's Sheet gives for `entries` (DealInput JSON) under `setup`. */
export function scoreTable(setup, entries) {
  const { variant, options } = setup.rules;
  const first = setup.first_dealer ?? 0;
  if (variant === "two_player") return twoTable({ ...TWO_DEFAULTS, ...options }, first, entries);
  const game = variant === "three_player"
    ? three({ ...THREE_DEFAULTS, ...options })
    : french({ ...FRENCH_DEFAULTS, ...options });
  return ledgerTable(game, first, entries);
}

// ---- The generic ledger (belot-core tally.rs): French and three-player.

function ledgerTable(g, first, entries) {
  const st = { totals: zeros(g.n), pool: 0, poolLost: 0, dealer: first, winner: null };
  const rows = entries.map(e => push(g, st, e));
  return { rows, totals: st.totals, pool: st.pool, pool_lost: st.poolLost, next_dealer: st.dealer, winner: st.winner };
}

function push(g, st, entry) {
  const dealer = st.dealer;
  const counted = st.winner === null;
  let recorded = zeros(g.n);
  let played = null;
  if (entry.kind !== "thrown_in") {
    const s = g.score(entry, dealer);
    // A deal after the end is scored, not counted: its row records nothing.
    played = counted ? settle(g, st, s) : s.recorded;
    if (counted) recorded = played;
  }
  st.dealer = g.nextDealer(dealer, played, st.totals);
  return { dealer, recorded, totals: [...st.totals], pool_after: st.pool, counted };
}

// Held points to the deal's pool taker, its own held back, totals, winner
// (held points still waiting at the end are lost).
function settle(g, st, s) {
  const rec = [...s.recorded];
  if (st.pool > 0) {
    const i = g.poolTaker(s, rec);
    if (i !== null) {
      rec[i] += st.pool;
      st.pool = 0;
    }
  }
  st.pool += s.held;
  st.totals = st.totals.map((t, i) => t + rec[i]);
  st.winner = g.winner(st.totals, s);
  if (st.winner !== null) {
    st.poolLost = st.pool;
    st.pool = 0;
  }
  return rec;
}

// The index of the unique maximum, else null.
function uniqueMax(v) {
  const m = Math.max(...v);
  const at = v.flatMap((x, i) => (x === m ? [i] : []));
  return at.length === 1 ? at[0] : null;
}

// ---- French Belote (french/score.rs, french/three.rs; input.rs convert_french).

const FRENCH_DEFAULTS = {
  target: 1000, both_cross: "more_points", litige: "hold", litige_holds_belote: false,
  belote_in_contract_test: true, capot_victim_announcements: "keep", players: 4,
};

function french(o) {
  const sides = o.players === 4 ? 2 : o.players;
  const three = o.players === 3;
  return {
    n: sides,
    score: (e, dealer) => (three ? frenchDeal3 : frenchDeal2)(frenchSummary(e, o, sides), dealer, o),
    poolTaker: s => s.winner,
    winner: (totals, s) => (three ? frenchWinner3 : frenchWinner2)(totals, s, o),
    nextDealer: dealer => next(dealer, o.players),
  };
}

// An entry's facts: taker's side, card points (the missing one derived),
// announcements, capot and belote sides, and the points in play.
function frenchSummary(e, o, sides) {
  if (e.announced?.length) throw new Error("announced melds are scored by the server only");
  const cp = e.card_points;
  let cards;
  if (e.capot != null) {
    cards = zeros(sides);
    cards[e.capot] = o.players === 2 ? cp[e.capot] : 162;
  } else if (o.players === 2) {
    cards = cp.map(p => p ?? 0);
  } else {
    const known = sum(cp.filter(p => p != null));
    cards = cp.map(p => p ?? 162 - known);
  }
  const ann = e.announcements?.length ? [...e.announcements] : zeros(sides);
  const taker = o.players === 4 ? e.taker & 1 : e.taker;
  // Two players leave cards out of play: the deal holds what they took.
  const dealPoints = o.players === 2 ? sum(cards) : 162;
  return { taker, cards, ann, capot: e.capot ?? null, belote: e.belote ?? null, dealPoints };
}

// A capot: its side takes 100 instead of the last trick's 10 (252 with all
// 32 cards), the others none; the victims' announcements as the rule says.
function capot(s, o) {
  const cards = zeros(s.cards.length);
  cards[s.capot] = s.dealPoints + 90;
  const ann = [...s.ann];
  for (let v = 0; v < ann.length; v++) {
    if (v === s.capot || o.capot_victim_announcements === "keep") continue;
    if (o.capot_victim_announcements === "transfer") ann[s.capot] += ann[v];
    ann[v] = 0;
  }
  return { cards, ann };
}

// Cards, announcements, belote and totals per side.
function frenchTotals(s, o) {
  const { cards, ann } = s.capot !== null ? capot(s, o) : { cards: s.cards, ann: s.ann };
  const bel = zeros(cards.length);
  if (s.belote !== null) bel[s.belote] = 20;
  const tot = cards.map((c, i) => c + ann[i] + bel[i]);
  const test = i => tot[i] - (o.belote_in_contract_test ? 0 : bel[i]);
  return { cards, ann, bel, tot, test };
}

function frenchOutcome(taker, best, o) {
  if (taker !== best) return taker > best ? "made" : "dedans";
  return { hold: "litige", tie_is_dedans: "dedans", tie_is_made: "made" }[o.litige];
}

// Two sides (teams of four, or two players).
function frenchDeal2(s, _dealer, o) {
  const t = s.taker;
  const f = 1 - t;
  const { cards, ann, bel, tot, test } = frenchTotals(s, o);
  const outcome = frenchOutcome(test(t), test(f), o);
  let rec = [...tot];
  let held = 0;
  if (outcome === "dedans") {
    // The defenders take the whole deal and every announcement; the
    // takers keep only their belote.
    rec = zeros(2);
    rec[f] = cards[t] + cards[f] + ann[t] + ann[f] + bel[f];
    rec[t] = bel[t];
  } else if (outcome === "litige") {
    rec[t] = o.litige_holds_belote ? 0 : bel[t];
    held = tot[t] - rec[t];
  }
  const winner = { made: t, dedans: f, litige: null }[outcome];
  return { taker: t, outcome, recorded: rec, held, winner };
}

// Three players, each for himself: the taker must beat the best opponent.
function frenchDeal3(s, dealer, o) {
  const t = s.taker;
  const { bel, tot, test } = frenchTotals(s, o);
  const opp = opponents(dealer, t);
  const outcome = frenchOutcome(test(t), Math.max(test(opp[0]), test(opp[1])), o);
  const rec = [...tot];
  let held = 0;
  if (outcome === "dedans") {
    // The taker's points (but his belote) split; the odd point to the
    // opponent with the higher total, the first after the dealer if equal.
    const share = tot[t] - bel[t];
    const [a, b] = opp;
    const half = Math.floor(share / 2);
    const odd = share % 2;
    rec[t] = bel[t];
    rec[a] += half + (odd && !(tot[b] > tot[a]) ? 1 : 0);
    rec[b] += half + (odd && tot[b] > tot[a] ? 1 : 0);
  } else if (outcome === "litige") {
    rec[t] = o.litige_holds_belote ? 0 : bel[t];
    held = tot[t] - rec[t];
  }
  return { taker: t, outcome, recorded: rec, held, winner: dealWinner3(t, outcome, rec) };
}

// The deal's winner: the taker if made; on a dedans the opponent who
// records more (none if equal); nobody in a litige.
function dealWinner3(t, outcome, rec) {
  if (outcome === "made") return t;
  if (outcome === "litige") return null;
  const [a, b] = [0, 1, 2].filter(i => i !== t);
  return rec[a] === rec[b] ? null : rec[a] > rec[b] ? a : b;
}

// The match's winner, two sides: the one over the target; both over: the
// one with more points (none if equal), or the deal's taker.
function frenchWinner2(totals, s, o) {
  const [a, b] = totals.map(x => x >= o.target);
  if (a !== b) return a ? 0 : 1;
  if (!a) return null;
  if (o.both_cross === "taker") return s.taker;
  const [x, y] = totals;
  return x === y ? null : x > y ? 0 : 1;
}

// Three players: the deal's taker if he is among several over the target
// and the rule says so, else the unique top total over it.
function frenchWinner3(totals, s, o) {
  const over = [0, 1, 2].filter(i => totals[i] >= o.target);
  if (!over.length) return null;
  if (o.both_cross === "taker" && over.includes(s.taker) && over.length > 1) return s.taker;
  const max = Math.max(...over.map(i => totals[i]));
  const top = over.filter(i => totals[i] === max);
  return top.length === 1 ? top[0] : null;
}

// ---- Three-player Belot (three_player/score.rs; input.rs convert_three).

const THREE_DEFAULTS = {
  target: 501, fail_test: "below_best_opponent", odd_point: "to_higher_opponent",
  failed_declarer_keeps_belot: false, single_capo_bonus_each: 50, double_capo_bonus: 100,
  capo_also_scores_last_trick: false, capo_keeps_own_points: false, next_dealer: "top_of_deal",
};

function three(o) {
  return {
    n: 3,
    score: (e, dealer) => threeDeal(e, dealer, o),
    poolTaker: (_s, rec) => uniqueMax(rec),
    winner: totals => (totals.some(x => x >= o.target) ? uniqueMax(totals) : null),
    nextDealer(dealer, rec, totals) {
      if (rec === null || o.next_dealer === "rotate_left") return next(dealer, 3);
      return topAfter(o.next_dealer === "top_of_deal" ? rec : totals, dealer);
    },
  };
}

// The first seat after the dealer with the highest value.
function topAfter(v, dealer) {
  const m = Math.max(...v);
  return [1, 2, 3].map(k => (dealer + k) % 3).find(i => v[i] === m);
}

// Who took the last trick: as entered, else (no capo) the top scorer, the
// lowest seat of equals: the 10 is his and scores the same whoever he is.
function lastTrick(e) {
  if (e.last_trick != null) return e.last_trick;
  const p = e.card_points;
  return [0, 1, 2].reduce((best, i) => (p[i] > p[best] ? i : best), 0);
}

function threeDeal(e, dealer, o) {
  const capo = e.capo ?? [];
  const zero = [0, 1, 2].map(i => capo.includes(i));
  const last = lastTrick(e);
  // The entered points hold the last trick's 10, scored as a bonus.
  const cards = [...e.card_points];
  cards[last] -= 10;
  const bonus = trickBonus(zero, last, o);
  const keep = i => !zero[i] || o.capo_keeps_own_points;
  const combos = (e.combinations ?? zeros(3)).map((c, i) => (keep(i) ? c : 0));
  const belots = (e.belots ?? zeros(3)).map((b, i) => (keep(i) ? 20 * b : 0));
  const tot = [0, 1, 2].map(i => cards[i] + bonus[i] + combos[i] + belots[i]);
  const d = e.declarer;
  const [o1, o2] = opponents(dealer, d);
  const against = o.fail_test === "below_both" ? Math.min(tot[o1], tot[o2]) : Math.max(tot[o1], tot[o2]);
  const rec = [...tot];
  if (tot[d] === against) {
    // A tie: the declarer's points wait for the next deal's top scorer.
    rec[d] = 0;
    return { recorded: rec, held: tot[d] };
  }
  if (tot[d] < against) {
    const kept = o.failed_declarer_keeps_belot ? belots[d] : 0;
    const [h1, h2] = split(tot[d] - kept, tot[o2] > tot[o1], o.odd_point);
    rec[d] = kept;
    rec[o1] += h1;
    rec[o2] += h2;
  }
  return { recorded: rec, held: 0 };
}

// The last trick's 10 (not in a capo deal unless the rule says so) and the
// capo bonuses.
function trickBonus(zero, last, o) {
  const nzero = zero.filter(Boolean).length;
  const bonus = zeros(3);
  if (nzero === 0 || o.capo_also_scores_last_trick) bonus[last] += 10;
  if (nzero === 1) [0, 1, 2].filter(i => !zero[i]).forEach(i => (bonus[i] += o.single_capo_bonus_each));
  if (nzero >= 2) bonus[zero.indexOf(false)] += o.double_capo_bonus;
  return bonus;
}

// A failed declarer's points for the two opponents (the first after the
// dealer, the second): halves kept, the odd point lost, or to the higher.
function split(share, secondHigher, mode) {
  if (mode === "half_points") return [share / 2, share / 2];
  const base = Math.floor(share / 2);
  const odd = mode === "discard" ? 0 : share % 2;
  return secondHigher ? [base, base + odd] : [base + odd, base];
}

// ---- Two-player Belot (two_player/score.rs): its own ledger, with
// separate hanging pools, redeals and the loader.

const TWO_DEFAULTS = {
  target: 1001, raspasy_meld_charging: "opponent", redeal_dealer: "same", winner_takes_all: false,
  bait_mode: "all_to_vist", bela_survives_bait: false, tie_mode: "hang", pool_mode: "sum",
  both_cross: "higher_total",
};

const NO_TRUMPS = ["nt", "no-trumps", "no_trumps", "notrumps", "бк", "sans-atout"];

function twoDeal(e, o) {
  const raspasy = !!e.raspasy;
  const mult = NO_TRUMPS.includes(String(e.contract).trim().toLowerCase()) && !raspasy ? 2 : 1;
  const cards = e.card_points;
  const took = e.took_trick ?? cards.map(p => p > 0);
  // Constructions count only for a player who took a trick.
  const cons = (e.constructions ?? [0, 0]).map((c, p) => (took[p] ? c : 0));
  const bela = (e.belas ?? [0, 0]).map(b => 20 * b);
  const tot = [0, 1].map(p => (cards[p] + cons[p] + bela[p]) * mult);
  if (raspasy || e.loader == null) {
    // Распасы: points count against the one who took them (0 - x: never -0).
    const rec = [0, 1].map(p => {
      const q = 1 - p;
      if (o.raspasy_meld_charging === "own") return 0 - (cards[p] + cons[p] + bela[p]);
      return 0 - (cards[p] + (took[p] ? cons[q] : 0) + bela[q]);
    });
    return { loader: null, recorded: rec, held: 0, winner: null };
  }
  const l = e.loader & 1;
  const v = 1 - l;
  const kept = o.bela_survives_bait ? bela[l] * mult : 0;
  const rec = [0, 0];
  let held = 0;
  let winner = null;
  if (tot[l] > tot[v]) {
    winner = l;
    if (o.winner_takes_all) rec[l] = tot[l] + tot[v];
    else rec.splice(0, 2, ...tot);
  } else if (tot[l] < tot[v] || o.tie_mode === "loader_fails") {
    winner = v;
    rec[l] = kept;
    rec[v] = o.bait_mode === "all_to_vist" ? tot[l] + tot[v] - kept : tot[v];
  } else if (o.tie_mode === "both_keep") {
    rec.splice(0, 2, ...tot);
  } else {
    rec[v] = tot[v];
    rec[l] = kept;
    held = tot[l] - kept;
  }
  return { loader: e.loader, recorded: rec, held, winner };
}

function twoTable(o, first, entries) {
  const st = { totals: [0, 0], pools: [], poolLost: 0, dealer: first, winner: null };
  const rows = entries.map(e => twoPush(o, st, e));
  return { rows, totals: st.totals, pool: sum(st.pools), pool_lost: st.poolLost, next_dealer: st.dealer, winner: st.winner };
}

function twoPush(o, st, e) {
  const dealer = st.dealer;
  const other = 1 - (dealer & 1);
  const counted = st.winner === null;
  let recorded = [0, 0];
  st.dealer = e.kind === "redeal" && o.redeal_dealer === "same" ? dealer : other;
  if (e.kind === "two_player" && counted) recorded = twoSettle(o, st, twoDeal(e, o));
  return { dealer, recorded, totals: [...st.totals], pool_after: sum(st.pools), counted };
}

// Hanging points to the deal's winner (all, or the oldest pool), its own
// hung, totals, the winner.
function twoSettle(o, st, s) {
  const rec = [...s.recorded];
  if (s.winner !== null && st.pools.length) {
    rec[s.winner] += o.pool_mode === "sum" ? sum(st.pools.splice(0)) : st.pools.shift();
  }
  if (s.held > 0) {
    if (o.pool_mode === "sum" && st.pools.length) st.pools[0] += s.held;
    else st.pools.push(s.held);
  }
  st.totals = st.totals.map((t, i) => t + rec[i]);
  st.winner = twoWinner(st.totals, s.loader, o);
  if (st.winner !== null) {
    st.poolLost = sum(st.pools);
    st.pools = [];
  }
  return rec;
}

function twoWinner([a, b], loader, o) {
  const [x, y] = [a >= o.target, b >= o.target];
  if (x !== y) return x ? 0 : 1;
  if (!x) return null;
  if (o.both_cross === "loader_wins" && loader !== null) return loader;
  return a === b ? null : a > b ? 0 : 1;
}
