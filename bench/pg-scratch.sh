# Sourced by the PostgreSQL benchmarks (bench/load-pg.sh, bench/proxy.sh):
# a database of their own on the server at $BELOT_TEST_PG (default
# postgres://postgres@127.0.0.1:5432/postgres, started by
# scripts/postgres.sh), a scratch folder, and the background processes
# they start (append to `pids`), all dropped or stopped on exit; `port`
# prints a free loopback port. Sets admin, db, url, work, pids.
#
#   pg_scratch NAME
pg_scratch() {
  admin=${BELOT_TEST_PG:-postgres://postgres@127.0.0.1:5432/postgres}
  db=belot_$1_$$
  url="${admin%/*}/$db"
  psql -q "$admin" -c "CREATE DATABASE $db"
  work=$(mktemp -d "${TMPDIR:-/tmp}/belot-$1.XXXXXX")
  pids=()
  trap pg_scratch_cleanup EXIT
}

pg_scratch_cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  psql -q "$admin" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" || true
  rm -rf "$work"
}

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
