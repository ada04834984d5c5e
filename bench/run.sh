#!/bin/sh
# bench/run.sh BUILD — `make bench`: the shell benchmark, then the Python
# benchmark when it exists.  Medians on a small noisy machine: compare
# against peers measured in the same run, not against remembered numbers.
set -u
B=${1:-build}
echo "== shell (../shared/bench/bashkit-bench-cases.json, in-process)"
"$B/bench-shell"
[ -x "$B/bench-python" ] && { echo; echo "== python"; "$B/bench-python"; }
[ -x bench/peers/run.sh ] && { echo; echo "== peers"; bench/peers/run.sh "$B"; }
exit 0
