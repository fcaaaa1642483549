// Traces the DEV split (default options) --runs times, for a CPU profile of the engine:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-dev.mjs [--runs 3] [--filter logo] [--only id]
// then `node bench/profile-summary.mjs /tmp/prof/<file>.cpuprofile` lists self time by function.
import { loadDevInputs } from './lib/dev-split.mjs';
import { trace } from '../packages/engine/dist/index.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const filter = arg('--filter')?.split(',');
const only = arg('--only')?.split(',');
const images = (await loadDevInputs(undefined, { filter, only })).map((e) => e.image);
for (let r = 0; r < runs; r++) for (const image of images) trace(image);
