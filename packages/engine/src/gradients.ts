/**
 * Stage 4b, gradients: a smooth linear or radial colour ramp is quantised by the palette into
 * many bands; here adjacent regions of close colours are grouped, a ramp is fitted by least
 * squares over the group's interior pixels of the working image, and when it explains them
 * well (small residual, much smaller than the flat bands' error) the bands merge into one
 * region filled by the ramp. Linear: a plane per channel gives the direction (dominant
 * gradient of the three channels). Radial: the centre is searched (pattern search from a
 * paraboloid fit) for the smallest error of colour against distance; when neither explains a
 * whole group, radial ramps with a focal point (focal-ramp.ts) or stretched to ellipses
 * (elliptic-ramp.ts). In all, the colour along the ramp parameter is averaged in bins and
 * reduced to the few stops that reproduce it.
 */
import type { Control } from './abort.js';
import type { WorkImage } from './image.js';
import type { Palette } from './palette.js';
import { toHex } from './palette.js';
import { focalDistance, rampTable, unitAt } from './ramp.js';
import { hexToRgb } from './writers/geometry.js';
import {
  absorbRegion,
  paintOrder,
  segmentation,
  type Region,
  type Segmentation,
} from './segment.js';
import type { Gradient, GradientStop } from './types.js';
import { FloatScratch } from './float-scratch.js';
import { pixelScratch } from './reusable-arrays.js';
import { radialRamp, ROUGH_SEARCH } from './radial-ramp.js';
import { focalShape } from './focal-ramp.js';
import { ellipticShape } from './elliptic-ramp.js';
import { shapedRamp } from './ramp-search.js';
import { binStops } from './ramp-stops.js';
import {
  joinSamples,
  readRegion,
  readSamples,
  strided,
  thin,
  thinSamples,
  type ReadSamples,
  type RegionSamples,
  type Samples,
} from './ramp-samples.js';
import { lendArray, lendCopy } from './lent-arrays.js';

export interface GradientParams {
  enabled: boolean;
  /** Adjacent regions whose colours differ by at most this (RGB euclidean) may be bands. */
  maxBandStepRgb: number;
  /** A ramp is kept when its RMS error per channel stays under this... */
  maxResidualRgb: number;
  /** ...and under this share of the bands' own (flat colour) RMS error. */
  maxShareOfBandError: number;
  /** Fewest bands (regions) a ramp must replace, and fewest interior pixels it must cover. */
  minBands: number;
  minPixels: number;
  /** Working px -> input px (the ramp is written in input px). */
  scaleX: number;
  scaleY: number;
}

/** Samples used for fitting. */
const MAX_SAMPLES = 4000;
/** Bands flatter than this RMS (per channel), or ramps spanning less than this, stay flat. */
const MIN_BAND_RMS_RGB = 1;
const MIN_SPAN_RGB = 16;
/** Growing ramps inside groups: fit trials per image (bounded cost), samples per region. */
const MAX_GROWTH_TRIALS = 60;
const GROW_SAMPLES_PER_REGION = 300;
/**
 * A group's growth stops after this many failed trials in a row: on JPEG noise every trial fails
 * and one group could spend the image's whole budget for nothing, while a ramp that is there is
 * found early (on DEV, 144 of the 149 accepted trials followed at most 11 failures in their
 * group).
 */
const MAX_MISSES_IN_A_ROW = 12;
/** A radial ramp's error counts this many times a linear one's: the simpler ramp is preferred. */
const RADIAL_WEIGHT = 1.1;
/**
 * A focal or elliptic radial ramp's error counts this many times a linear one's; their searches
 * (up to about 0.3 ms each) stop for the image after this many groups that they fail to explain.
 */
const SHAPED_WEIGHT = 1.2;
const MAX_SHAPED_SEARCHES = 4;
/** A growth trial's rough radial ramp this many times over the bar skips the full search. */
const ROUGH_MARGIN = 1.5;

/** Palette with the ramps of the added entries (index-aligned with `colours`). */
export interface GradientPalette extends Palette {
  gradients?: (Gradient | undefined)[];
}

export function findGradients(
  img: WorkImage,
  seg: Segmentation,
  palette: Palette,
  params: GradientParams,
  ctl: Control,
): { seg: Segmentation; palette: GradientPalette } {
  const R = seg.regions.length;
  if (!params.enabled || R < params.minBands) return { seg, palette };
  const { groups, near } = bandGroups(seg, palette, params);
  if (groups.length === 0) return { seg, palette };
  ctl.check();
  const groupOf = new Int32Array(R).fill(-1);
  groups.forEach((g, i) => g.forEach((r) => (groupOf[r] = i)));
  const pixels = interiorPixels(seg, groupOf);
  const grownSamples: Int32Array[] = [];
  const scratch = new FloatScratch();
  // A fit depends only on its samples: members without interior pixels add none, so growth
  // trials that differ only in such members (or repeat in another seed's growth) are fitted once.
  // The members are read in region order, so a pair that failed as [a, b] from seed a is not
  // fitted again as [b, a] from seed b (its samples summed in another order).
  const fits = new Map<string, Fit | null>();
  const shapedLeft = { searches: MAX_SHAPED_SEARCHES };
  const regionSamples: RegionSamples[] = [];
  const regionScratch = new FloatScratch(); // never reset: regionSamples keep their views
  const fitOf = (unordered: number[], sampled: boolean) => {
    const members = unordered.slice().sort((a, b) => a - b);
    const lists = members.map((r) =>
      sampled ? (grownSamples[r] ??= thin(pixels[r], GROW_SAMPLES_PER_REGION)) : pixels[r],
    );
    const total = lists.reduce((a, l) => a + l.length, 0);
    if (total < params.minPixels) return null;
    const key = `${sampled ? 's' : 'a'}${members.filter((_, i) => lists[i].length > 0).join()}`;
    let fit = fits.get(key);
    if (fit === undefined) {
      scratch.reset(); // the previous fit's samples are done with
      // A trial that keeps every sample joins its regions' samples, read once per region.
      const read =
        sampled && Math.floor(total / MAX_SAMPLES) <= 1
          ? joinSamples(
              members.map(
                (r) => (regionSamples[r] ??= readRegion(img, seg, grownSamples[r], regionScratch)),
              ),
              total,
              scratch,
            )
          : readSamples(img, seg, strided(lists, total, MAX_SAMPLES), scratch);
      fit = fitRamp(read, params, sampled, scratch, shapedLeft);
      fits.set(key, fit);
    }
    return fit;
  };

  // Thin bands have too few interior pixels to tell: they count as shaded.
  const shaded = pixels.map((px) => px.length < 16 || shading(img, px) >= MIN_BAND_RMS_RGB);

  const colours = [...palette.colours];
  const names = [...palette.names];
  const alpha = palette.alpha ? [...palette.alpha] : undefined;
  const gradients: (Gradient | undefined)[] = colours.map(() => undefined);
  const regions: (Region | null)[] = [...seg.regions];
  const newId = new Int32Array(R).fill(-1);
  const budget = { trials: MAX_GROWTH_TRIALS };
  for (const group of groups) {
    ctl.check();
    const found = groupRamps(group, near, seg.regions, fitOf, params.minBands, budget, shaded);
    for (const { members, fit } of found) {
      const colour = colours.length;
      colours.push(fit.mean);
      names.push(toHex(fit.mean));
      alpha?.push(255);
      gradients.push(scaleGradient(fit.gradient, params.scaleX, params.scaleY));
      const reg: Region = { color: colour, area: 0, x0: seg.width, y0: seg.height, x1: -1, y1: -1 };
      for (const r of members) {
        absorbRegion(reg, regions[r]!);
        regions[r] = null;
        newId[r] = regions.length;
      }
      regions.push(reg);
    }
  }
  if (regions.length === R) return { seg, palette };
  const order = paintOrder(regions, alpha);
  const remap = new Int32Array(regions.length).fill(-1);
  order.forEach((old, i) => (remap[old] = i));
  const regionOf = lendCopy(Int32Array, seg.regionOf);
  for (let p = 0; p < regionOf.length; p++) {
    const r = regionOf[p];
    if (r >= 0) regionOf[p] = remap[newId[r] >= 0 ? newId[r] : r];
  }
  return {
    seg: segmentation(
      seg.width,
      seg.height,
      regionOf,
      order.map((i) => regions[i]!),
      seg.labels,
    ),
    palette: { colours, names, ...(alpha ? { alpha } : {}), gradients },
  };
}

type Fit = { gradient: Gradient; mean: number };

/**
 * The ramps of one band group: the whole group when one ramp explains it, else ramps grown
 * from the largest regions (one neighbouring band at a time, while the ramp still explains
 * them; trials on a sample), since one shape often holds several gradients that meet.
 */
function groupRamps(
  group: number[],
  near: Set<number>[],
  regions: Region[],
  fitOf: (members: number[], sampled: boolean) => Fit | null,
  minBands: number,
  budget: { trials: number },
  shaded: boolean[],
): { members: number[]; fit: Fit }[] {
  // Bands have some shading inside (a flat region is not a slice of a ramp): groups with too
  // few such regions are skipped, and only those are grown.
  const free = new Set(group.filter((r) => shaded[r]));
  if (free.size < minBands) return [];
  const whole = fitOf(group, false);
  if (whole) return [{ members: group, fit: whole }];
  const out: { members: number[]; fit: Fit }[] = [];
  const bySize = [...free].sort((a, b) => regions[b].area - regions[a].area);
  let misses = 0; // failed trials in a row
  for (const seed of bySize) {
    if (!free.has(seed) || budget.trials <= 0 || misses >= MAX_MISSES_IN_A_ROW) continue;
    const members = [seed];
    const inSet = new Set(members);
    for (let grown = true; grown && budget.trials > 0 && misses < MAX_MISSES_IN_A_ROW;) {
      grown = false;
      const frontier = [
        ...new Set(
          members.flatMap((r) => [...near[r]].filter((q) => free.has(q) && !inSet.has(q))),
        ),
      ].sort((a, b) => regions[b].area - regions[a].area);
      for (const q of frontier) {
        if (budget.trials-- <= 0) break;
        if (!fitOf([...members, q], true)) {
          if (++misses >= MAX_MISSES_IN_A_ROW) break;
          continue;
        }
        misses = 0;
        members.push(q);
        inSet.add(q);
        grown = true;
        break;
      }
    }
    if (members.length < minBands) continue;
    const fit = fitOf(members, false);
    if (!fit) continue;
    out.push({ members, fit });
    for (const r of members) free.delete(r);
  }
  return out;
}

/**
 * RMS per channel of the pixels' colours around their mean. The sums are of bytes and their
 * squares: exact integers, so plain scalars add them in any grouping.
 */
function shading(img: WorkImage, px: Int32Array): number {
  if (px.length === 0) return 0;
  const { rgb } = img;
  let m0 = 0,
    m1 = 0,
    m2 = 0,
    sq = 0;
  for (let i = 0; i < px.length; i++) {
    const j = px[i] * 3;
    const r = rgb[j],
      g = rgb[j + 1],
      b = rgb[j + 2];
    m0 += r;
    m1 += g;
    m2 += b;
    sq += r * r + g * g + b * b;
  }
  return Math.sqrt(Math.max(0, (sq - (m0 ** 2 + m1 ** 2 + m2 ** 2) / px.length) / (3 * px.length)));
}

/**
 * Groups of at least `minBands` opaque regions joined by boundaries between close colours, of at
 * least two palette colours: bands are a ramp cut by the palette into colours, and regions of one
 * colour that touch are no bands. On the shared benchmark's DEV split no ramp was ever found in
 * such a group, while flag-vg-4by3.jpeg spent a third of its gradient stage on three of them.
 */
function bandGroups(
  seg: Segmentation,
  palette: Palette,
  params: GradientParams,
): { groups: number[][]; near: Set<number>[] } {
  const { width: w, height: h, regionOf, regions } = seg;
  const R = regions.length;
  // Module-level helpers over plain arguments, not closures made per call: optimised code that
  // calls a closure is specialised to that closure and thrown away on the next trace's.
  const j = new BandJoin(seg, palette, params.maxBandStepRgb ** 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const a = regionOf[p];
      if (a < 0) continue;
      // Inside a region (most pixels) there is nothing to join.
      if (x < w - 1 && regionOf[p + 1] !== a) j.join(a, regionOf[p + 1]);
      if (y < h - 1 && regionOf[p + w] !== a) j.join(a, regionOf[p + w]);
    }
  }
  const byRoot = new Map<number, number[]>();
  for (let r = 0; r < R; r++) {
    const root = j.find(r);
    let g = byRoot.get(root);
    if (!g) byRoot.set(root, (g = []));
    g.push(r);
  }
  const groups = [...byRoot.values()].filter(
    (g) => g.length >= params.minBands && g.some((r) => regions[r].color !== regions[g[0]].color),
  );
  return { groups, near: j.near };
}

/** Union-find of the regions joined by boundaries between close opaque colours. */
class BandJoin {
  readonly parent: Int32Array;
  readonly near: Set<number>[];
  /** Palette colour and opacity per region. */
  readonly colour: Int32Array;
  readonly opaque: Uint8Array;
  /** The pair last asked to join. */
  private lastA = -1;
  private lastB = -1;

  constructor(
    seg: Segmentation,
    palette: Palette,
    readonly step2: number,
  ) {
    const R = seg.regions.length;
    this.parent = new Int32Array(R);
    this.near = [];
    this.colour = new Int32Array(R);
    this.opaque = new Uint8Array(R);
    // A loop, not TypedArray.from with a callback, which is slow for 10^3-10^4 regions.
    for (let r = 0; r < R; r++) {
      const c = seg.regions[r].color;
      this.parent[r] = r;
      this.near.push(new Set<number>());
      this.colour[r] = palette.colours[c];
      this.opaque[r] = !palette.alpha || palette.alpha[c] === 255 ? 1 : 0;
    }
  }

  find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  }

  close(a: number, b: number): boolean {
    const c = this.colour[a],
      d = this.colour[b];
    const dr = ((c >> 16) & 255) - ((d >> 16) & 255),
      dg = ((c >> 8) & 255) - ((d >> 8) & 255),
      db = (c & 255) - (d & 255);
    return (
      dr * dr + dg * dg + db * db <= this.step2 && this.opaque[a] === 1 && this.opaque[b] === 1
    );
  }

  join(a: number, b: number): void {
    // Along a boundary the same pair comes again and again: joining it twice changes nothing.
    if (a === this.lastA && b === this.lastB) return;
    this.lastA = a;
    this.lastB = b;
    const near = this.near;
    if (b < 0 || a === b || near[a].has(b) || !this.close(a, b)) return;
    near[a].add(b);
    near[b].add(a);
    const ra = this.find(a),
      rb = this.find(b);
    if (ra !== rb) this.parent[ra] = rb;
  }
}

/** interiorPixels' list in scan order, kept from one trace to the next (written before read). */
const foundScratch = pixelScratch((n) => new Int32Array(n));

/**
 * Per region of a group, its pixels whose 4 neighbours are in the same group (no edge blends), in
 * scan order: views into one array filled region by region (a group's interior can hold 10^5
 * pixels, too many to push one by one).
 */
function interiorPixels(seg: Segmentation, groupOf: Int32Array): Int32Array[] {
  const { width: w, height: h, regionOf } = seg;
  const R = seg.regions.length;
  // The interior pixels in scan order, then placed region by region. Consecutive ones mostly
  // share a region: its count and place are kept in locals for the run (a count added to in
  // memory pixel after pixel is a chain through it).
  const found = foundScratch(Math.max(0, (w - 2) * (h - 2)));
  let nFound = 0;
  const start = new Int32Array(R + 1); // counts, then where each region's pixels start
  let run = -1,
    k = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const r = regionOf[p];
      if (r < 0) continue;
      const c = groupOf[r];
      // Each pixel's group is looked up through its region (no per-pixel group array).
      const inside =
        c >= 0 &&
        inGroup(regionOf, groupOf, p - 1, r, c) &&
        inGroup(regionOf, groupOf, p + 1, r, c) &&
        inGroup(regionOf, groupOf, p - w, r, c) &&
        inGroup(regionOf, groupOf, p + w, r, c);
      if (!inside) continue;
      found[nFound++] = p;
      if (r !== run) {
        start[run + 1] += k;
        run = r;
        k = 0;
      }
      k++;
    }
  }
  start[run + 1] += k;
  for (let r = 0; r < R; r++) start[r + 1] += start[r];
  const all = lendArray(Int32Array, start[R]);
  const next = start.slice(0, R);
  run = -1;
  let at = 0;
  for (let i = 0; i < nFound; i++) {
    const p = found[i];
    const r = regionOf[p];
    if (r !== run) {
      if (run >= 0) next[run] = at;
      run = r;
      at = next[r];
    }
    all[at++] = p;
  }
  // A loop, not Array.from with a callback, which is slow for 10^3-10^4 regions.
  const out: Int32Array[] = [];
  for (let r = 0; r < R; r++) out.push(all.subarray(start[r], start[r + 1]));
  return out;
}

/** Whether pixel q is in group c; r is a region of that group (most neighbours are in it). */
function inGroup(
  regionOf: Int32Array,
  groupOf: Int32Array,
  q: number,
  r: number,
  c: number,
): boolean {
  const s = regionOf[q];
  return s === r || (s >= 0 && groupOf[s] === c);
}

/** The best ramp for the samples, or null when neither kind explains them well enough. */
function fitRamp(
  read: ReadSamples,
  params: GradientParams,
  quick: boolean,
  scratch: FloatScratch,
  shapedLeft: { searches: number },
): Fit | null {
  const { pts, sums, total } = read;
  const n = pts.n;
  // The bands' error: each region flat in its own mean colour (not the palette's, which may
  // sit a few levels off).
  let flatErr = 0;
  for (const a of sums) flatErr += a[4] - (a[1] * a[1] + a[2] * a[2] + a[3] * a[3]) / a[0];
  const flatRms = Math.sqrt(flatErr / (3 * n));
  // Bands that are flat already gain nothing.
  if (flatRms < MIN_BAND_RMS_RGB) return null;
  const good = (e: number) =>
    e <= params.maxResidualRgb && e <= params.maxShareOfBandError * flatRms;
  // A ramp's exact error matters only while it can pass: one that cannot pass (or, for the
  // radial, cannot beat the linear) is cut short and scores Infinity, with the same outcome.
  let best = linearRamp(pts, scratch);
  let bestRms = best ? rmsError(best, pts, (e) => !good(e)) : Infinity;
  // The radial search costs most: a trial that the linear ramp already passes skips it, and so
  // does one whose rough search misses the bar by far (roughlyHopeless).
  if (!(quick && (good(bestRms) || roughlyHopeless(pts, scratch, good)))) {
    const radial = radialRamp(pts, scratch);
    const worse = (e: number) => !(e * RADIAL_WEIGHT < bestRms && good(e * RADIAL_WEIGHT));
    const e = radial ? rmsError(radial, pts, worse) * RADIAL_WEIGHT : Infinity;
    if (e < bestRms) {
      best = radial;
      bestRms = e;
    }
    // Shading lit from one side, or a radial gradient stretched over an oval: circles of equal
    // colour that are not concentric, or ellipses. Tried on whole groups only: grown from a
    // seed they explained parts of other sweeps (a conic one).
    if (!quick && radial?.type === 'radial' && !good(bestRms) && shapedLeft.searches > 0) {
      const bar = Math.min(params.maxResidualRgb, params.maxShareOfBandError * flatRms);
      for (const shape of [focalShape, ellipticShape]) {
        const g = shapedRamp(pts, scratch, radial.cx, radial.cy, bar / SHAPED_WEIGHT, shape);
        const better = (e: number) => !(e * SHAPED_WEIGHT < bestRms && good(e * SHAPED_WEIGHT));
        const e = g ? rmsError(g, pts, better) * SHAPED_WEIGHT : Infinity;
        if (e < bestRms) {
          best = g;
          bestRms = e;
        }
      }
      if (!good(bestRms)) shapedLeft.searches--;
    }
  }
  // A ramp that hardly changes colour gains nothing either.
  if (!best || !good(bestRms) || colourSpan(best.stops) < MIN_SPAN_RGB) return null;
  const [r, g, bl] = total.map((v) => Math.round(v / n));
  return { gradient: best, mean: (r << 16) | (g << 8) | bl };
}

/**
 * Whether a radial ramp from a rough centre search (ROUGH_SEARCH), its stops taken from the
 * searched samples alone, has an error (over all samples) over ROUGH_MARGIN times the bar. Not a
 * bound, a screen with a margin: on DEV and its x0.8 and x1.3 resizes (no photos), of the 2164
 * growth trials that reach it, the 26 whose full search passes have a rough error at most 1.18
 * times the full one and 1.14 times the bar (stops from all samples: up to 2.5 times the full).
 */
function roughlyHopeless(
  pts: Samples,
  scratch: FloatScratch,
  good: (rms: number) => boolean,
): boolean {
  const few = thinSamples(pts, ROUGH_SEARCH.samples, scratch);
  const rough = radialRamp(few, scratch, ROUGH_SEARCH);
  // No ramp from the rough centre says nothing of the full search's.
  if (!rough) return false;
  const over = (e: number) => !good((e * RADIAL_WEIGHT) / ROUGH_MARGIN);
  return over(rmsError(rough, pts, over));
}

/** Largest RGB distance between two stops. */
function colourSpan(stops: GradientStop[]): number {
  const c = stops.map((s) => hexToRgb(s.color));
  let m = 0;
  for (const a of c)
    for (const b of c) m = Math.max(m, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  return m;
}

/**
 * rmsError's table of the ramp, reused by every call: a typed array this long is allocated
 * outside the heap, which costs more than filling one again.
 */
const rampSteps = new Float32Array(257 * 3);

/**
 * RMS error per channel of ramp g on the samples, or Infinity as soon as `hopeless` holds for
 * the error so far: it only grows as samples are added, so a ramp that cannot pass at some point
 * will not pass at the end.
 */
function rmsError(g: Gradient, pts: Samples, hopeless: (rms: number) => boolean): number {
  // The ramp tabulated at 256 steps of t (stops parsed once, not per pixel).
  const table = rampTable(g, 256, rampSteps);
  const { n, x, y, c } = pts;
  // The ramp parameter as rampT computes it (same operations, so the same values), unrolled by
  // kind.
  const linear = g.type === 'linear';
  const elliptic = g.type === 'radial' && g.ry !== undefined && g.r > 0 && g.ry > 0;
  const focal =
    !elliptic && g.type === 'radial' && g.fx !== undefined && g.fy !== undefined && g.r > 0;
  const ax = linear ? g.x1 : focal ? g.fx! : g.cx,
    ay = linear ? g.y1 : focal ? g.fy! : g.cy;
  const dx = linear ? g.x2 - g.x1 : focal ? (g.cx - ax) / g.r : 0,
    dy = linear ? g.y2 - g.y1 : focal ? (g.cy - ay) / g.r : 0;
  const l2 = linear ? dx * dx + dy * dy : g.r;
  const a = 1 - dx * dx - dy * dy;
  // Elliptic: the axis along `angle` scaled by 1 / r, the one across by 1 / ry.
  const [cos, sin] = elliptic ? unitAt(g.angle ?? 0) : [1, 0];
  const ry = elliptic ? g.ry! : 1;
  let e = 0;
  for (let i = 0; i < n; i++) {
    let t: number;
    if (linear) t = l2 > 0 ? ((x[i] - ax) * dx + (y[i] - ay) * dy) / l2 : 0;
    else if (elliptic) {
      const px = x[i] - ax,
        py = y[i] - ay;
      const u = (px * cos + py * sin) / l2,
        v = (py * cos - px * sin) / ry;
      t = Math.sqrt(u * u + v * v);
    } else if (focal) t = focalDistance(x[i] - ax, y[i] - ay, dx, dy, a) / l2;
    else {
      const u = x[i] - ax,
        v = y[i] - ay;
      t = l2 > 0 ? Math.sqrt(u * u + v * v) / l2 : 0;
    }
    // Math.round of the table step, which is slow in V8: for a step in [0.5, 256], step + 0.5
    // is exact or rounds within its binade without reaching the next integer, so its floor
    // is the same; truncation is that floor (the value is positive), and an integer index,
    // where Math.floor's double would be converted on every access.
    const step = (t < 0 ? 0 : t > 1 ? 1 : t) * 256;
    const j = (step < 0.5 ? 0 : (step + 0.5) | 0) * 3;
    e += (table[j] - c[i * 3]) ** 2 + (table[j + 1] - c[i * 3 + 1]) ** 2;
    e += (table[j + 2] - c[i * 3 + 2]) ** 2;
    if ((i & 63) === 63 && hopeless(Math.sqrt(e / (3 * n)))) return Infinity;
  }
  return Math.sqrt(e / (3 * n));
}

/** Linear ramp: a plane per channel; its dominant direction; stops along it. */
function linearRamp(pts: Samples, scratch: FloatScratch): Gradient | null {
  const { n, x, y, c } = pts;
  // Normal equations of c = a + b x + d y, centred for conditioning.
  let mx = 0,
    my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  // Per channel in scalars (an array's elements here cost several times more).
  let sxc0 = 0,
    sxc1 = 0,
    sxc2 = 0,
    syc0 = 0,
    syc1 = 0,
    syc2 = 0;
  for (let i = 0; i < n; i++) {
    const u = x[i] - mx,
      v = y[i] - my;
    sxx += u * u;
    sxy += u * v;
    syy += v * v;
    const c0 = c[i * 3],
      c1 = c[i * 3 + 1],
      c2 = c[i * 3 + 2];
    sxc0 += u * c0;
    syc0 += v * c0;
    sxc1 += u * c1;
    syc1 += v * c1;
    sxc2 += u * c2;
    syc2 += v * c2;
  }
  const sxc = [sxc0, sxc1, sxc2],
    syc = [syc0, syc1, syc2];
  const det = sxx * syy - sxy * sxy;
  if (!(det > 1e-9)) return null;
  // Per channel gradient (gx, gy); M = sum of g g^T; direction = its dominant eigenvector.
  let m11 = 0,
    m12 = 0,
    m22 = 0;
  for (let k = 0; k < 3; k++) {
    const gx = (syy * sxc[k] - sxy * syc[k]) / det,
      gy = (sxx * syc[k] - sxy * sxc[k]) / det;
    m11 += gx * gx;
    m12 += gx * gy;
    m22 += gy * gy;
  }
  if (m11 + m22 < 1e-8) return null;
  const theta = 0.5 * Math.atan2(2 * m12, m11 - m22);
  const dx = Math.cos(theta),
    dy = Math.sin(theta);
  const t = scratch.take(n);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = x[i] * dx + y[i] * dy;
    t[i] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const st = binStops(pts, t, lo, hi);
  if (!st) return null;
  return {
    type: 'linear',
    x1: dx * st.t0,
    y1: dy * st.t0,
    x2: dx * st.t1,
    y2: dy * st.t1,
    stops: st.stops,
  };
}

function scaleGradient(g: Gradient, sx: number, sy: number): Gradient {
  if (sx === 1 && sy === 1) return g;
  return g.type === 'linear'
    ? { ...g, x1: g.x1 * sx, y1: g.y1 * sy, x2: g.x2 * sx, y2: g.y2 * sy }
    : {
        ...g,
        cx: g.cx * sx,
        cy: g.cy * sy,
        r: (g.r * (sx + sy)) / 2,
        ...(g.fx !== undefined && g.fy !== undefined ? { fx: g.fx * sx, fy: g.fy * sy } : {}),
        ...(g.ry !== undefined ? { ry: (g.ry * (sx + sy)) / 2 } : {}),
      };
}
