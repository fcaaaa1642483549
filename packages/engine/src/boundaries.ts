/**
 * Stage 5, boundaries: the outline of each region as sub-pixel closed polylines.
 * Idea: a coverage field is sampled at pixel centres (1 inside, 0 outside, the blend share
 * for anti-aliased pixels, from the labelling stage) and its 0.5 iso-line is extracted with
 * marching squares (Lorensen & Cline 1987, 2-D case; saddles resolved by the cell mean),
 * each loop followed along the label image instead of scanning the cells (outline-tracer.ts).
 * Because a blended pixel gives share a to one side and 1-a to the other, the two regions'
 * fields are complementary and their iso-lines coincide: one boundary, used by both sides.
 * In stacked mode a region's mask also covers the later-painted regions next to it (a band
 * of `band` pixels) and the holes that only later regions fill, so every visible boundary is
 * drawn once, by the region painted on top, over solid paint: no gaps and no seams.
 */
import type { Control } from './abort.js';
import type { Segmentation } from './segment.js';
import type { Point } from './types.js';
import { OutlineTracer } from './outline-tracer.js';
import { unpackLoops, type NPoint, type PackedLoops } from './packed-loops.js';
import { straightenHidden } from './hidden-runs.js';

export interface OutlineParams {
  /** 'stacked': regions extend under later ones; 'cutout': exact tiling. */
  stacked: boolean;
  /** Stacked: how far (px) a region's mask extends under later-painted neighbours. */
  stackingBandPx: number;
  /** Loops enclosing less area than this (px²) are dropped. */
  minLoopAreaPx2: number;
  /**
   * Stacked: the runs of an outline under later regions are made straight (hidden-runs.ts); not
   * for pixel art, whose outlines stay on the pixel grid, nor for photos, whose thousands of
   * small regions it would cost much time for few bytes.
   */
  straightenHidden: boolean;
}

/** One region's outline: closed sub-pixel loops in working-raster px. */
export interface RegionOutline {
  /** Index in paint order. */
  region: number;
  /** Palette index. */
  colour: number;
  /**
   * Stacked with nothing transparent: the first region lies under everything else, so it is
   * drawn as the canvas rectangle and not traced (`loops` is empty).
   */
  canvas: boolean;
  loops: PackedLoops;
}

/**
 * The boundaries stage, lazily region by region, so only one region's dense loops exist at a
 * time (bounded memory on big images): a region's loops live in arrays that the next region's
 * reuse, so each is used up before the next is asked for.
 */
export function* regionOutlines(
  seg: Segmentation,
  params: OutlineParams,
  ctl: Control,
  /** Alpha per palette colour when some are partly transparent: nothing extends under those. */
  paletteAlpha?: number[],
): Generator<RegionOutline> {
  const soft = paletteAlpha ? seg.regions.map((r) => paletteAlpha[r.color] < 255) : undefined;
  const tracer = new OutlineTracer(seg, params.stackingBandPx, soft);
  const hasVoid = tracer.hasVoid || !!soft?.includes(true);
  const R = seg.regions.length;
  for (let k = 0; k < R; k++) {
    if ((k & 15) === 0) ctl.progress('boundaries', 0.5 + (0.45 * k) / Math.max(1, R));
    const colour = seg.regions[k].color;
    if (k === 0 && params.stacked && !hasVoid) {
      yield { region: k, colour, canvas: true, loops: NO_LOOPS };
      continue;
    }
    const loops = packedBoundaries(k, seg, params, tracer, soft);
    yield { region: k, colour, canvas: false, loops };
  }
}

const NO_LOOPS: PackedLoops = {
  x: new Float64Array(0),
  y: new Float64Array(0),
  n: new Int32Array(0),
  start: [0],
};

/** Closed loops (first point not repeated) of region `k`, in image pixel coordinates. */
export function regionBoundaries(
  k: number,
  seg: Segmentation,
  opts: OutlineParams,
  tracer = new OutlineTracer(seg, opts.stackingBandPx),
): NPoint[][] {
  return unpackLoops(packedBoundaries(k, seg, opts, tracer));
}

/**
 * As regionBoundaries, packed: the tracer's loops clamped to the image, their repeated last
 * samples dropped, then those too small left out (kept loops move down in place).
 */
function packedBoundaries(
  k: number,
  seg: Segmentation,
  opts: OutlineParams,
  tracer: OutlineTracer,
  /** Per region: painted see-through (hides nothing under it). */
  soft?: boolean[],
): PackedLoops {
  const loops = tracer.packedLoops(k, opts.stacked);
  const { x: X, y: Y, start } = loops;
  const kept = [0];
  let m = 0;
  for (let l = 0; l + 1 < start.length; l++) {
    const a = start[l],
      b = start[l + 1];
    // Most loops lie inside the image and where they are: then only their area is wanted.
    const end = insideArea(X, Y, a, b, seg.width, seg.height)
      ? moveLoop(loops, a, b, m)
      : clampLoop(loops, a, b, m, seg.width, seg.height);
    if (end - m >= 3 && Math.abs(packedArea(X, Y, m, end)) >= opts.minLoopAreaPx2) {
      m = end;
      kept.push(m);
    }
  }
  const out = { x: X, y: Y, n: loops.n, start: kept };
  if (opts.stacked && opts.straightenHidden) straightenHidden(out, k, seg, soft);
  return out;
}

/** Whether samples a .. b - 1 all lie within the image (0 .. w, 0 .. h). */
function insideArea(
  X: Float64Array,
  Y: Float64Array,
  a: number,
  b: number,
  w: number,
  h: number,
): boolean {
  for (let i = a; i < b; i++) if (X[i] < 0 || Y[i] < 0 || X[i] > w || Y[i] > h) return false;
  return true;
}

/**
 * Moves samples a .. b - 1 down to m (nothing to do when m = a) less the repeats of the first
 * at the end; returns the loop's new end.
 */
function moveLoop(loops: PackedLoops, a: number, b: number, m: number): number {
  const { x: X, y: Y, n: N } = loops;
  if (m !== a)
    for (let i = a, j = m; i < b; i++, j++) {
      X[j] = X[i];
      Y[j] = Y[i];
      N[j] = N[i];
    }
  let end = m + b - a;
  while (end - m > 1 && X[m] === X[end - 1] && Y[m] === Y[end - 1]) end--;
  return end;
}

/**
 * Samples a .. b - 1 clamped to the image and moved down to m, without repeats; returns the
 * loop's new end.
 */
function clampLoop(
  loops: PackedLoops,
  a: number,
  b: number,
  m: number,
  w: number,
  h: number,
): number {
  const { x: X, y: Y, n: N } = loops;
  let end = m;
  for (let i = a; i < b; i++) {
    const x = Math.min(w, Math.max(0, X[i])),
      y = Math.min(h, Math.max(0, Y[i]));
    if (end > m && X[end - 1] === x && Y[end - 1] === y) continue;
    X[end] = x;
    Y[end] = y;
    N[end] = N[i];
    end++;
  }
  while (end - m > 1 && X[m] === X[end - 1] && Y[m] === Y[end - 1]) end--;
  return end;
}

/** polygonArea of samples a .. b - 1. */
function packedArea(X: Float64Array, Y: Float64Array, a: number, b: number): number {
  let s = 0;
  for (let i = a, j = b - 1; i < b; j = i++) s += (X[j] - X[i]) * (Y[j] + Y[i]);
  return s / 2;
}

export function polygonArea(pts: Point[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += (pts[j].x - pts[i].x) * (pts[j].y + pts[i].y);
  return a / 2;
}
