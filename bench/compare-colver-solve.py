#!/usr/bin/env python3
"""Double-dummy solving, belot against colver (PyPI 0.11.1), on the same deals.

    python3 bench/compare-colver-solve.py [N] [SEED] [ROUNDS] [--write-data PATH]

N full French deals (seat 0 leads, values for seat 0's side, the play duties
colver implements: no duty to under-trump, a lower trump may go on a
partner's). Each round runs belot's `solve_deals` example on every deal, then
colver on every deal (`Env.deal_with_hands`, `set_contract` hearts for team 0,
`set_phase_playing`, `solve_scores`; and `solve_all_suits`). Runs alternate,
each deal keeps its fastest time over the rounds (the machine is a shared VM:
interference only ever adds time), and the table gives the medians over the
deals. Every value must agree: hearts, and all four trump suits.

`--write-data PATH` writes colver's values of every deal and trump suit, the
reference data of belot-solver's test `values_equal_colvers_on_full_deals`.
"""
import json, statistics, subprocess, sys, time

import colver

args = [a for a in sys.argv[1:] if not a.startswith("--")]
n = int(args[0]) if len(args) > 0 else 30
seed = int(args[1]) if len(args) > 1 else 1
rounds = int(args[2]) if len(args) > 2 else 5
data_path = sys.argv[sys.argv.index("--write-data") + 1] if "--write-data" in sys.argv else None

subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "belot-solver", "--example", "solve_deals"], check=True)
exe = "./target/release/examples/solve_deals"

best = {}  # (deal, what) -> fastest ms
deals = None
SUIT = {0: "S", 1: "H", 2: "D", 3: "C"}
RANK = "789JQKTA"  # colver's rank order within a suit


def keep(k, what, ms):
    best[(k, what)] = min(ms, best.get((k, what), float("inf")))


def card_name(i):
    return RANK[i % 8] + SUIT[i // 8]


for r in range(rounds):
    out = subprocess.run([exe, str(n), str(seed), "colver"], check=True, capture_output=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines()]
    for d in rows:
        keep(d["deal"], "belot_value", d["ms_value"])
        keep(d["deal"], "belot_all", d["ms_all_cards"])
        keep(d["deal"], "belot_suits", d["ms_suits"])
    deals = rows
    for d in rows:
        env = colver.Env.deal_with_hands(3, d["hands"])  # dealer 3: seat 0 leads
        env.set_contract(1, 80, 0, 0)                      # hearts, team 0 (seats 0 and 2)
        env.set_phase_playing()
        t = time.perf_counter()
        res = env.solve_scores()
        keep(d["deal"], "colver_scores", (time.perf_counter() - t) * 1000)
        v = max(s for _, s in res["scores"])
        # colver counts a capot as 252; belot's value is the card points (162).
        v = 162 if v == 252 else v
        assert v == d["value"], f"deal {d['deal']}: colver {v}, belot {d['value']}"
        env2 = colver.Env.deal_with_hands(3, d["hands"])
        t = time.perf_counter()
        suits = env2.solve_all_suits()["suits"]
        keep(d["deal"], "colver_suits", (time.perf_counter() - t) * 1000)
        theirs = [162 if ns == 252 else ns for ns, _ in suits]
        assert theirs == d["suits"], f"deal {d['deal']}: colver {theirs}, belot {d['suits']}"
        d["colver_suits"] = theirs

med = lambda what: statistics.median(best[(k, what)] for k in range(n))
cs, ca = med("colver_scores"), med("colver_suits")
print(f"{n} full French deals (seed {seed}), fastest of {rounds} alternating rounds, medians over the deals;")
print("every value equal (hearts, and all four trump suits)")
print(f"| solver | median | vs colver |")
print(f"|---|---|---|")
print(f"| colver 0.11.1 `solve_scores` (every card, hearts) | {cs:.1f} ms | 1 |")
print(f"| belot `Solver::value` (hearts) | {med('belot_value'):.2f} ms | **{cs / med('belot_value'):.2f}x** |")
print(f"| belot `Solver::solve` (every card, hearts) | {med('belot_all'):.2f} ms | {cs / med('belot_all'):.2f}x |")
print(f"| colver 0.11.1 `solve_all_suits` (four trumps) | {ca:.1f} ms | 1 |")
print(f"| belot `Solver::value` for each of four trumps | {med('belot_suits'):.2f} ms | {ca / med('belot_suits'):.2f}x |")

if data_path:
    with open(data_path, "w") as f:
        f.write("# colver 0.11.1 solve_all_suits values (seat 0 leads, card points of seats 0 and 2,\n")
        f.write("# a capot counted 162), by bench/compare-colver-solve.py; play duties: no duty to\n")
        f.write("# under-trump, a lower trump may go on a partner's.\n")
        f.write("# hand0 | hand1 | hand2 | hand3 | spades hearts diamonds clubs\n")
        for d in deals:
            hands = " | ".join(" ".join(card_name(c) for c in h) for h in d["hands"])
            f.write(f"{hands} | {' '.join(str(v) for v in d['colver_suits'])}\n")
    print(f"wrote {data_path}")
