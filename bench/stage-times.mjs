// Where the engine's time goes on the shared benchmark's DEV split: each input is traced
// --runs times (default 3) after a warm-up pass over the whole set, and the engine's own progress
// callbacks split each trace into its stages (analyse, clean, palette, label, segment, gradients,
// boundaries = boundaries + fit, assemble). Prints per category the median trace time and the
// summed minimum time of each stage, then the slowest inputs with the length of their traced
// outlines: most of a trace's work is along the boundaries, so an input with N times its
// category's median outline takes about N times its time, and the time per 1000 px of outline
// (against the category median's) tells a slow input from a slow path.
//
//   node bench/stage-times.mjs [--data DIR] [--filter logo,photo] [--runs 3] [--top 10]
// Build the engine first (`npx tsc -b packages/engine`).
import { performance } from 'node:perf_hooks';
import { DEV_DATA, loadDevInputs } from './lib/dev-split.mjs';
import { trace } from '../packages/engine/dist/index.js';
import { flatten } from '../packages/engine/dist/writers/geometry.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const dataDir = arg('--data', DEV_DATA);
const filter = arg('--filter')?.split(',');
const runs = Number(arg('--runs', 3));
const top = Number(arg('--top', 10));

const inputs = await loadDevInputs(dataDir, { filter });

/** Total length (input px) of the traced outlines, flattened within 0.05 px. */
function outlineLength(doc) {
  let len = 0;
  for (const layer of doc.layers)
    for (const shape of layer.shapes)
      for (const sp of shape.subpaths) {
        const pts = flatten(sp, 0.05);
        for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
          len += Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y);
      }
  return len;
}

function timed(image) {
  const stages = {};
  let stage = null;
  let at = performance.now();
  const start = at;
  const doc = trace(image, {
    onProgress: (next) => {
      const now = performance.now();
      if (stage) stages[stage] = (stages[stage] ?? 0) + now - at;
      stage = next;
      at = now;
    },
  });
  return { total: performance.now() - start, stages, outline: outlineLength(doc) };
}

for (const input of inputs) timed(input.image); // warm-up: V8 optimises the hot loops first
const results = inputs.map((input) => {
  const all = Array.from({ length: runs }, () => timed(input.image));
  const best = {};
  for (const r of all)
    for (const [k, v] of Object.entries(r.stages)) best[k] = Math.min(best[k] ?? Infinity, v);
  return {
    ...input,
    total: Math.min(...all.map((r) => r.total)),
    stages: best,
    outline: all[0].outline,
  };
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const names = [...new Set(results.flatMap((r) => Object.keys(r.stages)))].filter(
  (n) => n !== 'done',
);
const categories = [...new Set(results.map((r) => r.category))];
console.log(`| category | n | median ms | ${names.map((n) => `${n} Σms`).join(' | ')} |`);
console.log(`|---|---:|---:|${names.map(() => '---:').join('|')}|`);
for (const c of [...categories, 'overall']) {
  const rs = c === 'overall' ? results : results.filter((r) => r.category === c);
  const sums = names.map((n) => rs.reduce((a, r) => a + (r.stages[n] ?? 0), 0).toFixed(0));
  console.log(
    `| ${c} | ${rs.length} | ${median(rs.map((r) => r.total)).toFixed(1)} | ${sums.join(' | ')} |`,
  );
}
console.log(`\nslowest against their category median:`);
const ofCategory = (c, f) => median(results.filter((r) => r.category === c).map(f));
const byCat = Object.fromEntries(categories.map((c) => [c, ofCategory(c, (r) => r.total)]));
const outlineByCat = Object.fromEntries(
  categories.map((c) => [c, ofCategory(c, (r) => r.outline)]),
);
const perOutline = (r) => r.total / Math.max(1, r.outline / 1000);
const perOutlineByCat = Object.fromEntries(categories.map((c) => [c, ofCategory(c, perOutline)]));
for (const r of [...results]
  .sort((a, b) => b.total / byCat[b.category] - a.total / byCat[a.category])
  .slice(0, top)) {
  const parts = names.filter((n) => r.stages[n] > 0.5).map((n) => `${n} ${r.stages[n].toFixed(1)}`);
  console.log(
    `${r.id} ${r.image.width}x${r.image.height}: ${r.total.toFixed(1)} ms (${(r.total / byCat[r.category]).toFixed(1)}x) ${parts.join(', ')}; ` +
      `outline ${r.outline.toFixed(0)} px (${(r.outline / outlineByCat[r.category]).toFixed(1)}x), ` +
      `${perOutline(r).toFixed(2)} ms per 1000 px (${(perOutline(r) / perOutlineByCat[r.category]).toFixed(1)}x)`,
  );
}
