// `npm run bench`: Tracery on a dataset built from the installed @iconify-json icon sets
// (see DATA-SOURCES.md), scored like ../shared/bench: ssim4x (both the ground-truth SVG and
// Tracery's SVG rendered by resvg at 4x the input size, SSIM per RGB channel), SVG bytes,
// drawing segments and trace+write milliseconds (median of 3 calls after a warm-up), per
// category and variant; then a 4000x3000 synthetic photo (time and peak RSS, own process).
// Build the engine first (`npx tsc -b packages/engine`, or `npm run bench` from the root).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { trace, toSvg } from '../packages/engine/dist/index.js';
import { buildDataset } from './lib/dataset.mjs';
import { countSegments, median, render, ssim } from './lib/metrics.mjs';

const started = performance.now();
// The large case runs first, in its own process, before this one grows.
process.stderr.write('large photo (4000x3000, mode photo)...\n');
const large = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(new URL('./lib/large.mjs', import.meta.url))], {
    encoding: 'utf8',
  }).trim(),
);
const perSet = Number(process.env.BENCH_PER_SET ?? 8);
process.stderr.write(`building dataset (${perSet} icons per set, clean + jpeg)...\n`);
const items = await buildDataset({ perSet });
const results = [];
trace({ width: items[0].width, height: items[0].height, data: items[0].rgba }); // warm-up
for (const it of items) {
  const image = { width: it.width, height: it.height, data: it.rgba };
  const times = [];
  let svg = '',
    doc;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    doc = trace(image);
    svg = toSvg(doc);
    times.push(performance.now() - t);
  }
  const W = it.width * 4,
    H = it.height * 4;
  const score = ssim(render(it.svg, W, H), render(svg, W, H), W, H);
  results.push({
    id: it.id,
    category: it.category,
    variant: it.variant,
    ssim4x: score,
    bytes: Buffer.byteLength(svg),
    segments: countSegments(doc),
    ms: median(times),
  });
}

const fmt = (v, d) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const row = (label, rs) =>
  `| ${label} | ${rs.length} | ${fmt(median(rs.map((r) => r.ssim4x)), 4)} | ${fmt(median(rs.map((r) => r.bytes)), 0)} | ${fmt(median(rs.map((r) => r.segments)), 0)} | ${fmt(median(rs.map((r) => r.ms)), 1)} |`;
const lines = [
  '## Tracery on the icon-set dataset (medians)',
  '',
  '| category / variant | n | ssim4x | bytes | segments | ms |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const c of [...new Set(results.map((r) => r.category))])
  lines.push(
    row(
      c,
      results.filter((r) => r.category === c),
    ),
  );
for (const v of ['clean', 'jpeg'])
  lines.push(
    row(
      `*${v}*`,
      results.filter((r) => r.variant === v),
    ),
  );
lines.push(row('**overall**', results));
console.log(lines.join('\n'));

console.log(
  `\n## Large photo\n\n| input | mode | ms | bytes | peak RSS |\n| --- | --- | ---: | ---: | ---: |\n| synthetic 4000x3000 | photo | ${large.ms} | ${large.bytes} | ${large.maxRssMB} MB |`,
);
console.log(
  `\n_${results.length} inputs; ${((performance.now() - started) / 1000).toFixed(0)} s in all; node ${process.version}_`,
);
