// The geometry suite alone: `node bench/geometry.mjs [--sizes 32,64] [--variants aa,1bit]
// [--engines tracery,vtracer] [--out results.json]`. `npm run bench` runs it too.
// Build the engine first (`npx tsc -b packages/engine`).
import { writeFileSync } from 'node:fs';
import { geometryTables, runGeometry } from './lib/geometry-suite.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const list = (v) => v?.split(',');
const results = await runGeometry({
  sizes: list(arg('--sizes'))?.map(Number),
  variants: list(arg('--variants')),
  engineNames: list(arg('--engines')),
});
if (arg('--out')) writeFileSync(arg('--out'), JSON.stringify(results, null, 1));
console.log(geometryTables(results));
