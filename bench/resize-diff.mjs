// Beyond dev-diff: two engine builds trace the DEV split's non-photo inputs resized x0.8 and
// x1.3 (sizes no baseline holds) with every preset and cutout, and their SVGs are compared. A
// change that is byte-identical on DEV only by luck (a cache keyed on order, a rounding tie)
// shows up here: it caught an order-normalised gradient cache that lost a ramp on google-home.
//
//   node bench/resize-diff.mjs DIST_A DIST_B
// Build both first (`npx tsc -p packages/engine/tsconfig.json` in each checkout).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEV_DATA, decodeResized, devEntries } from './lib/dev-split.mjs';

const [A, B] = await Promise.all(
  process.argv.slice(2, 4).map((dir) => import(pathToFileURL(resolve(dir, 'index.js')).href)),
);
if (!A || !B) throw new Error('usage: node bench/resize-diff.mjs DIST_A DIST_B');
const cases = { ...A.enginePresets, cutout: { stacking: 'cutout' } };
const categories = ['logo', 'clipart', 'emoji', 'flag', 'silhouette', 'lineart'];
let traced = 0;
const differing = [];
for (const entry of devEntries(DEV_DATA, { filter: categories })) {
  for (const scale of [0.8, 1.3]) {
    const image = await decodeResized(DEV_DATA, entry, scale);
    for (const [name, options] of Object.entries(cases)) {
      traced++;
      if (A.toSvg(A.trace(image, options)) !== B.toSvg(B.trace(image, options)))
        differing.push(`${name}/${entry.id}@${scale}`);
    }
  }
}
console.log(`${differing.length} of ${traced} resized traces differ`);
for (const id of differing) console.log(`  ${id}`);
