#!/usr/bin/env bash
# Deal entries per second through the HTTP API of a release `belot serve`
# on loopback, with a load generator in another process (8 keep-alive
# connections, each entering deals into its own game, a new game every 40
# deals). Targets: 2,000 entries/s, p99 under 20 ms.
#
#   bash bench/load.sh [CONNS] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
conns=${1:-8}
seconds=${2:-10}
cargo build --release --quiet -p belot-cli
cargo build --release --quiet -p belot-server --example loadgen
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
./target/release/belot serve --addr "127.0.0.1:$port" --db "$dir/load.db" --creates-per-minute 1000000 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 50); do
  (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
./target/release/examples/loadgen "127.0.0.1:$port" "$conns" "$seconds"
# Page weight: everything the browser loads for a game page.
total=0
for p in / /app.js /app.css; do
  n=$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port$p")
  total=$((total + n))
done
echo "page load: $total bytes (index, app.js, app.css; uncompressed)"
