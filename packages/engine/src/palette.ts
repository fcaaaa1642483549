/**
 * Stage 3a, palette: finds the flat colours of the drawing. Idea: only "stable" pixels (those
 * equal, within noise, to their 4 neighbours) vote, so anti-aliased edge blends never become
 * palette entries; peaks of the voted histogram are taken greedily while they stay a minimum
 * distance apart, then refined by weighted k-means (Lloyd); two that it pulls together merge.
 * An exact count, when requested, is reached by relaxing the distance and k-means to that count.
 * Near-black and near-white snap to exact #000000 / #ffffff (SSIM and the eye are unforgiving
 * near black).
 */
import type { WorkImage } from './image.js';
import { binKey, farFromAll, flatColours, luma, snap, type ColourBin } from './colour.js';
import { addSpreadPeaks } from './spread-peaks.js';
import { addThinColours } from './thin-colours.js';
import { softColours, type SoftColour } from './soft-alpha.js';
import { colourPlane, PARTLY_OPAQUE } from './colour-plane.js';

export interface PaletteOptions {
  /** Exact number of colours wanted (auto when undefined). */
  count?: number;
  /** Minimum distance between automatically found colours (RGB euclidean). */
  minDistanceRgb: number;
  /** Upper bound on the automatic count. */
  maxColours: number;
  /** Neighbour difference (per channel) below which a pixel counts as stable. */
  stableThresholdRgb: number;
  grayscale?: boolean;
  /** Sample every n-th pixel in x and y for the histogram (default 1; 2 above 2 MP). */
  sampleStepPx?: number;
  /** The stable pixels carry compression noise: a flat colour's votes spread over many bins. */
  noisyVotes?: boolean;
}

export type PaletteParams =
  /** The user's colours; `names` are the fills written out (verbatim when '#rrggbb'). */
  | { kind: 'given'; colours: number[]; names: string[] }
  | { kind: 'fixed'; colours: number[] }
  /** The image's exact colours when there are at most `exactColoursMax` (0: never), else quantised. */
  | { kind: 'quantise'; exactColoursMax: number; quantise: PaletteOptions };

/** The palette: packed 0xrrggbb colours and the fill written for each. */
export interface Palette {
  colours: number[];
  names: string[];
  /** Alpha per colour (0..255) when some are partly transparent (soft-alpha.ts). */
  alpha?: number[];
}

/** The palette stage: the user's colours, fixed ones, the exact ones of pixel art, or quantised. */
export function choosePalette(img: WorkImage, params: PaletteParams): Palette {
  if (params.kind === 'given') return { colours: params.colours, names: params.names };
  const soft = params.kind === 'quantise' ? softColours(img, !!params.quantise.grayscale) : [];
  const colours =
    params.kind === 'fixed'
      ? params.colours
      : (params.exactColoursMax > 0 && exactColours(img, params.exactColoursMax)) ||
        buildPalette(img, params.quantise, soft);
  if (soft.length === 0) return { colours, names: colours.map(toHex) };
  const all = [...colours, ...soft.map((s) => s.colour)];
  const alpha = [...colours.map(() => 255), ...soft.map((s) => s.alpha)];
  return { colours: all, names: all.map(toHex), alpha };
}

export function buildPalette(
  img: WorkImage,
  opts: PaletteOptions,
  soft: SoftColour[] = [],
): number[] {
  const bins = histogram(
    img,
    opts.stableThresholdRgb,
    opts.grayscale === true,
    opts.sampleStepPx ?? 1,
  );
  if (bins.length === 0) return [0xffffff];
  bins.sort((a, b) => b.count - a.count);
  const total = bins.reduce((s, b) => s + b.count, 0);
  let centres: number[][];
  if (opts.count !== undefined) {
    const k = Math.max(1, Math.min(opts.count, bins.length));
    let dist = opts.minDistanceRgb;
    centres = greedy(bins, dist, k, 1);
    while (centres.length < k && dist > 1) {
      dist *= 0.7;
      centres = greedy(bins, dist, k, 1);
    }
    centres = kmeans(bins, centres, 6);
  } else {
    const minCount = Math.max(3, total * 0.00025);
    centres = greedy(bins, opts.minDistanceRgb, opts.maxColours, minCount);
    if (opts.noisyVotes)
      centres = addSpreadPeaks(bins, centres, { ...opts, minCount, votes: total });
    if (centres.length === 0)
      centres = [[bins[0].r / bins[0].count, bins[0].g / bins[0].count, bins[0].b / bins[0].count]];
    const near = opts.minDistanceRgb * 0.75;
    centres = kmeans(bins, centres, 3, near);
    // The peaks were taken minDistanceRgb apart, but k-means can pull two of them together: on
    // JPEGs a flat colour and its shifted shades (block offsets, ringing) end up as two colours
    // a few levels apart, whose patchwork then costs every later stage. Such a pair is one.
    const apart = keepApart(centres, near);
    if (apart.length < centres.length) centres = kmeans(bins, apart, 3, near);
    centres = addThinColours(img, centres, opts, soft);
  }
  const out: number[] = [];
  for (const c of centres) {
    const packed = snap(c[0], c[1], c[2]);
    if (!out.includes(packed)) out.push(packed);
  }
  return out;
}

function histogram(img: WorkImage, stableThr: number, gray: boolean, minStep: number): ColourBin[] {
  const { width: w, height: h } = img;
  const bins = new ColourBins(gray);
  const step = Math.max(minStep, w * h > 2_000_000 ? 2 : 1);
  const plane = colourPlane(img);
  const { stable, opaque } =
    step === 1
      ? addStablePixels(img, plane, stableThr, bins)
      : addStableSamples(img, plane, stableThr, step, bins);
  if (stable < opaque * 0.15) {
    bins.clear();
    for (let y = 0; y < h; y += step)
      for (let x = 0; x < w; x += step) {
        const v = plane[y * w + x];
        if (v >= 0) bins.add(v & 0xffffff);
      }
  }
  return bins.take();
}

/** Bin index + 1 per 6-bit-per-channel key, all 0 between calls (ColourBins clears what it set). */
const binOfKey = new Int32Array(1 << 18);

/**
 * Pixels' colours counted in bins of 6 bits per channel, in the order first seen. A class, not
 * closures made per call, so optimised callers stay valid from one trace to the next.
 */
class ColourBins {
  private bins: ColourBin[] = [];
  private readonly keys: number[] = [];
  // Runs of one colour are common: the bin and (grey) channels of the last colour are kept.
  private lastColour = -1;
  private bin: ColourBin = { count: 0, r: 0, g: 0, b: 0 };
  private r = 0;
  private g = 0;
  private b = 0;

  constructor(private readonly gray: boolean) {}

  /** Counts one pixel of packed colour 0xrrggbb. */
  add(colour: number): void {
    if (colour !== this.lastColour) this.select(colour);
    const bin = this.bin;
    bin.count++;
    bin.r += this.r;
    bin.g += this.g;
    bin.b += this.b;
  }

  /** Counts n pixels of packed colour 0xrrggbb. */
  addRun(colour: number, n: number): void {
    if (colour !== this.lastColour) this.select(colour);
    const bin = this.bin;
    bin.count += n;
    bin.r += this.r * n;
    bin.g += this.g * n;
    bin.b += this.b * n;
  }

  private select(colour: number): void {
    this.lastColour = colour;
    let r = colour >> 16,
      g = (colour >> 8) & 255,
      b = colour & 255;
    if (this.gray) r = g = b = luma(r, g, b);
    this.r = r;
    this.g = g;
    this.b = b;
    const key = binKey(r, g, b);
    let at = binOfKey[key];
    if (at === 0) {
      this.bins.push({ count: 0, r: 0, g: 0, b: 0 });
      this.keys.push(key);
      at = binOfKey[key] = this.bins.length;
    }
    this.bin = this.bins[at - 1];
  }

  clear(): void {
    this.lastColour = -1;
    for (const key of this.keys) binOfKey[key] = 0;
    this.keys.length = 0;
    this.bins = [];
  }

  /** The bins, leaving the shared key table clear for the next call. */
  take(): ColourBin[] {
    const out = this.bins;
    this.clear();
    return out;
  }
}

/** Per column of the row under way: its pixel is stable against the one below (1 at the top row). */
let upOkRow = new Uint8Array(0);

/**
 * Counts the stable opaque pixels (every 4-neighbour within thr per channel) into `bins`; each
 * neighbour pair is compared once: the pair to the right is carried to the next pixel, the pair
 * below to the next row (upOk).
 */
function addStablePixels(img: WorkImage, plane: Int32Array, thr: number, bins: ColourBins) {
  const { width: w, height: h } = img;
  if (upOkRow.length < w) upOkRow = new Uint8Array(w);
  const upOk = upOkRow.fill(1, 0, w);
  // Channel differences are whole numbers: within thr is within its floor (an int for pairOk).
  const limit = Math.floor(thr);
  let stable = 0,
    opaque = 0;
  // Stable pixels of one colour in a row (most of flat art) are counted at once.
  let runColour = -1,
    runLength = 0;
  for (let y = 0, p = 0; y < h; y++) {
    let leftOk = 1;
    const lastRow = y === h - 1;
    for (let x = 0; x < w; x++, p++) {
      const c = plane[p];
      // Partly transparent or less: stable against nothing (and never stable itself).
      if (c >= PARTLY_OPAQUE || c < 0) {
        leftOk = 0;
        upOk[x] = 0;
        if (c >= 0) opaque++;
        continue;
      }
      opaque++;
      const rightOk = x === w - 1 ? 1 : pairOk(c, plane[p + 1], limit);
      const downOk = lastRow ? 1 : pairOk(c, plane[p + w], limit);
      // Flags as ints and one branch: noisy edges make each comparison a coin toss.
      const ok = leftOk & rightOk & downOk & upOk[x];
      leftOk = rightOk;
      upOk[x] = downOk;
      if (ok === 0) continue;
      stable++;
      if (c === runColour) runLength++;
      else {
        if (runLength > 0) bins.addRun(runColour, runLength);
        runColour = c;
        runLength = 1;
      }
    }
  }
  if (runLength > 0) bins.addRun(runColour, runLength);
  return { stable, opaque };
}

/**
 * 1 when fully opaque colour c (plane value) and plane value q are both opaque (alpha >= 250)
 * and every channel is within `limit` (an int) of each other, else 0.
 */
function pairOk(c: number, q: number, limit: number): number {
  if (q === c) return 1;
  if (q < 0 || q >= PARTLY_OPAQUE) return 0;
  const dr = (q >> 16) - (c >> 16),
    dg = ((q >> 8) & 255) - ((c >> 8) & 255),
    db = (q & 255) - (c & 255);
  // Negative (sign bit set) when some |d| exceeds the limit.
  const over =
    (limit - ((dr ^ (dr >> 31)) - (dr >> 31))) |
    (limit - ((dg ^ (dg >> 31)) - (dg >> 31))) |
    (limit - ((db ^ (db >> 31)) - (db >> 31)));
  return (over >>> 31) ^ 1;
}

/** As addStablePixels, on every step-th pixel of every step-th row (large images). */
function addStableSamples(
  img: WorkImage,
  plane: Int32Array,
  thr: number,
  step: number,
  bins: ColourBins,
) {
  const { width: w, height: h } = img;
  let stable = 0,
    opaque = 0;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      const c = plane[p];
      if (c < 0) continue;
      opaque++;
      if (isStable(plane, w, h, x, y, thr)) {
        bins.add(c);
        stable++;
      }
    }
  }
  return { stable, opaque };
}

/**
 * Fully opaque colour c (plane value) and plane value q are both opaque (alpha >= 250) and
 * every channel is within thr of each other.
 */
function stablePair(c: number, q: number, thr: number): boolean {
  if (q === c) return true;
  if (q < 0 || q >= PARTLY_OPAQUE) return false;
  const dr = (q >> 16) - (c >> 16),
    dg = ((q >> 8) & 255) - ((c >> 8) & 255),
    db = (q & 255) - (c & 255);
  return !(dr > thr || dr < -thr || dg > thr || dg < -thr || db > thr || db < -thr);
}

/** Pixel (x, y) is opaque and stable against each of its 4 neighbours (stablePair). */
function isStable(plane: Int32Array, w: number, h: number, x: number, y: number, thr: number) {
  const p = y * w + x,
    c = plane[p];
  if (c < 0 || c >= PARTLY_OPAQUE) return false;
  return (
    (x === 0 || stablePair(c, plane[p - 1], thr)) &&
    (x === w - 1 || stablePair(c, plane[p + 1], thr)) &&
    (y === 0 || stablePair(c, plane[p - w], thr)) &&
    (y === h - 1 || stablePair(c, plane[p + w], thr))
  );
}

function greedy(bins: ColourBin[], minDist: number, max: number, minCount: number): number[][] {
  const out: number[][] = [];
  const d2 = minDist * minDist;
  for (const bin of bins) {
    if (bin.count < minCount || out.length >= max) break;
    const c = [bin.r / bin.count, bin.g / bin.count, bin.b / bin.count];
    if (farFromAll(out, c, d2)) out.push(c);
  }
  return out;
}

/** The centres in order, without those nearer than `minDist` to an earlier (more voted) one. */
function keepApart(centres: number[][], minDist: number): number[][] {
  const out: number[][] = [];
  const d2 = minDist * minDist;
  for (const c of centres) if (farFromAll(out, c, d2)) out.push(c);
  return out;
}

/** Weighted Lloyd iterations over histogram bins; optionally only bins within `radius` vote. */
function kmeans(
  bins: ColourBin[],
  centres: number[][],
  iters: number,
  radius = Infinity,
): number[][] {
  const k = centres.length,
    nb = bins.length;
  const r2 = radius * radius;
  // Flat typed arrays: each bin's mean once (not per iteration), the centres' channels.
  const mean = new Float64Array(3 * nb);
  for (let j = 0; j < nb; j++) {
    const bin = bins[j];
    mean[3 * j] = bin.r / bin.count;
    mean[3 * j + 1] = bin.g / bin.count;
    mean[3 * j + 2] = bin.b / bin.count;
  }
  const cen = flatColours(centres);
  const acc = new Float64Array(4 * k);
  for (let it = 0; it < iters; it++) {
    acc.fill(0);
    for (let j = 0; j < nb; j++) {
      const best = nearestCentre(cen, k, mean[3 * j], mean[3 * j + 1], mean[3 * j + 2], r2);
      if (best < 0) continue;
      const bin = bins[j];
      acc[4 * best] += bin.r;
      acc[4 * best + 1] += bin.g;
      acc[4 * best + 2] += bin.b;
      acc[4 * best + 3] += bin.count;
    }
    for (let i = 0; i < k; i++) {
      const n = acc[4 * i + 3];
      if (n === 0) continue;
      cen[3 * i] = acc[4 * i] / n;
      cen[3 * i + 1] = acc[4 * i + 1] / n;
      cen[3 * i + 2] = acc[4 * i + 2] / n;
    }
  }
  const out: number[][] = [];
  for (let i = 0; i < k; i++) out.push([cen[3 * i], cen[3 * i + 1], cen[3 * i + 2]]);
  return out;
}

/** Index of the first of the k centres (flat channels) nearest to (r, g, b); -1 beyond r2. */
function nearestCentre(
  cen: Float64Array,
  k: number,
  r: number,
  g: number,
  b: number,
  r2: number,
): number {
  let best = 0,
    bd = Infinity;
  for (let i = 0; i < k; i++) {
    const d = (cen[3 * i] - r) ** 2 + (cen[3 * i + 1] - g) ** 2 + (cen[3 * i + 2] - b) ** 2;
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return bd > r2 ? -1 : best;
}

export function parseHex(s: string): number {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(s.trim());
  if (!m) throw new RangeError(`Invalid palette colour ${JSON.stringify(s)} (expected #rrggbb)`);
  let hex = m[1];
  if (hex.length === 3) hex = hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  return parseInt(hex, 16);
}

export function toHex(c: number): string {
  return '#' + c.toString(16).padStart(6, '0');
}

/** The exact opaque colours of the image when there are at most `max` (pixel art), else null. */
export function exactColours(img: WorkImage, max: number): number[] | null {
  const seen = new Set<number>();
  const { rgb, alpha } = img;
  for (let p = 0; p < alpha.length; p++) {
    if (alpha[p] < 128) continue;
    seen.add((rgb[p * 3] << 16) | (rgb[p * 3 + 1] << 8) | rgb[p * 3 + 2]);
    if (seen.size > max) return null;
  }
  return seen.size ? [...seen] : null;
}
