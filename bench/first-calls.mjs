// First-call cost of the engine in a fresh process (issue 17): V8 compiles the big stage
// functions several times before they settle, so the first conversions are far slower than the
// steady state. --mode repeat: wall and CPU time of calls 1..--calls on one input; --mode scorer:
// the shared scorer's order (one synthetic warm-up call, then the first --first DEV inputs once
// each); --mode steady: the settled CPU time per category, to compare with; --mode pool: the
// service's own worker pool (one warmed-up worker, as apps/server starts it) decodes each
// --filter input (not the small ones) and converts it to SVG at the standard tier, --rounds
// times: the first --first conversions, then the sum of each input's fastest after the first
// round.
//
//   node bench/first-calls.mjs [--id logo-faker.clean] [--calls 8] [--first 5]
//     [--mode repeat|scorer|steady|pool] [--filter logo,flag] [--rounds 5]
//     [--dist DIR] [--stages] [--warm-up ROUNDS] [--variant jpeg]
// Build the engine first (`npx tsc -b packages/engine`; for pool, `npm run build:lib`). Run each
// mode in a fresh process;
// add `--trace-opt --trace-deopt` to node to see what V8 recompiles.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DEV_DATA, decodeInput, devEntries } from './lib/dev-split.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
// --dist DIR: another build of the engine (A/B against a copy of packages/engine/dist).
const dist = arg('--dist', join(here, '../packages/engine/dist'));
const engine = await import(pathToFileURL(join(dist, 'index.js')).href);
const { trace, toSvg } = engine;
const dataDir = arg('--data', DEV_DATA);
const mode = arg('--mode', 'repeat');
const manifest = { entries: devEntries(dataDir) };
const load = (entry) => decodeInput(dataDir, entry);

// The scorer's warm-up picture (a red disc, a navy rectangle, a black diagonal stroke), drawn
// here without a renderer: hard edges plus a 6 px anti-aliased-free line are close enough.
function scorerWarmUpImage() {
  const w = 160;
  const h = 120;
  const data = new Uint8Array(w * h * 4).fill(255);
  const put = (x, y, r, g, b) => {
    const i = (y * w + x) * 4;
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if ((x - 50) ** 2 + (y - 60) ** 2 <= 35 * 35) put(x, y, 0xdd, 0x33, 0x33);
      if (x >= 90 && x < 140 && y >= 20 && y < 100) put(x, y, 0x22, 0x33, 0x66);
      // distance to the line (20,110)-(150,10)
      const d = Math.abs(100 * x + 130 * y - 100 * 20 - 130 * 110) / Math.hypot(100, 130);
      if (d <= 3 && x >= 18 && x <= 152) put(x, y, 0, 0, 0);
    }
  return { width: w, height: h, data };
}

const showStages = process.argv.includes('--stages');

function timed(image) {
  const stages = {};
  let stage = null;
  let at = performance.now();
  const onProgress = (next) => {
    const now = performance.now();
    if (stage) stages[stage] = (stages[stage] ?? 0) + now - at;
    stage = next;
    at = now;
  };
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const doc = trace({ ...image, data: image.data.slice() }, { onProgress });
  const s0 = performance.now();
  const svg = toSvg(doc, {});
  stages.svg = performance.now() - s0;
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000, bytes: svg.length, stages };
}

const log = (label, r) => {
  const parts = Object.entries(r.stages)
    .filter(([, ms]) => ms >= 0.5)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
  console.log(
    `${label}: ${r.wall.toFixed(1)} ms wall, ${r.cpu.toFixed(1)} ms cpu (${r.bytes} B)` +
      (showStages ? ` [${parts.join(', ')}]` : ''),
  );
};

// --warm-up N: the engine's own warmUp(N) first, as a trace worker does when it starts.
const warmUpRounds = Number(arg('--warm-up', 0));
if (warmUpRounds > 0) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  engine.warmUp(warmUpRounds);
  const c = process.cpuUsage(c0);
  console.log(
    `engine warmUp(${warmUpRounds}): ${(performance.now() - t0).toFixed(1)} ms wall, ${((c.user + c.system) / 1000).toFixed(1)} ms cpu`,
  );
}

if (mode === 'repeat') {
  const id = arg('--id', 'logo-faker.clean');
  const image = await load(manifest.entries.find((e) => e.id === id));
  const calls = Number(arg('--calls', 8));
  for (let k = 1; k <= calls; k++) log(`${id} call ${k}`, timed(image));
} else if (mode === 'steady') {
  // The steady state to compare with: per category, the sum over its inputs of the least CPU
  // time of --rounds traces, after two passes over all of them.
  const filter = arg('--filter', 'logo,flag').split(',');
  const rounds = Number(arg('--rounds', 5));
  const entries = manifest.entries.filter((e) => filter.includes(e.category));
  const images = [];
  for (const e of entries) images.push(await load(e));
  for (let pass = 0; pass < 2; pass++) for (const image of images) timed(image);
  const best = images.map(() => Infinity);
  for (let r = 0; r < rounds; r++)
    images.forEach((image, i) => (best[i] = Math.min(best[i], timed(image).cpu)));
  for (const c of filter) {
    const sum = entries.reduce((a, e, i) => a + (e.category === c ? best[i] : 0), 0);
    console.log(`steady ${c}: ${sum.toFixed(1)} ms cpu (sum of per-input minima)`);
  }
} else if (mode === 'pool') {
  const { TracePool } = await import('../apps/server/dist/jobs/trace-pool.js');
  const pool = new TracePool({ size: 1, timeoutMs: 120_000, reserved: 0 });
  await pool.whenReady();
  const filter = arg('--filter', 'logo,flag,emoji,clipart').split(',');
  const rounds = Number(arg('--rounds', 3));
  const first = Number(arg('--first', 5));
  const entries = devEntries(dataDir, { filter }).filter((e) => e.variant !== 'small');
  const files = entries.map((e) => new Uint8Array(readFileSync(join(dataDir, e.input))));
  const best = entries.map(() => Infinity);
  const firstCalls = [];
  for (let r = 0; r < rounds; r++)
    for (let i = 0; i < entries.length; i++) {
      const { full, sample } = await pool.decode(files[i].slice(), {
        maxPixels: 5e7,
        maxFrames: 1,
      });
      const t0 = performance.now();
      await pool.run({ conversionId: 'bench', full, sample, format: 'svg', tier: 'standard' });
      const ms = performance.now() - t0;
      if (r === 0 && i < first) firstCalls.push(`${entries[i].id} ${ms.toFixed(0)}`);
      if (r > 0) best[i] = Math.min(best[i], ms);
    }
  console.log(`first conversions (ms): ${firstCalls.join(', ')}`);
  if (rounds > 1)
    console.log(
      `${entries.length} inputs, fastest of rounds 2..${rounds}: sum ${best.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
    );
  await pool.close();
} else {
  const first = Number(arg('--first', 5));
  // --variant jpeg: only the inputs of that variant (the first JPEGs a new worker meets).
  const variant = arg('--variant');
  const entries = manifest.entries.filter((e) => !variant || e.variant === variant).slice(0, first);
  const images = [];
  for (const e of entries) images.push(await load(e));
  log('warm-up', timed(scorerWarmUpImage()));
  entries.forEach((e, i) => log(e.id, timed(images[i])));
}
