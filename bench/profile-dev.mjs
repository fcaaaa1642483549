// Traces the DEV split (default options) --runs times, for a CPU profile of the engine:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-dev.mjs [--runs 3] [--filter logo] [--only id]
// then `node bench/profile-summary.mjs /tmp/prof/<file>.cpuprofile` lists self time by function.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { trace } from '../packages/engine/dist/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', 3));
const filter = arg('--filter')?.split(',');
const only = arg('--only')?.split(',');
const dataDir = join(here, '../../shared/bench/data');
const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
const entries = manifest.entries.filter(
  (e) => (!filter || filter.includes(e.category)) && (!only || only.includes(e.id)),
);
const images = [];
for (const e of entries) {
  const { data, info } = await sharp(join(dataDir, e.input))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  images.push({ width: info.width, height: info.height, data: new Uint8Array(data) });
}
for (let r = 0; r < runs; r++) for (const image of images) trace(image);
