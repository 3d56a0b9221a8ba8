#!/usr/bin/env bash
# The two-process set-up of docs/serve.md, run on this machine (issue 22):
# two `belot serve` processes on one PostgreSQL database behind nginx (or
# Caddy) with the docs' configuration (on loopback, without TLS), then
# load through the proxy only:
#   1. score sheets: deal entries at 64 connections (examples/loadgen.rs);
#   2. card tables: TABLES French tables (default 100), each with two people
#      acting at a human pace and two strong bots (examples/tableload.rs).
#      The proxy spreads the connections over both processes (least_conn),
#      so a table has a person on each: one process serves the table, the
#      other forwards that person's actions to it and relays the states.
# Fails on any error, or if the tables' p99 (a person's action to every
# person of the table receiving it) reaches 100 ms. Needs nginx
# (apt-get install nginx-light) or caddy (apt-get install caddy), and
# PostgreSQL (scripts/postgres.sh).
# Loopback only; a database of its own, dropped at the end; bounded by
# SECONDS (default 60) per part.
#
#   bash bench/proxy.sh [TABLES] [SECONDS] [nginx|caddy]
set -euo pipefail
cd "$(dirname "$0")/.."
tables=${1:-100}
seconds=${2:-60}
proxy=${3:-nginx}
command -v "$proxy" >/dev/null || { echo "$proxy is needed: apt-get install $proxy" >&2; exit 2; }
cargo build --release --quiet -p belot-cli
cargo build --release --quiet -p belot-server --example loadgen --example tableload
source bench/pg-scratch.sh
pg_scratch proxy
ulimit -n "$(ulimit -Hn)"
wait_for() { for _ in $(seq 100); do curl -s -o /dev/null "http://$1/healthz" && return 0; sleep 0.1; done; return 1; }
serve() { # PORT
  ./target/release/belot serve --addr "127.0.0.1:$1" --db "$url" --trusted-proxy 127.0.0.1 \
    --creates-per-minute 1000000 --max-connections-per-address 100000 --max-listeners-per-address 100000 --max-websockets-per-address 100000 --max-requests-per-address 100000 >/dev/null 2>>"$work/serve.log" &
  pids+=($!)
  wait_for "127.0.0.1:$1"
}
pa=$(port); pb=$(port); pp=$(port)
serve "$pa"
serve "$pb"
start_nginx() {
  user=""
  [ "$(id -u)" = 0 ] && user="user root;"
  mkdir -p "$work/nginx"
  cat >"$work/nginx.conf" <<EOF
  $user
  worker_processes 1;
  daemon off;
  pid $work/nginx.pid;
  error_log $work/nginx-error.log warn;
  events { worker_connections 8192; }
  http {
      access_log off;
      client_body_temp_path $work/nginx/body;
      proxy_temp_path $work/nginx/proxy;
      fastcgi_temp_path $work/nginx/fastcgi;
      uwsgi_temp_path $work/nginx/uwsgi;
      scgi_temp_path $work/nginx/scgi;
      # From here on as in docs/serve.md, without TLS.
      map \$http_upgrade \$connection_upgrade {
          default upgrade;
          ''      close;
      }
      upstream belot {
          least_conn;
          server 127.0.0.1:$pa max_fails=2 fail_timeout=10s;
          server 127.0.0.1:$pb max_fails=2 fail_timeout=10s;
      }
      server {
          listen 127.0.0.1:$pp;
          location / {
              proxy_pass http://belot;
              proxy_http_version 1.1;
              proxy_set_header Upgrade \$http_upgrade;
              proxy_set_header Connection \$connection_upgrade;
              proxy_set_header X-Forwarded-For \$remote_addr;
              proxy_buffering off;
              proxy_read_timeout 90s;
              proxy_next_upstream error timeout;
          }
      }
  }
EOF
  nginx -c "$work/nginx.conf" -p "$work/nginx" &
  pids+=($!)
}

start_caddy() {
  # The reverse_proxy block as in docs/serve.md; any host name, on
  # loopback, without TLS.
  cat >"$work/Caddyfile" <<EOF
{
	admin off
	auto_https off
	storage file_system $work/caddy
}
http://:$pp {
	bind 127.0.0.1
	reverse_proxy 127.0.0.1:$pa 127.0.0.1:$pb {
		lb_policy least_conn
		health_uri /healthz
		health_interval 5s
		fail_duration 10s
	}
}
EOF
  HOME=$work XDG_DATA_HOME=$work XDG_CONFIG_HOME=$work caddy run --config "$work/Caddyfile" --adapter caddyfile 2>>"$work/caddy.log" &
  pids+=($!)
}

"start_$proxy"
wait_for "127.0.0.1:$pp"
version=$(if [ "$proxy" = nginx ]; then nginx -v 2>&1 | sed 's/.*\///'; else caddy version | cut -d' ' -f1; fi)
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $proxy $version, two belot serve on one PostgreSQL database"
sheets=$(./target/release/examples/loadgen "127.0.0.1:$pp" 64 "$seconds")
echo "score sheets through the proxy: $sheets"
./target/release/examples/tableload "127.0.0.1:$pp" "$tables" "$seconds" >"$work/tables" &
load=$!
sleep $((seconds / 2))
conns() { ss -Htn state established "( sport = :$1 )" | wc -l; }
spread="connections from the proxy mid-run: $(conns "$pa") to one process, $(conns "$pb") to the other"
wait "$load"
out=$(<"$work/tables")
echo "card tables through the proxy:"
echo "$out"
echo "$spread"
owners=$(psql -Atq "$url" -c "SELECT count(DISTINCT owner) FROM card_tables WHERE owner IS NOT NULL")
echo "processes serving tables: $owners (the tables go to the process that made them)"
echo "errors logged: serve $(grep -ciE 'error|panic' "$work/serve.log" || true), $proxy $(cat "$work"/nginx-error.log "$work"/caddy.log 2>/dev/null | grep -ciE '"level":"error"|\[error\]' || true)"
grep -iE 'error|panic' "$work/serve.log" | sort | uniq -c | sort -rn | head -5 || true
p99=$(sed -n 's/.*p99 \([0-9.]*\) ms.*/\1/p' <<<"$out")
errors=$(sed -n 's/.*errors \([0-9]*\).*/\1/p' <<<"$out")
python3 - "$p99" "$errors" "$sheets" <<'PY'
import sys
p99, errors, sheets = float(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
assert "errors: none" in sheets, f"score sheets: {sheets}"
assert errors == 0, f"tables: {errors} errors"
assert p99 < 100, f"tables: p99 {p99} ms: the target is under 100 ms"
print(f"ok: no errors; tables p99 {p99} ms < 100 ms")
PY
