#!/bin/sh
# bench/py/run.sh BUILD — the Python part of `make bench`: Sandkiste, the
# host's CPython (in-process, warm) and Monty (node, when the npm peers are
# installed) on bench/py/cases/*.py in the same run, then the table.
set -u
B=${1:-build}
cd "$(dirname "$0")/../.."
"$B/bench-python" --json "$B/bench-python.jsonl" || exit 1
: > "$B/bench-python-peers.jsonl"
if command -v python3 >/dev/null; then
    python3 bench/py/cpython.py >> "$B/bench-python-peers.jsonl"
else
    echo "python peers: python3 not installed — CPython skipped"
fi
if command -v node >/dev/null && [ -d bench/peers/node_modules/@pydantic/monty ]; then
    (cd bench/peers && node python.mjs) >> "$B/bench-python-peers.jsonl" 2>/dev/null
else
    echo "python peers: Monty not installed (bench/peers: npm install) — skipped"
fi
echo
python3 bench/py/compare.py "$B/bench-python.jsonl" "$B/bench-python-peers.jsonl"
