// bench/peers/python.mjs — Monty (@pydantic/monty) on bench/py/cases/*.py,
// in the same `make bench` run.  `tiny` builds a new Monty (parse + compile)
// and runs it each time (mean of 2000); the others are parsed once and run
// best of 5.  CPU time of this node process.  One JSON object per case.
import { readFileSync } from 'node:fs';
import { Monty } from '@pydantic/monty';

const CASES = ['tiny', 'fib', 'loop', 'forloop', 'strbuild', 'wordcount'];
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system); };  // µs
for (const name of CASES) {
  const src = readFileSync(new URL(`../py/cases/${name}.py`, import.meta.url), "utf8");
  const inner = name === 'tiny' ? 2000 : 1;
  let out = '';
  const opts = { printCallback: (_stream, text) => { out += text; } };
  try {
    new Monty(src).run(opts);
    let best = Infinity;
    for (let rep = 0; rep < 5; rep++) {
      const t0 = cpu();
      for (let i = 0; i < inner; i++) {
        if (name === 'tiny') new Monty(src).run(opts);
        else { const m = new Monty(src); const t1 = cpu(); m.run(opts); best = Math.min(best, cpu() - t1); }
      }
      if (name === 'tiny') best = Math.min(best, (cpu() - t0) / inner);
    }
    console.log(JSON.stringify({ peer: 'monty', name, us: best }));
  } catch (e) {
    console.log(JSON.stringify({ peer: 'monty', name, error: String(e).slice(0, 200) }));
  }
}
