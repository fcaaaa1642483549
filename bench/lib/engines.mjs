// The engines `npm run bench` compares, each as (item) => { svg } or { raster } (a 4x raster, for
// the upscaling reference). Peers run through their npm packages with their default settings.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { toSvg, trace, warmUp } from '../../packages/engine/dist/index.js';

const require = createRequire(import.meta.url);

// Loading this module warms the engine up, as the service's trace workers do before they take
// jobs (and bench/adapter.mjs for the shared scorer): Tracery's times are those of a running
// service, not of V8's first compiles.
warmUp();
const ONE_COLOUR = ['lineart', 'silhouette'];

const hasPotrace = (() => {
  try {
    execFileSync('potrace', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A P4 bitmap of the image thresholded at Rec. 601 luma < 128, for the potrace CLI. */
export function toPbm({ width, height, rgba }) {
  const rowBytes = Math.ceil(width / 8);
  const bits = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const luma = 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
      if (luma < 128) bits[y * rowBytes + (x >> 3)] |= 0x80 >> (x & 7);
    }
  return Buffer.concat([Buffer.from(`P4\n${width} ${height}\n`), bits]);
}

export function loadEngines() {
  const engines = [
    {
      name: 'tracery',
      run: (it) => ({ svg: toSvg(trace({ width: it.width, height: it.height, data: it.rgba })) }),
    },
    {
      name: 'vtracer',
      run: (it) => {
        const V = require('@neplex/vectorizer');
        return {
          svg: V.vectorizeRawSync(Buffer.from(it.rgba), { width: it.width, height: it.height }),
        };
      },
    },
    {
      name: 'imagetracerjs',
      run: (it) => {
        const IT = require('imagetracerjs');
        return { svg: IT.imagedataToSVG({ width: it.width, height: it.height, data: it.rgba }) };
      },
    },
    {
      name: 'raster-upscale',
      run: async (it) => {
        const width = it.width * 4,
          height = it.height * 4;
        const rgba = await sharp(Buffer.from(it.rgba), {
          raw: { width: it.width, height: it.height, channels: 4 },
        })
          .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
          .flatten({ background: '#ffffff' })
          .ensureAlpha()
          .raw()
          .toBuffer();
        return { raster: new Uint8Array(rgba) };
      },
    },
  ];
  if (hasPotrace) {
    const dir = mkdtempSync(join(tmpdir(), 'tracery-bench-potrace-'));
    engines.push({
      name: 'potrace-c',
      applies: (it) => ONE_COLOUR.includes(it.category),
      run: (it) => {
        writeFileSync(join(dir, 'in.pbm'), toPbm(it));
        execFileSync('potrace', ['-s', '-o', join(dir, 'out.svg'), join(dir, 'in.pbm')]);
        return { svg: readFileSync(join(dir, 'out.svg'), 'utf8') };
      },
    });
  }
  return engines;
}

/** Drawing segments in SVG path data: each L/H/V/C/S/Q/T/A segment (implicit repeats too) and each Z. */
export function countSvgSegments(svg) {
  const params = { l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, m: 2 };
  let total = 0;
  for (const [, d] of svg.matchAll(/\sd="([^"]*)"/g)) {
    for (const [, cmd, args] of d.matchAll(/([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g)) {
      const c = cmd.toLowerCase();
      if (c === 'z') {
        total++;
        continue;
      }
      const n = (args.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).length;
      const count = Math.floor(n / params[c]);
      total += c === 'm' ? Math.max(0, count - 1) : count;
    }
  }
  return total;
}
