/**
 * A region's boundary loops in flat arrays instead of one object per sample: the boundaries
 * stage makes over a million samples on a photo, and as objects ({ x, y, n } and two boxed
 * numbers each) they cost more to allocate and collect than to fit.
 */
import type { CurveOptions } from './curves.js';
import type { Point, SubPath } from './types.js';

/** A boundary point; `n` is the region on the outer side (-2 beyond the image, -1 transparent). */
export interface NPoint extends Point {
  n?: number;
}

/** Loop i is samples start[i] .. start[i + 1] - 1 (start has one entry more than loops). */
export interface PackedLoops {
  x: Float64Array;
  y: Float64Array;
  /** The region on the outer side (see NPoint). */
  n: Int32Array;
  start: number[];
}

export const loopCount = (p: PackedLoops): number => p.start.length - 1;

/** A closed-outline fit of loop i, its coordinates scaled by sx, sy. */
export type PackedLoopFit = (
  loops: PackedLoops,
  i: number,
  sx: number,
  sy: number,
  opts: CurveOptions,
) => SubPath;

/** Loop i as points, optionally scaled. */
export function loopPoints(p: PackedLoops, i: number, sx = 1, sy = 1): NPoint[] {
  const out: NPoint[] = [];
  const { x, y, n } = p;
  if (sx === 1 && sy === 1)
    for (let j = p.start[i]; j < p.start[i + 1]; j++) out.push({ x: x[j], y: y[j], n: n[j] });
  else
    for (let j = p.start[i]; j < p.start[i + 1]; j++)
      out.push({ x: x[j] * sx, y: y[j] * sy, n: n[j] });
  return out;
}

export function unpackLoops(p: PackedLoops): NPoint[][] {
  const out: NPoint[][] = [];
  for (let i = 0; i < loopCount(p); i++) out.push(loopPoints(p, i));
  return out;
}

/**
 * Whether (nearly) every one of samples a .. b - 1 sits on a pixel-edge midpoint: a hard 0/1
 * boundary (aliased), which the fit smooths as potrace does.
 */
export function aliasedSamples(X: Float64Array, Y: Float64Array, a: number, b: number): boolean {
  // Stops once more than a tenth of the samples are off: an anti-aliased boundary soon is.
  const maxMisses = ALIASED_MAX_MISSES * (b - a);
  let misses = 0;
  for (let i = a; i < b; i++) if (!onPixelEdge(X[i], Y[i]) && ++misses > maxMisses) return false;
  return true;
}

/** Share of an aliased boundary's samples that may lie off the pixel edges' midpoints. */
export const ALIASED_MAX_MISSES = 0.1;

/** (x, y) is the midpoint of a pixel edge. */
export const onPixelEdge = (x: number, y: number) =>
  (isWhole(x) && isHalf(y)) || (isHalf(x) && isWhole(y));

const isHalf = (v: number) => Math.abs(v - Math.floor(v) - 0.5) < 1e-6;
const isWhole = (v: number) => Math.abs(v - Math.round(v)) < 1e-6;
