#!/usr/bin/env python3
"""Least-squares fit of the heuristic bots' bidding weights.

The ignored tests `bots::two::tests::calibrate` and
`bots::three::tests::calibrate` (belot-solver) deal thousands of hands,
force each contract the first speaker could make, let the heuristic bot
play every seat, and write one CSV row per deal: the contract kind, the
hand's features at bidding time (six cards) and the margin the bidder got
(two-player: his points minus the other's; three-player: the declarer's
points minus the mean of the others'; распасы from the dealer's side).

    cargo test --release -p belot-solver --lib calibrate -- --ignored
    python3 bench/fit-bid-weights.py /tmp/two_calibration.csv
    python3 bench/fit-bid-weights.py /tmp/three_calibration.csv

For each kind it prints the fitted constant and weights (copied into
`suit_value`, `all_trumps_value`, `no_trumps_value`, `raspasy_value`),
and for bands of the predicted margin the actual mean margin and how often
it was positive: the check that the estimate means what it says.
"""
import csv
import sys

import numpy as np

SUIT = "jack nine ace_ten small side_aces side_tens side_other voids meld belote".split()
NAMES = {
    "take": SUIT,
    "name": SUIT,
    "rasp": SUIT,
    "at": "jacks nines_with_jack nines aces_tens belas meld".split(),
    "nt": "aces tens_with_ace tens kings meld".split(),
}

rows = list(csv.DictReader(open(sys.argv[1])))
for kind in sorted({r["kind"] for r in rows}):
    rs = [r for r in rows if r["kind"] == kind]
    names = NAMES[kind]
    x = np.array([[float(r[f"f{i}"]) for i in range(len(names))] for r in rs])
    y = np.array([float(r["diff"]) for r in rs])
    a = np.hstack([np.ones((len(x), 1)), x])
    w, *_ = np.linalg.lstsq(a, y, rcond=None)
    pred = a @ w
    r2 = 1 - ((y - pred) ** 2).sum() / ((y - y.mean()) ** 2).sum()
    print(f"{kind}: n={len(y)} mean margin {y.mean():.1f}, r2 {r2:.3f}")
    print(f"  constant {w[0]:.1f}; " + ", ".join(f"{n} {v:.1f}" for n, v in zip(names, w[1:])))
    for lo in range(-80, 120, 20):
        m = (pred >= lo) & (pred < lo + 20)
        if m.sum() > 30:
            print(f"  predicted {lo:+4d}..{lo + 20:+4d}: n={m.sum():5d}  "
                  f"actual {y[m].mean():+6.1f}  positive {(y[m] > 0).mean():.2f}")
