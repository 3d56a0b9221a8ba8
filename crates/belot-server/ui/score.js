// The score keeper's scoring in the page: belot-score's Sheet::table() for
// a list of live deals, so a phone can show totals, held points, the next
// dealer and the winner of deals that wait on it without the server. A port
// of belot-score (sheet.rs) and belot-core (tally.rs); each game's own
// scoring is in its module (ui/games/<game>.js, a port of its folder in
// belot-core). Entries are taken as belot-score accepted them (nothing is
// checked here). ui/test/score.test.mjs checks it against
// vectors made by the Rust code (tests/score_vectors.rs).
//
// Points are JS numbers: three-player halves are x.5, exact in a double.

export const zeros = n => Array(n).fill(0);
export const sum = v => v.reduce((a, b) => a + b, 0);
export const next = (seat, n) => (seat + 1 >= n ? 0 : seat + 1);
// The two opponents of `t` at a table of three, in turn order after the
// dealer.
export const opponents = (dealer, t) => [1, 2, 3].map(k => (dealer + k) % 3).filter(i => i !== t);

/**
 * The table belot-score's Sheet gives for `entries` (DealInput JSON) under
 * `setup`, by the game's own scoring: the `scoring` its module
 * (ui/games/<game>.js) exports, `{ defaults, table(options, first, entries) }`.
 * @param {any} setup @param {any[]} entries @param {any} scoring
 */
export function scoreTable(setup, entries, scoring) {
  const { options } = setup.rules;
  return scoring.table({ ...scoring.defaults, ...options }, setup.first_dealer ?? 0, entries);
}

// ---- The generic ledger (belot-core tally.rs), for the games that keep one.

export function ledgerTable(g, first, entries) {
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
export function uniqueMax(v) {
  const m = Math.max(...v);
  const at = v.flatMap((x, i) => (x === m ? [i] : []));
  return at.length === 1 ? at[0] : null;
}
