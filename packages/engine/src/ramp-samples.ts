/**
 * Samples for the gradient fits (gradients.ts): pixel centres and colours in typed arrays, read
 * from the working image per fit or once per region for the growth trials, and thinned.
 */
import type { WorkImage } from './image.js';
import type { Segmentation } from './segment.js';
import type { FloatScratch } from './float-scratch.js';

/** Samples as parallel typed arrays (no per-pixel objects): pixel centres and colours. */
export interface Samples {
  n: number;
  x: Float64Array;
  y: Float64Array;
  /** r, g, b per sample. */
  c: Float64Array;
}

/**
 * Samples read for a fit: the samples, each region's count, channel sums and sum of squares (in
 * the order the regions come), and the channel sums of all.
 */
export interface ReadSamples {
  pts: Samples;
  sums: number[][];
  total: [number, number, number];
}

/** One region's growth samples, read once for all the trials it takes part in. */
export interface RegionSamples extends Samples {
  /** Count, channel sums, sum of squares. */
  sums: number[];
}

/**
 * The pixels' centres and colours, per region (as the pixels come) the count, channel sums and
 * sum of squares, and the channel sums of all.
 */
export function readSamples(
  img: WorkImage,
  seg: Segmentation,
  pixels: Int32Array,
  scratch: FloatScratch,
): ReadSamples {
  const n = pixels.length;
  const pts: Samples = { n, x: scratch.take(n), y: scratch.take(n), c: scratch.take(n * 3) };
  const total: [number, number, number] = [0, 0, 0];
  const sums = readPixels(img, seg, pixels, pts, total);
  return { pts, sums: [...sums.values()], total };
}

/**
 * Fills pts with the pixels' centres and colours, adds the colours to `total` and returns each
 * region's count, channel sums and sum of squares. Nothing but the return follows the loop: a
 * long first call compiles it on-stack, and code after it without type feedback would then
 * deoptimise on every later call.
 */
function readPixels(
  img: WorkImage,
  seg: Segmentation,
  pixels: Int32Array,
  pts: Samples,
  total: number[],
): Map<number, number[]> {
  const { width: w, rgb } = img;
  const sums = new Map<number, number[]>();
  // Samples come region by region: the map is asked only when the region changes. Its sums and
  // the totals are added in locals (an array element added to again and again is a chain through
  // memory) and written back each time; all are exact integers, in any order.
  let lastRegion = -1,
    a: number[] = [];
  let count = 0,
    s0 = 0,
    s1 = 0,
    s2 = 0,
    sq = 0,
    t0 = total[0],
    t1 = total[1],
    t2 = total[2];
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i];
    pts.x[i] = (p % w) + 0.5;
    pts.y[i] = Math.floor(p / w) + 0.5;
    const r = seg.regionOf[p];
    if (r !== lastRegion) {
      lastRegion = r;
      const known = sums.get(r);
      if (known) a = known;
      else sums.set(r, (a = [0, 0, 0, 0, 0]));
      count = a[0];
      s0 = a[1];
      s1 = a[2];
      s2 = a[3];
      sq = a[4];
    }
    const v0 = rgb[p * 3],
      v1 = rgb[p * 3 + 1],
      v2 = rgb[p * 3 + 2];
    pts.c[i * 3] = v0;
    pts.c[i * 3 + 1] = v1;
    pts.c[i * 3 + 2] = v2;
    a[0] = ++count;
    a[1] = s0 += v0;
    a[2] = s1 += v1;
    a[3] = s2 += v2;
    a[4] = sq += v0 * v0 + v1 * v1 + v2 * v2;
    total[0] = t0 += v0;
    total[1] = t1 += v1;
    total[2] = t2 += v2;
  }
  return sums;
}

/**
 * One region's pixels read as samples, kept across fits: their arrays come from `kept`, which is
 * not reset while they are in use (one buffer for many regions, not three allocations each).
 */
export function readRegion(
  img: WorkImage,
  seg: Segmentation,
  pixels: Int32Array,
  kept: FloatScratch,
): RegionSamples {
  const n = pixels.length;
  const pts: Samples = { n, x: kept.take(n), y: kept.take(n), c: kept.take(n * 3) };
  const sums = readPixels(img, seg, pixels, pts, [0, 0, 0]);
  // One region: the map holds its sums alone (none when it has no pixels).
  return { ...pts, sums: sums.values().next().value ?? [0, 0, 0, 0, 0] };
}

/**
 * The regions' samples one after another, as readSamples reads their joined pixels: colours
 * are bytes, so every sum is an exact integer whatever the order it is added in.
 */
export function joinSamples(parts: RegionSamples[], n: number, scratch: FloatScratch): ReadSamples {
  const pts: Samples = { n, x: scratch.take(n), y: scratch.take(n), c: scratch.take(n * 3) };
  const sums: number[][] = [];
  const total: [number, number, number] = [0, 0, 0];
  let at = 0;
  for (const part of parts) {
    if (part.n === 0) continue;
    pts.x.set(part.x, at);
    pts.y.set(part.y, at);
    pts.c.set(part.c, at * 3);
    at += part.n;
    sums.push(part.sums);
    for (let k = 0; k < 3; k++) total[k] += part.sums[k + 1];
  }
  return { pts, sums, total };
}

/**
 * Every k-th element of the lists joined (k = floor(total / max), so about `max` remain),
 * without building the joined list (a whole group's interior can hold 10^5 pixels).
 */
export function strided(lists: Int32Array[], total: number, max: number): Int32Array {
  const k = Math.max(1, Math.floor(total / max));
  // The picks are the joined indices 0, k, 2k, ... below total.
  const out = new Int32Array(Math.ceil(total / k));
  let at = 0;
  let skip = 0; // index of the next pick in the current list
  for (const l of lists) {
    for (; skip < l.length; skip += k) out[at++] = l[skip];
    skip -= l.length;
  }
  return out;
}

/** Every k-th element so that at most `max` remain. */
export function thin(px: Int32Array, max: number): Int32Array {
  if (px.length <= max) return px;
  const k = Math.ceil(px.length / max);
  // A loop, not filter: its callback per element is slow on 10^4-long lists.
  const out = new Int32Array(Math.ceil(px.length / k));
  for (let i = 0; i < out.length; i++) out[i] = px[i * k];
  return out;
}

/** Every k-th sample so that at most `max` remain. */
export function thinSamples(pts: Samples, max: number, scratch: FloatScratch): Samples {
  if (pts.n <= max) return pts;
  const k = Math.ceil(pts.n / max);
  const n = Math.ceil(pts.n / k);
  const out: Samples = {
    n,
    x: scratch.take(n),
    y: scratch.take(n),
    c: scratch.take(n * 3),
  };
  // Element by element: a subarray per sample would allocate.
  for (let i = 0; i < n; i++) {
    const j = i * k;
    out.x[i] = pts.x[j];
    out.y[i] = pts.y[j];
    out.c[i * 3] = pts.c[j * 3];
    out.c[i * 3 + 1] = pts.c[j * 3 + 1];
    out.c[i * 3 + 2] = pts.c[j * 3 + 2];
  }
  return out;
}
