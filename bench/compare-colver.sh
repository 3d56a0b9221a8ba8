#!/usr/bin/env bash
# Random-playout throughput, belot against colver (PyPI), side by side in
# one run on this machine: the same workload (random deals, hearts trump
# for seat 0's side, seat 0 leads; each playout copies the start of play,
# plays uniformly random legal cards to the end and scores the deal).
# Runs alternate (colver, belot, colver, belot, ...) so drift hits both;
# the medians and their ratio are printed.
#
#   bash bench/compare-colver.sh [ROUNDS] [DEALS] [ROLLOUTS_PER_DEAL]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
deals=${2:-2000}
rollouts=${3:-1000}

python3 -c 'import colver' 2>/dev/null || pip install --quiet 'colver==0.11.1'
cargo build --release --quiet -p belot-core --example playouts

out=$(mktemp)
for _ in $(seq "$rounds"); do
  python3 bench/colver_playouts.py --deals "$deals" --rollouts-per-deal "$rollouts" \
    --check-games 0 --json | tail -n 1 >> "$out"
  ./target/release/examples/playouts "$deals" "$rollouts" 1 >> "$out"
done

python3 - "$out" <<'PY'
import json, statistics, sys, platform
rows = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
def med(pred):
    v = [r["playouts_per_sec"] for r in rows if pred(r)]
    return statistics.median(v), len(v)
col, n = med(lambda r: r["engine"] == "colver")
cha, _ = med(lambda r: r["engine"] == "belot" and r["rng"] == "chacha8")
xo, _ = med(lambda r: r["engine"] == "belot" and r["rng"] == "xoshiro256++")
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
print(f"machine: {cpu}, {platform.system()} {platform.machine()}; {n} rounds, medians")
print(f"colver {next(r['version'] for r in rows if r['engine']=='colver')}: {col:,.0f} playouts/s")
print(f"belot (ChaCha8):      {cha:,.0f} playouts/s  ratio {cha/col:.2f}x")
print(f"belot (Xoshiro256++): {xo:,.0f} playouts/s  ratio {xo/col:.2f}x")
PY
rm -f "$out"
