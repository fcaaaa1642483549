// `npm run bench`: Tracery and its peers (VTracer, imagetracerjs, Potrace where the CLI is
// installed, and plain lanczos upscaling of the raster) on a dataset built from the installed
// @iconify-json icon sets (see DATA-SOURCES.md), scored like ../shared/bench: ssim4x (the
// ground-truth SVG and each candidate rendered by resvg at 4x the input size, SSIM per RGB
// channel), SVG bytes, drawing segments and milliseconds (median of 3 calls after a warm-up);
// then a 4000x3000 synthetic photo traced by Tracery (time and peak memory, own process).
// Build the engine first (`npx tsc -b packages/engine`, or `npm run bench` from the root).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDataset } from './lib/dataset.mjs';
import { countSvgSegments, loadEngines } from './lib/engines.mjs';
import { geometryTables, runGeometry } from './lib/geometry-suite.mjs';
import { median, render, ssim } from './lib/metrics.mjs';

const started = performance.now();
// The large case runs first, in its own process, before this one grows.
process.stderr.write('large photo (4000x3000, mode photo)...\n');
const large = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(new URL('./lib/large.mjs', import.meta.url))], {
    encoding: 'utf8',
  }).trim(),
);
const perSet = Number(process.env.BENCH_PER_SET ?? 4);
process.stderr.write(`building dataset (${perSet} icons per set, clean + jpeg)...\n`);
const items = await buildDataset({ perSet });
const engines = loadEngines();
const results = [];
for (const engine of engines) await engine.run(items[0]); // warm-up
for (const [n, it] of items.entries()) {
  process.stderr.write(`\r${n + 1}/${items.length}`);
  const W = it.width * 4,
    H = it.height * 4;
  const truth = render(it.svg, W, H); // once per input, shared by every engine
  for (const engine of engines) {
    if (engine.applies && !engine.applies(it)) continue;
    const times = [];
    let out;
    for (let r = 0; r < 3; r++) {
      const t = performance.now();
      out = await engine.run(it);
      times.push(performance.now() - t);
    }
    results.push({
      engine: engine.name,
      category: it.category,
      variant: it.variant,
      ssim4x: ssim(truth, out.raster ?? render(out.svg, W, H), W, H),
      bytes: out.svg ? Buffer.byteLength(out.svg) : NaN,
      segments: out.svg ? countSvgSegments(out.svg) : NaN,
      ms: median(times),
    });
  }
}
process.stderr.write('\n');

const fmt = (v, d) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const stat = (rs, key, d) => fmt(median(rs.map((r) => r[key]).filter(Number.isFinite)), d);
const lines = [
  '## Icon-set dataset (medians)',
  '',
  '| category / variant | engine | n | ssim4x | bytes | segments | ms |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
];
const groups = [
  ...[...new Set(results.map((r) => r.category))].map((c) => [c, (r) => r.category === c]),
  ...['clean', 'jpeg'].map((v) => [`*${v}*`, (r) => r.variant === v]),
  ['**overall**', () => true],
];
for (const [label, keep] of groups) {
  for (const { name } of engines) {
    const rs = results.filter((r) => r.engine === name && keep(r));
    if (rs.length === 0) continue;
    lines.push(
      `| ${label} | ${name} | ${rs.length} | ${stat(rs, 'ssim4x', 4)} | ${stat(rs, 'bytes', 0)} | ${stat(rs, 'segments', 0)} | ${stat(rs, 'ms', 1)} |`,
    );
  }
}
console.log(lines.join('\n'));
console.log(
  `\n_raster-upscale is not a vectorizer: the input upscaled 4x with lanczos3, the reference a vector must beat on ssim4x._`,
);
console.log(
  `\n## Large photo (Tracery)\n\n| input | mode | ms | bytes | peak RSS |\n| --- | --- | ---: | ---: | ---: |\n| synthetic 4000x3000 | photo | ${large.ms} | ${large.bytes} | ${large.maxRssMB} MB |`,
);
console.log('\n' + geometryTables(await runGeometry()));
console.log(
  `\n_${items.length} inputs; ${((performance.now() - started) / 1000).toFixed(0)} s in all; node ${process.version}_`,
);
