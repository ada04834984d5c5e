#!/bin/sh
# bench/run.sh BUILD — `make bench`: the shell benchmark with its peers, then
# the Python benchmark with its peers.  CPU/median figures on a small noisy
# machine: compare against peers measured in the same run, not against
# remembered numbers.
set -u
B=${1:-build}
echo "== shell (../shared/bench/bashkit-bench-cases.json, in-process)"
"$B/bench-shell"
[ -x bench/peers/run.sh ] && { echo; echo "== shell peers"; bench/peers/run.sh "$B"; }
echo; echo "== python (bench/py/cases)"
bench/py/run.sh "$B"
exit 0
