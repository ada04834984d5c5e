"""bench/py/cpython.py — the CPython side of the Python benchmark.

Runs bench/py/cases/*.py inside this interpreter: the code is compiled once
and run warm (one untimed run first), best of 5, CPU time; `tiny` is compiled
and run 2000 times in a fresh namespace (the nearest CPython has to a fresh
interpreter in-process).  Prints one JSON object per case."""
import io, json, sys, time, contextlib

CASES = ["tiny", "fib", "loop", "forloop", "strbuild", "wordcount"]
peer = "cpython-%d.%d" % sys.version_info[:2]
for name in CASES:
    src = open("bench/py/cases/%s.py" % name).read()
    code = compile(src, name + ".py", "exec")
    inner = 2000 if name == "tiny" else 1
    best = 1e9
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, {"__name__": "__main__"})
        for _ in range(5):
            t0 = time.process_time()
            for _ in range(inner):
                if name == "tiny":
                    exec(compile(src, name + ".py", "exec"), {"__name__": "__main__"})
                else:
                    exec(code, {"__name__": "__main__"})
            best = min(best, (time.process_time() - t0) / inner)
    print(json.dumps({"peer": peer, "name": name, "us": best * 1e6}))
