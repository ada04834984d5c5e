#!/usr/bin/env python3
"""tests/stdlib_overlap.py [--list] [MODULE...] — the embedded Python modules
(src/py/lib/*.py) are our own code: this check fails when one of them shares
more than a few long lines with the host CPython's standard library, or any
run of consecutive lines.

A line counts when it is longer than 25 characters and not a comment.  What
any independent implementation of the same API writes is not counted in the
share: `def`/`class` lines (public signatures), imports and `raise` lines
(exact error messages).  Limits: at most 10 % of the remaining lines (or 5
lines, for a small module) shared, and no run of more than 3 shared lines of
any kind.  Data tables that are facts (errno names,
__future__ features, stat constants) are listed in FACT_TABLES.  Skips when
the host has no CPython standard library to compare with."""
import glob, os, sys, sysconfig

FACT_TABLES = {"errno", "__future__", "stat", "keyword", "html_entities", "token"}
MAX_SHARE, MAX_RUN = 0.10, 3
API_LINES = ("def ", "class ", "async def ", "import ", "from ", "raise ")

def reference_lines():
    roots = {sysconfig.get_paths()["stdlib"]}
    roots |= set(glob.glob("/root/.pyenv/versions/3.1[1-4]*/lib/python3.1[1-4]"))
    seen = set()
    for root in sorted(roots):
        for p in glob.glob(os.path.join(root, "**", "*.py"), recursive=True):
            if any(x in p for x in ("site-packages", "/test/", "idlelib", "lib2to3")):
                continue
            try:
                for line in open(p, errors="replace"):
                    t = line.strip()
                    if len(t) > 25 and not t.startswith("#"):
                        seen.add(t)
            except OSError:
                pass
    return seen

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    ref = reference_lines()
    if not ref:
        print("stdlib_overlap: no CPython standard library on this host — skipped")
        return 0
    mods = args or sorted(os.path.basename(p)[:-3] for p in glob.glob("src/py/lib/*.py"))
    bad = 0
    for m in mods:
        lines = [l.strip() for l in open("src/py/lib/%s.py" % m, errors="replace")]
        lines = [l for l in lines if len(l) > 25 and not l.startswith("#")]
        hits = [l in ref for l in lines]
        run = longest = 0
        for h in hits:
            run = run + 1 if h else 0
            longest = max(longest, run)
        body = [h for l, h in zip(lines, hits) if not l.startswith(API_LINES)]
        nbody = sum(body)
        share = nbody / max(len(body), 1)
        over = m not in FACT_TABLES and ((share > MAX_SHARE and nbody > 5) or longest > MAX_RUN)
        if over or listing:
            print("%-4s %-22s %4d/%-5d body lines shared (%4.1f%%), %d in all, longest run %d" % ("OVER" if over else "", m, nbody, len(body), 100 * share, sum(hits), longest))
            if over and args:
                for l, h in zip(lines, hits):
                    if h: print("      " + l)
        bad += over
    print("stdlib_overlap: %d modules checked, %d over the limit (%.0f%% shared lines, runs of %d)" % (len(mods), bad, 100 * MAX_SHARE, MAX_RUN))
    return 1 if bad else 0

sys.exit(main())
