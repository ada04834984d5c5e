#!/bin/sh
# bench/py/run.sh [BUILD] — build bench/py/pybench.c against the static
# library and print our figures next to the host python3's.
set -e
B=${1:-build}
cd "$(dirname "$0")/../.."
make -s "$B/libsandkiste.a"
cc -O2 -Isrc -Iinclude -o "$B/bench-py" bench/py/pybench.c "$B/libsandkiste.a" \
    $(pkg-config --libs libtommath libpcre2-8 libutf8proc zlib) -lm
"$B/bench-py"
if command -v python3 >/dev/null; then
    echo "--- host $(python3 -V 2>&1)"
    python3 - <<'PY'
import time, subprocess, sys
def best(src, n=5):
    b = 1e9
    for _ in range(n):
        t = time.process_time(); exec(compile(src, "b", "exec"), {}); b = min(b, time.process_time() - t)
    return b
FIB = "def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\nfib(25)\n"
LOOP = "def loop():\n    total = 0\n    i = 0\n    while i < 3000000:\n        total += i & 7\n        i += 1\n    return total\nloop()\n"
FOR = "total = 0\nfor i in range(3000000):\n    total += i\n"
import resource
b = 1e9
for _ in range(5):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-S", "-c", "x = 1 + 2\nprint(x)"], stdout=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    b = min(b, (r1.ru_utime + r1.ru_stime) - (r0.ru_utime + r0.ru_stime))
print("tiny program (new process -S):   %8.2f us" % (b * 1e6))
print("fib(25):                          %8.2f ms" % (best(FIB) * 1e3))
print("3M while loop (function):         %8.2f ms" % (best(LOOP) * 1e3))
print("3M for-range loop (module level): %8.2f ms" % (best(FOR) * 1e3))
PY
fi
