#!/usr/bin/env bash
# Time per decision of the tables' medium and strong levels (the pimc bot
# on its two budgets) in every game: examples/pimc_timing, DEALS deals a
# game (default 100), pimc in the even seats against the heuristic bot;
# every card decision with a choice and every bidding call is timed.
# Run it on an otherwise idle machine: these are times, not counts.
# Writes bench/results/decision-times-<date>.txt.
#
#   bash bench/decision-times.sh [DEALS]
set -euo pipefail
cd "$(dirname "$0")/.."
deals=${1:-100}
cargo build --release --quiet -p belot-solver --example pimc_timing
out="bench/results/decision-times-$(date +%Y-%m-%d).txt"
{
  echo "# $(date -u +%FT%TZ) $(git rev-parse --short HEAD), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load $(cut -d' ' -f1-3 /proc/loadavg)"
  for game in french french-3 french-2 two-player three-player; do
    for level in strong medium; do
      echo "## $game, $level: examples/pimc_timing $deals $game $level"
      ./target/release/examples/pimc_timing "$deals" "$game" "$level"
    done
  done
  echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out"
