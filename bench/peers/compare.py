"""compare.py OURS.json PEERS.jsonl — the side-by-side table of make bench.

Ratios are peer / Sandkiste (above 1 means Sandkiste is faster), computed per
case from medians measured in the same run, then summarised by geometric
means over the cases every party ran."""
import json, math, sys

ours = {c["name"]: c for c in json.load(open(sys.argv[1]))}
peers = {}
for line in open(sys.argv[2]):
    line = line.strip()
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    peers.setdefault(r["peer"], {})[r["name"]] = r
names = [n for n in ours]
cols = sorted(peers)
print(f"{'case':28} {'sandkiste':>10}" + "".join(f" {p:>12} {'ratio':>7}" for p in cols) + "   (fresh instance per run, median µs)")
logs = {p: [] for p in cols}
for n in names:
    row = f"{n:28} {ours[n]['fresh_us']:10.1f}"
    for p in cols:
        r = peers[p].get(n)
        if not r or "fresh_us" not in r:
            row += f" {'skipped':>12} {'':>7}"
            continue
        ratio = r["fresh_us"] / ours[n]["fresh_us"]
        logs[p].append(math.log(ratio))
        row += f" {r['fresh_us']:12.1f} {ratio:6.1f}x"
    print(row)
for p in cols:
    if logs[p]:
        print(f"geometric mean ratio {p} / sandkiste (fresh): {math.exp(sum(logs[p]) / len(logs[p])):.1f}x over {len(logs[p])} cases")
for p in cols:
    rl = [math.log(peers[p][n]["reused_us"] / ours[n]["reused_us"]) for n in names if n in peers[p] and "reused_us" in peers[p][n]]
    if rl:
        print(f"geometric mean ratio {p} / sandkiste (reused instance): {math.exp(sum(rl) / len(rl)):.1f}x over {len(rl)} cases")
