/**
 * Stage 3a, palette: finds the flat colours of the drawing. Idea: only "stable" pixels (those
 * equal, within noise, to their 4 neighbours) vote, so anti-aliased edge blends never become
 * palette entries; peaks of the voted histogram are taken greedily while they stay a minimum
 * distance apart, then refined by weighted k-means (Lloyd). An exact count, when requested,
 * is reached by relaxing the distance and k-means to that count. Near-black and near-white
 * snap to exact #000000 / #ffffff (SSIM and the eye are unforgiving near black).
 */
import type { WorkImage } from './image.js';
import { snap } from './colour.js';
import { nearSoft, softColours, type SoftColour } from './soft-alpha.js';
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

interface Bin {
  count: number;
  r: number;
  g: number;
  b: number;
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
    if (centres.length === 0)
      centres = [[bins[0].r / bins[0].count, bins[0].g / bins[0].count, bins[0].b / bins[0].count]];
    centres = kmeans(bins, centres, 3, opts.minDistanceRgb * 0.75);
    const scan = new ThinScan();
    for (let i = 0; i < THIN_MAX_ADDED; i++) {
      const added = addThinColour(img, centres, opts, soft, scan);
      if (added === centres) break;
      centres = added;
    }
  }
  const out: number[] = [];
  for (const c of centres) {
    const packed = snap(c[0], c[1], c[2]);
    if (!out.includes(packed)) out.push(packed);
  }
  return out;
}

/** Pixels unexplained by the palette needed before black is considered: this share, at least 6. */
const THIN_MIN_SHARE = 0.001;
/** The most covered pixel of a thin stroke is taken to be at least this much covered. */
const THIN_MIN_COVERAGE = 0.75;
/** Icons up to this size (px) also keep a small feature of another hue (its own colour). */
const ICON_MAX_PX = 64;
/**
 * On larger images a hue is added only when this share of the opaque pixels is unexplained:
 * a drawing of thin coloured lines (no line has a flat pixel) would otherwise trace as a blank
 * background, while ringing and junction pixels are a small share.
 */
const THIN_HUE_MIN_SHARE = 0.02;
/** At most this many thin colours are added, one at a time (thin lines of several colours). */
const THIN_MAX_ADDED = 4;
/** Share of the unexplained pixels that the new colour must explain (blends with the palette). */
const THIN_EXPLAINED_SHARE = 0.6;

/**
 * Thin dark strokes and small text have no stable (flat) pixels, so they never vote: a 1-px
 * black line on white is all grey blends, and the palette keeps only white. A pixel that is
 * neither near a palette colour nor near a blend of two of them is unexplained; when the most
 * extreme one, pushed from its nearest palette colour as far as a coverage of
 * THIN_MIN_COVERAGE implies, reaches black, and black (as blends with the palette) explains
 * most unexplained pixels, black joins the palette. Another hue is added as the extreme pixel's
 * own colour on icons (a small dot of 16-64 px art has no flat pixel either), and on larger
 * images only when many pixels are unexplained (THIN_HUE_MIN_SHARE): there JPEG ringing and
 * three-colour junctions also leave unexplained pixels, and they must not become colours.
 * Called again for each colour added, so thin lines of several colours all keep theirs.
 */
function addThinColour(
  img: WorkImage,
  centres: number[][],
  opts: PaletteOptions,
  soft: SoftColour[],
  scan: ThinScan,
): number[][] {
  const { width: w, height: h, rgb } = img;
  if (centres.length >= opts.maxColours) return centres;
  const plane = colourPlane(img);
  const thr2 = opts.minDistanceRgb * opts.minDistanceRgb;
  // Flat channels: the centres mix integer and fractional arrays, whose element kinds differ.
  const pal = flatColours(centres);
  // Each pass is its own small function: this one mostly returns after the first, and code
  // reached for the first time in an optimised function deoptimises it.
  if (scan.opaque < 0) {
    const step = Math.max(1, opts.sampleStepPx ?? 1);
    scan.opaque = findUnexplained(img, plane, pal, thr2, step, soft, scan.unexplained);
  } else keepUnexplained(plane, pal, thr2, scan.unexplained);
  const { unexplained, opaque } = scan;
  if (unexplained.length < Math.max(6, opaque * THIN_MIN_SHARE)) return centres;
  const worst = mostExtreme(plane, pal, unexplained);
  const base = centres[nearestFlat(pal, plane[worst] & 0xffffff) / 3];
  const e = [rgb[worst * 3], rgb[worst * 3 + 1], rgb[worst * 3 + 2]];
  let k = 1 / THIN_MIN_COVERAGE;
  for (let c = 0; c < 3; c++) {
    const d = e[c] - base[c];
    if (d > 0) k = Math.min(k, (255 - base[c]) / d);
    else if (d < 0) k = Math.min(k, -base[c] / d);
  }
  const pushed = e.map((v, c) => base[c] + (v - base[c]) * Math.max(1, k));
  const dark = snap(pushed[0], pushed[1], pushed[2]) === 0;
  if (!dark && Math.max(w, h) > ICON_MAX_PX && unexplained.length < THIN_HUE_MIN_SHARE * opaque)
    return centres;
  const added = [...centres, dark ? [0, 0, 0] : e];
  const now = countExplained(plane, flatColours(added), thr2, unexplained);
  // Most of what was unexplained, or (one of several thin colours) a share of the whole image.
  const enough =
    now >= THIN_EXPLAINED_SHARE * unexplained.length || now >= THIN_HUE_MIN_SHARE * opaque;
  return enough ? added : centres;
}

/**
 * What addThinColour found unexplained by the palette so far. A palette with a colour added
 * explains all the previous one did (and blends with the new colour), so each later call
 * looks only at the pixels still unexplained, not at the whole image again.
 */
class ThinScan {
  /** Opaque pixels looked at (-1: not yet scanned). */
  opaque = -1;
  /** The unexplained ones, in raster order. */
  readonly unexplained: number[] = [];
}

/** Drops from `pixels` those that pal (flat channels) explains, keeping their order. */
function keepUnexplained(plane: Int32Array, pal: Float64Array, thr2: number, pixels: number[]) {
  let kept = 0,
    lastColour = -1,
    lastExplained = false;
  explainedKey.fill(0);
  for (let i = 0; i < pixels.length; i++) {
    const p = pixels[i],
      colour = plane[p] & 0xffffff;
    if (colour !== lastColour) {
      lastColour = colour;
      lastExplained = explainedCached(pal, colour, thr2);
    }
    if (!lastExplained) pixels[kept++] = p;
  }
  pixels.length = kept;
}

/**
 * Appends to `out` the opaque pixels (every step-th) that pal (flat channels) does not explain,
 * soft ones aside; returns the number of opaque pixels looked at.
 */
function findUnexplained(
  img: WorkImage,
  plane: Int32Array,
  pal: Float64Array,
  thr2: number,
  step: number,
  soft: SoftColour[],
  out: number[],
): number {
  const { alpha } = img;
  const n = plane.length;
  let opaque = 0;
  // Runs of one colour are common in drawings: the answer is kept for the last colour.
  let lastColour = -1,
    lastExplained = false;
  explainedKey.fill(0);
  for (let p = 0; p < n; p += step) {
    const v = plane[p];
    if (v < 0) continue;
    const colour = v & 0xffffff;
    // Part of a soft (partly transparent) area such as a shadow: the soft colours explain it.
    if (
      v >= PARTLY_OPAQUE &&
      soft.length > 0 &&
      nearSoft(colour >> 16, (colour >> 8) & 255, colour & 255, alpha[p], soft)
    )
      continue;
    opaque++;
    if (colour !== lastColour) {
      lastColour = colour;
      lastExplained = explainedCached(pal, colour, thr2);
    }
    if (!lastExplained) out.push(p);
  }
  return opaque;
}

/**
 * The first of `pixels` farthest from its nearest colour of pal (a pixel of the colour just
 * looked at cannot be strictly farther).
 */
function mostExtreme(plane: Int32Array, pal: Float64Array, pixels: number[]): number {
  let worst = -1,
    worstD = 0,
    lastColour = -1;
  for (const p of pixels) {
    const colour = plane[p] & 0xffffff;
    if (colour === lastColour) continue;
    lastColour = colour;
    const d = nearestDist2(pal, colour, nearestFlat(pal, colour));
    if (d > worstD) {
      worstD = d;
      worst = p;
    }
  }
  return worst;
}

/** Offset in pal (flat channels) of the first colour nearest to packed colour 0xrrggbb. */
function nearestFlat(pal: Float64Array, colour: number): number {
  let best = Infinity,
    near = 0;
  for (let i = 0; i < pal.length; i += 3) {
    const d = nearestDist2(pal, colour, i);
    if (d < best) {
      best = d;
      near = i;
    }
  }
  return near;
}

function nearestDist2(pal: Float64Array, colour: number, i: number): number {
  return (
    (pal[i] - (colour >> 16)) ** 2 +
    (pal[i + 1] - ((colour >> 8) & 255)) ** 2 +
    (pal[i + 2] - (colour & 255)) ** 2
  );
}

/** How many of `pixels` pal (flat channels) explains. */
function countExplained(plane: Int32Array, pal: Float64Array, thr2: number, pixels: number[]) {
  let now = 0,
    lastColour = -1,
    lastExplained = false;
  explainedKey.fill(0);
  for (const p of pixels) {
    const colour = plane[p] & 0xffffff;
    if (colour !== lastColour) {
      lastColour = colour;
      lastExplained = explainedCached(pal, colour, thr2);
    }
    if (lastExplained) now++;
  }
  return now;
}

/** Direct-mapped cache of explained() by colour (key + 1; 0 is empty), cleared per palette. */
const explainedKey = new Int32Array(1 << 12);
const explainedVal = new Uint8Array(1 << 12);

/** explained() for packed colour 0xrrggbb, looked up in the cache first. */
function explainedCached(pal: Float64Array, colour: number, thr2: number): boolean {
  const slot = Math.imul(colour, 0x9e3779b1) >>> 20;
  if (explainedKey[slot] === colour + 1) return explainedVal[slot] === 1;
  const yes = explained(pal, colour >> 16, (colour >> 8) & 255, colour & 255, thr2);
  explainedKey[slot] = colour + 1;
  explainedVal[slot] = yes ? 1 : 0;
  return yes;
}

/** The colours' channels one after another (r, g, b of colour i at 3i). */
function flatColours(colours: number[][]): Float64Array {
  const out = new Float64Array(3 * colours.length);
  for (let i = 0; i < colours.length; i++) {
    out[3 * i] = colours[i][0];
    out[3 * i + 1] = colours[i][1];
    out[3 * i + 2] = colours[i][2];
  }
  return out;
}

/**
 * Colour (r, g, b) is within sqrt(thr2) of a palette colour (flat channels, flatColours) or of
 * a blend of two (a function of the module, not a closure per call: optimised callers stay
 * valid from one trace to the next).
 */
function explained(pal: Float64Array, r: number, g: number, b: number, thr2: number): boolean {
  const n = pal.length;
  for (let i = 0; i < n; i += 3)
    if ((pal[i] - r) ** 2 + (pal[i + 1] - g) ** 2 + (pal[i + 2] - b) ** 2 < thr2) return true;
  for (let i = 0; i < n; i += 3)
    for (let j = i + 3; j < n; j += 3) if (segmentDist2(pal, i, j, r, g, b) < thr2) return true;
  return false;
}

/** Squared distance from colour (r, g, b) to the blends between the colours at i and j of pal. */
function segmentDist2(
  pal: Float64Array,
  i: number,
  j: number,
  r: number,
  g: number,
  bl: number,
): number {
  const a0 = pal[i],
    a1 = pal[i + 1],
    a2 = pal[i + 2];
  const ex = pal[j] - a0,
    ey = pal[j + 1] - a1,
    ez = pal[j + 2] - a2;
  const l2 = ex * ex + ey * ey + ez * ez;
  const t =
    l2 > 0 ? Math.max(0, Math.min(1, ((r - a0) * ex + (g - a1) * ey + (bl - a2) * ez) / l2)) : 0;
  return (a0 + t * ex - r) ** 2 + (a1 + t * ey - g) ** 2 + (a2 + t * ez - bl) ** 2;
}

function histogram(img: WorkImage, stableThr: number, gray: boolean, minStep: number): Bin[] {
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
  private bins: Bin[] = [];
  private readonly keys: number[] = [];
  // Runs of one colour are common: the bin and (grey) channels of the last colour are kept.
  private lastColour = -1;
  private bin: Bin = { count: 0, r: 0, g: 0, b: 0 };
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
    if (this.gray) r = g = b = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    this.r = r;
    this.g = g;
    this.b = b;
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
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
  take(): Bin[] {
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

function greedy(bins: Bin[], minDist: number, max: number, minCount: number): number[][] {
  const out: number[][] = [];
  const d2 = minDist * minDist;
  for (const bin of bins) {
    if (bin.count < minCount || out.length >= max) break;
    const c = [bin.r / bin.count, bin.g / bin.count, bin.b / bin.count];
    let ok = true;
    for (const o of out) {
      const dr = o[0] - c[0],
        dg = o[1] - c[1],
        db = o[2] - c[2];
      if (dr * dr + dg * dg + db * db < d2) {
        ok = false;
        break;
      }
    }
    if (ok) out.push(c);
  }
  return out;
}

/** Weighted Lloyd iterations over histogram bins; optionally only bins within `radius` vote. */
function kmeans(bins: Bin[], centres: number[][], iters: number, radius = Infinity): number[][] {
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
