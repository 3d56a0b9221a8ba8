// Three-player Belot on the score keeper: the declarer, three players'
// points, capo and the last trick, and what the page checks before
// sending. The page loads a game's module by its name; `ui` is the
// page's helpers.

import { ledgerTable, next, opponents, uniqueMax, zeros } from "../score.js";

/** @param {any} ui */
export default ui => {
  const { el, t, choice, chips, counter } = ui;
  return {
    players: 3,
    model: (/** @type {any} */ m) => {
      m.kind = "three_player"; m.card_points ??= [null, null, null]; m.combinations ??= [0, 0, 0];
      m.belots ??= [0, 0, 0]; m.capo ??= [];
    },
    // Five cards are out of play: every player's points are typed.
    derived: () => false,
    first: (/** @type {any} */ m) => m.declarer ?? 0,
    boxMax: () => 162,
    redeal: false,
    errorAt: { needDeclarer: "r-declarer", needLastTrick: "r-last", last_trick_needed: "r-last",
      capo_last_trick: "r-last", capo_twice: "r-capo", nobody_took_tricks: "r-capo",
      combination_points: "r-melds", belots_total: "r-belots" },
    fields: (/** @type {any} */ c) => {
      const { m, players, form, redraw } = c;
      const capoNote = m.capo.length && !c.st.setup.rules.options.capo_also_scores_last_trick
        ? el("p", { class: "note", id: "capo-note" }, t("capoNote")) : null;
      const capo = (/** @type {number} */ i) => () => { m.capo = m.capo.includes(i) ? m.capo.filter((/** @type {number} */ x) => x !== i) : [...m.capo, i]; redraw(); };
      const some = (/** @type {number[]} */ xs) => xs.some(x => x > 0);
      return [
        choice(t("declarer"), players, m.declarer, (/** @type {any} */ x) => { m.declarer = x; c.retarget(); }, "r-declarer"),
        ...c.pointBoxes("r-points", c.st.setup.players),
        c.more("r-more", t("moreThree"), m.capo.length > 0 || m.last_trick != null || some(m.combinations) || some(m.belots),
          el("fieldset", { id: "r-capo" }, el("legend", {}, t("capo")), el("div", { class: "toggle" }, players.map((/** @type {any} */ [i, p]) =>
            el("button", { type: "button", id: `r-capo-${i}`, "aria-pressed": String(m.capo.includes(i)), on: { click: capo(i) } }, p)))),
          // Who took the last trick matters only in a capo deal.
          m.capo.length || m.last_trick != null ? choice(t("lastTrick"), players, m.last_trick, (/** @type {any} */ x) => { m.last_trick = x; }, "r-last") : null,
          capoNote,
          chips(t("combinations"), players, m.combinations, "r-melds", form),
          counter(t("belot"), players, m.belots, "r-belots", form)),
      ];
    },
    // Boxes left empty are 0.
    entry: (/** @type {any} */ e) => { e.card_points = e.card_points.map((/** @type {any} */ x) => x ?? 0); return e; },
    check: (/** @type {any} */ e) => e.declarer == null ? "needDeclarer" : e.capo.length && e.last_trick == null ? "needLastTrick"
      : !e.capo.length && e.card_points.some((/** @type {number} */ x) => x > 0) && Math.max(...e.card_points) < 10 ? "err_no_last_trick_points" : null,
    label: (/** @type {any} */ e, /** @type {(s: number) => string} */ name) => name(e.declarer),
  };
};

// ---- Three-player Belot (three_player/score.rs; core three_player/sheet.rs).

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

/** The game's scoring for the phone's own scorer (ui/score.js). */
export const scoring = {
  defaults: THREE_DEFAULTS,
  table: (/** @type {any} */ o, /** @type {number} */ first, /** @type {any[]} */ entries) => ledgerTable(three(o), first, entries),
};
