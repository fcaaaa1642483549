/**
 * How far a render's boundaries lie from the input's, in input pixels: the area between the two
 * sets of boundaries divided by the input's boundary length.
 *
 * Anti-aliasing makes this cheap without extracting edges: across a step between tones A and B
 * a pixel holds A + f·(B − A) with f the covered fraction, so |input − render| / |B − A| at a
 * pixel is the area by which the boundary moved inside it, and summed over the pixels near
 * boundaries it is the area between the two boundaries. The input's boundary length is the sum
 * of |gradient| / |B − A| (the gradient integrates to |B − A| across a step). A melted or
 * wobbling edge moves a fraction of a pixel here and there: SSIM on a downsampled image hardly
 * sees it, this sees it in full. On luma, as SSIM: JPEG's halved chroma resolution blurs colour
 * edges the trace rightly draws sharp.
 */
import type { RasterImage } from './types.js';

/** Pixels whose 5x5 neighbourhood spans fewer luma levels than this are flat. */
const EDGE_CONTRAST = 24;
/**
 * Differences up to this plus a share of the local contrast are noise (JPEG or resampling
 * ringing, palette rounding), not a moved boundary: on black and white a boundary off by less
 * than 0.08 px counts as exact, one off by 0.17 px or more in full.
 */
const NOISE = 6;
const NOISE_SHARE = 0.06;

export function edgeOffset(input: RasterImage, render: RasterImage): number {
  if (input.width !== render.width || input.height !== render.height) {
    throw new RangeError('edgeOffset compares images of the same size');
  }
  const { width: w, height: h } = input;
  const a = lumaOnWhite(input),
    b = lumaOnWhite(render);
  const ca = localRange(a, w, h),
    cb = localRange(b, w, h);
  let area = 0,
    length = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const c = Math.max(ca[i], cb[i]);
      if (c < EDGE_CONTRAST) continue;
      const noise = NOISE + NOISE_SHARE * c;
      const diff = Math.abs(a[i] - b[i]);
      // Noise counts for nothing, twice the noise and more in full, with a ramp between.
      area += Math.min(1, Math.max(0, diff / noise - 1)) * Math.min(1, diff / c);
      if (ca[i] >= EDGE_CONTRAST) length += gradient(a, w, h, x, y) / ca[i];
    }
  }
  return area / Math.max(1, length);
}

function lumaOnWhite(img: RasterImage): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(n);
  const d = img.data;
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const al = d[p + 3] / 255;
    out[i] = (0.299 * d[p] + 0.587 * d[p + 1] + 0.114 * d[p + 2]) * al + 255 * (1 - al);
  }
  return out;
}

/** Per pixel: max − min over its 5x5 neighbourhood (separable: rows, then columns). */
function localRange(v: Float32Array, w: number, h: number): Float32Array {
  const lo = new Float32Array(w * h),
    hi = new Float32Array(w * h),
    span = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let mn = 255,
        mx = 0;
      for (let xx = Math.max(0, x - 2), end = Math.min(w - 1, x + 2); xx <= end; xx++) {
        const t = v[y * w + xx];
        if (t < mn) mn = t;
        if (t > mx) mx = t;
      }
      lo[y * w + x] = mn;
      hi[y * w + x] = mx;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let mn = 255,
        mx = 0;
      for (let yy = Math.max(0, y - 2), end = Math.min(h - 1, y + 2); yy <= end; yy++) {
        if (lo[yy * w + x] < mn) mn = lo[yy * w + x];
        if (hi[yy * w + x] > mx) mx = hi[yy * w + x];
      }
      span[y * w + x] = mx - mn;
    }
  }
  return span;
}

/** Gradient magnitude by central differences (one-sided at the border). */
function gradient(v: Float32Array, w: number, h: number, x: number, y: number): number {
  const x0 = Math.max(0, x - 1),
    x1 = Math.min(w - 1, x + 1),
    y0 = Math.max(0, y - 1),
    y1 = Math.min(h - 1, y + 1);
  const gx = (v[y * w + x1] - v[y * w + x0]) / Math.max(1, x1 - x0);
  const gy = (v[y1 * w + x] - v[y0 * w + x]) / Math.max(1, y1 - y0);
  return Math.sqrt(gx * gx + gy * gy);
}
