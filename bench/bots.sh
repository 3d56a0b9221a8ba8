#!/usr/bin/env bash
# Bot strength and speed, the figures of README's "Bots" section.
#
#   bash bench/bots.sh [DEALS_FRENCH] [DEALS_OTHER]    (defaults 2000, 500)
#
# Times the pimc and ismcts decisions first (French Belote, 4 players; run
# it on an otherwise idle machine), then plays every pairing in every game
# with `belot arena` on mirrored deals (seed 1). The arena's results do not
# depend on the machine or its load: every bot's budget is a count
# (layouts and solver nodes, ISMCTS iterations), never a time.
# Writes bench/results/bots-<date>.txt and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
french=${1:-2000}
other=${2:-500}
cargo build --release --quiet -p belot-cli -p belot-solver --examples --bins
mkdir -p bench/results
out="bench/results/bots-$(date +%Y-%m-%d).txt"
{
  echo "# $(date -u) on $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
  echo "## decision times (french, 4 players, against the heuristic bot)"
  ./target/release/examples/pimc_timing 300
  ./target/release/examples/ismcts_timing 40
  for game in french french-3 french-2 two-player three-player; do
    deals=$other
    [ "$game" = french ] && deals=$french
    for pair in "heuristic random" "pimc heuristic" "pimc ismcts" "ismcts heuristic"; do
      set -- $pair
      echo "## $game: $1 vs $2, $deals mirrored deals"
      start=$(date +%s)
      ./target/release/belot arena --game "$game" --a "$1" --b "$2" --deals "$deals" --seed 1
      echo "($(( $(date +%s) - start )) s)"
    done
  done
} 2>&1 | tee "$out"
