// The quality score shown to users (quality_scores) on the DEV split, as the server measures it:
// each input resized to the sample (384 px at most), traced by both engines, rendered by resvg
// at 1x and compared with the sample. Per category: mean SSIM alone and the score (the lower of
// SSIM and 1 - the mean boundary offset); how often precision is recommended under each; and the
// cost of the boundary measure beside the rest of a measurement (trace, write, render, SSIM).
// With --reference also the 4x SSIM against the original drawing (the shared benchmark's
// fidelity; slow). Build first (`npm run build:lib`).
//   node bench/quality-score.mjs [--data DIR] [--filter logo,emoji] [--variant clean,jpeg]
//                                [--limit N] [--reference]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  compareImages,
  edgeOffset,
  enginePresets,
  toSvg,
  trace,
} from '../packages/engine/dist/index.js';
import { RECOMMEND_MARGIN } from '../apps/server/dist/jobs/trace-task.js';
import { median, render, ssim } from './lib/metrics.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const here = fileURLToPath(new URL('.', import.meta.url));
const dataDir = arg('--data', join(here, '../../shared/bench/data'));
const filter = arg('--filter')?.split(',');
const variants = arg('--variant', 'clean,jpeg').split(',');
const limit = Number(arg('--limit', Infinity));
const reference = process.argv.includes('--reference');
const SAMPLE_SIDE = 384;

const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
const entries = manifest.entries
  .filter((e) => (!filter || filter.includes(e.category)) && variants.includes(e.variant))
  .slice(0, limit);

const round = (v) => Math.round(v * 1000) / 1000;
const rows = [];
const ms = { measure: [], edge: [] };
for (const [n, e] of entries.entries()) {
  if (process.stderr.isTTY) process.stderr.write(`\r${n + 1}/${entries.length} ${e.id.padEnd(40)}`);
  const { data, info } = await sharp(join(dataDir, e.input))
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sample = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  const truth = reference
    ? render(readFileSync(join(dataDir, e.gt), 'utf8'), e.width * 4, e.height * 4)
    : null;
  const row = { id: e.id, category: e.category };
  for (const engine of ['precision', 'fast']) {
    const t0 = performance.now();
    const svg = toSvg(trace(sample, enginePresets[engine]));
    const rendered = { ...sample, data: render(svg, sample.width, sample.height) };
    const s = compareImages(sample, rendered);
    const t1 = performance.now();
    const offset = edgeOffset(sample, rendered);
    const t2 = performance.now();
    ms.measure.push(t1 - t0);
    ms.edge.push(t2 - t1);
    row[engine] = {
      ssim: round(s),
      score: round(Math.min(s, Math.max(0, 1 - offset))),
      ref: truth
        ? ssim(truth, render(svg, e.width * 4, e.height * 4), e.width * 4, e.height * 4)
        : NaN,
    };
  }
  rows.push(row);
}
if (process.stderr.isTTY) process.stderr.write('\n');

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f3 = (v) => (Number.isNaN(v) ? '-' : v.toFixed(3));
const recommends = (rs, key) =>
  rs.filter((r) => r.precision[key] - r.fast[key] > RECOMMEND_MARGIN).length;
console.log(
  `| category | inputs | SSIM precision | SSIM fast | score precision | score fast | 4x ref precision | 4x ref fast | precision recommended (SSIM → score) |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');
const groups = {};
for (const r of rows) (groups[r.category] ??= []).push(r);
for (const [category, rs] of [...Object.entries(groups), ['all', rows]]) {
  const m = (engine, key) => f3(mean(rs.map((r) => r[engine][key])));
  console.log(
    `| ${category} | ${rs.length} | ${m('precision', 'ssim')} | ${m('fast', 'ssim')} | ${m('precision', 'score')} | ${m('fast', 'score')} | ${m('precision', 'ref')} | ${m('fast', 'ref')} | ${recommends(rs, 'ssim')} → ${recommends(rs, 'score')} |`,
  );
}
console.log(
  `\nPer measurement (one engine on one sample): trace + write + render + SSIM median ${median(ms.measure).toFixed(1)} ms; ` +
    `boundary offset median ${median(ms.edge).toFixed(1)} ms (${((100 * mean(ms.edge)) / mean(ms.measure)).toFixed(1)}% of the rest on average).`,
);
