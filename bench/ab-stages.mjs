// A/B CPU time of two engine builds on the DEV split, per category and per stage: each input is
// traced by A then B (interleaved, so machine load hits both alike) for --rounds rounds after a
// warm-up pass; minima of process CPU time per stage. Stages as in stage-times.mjs.
//
//   node bench/ab-stages.mjs DIST_A DIST_B [--rounds 5] [--filter logo] [--only id1,id2] [--each]
//     [--slowest]   (each build's inputs slowest against their category's median)
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDevInputs } from './lib/dev-split.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const [distA, distB] = process.argv.slice(2, 4);
const rounds = Number(arg('--rounds', 5));
const filter = arg('--filter')?.split(',');
const only = arg('--only')?.split(',');
const engines = await Promise.all(
  [distA, distB].map((d) => import(pathToFileURL(resolve(d, 'index.js')).href)),
);
const inputs = await loadDevInputs(undefined, { filter, only });
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function timed(engine, image) {
  const stages = {};
  let stage = null;
  let at = cpu();
  const start = at;
  engine.trace(image, {
    onProgress: (next) => {
      const now = cpu();
      if (stage) stages[stage] = (stages[stage] ?? 0) + now - at;
      stage = next;
      at = now;
    },
  });
  return { total: cpu() - start, stages };
}
for (const input of inputs) for (const e of engines) timed(e, input.image);
const best = engines.map(() => inputs.map(() => ({ total: Infinity, stages: {} })));
for (let r = 0; r < rounds; r++)
  for (const [i, input] of inputs.entries())
    for (const [j, e] of (r % 2 ? [...engines].reverse() : engines).entries()) {
      const which = r % 2 ? 1 - j : j;
      const t = timed(e, input.image);
      const b = best[which][i];
      b.total = Math.min(b.total, t.total);
      for (const [k, v] of Object.entries(t.stages))
        b.stages[k] = Math.min(b.stages[k] ?? Infinity, v);
    }
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const names = [
  'analyse',
  'clean',
  'palette',
  'label',
  'segment',
  'gradients',
  'boundaries',
  'assemble',
];
const categories = [...new Set(inputs.map((r) => r.category))];
console.log(
  `| category | n | median A | median B | Σtotal A | Σtotal B | ${names.map((n) => `${n} A→B`).join(' | ')} |`,
);
for (const c of [...categories, 'overall']) {
  const idx = inputs.map((r, i) => i).filter((i) => c === 'overall' || inputs[i].category === c);
  const sum = (b, f) => idx.reduce((a, i) => a + f(b[i]), 0);
  const cols = names.map(
    (n) =>
      `${sum(best[0], (x) => x.stages[n] ?? 0).toFixed(0)}→${sum(best[1], (x) => x.stages[n] ?? 0).toFixed(0)}`,
  );
  console.log(
    `| ${c} | ${idx.length} | ${median(idx.map((i) => best[0][i].total)).toFixed(1)} | ${median(idx.map((i) => best[1][i].total)).toFixed(1)} | ${sum(best[0], (x) => x.total).toFixed(0)} | ${sum(best[1], (x) => x.total).toFixed(0)} | ${cols.join(' | ')} |`,
  );
}
if (process.argv.includes('--each'))
  for (const [i, input] of inputs.entries())
    console.log(`${input.id}: ${best[0][i].total.toFixed(1)} -> ${best[1][i].total.toFixed(1)}`);
// Issue 17's line "no image slower than 3x its category's median", per build.
if (process.argv.includes('--slowest'))
  for (const [j, label] of ['A', 'B'].entries()) {
    const medianOf = new Map(
      categories.map((c) => [
        c,
        median(inputs.flatMap((p, k) => (p.category === c ? [best[j][k].total] : []))),
      ]),
    );
    const top = inputs
      .map((input, i) => ({ id: input.id, ratio: best[j][i].total / medianOf.get(input.category) }))
      .sort((a, b) => b.ratio - a.ratio)
      .slice(0, 6);
    console.log(
      `${label} slowest against their category's median: ${top.map((r) => `${r.id} ${r.ratio.toFixed(2)}x`).join(', ')}`,
    );
  }
