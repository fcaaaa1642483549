// Gradients on DEV: the items whose original drawing uses <linearGradient>/<radialGradient>
// (../shared/bench, or --data DIR), traced by the built engine ("after") and by the engine of an
// earlier revision ("before", --before REV, default: the commit before the gradient stage),
// built into a temporary worktree. Per item and variant: SSIM against the original at 4x, drawing
// segments, and how many gradients the trace writes. Build the engine first
// (`npx tsc -b packages/engine`). node bench/gradients.mjs [--before REV] [--data DIR]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import * as after from '../packages/engine/dist/index.js';
import { countSvgSegments } from './lib/engines.mjs';
import { median, render, ssim } from './lib/metrics.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const data = arg('--data', join(root, '../shared/bench/data'));
const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
// The gradient stage arrived with packages/engine/src/gradients.ts.
const rev = git(
  'rev-parse',
  '--short',
  arg(
    '--before',
    `${git('log', '--format=%H', '--diff-filter=A', '-1', '--', 'packages/engine/src/gradients.ts')}~1`,
  ),
);

/** The engine as it was at `rev`, built once into a worktree under the system's temp folder. */
async function engineAt(revision) {
  const dir = join(tmpdir(), `tracery-engine-${revision}`);
  if (!existsSync(join(dir, 'packages/engine/dist/index.js'))) {
    if (!existsSync(dir)) git('worktree', 'add', '--detach', dir, revision);
    if (!existsSync(join(dir, 'node_modules')))
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    execFileSync('npx', ['tsc', '-b', 'packages/engine'], { cwd: dir, stdio: 'inherit' });
  }
  return import(pathToFileURL(join(dir, 'packages/engine/dist/index.js')).href);
}

const before = await engineAt(rev);
const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
const usesGradient = (gt) =>
  /<(linear|radial)Gradient\b/.test(readFileSync(join(data, gt), 'utf8'));
const items = manifest.entries.filter((e) => e.gt && usesGradient(e.gt));

const rows = [];
for (const it of items) {
  const { data: raw, info } = await sharp(join(data, it.input))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { width: info.width, height: info.height, data: new Uint8Array(raw) };
  const W = info.width * 4,
    H = info.height * 4;
  const truth = render(readFileSync(join(data, it.gt), 'utf8'), W, H);
  const score = (engine) => {
    const svg = engine.toSvg(engine.trace(image, engine.enginePresets.precision));
    return {
      ssim4x: ssim(render(svg, W, H), truth, W, H),
      segments: countSvgSegments(svg),
      gradients: (svg.match(/<(linear|radial)Gradient\b/g) ?? []).length,
    };
  };
  rows.push({ item: it.item, variant: it.variant, before: score(before), after: score(after) });
  process.stderr.write(`${it.item} ${it.variant}\n`);
}

const f4 = (v) => v.toFixed(4);
const lines = [
  `# Gradients on DEV: before (${rev}) and after`,
  '',
  `${items.length} inputs whose original drawing has a gradient; SSIM against the original at 4x.`,
  '',
  '| item | variant | ssim4x before | ssim4x after | segments before | segments after | gradients written |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.item} | ${r.variant} | ${f4(r.before.ssim4x)} | ${f4(r.after.ssim4x)} | ${r.before.segments} | ${r.after.segments} | ${r.after.gradients} |`,
  ),
];
for (const variant of [...new Set(rows.map((r) => r.variant))]) {
  const of = rows.filter((r) => r.variant === variant);
  const m = (side, key) => median(of.map((r) => r[side][key]));
  lines.push(
    `| **median** | ${variant} | ${f4(m('before', 'ssim4x'))} | ${f4(m('after', 'ssim4x'))} | ${m('before', 'segments')} | ${m('after', 'segments')} | ${m('after', 'gradients')} |`,
  );
}
console.log(lines.join('\n'));
