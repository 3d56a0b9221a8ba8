#!/usr/bin/env bash
# Every test, on a fresh machine too: installs what the tests need (Debian's
# chromium and chromium-driver for the browser tests, chattr for the
# read-only database test) when missing, then runs the workspace's tests.
#
#   bash scripts/test.sh [cargo test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null || need+=(chromium)
command -v chromedriver >/dev/null || need+=(chromium-driver)
command -v chattr >/dev/null || need+=(e2fsprogs)
if ((${#need[@]})); then
  echo "== installing ${need[*]} (Debian packages)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Without a browser the browser tests fail rather than skip.
export BELOT_REQUIRE_BROWSER=1
cargo test --workspace "$@"
