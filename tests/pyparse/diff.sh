#!/bin/sh
# Differential test of the Python parser against CPython 3.13's ast module.
# For every corpus fixture and tests/pyparse/cases/*.py that 3.13 can parse,
# compare ast.dump(tree, include_attributes=True) with build/pydump.
# Usage: tests/pyparse/diff.sh [-v] [files...]   (run from the repo root)
PY=${PY:-/root/.pyenv/versions/3.13.0/bin/python3}
VERBOSE=0
[ "$1" = "-v" ] && { VERBOSE=1; shift; }
set -e
make -s build/libsandkiste.a
cc -std=c11 -O1 -Iinclude -Isrc -o build/pydump tests/pyparse/dump.c build/libsandkiste.a \
   $(pkg-config --libs libutf8proc) -lm
set +e
if [ $# -eq 0 ]; then
    set -- ../shared/corpora/monty/test_cases/*.py tests/pyparse/cases/*.py
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One Python process dumps every file (fast); files it cannot parse are skipped.
"$PY" - "$tmp" "$@" <<'PYEOF'
import ast, sys, os
out = sys.argv[1]
for i, f in enumerate(sys.argv[2:]):
    try:
        src = open(f, 'rb').read()
        t = ast.parse(src)
        r = ast.dump(t, include_attributes=True)
    except SyntaxError as e:
        r = "SKIP"
    except Exception as e:
        r = "SKIP"
    open(os.path.join(out, "%d.py.txt" % i), "w").write(r + "\n")
PYEOF
agree=0; differ=0; skipped=0; i=0
for f in "$@"; do
    exp="$tmp/$i.py.txt"; i=$((i+1))
    if [ "$(cat "$exp")" = "SKIP" ]; then skipped=$((skipped+1)); continue; fi
    ./build/pydump "$f" > "$tmp/got.txt" 2>&1
    if cmp -s "$exp" "$tmp/got.txt"; then
        agree=$((agree+1))
    elif grep -q "^ERROR SyntaxError: duplicate argument" "$tmp/got.txt"; then
        # CPython reports this in its symtable (compile step); we report it
        # while parsing, by design.
        agree=$((agree+1))
    else
        differ=$((differ+1))
        echo "DIFF: $f"
        if [ $VERBOSE = 1 ]; then
            python3 - "$exp" "$tmp/got.txt" <<'PY2'
import sys
a=open(sys.argv[1]).read(); b=open(sys.argv[2]).read()
i=0
while i < min(len(a),len(b)) and a[i]==b[i]: i+=1
print("  expected: ..." + a[max(0,i-150):i+150])
print("  got:      ..." + b[max(0,i-150):i+150])
PY2
        fi
    fi
done
echo "skipped (3.13 cannot parse): $skipped"
echo "$agree passed, $differ failed"
[ $differ -eq 0 ]
