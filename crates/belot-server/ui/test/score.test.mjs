// score.js must score as belot-score does: vectors.json holds games of
// every variant as belot-score's Sheet tables them (made by
// crates/belot-server/tests/score_vectors.rs). Run from the repository:
// node --test crates/belot-server/ui/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { scoreTable } from "../score.js";

const vectors = JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8"));
const show = v => JSON.stringify(v);

// Each game's scoring, from its module (ui/games/<game>.js).
const scorings = {};
for (const g of vectors.games) {
  const v = g.setup.rules.variant;
  scorings[v] ??= (await import(`../games/${v}.js`)).scoring;
}
// The table of `entries` under `setup`, by its game's scoring.
const table = (setup, entries) => scoreTable(setup, entries, scorings[setup.rules.variant]);

// Compares row by row, then the table's own fields, naming what differs.
function check(game, i) {
  const { setup, entries, table: want } = game;
  const variant = `${setup.rules.variant} (${setup.players.length} players)`;
  const got = table(setup, entries);
  const where = `${variant}, game ${i}`;
  assert.equal(got.rows.length, want.rows.length, `${where}: row count`);
  want.rows.forEach((row, k) => {
    assert.deepEqual(got.rows[k], row,
      `${where}, deal ${k} ${show(entries[k])}:\n  expected ${show(row)}\n  got      ${show(got.rows[k])}`);
  });
  const { rows, ...rest } = got;
  const { rows: _, ...wantRest } = want;
  assert.deepEqual(rest, wantRest, `${where}, table:\n  expected ${show(wantRest)}\n  got      ${show(rest)}`);
}

test("every vector game scores as belot-score", () => {
  vectors.games.forEach(check);
  const deals = vectors.games.reduce((n, g) => n + g.entries.length, 0);
  assert.ok(vectors.games.length === 200 && deals > 3000, `${vectors.games.length} games, ${deals} deals`);
});

// ---- Hand-written cases, each naming the rule it checks.

const french4 = (options = {}) => ({
  name: "", players: ["A", "B", "C", "D"], first_dealer: 0,
  rules: { variant: "french", options: { target: 1000, litige: "hold", players: 4, ...options } },
});
const fr = (taker, card_points, extra = {}) => ({ kind: "french", taker, card_points, announcements: [0, 0], ...extra });

test("French litige holds the taker's points for the next deal's winner", () => {
  const t = table(french4(), [fr(0, [81, null]), fr(1, [60, null])]);
  assert.deepEqual(t.rows[0], { dealer: 0, recorded: [0, 81], totals: [0, 81], pool_after: 81, counted: true });
  // Side 1 (seat 1 took) makes 102 against 60, and takes the 81 held.
  assert.deepEqual(t.rows[1], { dealer: 1, recorded: [60, 183], totals: [60, 264], pool_after: 0, counted: true });
  assert.equal(t.next_dealer, 2);
});

test("French dedans gives the defence 162 and every announcement; the taker keeps his belote", () => {
  const t = table(french4(), [fr(2, [70, null], { announcements: [20, 50], belote: 0 })]);
  // Takers 70 + 20 + 20 = 110 against 92 + 50 = 142: dedans.
  assert.deepEqual(t.rows[0].recorded, [20, 162 + 20 + 50]);
});

test("French capot scores 252 (with all 32 cards); deals after the target do not count", () => {
  const t = table(french4({ target: 250 }), [fr(1, [null, null], { capot: 1 }), fr(0, [100, null])]);
  assert.deepEqual(t.rows[0].recorded, [0, 252]);
  assert.equal(t.winner, 1);
  assert.deepEqual(t.rows[1], { dealer: 1, recorded: [0, 0], totals: [0, 252], pool_after: 0, counted: false });
  assert.equal(t.next_dealer, 2);
});

test("French litige: the taker's belote is recorded at once, or waits with the rest (litige_holds_belote)", () => {
  // 71 + 20 against 91: a tie.
  const deal = fr(0, [71, null], { belote: 0 });
  assert.deepEqual(table(french4(), [deal]).rows[0], { dealer: 0, recorded: [20, 91], totals: [20, 91], pool_after: 71, counted: true });
  assert.deepEqual(table(french4({ litige_holds_belote: true }), [deal]).rows[0].pool_after, 91);
});

test("French both sides over the target: more points wins, or the taker (both_cross)", () => {
  const deals = [fr(0, [100, null]), fr(1, [76, null])]; // totals 176 and 148
  assert.equal(table(french4({ target: 140 }), deals).winner, 0);
  assert.equal(table(french4({ target: 140, both_cross: "taker" }), deals).winner, 1);
});

const three = (options = {}) => ({
  name: "", players: ["A", "B", "C"], first_dealer: 0,
  rules: { variant: "three_player", options: { target: 501, ...options } },
});
const tp = (declarer, card_points, extra = {}) => ({ kind: "three_player", declarer, card_points, ...extra });

test("three-player failed declarer's points split, the odd point to the higher opponent", () => {
  // Seat 2 holds the last trick's 10 (top scorer): totals 41, 60, 61.
  const t = table(three(), [tp(0, [41, 60, 61])]);
  assert.deepEqual(t.rows[0].recorded, [0, 60 + 20, 61 + 21]);
  // The deal's top scorer deals next.
  assert.equal(t.next_dealer, 2);
  const h = table(three({ odd_point: "half_points" }), [tp(0, [41, 60, 61])]);
  assert.deepEqual(h.rows[0].recorded, [0, 80.5, 81.5]);
});

test("three-player odd point with equal opponents goes to the first after the dealer", () => {
  const deal = tp(0, [41, 60, 60]);
  assert.deepEqual(table(three(), [deal]).rows[0].recorded, [0, 81, 80]);
  const later = { ...three(), first_dealer: 1 };
  assert.deepEqual(table(later, [deal]).rows[0].recorded, [0, 80, 81]);
});

test("three-player capo: the two players with tricks get the bonus, the last trick's 10 is off", () => {
  const t = table(three(), [tp(1, [0, 90, 72], { capo: [0], last_trick: 1 })]);
  assert.deepEqual(t.rows[0].recorded, [0, 80 + 50, 72 + 50]);
});

const two = (options = {}) => ({
  name: "", players: ["A", "B"], first_dealer: 0,
  rules: { variant: "two_player", options: { target: 1001, ...options } },
});

test("two-player распасы: points count negative against who took them, the opponent's melds too", () => {
  const e = { kind: "two_player", contract: "S", raspasy: true, card_points: [40, 60], constructions: [50, 0], belas: [0, 1] };
  const t = table(two(), [e]);
  assert.deepEqual(t.rows[0].recorded, [-(40 + 20), -(60 + 50)]);
  assert.equal(t.next_dealer, 1);
  // A player with no points records 0, not -0.
  const z = table(two(), [{ ...e, card_points: [0, 100], constructions: [0, 0], belas: [0, 0] }]);
  assert.deepEqual(z.rows[0].recorded, [0, -100]);
});

test("two-player no-trumps doubles, a tie hangs the loader's points, a redeal keeps the dealer", () => {
  const tie = { kind: "two_player", contract: "NT", loader: 0, card_points: [60, 60] };
  const won = { kind: "two_player", contract: "H", loader: 1, card_points: [40, 80] };
  const t = table(two(), [tie, { kind: "redeal" }, won]);
  assert.deepEqual(t.rows[0], { dealer: 0, recorded: [0, 120], totals: [0, 120], pool_after: 120, counted: true });
  assert.deepEqual(t.rows[1], { dealer: 1, recorded: [0, 0], totals: [0, 120], pool_after: 120, counted: true });
  assert.deepEqual(t.rows[2], { dealer: 1, recorded: [40, 200], totals: [40, 320], pool_after: 0, counted: true });
});

test("two-player both over the target: the higher total wins, or the loader (both_cross)", () => {
  const tp2 = (loader, card_points) => ({ kind: "two_player", contract: "S", loader, card_points });
  const deals = [tp2(0, [100, 50]), tp2(1, [55, 100])]; // totals 155 and 150
  assert.equal(table(two({ target: 150 }), deals).winner, 0);
  assert.equal(table(two({ target: 150, both_cross: "loader_wins" }), deals).winner, 1);
});
