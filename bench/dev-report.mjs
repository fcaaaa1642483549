// Issue 17's DEV lines from a shared-scorer results file: per category, Tracery's median
// segments beside the original drawings' (the ground-truth SVGs, counted by the scorer's own
// svgStats), and speed against VTracer in the same run: category medians, their ratio, the
// images slower than 3x their category's median, and the six nearest that line (how much room).
//
//   node bench/dev-report.mjs RESULTS.json [MORE.json ...] [--bench ../shared/bench] [--engine tracery]
// --bench: the scorer's folder with its packages installed (a copy of ../shared/bench after npm ci).
// Each RESULTS.json must hold a run of Tracery and one of VTracer from ONE scorer invocation
// (`node score.mjs --engine …/bench/tracery.mjs,vtracer --out RESULTS.json`). With several files
// (runs of the same build), each image's time is its median over them: one run's median of three
// calls can land in a slow stretch of a shared machine.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const files = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')));
if (files.length === 0) {
  console.error(
    'usage: node bench/dev-report.mjs RESULTS.json [MORE.json ...] [--bench DIR] [--engine NAME]',
  );
  process.exit(2);
}
const benchDir = resolve(arg('--bench', join(here, '../../shared/bench')));
const engineName = arg('--engine', 'tracery');
const { svgStats } = await import(pathToFileURL(join(benchDir, 'lib/metrics.mjs')).href);
const { median } = await import(pathToFileURL(join(benchDir, 'lib/report.mjs')).href);

const loaded = files.map((file) => JSON.parse(readFileSync(file, 'utf8')));
const dataDir = resolve(benchDir, loaded[0].meta.data ?? 'data');
const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
const gtPath = new Map(manifest.entries.map((e) => [e.id, e.gt]));

/** The engine's run in the first file, each image's ms the median over all files' runs. */
function mergedRun(engine) {
  const all = loaded.map(({ runs }, i) => {
    const run = runs.find((r) => r.engine === engine);
    if (!run && engine === engineName) throw new Error(`no run named ${engine} in ${files[i]}`);
    return run && new Map(run.results.map((r) => [r.id, r]));
  });
  if (!all[0]) return undefined;
  const results = [...all[0].values()].map((r) => {
    const times = all.map((m) => m?.get(r.id)).filter((x) => x?.status === 'ok');
    return times.length === all.length ? { ...r, ms: median(times.map((x) => x.ms)) } : r;
  });
  return { engine, results };
}
const ours = mergedRun(engineName);
const peer = mergedRun('vtracer');

const originalSegments = new Map();
const original = (id) => {
  const gt = gtPath.get(id);
  if (!gt) return null;
  if (!originalSegments.has(gt))
    originalSegments.set(gt, svgStats(readFileSync(join(dataDir, gt), 'utf8')).segments);
  return originalSegments.get(gt);
};

const ok = (run, cat) =>
  run ? run.results.filter((r) => r.status === 'ok' && (!cat || r.category === cat)) : [];
const categories = [...new Set(ours.results.map((r) => r.category))];
const f = (v, d = 1) => (v == null ? 'n/a' : v.toFixed(d));

console.log('| category | segments | original segments | ratio | ms | VTracer ms | ms ratio |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
const slow = [];
const ratios = [];
for (const cat of [...categories, null]) {
  const rows = ok(ours, cat);
  const segs = median(rows.map((r) => r.segments));
  const orig = median(rows.map((r) => original(r.id)));
  const ms = median(rows.map((r) => r.ms));
  const peerMs = median(ok(peer, cat).map((r) => r.ms));
  if (cat)
    for (const r of rows) {
      if (r.ms > 3 * ms) slow.push(`${r.id} ${f(r.ms)} ms (median ${f(ms)})`);
      ratios.push({ id: r.id, ratio: r.ms / ms });
    }
  console.log(
    `| ${cat ?? '**overall**'} | ${f(segs, 0)} | ${f(orig, 0)} | ${segs && orig ? f(segs / orig, 2) : 'n/a'} | ${f(ms)} | ${f(peerMs)} | ${ms && peerMs ? f(ms / peerMs, 2) : 'n/a'} |`,
  );
}
console.log(`\nImages slower than 3x their category's median: ${slow.length ? '' : 'none'}`);
for (const s of slow) console.log(`- ${s}`);
ratios.sort((a, b) => b.ratio - a.ratio);
console.log(
  `Closest to the line: ${ratios
    .slice(0, 6)
    .map((r) => `${r.id} ${f(r.ratio, 2)}x`)
    .join(', ')}`,
);
