// French Belote on the score keeper: its deal form and what the page
// checks before sending. The page loads a game's module by its name
// (GET /api/rules lists the games); `ui` is the page's helpers.

import { ledgerTable, next, opponents, sum, zeros } from "../score.js";

/** @param {any} ui */
export default ui => {
  const { t, choice, chips, SUITS } = ui;
  return {
    // Four players in two teams; three or two each for himself (the
    // players rule of GET /api/rules).
    players: 4,
    // An empty deal, or the defaults an entry opened to edit may lack.
    model: (/** @type {any} */ m, /** @type {number} */ ns) => {
      m.kind = "french"; m.card_points ??= Array(ns).fill(null);
      m.announcements = m.announcements && m.announcements.length ? m.announcements : Array(ns).fill(0);
    },
    // Every card is in play with four or three: the last side's points
    // follow from the 162. Two players leave cards out.
    derived: (/** @type {number} */ n) => n !== 2,
    // The keypad starts in the taker's side's box.
    first: (/** @type {any} */ m, /** @type {(s: number) => number} */ sideOf) => m.taker != null ? sideOf(m.taker) : 0,
    boxMax: () => 162,
    redeal: false,
    errorAt: { needTaker: "f-taker", capot_points: "f-capot", capot_other_points: "f-capot",
      announcement_points: "f-ann", melds_or_points: "f-ann", melds_need_trump: "f-ann" },
    fields: (/** @type {any} */ c) => {
      const { m, players, names, sideList } = c;
      return [
        choice(t("taker"), players, m.taker, (/** @type {any} */ x) => { m.taker = x; c.retarget(); }, "f-taker"),
        ...c.pointBoxes("f-points", names),
        choice(t("belote"), sideList, m.belote, (/** @type {any} */ x) => { m.belote = x; }, "f-belote"),
        c.more("f-more", t("more"), m.capot != null || m.announcements.some((/** @type {number} */ a) => a > 0),
          chips(t("announcements"), sideList, m.announcements, "f-ann", c.form),
          choice(t("capot"), sideList, m.capot, (/** @type {any} */ x) => { m.capot = x; }, "f-capot")),
      ];
    },
    // The entry as sent: a side left empty is derived by the server.
    entry: (/** @type {any} */ e) => e,
    // What is missing before sending: the key of a message.
    check: (/** @type {any} */ e) => {
      if (e.taker == null) return "needTaker";
      const pts = e.card_points || [];
      if (e.capot == null && pts.every((/** @type {any} */ x) => x == null)) return "needPoints";
      if (e.capot == null && pts.some((/** @type {any} */ x) => x != null && (x < 0 || x > 162))) return "pointsRange";
      return null;
    },
    // Who took, in the history: "Boris ♥".
    label: (/** @type {any} */ e, /** @type {(s: number) => string} */ name) => name(e.taker) + (e.trump ? " " + SUITS[e.trump] : ""),
  };
};

// ---- French Belote (french/score.rs, french/three.rs; core french/sheet.rs).

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

/** The game's scoring for the phone's own scorer (ui/score.js). */
export const scoring = {
  defaults: FRENCH_DEFAULTS,
  table: (/** @type {any} */ o, /** @type {number} */ first, /** @type {any[]} */ entries) => ledgerTable(french(o), first, entries),
};
