// Issue 17's DEV lines from a shared-scorer results file: per category, Tracery's median
// segments beside the original drawings' (the ground-truth SVGs, counted by the scorer's own
// svgStats), and speed against VTracer in the same run: category medians, their ratio, and the
// images slower than 3x their category's median.
//
//   node bench/dev-report.mjs RESULTS.json [--bench ../shared/bench] [--engine tracery]
// --bench: the scorer's folder with its packages installed (a copy of ../shared/bench after npm ci).
// RESULTS.json must hold a run of Tracery and one of VTracer from ONE scorer invocation
// (`node score.mjs --engine …/bench/tracery.mjs,vtracer --out RESULTS.json`).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const file = process.argv[2];
if (!file || file.startsWith('--')) {
  console.error('usage: node bench/dev-report.mjs RESULTS.json [--bench DIR] [--engine NAME]');
  process.exit(2);
}
const benchDir = resolve(arg('--bench', join(here, '../../shared/bench')));
const engineName = arg('--engine', 'tracery');
const { svgStats } = await import(pathToFileURL(join(benchDir, 'lib/metrics.mjs')).href);
const { median } = await import(pathToFileURL(join(benchDir, 'lib/report.mjs')).href);

const { meta, runs } = JSON.parse(readFileSync(file, 'utf8'));
const dataDir = resolve(benchDir, meta.data ?? 'data');
const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
const gtPath = new Map(manifest.entries.map((e) => [e.id, e.gt]));
const ours = runs.find((r) => r.engine === engineName);
const peer = runs.find((r) => r.engine === 'vtracer');
if (!ours) throw new Error(`no run named ${engineName} in ${file}`);

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
for (const cat of [...categories, null]) {
  const rows = ok(ours, cat);
  const segs = median(rows.map((r) => r.segments));
  const orig = median(rows.map((r) => original(r.id)));
  const ms = median(rows.map((r) => r.ms));
  const peerMs = median(ok(peer, cat).map((r) => r.ms));
  if (cat)
    for (const r of rows) if (r.ms > 3 * ms) slow.push(`${r.id} ${f(r.ms)} ms (median ${f(ms)})`);
  console.log(
    `| ${cat ?? '**overall**'} | ${f(segs, 0)} | ${f(orig, 0)} | ${segs && orig ? f(segs / orig, 2) : 'n/a'} | ${f(ms)} | ${f(peerMs)} | ${ms && peerMs ? f(ms / peerMs, 2) : 'n/a'} |`,
  );
}
console.log(`\nImages slower than 3x their category's median: ${slow.length ? '' : 'none'}`);
for (const s of slow) console.log(`- ${s}`);
