#!/usr/bin/env bash
# `belot serve`'s card tables under load (issue 21): TABLES French tables
# (default 200), each with two people simulated by
# crates/belot-server/examples/tableload.rs in another process (acting at
# a human pace: 1 to 3 s to think) and two strong bots played by the
# server at its default pace; the database a file on the disk. Prints
# the latency from a person's action to every person of the table
# receiving it, the errors, and the server's memory and CPU; fails unless
# p99 < 100 ms with no errors. Loopback only; bounded by SECONDS
# (default 60) after the tables are made. SPECTATORS (default 0) watch the
# first table, ten from each loopback address.
#
#   bash bench/tables.sh [TABLES] [SECONDS] [SPECTATORS]
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-200}
seconds=${2:-60}
spectators=${3:-0}
ulimit -n 65536 2>/dev/null || true
cargo build --release --quiet -p belot-cli
cargo build --release --quiet -p belot-server --example tableload
work=$(mktemp -d "${TMPDIR:-/tmp}/belot-tables.XXXXXX")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
./target/release/belot serve --addr "127.0.0.1:$port" --db "$work/t.db" --creates-per-minute 1000000 --max-connections-per-address 100000 --max-listeners-per-address 100000 --max-websockets-per-address 100000 --max-requests-per-address 100000 2>"$work/serve.log" &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) at the start"
cpu0=$(awk '{print $14+$15}' "/proc/$server/stat")
out=$(./target/release/examples/tableload "127.0.0.1:$port" "$tables" "$seconds" "$spectators")
cpu1=$(awk '{print $14+$15}' "/proc/$server/stat")
echo "$out"
rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
echo "server: peak RSS $((rss / 1024)) MB, CPU $(( (cpu1 - cpu0) / $(getconf CLK_TCK) )) s in ${seconds} s of play; load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
p99=$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' <<<"$out")
errors=$(sed -n 's/.*errors \([0-9]*\).*/\1/p' <<<"$out")
python3 - "$p99" "$errors" <<'PY'
import sys
p99, errors = float(sys.argv[1]), int(sys.argv[2])
assert errors == 0, f"{errors} errors"
assert p99 < 100, f"p99 {p99} ms: the target is under 100 ms"
print(f"ok: p99 {p99} ms < 100 ms, no errors")
PY
