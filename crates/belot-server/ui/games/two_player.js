// Two-player Belot on the score keeper: who ordered what in one tap, the
// all-pass deal (распасы), and what the page checks before sending. The
// page loads a game's module by its name; `ui` is the page's helpers.

import { sum } from "../score.js";

const CONTRACTS = ["S", "H", "D", "C", "AT", "NT"];

/** @param {any} ui */
export default ui => {
  const { el, t, choice, chips, counter, SUITS } = ui;
  const short = (/** @type {string} */ c) => SUITS[c] || t(c === "AT" ? "atShort" : "ntShort");
  const long = (/** @type {string} */ c) => t(/** @type {any} */ ({ S: "spades", H: "hearts", D: "diamonds", C: "clubs", AT: "allTrumps", NT: "noTrumps" })[c]);
  // A row of contracts per player; or the all-pass deal, with its turned suit.
  const orderGrid = (/** @type {any} */ m, /** @type {any[]} */ players, /** @type {() => void} */ picked) => {
    const redraw = (/** @type {any} */ ev) => ev.currentTarget.closest("form").dispatchEvent(new Event("redraw"));
    const pick = (/** @type {number} */ loader, /** @type {string} */ contract) => (/** @type {any} */ ev) => {
      const same = !m.raspasy && m.loader === loader && m.contract === contract;
      m.raspasy = false; m.loader = same ? null : loader; m.contract = contract; picked(); redraw(ev);
    };
    const rows = players.map(([i, p]) => el("div", { class: "order-row" }, el("span", { class: "order-name" }, p),
      CONTRACTS.map(c => el("button", { type: "button", id: `t-order-${i}-${c}`, "data-value": c, "aria-label": `${p}: ${short(c)} (${long(c)})`,
        "aria-pressed": String(!m.raspasy && m.loader === i && m.contract === c), on: { click: pick(i, c) } }, short(c)))));
    const rasp = el("button", { type: "button", id: "t-raspasy", "aria-pressed": String(m.raspasy),
      on: { click: (/** @type {any} */ ev) => { m.raspasy = !m.raspasy; if (m.raspasy) { m.loader = null; if (!SUITS[m.contract]) m.contract = "H"; } picked(); redraw(ev); } } }, t("raspasy"));
    // In an all-pass deal nobody ordered: its turned suit instead.
    if (!m.raspasy) return el("fieldset", { id: "t-order" }, el("legend", {}, t("whoOrdered")), rows, el("div", { class: "row" }, rasp));
    return el("fieldset", { id: "t-order" }, el("legend", {}, t("whoOrdered")), el("div", { class: "row" }, rasp),
      choice(t("turnedSuit"), Object.entries(SUITS), m.contract, (/** @type {any} */ x) => { m.contract = x ?? "H"; }, "t-contract"));
  };
  return {
    players: 2,
    model: (/** @type {any} */ m) => {
      m.kind = "two_player"; m.card_points ??= [null, null]; m.constructions ??= [0, 0]; m.belas ??= [0, 0];
      m.contract ??= "H"; m.raspasy ??= false;
    },
    // Cards are left out of play: both players' points are typed.
    derived: () => false,
    first: (/** @type {any} */ m) => m.loader ?? 0,
    // A deal's 18 cards hold at most 156 (238 in ВК, 126 in БК).
    boxMax: (/** @type {any} */ m) => /** @type {any} */ ({ AT: 238, NT: 126 })[m.contract] ?? 156,
    redeal: true,
    errorAt: { needLoader: "t-order", construction_points: "t-melds", belas_per_suit: "t-belas",
      belas_total: "t-belas", bela_one_player: "t-belas" },
    fields: (/** @type {any} */ c) => {
      const { m, players, form } = c;
      return [
        orderGrid(m, players, c.retarget),
        ...c.pointBoxes("t-points", c.st.setup.players),
        c.more("t-more", t("moreTwo"), m.constructions.some((/** @type {number} */ x) => x > 0) || m.belas.some((/** @type {number} */ x) => x > 0),
          chips(t("constructions"), players, m.constructions, "t-melds", form),
          counter(t("belas"), players, m.belas, "t-belas", form)),
      ];
    },
    // Boxes left empty are 0; nobody loads an all-pass deal.
    entry: (/** @type {any} */ e) => {
      e.card_points = e.card_points.map((/** @type {any} */ x) => x ?? 0);
      if (e.raspasy) delete e.loader;
      return e;
    },
    check: (/** @type {any} */ e) => !e.raspasy && e.loader == null ? "needLoader" : null,
    // An all-pass deal says so in its outcome: its row shows the turned suit.
    label: (/** @type {any} */ e, /** @type {(s: number) => string} */ name) => short(e.contract) + (e.loader != null ? " " + name(e.loader) : ""),
  };
};

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

/** The game's scoring for the phone's own scorer (ui/score.js). */
export const scoring = { defaults: TWO_DEFAULTS, table: twoTable };
