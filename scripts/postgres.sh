#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the store
# tests, which connect as user postgres without a password and create and
# drop their own databases. If one answers already, it is used as it is.
# Otherwise (as root): Debian's postgresql is installed if missing, its
# cluster's local TCP connections set to trust authentication (a test
# machine's loopback only), and the cluster started. A server that
# answers but asks the tests for a password gets the same trust lines.
set -euo pipefail
answers() {
  psql -w -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'SELECT 1' >/dev/null 2>&1
}
if answers; then
  exit 0
fi
if ! command -v pg_lsclusters >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster _ < <(pg_lsclusters --no-header | head -1)
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  cluster=main
  pg_createcluster "$version" "$cluster" >/dev/null
fi
hba=/etc/postgresql/$version/$cluster/pg_hba.conf
if ! grep -q "^host all postgres 127.0.0.1/32 trust" "$hba"; then
  # First match wins: put the trust lines before the others.
  { echo "host all postgres 127.0.0.1/32 trust"; echo "host all postgres ::1/128 trust"; cat "$hba"; } > "$hba.new"
  mv "$hba.new" "$hba"
  chown postgres:postgres "$hba"
fi
pg_ctlcluster "$version" "$cluster" restart
for _ in $(seq 50); do
  answers && exit 0
  sleep 0.2
done
echo "PostgreSQL did not start on 127.0.0.1:5432" >&2
exit 1
