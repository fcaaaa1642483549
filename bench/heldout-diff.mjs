// Held-out fidelity of an output change: the DEV split's non-photo inputs resized x0.8 and x1.3
// (sizes no baseline holds, as in resize-diff.mjs), traced with default options by two engine
// builds; for each input whose SVGs differ, SSIM at 4x of each against the true SVG rendered at
// that size. Prints those inputs and how many got better or worse, and the mean change: a
// change tuned on DEV that only fits DEV shows up here.
//
//   node bench/heldout-diff.mjs DIST_A DIST_B
// Build both first (`npx tsc -p packages/engine/tsconfig.json` in each checkout).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEV_DATA, decodeResized, devEntries } from './lib/dev-split.mjs';
import { render, ssim } from './lib/metrics.mjs';

const [A, B] = await Promise.all(
  process.argv.slice(2, 4).map((dir) => import(pathToFileURL(resolve(dir, 'index.js')).href)),
);
if (!A || !B) throw new Error('usage: node bench/heldout-diff.mjs DIST_A DIST_B');
const categories = ['logo', 'clipart', 'emoji', 'flag', 'silhouette', 'lineart'];
const SCALE = 4;
let better = 0,
  worse = 0,
  sum = 0,
  differing = 0;
for (const entry of devEntries(DEV_DATA, { filter: categories })) {
  if (!entry.gt) continue;
  for (const scale of [0.8, 1.3]) {
    const image = await decodeResized(DEV_DATA, entry, scale);
    const svgA = A.toSvg(A.trace(image)),
      svgB = B.toSvg(B.trace(image));
    if (svgA === svgB) continue;
    const w = image.width * SCALE,
      h = image.height * SCALE;
    const truth = render(readFileSync(join(DEV_DATA, entry.gt), 'utf8'), w, h);
    const a = ssim(render(svgA, w, h), truth, w, h),
      b = ssim(render(svgB, w, h), truth, w, h);
    differing++;
    sum += b - a;
    if (b > a) better++;
    else if (b < a) worse++;
    console.log(`${entry.id}@${scale}: ssim4x ${a.toFixed(4)} -> ${b.toFixed(4)}`);
  }
}
const mean = differing ? sum / differing : 0;
console.log(
  `${differing} resized inputs differ: ${better} better, ${worse} worse, mean ${mean >= 0 ? '+' : ''}${mean.toFixed(5)}`,
);
