/**
 * JPEG ringing along an edge: beside a strong edge a JPEG overshoots, so the pixels along one
 * side come out a shade beyond that side's colour (a dark rim inside a purple disc on white).
 * Where that shade is near another palette colour, the labelling makes short thin dashes of it
 * along the edge, which a trace draws as teardrops sticking out of the shape. Such a dash lies
 * between two regions, is near one of them in colour, and lies beyond it as seen from the
 * other: it is that region's colour, overshot.
 */
import { RegionWalk } from './region-walk.js';
import {
  copyRegion,
  inPaintOrder,
  MergedLabels,
  mergeInto,
  segmentation,
  type Region,
  type Segmentation,
} from './segment.js';
import type { GradientPalette } from './gradients.js';
import { lendCopy } from './lent-arrays.js';

/** Dashes up to this area (px) are candidates: a longer line is drawn on purpose. */
const RINGING_MAX_AREA = 40;
/** The region a dash overshoots is at least this many times larger: the dash is a detail of its edge. */
const MIN_SIDE_RATIO = 4;
/** At most this share of a dash's pixels have all four neighbours in it (it is thin). */
const MAX_INNER_SHARE = 0.25;
/** Each of the two sides holds at least this share of the dash's border. */
const MIN_SIDE_SHARE = 0.25;
/** JPEGs ring at strong edges only: the two sides differ by at least this (RGB distance). */
const MIN_CONTRAST_RGB = 64;
/** The dash's colour is within this share of the edge's contrast of its own side... */
const MAX_SHADE = 0.35;
/** ...and at least this far along the way from the other side to its own (1: its own). */
const MIN_BEYOND = 0.9;

const rgb = (c: number) => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

/**
 * The region (a neighbour of the walked one) whose overshoot the walked region is, or -1.
 * `colourOf` gives a region's colour as 0xRRGGBB.
 */
function ringingSide(
  walk: RegionWalk,
  colour: number,
  colourOf: (region: number) => number,
): number {
  const { pixels, nbs, nbCount } = walk;
  if (pixels.length > RINGING_MAX_AREA || walk.inner > MAX_INNER_SHARE * pixels.length) return -1;
  let border = 0,
    a = -1,
    b = -1;
  for (const r of nbs) {
    if (r < 0) return -1; // beside transparency: nothing to overshoot
    const c = nbCount[r + 1];
    border += c;
    if (a < 0 || c > nbCount[a + 1]) {
      b = a;
      a = r;
    } else if (b < 0 || c > nbCount[b + 1]) b = r;
  }
  if (b < 0 || nbCount[b + 1] < MIN_SIDE_SHARE * border) return -1;
  const s = rgb(colour),
    ca = rgb(colourOf(a)),
    cb = rgb(colourOf(b));
  const d2 = (p: number[], q: number[]) =>
    (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2;
  // Its own side is the nearer in colour; t: how far along from the other side to it.
  const [own, ownColour, otherColour] = d2(s, ca) <= d2(s, cb) ? [a, ca, cb] : [b, cb, ca];
  const contrast2 = d2(ownColour, otherColour);
  if (contrast2 < MIN_CONTRAST_RGB ** 2 || d2(s, ownColour) > MAX_SHADE * MAX_SHADE * contrast2)
    return -1;
  let dot = 0;
  for (let i = 0; i < 3; i++) dot += (s[i] - otherColour[i]) * (ownColour[i] - otherColour[i]);
  return dot >= MIN_BEYOND * contrast2 ? own : -1;
}

/**
 * The segmentation with its ringing dashes merged into the region each overshoots (pure in its
 * colour) and put back in paint order. After the gradients stage, so that the ramps are found
 * among the same regions with or without it; a ramp's region is no side of a dash.
 */
export function mergeRinging(seg: Segmentation, palette: GradientPalette): Segmentation {
  if (palette.alpha) return seg;
  const { width: w, regions } = seg;
  const R = regions.length;
  const seeds = new Int32Array(R).fill(-1);
  let candidates = 0;
  for (let r = 0; r < R; r++) if (regions[r].area <= RINGING_MAX_AREA) candidates++;
  if (candidates === 0) return seg;
  const rid = lendCopy(Int32Array, seg.regionOf);
  for (let p = rid.length - 1; p >= 0; p--) if (rid[p] >= 0) seeds[rid[p]] = p;
  const merged: (Region | null)[] = regions.map(copyRegion);
  const labels = new MergedLabels(seg.labels);
  // A dash's walk holds at most its area's pixels, 2 entries each.
  const walk = new RegionWalk(w, R, new Int32Array(2 * RINGING_MAX_AREA + 2));
  const colour = (r: number) => palette.colours[regions[r].color];
  const ramp = (r: number) => palette.gradients?.[regions[r].color] !== undefined;
  let changed = false;
  for (let id = 0; id < R; id++) {
    // A dash that took in another is walked at its new size.
    const area = merged[id]?.area ?? Infinity;
    if (area > RINGING_MAX_AREA || ramp(id) || !walk.walk(rid, id, seeds[id])) continue;
    const side = ringingSide(walk, colour(id), colour);
    if (side < 0 || ramp(side) || merged[side]!.area < MIN_SIDE_RATIO * area) walk.assign(rid, id);
    else {
      mergeInto(walk, rid, merged, id, side, labels);
      changed = true;
    }
  }
  if (!changed) return seg;
  const ordered = inPaintOrder(rid, merged);
  return segmentation(seg.width, seg.height, rid, ordered, labels.labels);
}
