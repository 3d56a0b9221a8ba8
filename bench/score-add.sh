#!/usr/bin/env bash
# End-to-end time of `belot score add` (process start, open SQLite, load and
# replay the sheet, validate, one transaction with a full sync) on a sheet
# that already holds 300 deals. Target: under 50 ms.
#
#   bash bench/score-add.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
cargo build --release --quiet -p belot-cli
bin=./target/release/belot
dir=$(mktemp -d)
db="$dir/bench.db"
python3 - "$dir/sheet.json" <<'PY'
import json, sys
history = []
for k in range(300):
    if k % 7 == 6:
        history.append({"op": "add", "entry": {"kind": "thrown_in"}})
    else:
        history.append({"op": "add", "entry": {"kind": "french", "taker": k % 4,
            "card_points": [40 + (k * 13) % 80, None], "announcements": [0, 0]}})
json.dump({"format": "belot-sheet", "version": 1,
           "setup": {"players": ["A", "B", "C", "D"], "rules": {"variant": "french", "options": {"target": 100000}}},
           "history": history}, open(sys.argv[1], "w"))
PY
id=$($bin score --db "$db" import "$dir/sheet.json")
python3 - "$bin" "$db" "$id" "$runs" <<'PY'
import statistics, subprocess, sys, time
bin, db, sid, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
times = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run([bin, "score", "--db", db, "add", sid, "--taker", "1", "--points", "100"],
                   check=True, stdout=subprocess.DEVNULL)
    times.append((time.perf_counter() - t) * 1000)
times.sort()
print(f"belot score add on a 300-deal sheet, {runs} runs: median {statistics.median(times):.1f} ms, "
      f"p95 {times[int(0.95 * (runs - 1))]:.1f} ms, max {times[-1]:.1f} ms")
PY
rm -rf "$dir"
