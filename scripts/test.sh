#!/usr/bin/env bash
# Every test, on a fresh machine too: installs what the tests need (Debian's
# chromium and chromium-driver for the browser tests, chattr for the
# read-only database test, axe-core and TypeScript's checker from the npm
# registry for the accessibility test and the page's type check) when
# missing, runs the page's type check and its node:test unit tests, makes
# sure a PostgreSQL server answers on 127.0.0.1:5432 for the store tests
# (scripts/postgres.sh: installs and starts Debian's when none does), then
# runs the workspace's tests.
#
#   bash scripts/test.sh [cargo test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
command -v chattr >/dev/null || need+=(e2fsprogs)
# node runs the page's own unit tests (node:test) and npm fetches axe-core.
command -v node >/dev/null || need+=(nodejs)
# axe-core (npm), loaded into the page by tests/browser_a11y.rs.
axe_dir=target/npm
axe="$axe_dir/node_modules/axe-core/axe.min.js"
[ -f "$axe" ] || command -v npm >/dev/null || need+=(npm)
if ((${#need[@]})); then
  echo "== installing ${need[*]} (Debian packages)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# TypeScript's checker (npm), over the page's scripts.
tsc="$axe_dir/node_modules/.bin/tsc"
if [ ! -f "$axe" ] || [ ! -x "$tsc" ]; then
  echo "== installing axe-core@4 and typescript@5 (npm) into $axe_dir"
  npm install --prefix "$axe_dir" --no-save --no-audit --no-fund --loglevel=error axe-core@4 typescript@5 >/dev/null
fi
export BELOT_AXE="$PWD/$axe"

echo "== type check of the page's scripts (tsc -p crates/belot-server/ui)"
"$tsc" -p crates/belot-server/ui
"$tsc" -p crates/belot-server/ui/tsconfig.sw.json

echo "== PostgreSQL on 127.0.0.1:5432 (scripts/postgres.sh)"
pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || $sudo bash scripts/postgres.sh

# The table abuse tests hold 500 spectators' sockets in one process (both
# ends): room for them where the default is low.
ulimit -n 65536 2>/dev/null || ulimit -n 8192 2>/dev/null || true

# The page's scorer (score.js) against belot-score's answers
# (ui/test/vectors.json, kept current by tests/score_vectors.rs).
echo "== node --test crates/belot-server/ui/test/"
node --test crates/belot-server/ui/test/

# Without a browser, axe-core or PostgreSQL the tests that need them fail
# rather than skip.
export BELOT_REQUIRE_BROWSER=1
export BELOT_REQUIRE_POSTGRES=1
cargo test --workspace "$@"
