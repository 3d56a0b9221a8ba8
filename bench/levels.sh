#!/usr/bin/env bash
# The tables' strength levels (issue 23): each a measured step above the
# one before, in every game. `belot arena` on mirrored deals (seed 1):
# medium (pimc:8:200000:32) against easy (heuristic), strong (pimc)
# against medium; FRENCH deals in French Belote for 4, THREE in
# three-player Belot, OTHER in the other games (2000 each by default:
# strong over medium is 0.6-0.8 points of share in French Belote for 3
# and three-player Belot, too small for 500 deals). Fails unless every
# step's 95% interval of the share of points lies above 50%. The results
# do not depend on the machine's load (budgets are counts, not times);
# about 25 minutes on 2 cores. Writes bench/results/levels-<date>.txt.
#
#   bash bench/levels.sh [FRENCH] [OTHER] [THREE]
set -euo pipefail
cd "$(dirname "$0")/.."
french=${1:-2000}
other=${2:-2000}
three=${3:-2000}
cargo build --release --quiet -p belot-cli
out="bench/results/levels-$(date +%Y-%m-%d).txt"
{
  echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD), $(nproc) cores"
  for game in french french-3 french-2 two-player three-player; do
    n=$other; [ "$game" = french ] && n=$french; [ "$game" = three-player ] && n=$three
    for pair in "medium easy" "strong medium"; do
      set -- $pair
      echo "## belot arena --game $game --a $1 --b $2 --deals $n --seed 1"
      /usr/bin/time -f "wall %e s" ./target/release/belot arena --game "$game" --a "$1" --b "$2" --deals "$n" --seed 1 2>&1
    done
  done
} | tee "$out"
python3 - "$out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
lows = [float(x) for x in re.findall(r"share of points +[0-9.]+% +\(95% CI ([0-9.]+)%", text)]
assert len(lows) == 10, f"{len(lows)} results"
assert all(x > 50 for x in lows), f"a step is not measured: lower ends {lows}"
print(f"ok: every level a measured step above the one before (lowest lower end {min(lows)}%)")
PY
