#!/bin/sh
# bench/peers/run.sh BUILD — measure the peers in the same run as Sandkiste.
# Installs the npm peers into bench/peers/node_modules on first use (needs
# network access to the npm registry); skips with a message otherwise.
set -u
B=${1:-build}
D=$(dirname "$0")
CASES=../shared/bench/bashkit-bench-cases.json
[ -f "$CASES" ] || { echo "peers: $CASES not found — skipped"; exit 0; }
command -v node >/dev/null || { echo "peers: node not installed — skipped"; exit 0; }
if [ ! -d "$D/node_modules/@everruns/bashkit" ]; then
    (cd "$D" && npm install --silent --no-audit --no-fund >/dev/null 2>&1) || { echo "peers: npm install failed — skipped"; exit 0; }
fi
"$B/bench-shell" --runs 50 --json "$B/bench-shell.json" > /dev/null
node "$D/shell.mjs" "$CASES" 50 > "$B/bench-peers.jsonl" 2>/dev/null
python3 "$D/compare.py" "$B/bench-shell.json" "$B/bench-peers.jsonl"
