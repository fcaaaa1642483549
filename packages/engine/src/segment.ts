/**
 * Stage 4, segment: regions are the 4-connected components of equal labels; regions smaller
 * than the speckle area merge into the adjacent region of the closest colour (smallest
 * first, VTracer-style hierarchical merging). Surviving regions are put in paint order by
 * decreasing bounding-box area: a region inside another's hole always has a strictly smaller
 * box, so enclosing regions are painted first and stacking is always correct.
 */
import type { Labels } from './label.js';
import { TRANSPARENT } from './label.js';
import type { Control } from './abort.js';
import { pixelScratch } from './reusable-arrays.js';
import { lendArray, lendCopy } from './lent-arrays.js';
import { RegionWalk } from './region-walk.js';

/** Flood-fill stack of (pixel, its x) pairs, 2 per pixel, kept from one trace to the next. */
const fillScratch = pixelScratch((n) => new Int32Array(n));

export interface Region {
  color: number; // palette index
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Segmentation {
  width: number;
  height: number;
  /** Region index (paint order) per pixel, -1 for transparent. */
  regionOf: Int32Array;
  regions: Region[];
  /** The labelling with merged speckles made pure (a new object when any merged). */
  labels: Labels;
}

export function segment(
  w: number,
  h: number,
  labels: Labels,
  palette: number[],
  speckle: number,
  ctl: Control,
  /** Alpha per palette colour when some are partly transparent (soft-alpha.ts). */
  paletteAlpha?: number[],
): Segmentation {
  const { lab } = labels;
  const n = w * h;
  const rid = lendArray(Int32Array, n, -2);
  const regions: (Region | null)[] = [];
  // Flood-fill stack of (pixel, its x) pairs: x travels with the pixel instead of p % w.
  const fill = fillScratch(2 * n);
  const seeds: number[] = [];
  // The passes are separate small functions: V8 optimises those after few iterations, where
  // one function with all the loops stayed interpreted and was recompiled on-stack per loop.
  floodAll(w, lab, rid, fill, regions, seeds);
  ctl.check();
  const out = new MergedLabels(labels);
  if (speckle > 1)
    mergeSpeckles(w, h, rid, regions, seeds, out, palette, speckle, fill, ctl, paletteAlpha);

  return segmentation(w, h, rid, inPaintOrder(rid, regions, paletteAlpha), out.labels);
}

/**
 * A segmentation, built here by every stage that makes one: objects of one shape, where spread
 * copies ({ ...seg }) took others, and the optimised code of every stage that reads them was
 * thrown away when a trace first met one.
 */
export function segmentation(
  width: number,
  height: number,
  regionOf: Int32Array,
  regions: Region[],
  labels: Labels,
): Segmentation {
  return { width, height, regionOf, regions, labels };
}

/** A copy of region r, of the same shape (see segmentation). */
export function copyRegion(r: Region): Region {
  return { color: r.color, area: r.area, x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 };
}

/** The labelling as the speckle and ringing merges leave it: copied at the first pixel made pure. */
export class MergedLabels {
  private copied = false;
  constructor(public labels: Labels) {}

  /** Pixel p is its region's colour alone (no blend). */
  makePure(p: number): void {
    if (!this.copied) {
      const { lab, cover, other } = this.labels;
      this.labels = { lab, cover: lendCopy(Uint8Array, cover), other: lendCopy(Int32Array, other) };
      this.copied = true;
    }
    this.labels.cover[p] = 255;
    this.labels.other[p] = -1;
  }
}

/**
 * Flood-fills every region (rid -2: not yet visited), appending each and its seed pixel. Its
 * own function with nothing after the loop (see fillRegion).
 */
function floodAll(
  w: number,
  lab: Int16Array,
  rid: Int32Array,
  fill: Int32Array,
  regions: (Region | null)[],
  seeds: number[],
): void {
  const n = rid.length;
  for (let s = 0; s < n; s++) {
    if (rid[s] !== -2) continue;
    const l = lab[s];
    if (l === TRANSPARENT) {
      rid[s] = -1;
      continue;
    }
    const area = fillRegion(w, lab, rid, fill, s, regions.length);
    // Integer division that stays a small integer: a double here would give region objects
    // a second shape, and the stages that read regions would keep deoptimising.
    const y0 = (fillBounds[2] / w) | 0,
      y1 = (fillBounds[3] / w) | 0;
    regions.push({ color: l, area, x0: fillBounds[0], y0, x1: fillBounds[1], y1 });
    seeds.push(s);
  }
}

/**
 * The live regions in paint order (paintOrder), `rid` renumbered in place to match (-1 for
 * transparent and merged-away pixels).
 */
export function inPaintOrder(
  rid: Int32Array,
  regions: (Region | null)[],
  paletteAlpha?: number[],
): Region[] {
  const alive = paintOrder(regions, paletteAlpha);
  const remap = new Int32Array(regions.length).fill(-1);
  alive.forEach((old, i) => (remap[old] = i));
  for (let p = 0; p < rid.length; p++) rid[p] = rid[p] < 0 ? -1 : remap[rid[p]];
  return alive.map((i) => regions[i]!);
}

/** fillRegion's bounds: the first and last x, the first and last pixel in raster order. */
const fillBounds = new Int32Array(4);

/**
 * Flood-fills region `id` from seed pixel s (4-connected, same label); returns the area and
 * leaves the bounds in fillBounds. Nothing
 * but the return follows the loop: a first call long enough to be compiled on-stack reached
 * code after the loop without type feedback, and that compiled loop, kept for the next calls,
 * deoptimised on every one of them (a thousand times in a pass over the DEV split).
 */
function fillRegion(
  w: number,
  lab: Int16Array,
  rid: Int32Array,
  fill: Int32Array,
  s: number,
  id: number,
): number {
  const n = rid.length;
  const l = lab[s];
  const bounds = fillBounds;
  let area = 0;
  bounds[0] = w;
  bounds[1] = -1;
  bounds[2] = s;
  bounds[3] = s;
  let sp = 0;
  fill[sp++] = s;
  fill[sp++] = s % w;
  rid[s] = id;
  // Scanline fill: a popped pixel grows into its row's run of unvisited equal labels, and the
  // rows above and below get one stacked pixel per run beside it (each marked when stacked).
  while (sp > 0) {
    const x = fill[--sp],
      p = fill[--sp];
    let lo = p,
      hi = p;
    while (lo - p + x > 0 && rid[lo - 1] === -2 && lab[lo - 1] === l) rid[--lo] = id;
    while (hi - p + x < w - 1 && rid[hi + 1] === -2 && lab[hi + 1] === l) rid[++hi] = id;
    const xl = lo - p + x;
    area += hi - lo + 1;
    if (xl < bounds[0]) bounds[0] = xl;
    if (hi - p + x > bounds[1]) bounds[1] = hi - p + x;
    if (lo < bounds[2]) bounds[2] = lo;
    if (hi > bounds[3]) bounds[3] = hi;
    if (lo >= w) sp = stackRuns(rid, lab, fill, sp, lo - w, hi - w, xl, l, id);
    if (hi < n - w) sp = stackRuns(rid, lab, fill, sp, lo + w, hi + w, xl, l, id);
  }
  return area;
}

/**
 * Stacks (pixel, x) for the first unvisited pixel of label l in each run of them among pixels
 * from..to (x of `from` is xFrom) and marks it as region id; returns the new stack size.
 */
function stackRuns(
  rid: Int32Array,
  lab: Int16Array,
  fill: Int32Array,
  sp: number,
  from: number,
  to: number,
  xFrom: number,
  l: number,
  id: number,
): number {
  let inRun = false;
  for (let q = from; q <= to; q++) {
    if (rid[q] === -2 && lab[q] === l) {
      if (inRun) continue;
      inRun = true;
      rid[q] = id;
      fill[sp++] = q;
      fill[sp++] = xFrom + q - from;
    } else inRun = false;
  }
  return sp;
}

/** Walked region `id` becomes part of region `target`, its pixels pure `target` colour. */
export function mergeInto(
  walk: RegionWalk,
  rid: Int32Array,
  regions: (Region | null)[],
  id: number,
  target: number,
  labels: MergedLabels,
): void {
  for (const p of walk.pixels) {
    rid[p] = target;
    labels.makePure(p);
  }
  absorbRegion(regions[target]!, regions[id]!);
  regions[id] = null;
}

/** `into` takes in `from`'s area and bounding box (the two become one region). */
export function absorbRegion(into: Region, from: Region): void {
  into.area += from.area;
  into.x0 = Math.min(into.x0, from.x0);
  into.y0 = Math.min(into.y0, from.y0);
  into.x1 = Math.max(into.x1, from.x1);
  into.y1 = Math.max(into.y1, from.y1);
}

/**
 * Indices of the live regions in paint order: partly transparent ones first, then decreasing
 * bounding-box area, then area. See-through regions go under the opaque ones because only
 * then can they extend under their opaque neighbours (a shadow under its shape) without
 * anything showing through them.
 */
export function paintOrder(regions: (Region | null)[], paletteAlpha?: number[]): number[] {
  const alive: number[] = [];
  for (let i = 0; i < regions.length; i++) if (regions[i]) alive.push(i);
  const boxArea = (r: Region) => (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1);
  const opaque = (r: Region) => (paletteAlpha && paletteAlpha[r.color] < 255 ? 0 : 1);
  alive.sort(
    (a, b) =>
      opaque(regions[a]!) - opaque(regions[b]!) ||
      boxArea(regions[b]!) - boxArea(regions[a]!) ||
      regions[b]!.area - regions[a]!.area ||
      a - b,
  );
  return alive;
}

function mergeSpeckles(
  w: number,
  h: number,
  rid: Int32Array,
  regions: (Region | null)[],
  seeds: number[],
  labels: MergedLabels,
  palette: number[],
  speckle: number,
  /** Scratch for (pixel, x) pairs, 2 per pixel. */
  fill: Int32Array,
  ctl: Control,
  paletteAlpha?: number[],
): void {
  const n = w * h;
  const R = regions.length;
  // Smallest first, equal areas in region order (a counting sort: the areas are small).
  const areaEnd = Math.min(Math.ceil(speckle), n + 1);
  const slot = new Int32Array(areaEnd + 1);
  for (let i = 0; i < R; i++) if (regions[i]!.area < speckle) slot[regions[i]!.area + 1]++;
  for (let a = 1; a <= areaEnd; a++) slot[a] += slot[a - 1];
  const order = new Int32Array(slot[areaEnd]);
  for (let i = 0; i < R; i++) if (regions[i]!.area < speckle) order[slot[regions[i]!.area]++] = i;
  // Colour distances between palette entries, each computed once.
  const k = palette.length;
  const colourDist = new Float64Array(k * k).fill(-1);
  const walk = new RegionWalk(w, R, fill);
  for (let oi = 0; oi < order.length; oi++) {
    if ((oi & 255) === 0) ctl.check();
    const id = order[oi];
    const reg = regions[id];
    if (!reg || reg.area >= speckle) continue;
    // The region's pixels (it may have absorbed others: walk the current map).
    if (!walk.walk(rid, id, seeds[id])) continue;
    const { nbs, nbCount } = walk;
    let target = -1,
      bestScore = Infinity;
    const c = palette[reg.color];
    for (const r of nbs) {
      if (r < 0) continue;
      const cnt = nbCount[r + 1];
      const pair = reg.color * k + regions[r]!.color;
      if (colourDist[pair] < 0) {
        const oc = palette[regions[r]!.color];
        colourDist[pair] = Math.hypot(
          ((c >> 16) & 255) - ((oc >> 16) & 255),
          ((c >> 8) & 255) - ((oc >> 8) & 255),
          (c & 255) - (oc & 255),
        );
      }
      const d = colourDist[pair];
      const score = d - cnt * 2;
      if (score < bestScore) {
        bestScore = score;
        target = r;
      }
    }
    if (paletteAlpha && paletteAlpha[reg.color] < 255 && nbCount[0] > 0) {
      // A see-through speck beside nothing (the thin tip of a shadow where it meets its
      // shape's edge) becomes nothing; its pixels keep their blend with the neighbours, so
      // the shape's sub-pixel edge stays where it was.
      walk.assign(rid, -1);
      regions[id] = null;
      continue;
    }
    if (target < 0) {
      if (nbs.length === 0) {
        walk.assign(rid, id);
        continue;
      }
      walk.assign(rid, -1); // only transparency around: drop the speck
      regions[id] = null;
      continue;
    }
    mergeInto(walk, rid, regions, id, target, labels);
  }
}
