#!/bin/sh
# tests/run.sh BUILD — everything `make test` runs.  Fails if any part fails.
set -u
B=${1:-build}
status=0
step() { echo "== $*"; "$@" || status=1; }
step "$B/unit-tests"
# the symbol proof inspects the normal build: sanitizers add globals of their own
if [ -n "${SANITIZE:-}" ]; then
    echo "== tests/symbols.sh: skipped in the sanitizer build (make test runs it on the normal build)"
else
    step tests/symbols.sh "$B"
fi
for s in "$B"/spec-*; do [ -x "$s" ] && step "$s"; done
for e in "$B"/example-*; do [ -x "$e" ] && step "$e" >/dev/null; done
if [ -x "$B/readme-example" ]; then
    echo "== $B/readme-example"
    [ "$("$B/readme-example")" = "HELLO" ] || { echo "README example did not print HELLO"; status=1; }
fi
[ -x tests/cli.sh ] && step tests/cli.sh "$B"
# the embedded Python modules are our own code (docs/PYTHON_MODULES.md)
if command -v python3 >/dev/null; then step python3 tests/stdlib_overlap.py
else echo "== tests/stdlib_overlap.py: skipped (no python3 on this host)"; fi
# the fuzz smoke run, where its binaries were built (make asan builds them)
[ -x "$B/fuzz/fuzz-seeds" ] && step tests/fuzz/smoke.sh "$B"
[ $status -eq 0 ] && echo "ALL TESTS PASSED" || echo "SOME TESTS FAILED"
exit $status
