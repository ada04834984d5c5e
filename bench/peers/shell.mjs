// shell.mjs — the peers of the shell benchmark: bashkit (Rust, napi) and
// just-bash (TypeScript) run the same cases as bench/shell.c, in the same
// way (a fresh instance per run, and one reused instance), checking output.
// Prints one JSON line per case: {name, peer, fresh_us, reused_us} or a skip.
import { readFileSync } from 'node:fs';
import { Bash as BashkitBash } from '@everruns/bashkit';
import { Bash as JustBash } from 'just-bash';

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const runs = Number(process.argv[3] || 50);
const filter = process.argv[4] || '';
const median = (a) => { a.sort((x, y) => x - y); const n = a.length; return n % 2 ? a[n >> 1] : (a[n / 2 - 1] + a[n / 2]) / 2; };
const now = () => Number(process.hrtime.bigint()) / 1e3;

const peers = {
  bashkit: {
    make: () => new BashkitBash(),
    run: async (b, s) => { const r = b.executeSync(s); return [r.stdout, r.exitCode]; },
  },
  'just-bash': {
    make: () => new JustBash(),
    run: async (b, s) => { const r = await b.exec(s); return [r.stdout, r.exitCode]; },
  },
};

for (const c of cases) {
  if (filter && !c.name.includes(filter)) continue;
  const want = c.expected_stdout ?? c.bash_stdout;
  for (const [peer, p] of Object.entries(peers)) {
    try {
      const [out0, code0] = await p.run(p.make(), c.script);
      if (out0 !== want || code0 !== 0) {
        console.log(JSON.stringify({ name: c.name, peer, skipped: 'wrong output' }));
        continue;
      }
      const fresh = [], reused = [];
      for (let i = 0; i < runs; i++) {
        const t0 = now();
        await p.run(p.make(), c.script);
        fresh.push(now() - t0);
      }
      const inst = p.make();
      for (let i = 0; i < runs; i++) {
        const t0 = now();
        await p.run(inst, c.script);
        reused.push(now() - t0);
      }
      console.log(JSON.stringify({ name: c.name, peer, fresh_us: median(fresh), reused_us: median(reused) }));
    } catch (e) {
      console.log(JSON.stringify({ name: c.name, peer, skipped: String(e).slice(0, 80) }));
    }
  }
}
