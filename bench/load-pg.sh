#!/usr/bin/env bash
# `belot serve` on PostgreSQL under load (issue 22): deal entries per second
# and latency at 64 connections (crates/belot-server/examples/loadgen.rs,
# each connection entering deals into its own games), with one server
# process, then with two processes on the same database (two load
# generators at 32 connections each, one per process, run together: their
# rates add up, the p99 is the worse one). Then the same one-process run on
# SQLite for comparison. Loopback only; a database of its own on the
# PostgreSQL server at $BELOT_TEST_PG (default postgres://postgres@127.0.0.1:5432/postgres,
# started by scripts/postgres.sh), dropped at the end. Bounded: SECONDS per
# run (default 7). Fails if any run saw an error.
#
#   bash bench/load-pg.sh [SECONDS]      (or: bash bench/load.sh postgres [SECONDS])
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-7}
cargo build --release --quiet -p belot-cli
cargo build --release --quiet -p belot-server --example loadgen
source bench/pg-scratch.sh
pg_scratch load
serve() { # DB: starts a server on it; sets addr
  local p; p=$(port)
  ./target/release/belot serve --addr "127.0.0.1:$p" --db "$1" --creates-per-minute 1000000 --max-connections-per-address 100000 --max-listeners-per-address 100000 --max-websockets-per-address 100000 --max-requests-per-address 100000 >/dev/null 2>>"$work/serve.log" &
  pids+=($!)
  for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$p/healthz" && break; sleep 0.1; done
  addr="127.0.0.1:$p"
}
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
serve "$url"; a=$addr
./target/release/examples/loadgen "$a" 64 "$seconds" >"$work/one"
echo "PostgreSQL, one process:   $(cat "$work/one")"
serve "$url"; b=$addr
./target/release/examples/loadgen "$a" 32 "$seconds" >"$work/a" &
first=$!
./target/release/examples/loadgen "$b" 32 "$seconds" >"$work/b"
wait "$first"
echo "PostgreSQL, two processes: $(cat "$work/a")"
echo "                           $(cat "$work/b")"
python3 - "$work/a" "$work/b" <<'PY'
import re, sys
rates, p99s = [], []
for f in sys.argv[1:]:
    t = open(f).read()
    rates.append(int(re.search(r"([0-9]+) entries/s", t).group(1)))
    p99s.append(float(re.search(r"p99 ([0-9.]+) ms", t).group(1)))
print(f"PostgreSQL, two processes together: {sum(rates)} entries/s, p99 {max(p99s)} ms")
PY
serve "$work/s.db"; s=$addr
./target/release/examples/loadgen "$s" 64 "$seconds" >"$work/sqlite"
echo "SQLite, one process:       $(cat "$work/sqlite")"
if grep -L "errors: none" "$work/one" "$work/a" "$work/b" "$work/sqlite" | grep -q .; then
  echo "FAILED: a run saw errors" >&2
  exit 1
fi
echo "every run: errors: none"
