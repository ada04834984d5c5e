#!/bin/sh
# tests/fuzz/smoke.sh BUILD — the fuzz smoke run: every BUILD/fuzz/smoke-*
# target replays its seeds (made now from the corpora and the project's
# test inputs), the hand-written seeds and the regression inputs, then a
# fixed number of deterministic mutations.  Two targets run at a time.
# Fails when any target fails (sanitizer report, crash, an input over 5 s,
# memory outside the accounting).  Inputs listed in known-failures.txt are
# reported, not counted.  Tuned to about a minute on two cores under ASan.
set -u
B=${1:-build-asan}
CORPORA=${CORPORA:-../shared/corpora}
OUT=$B/fuzz/out

# target  dictionary  mutations
plan() {
    cat <<'PLAN'
shell_exec   shell   3000
py_exec      python  3000
glob         glob    400
awk          awk     3000
jq           jq      3000
shell_parser shell   6000
py_parser    python  4000
regex        regex   4000
sed          sed     4000
json         json    6000
yaml         yaml    6000
printf       printf  500
arith        arith   1500
archive      archive 1000
cli_json     json    6000
PLAN
}

run_one() {
    t=$1 d=$2 n=$3
    bin=$B/fuzz/smoke-$t
    [ -x "$bin" ] || { echo "$t: no binary $bin" > "$OUT/$t.log"; echo 1 > "$OUT/$t.rc"; return; }
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} \
    "$bin" -N "$t" -n "$n" -d "tests/fuzz/dict/$d.dict" -t 5 -w 2 -T 15 -o "$OUT/crashes" \
        -K tests/fuzz/known-failures.txt \
        "$B/fuzz/seeds/$t" "tests/fuzz/seeds/$t" "tests/fuzz/regressions/$t" > "$OUT/$t.log" 2>&1
    echo $? > "$OUT/$t.rc"
}

if [ $# -ge 2 ]; then   # internal: one line of the plan
    shift
    run_one "$@"
    exit 0
fi

rm -rf "$OUT" && mkdir -p "$OUT/crashes"
"$B/fuzz/fuzz-seeds" "$B/fuzz/seeds" "$CORPORA" . >/dev/null || exit 1
start=$(date +%s)
plan | xargs -P 2 -L 1 sh "$0" "$B"

pass=0 fail=0
for rc in "$OUT"/*.rc; do
    t=$(basename "$rc" .rc)
    grep -h "known failure \[" "$OUT/$t.log"
    if [ "$(cat "$rc")" = 0 ]; then
        pass=$((pass + 1))
        tail -n 1 "$OUT/$t.log"
    else
        fail=$((fail + 1))
        echo "FAIL $t (exit $(cat "$rc")):"
        tail -n 60 "$OUT/$t.log"
    fi
done
echo "fuzz smoke: $pass targets passed, $fail targets failed in $(( $(date +%s) - start ))s (failing inputs: $OUT/crashes)"
[ $fail -eq 0 ]
