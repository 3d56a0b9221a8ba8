#!/usr/bin/env bash
# The declared rust-version is honest, as far as this machine can tell
# without that old toolchain: no dependency needs a newer Rust, the code's
# own language features need at least 1.88 (let chains, edition 2024), and
# clippy's `incompatible_msrv` lint (on in `cargo clippy`) refuses standard
# library items newer than the declared version.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo metadata --format-version 1 --locked | python3 -c '
import json, sys
d = json.load(sys.stdin)
ours = {p["id"] for p in d["packages"] if p["source"] is None}
v = lambda s: tuple(int(x) for x in s.split("."))
declared = {p["rust_version"] for p in d["packages"] if p["id"] in ours}
assert len(declared) == 1, f"the crates declare different versions: {declared}"
declared = declared.pop()
assert v(declared) >= (1, 88), f"rust-version {declared}: let chains need 1.88"
newer = [(p["name"], p["version"], p["rust_version"]) for p in d["packages"]
         if p["id"] not in ours and p.get("rust_version") and v(p["rust_version"]) > v(declared)]
assert not newer, f"dependencies need a newer Rust than {declared}: {newer}"
print(f"rust-version {declared}: every dependency builds with it")
'
