// belot score keeper: one page, no framework. Every text a user typed is
// put in the page with textContent, never as HTML.
"use strict";

// The page's words: one file per language (ui/i18n/), English (every
// other language's fallback) and the page's language loaded before the page
// is drawn, another when the language changes.
const T = {};
function loadWords(l) {
  if (T[l]) return Promise.resolve(true);
  return import(`/i18n/${l}.js`).then(m => { T[l] = m.default; return true; }).catch(() => false);
}
const LANGS = ["en", "bg", "ru", "uk", "ro", "fr"];
const LANG_NAMES = { en: "English", bg: "Български", ru: "Русский", uk: "Українська", ro: "Română", fr: "Français" };
// ?lang=bg in a link opens the page in that language (and keeps it).
const asked = new URLSearchParams(location.search).get("lang");
if (LANGS.includes(asked)) localStorage.setItem("belot.lang", asked);
let lang = localStorage.getItem("belot.lang") || (navigator.languages || [navigator.language || "en"]).map(l => l.slice(0, 2)).find(l => LANGS.includes(l)) || "en";
const t = k => (T[lang] && T[lang][k]) || (T.en && T.en[k]) || k;
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// House rules: what they are comes from the server (GET /api/rules, read
// from belot-core's option types: key, kind, choices, bounds, default,
// whether the seed names it, and the English names and help). The other
// languages' words are in their word files (ui/i18n/): keys
// opt_<variant>_<key> (else opt_<key>) for a rule's name, the same with
// _help for its help line, and choice_<value> for a choice.

// The first of `keys` the page's language has words for, else the
// server's English.
const words = (...keys) => { const d = T[lang]; for (const k of keys) if (d && d[k]) return d[k]; return null; };
const ruleName = (v, r) => words(`opt_${v}_${r.key}`, `opt_${r.key}`) || r.name || r.key;
const ruleHelp = (v, r) => words(`opt_${v}_${r.key}_help`, `opt_${r.key}_help`) || r.help || "";
const choiceName = (v, r, c) => words(`choice_${v}_${r.key}_${c}`, `choice_${c}`) || (r.labels || [])[(r.choices || []).indexOf(c)] || c;

// The rule definitions, asked once (and kept on the phone for a page
// opened without the server).
let RULES = null, rulesAsked = null;
function loadRules() {
  if (RULES) return Promise.resolve(RULES);
  if (!rulesAsked) rulesAsked = api("GET", "/api/rules").then(r => {
    rulesAsked = null;
    if (r.ok && r.body && typeof r.body === "object" && Object.keys(r.body).length) {
      RULES = r.body;
      try { localStorage.setItem("belot.rules", JSON.stringify(RULES)); } catch (e) { /* full: asked again next time */ }
    } else {
      try { RULES = JSON.parse(localStorage.getItem("belot.rules") || "null"); } catch (e) { RULES = null; }
    }
    return RULES;
  });
  return rulesAsked;
}

const $ = (sel, root = document) => root.querySelector(sel);
function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c != null) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}
const main = $("#main");
const say = msg => { $("#status").textContent = msg || ""; };

// A request's answer; a server that cannot be reached answers status 0
// with the code "offline" (never an exception the page would swallow).
async function api(method, path, body) {
  let r;
  try {
    r = await fetch(path, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  } catch (e) {
    return { ok: false, status: 0, body: { error: { code: "offline", message: "" } } };
  }
  const v = await r.json().catch(() => ({}));
  return { ok: r.ok, status: r.status, body: v };
}

// A refusal in the page's language where the code says all; else the
// server's own words.
function errorText(r) {
  const e = r.body && r.body.error;
  const code = e ? e.code : "";
  if (code === "offline") return t("offlineSave");
  if (["busy", "timeout", "too_many_connections", "rate_limited", "read_only", "moved"].includes(code)) return t("serverBusy");
  // A body the server could not read is the page's fault, not the user's.
  if (["bad_json", "not_json", "missing_field", "unknown_field", "invalid_value"].includes(code)) return t("err_bad_request");
  // A refusal the page knows, in its language, with the table's names.
  const text = T[lang] && T[lang]["err_" + code];
  if (text) return fillIn(text, (e && e.params) || {});
  return e && e.message ? e.message : String(r.status);
}

// "{n|one=card|other=cards}": the number and its noun in the form the
// language's plural rules (CLDR, through Intl.PluralRules) ask for.
function plural(n, forms) {
  const f = Object.fromEntries(forms.split("|").map(x => x.split("=")));
  const cat = typeof n === "number" ? new Intl.PluralRules(lang).select(n) : "other";
  return `${n} ${f[cat] ?? f.other}`;
}
const plurals = (text, p) => text.replace(/\{([a-z]+)\|([^}]+)\}/g, (_, k, forms) => plural(p[k] ?? "", forms));

// A message's {side}, {other}, {seat}, {deal}, {points}… from the refusal's
// parameters: sides and seats by their names, deals by their number.
function fillIn(text, p) {
  const st = game;
  const side = i => (st ? sides(st)[i] : null) ?? String(i);
  const deal = id => { const r = st && st.table.rows.find(x => x.id === id); return r ? r.number : id ?? ""; };
  return plurals(text, p).replace(/\{([a-z]+(?:-1)?)\}/g, (_, k) => {
    if (k === "side" || k === "other") return side(p[k]);
    if (k === "seat") return st ? st.setup.players[p.seat] ?? p.seat : p.seat;
    if (k === "deal") return deal(p.id);
    if (k === "total-1") return p.total != null ? p.total - 1 : "";
    return p[k] ?? "";
  });
}

// ---- start a game ----
// The games a score sheet or a table can be, in the order listed, and how
// many play each: chosen within the bounds of the game's own "players"
// rule where it has one (French Belote: four in two teams, three or two),
// else the number its module gives.
// Each game's part of the page (its deal form, its checks) is a module,
// ui/games/<game>.js, loaded by the game's name: the games are those
// GET /api/rules lists, in its order.
/** @type {Record<string, any>} */
const KITS = {};
function kitOf(variant) {
  if (KITS[variant]) return Promise.resolve(KITS[variant]);
  const ui = { el, t, choice, chips, counter, SUITS };
  return import(`/games/${variant}.js`)
    .then(m => (KITS[variant] = { ...m.default(ui), scoring: m.scoring })).catch(() => null);
}
const loadKits = () => Promise.all(Object.keys(RULES || {}).map(kitOf));
// The game and player-count selects of a new-game or new-table form (ids
// prefixed "t-" for a table).
function gamePicker(prefix) {
  const id = s => prefix ? `${prefix}-${s}` : s;
  const variant = el("select", { id: id("variant") }, Object.keys(RULES || {}).filter(v => KITS[v]).map(v => el("option", { value: v }, t(v))));
  const nplayers = el("select", { id: id("nplayers") });
  const wrap = el("div", { id: id("nplayers-wrap") }, el("label", {}, t("nPlayers"), nplayers));
  const rule = () => ((RULES && RULES[variant.value]) || []).find(r => r.key === "players" && r.from_setup);
  // No game to list (no rules and no copy of them on the phone): two.
  const count = () => rule() ? +nplayers.value : KITS[variant.value]?.players ?? 2;
  return {
    variant, nplayers, wrap, count,
    // Four players play in two teams.
    teams: () => count() === 4,
    // The count chosen, where the game has a choice: most players first.
    sync: () => {
      const r = rule();
      wrap.hidden = !r;
      const want = r ? Array.from({ length: r.max - r.min + 1 }, (_, i) => String(r.max - i)) : [];
      if ([...nplayers.options].map(o => o.value).join() !== want.join()) {
        const was = nplayers.value;
        nplayers.replaceChildren(...want.map(n => el("option", { value: n, selected: n === was }, n)));
      }
    },
    options: o => { if (rule()) o.players = count(); return o; },
  };
}

async function renderNew() {
  document.title = "belot";
  // The house rules come from the server: wait for them (asked once).
  if (!RULES) await loadRules();
  await loadKits();
  if (/^\/(g|v|t|w)\//.test(location.pathname)) return;
  const mode = localStorage.getItem("belot.mode") === "play" ? "play" : "score";
  const tabs = el("div", { class: "toggle mode", role: "group", "aria-label": "belot" },
    ["score", "play"].map(m => el("button", { type: "button", id: `mode-${m}`, "aria-pressed": String(mode === m),
      on: { click: () => { localStorage.setItem("belot.mode", m); renderNew(); } } }, t(m === "score" ? "keepScore" : "play"))));
  if (mode === "play") {
    if (!(await loadTables())) { main.replaceChildren(tabs, el("p", { class: "error" }, t("offlineSave"))); return; }
    const tables = tablesList();
    main.replaceChildren(tabs, newTableForm(), ...(tables ? [tables] : []));
    return;
  }
  const form = el("form", { "aria-label": t("newGame") });
  const pick = gamePicker("");
  const { variant, nplayers, count } = pick;
  const names = el("div");
  const dealer = el("select", { id: "dealer" });
  const opts = el("div");
  const err = el("p", { class: "error", role: "alert" });
  function redraw() {
    pick.sync();
    const n = count();
    const old = [...names.querySelectorAll("input")].map(i => i.value);
    names.replaceChildren(...Array.from({ length: n }, (_, i) =>
      el("label", {}, `${t("player")} ${i + 1}`, el("input", { type: "text", id: `p${i}`, maxlength: 40, required: true, value: old[i] || "", autocomplete: "off" }))));
    if (pick.teams()) names.prepend(el("p", { class: "note" }, t("teams")));
    dealer.replaceChildren(...Array.from({ length: n }, (_, i) => el("option", { value: i }, `${t("player")} ${i + 1}`)));
    opts.replaceChildren(...optionFields(variant.value, {}, "o"));
  }
  variant.addEventListener("change", redraw);
  nplayers.addEventListener("change", redraw);
  form.append(
    el("h2", {}, t("newGame")),
    el("label", {}, t("variant"), variant),
    pick.wrap,
    el("label", {}, t("name"), el("input", { type: "text", id: "gname", maxlength: 40 })),
    el("fieldset", {}, el("legend", {}, t("players")), names),
    el("label", {}, t("dealer"), dealer),
    el("fieldset", { id: "o-rules" }, el("legend", {}, t("rules")), opts),
    err,
    el("button", { type: "submit", class: "primary", id: "create" }, t("create")));
  redraw();
  const mine = gamesList();
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = pick.options(readOptions(variant.value, form, "o"));
    const setup = {
      name: $("#gname", form).value.trim(),
      players: [...names.querySelectorAll("input")].map(i => i.value.trim()),
      first_dealer: +dealer.value,
      rules: { variant: variant.value, options },
    };
    const r = await api("POST", "/api/sheets", setup);
    if (!r.ok) { err.textContent = errorText(r); return; }
    history.pushState({}, "", `/g/${r.body.id}`);
    route();
  });
  main.replaceChildren(tabs, ...(mine ? [mine, form] : [form]));
}

// The house-rule inputs of a game (ids `${prefix}-${key}`), showing
// `values` where given, else the defaults: the rules the seed names up
// front, the others under "More rules". A rule set from the set-up (the
// French number of players) is not shown.
function optionFields(variant, values, prefix) {
  const rules = ((RULES && RULES[variant]) || []).filter(r => !r.from_setup);
  const field = r => {
    const v = r.key in values ? values[r.key] : r.default, id = `${prefix}-${r.key}`, help = ruleHelp(variant, r);
    const named = { "aria-labelledby": `${id}-name`, "aria-describedby": help ? `${id}-help` : null };
    let input;
    if (r.kind === "bool") input = el("input", { type: "checkbox", id, checked: !!v, ...named });
    else if (r.kind === "number" || r.kind === "cap") input = el("input", { type: "number", id, value: v ?? "", min: r.min, max: r.max, inputmode: "numeric", ...named });
    else input = el("select", { id, ...named }, (r.choices || []).map(c => el("option", { value: c, selected: c === v }, choiceName(variant, r, c))));
    return el("label", { class: "rule", "data-rule": r.key },
      el("span", { id: `${id}-name` }, ruleName(variant, r)),
      help ? [" — ", el("span", { class: "note", id: `${id}-help` }, help)] : null, input);
  };
  const more = rules.filter(r => !r.main);
  return [...rules.filter(r => r.main).map(field),
    more.length ? el("details", { class: "more-rules", id: `${prefix}-more-rules` }, el("summary", {}, t("moreRules")), more.map(field)) : null].filter(Boolean);
}
function readOptions(variant, root, prefix) {
  const options = {};
  for (const r of (RULES && RULES[variant]) || []) {
    const i = $(`#${prefix}-${r.key}`, root);
    if (!i) continue;
    options[r.key] = r.kind === "bool" ? i.checked
      : r.kind === "number" ? (i.value === "" ? r.default : +i.value)
      : r.kind === "cap" ? (i.value === "" ? null : +i.value)
      : i.value;
  }
  return options;
}

// Names and house rules after the start: every deal is scored again.
function setupPanel(st) {
  const s = st.setup, v = s.rules.variant;
  const rules = el("div", {}, optionFields(v, s.rules.options || {}, "e"));
  if (!RULES) loadRules().then(r => { if (r) rules.replaceChildren(...optionFields(v, s.rules.options || {}, "e")); });
  const form = el("form", { id: "setup-form" },
    el("label", {}, t("name"), el("input", { type: "text", id: "e-name", maxlength: 40, value: s.name })),
    s.players.map((p, i) => el("label", {}, `${t("player")} ${i + 1}`, el("input", { type: "text", id: `e-p${i}`, maxlength: 40, required: true, value: p }))),
    el("fieldset", { id: "e-rules" }, el("legend", {}, t("rules")), rules),
    el("p", { class: "error", id: "setup-error", role: "alert" }),
    el("button", { type: "submit", class: "primary", id: "setup-save" }, t("update")));
  form.addEventListener("submit", async ev => {
    ev.preventDefault();
    const options = { ...(s.rules.options || {}), ...readOptions(v, form, "e") };
    const setup = { ...s, name: $("#e-name", form).value.trim(), players: s.players.map((_, i) => $(`#e-p${i}`, form).value.trim()), rules: { variant: v, options } };
    await send({ op: "setup", setup }, game.version, newKey(), "#setup-error");
  });
  return el("details", { id: "setup-edit" }, el("summary", {}, t("changeSetup")), form);
}

// ---- a game ----
let game = null, source = null, editing = null;

function sides(st) {
  const p = st.setup.players;
  return p.length === 4 ? [`${p[0]} & ${p[2]}`, `${p[1]} & ${p[3]}`] : p;
}
const fmt = x => Number.isInteger(x) ? String(x) : x.toFixed(1);
function outcomeOf(row) {
  if (row.kind === "thrown_in") return t("thrown");
  if (row.kind === "redeal") return t("redeal");
  const s = row.score && row.score.outcome;
  return s ? t(s) : "";
}
function contractOf(st, e) {
  const p = st.setup.players, name = s => p[s] || "";
  const kit = KITS[e.kind];
  return kit ? kit.label(e, name) : "—";
}

// A new game with the same players and rules; the next dealer deals first.
async function rematch() {
  const s = game.setup;
  const setup = { name: s.name, players: s.players, first_dealer: game.table.next_dealer, rules: s.rules };
  const r = await api("POST", "/api/sheets", setup);
  if (!r.ok) { say(errorText(r)); return; }
  history.pushState({}, "", `/g/${r.body.id}`);
  route();
}

// The last state of the game open, kept on the phone: shown when the
// server cannot be reached after a reload.
function keepCopy(st) {
  try { localStorage.setItem("belot.copy", JSON.stringify(st)); } catch (e) { /* too big for storage: no copy */ }
}
function copyOf(path) {
  try {
    const st = JSON.parse(localStorage.getItem("belot.copy"));
    return st && (`/g/${st.id}` === path || `/v/${st.view_id}` === path) ? st : null;
  } catch (e) { return null; }
}

// The games opened on this phone, newest first (kept on the device only).
const MY_GAMES = "belot.games";
function myGames() {
  try { return JSON.parse(localStorage.getItem(MY_GAMES)) || []; } catch (e) { return []; }
}
function remember(st) {
  const key = st.id ? `/g/${st.id}` : `/v/${st.view_id}`;
  const entry = { path: key, name: st.setup.name, variant: st.setup.rules.variant, players: st.setup.players,
    totals: st.table.totals, winner: st.table.winner, deals: st.table.rows.length, at: Date.now() };
  const list = [entry, ...myGames().filter(g => g.path !== key)].slice(0, 30);
  try { localStorage.setItem(MY_GAMES, JSON.stringify(list)); } catch (e) { /* storage full or off: the list is a convenience */ }
}
function forget(path) {
  localStorage.setItem(MY_GAMES, JSON.stringify(myGames().filter(g => g.path !== path)));
}
function gamesList() {
  const list = myGames();
  if (!list.length) return null;
  return el("section", { id: "my-games", "aria-label": t("myGames") }, el("h2", {}, t("myGames")),
    el("ul", {}, list.map(g => el("li", {},
      el("a", { href: g.path, on: { click: ev => { ev.preventDefault(); history.pushState({}, "", g.path); route(); } } },
        `${g.name || t(g.variant)}: ${g.players.join(", ")}`),
      el("span", { class: "note" }, ` ${(g.totals || []).map(fmt).join(" : ")} · ${new Date(g.at).toLocaleDateString(lang)}`),
      el("button", { type: "button", class: "quiet", "aria-label": `${t("forget")}: ${g.name || g.players.join(", ")}`,
        on: { click: () => { forget(g.path); renderNew(); } } }, "×")))));
}

function renderGame() {
  const st = game, edit = st.mode === "edit";
  // The game's module first (asked once; the page draws when it is here).
  if (!KITS[st.setup.rules.variant]) {
    // Not loaded (offline before the page kept it): said, and asked again
    // at the next redraw.
    kitOf(st.setup.rules.variant).then(k => { if (game === st) { if (k) renderGame(); else say(t("offlineSave")); } });
    return;
  }
  remember(st);
  keepCopy(st);
  document.title = `belot — ${st.setup.name || t(st.setup.rules.variant)}`;
  const names = sides(st), tb = withWaiting(st) || st.table;
  const parts = [];
  parts.push(el("h2", { class: "game-title" }, st.setup.name || t(st.setup.rules.variant)));
  if (!edit) parts.push(el("p", { class: "note" }, t("readonly")));
  parts.push(el("div", { class: "totals", role: "group", "aria-label": t("totals"), "aria-live": "polite" },
    names.map((n, i) => el("div", {}, el("span", {}, n), el("strong", { "data-total": i }, fmt(tb.totals[i] || 0))))));
  // Totals that count deals still on this phone say so.
  if (tb.waiting) parts.push(el("p", { class: "note", id: "counted-waiting" }, t("countedWaiting").replace("{n}", tb.waiting)));
  if (tb.winner != null) parts.push(el("section", { class: "winner", id: "game-over", "aria-label": t("gameOver") },
    el("h3", {}, t("gameOver")),
    el("p", { id: "winner" }, `${t("winner")}: ${names[tb.winner]}`),
    edit ? el("button", { type: "button", class: "primary", id: "rematch", on: { click: rematch } }, t("rematch")) : null));
  else parts.push(el("p", { id: "next-dealer" }, `${t("nextDealer")}: ${st.setup.players[tb.next_dealer]}`));
  if (tb.pool > 0) parts.push(el("p", { id: "waiting" }, `${t("waiting")}: ${fmt(tb.pool)}`));
  if (edit) {
    const pending = pendingList(st);
    if (pending) parts.push(pending);
    parts.push(dealForm(st));
    parts.push(el("div", { class: "row", id: "undo-row" },
      el("button", { id: "undo", disabled: !st.can_take_back, on: { click: takeBack } }, "↶ " + t("undo")),
      el("button", { id: "redo", disabled: !st.can_put_back, on: { click: () => send({ op: "put_back" }) } }, "↷ " + t("redo")),
      el("button", { id: "undo-change", class: "quiet", disabled: !st.can_undo, on: { click: () => send({ op: "undo" }) } }, t("undoChange"))));
  }
  parts.push(historyTable(st, names));
  parts.push(chart(st, names));
  parts.push(sharePanel(st));
  if (edit) parts.push(setupPanel(st), changesPanel(st));
  main.replaceChildren(...parts);
}

// The changes view: every change, newest first, any of them reverted with
// a tap (a new change, undoable itself). Open, it stays open across
// redraws and is read again after each.
// A link ending in #changes opens it.
let changesOpen = location.hash === "#changes";
function changesPanel(st) {
  const list = el("ol", { id: "change-list", class: "changes" });
  const more = el("div", {});
  const box = el("details", { id: "changes", open: changesOpen }, el("summary", {}, t("changes")),
    el("p", { class: "error", id: "changes-error", role: "alert" }), list, more);
  box.addEventListener("toggle", () => { changesOpen = box.open; if (box.open && !list.dataset.asked) loadChanges(st, list, more); });
  if (changesOpen) loadChanges(st, list, more);
  return box;
}
async function loadChanges(st, list, more, before) {
  list.dataset.asked = "1";
  const q = before ? `?before=${before}` : "";
  const r = await api("GET", `/api/sheets/${st.id}/changes${q}`);
  if (!r.ok) { more.replaceChildren(el("p", { class: "error", role: "alert" }, errorText(r))); return; }
  const items = r.body.changes;
  if (!items.length && !before) list.append(el("li", { class: "note" }, t("noChanges")));
  for (const c of items) list.append(changeItem(c));
  if (!before && location.hash === "#changes") list.parentElement.scrollIntoView();
  const last = items.length ? items[items.length - 1].n : 0;
  more.replaceChildren(r.body.more ? el("button", { type: "button", class: "quiet", id: "older-changes",
    on: { click: () => loadChanges(st, list, more, last) } }, t("older")) : "");
}
function changeText(c) {
  const op = c.change.op, setupUndo = (op === "undo" || op === "redo") && c.deal == null;
  const key = setupUndo ? `ch_${op}_setup` : `ch_${op}`;
  return fillIn(t(key), { id: c.deal, change: c.change.change });
}
function changeItem(c) {
  const text = changeText(c);
  return el("li", { value: c.n, "data-change": c.n }, el("span", {}, text),
    c.revertable ? el("button", { type: "button", class: "quiet", "aria-label": `${t("revert")}: ${text}`,
      on: { click: async () => { if (await send({ op: "revert", change: c.n }, game.version, newKey(), "#changes-error") === true) say(t("reverted").replace("{n}", c.n)); } } }, t("revert")) : null);
}

// ↶ as seed 002 §11 has it: takes back the last deal, and says which, with
// ↷ at hand to put it back.
async function takeBack() {
  const live = game.table.rows;
  const n = live.length ? live[live.length - 1].number : null;
  if (await send({ op: "take_back" }) === true && n != null) say(t("tookBack").replace("{n}", n));
}

// Redraws the game but keeps a deal form the user has started filling in:
// what someone typed is never thrown away by another phone's change.
function renderKeepingForm() {
  const form = $("#deal-form");
  const keep = form && (form.dataset.dirty === "1" || form.contains(document.activeElement));
  renderGame();
  const fresh = $("#deal-form");
  if (keep && fresh) fresh.replaceWith(form);
}

// `version` is the state the change was made on: a deal form sends the
// version it was opened on, so a change typed over an out-of-date table is
// refused (409) and shown against the current one instead of applied blind.
// A refusal goes to `boxSel` (a selector, or a deal form, which puts it
// next to the control at fault), else to the status line.
async function send(change, version = game.version, key = newKey(), boxSel = null) {
  const r = await api("POST", `/api/sheets/${game.id}/changes`, { version, change, key });
  if (r.status === 0) {
    // The server cannot be reached: the change waits on this phone.
    enqueue({ game: game.id, change, version, key });
    editing = null;
    renderGame(); say(t("queued")); return "queued";
  }
  if (r.ok) {
    editing = null;
    // The live event may have brought this change already.
    if (r.body.version > game.version) game = patch(game, r.body) || (await api("GET", `/api/sheets/${game.id}`)).body;
    renderGame(); say(""); return true;
  }
  if (r.status === 409 && r.body.state) { game = r.body.state; renderKeepingForm(); }
  const msg = r.status === 409 ? t("stale") : errorText(r);
  // A deal form puts the message next to what it is about.
  const box = typeof boxSel === "string" ? $(boxSel) : boxSel;
  if (box && box.fail) box.fail(r.status === 409 ? "stale" : r.body.error && r.body.error.code, msg);
  else if (box) box.textContent = msg; else say(msg);
  return false;
}

function choice(label, values, current, onPick, id) {
  return el("fieldset", { id }, el("legend", {}, label), el("div", { class: "toggle", role: "group" },
    values.map(([v, text]) => el("button", { type: "button", id: id ? `${id}-${v}` : undefined, "aria-pressed": String(current === v), "data-value": v,
      on: { click: ev => { onPick(current === v && v !== null ? null : v); ev.currentTarget.closest("form").dispatchEvent(new Event("redraw")); } } }, text))));
}

// A points box: a text box with no phone keyboard of its own (the
// keypad under it types), still typed on by a computer's keyboard.
function pointsInput(id, label, value, extra) {
  const { onType, onTap, placeholder, cls } = extra;
  return el("label", {}, label, el("input", { type: "text", id, inputmode: "none", autocomplete: "off", maxlength: 3, value: value ?? "", placeholder, class: cls,
    on: { input: ev => { ev.target.value = ev.target.value.replace(/\D/g, ""); onType(ev.target.value === "" ? null : +ev.target.value); },
      focus: ev => { onTap(); ev.target.select(); }, click: () => onTap() } }));
}

// The side a French player's points are on: his team with four players,
// himself otherwise.
const sideOfSeat = (st, seat) => st.setup.players.length === 4 ? seat % 2 : seat;

// Which part of the form a refusal is about, by its code: the message
// goes there (and the folded part holding it opens). The points boxes
// here; each game's own controls in its module (`errorAt`).
const ERROR_AT = {
  last_trick_points: "pts", no_last_trick_points: "pts", err_no_last_trick_points: "pts", no_trick_points: "pts",
  needPoints: "pts", pointsRange: "pts", card_points: "pts", card_points_all: "pts", card_points_between: "pts",
  card_points_both: "pts", card_points_missing: "pts", card_points_range: "pts", card_points_sum: "pts",
  capot_points_two: "pts",
};

function dealForm(st) {
  const v = st.setup.rules.variant, n = st.setup.players.length, names = sides(st), ns = names.length;
  const players = st.setup.players.map((p, i) => [i, p]);
  const sideList = names.map((p, i) => [i, p]);
  // The form's model; editing an existing deal starts from its entry.
  const from = editing || prefill;
  const m = from ? JSON.parse(JSON.stringify(from.entry)) : {};
  // A deal entered again replaces its refused copy once it is saved.
  const replaces = from && from.key;
  prefill = null;
  const kit = KITS[v];
  kit.model(m, ns);
  const form = el("form", { id: "deal-form", "aria-label": t("newDeal"), novalidate: true });
  // Where every card is in play (French for 4 or 3) the last side's points
  // follow from the 162: that box is left for the app. French for 2 and the
  // two- and three-player games leave cards out: every box is typed.
  const derived = kit.derived(n);
  // Two sides whose points add up to 162: a side's points say the other's.
  const paired = derived && ns === 2;
  // Which box the keypad types into: the one last tapped, else the
  // taker's (loader's, declarer's) side. A box holding a number it has
  // not typed (a deal opened to edit, a box tapped) is replaced by the
  // first digit, not appended to.
  let target = null;
  const fresh = new Set(from ? m.card_points.map((x, i) => x != null ? i : -1).filter(i => i >= 0) : []);
  const first = () => kit.first(m, s => sideOfSeat(st, s));
  const boxMax = m => kit.boxMax(m);
  const keypadTarget = () => target ?? first();
  const typed = () => m.card_points.filter((x, i) => x != null && !fresh.has(i)).length;
  // After a digit: on to the next box once no further digit fits, unless
  // every box the players must give is typed.
  const advance = k => {
    const x = m.card_points[k];
    if (x == null || (x !== 0 && x * 10 <= boxMax(m))) return;
    if (derived && typed() >= ns - 1) {
      // The boxes the players give are typed: a number left from before
      // in another box goes, so that the last side is derived.
      for (const i of fresh) m.card_points[i] = null;
      fresh.clear();
      return;
    }
    // On to a box still holding a number from before, else an empty one.
    const after = Array.from({ length: ns - 1 }, (_, j) => (k + j + 1) % ns);
    const next = after.find(i => fresh.has(i)) ?? after.find(i => m.card_points[i] == null);
    if (next != null) target = next;
  };
  const press = d => {
    const k = keypadTarget();
    const cur = fresh.has(k) ? 0 : m.card_points[k] ?? 0;
    fresh.delete(k);
    target = k;
    if (d === "C") m.card_points[k] = null;
    else if (d === "⌫") m.card_points[k] = Math.floor(cur / 10) || null;
    else if (cur * 10 + d <= boxMax(m)) { m.card_points[k] = cur * 10 + d; advance(k); }
    // Two sides of 162: a side's points say the other's; one box is typed.
    if (paired && m.card_points[k] != null) m.card_points[1 - k] = null;
    form.dispatchEvent(new Event("redraw"));
  };
  // The points boxes and the keypad under them; a box the app derives
  // shows its points as a placeholder.
  const pointBoxes = (prefix, labels) => {
    const empty = m.card_points.map((x, i) => x == null ? i : -1).filter(i => i >= 0);
    const sum = m.card_points.reduce((a, x) => a + (x ?? 0), 0);
    const hint = i => derived && m.capot == null && empty.length === 1 && empty[0] === i && sum <= 162 ? String(162 - sum) : undefined;
    const boxes = labels.map((s, i) => pointsInput(`${prefix}-${i}`, s, m.card_points[i], {
      onType: x => {
        m.card_points[i] = x; target = i; fresh.delete(i);
        if (paired && x != null) {
          // Typing keeps the box (no redraw): the other side in place.
          m.card_points[1 - i] = null;
          const o = $(`#${prefix}-${1 - i}`, form);
          if (o) { o.value = ""; o.placeholder = m.capot == null && x <= 162 ? String(162 - x) : ""; }
        }
      },
      onTap: () => {
        // A tapped box's number is replaced by the next digit.
        if (m.card_points[i] != null) fresh.add(i);
        if (target !== i) { target = i; markTarget(prefix, labels); }
      },
      placeholder: hint(i), cls: keypadTarget() === i ? "kp-target" : undefined }));
    return [el("fieldset", { id: "pts" }, el("legend", {}, t("points")), el("div", { class: "row pts" }, boxes)),
      el("p", { class: "note", id: "kp-for" }, kpFor(labels)),
      keypad(press)];
  };
  const kpFor = labels => t("keypadFor").replace("{s}", labels[keypadTarget()]);
  // A tap on a box moves the keypad there without a redraw (which would
  // take the focus from under the finger).
  const markTarget = (prefix, labels) => {
    labels.forEach((_, i) => $(`#${prefix}-${i}`, form)?.classList.toggle("kp-target", i === keypadTarget()));
    const note = $("#kp-for", form);
    if (note) note.textContent = kpFor(labels);
  };
  // The folded part of a form (announcements, capot, melds…): most deals
  // have none of it. Opened, it is scrolled above the sticky Save bar.
  const folds = new Set();
  const more = (id, label, open, ...content) => {
    const box = el("details", { id, class: "more", open: open || folds.has(id),
      on: { toggle: ev => { if (ev.target.open) { folds.add(id); showAbove(ev.target); } else folds.delete(id); } } },
      el("summary", {}, label), ...content);
    return box;
  };
  const redraw = () => form.dispatchEvent(new Event("redraw"));
  const draw = () => {
    // "New deal" is said to screen readers; the screen's room goes to the form.
    const body = [el("h2", { class: editing ? "" : "sr-only" }, editing ? `${t("edit")} #${editing.id}` : t("newDeal"))];
    const ctx = { st, m, form, players, names, sideList, pointBoxes, more, redraw, retarget: () => { target = null; } };
    body.push(...kit.fields(ctx));
    if (!editing) body.push(el("p", { id: "preview", class: "preview", "aria-live": "polite" }));
    body.push(el("div", { class: "row", id: "save-bar" },
      el("p", { class: "error", id: "form-error", role: "alert" }),
      el("button", { type: "submit", class: "primary", id: "save" }, editing ? t("update") : t("save")),
      el("button", { type: "button", id: "thrown-in", on: { click: () => submit({ kind: "thrown_in" }) } }, t("thrownIn")),
      kit.redeal ? el("button", { type: "button", id: "redeal", on: { click: () => submit({ kind: "redeal" }) } }, t("redeal")) : null,
      editing ? el("button", { type: "button", id: "cancel", on: { click: () => { editing = null; renderGame(); } } }, t("cancel")) : null));
    const focused = document.activeElement && document.activeElement.id;
    form.replaceChildren(...body);
    if (focused && $(`#${focused}`, form)) $(`#${focused}`, form).focus({ preventScroll: true });
  };
  form.dataset.version = st.version;
  if (replaces) form.dataset.dirty = "1";
  // Any tap or keystroke in the form marks it as started (phones do not
  // always focus buttons, so focus alone cannot tell).
  form.addEventListener("click", () => { form.dataset.dirty = "1"; });
  form.addEventListener("input", () => { form.dataset.dirty = "1"; });
  // A refusal next to what it is about, in view and said aloud.
  const fail = (code, text) => {
    const at = kit.errorAt[code] || ERROR_AT[code];
    const fold = at && $(`#${at}`, form)?.closest("details");
    if (fold && !fold.open) { folds.add(fold.id); draw(); }
    const anchor = at && $(`#${at}`, form);
    const box = $("#form-error", form);
    box.textContent = text;
    if (anchor) anchor.append(box); else $("#save-bar", form).prepend(box);
    showAbove(box);
  };
  form.fail = fail;
  const submit = async entry => {
    // A second tap while the first is on its way saves nothing twice.
    if (form.dataset.busy === "1") return;
    const problem = check(entry);
    if (problem) { fail(problem, t(problem)); return; }
    // A deal after the game's end counts for nothing: asked first.
    if (!editing && game.table.winner != null && form.dataset.afterEnd !== "1") {
      fail("", t("afterEndAsk"));
      $("#form-error", form).append(" ", el("button", { type: "button", id: "save-after", on: { click: () => { form.dataset.afterEnd = "1"; submit(entry); } } }, t("saveAfter")));
      return;
    }
    const change = editing ? { op: "edit", id: editing.id, entry } : { op: "add", entry };
    form.dataset.busy = "1";
    const ok = await send(change, +form.dataset.version, newKey(), form).finally(() => { form.dataset.busy = ""; });
    if (ok && replaces) { saveQueue(queue().filter(q => q.key !== replaces)); renderGame(); }
    // A short confirmation; the form is fresh, in view, the totals too.
    if (ok === true && change.op === "add") { say(t("saved").replace("{n}", game.table.rows.length)); window.scrollTo(0, 0); }
    // Refused as stale: the user has now seen the current table, so the
    // same form sent again applies on top of it.
    if (!ok && game.version > +form.dataset.version) form.dataset.version = game.version;
  };
  // The entry as sent, as the game's module makes it (boxes left empty
  // are 0, or derived by the server).
  const entryOf = () => {
    const e = kit.entry(JSON.parse(JSON.stringify(m)));
    for (const k of Object.keys(e)) if (e[k] === null || e[k] === undefined) delete e[k];
    return e;
  };
  // The outcome before saving: what the deal as typed would make.
  let previewTimer = null, previewAsked = 0;
  const preview = () => {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(async () => {
      const box = $("#preview", form);
      if (!box) return;
      const e = entryOf();
      const asked = ++previewAsked;
      if (check(e) || (e.card_points.every(x => !x) && e.capot == null)) { box.textContent = ""; return; }
      const r = await api("POST", `/api/sheets/${st.id}/preview`, { entry: e });
      // An answer overtaken by a later question is not shown.
      if (asked === previewAsked) box.textContent = r.ok ? previewText(st, r.body.row) : "";
    }, 250);
  };
  form.addEventListener("redraw", draw);
  form.addEventListener("redraw", preview);
  form.addEventListener("input", preview);
  form.addEventListener("submit", ev => {
    ev.preventDefault();
    submit(entryOf());
  });
  draw();
  return form;
}

// Scrolls an element into view above the sticky Save bar and below the
// sticky totals (their heights are the scroll margins in app.css).
function showAbove(elem) {
  const r = elem.getBoundingClientRect();
  const bar = $("#save-bar"), totals = $(".totals");
  const bottom = bar && !bar.contains(elem) ? bar.getBoundingClientRect().top : window.innerHeight;
  const top = totals ? totals.getBoundingClientRect().bottom : 0;
  if (r.bottom > bottom) window.scrollBy(0, Math.min(r.bottom - bottom + 8, r.top - top - 8));
  else if (r.top < top) window.scrollBy(0, r.top - top - 8);
}

// A previewed row in words: the outcome, what each side records, held.
function previewText(st, row) {
  const names = sides(st);
  const rec = row.recorded.map((x, i) => `${names[i]} ${fmt(x)}`).join(" · ");
  return `${outcomeOf(row)}: ${rec}${row.pool_after > 0 ? ` · ${t("held")} ${fmt(row.pool_after)}` : ""}`;
}

// What the page can tell is missing before sending: the key of a message.
function check(e) {
  const kit = KITS[e.kind];
  return kit ? kit.check(e) : null;
}

// Meld points per player as chips (20, 50, 100, 150, 200), 0 to clear:
// tapped, not typed.
function chips(label, players, points, id, form) {
  return el("fieldset", { id }, el("legend", {}, label), players.map(([i, p]) => el("div", { class: "row chips" },
    el("span", {}, `${p}: `, el("strong", { "data-points": i }, points[i])),
    [20, 50, 100, 150, 200].map(a => el("button", { type: "button", id: `${id}-${i}-${a}`, "aria-label": `${p} +${a}`,
      on: { click: () => { points[i] += a; form.dispatchEvent(new Event("redraw")); } } }, `+${a}`)),
    el("button", { type: "button", id: `${id}-${i}-0`, "aria-label": `${p} 0`,
      on: { click: () => { points[i] = 0; form.dispatchEvent(new Event("redraw")); } } }, "0"))));
}

// How many belas (belots) each player declared: tap + for each, 0 to
// clear (a count, not points: each is worth 20).
function counter(label, players, counts, id, form) {
  return el("fieldset", { id }, el("legend", {}, label), players.map(([i, p]) => el("div", { class: "row chips" },
    el("span", {}, `${p}: `, el("strong", { "data-count": i }, counts[i])),
    el("button", { type: "button", id: `${id}-${i}-plus`, "aria-label": `${p} ${label} +1`,
      on: { click: () => { counts[i] = Math.min(counts[i] + 1, 4); form.dispatchEvent(new Event("redraw")); } } }, "+1"),
    el("button", { type: "button", id: `${id}-${i}-zero`, "aria-label": `${p} ${label} 0`,
      on: { click: () => { counts[i] = 0; form.dispatchEvent(new Event("redraw")); } } }, "0"))));
}

function keypad(press) {
  return el("div", { class: "keypad", role: "group", "aria-label": t("keypad") },
    [1, 2, 3, "⌫", 4, 5, 6, "C", 7, 8, 9, 0].map(d => el("button", { type: "button", "aria-label": d === "C" ? t("clear") : d === "⌫" ? t("backspace") : String(d), on: { click: () => press(d) } }, String(d))));
}

function historyTable(st, names) {
  const edit = st.mode === "edit";
  const rows = st.table.rows;
  const byId = new Map(rows.map(r => [r.id, r]));
  const body = el("tbody");
  let n = 0;
  for (const item of st.items) {
    const r = byId.get(item.id);
    const tr = el("tr", { class: item.deleted ? "deleted" : r && !r.counted ? "after" : "", tabindex: edit ? 0 : false, "data-id": item.id });
    if (r) {
      n++;
      // Narrow enough for a 360-pixel phone: the number over the dealer,
      // the contract with its outcome and marks, then each side's points
      // over its running total.
      tr.append(el("td", {}, r.number, el("small", {}, st.setup.players[r.dealer])),
        el("td", {}, contractOf(st, item.entry) + " " + outcomeOf(r), el("small", {}, marks(st, item.entry, r))),
        ...r.recorded.map((x, i) => el("td", {}, fmt(x), el("small", {}, fmt(r.totals[i])))));
    } else {
      tr.append(el("td", {}, "—"), el("td", {}, contractOf(st, item.entry), el("small", {}, t("deleted"))),
        ...names.map(() => el("td", {}, "")));
    }
    if (edit) {
      const open = () => actions(item, tr);
      tr.addEventListener("click", open);
      tr.addEventListener("keydown", ev => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(); } });
    }
    body.append(tr);
  }
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("contract")), ...names.map(s => el("th", {}, s)));
  return el("section", { "aria-label": t("history") }, el("h2", {}, t("history")),
    el("div", { class: "scroll", tabindex: 0, role: "group", "aria-label": t("history") }, el("table", {}, el("thead", {}, head), body)));
}

// What a row's figures do not say: capot, belote, announcements, points
// held, and a deal entered after the end.
function marks(st, e, r) {
  const out = entryMarks(st, e);
  const ann = (e.announcements || []).reduce((a, b) => a + b, 0) + (e.constructions || []).reduce((a, b) => a + b, 0) + (e.combinations || []).reduce((a, b) => a + b, 0);
  if (ann > 0) out.push(`${t("announcements")} ${ann}`);
  if (r.pool_after > 0) out.push(`${t("held")} ${fmt(r.pool_after)}`);
  if (!r.counted) out.push(t("after"));
  return out.join(" · ");
}

// Capot and belote of an entry, by side.
function entryMarks(st, e) {
  const sideName = i => sides(st)[i] || "";
  return [e.capot != null ? `${t("capot")} ${sideName(e.capot)}` : null, e.belote != null ? `${t("belote")} ${sideName(e.belote)}` : null].filter(Boolean);
}

// A deal's figures as entered (what a deleted deal held, too): card
// points, announcements or melds, and the points it left waiting.
function details(st, item) {
  const e = item.entry, names = sides(st);
  const list = (label, xs) => xs && xs.some(x => x) ? `${label}: ${xs.map((x, i) => `${names[i]} ${x ?? "—"}`).join(", ")}` : null;
  const row = st.table.rows.find(r => r.id === item.id);
  return [list(t("points"), e.card_points), list(t("announcements"), e.announcements),
    list(t("constructions"), e.constructions), list(t("combinations"), e.combinations),
    row && row.pool_after > 0 ? `${t("held")}: ${fmt(row.pool_after)}` : null].filter(Boolean).join(" · ");
}

function actions(item, tr) {
  const old = $("#row-actions");
  if (old) old.remove();
  const box = el("tr", { id: "row-actions" }, el("td", { colspan: 99 }, el("p", { class: "note", id: "row-details" }, details(game, item)), el("div", { class: "row" },
    item.deleted
      ? el("button", { id: "restore", on: { click: () => send({ op: "restore", id: item.id }) } }, t("restore"))
      : [el("button", { id: "edit", on: { click: () => { editing = item; renderGame(); $("#deal-form").scrollIntoView(); } } }, t("edit")),
         el("button", { id: "delete", on: { click: () => send({ op: "delete", id: item.id }) } }, t("delete"))])));
  tr.after(box);
  $("button", box).focus();
}

// The totals over the deals: a line per side, with its figures (0, the
// target, each side's total at the end of its line, the deal numbers).
function chart(st, names) {
  const rows = st.table.rows.filter(r => r.counted);
  const W = 320, H = 160, L = 34, R = 40, T = 12, B = 20;
  const target = st.setup.rules.options.target;
  const all = rows.flatMap(r => r.totals).concat([0, target || 0]);
  const max = Math.max(...all, 1), min = Math.min(...all, 0);
  const x = i => L + (W - L - R) * (rows.length ? i / rows.length : 0);
  const y = v => H - B - (H - T - B) * (v - min) / (max - min || 1);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const put = (tag, attrs, text) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text != null) e.textContent = text; svg.append(e); return e; };
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("role", "img");
  const last = rows.length ? rows[rows.length - 1].totals : names.map(() => 0);
  svg.setAttribute("aria-label", `${t("chart")}: ${names.map((s, i) => `${s} ${fmt(last[i] || 0)}`).join(", ")}`);
  const colors = ["#0b6e4f", "#c44536", "#3d5a80", "#9c6644"];
  const label = (v, dy = 3) => put("text", { x: L - 4, y: y(v) + dy, "text-anchor": "end", "font-size": 10, fill: "#555" }, fmt(v));
  put("line", { x1: L, y1: y(0), x2: W - R, y2: y(0), stroke: "#999", "stroke-width": 1 });
  label(0);
  if (target) {
    put("line", { x1: L, y1: y(target), x2: W - R, y2: y(target), stroke: "#999", "stroke-width": 1, "stroke-dasharray": "4 3" });
    label(target);
  }
  if (min < 0) label(min);
  // The deal numbers along the bottom: every step-th (at most six) and the last.
  const step = Math.max(1, Math.ceil(rows.length / 6));
  const ticks = new Set([...Array(Math.floor(rows.length / step)).keys()].map(k => (k + 1) * step));
  if (rows.length) ticks.add(rows.length);
  for (const i of ticks) put("text", { x: x(i), y: H - 5, "text-anchor": "middle", "font-size": 9, fill: "#555" }, String(i));
  // Each side's total at the end of its line, moved apart where close.
  const ends = names.map((_, s) => ({ s, at: y(last[s] || 0) })).sort((p, q) => p.at - q.at);
  ends.forEach((e, k) => { if (k && e.at - ends[k - 1].at < 11) e.at = ends[k - 1].at + 11; });
  names.forEach((_, s) => {
    const pts = [[x(0), y(0)], ...rows.map((r, i) => [x(i + 1), y(r.totals[s])])];
    put("polyline", { points: pts.map(p => p.join(",")).join(" "), fill: "none", stroke: colors[s % 4], "stroke-width": 2 });
    const end = ends.find(e => e.s === s);
    put("text", { x: W - R + 4, y: end.at + 3, "font-size": 10, "font-weight": 700, fill: colors[s % 4] }, fmt(last[s] || 0));
  });
  return el("section", {}, el("h2", {}, t("chart")), svg,
    el("p", { class: "note" }, names.map((s, i) => { const e = el("span", {}, "■ " + s + "  "); e.style.color = colors[i % 4]; return e; })));
}

// Where the other phones can reach the server (GET /api/reach), asked
// once per page: the answer, and the request on its way.
const reach = { known: null, asked: null };
function sharePanel(st) {
  // Opened on this machine (127.0.0.1, localhost, [::1]), the page's own
  // address is no use to the other phones: the links and QR codes use the
  // server's first address on the network (GET /api/reach), or a note
  // says how to start the server so the phones can reach it.
  const links = [], items = [];
  const add = (label, id, path, qr) => {
    const input = el("input", { type: "text", readonly: true, "aria-label": t(label), id });
    const img = el("img", { alt: "QR: " + t(label) });
    links.push({ input, img, path, qr });
    items.push(el("div", {}, el("p", {}, t(label)), input, img));
  };
  if (st.id) add("editLink", "edit-link", `/g/${st.id}`, `/api/sheets/${st.id}/qr.svg`);
  add("viewLink", "view-link", `/v/${st.view_id}`, `/api/view/${st.view_id}/qr.svg`);
  const show = origin => {
    for (const l of links) { l.input.setAttribute("value", origin + l.path); l.img.src = `${l.qr}?origin=${encodeURIComponent(origin)}`; }
  };
  const note = el("p", { class: "note", id: "reach-note", hidden: true });
  const host = location.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const apply = r => {
    const url = r.urls && r.urls[0];
    show(url || location.origin);
    if (!url) {
      const port = location.port || (location.protocol === "https:" ? "443" : "80");
      note.textContent = t(r.loopback_only ? "reachLocal" : "reachNone").replace("{port}", port);
      note.hidden = false;
    }
  };
  if (!(host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1")) show(location.origin);
  else if (reach.known) apply(reach.known);
  else {
    show(location.origin);
    reach.asked = reach.asked || fetch("/api/reach", { cache: "no-store" }).then(r => r.ok ? r.json() : null).catch(() => null)
      .then(r => { if (r) reach.known = r; else reach.asked = null; return r; });
    reach.asked.then(r => { if (r) apply(r); });
  }
  const exp = st.id ? el("p", {}, t("export") + ": ", el("a", { href: `/api/sheets/${st.id}/export.csv` }, "CSV"), " · ", el("a", { href: `/api/sheets/${st.id}/export.json` }, "JSON")) : null;
  return el("section", {}, el("h2", {}, t("share")), el("div", { class: "share" }, items), note, exp);
}

// ---- changes kept on this phone until the server has them ----
// Each change carries a random key, so one sent again (the answer was lost,
// the page was reloaded) is applied once by the server.
const QUEUE = "belot.queue";
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), b => b.toString(16).padStart(2, "0")).join("");
function queue() {
  try { return JSON.parse(localStorage.getItem(QUEUE)) || []; } catch (e) { return []; }
}
function saveQueue(q) {
  localStorage.setItem(QUEUE, JSON.stringify(q));
}
function enqueue(item) {
  saveQueue([...queue(), item]);
  scheduleFlush();
}
let flushing = false, flushTimer = null;
function scheduleFlush() {
  if (!flushTimer) flushTimer = setTimeout(() => { flushTimer = null; flush(); }, 3000);
}
// Sends this game's waiting changes in order. One refused is kept and
// shown, never dropped; another phone's change meanwhile: it goes on top.
async function flush() {
  if (flushing || !game || !game.id) return;
  flushing = true;
  // The game whose changes these are: the user may open another meanwhile.
  const id = game.id, here = () => game && game.id === id && location.pathname === `/g/${id}`;
  let sent = false;
  try {
    for (;;) {
      const item = queue().find(i => i.game === id && !i.refused);
      if (!item) break;
      const url = `/api/sheets/${id}/changes`;
      let r = await api("POST", url, { version: item.version, change: item.change, key: item.key });
      if (r.status === 409 && r.body.state) {
        if (here()) game = r.body.state;
        r = await api("POST", url, { version: r.body.state.version, change: item.change, key: item.key });
      }
      if (r.status === 0) { scheduleFlush(); break; }
      const rest = queue().filter(i => i.key !== item.key);
      saveQueue(r.ok ? rest : [...rest, { ...item, refused: errorText(r) }]);
      sent = true;
    }
  } finally {
    flushing = false;
  }
  if (sent && here()) {
    const r = await api("GET", `/api/sheets/${id}`);
    if (r.ok && here()) { game = r.body; renderKeepingForm(); }
  }
}
function pendingList(st) {
  const mine = queue().filter(i => i.game === st.id);
  if (!mine.length) return null;
  return el("section", { id: "pending", "aria-label": t("notSent") }, el("h2", {}, `${t("notSent")} (${mine.length})`),
    el("ul", {}, mine.map(i => el("li", {}, pendingText(st, i.change),
      i.refused ? [el("span", { class: "error" }, " " + i.refused), " ",
        i.change.entry ? el("button", { type: "button", class: "quiet", "data-reenter": i.key, on: { click: () => reenter(i) } }, t("reenter")) : null,
        el("button", { type: "button", class: "quiet", on: { click: () => { saveQueue(queue().filter(q => q.key !== i.key)); renderGame(); } } }, t("discard"))] : null))));
}
// A refused waiting deal back in the form, as typed, to be put right and
// saved again: taken off the list only then, so it is never lost.
let prefill = null;
function reenter(item) {
  const c = item.change;
  if (c.op === "edit" && game.items.some(i => i.id === c.id)) editing = { id: c.id, entry: c.entry, key: item.key };
  else prefill = { entry: c.entry, key: item.key };
  renderGame();
  $("#deal-form").scrollIntoView();
}
// The phone's own scorer (score.js: belot-score's rules in the page,
// checked against its answers by ui/test/): deals that wait on the phone
// count in the totals, the points waiting, the next dealer and the winner
// at once. Loaded when a game opens, so that it is at hand offline.
const scorer = { module: null, asked: null };
function loadScorer() {
  if (!scorer.asked) scorer.asked = import("/score.js").then(m => (scorer.module = m)).catch(() => { scorer.asked = null; });
  return scorer.asked;
}
// The table with this game's waiting changes applied, or null (none, the
// scorer not loaded, or a change it cannot apply on the phone: an undo, a
// revert, new house rules; then the server's table is shown).
function withWaiting(st) {
  const mine = queue().filter(i => i.game === st.id && !i.refused);
  const m = scorer.module, kit = KITS[st.setup.rules.variant];
  if (!mine.length || !m || !kit || !st.items) return null;
  let items = st.items.map(i => ({ ...i }));
  for (const { change: c } of mine) {
    const at = items.findIndex(i => i.id === c.id);
    if (c.op === "add") items.push({ id: null, entry: c.entry, deleted: false });
    else if (c.op === "edit" && at >= 0) items[at] = { ...items[at], entry: c.entry };
    else if ((c.op === "delete" || c.op === "restore") && at >= 0) items[at] = { ...items[at], deleted: c.op === "delete" };
    else if (c.op === "take_back") { const live = items.filter(i => !i.deleted); items = items.filter(i => i !== live[live.length - 1]); }
    else return null;
  }
  try {
    return { ...m.scoreTable(st.setup, items.filter(i => !i.deleted).map(i => i.entry), kit.scoring), waiting: mine.length };
  } catch (e) {
    return null;
  }
}

// A waiting change that is no deal: what it does, in the words of its
// button or of the changes view.
function changeLabel(c) {
  if (c.op === "take_back") return "↶ " + t("undo");
  if (c.op === "put_back") return "↷ " + t("redo");
  if (c.op === "undo") return t("undoChange");
  if (c.op === "setup") return t("ch_setup");
  return fillIn(t(`ch_${c.op}`), { id: c.id, change: c.change });
}

// A waiting change in full: the deal as entered (who took, points,
// announcements, belote, capot…), or what the change does.
function pendingText(st, c) {
  const e = c.entry;
  if (!e) return changeLabel(c);
  if (e.kind === "thrown_in") return t("thrown");
  if (e.kind === "redeal") return t("redeal");
  const head = (e.raspasy ? t("raspasy") + " " : "") + contractOf(st, e);
  const extra = entryMarks(st, e);
  const counts = (label, xs) => xs && xs.some(x => x) ? `${label}: ${xs.map((x, i) => `${st.setup.players[i]} ${x}`).join(", ")}` : null;
  return [c.op === "edit" ? `${t("edit")} #${c.id}: ${head}` : head, details(st, { id: null, entry: e }), ...extra,
    counts(t("belas"), e.belas), counts(t("belot"), e.belots), e.capo && e.capo.length ? `${t("capo")}: ${e.capo.map(s => st.setup.players[s]).join(", ")}` : null]
    .filter(Boolean).join(" · ");
}

// A change's delta (the answer to a change, and the live event after it):
// the rows and items from the first that changed, and the short fields.
// Null when it does not follow from this state.
function patch(st, d) {
  if (!st || d.base !== st.version) return null;
  const table = { ...st.table, rows: st.table.rows.slice(0, d.rows_from).concat(d.rows), totals: d.totals,
    pool: d.pool, pool_lost: d.pool_lost, next_dealer: d.next_dealer, winner: d.winner };
  return { ...st, version: d.version, setup: d.setup || st.setup, table, items: st.items.slice(0, d.items_from).concat(d.items),
    can_undo: d.can_undo, can_redo: d.can_redo, can_take_back: d.can_take_back, can_put_back: d.can_put_back };
}

function connect(path) {
  if (source) source.close();
  source = new EventSource(path);
  source.addEventListener("delta", ev => {
    const d = JSON.parse(ev.data);
    if (game && d.version <= game.version) { say(t("live")); return; }
    const next = patch(game, d);
    // Out of step: reconnecting sends the whole state first.
    if (!next) { connect(path); return; }
    game = next;
    say(t("live"));
    renderKeepingForm();
  });
  source.addEventListener("state", ev => {
    const next = JSON.parse(ev.data);
    if (game && game.id && !next.id) next.id = game.id;
    // Our own change comes back as an event too: already drawn, and a
    // redraw now would only replace the form under the user's fingers.
    if (game && next.version === game.version) { say(t("live")); return; }
    game = next;
    say(t("live"));
    // Keep a deal being typed: redraw everything else.
    renderKeepingForm();
  });
  source.onerror = () => say(t("offline"));
  source.onopen = () => flush();
}

// The card tables' script (table.js), loaded when a table or "Play" is
// first opened: the score keeper's page stays light.
let tableScript = null;
function loadTables() {
  if (typeof routeTable === "function") return Promise.resolve(true);
  if (!tableScript) tableScript = new Promise(done => {
    const s = el("script", { src: "/table.js" });
    s.onload = () => done(true);
    s.onerror = () => { tableScript = null; s.remove(); done(false); };
    document.head.append(s);
  });
  return tableScript;
}
const tablesLoaded = () => typeof routeTable === "function";

async function route() {
  if (source) { source.close(); source = null; }
  if (tablesLoaded()) leaveTablePage();
  editing = null;
  const tm = location.pathname.match(/^\/(t|w)\/([0-9a-f]{32})$/);
  if (tm) {
    if (!(await loadTables())) { main.replaceChildren(el("p", { class: "error" }, t("offlineSave"))); return; }
    return routeTable(tm[1], tm[2]);
  }
  const m = location.pathname.match(/^\/(g|v)\/([0-9a-f]{32})$/);
  if (!m) return renderNew();
  const edit = m[1] === "g";
  const r = await api("GET", edit ? `/api/sheets/${m[2]}` : `/api/view/${m[2]}`);
  if (r.status === 0 && copyOf(location.pathname)) {
    game = copyOf(location.pathname);
    if (edit) await loadScorer();
    renderGame();
    say(t("offlineCopy"));
    connect(edit ? `/api/sheets/${m[2]}/events` : `/api/view/${m[2]}/events`);
    return;
  }
  if (!r.ok) { main.replaceChildren(el("p", { class: "error" }, errorText(r))); return; }
  game = r.body;
  if (edit) loadScorer();
  renderGame();
  // A game opens at its top: the totals and the deal form.
  window.scrollTo(0, 0);
  flush();
  connect(edit ? `/api/sheets/${m[2]}/events` : `/api/view/${m[2]}/events`);
}

function setupLang() {
  const sel = $("#lang");
  sel.replaceChildren(...LANGS.map(l => el("option", { value: l, lang: l, selected: l === lang }, LANG_NAMES[l])));
  document.documentElement.lang = lang;
  $("#lang-label").textContent = t("lang");
  sel.onchange = async () => {
    // Without the chosen language's words (no server, not kept) the page
    // stays in its language, and says why.
    if (!(await loadWords(sel.value))) { sel.value = lang; say(t("offlineSave")); return; }
    lang = sel.value; localStorage.setItem("belot.lang", lang); setupLang();
    const table = tablesLoaded() && currentTable();
    if (table) { if (table.ws) renderTable(); else renderJoin(); } else if (game && location.pathname !== "/") renderGame(); else renderNew();
  };
}

// Installable, and the page opens without the server (see /sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

window.addEventListener("popstate", route);
Promise.all([loadWords("en"), loadWords(lang)]).then(() => { setupLang(); route(); });
