// Test helpers: synthetic anti-aliased rasters and a tiny nonzero scanline rasteriser
// for VectorDoc (supersampled), so golden tests compare pixels, never bytes.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RasterImage, VectorDoc } from '../src/index.js';
import type { Segmentation } from '../src/segment.js';
import { flatten } from '../src/writers/geometry.js';
import { rampColour } from '../src/ramp.js';

export type Rgba = [number, number, number, number];

/** Renders shader(x, y) (continuous coordinates) with s x s supersampling per pixel. */
export function makeImage(
  w: number,
  h: number,
  shader: (x: number, y: number) => Rgba,
  s = 4,
): RasterImage {
  return averageSamples(w, h, s, Math.round, (x, y, i, j) => {
    const c = shader(x + (i + 0.5) / s, y + (j + 0.5) / s);
    return [c[0], c[1], c[2], c[3] / 255];
  });
}

/**
 * Each pixel from its s x s samples ([r, g, b] straight, alpha 0..1): the colour averaged by
 * alpha and the mean alpha, through `round` (or as the clamped array rounds them).
 */
function averageSamples(
  w: number,
  h: number,
  s: number,
  round: (v: number) => number,
  sample: (x: number, y: number, i: number, j: number) => ArrayLike<number>,
): RasterImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const acc = [0, 0, 0, 0];
      for (let j = 0; j < s; j++) {
        for (let i = 0; i < s; i++) {
          const c = sample(x, y, i, j);
          acc[0] += c[0] * c[3];
          acc[1] += c[1] * c[3];
          acc[2] += c[2] * c[3];
          acc[3] += c[3];
        }
      }
      const p = (y * w + x) * 4;
      const a = acc[3];
      data[p] = a > 0 ? round(acc[0] / a) : 0;
      data[p + 1] = a > 0 ? round(acc[1] / a) : 0;
      data[p + 2] = a > 0 ? round(acc[2] / a) : 0;
      data[p + 3] = round((a / (s * s)) * 255);
    }
  }
  return { width: w, height: h, data };
}

export const hex = (c: string): Rgba => [
  parseInt(c.slice(1, 3), 16),
  parseInt(c.slice(3, 5), 16),
  parseInt(c.slice(5, 7), 16),
  255,
];

/**
 * Nonzero-winding rasterisation of the document (s x s samples per pixel), over transparent;
 * each layer is one path (as in SVG), blended with its opacity and filled by its gradient.
 */
export function rasterise(doc: VectorDoc, s = 3): RasterImage {
  const { width: w, height: h } = doc;
  const W = w * s,
    H = h * s;
  const sub = new Float32Array(W * H * 4); // straight colour, alpha 0..1
  const mask = new Uint8Array(W * H);
  for (const layer of doc.layers) {
    mask.fill(0);
    const col = hex(layer.fill);
    const op = layer.opacity ?? 1;
    for (const shape of layer.shapes) {
      const polys = shape.subpaths.map((sp) => flatten(sp, 0.05));
      for (let y = 0; y < H; y++) {
        const sy = (y + 0.5) / s;
        // Crossings with their winding direction; fill where the winding number is non-zero.
        const xs: [number, number][] = [];
        for (const poly of polys) {
          for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
            const a = poly[j],
              b = poly[i];
            if ((a.y <= sy && b.y > sy) || (b.y <= sy && a.y > sy))
              xs.push([a.x + ((sy - a.y) * (b.x - a.x)) / (b.y - a.y), b.y > a.y ? 1 : -1]);
          }
        }
        xs.sort((a, b) => a[0] - b[0]);
        let wind = 0;
        for (let k = 0; k + 1 < xs.length; k++) {
          wind += xs[k][1];
          if (wind === 0) continue;
          const x0 = Math.max(0, Math.ceil(xs[k][0] * s - 0.5)),
            x1 = Math.min(W - 1, Math.floor(xs[k + 1][0] * s - 0.5));
          for (let x = x0; x <= x1; x++) mask[y * W + x] = 1;
        }
      }
    }
    for (let q = 0; q < W * H; q++) {
      if (!mask[q]) continue;
      const c = layer.gradient
        ? rampColour(layer.gradient, ((q % W) + 0.5) / s, (Math.floor(q / W) + 0.5) / s)
        : col;
      const da = sub[q * 4 + 3];
      const oa = op + da * (1 - op);
      for (let k = 0; k < 3; k++)
        sub[q * 4 + k] = (c[k] * op + sub[q * 4 + k] * da * (1 - op)) / oa;
      sub[q * 4 + 3] = oa;
    }
  }
  return averageSamples(
    w,
    h,
    s,
    (v) => v,
    (x, y, i, j) => {
      const q = ((y * s + j) * W + x * s + i) * 4;
      return sub.subarray(q, q + 4);
    },
  );
}

/** Reads a binary PPM (P6), as pdftoppm and Ghostscript write it, into an opaque image. */
export function readPpm(buf: Buffer): RasterImage {
  const header = buf
    .toString('latin1', 0, 200)
    .replace(/#[^\n]*\n/g, ' ')
    .trim()
    .split(/\s+/);
  const w = Number(header[1]),
    h = Number(header[2]);
  const data = new Uint8ClampedArray(w * h * 4);
  const px = buf.subarray(buf.length - w * h * 3);
  for (let i = 0; i < w * h; i++) data.set([px[i * 3], px[i * 3 + 1], px[i * 3 + 2], 255], i * 4);
  return { width: w, height: h, data };
}

/** Whether a command is on the PATH (the renderers the writer tests use are optional). */
export const has = (bin: string) => spawnSync('sh', ['-c', `command -v ${bin}`]).status === 0;

/** A PDF rendered by pdftoppm at `dpi` (files in `dir`). */
export function renderPdf(pdf: Uint8Array, dir: string, dpi: number): RasterImage {
  writeFileSync(join(dir, 'r.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-singlefile', join(dir, 'r.pdf'), join(dir, 'r')]);
  return readPpm(readFileSync(join(dir, 'r.ppm')));
}

/** An EPS rendered by Ghostscript at `dpi`, cropped to its bounding box (files in `dir`). */
export function renderEps(eps: string, dir: string, dpi: number): RasterImage {
  writeFileSync(join(dir, 'r.eps'), eps);
  const out = join(dir, 'r-eps.ppm');
  execFileSync('gs', [
    '-q',
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dEPSCrop',
    '-sDEVICE=ppmraw',
    `-r${dpi}`,
    `-sOutputFile=${out}`,
    join(dir, 'r.eps'),
  ]);
  return readPpm(readFileSync(out));
}

/** The red, green and blue of one pixel. */
export const rgbAt = (img: RasterImage, x: number, y: number) => {
  const p = (y * img.width + x) * 4;
  return [...img.data.subarray(p, p + 3)];
};

/**
 * Mean absolute difference per channel (0..255) of two same-sized images, composited on a
 * background colour (white unless given).
 */
export function meanAbsDiff(
  a: RasterImage,
  b: RasterImage,
  bg: Rgba = [255, 255, 255, 255],
): number {
  let t = 0;
  const n = a.width * a.height;
  for (let p = 0; p < n; p++) {
    const aa = a.data[p * 4 + 3] / 255,
      ba = b.data[p * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) {
      const va = a.data[p * 4 + c] * aa + bg[c] * (1 - aa);
      const vb = b.data[p * 4 + c] * ba + bg[c] * (1 - ba);
      t += Math.abs(va - vb);
    }
  }
  return t / (n * 3);
}

export function pixel(img: RasterImage, x: number, y: number): Rgba {
  const p = (y * img.width + x) * 4;
  return [img.data[p], img.data[p + 1], img.data[p + 2], img.data[p + 3]];
}

export function allFills(doc: VectorDoc): string[] {
  return [...new Set(doc.layers.map((l) => l.fill))].sort();
}

/** A segmentation of pure pixels from rows of region digits (region k has colour k). */
export function literalSegmentation(rows: string[]): Segmentation {
  const h = rows.length,
    w = rows[0].length;
  const regionOf = Int32Array.from(rows.join(''), Number);
  const regions = Array.from({ length: Math.max(...regionOf) + 1 }, (_, k) => {
    const at = [...regionOf.keys()].filter((p) => regionOf[p] === k);
    const xs = at.map((p) => p % w),
      ys = at.map((p) => Math.floor(p / w));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    return { color: k, area: at.length, x0, y0, x1, y1 };
  });
  const labels = {
    lab: Int16Array.from(regionOf),
    cover: new Uint8Array(w * h).fill(255),
    other: new Int32Array(w * h).fill(-1),
  };
  return { width: w, height: h, regionOf, regions, labels };
}
