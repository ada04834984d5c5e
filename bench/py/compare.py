"""compare.py FILE.jsonl... — the Python table of `make bench`.

Each line is {"peer", "name", "us"} (or "error").  Ratios are peer /
Sandkiste, so above 1 means Sandkiste is faster; all figures come from the
same run."""
import json, sys

rows, peers = {}, []
for path in sys.argv[1:]:
    try:
        f = open(path)
    except OSError:
        continue
    for line in f:
        line = line.strip()
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        if r["peer"] not in peers:
            peers.append(r["peer"])
        rows.setdefault(r["name"], {})[r["peer"]] = r
others = [p for p in peers if p != "sandkiste"]
print(f"{'case':10} {'sandkiste':>12}" + "".join(f" {p:>13} {'ratio':>7}" for p in others) + "   (CPU µs; ratio = peer / sandkiste)")
for name, byp in rows.items():
    ours = byp.get("sandkiste", {}).get("us")
    line = f"{name:10} " + (f"{ours:12.1f}" if ours else f"{'failed':>12}")
    for p in others:
        r = byp.get(p)
        if not r or "us" not in r:
            line += f" {'unsupported' if r else 'skipped':>13} {'':>7}"
        else:
            line += f" {r['us']:13.1f} " + (f"{r['us'] / ours:6.2f}x" if ours else f"{'':>7}")
    print(line)
