#!/usr/bin/env python3
"""Two builds of the solver, side by side on the same deals.

    python3 bench/solver-side-by-side.py BASE_EXE NEW_EXE [ROUNDS] [N]

BASE_EXE and NEW_EXE are `solve_deals` examples built from two commits
(build the older one in a `git worktree`). Runs alternate, ROUNDS each
(default 5), N deals (default 60, seed 1, colver's duties). Each deal
keeps its fastest time (interference only adds time); prints the medians
over the deals, the sums of the per-deal times, their ratios (above 1:
NEW is faster), and the nodes of the hearts value. Both must find the
same values.
"""
import json, statistics, subprocess, sys

base, new = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
n = sys.argv[4] if len(sys.argv) > 4 else "60"
best, nodes, values = {}, {}, {}
for _ in range(rounds):
    for name, exe in (("base", base), ("new", new)):
        out = subprocess.run([exe, n, "1", "colver"], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            d = json.loads(line)
            for k in ("ms_value", "ms_all_cards", "ms_suits"):
                best[(name, d["deal"], k)] = min(best.get((name, d["deal"], k), 1e9), d[k])
            nodes[(name, d["deal"])] = d["nodes"]
            v = (d["value"], d["suits"])
            assert values.setdefault(d["deal"], v) == v, f"deal {d['deal']}: values differ"
deals = sorted(values)
for k in ("ms_value", "ms_all_cards", "ms_suits"):
    b = statistics.median(best[("base", d, k)] for d in deals)
    w = statistics.median(best[("new", d, k)] for d in deals)
    bs = sum(best[("base", d, k)] for d in deals)
    ws = sum(best[("new", d, k)] for d in deals)
    print(f"{k}: median base {b:.2f} new {w:.2f} ratio {b / w:.3f}; sum base {bs:.0f} new {ws:.0f} ratio {bs / ws:.3f}")
print("value nodes: base", sum(nodes[("base", d)] for d in deals), "new", sum(nodes[("new", d)] for d in deals))
