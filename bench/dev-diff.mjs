// Byte-for-byte regression check of the engine on the shared benchmark's DEV split: traces every
// DEV input with every engine preset, plus stacking 'cutout' and the modes grayscale, bw, photo,
// pixelart and centerline at the default detail, and writes it as SVG, PDF, EPS and DXF; compares
// the SHA-256 of each output with bench/dev-baseline.json.
//
//   node bench/dev-diff.mjs            compare; exit 1 and list what differs, a line per input
//   node bench/dev-diff.mjs --save     (re)write the baseline: do this only deliberately, and say
//                                      so in the commit message
//   --dir DIR                          also write every output to DIR/<case>/<id>.<ext>
//   --data DIR                         the DEV split (default ../shared/bench/data)
//   --filter logo,flag                 only these categories (comparison only)
// Build the engine first (`npx tsc -b packages/engine`).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_DATA, decodeInput, devEntries } from './lib/dev-split.mjs';
import { enginePresets, toDxf, toEps, toPdf, toSvg, trace } from '../packages/engine/dist/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const baselinePath = join(here, 'dev-baseline.json');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const save = process.argv.includes('--save');
const dataDir = arg('--data', DEV_DATA);
const outDir = arg('--dir');
const filter = arg('--filter')?.split(',');

const CASES = {
  ...Object.fromEntries(Object.entries(enginePresets).map(([name, o]) => [name, o])),
  cutout: { stacking: 'cutout' },
  // The modes whose stages differ from colour's (a grey working image; two fixed colours;
  // photo, pixel-art and centreline parameters and stages), each forced on every input.
  grayscale: { mode: 'grayscale' },
  bw: { mode: 'bw' },
  photo: { mode: 'photo' },
  pixelart: { mode: 'pixelart' },
  centerline: { mode: 'centerline' },
};
const WRITERS = { svg: toSvg, pdf: toPdf, eps: toEps, dxf: toDxf };

const entries = devEntries(dataDir, { filter });
if (save && filter) throw new Error('--save records the whole split: drop --filter');

const hashes = {};
const started = performance.now();
for (const [n, e] of entries.entries()) {
  if (process.stderr.isTTY) process.stderr.write(`\r${n + 1}/${entries.length} ${e.id.padEnd(40)}`);
  const image = await decodeInput(dataDir, e);
  for (const [name, options] of Object.entries(CASES)) {
    const doc = trace(image, options);
    for (const [ext, write] of Object.entries(WRITERS)) {
      const out = write(doc);
      hashes[`${name}/${e.id}.${ext}`] = createHash('sha256').update(out).digest('hex');
      if (outDir) {
        mkdirSync(join(outDir, name), { recursive: true });
        writeFileSync(join(outDir, name, `${e.id}.${ext}`), out);
      }
    }
  }
}
process.stderr.write(`\n${((performance.now() - started) / 1000).toFixed(0)} s\n`);

if (save) {
  writeFileSync(baselinePath, JSON.stringify(hashes, null, 2) + '\n');
  console.log(`baseline saved: ${Object.keys(hashes).length} outputs -> ${baselinePath}`);
} else {
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8'));
  const differ = Object.keys(hashes).filter((k) => baseline[k] !== hashes[k]);
  const byCase = {};
  for (const k of differ) byCase[k.split('/')[0]] = (byCase[k.split('/')[0]] ?? 0) + 1;
  // One line per input: the cases whose outputs differ, each with its formats.
  const byInput = new Map();
  for (const k of differ) {
    const [name, file] = k.split('/');
    const dot = file.lastIndexOf('.');
    const cases = byInput.get(file.slice(0, dot)) ?? new Map();
    byInput.set(
      file.slice(0, dot),
      cases.set(name, [...(cases.get(name) ?? []), file.slice(dot + 1)]),
    );
  }
  for (const [id, cases] of byInput)
    console.log(
      `differs: ${id} (${[...cases].map(([n, exts]) => `${n} ${exts.join(' ')}`).join(', ')})`,
    );
  console.log(
    differ.length === 0
      ? `identical: ${Object.keys(hashes).length} outputs match the baseline`
      : `${differ.length} of ${Object.keys(hashes).length} outputs differ, of ${byInput.size} inputs (${JSON.stringify(byCase)})`,
  );
  process.exitCode = differ.length === 0 ? 0 : 1;
}
