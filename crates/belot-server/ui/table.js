// belot card tables: make a table, share it, take a seat and play, live
// over a WebSocket. Uses app.js's helpers (el, t, api, main…). The server
// decides everything: the page shows the seat's view and sends the
// actions the view lists as legal.
"use strict";

const fill = (text, p) => plurals(text, p).replace(/\{([a-z]+)\}/g, (_, k) => p[k] ?? "");
const RED = { H: true, D: true };
// Rank strength, strongest first: in trumps and in plain suits.
const TRUMP_ORDER = "J9ATKQ87", PLAIN_ORDER = "ATKQJ987";
const RANK_SHOWN = { T: "10" };

// ---- the seats this phone holds, by table id ----
const MY_SEATS = "belot.seats";
function mySeats() {
  try { return JSON.parse(localStorage.getItem(MY_SEATS)) || {}; } catch (e) { return {}; }
}
function keepSeat(id, seat, secret, variant) {
  const all = mySeats();
  all[id] = { seat, secret, variant, at: Date.now() };
  // The 30 most recent tables.
  const keep = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, 30);
  try { localStorage.setItem(MY_SEATS, JSON.stringify(Object.fromEntries(keep))); } catch (e) { /* storage off: this visit still plays */ }
}
function dropSeat(id) {
  const all = mySeats();
  delete all[id];
  localStorage.setItem(MY_SEATS, JSON.stringify(all));
}
const myName = () => localStorage.getItem("belot.name") || "";
const tapTwice = () => localStorage.getItem("belot.tapTwice") === "1";

// ---- cards ----
function cardName(c) {
  return fill(t("cardName"), { rank: t("rank_" + c[0]), suit: t("suit_" + c[1]) });
}
// A card drawn with CSS: its rank and suit, and its name in words for
// screen readers (the drawn signs are hidden from them).
function cardFace(c, attrs = {}) {
  const tag = attrs.tag || "span";
  delete attrs.tag;
  return el(tag, { class: "card" + (RED[c[1]] ? " red" : ""), "data-card": c, ...attrs },
    el("span", { class: "rank", "aria-hidden": "true" }, RANK_SHOWN[c[0]] || c[0]),
    el("span", { class: "suit", "aria-hidden": "true" }, SUITS[c[1]]),
    el("span", { class: "sr-only" }, cardName(c)));
}

// The hand as a player holds it: trumps first, then the other suits
// alternating colours, each from the strongest card down.
function sortHand(hand, contract) {
  const trump = contract && SUITS[contract] ? contract : null;
  const allTrumps = contract === "AT";
  const suits = ["S", "H", "C", "D"].filter(s => s !== trump);
  const order = trump ? [trump, ...(RED[trump] ? ["S", "D", "C", "H"] : ["H", "C", "D", "S"]).filter(s => s !== trump)] : suits;
  const strength = c => (allTrumps || c[1] === trump ? TRUMP_ORDER : PLAIN_ORDER).indexOf(c[0]);
  return [...hand].sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || strength(a) - strength(b));
}

// ---- the table page ----
let tbl = null;

// The table shown, if any (app.js asks on a language change).
const currentTable = () => tbl;

function leaveTablePage() {
  if (tbl) {
    tbl.closed = true;
    clearTimeout(tbl.retry);
    clearInterval(tbl.ping);
    if (tbl.ws) tbl.ws.close();
  }
  tbl = null;
}

async function routeTable(kind, id) {
  leaveTablePage();
  const watch = kind === "w";
  const mine = watch ? null : mySeats()[id];
  tbl = { id, watch, mine, st: null, ws: null, selected: null, showLast: false, error: "", tries: 0, belote: true, hold: null };
  if (!RULES) await loadRules();
  if (watch || mine) { connectTable(); renderTable(); return; }
  const r = await api("GET", `/api/tables/${id}`);
  if (!r.ok) { main.replaceChildren(el("p", { class: "error" }, errorText(r))); return; }
  tbl.st = r.body;
  renderJoin();
}

function wsUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return tbl.watch ? `${proto}//${location.host}/api/watch/${tbl.id}/ws` : `${proto}//${location.host}/api/tables/${tbl.id}/ws`;
}

// One connection; on loss the page says so and tries again, sooner at
// first, and the server sends the whole state again on return.
function connectTable() {
  const me = tbl;
  const ws = new WebSocket(wsUrl());
  me.ws = ws;
  ws.onopen = () => {
    me.tries = 0;
    if (me.mine) ws.send(JSON.stringify({ type: "hello", seat: me.mine.seat, secret: me.mine.secret }));
    clearInterval(me.ping);
    me.ping = setInterval(() => { if (ws.readyState === 1) ws.send('{"type":"ping"}'); }, 20000);
  };
  ws.onmessage = ev => {
    if (me !== tbl) return;
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.type === "state") onState(m);
    else if (m.type === "error") onTableError(m);
  };
  ws.onclose = () => {
    clearInterval(me.ping);
    if (me.closed || me !== tbl) return;
    me.offline = true;
    renderTable();
    me.tries += 1;
    me.retry = setTimeout(connectTable, Math.min(5000, 300 * 2 ** me.tries));
  };
}

// When the seat to act got its turn (by this phone's clock), for the
// turn timer's countdown.
function countdownText() {
  const left = Math.max(0, Math.ceil(tbl.st.timer - (Date.now() - tbl.turnSince) / 1000));
  return fill(t("seconds"), { n: left });
}
setInterval(() => {
  const c = document.getElementById("countdown");
  if (c && tbl && tbl.st) c.textContent = countdownText();
}, 1000);

function onState(m) {
  // Before the hello is answered the connection gets what spectators see;
  // after a seat's state, a spectator's state means the seat was left.
  if (tbl.mine && m.you == null && tbl.st && tbl.st.you != null) {
    if (!tbl.leaving) return;
    dropSeat(tbl.id);
    tbl.mine = null;
  }
  const before = tbl.st;
  if (!before || before.view.to_act !== m.view.to_act || before.seq !== m.seq) tbl.turnSince = Date.now();
  if (before && trickDone(before, m)) holdTrick(m);
  else if (m.held && m.you != null && !tbl.hold) {
    // The bots wait for a tap: this page's was lost (say it again), or it
    // never showed the trick (it was reloaded): the trick and the tap.
    if (tbl.continuedAt === m.seq) tableSend({ type: "continue", seq: m.seq });
    else holdTrick(m);
  }
  tbl.st = m;
  tbl.offline = false;
  if (!before || before.seq !== m.seq) tbl.error = "";
  if (tbl.selected && !legalPlay(tbl.selected)) tbl.selected = null;
  renderTable();
}

// ---- a finished trick stays on the table ----
// The trick a state's last card completed: its four cards and who won it
// stay in the centre for the table's pause (the bots wait as long), or,
// with "tap to continue", until the player taps; then it is gathered.
const trickKey = st => st.last_trick ? `${st.deal}:${st.last_trick.cards.map(c => c[1]).join("")}` : "";
function trickDone(before, m) {
  return m.last_trick && m.deal === before.deal && trickKey(m) !== trickKey(before);
}
function holdTrick(m) {
  const tap = !!m.tap && m.you != null;
  const hold = { trick: m.last_trick, tap };
  tbl.hold = hold;
  if (!tap) setTimeout(() => { if (tbl && tbl.hold === hold) { tbl.hold = null; renderTable(); } }, m.pause || 1500);
}
// The player has seen the trick: gather it, and let the bots play on.
function releaseTrick() {
  if (!tbl.hold) return;
  const tap = tbl.hold.tap;
  tbl.hold = null;
  if (tap) {
    tbl.continuedAt = tbl.st.seq;
    tableSend({ type: "continue", seq: tbl.st.seq });
  }
  renderTable();
}

function onTableError(m) {
  if (m.code === "not_your_seat" && tbl.mine) {
    // The seat was given up (left, or another phone's secret): watch.
    dropSeat(tbl.id);
    tbl.mine = null;
  }
  tbl.error = T[lang]["err_" + m.code] ? t("err_" + m.code) : (["rate_limited", "busy", "moved"].includes(m.code) ? t("serverBusy") : m.message);
  renderTable();
}

function tableSend(msg) {
  if (tbl && tbl.ws && tbl.ws.readyState === 1) tbl.ws.send(JSON.stringify(msg));
  else { tbl.error = t("reconnecting"); renderTable(); }
}

const legal = () => (tbl.st && tbl.st.you != null && tbl.st.view.legal) || [];
function legalPlay(card) {
  return legal().find(a => a.type === "play" && a.card === card && !a.belote);
}
function beloteAllowed(card) {
  return legal().some(a => a.type === "play" && a.card === card && a.belote);
}
function act(action) {
  tableSend({ type: "act", seq: tbl.st.seq, action });
}
function playCard(card) {
  if (tapTwice() && tbl.selected !== card) { tbl.selected = card; renderTable(); return; }
  tbl.selected = null;
  tbl.hold = null;
  act({ type: "play", card, ...(beloteAllowed(card) && tbl.belote ? { belote: true } : {}) });
}

// Names of the seats as the table shows them.
function seatName(st, i) {
  const s = st.seats[i];
  if (!s) return "";
  if (s.kind === "person") return s.name;
  if (s.kind === "bot") return fill(T[lang]["bot_" + s.level] ? t("bot_" + s.level) : s.name, { n: i + 1 });
  return `${fill(t("seatN"), { n: i + 1 })} · ${t("openSeat")}`;
}
// The sides that score: two teams in French for four, else each player.
function sidesOf(st) {
  const n = st.seats.length;
  if (n === 4) return [[0, 2], [1, 3]];
  return st.seats.map((_, i) => [i]);
}
const sideName = (st, side) => side.map(i => seatName(st, i)).join(" & ");

function contractText(c) {
  if (!c) return "";
  if (SUITS[c]) return fill(t("trumps"), { s: SUITS[c] });
  return t("contract_" + c);
}

function renderTable() {
  if (!tbl) return;
  const st = tbl.st;
  document.title = `belot · ${t("table")}`;
  if (!st) { main.replaceChildren(el("p", { class: "note" }, "…")); return; }
  const error = tbl.error ? el("p", { class: "error", role: "alert", id: "table-error" }, tbl.error) : null;
  if (st.waiting) {
    main.replaceChildren(el("div", { class: "card-table", id: "card-table" }, waitingPanel(st), error));
    return;
  }
  const parts = [totalsBar(st), statusLine(st)];
  // A finished deal: its score in place of the table, in view at once
  // (once its last trick has been seen).
  if (st.hands && !tbl.hold) parts.push(dealOverPanel(st), error);
  else parts.push(tableArea(st), error, actionBar(st), handRow(st));
  parts.push(tableMenu(st));
  const wrap = el("div", { class: "card-table", id: "card-table" }, parts);
  const focused = document.activeElement && document.activeElement.id;
  main.replaceChildren(wrap);
  // Keep the focus where it was across the redraw (keyboards, readers).
  if (focused) { const f = document.getElementById(focused); if (f) f.focus(); }
}

function totalsBar(st) {
  const sides = sidesOf(st);
  const totals = st.standing.totals;
  return el("div", { class: "totals", id: "table-totals", "aria-label": t("totals") },
    sides.map(side => el("div", {}, el("span", { class: "side-name" }, sideName(st, side)), el("strong", {}, fmt(totals[side[0]] ?? 0)))),
    st.standing.held ? el("div", { class: "held" }, el("span", {}, t("held")), el("strong", {}, fmt(st.standing.held))) : null);
}

function statusLine(st) {
  const v = st.view;
  let text;
  if (tbl.offline) text = t("reconnecting");
  else if (st.match_over) text = t("matchOver");
  else if (v.to_act == null) text = fill(t("dealOver"), { n: st.deal });
  else if (v.to_act === st.you) text = t("yourTurn");
  else text = fill(t("toPlay"), { name: seatName(st, v.to_act) });
  const bits = [el("strong", { id: "turn" }, text)];
  // The turn timer: the seconds left to whoever is to act.
  if (st.timer && v.to_act != null) bits.push(" ", el("span", { id: "countdown", class: "countdown", "aria-hidden": "true" }, countdownText()));
  if (v.to_act != null) bits.push(` · ${t("deal")} ${st.deal} · ${seatName(st, v.dealer)} ${t("deals")}`);
  if (v.contract) bits.push(` · ${contractText(v.contract)}`);
  if (v.taker != null && v.contract) bits.push(` (${seatName(st, v.taker)})`);
  return el("p", { class: "table-status" + (tbl.offline ? " offline" : ""), role: "status", id: "table-status" }, bits);
}

// Where each seat sits on the screen, seen from this seat (or seat 1).
function place(st, seat) {
  const n = st.seats.length, me = st.you ?? 0;
  const r = (seat - me + n) % n;
  if (n === 2) return ["bottom", "top"][r];
  if (n === 3) return ["bottom", "left", "right"][r];
  return ["bottom", "left", "top", "right"][r];
}

function seatBox(st, i) {
  const v = st.view;
  const last = [...(v.calls || [])].reverse().find(c => c.seat === i);
  const anns = (v.announcements || []).filter(a => a.seat === i).map(a => `${t("ann_" + a.kind)} ${a.points}`);
  const cls = ["seat", place(st, i)];
  if (v.to_act === i) cls.push("to-act");
  return el("div", { class: cls.join(" "), "data-seat": i },
    el("span", { class: "seat-name" }, seatName(st, i) + (i === st.you ? ` (${t("you")})` : "")),
    el("span", { class: "seat-info" },
      v.dealer === i ? el("span", { class: "dealer-chip", title: t("deals") }, "D ") : null,
      v.hand_sizes ? fill(t("cardsLeft"), { n: v.hand_sizes[i] }) : "",
      last ? ` · ${actionText(last.action)}` : "",
      anns.length ? ` · ${anns.join(", ")}` : ""));
}

function tableArea(st) {
  const v = st.view;
  const seats = st.seats.map((_, i) => i).filter(i => i !== st.you).map(i => seatBox(st, i));
  const center = el("div", { class: "trick", id: "trick", "aria-label": t("trick") });
  const held = tbl.hold && tbl.hold.trick;
  const shown = held || (tbl.showLast && st.last_trick ? st.last_trick : v.trick);
  if (shown) {
    for (const [seat, card] of shown.cards) {
      const slot = el("div", { class: "slot " + place(st, seat) }, cardFace(card));
      if (shown.winner === seat) slot.classList.add("winner");
      center.append(slot);
    }
  } else if (v.turned && v.phase === "bidding") center.append(el("div", { class: "slot center" }, el("span", { class: "note" }, t("turned")), cardFace(v.turned)));
  if (held) {
    // Who won it, said in words too (screen readers hear it).
    const won = fill(t("wonTrick"), { name: seatName(st, held.winner), points: held.points ?? 0 });
    const wonSlot = tbl.hold.tap
      ? el("button", { type: "button", class: "primary", id: "trick-continue", on: { click: releaseTrick } }, won, el("br"), t("tapContinue"))
      : el("span", { class: "won", id: "trick-won", role: "status" }, won);
    center.append(el("div", { class: "slot center" }, wonSlot));
    center.classList.add("held");
    center.addEventListener("click", ev => { if (ev.target === center) releaseTrick(); });
  }
  if (tbl.showLast && !held) center.classList.add("last");
  return el("div", { class: `table-area n${st.seats.length}` }, seats, center);
}

function actionText(a) {
  if (a.type === "name") return SUITS[a.suit];
  if (a.type === "play") return cardName(a.card);
  if (a.type === "announce") return t("announce");
  return t("act_" + a.type);
}

// The auction's and announcements' buttons: what the seat may do now
// besides playing a card.
function actionBar(st) {
  const acts = legal().filter(a => a.type !== "play");
  const bar = el("div", { class: "actions", id: "actions" });
  for (const a of acts) {
    let label = actionText(a);
    if (a.type === "take" && st.view.turned) label = `${t("act_take")} ${SUITS[st.view.turned[1]]}`;
    if (a.type === "announce") label = `${t("announce")}: ${a.melds.map(m => m.map(c => (RANK_SHOWN[c[0]] || c[0]) + SUITS[c[1]]).join(" ")).join(" + ") || t("none")}`;
    const b = el("button", { type: "button", class: a.type === "pass" ? "" : "primary", "data-action": a.type, on: { click: () => act(a) } }, label);
    if (a.type === "name") b.setAttribute("aria-label", `${t("act_take")} ${t("suit_" + a.suit)}`);
    bar.append(b);
  }
  if (legal().some(a => a.type === "play" && a.belote)) {
    bar.append(el("button", { type: "button", id: "say-belote", "aria-pressed": String(tbl.belote), on: { click: () => { tbl.belote = !tbl.belote; renderTable(); } } }, t("sayBelote")));
  }
  if (st.last_trick && !st.hands) {
    bar.append(el("button", { type: "button", class: "quiet", id: "last-trick", "aria-pressed": String(tbl.showLast),
      on: { click: () => { tbl.showLast = !tbl.showLast; renderTable(); } } }, t("lastTrick")));
  }
  return bar;
}

function handRow(st) {
  const v = st.view;
  const row = el("div", { class: "hand", id: "hand", role: "group", "aria-label": t("yourHand") });
  if (st.you == null) return row;
  // In the auction no card is played: the hand is shown, not dimmed.
  if (!legal().some(a => a.type === "play")) row.classList.add("idle");
  for (const c of sortHand(v.hand || [], v.contract)) {
    const ok = !!legalPlay(c);
    const b = cardFace(c, { tag: "button", type: "button", "aria-disabled": ok ? "false" : "true",
      on: { click: () => { if (ok) playCard(c); } } });
    if (ok) b.classList.add("legal");
    if (tbl.selected === c) b.classList.add("selected");
    b.id = "card-" + c;
    row.append(b);
  }
  return row;
}

function scoreTable(st) {
  const s = st.view.score;
  if (!s) return null;
  const sides = sidesOf(st).length === s.totals.length ? sidesOf(st) : s.totals.map((_, i) => [i]);
  const rows = [["cardPoints", s.card_points], ["announcements", s.melds], ["belote", s.belote], ["bonus", s.bonus], ["dealPoints", s.totals], ["recorded", s.recorded]]
    .filter(([k, v]) => v && (k === "cardPoints" || k === "recorded" || v.some(x => x)));
  return el("table", { class: "score", id: "deal-score" },
    el("caption", {}, `${t(s.outcome) || s.outcome}${s.multiplier > 1 ? " " + fill(t("times"), { n: s.multiplier }) : ""}${s.held ? ` · ${t("held")} ${fmt(s.held)}` : ""}`),
    el("thead", {}, el("tr", {}, el("td", {}), sides.map(sd => el("th", { scope: "col" }, sideName(st, sd))))),
    el("tbody", {}, rows.map(([k, vals]) => el("tr", {}, el("th", { scope: "row" }, t(k)), vals.map(x => el("td", {}, fmt(x)))))));
}

function dealOverPanel(st) {
  const panel = el("section", { class: "deal-over", id: "deal-over", "aria-label": fill(t("dealOver"), { n: st.deal }) });
  panel.append(el("h2", {}, st.match_over ? t("matchOver") : fill(t("dealOver"), { n: st.deal })));
  if (st.match_over && st.standing.winners.length) panel.append(el("p", { class: "winner" }, fill(t("won"), { names: st.standing.winners.map(i => seatName(st, i)).join(", ") })));
  panel.append(scoreTable(st));
  if (st.you != null && !st.match_over) panel.append(el("button", { type: "button", class: "primary", id: "next-deal", on: { click: () => tableSend({ type: "next", seq: st.seq }) } }, t("nextDeal")));
  const rev = el("section", { id: "review", "aria-live": "polite" });
  panel.append(el("button", { type: "button", id: "review-btn", on: { click: () => loadReview(st, rev) } }, t("review")), rev);
  const hands = el("details", { id: "hands" }, el("summary", {}, t("hands")),
    el("ul", {}, st.hands.map((h, i) => el("li", {}, el("span", { class: "seat-name" }, seatName(st, i) + ": "), sortHand(h, st.view.contract).map(c => cardFace(c))))));
  panel.append(hands);
  return panel;
}

// The finished deal judged card by card by the double-dummy solver (the
// server's analysis, as `belot solve` prints it).
async function loadReview(st, box) {
  box.replaceChildren(el("p", { class: "note" }, t("analysing")));
  const path = tbl.watch ? `/api/watch/${tbl.id}/review/${st.deal}` : `/api/tables/${tbl.id}/review/${st.deal}`;
  const r = await api("GET", path);
  if (!r.ok) { box.replaceChildren(el("p", { class: "error" }, errorText(r))); return; }
  tbl.review = r.body;
  box.replaceChildren(...reviewView(st, r.body));
  // Its top in view, below the totals that stay at the top.
  box.scrollIntoView({ block: "start" });
}

function reviewView(st, rv) {
  const name = i => seatName(st, i);
  const accounts = el("ul", { class: "accounts" }, rv.players.filter(p => p.cards).map(p => el("li", {}, el("strong", {}, name(p.seat) + ": "),
    fill(t(p.mistakes > 1 ? "account" : p.mistakes ? "accountOne" : "noMistakes"), { cards: p.cards, mistakes: p.mistakes, cost: p.cost }))));
  const tricks = [];
  for (const c of rv.cards) {
    if (!tricks[c.trick - 1]) tricks[c.trick - 1] = el("li", {}, el("span", { class: "note" }, `${t("trick")} ${c.trick}`));
    const item = el("div", { class: "judged" + (c.cost ? " mistake" : ""), "data-value": c.value },
      el("span", { class: "who" }, name(c.seat)), cardFace(c.card), el("span", { class: "value" }, String(c.value)));
    if (c.cost) {
      item.append(el("span", { class: "cost" }, `${fill(t("costs"), { n: c.cost })} · ${t("bestWas")}: `),
        ...c.best_cards.map(b => cardFace(b)), el("span", {}, ` = ${c.best}`));
      if (c.outcome && c.outcome !== c.best_outcome) item.append(el("span", { class: "cost" }, " · " + fill(t("outcomeChange"), { played: t(c.outcome), best: t(c.best_outcome) })));
    }
    tricks[c.trick - 1].append(item);
  }
  return [el("h3", {}, fill(t("reviewTitle"), { n: rv.deal })), el("p", { class: "note" }, t("reviewNote")), accounts, el("ol", { class: "tricks" }, tricks)];
}

// ---- a table waiting for the friends it invited ----
// Nothing is dealt until every seat is taken: the invite link, its QR
// code, and a bot for any seat nobody will take, all on the first screen.
function waitingPanel(st) {
  const seats = el("ul", { class: "seats", id: "waiting-seats" }, st.seats.map((s, i) => {
    const li = el("li", { "data-seat": i }, seatName(st, i) + (i === st.you ? ` (${t("you")})` : ""));
    if (s.kind === "open" && st.you != null) {
      const level = el("select", { "aria-label": `${t("level")} · ${fill(t("seatN"), { n: i + 1 })}`, id: `bot-level-${i}` },
        ["easy", "medium", "strong"].map(k => el("option", { value: k, selected: k === "strong" }, t("seat_" + k))));
      li.append(" ", el("span", { class: "bot-pick" }, level,
        el("button", { type: "button", class: "quiet", "data-bot": i, on: { click: () => tableSend({ type: "bot", seat: i, level: level.value }) } }, fill(t("botHere"), { n: i + 1 }))));
    }
    return li;
  }));
  const box = el("section", { id: "waiting", "aria-labelledby": "waiting-title" },
    el("h2", { id: "waiting-title" }, `${t("waitingTitle")}: ${t(st.view.variant)}`));
  if (tbl.watch) return box.append(el("p", {}, t("waitingWatch")), seats), box;
  const origin = shareOrigin();
  const link = origin + `/t/${tbl.id}`;
  const copied = el("span", { class: "note", id: "invite-copied", role: "status" });
  const copy = el("button", { type: "button", class: "primary", id: "copy-invite", on: { click: async () => {
    try { await navigator.clipboard.writeText(link); copied.textContent = t("copied"); } catch (e) { $("#invite-link").select(); }
  } } }, t("copy"));
  const share = navigator.share ? el("button", { type: "button", id: "share-invite", on: { click: () => navigator.share({ url: link }).catch(() => {}) } }, t("shareLink")) : null;
  box.append(el("p", {}, t("waitingNote")),
    el("label", { for: "invite-link" }, t("inviteLink")),
    el("input", { type: "text", readonly: true, id: "invite-link", value: link }),
    el("div", { class: "row invite-actions" }, copy, share, copied),
    reachNote(),
    el("img", { id: "invite-qr", alt: "QR: " + t("inviteLink"), src: `/api/tables/${tbl.id}/qr.svg?origin=${encodeURIComponent(origin)}`, width: 180, height: 180 }),
    seats);
  if (st.watch) {
    const watch = origin + `/w/${st.watch}`;
    box.append(el("details", { id: "waiting-watch" }, el("summary", {}, t("watchLink")),
      el("input", { type: "text", readonly: true, id: "watch-link", "aria-label": t("watchLink"), value: watch }),
      el("img", { alt: "QR: " + t("watchLink"), src: `/api/watch/${st.watch}/qr.svg?origin=${encodeURIComponent(origin)}`, width: 160, height: 160 })));
  }
  return box;
}

// The address the other phones can open: the page's, or the server's
// network address when the page was opened on this machine (asked once,
// GET /api/reach, as the score keeper's share panel does).
const onThisMachine = () => {
  const host = location.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1";
};
function shareOrigin() {
  if (!onThisMachine()) return location.origin;
  if (!reach.known && !reach.asked) {
    reach.asked = fetch("/api/reach", { cache: "no-store" }).then(r => r.ok ? r.json() : null).catch(() => null)
      .then(r => { if (r) { reach.known = r; renderTable(); } else reach.asked = null; return r; });
  }
  return (reach.known && reach.known.urls && reach.known.urls[0]) || location.origin;
}
// Why the other phones cannot open the links, when they cannot.
function reachNote() {
  const r = reach.known;
  if (!onThisMachine() || !r || (r.urls && r.urls.length)) return null;
  const port = location.port || (location.protocol === "https:" ? "443" : "80");
  return el("p", { class: "note", id: "reach-note" }, t(r.loopback_only ? "reachLocal" : "reachNone").replace("{port}", port));
}

function tableMenu(st) {
  const items = [];
  // The table alone keeps its score sheet: everyone gets its read-only link.
  if (st.sheet) items.push(el("a", { href: `/v/${st.sheet}`, id: "sheet-link" }, t("scoreSheet")));
  if (!tbl.watch) items.push(el("a", { href: `/api/tables/${tbl.id}/record.json`, download: "belot-table.json" }, t("record")));
  const opts = el("label", { class: "check" }, el("input", { type: "checkbox", id: "tap-twice", checked: tapTwice(),
    on: { change: e => localStorage.setItem("belot.tapTwice", e.target.checked ? "1" : "0") } }), " ", t("tapTwice"));
  const bots = st.you != null ? st.seats.map((s, i) => s.kind === "open" ? el("button", { type: "button", class: "quiet", "data-bot": i,
    on: { click: () => tableSend({ type: "bot", seat: i, level: "strong" }) } }, fill(t("addBot"), { n: i + 1 })) : null) : [];
  const leave = st.you != null ? el("button", { type: "button", class: "quiet", id: "leave", on: { click: () => { tbl.leaving = true; tableSend({ type: "leave" }); } } }, t("leave")) : null;
  const share = tbl.watch ? null : tableShare(st);
  return el("div", { class: "table-menu" }, el("p", {}, items.flatMap((x, i) => i ? [" · ", x] : [x])), opts, bots, share, leave);
}

// The links: one that seats a friend, one for spectators, each with its
// QR code (the server's address the phones can reach, as the score
// keeper's share panel does).
function tableShare(st) {
  const open = st.seats.some(s => s.kind === "open");
  const box = el("details", { id: "table-share", open: open && st.deal === 1 && !tbl.st.view.calls.length },
    el("summary", {}, t("share")));
  const links = [["inviteLink", "invite-link", `/t/${tbl.id}`, `/api/tables/${tbl.id}/qr.svg`]];
  if (st.watch) links.push(["watchLink", "watch-link", `/w/${st.watch}`, `/api/watch/${st.watch}/qr.svg`]);
  for (const [label, id, path, qr] of links) {
    const origin = shareOrigin();
    box.append(el("p", {}, t(label)), el("input", { type: "text", readonly: true, id, "aria-label": t(label), value: origin + path }),
      el("img", { alt: "QR: " + t(label), src: `${qr}?origin=${encodeURIComponent(origin)}`, width: 160, height: 160 }));
  }
  return box;
}

// ---- joining by the link ----
function renderJoin() {
  const st = tbl.st;
  document.title = `belot · ${t("joinTable")}`;
  const name = el("input", { type: "text", id: "join-name", maxlength: 24, value: myName(), autocomplete: "nickname" });
  const err = el("p", { class: "error", role: "alert", id: "join-error" });
  const open = st.seats.map((s, i) => s.kind === "open" ? i : null).filter(i => i != null);
  const take = seat => async () => {
    const nm = name.value.trim();
    localStorage.setItem("belot.name", nm);
    const r = await api("POST", `/api/tables/${tbl.id}/join`, { name: nm, seat });
    if (!r.ok) { err.textContent = errorText(r); return; }
    keepSeat(tbl.id, r.body.seat, r.body.secret, st.view.variant);
    routeTable("t", tbl.id);
  };
  const seats = el("ul", { class: "seats" }, st.seats.map((s, i) => el("li", {}, seatName(st, i))));
  main.replaceChildren(el("section", { id: "join" },
    el("h2", {}, `${t("joinTable")}: ${t(st.view.variant)}`), seats,
    open.length ? el("label", {}, t("yourName"), name) : el("p", {}, t("tableFull")),
    err,
    el("div", { class: "row" }, open.map(i => el("button", { type: "button", class: "primary", "data-seat": i, on: { click: take(i) } }, fill(t("takeSeat"), { n: i + 1 })))),
    el("p", {}, el("a", { href: "#", id: "watch-instead", on: { click: ev => { ev.preventDefault(); tbl.watch = false; tbl.mine = null; connectTable(); renderTable(); } } }, t("watch")))));
}

// ---- making a table (the home page's "Play") ----
function newTableForm() {
  const form = el("form", { id: "new-table", "aria-label": t("newTable") });
  const pick = gamePicker("t");
  const { variant, nplayers, count } = pick;
  const seats = el("div", { id: "t-seats" });
  const opts = el("div");
  const timer = el("select", { id: "t-timer" }, [0, 30, 60, 120].map(s => el("option", { value: s }, s ? fill(t("seconds"), { n: s }) : t("timerOff"))));
  const tap = el("input", { type: "checkbox", id: "t-tap" });
  const name = el("input", { type: "text", id: "t-name", maxlength: 24, value: myName(), autocomplete: "nickname" });
  const err = el("p", { class: "error", role: "alert", id: "t-error" });
  const redraw = () => {
    pick.sync();
    const old = [...seats.querySelectorAll("select")].map(s => s.value);
    seats.replaceChildren(...Array.from({ length: count() }, (_, i) => el("label", {}, fill(t("seatN"), { n: i + 1 }),
      el("select", { id: `t-seat-${i}` }, ["me", "open", "easy", "medium", "strong"].map(k => el("option", { value: k, selected: (old[i] || (i ? "strong" : "me")) === k }, t("seat_" + k)))))));
    opts.replaceChildren(...optionFields(variant.value, {}, "t"));
  };
  variant.addEventListener("change", redraw);
  nplayers.addEventListener("change", redraw);
  form.append(el("h2", {}, t("newTable")),
    el("label", {}, t("variant"), variant),
    pick.wrap,
    el("label", {}, t("yourName"), name),
    el("fieldset", {}, el("legend", {}, t("players")), seats),
    el("details", { id: "t-rules" }, el("summary", {}, t("rules")), opts, el("label", {}, t("turnTimer"), timer),
      el("label", { class: "check" }, tap, " ", t("tapOption"))),
    err, el("button", { type: "submit", class: "primary", id: "start-table" }, t("startTable")));
  redraw();
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = pick.options(readOptions(variant.value, form, "t"));
    const body = { rules: { variant: variant.value, options }, seats: [...seats.querySelectorAll("select")].map(s => s.value), timer: +timer.value, tap_to_continue: tap.checked };
    if (body.seats.includes("me")) { body.name = name.value.trim(); localStorage.setItem("belot.name", body.name); }
    const r = await api("POST", "/api/tables", body);
    if (!r.ok) { err.textContent = errorText(r); return; }
    if (r.body.secret) keepSeat(r.body.id, r.body.seat, r.body.secret, variant.value);
    history.pushState({}, "", `/t/${r.body.id}`);
    route();
  });
  return form;
}

function tablesList() {
  const all = Object.entries(mySeats()).sort((a, b) => b[1].at - a[1].at);
  if (!all.length) return null;
  return el("section", { id: "my-tables", "aria-label": t("myTables") }, el("h2", {}, t("myTables")),
    el("ul", {}, all.map(([id, s]) => el("li", {},
      el("a", { href: `/t/${id}`, on: { click: ev => { ev.preventDefault(); history.pushState({}, "", `/t/${id}`); route(); } } },
        `${t(s.variant || "table")} · ${fill(t("seatN"), { n: s.seat + 1 })}`),
      el("span", { class: "note" }, ` ${new Date(s.at).toLocaleDateString(lang)}`)))));
}
