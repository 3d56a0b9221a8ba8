// Two-player Belot on the score keeper: who ordered what in one tap, the
// all-pass deal (распасы), and what the page checks before sending. The
// page loads a game's module by its name; `ui` is the page's helpers.

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
