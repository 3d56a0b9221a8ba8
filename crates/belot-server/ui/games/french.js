// French Belote on the score keeper: its deal form and what the page
// checks before sending. The page loads a game's module by its name
// (GET /api/rules lists the games); `ui` is the page's helpers.

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
