// Three-player Belot on the score keeper: the declarer, three players'
// points, capo and the last trick, and what the page checks before
// sending. The page loads a game's module by its name; `ui` is the
// page's helpers.

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
