#!/usr/bin/env bash
# Screenshots of the phone screens (390x844, headless Debian chromium
# through chromedriver: scripts/shot.py) for
# README and docs/serve.md: a debug `belot serve` on loopback with a fresh
# database, games filled through the API.
#
#   bash scripts/screenshots.sh [OUT_DIR] [LANG]   (defaults: docs/screenshots, en;
#   another language's shots are named NAME-LANG.png)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
lang=${2:-en}
suffix=""
[ "$lang" = en ] || suffix="-$lang"
mkdir -p "$out"
cargo build --quiet -p belot-cli
dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
./target/debug/belot serve --addr "127.0.0.1:$port" --db "$dir/s.db" --bot-pace 100ms 2>/dev/null &
server=$!
driver_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
chromedriver --port="$driver_port" >/dev/null 2>&1 &
driver=$!
trap 'kill $server $driver 2>/dev/null; rm -rf "$dir"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 50); do curl -s -o /dev/null "$base/" && break; sleep 0.1; done

api() { curl -s -X POST -H 'content-type: application/json' -d "$2" "$base$1"; }
new_game() { api /api/sheets "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }
# A refused sample deal stops the script (a screenshot of an empty game
# would pass unnoticed).
add() {
  local r
  r=$(api "/api/sheets/$1/changes" "{\"version\":$2,\"change\":{\"op\":\"add\",\"entry\":$3}}")
  case $r in *'"error"'*) echo "refused: $3: $r" >&2; exit 1 ;; esac
}

shot() { # NAME URL [HEIGHT]
  local url="$2?lang=$lang"
  case $2 in *"#"*) url="${2%%#*}?lang=$lang#${2#*#}" ;; esac
  python3 scripts/shot.py "$driver_port" "$url" "$out/$1$suffix.png" "${3:-844}"
  echo "$out/$1$suffix.png"
}

french=$(new_game '{"name":"Friday","players":["Ana","Boris","Chloé","Dimitar"],"rules":{"variant":"french"}}')
v=0
for e in '{"kind":"french","taker":1,"card_points":[null,100],"belote":1}' \
         '{"kind":"french","taker":0,"card_points":[81,null]}' \
         '{"kind":"french","taker":3,"card_points":[120,null],"announcements":[50,0]}' \
         '{"kind":"french","taker":2,"card_points":[null,40]}'; do
  add "$french" $v "$e"; v=$((v + 1))
done
short=$(new_game '{"players":["Ana","Boris","Chloé","Dimitar"],"rules":{"variant":"french","options":{"target":200}}}')
add "$short" 0 '{"kind":"french","taker":1,"card_points":[null,130],"belote":1}'
add "$short" 1 '{"kind":"french","taker":1,"card_points":[null,120]}'
french3=$(new_game '{"players":["Ana","Boris","Chloé"],"rules":{"variant":"french","options":{"players":3}}}')
add "$french3" 0 '{"kind":"french","taker":1,"card_points":[30,90,null],"belote":1}'
french2=$(new_game '{"players":["Ana","Boris"],"rules":{"variant":"french","options":{"players":2}}}')
add "$french2" 0 '{"kind":"french","taker":0,"card_points":[90,42]}'
two=$(new_game '{"players":["Ivan","Olena"],"rules":{"variant":"two_player"}}')
add "$two" 0 '{"kind":"two_player","contract":"H","loader":0,"card_points":[90,66]}'
three=$(new_game '{"players":["Ana","Boris","Chloé"],"rules":{"variant":"three_player"}}')
add "$three" 0 '{"kind":"three_player","declarer":0,"card_points":[71,42,49]}'
# The changes view: an edit of deal 2 after the four deals.
api "/api/sheets/$french/changes" '{"version":4,"change":{"op":"edit","id":2,"entry":{"kind":"french","taker":0,"card_points":[100,null]}}}' >/dev/null

shot home "$base/"
shot french-deal "$base/g/$french"
shot french-history "$base/g/$french" 1700
shot game-over "$base/g/$short"
shot changes "$base/g/$french#changes"
shot french-3 "$base/g/$french3"
shot french-2 "$base/g/$french2"
shot two-player "$base/g/$two"
shot three-player "$base/g/$three"
# The card tables: made from the home page, played by tapping.
python3 scripts/table_shots.py "$driver_port" "$base" "$out" "$lang"
