#!/usr/bin/env bash
# `belot serve` on PostgreSQL under load (issues 22 and 43): deal entries per
# second and latency at 64 connections (crates/belot-server/examples/loadgen.rs,
# each connection entering deals into its own games), with one server
# process, and with two processes on one database (two load generators at
# 32 connections each, one per process, run together: their rates add up,
# the p99 is the worse one); side by side with the commit before the
# batched appends ($baseline_rev, built in a git worktree under target/),
# runs alternating new, old, new, old… each on a fresh database; and the
# same one-process run on SQLite in each round, for comparison. Targets
# (issue 43): one process at least 4x the old one's entries/s, p99 under
# 30 ms; two processes at least 1.5x one. Loopback only; databases of their
# own on the PostgreSQL server at $BELOT_TEST_PG (default
# postgres://postgres@127.0.0.1:5432/postgres, started by
# scripts/postgres.sh), dropped at the end. Bounded: SECONDS per run
# (default 7), RUNS rounds (default 3). Fails if any run saw an error.
#
#   bash bench/load-pg.sh [SECONDS] [RUNS]   (or: bash bench/load.sh postgres [SECONDS] [RUNS])
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-7}
runs=${2:-3}
baseline_rev=a0ee51e
baseline_dir=target/baseline-$baseline_rev
cargo build --release --quiet -p belot-cli
cargo build --release --quiet -p belot-server --example loadgen
if [ ! -e "$baseline_dir/.git" ]; then
  git worktree add --detach "$baseline_dir" "$baseline_rev" >/dev/null
fi
(cd "$baseline_dir" && CARGO_TARGET_DIR="$PWD/target" cargo build --release --locked --quiet -p belot-cli)
source bench/pg-scratch.sh
pg_scratch load
flags=(--creates-per-minute 1000000 --max-connections-per-address 100000 --max-listeners-per-address 100000
  --max-websockets-per-address 100000 --max-requests-per-address 100000)
declare -A bins=([new]=./target/release/belot [old]=$baseline_dir/target/release/belot)
loadgen=./target/release/examples/loadgen
dbs=()
cleanup_dbs() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  pids=()
  for d in "${dbs[@]}"; do psql -q "$admin" -c "DROP DATABASE IF EXISTS $d WITH (FORCE)" || true; done
  pg_scratch_cleanup
}
trap cleanup_dbs EXIT
fresh() { # a new database; prints its URL
  local d="${db}_$1"
  psql -q "$admin" -c "CREATE DATABASE $d"
  dbs+=("$d")
  echo "${admin%/*}/$d"
}
serve() { # BIN DB: starts a server on it; sets addr
  local p; p=$(port)
  "$1" serve --addr "127.0.0.1:$p" --db "$2" "${flags[@]}" >/dev/null 2>>"$work/serve.log" &
  pids+=($!)
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$p/healthz" && break; sleep 0.1; done
  addr="127.0.0.1:$p"
}
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  pids=()
}
rate() { sed -nE 's/.*: ([0-9]+) entries\/s.*/\1/p' "$1"; }
p99() { sed -nE 's/.*p99 ([0-9.]+) ms.*/\1/p' "$1"; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
errors=0
check() { grep -q "errors: none" "$1" || errors=$((errors + 1)); }

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); new: $(git rev-parse --short HEAD), old: $baseline_rev"
for i in $(seq "$runs"); do
  for which in new old; do
    serve "${bins[$which]}" "$(fresh "${which}1_$i")"
    "$loadgen" "$addr" 64 "$seconds" >"$work/one"
    stop
    check "$work/one"
    echo "  #$i $which, one process:   $(cat "$work/one")"
    echo "$(rate "$work/one") $(p99 "$work/one")" >>"$work/$which-one"
    url2=$(fresh "${which}2_$i")
    serve "${bins[$which]}" "$url2"; a=$addr
    serve "${bins[$which]}" "$url2"; b=$addr
    "$loadgen" "$a" 32 "$seconds" >"$work/a" &
    first=$!
    "$loadgen" "$b" 32 "$seconds" >"$work/b"
    wait "$first"
    stop
    check "$work/a"; check "$work/b"
    sum=$(( $(rate "$work/a") + $(rate "$work/b") ))
    worse=$(printf '%s\n%s\n' "$(p99 "$work/a")" "$(p99 "$work/b")" | sort -g | tail -1)
    echo "  #$i $which, two processes: $sum entries/s together, p99 $worse ms"
    echo "$sum $worse" >>"$work/$which-two"
  done
  serve "${bins[new]}" "$work/s$i.db"
  "$loadgen" "$addr" 64 "$seconds" >"$work/sqlite"
  stop
  check "$work/sqlite"
  echo "  #$i SQLite, one process:  $(cat "$work/sqlite")"
  rate "$work/sqlite" >>"$work/sqlite-rates"
done
med() { cut -d' ' -f"$2" "$work/$1" | median; }
n1=$(med new-one 1); o1=$(med old-one 1); n2=$(med new-two 1); o2=$(med old-two 1)
n1p=$(med new-one 2); n2p=$(med new-two 2); o1p=$(med old-one 2)
sq=$(median <"$work/sqlite-rates")
echo "medians over $runs rounds:"
echo "  PostgreSQL, one process:   new $n1 entries/s (p99 $n1p ms), old $o1 (p99 $o1p ms): $(awk "BEGIN {printf \"%.2f\", $n1/$o1}")x"
echo "  PostgreSQL, two processes: new $n2 entries/s (p99 $n2p ms), old $o2: $(awk "BEGIN {printf \"%.2f\", $n2/$o2}")x; two/one new $(awk "BEGIN {printf \"%.2f\", $n2/$n1}")x"
echo "  SQLite, one process:       $sq entries/s"
verdict() { if awk "BEGIN {exit !($1)}"; then echo met; else echo NOT met; fi; }
echo "targets: one process >= 4x old: $(verdict "$n1 >= 4 * $o1"); p99 < 30 ms: $(verdict "$n1p < 30"); two >= 1.5x one: $(verdict "$n2 >= 1.5 * $n1")"
if [ "$errors" -gt 0 ]; then
  echo "FAILED: $errors runs saw errors" >&2
  exit 1
fi
echo "every run: errors: none"
