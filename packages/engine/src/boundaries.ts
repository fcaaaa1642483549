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
import { OutlineTracer, type NPoint } from './outline-tracer.js';

export interface OutlineParams {
  /** 'stacked': regions extend under later ones; 'cutout': exact tiling. */
  stacked: boolean;
  /** Stacked: how far (px) a region's mask extends under later-painted neighbours. */
  stackingBandPx: number;
  /** Loops enclosing less area than this (px²) are dropped. */
  minLoopAreaPx2: number;
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
  loops: NPoint[][];
}

/**
 * The boundaries stage, lazily region by region, so only one region's dense loops exist at a
 * time (bounded memory on big images).
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
      yield { region: k, colour, canvas: true, loops: [] };
      continue;
    }
    const loops = regionBoundaries(k, seg, params, tracer);
    yield { region: k, colour, canvas: false, loops };
  }
}

/** Closed loops (first point not repeated) of region `k`, in image pixel coordinates. */
export function regionBoundaries(
  k: number,
  seg: Segmentation,
  opts: OutlineParams,
  tracer = new OutlineTracer(seg, opts.stackingBandPx),
): NPoint[][] {
  const { width: w, height: h } = seg;
  const out: NPoint[][] = [];
  for (const loop of tracer.loops(k, opts.stacked)) {
    const clipped = loop.some((q) => q.x < 0 || q.y < 0 || q.x > w || q.y > h)
      ? clampToImage(loop, w, h)
      : loop;
    while (
      clipped.length > 1 &&
      clipped[0].x === clipped[clipped.length - 1].x &&
      clipped[0].y === clipped[clipped.length - 1].y
    )
      clipped.pop();
    if (clipped.length >= 3 && Math.abs(polygonArea(clipped)) >= opts.minLoopAreaPx2)
      out.push(clipped);
  }
  return out;
}

/** The loop clamped to the image in place (its points are new), without repeated points. */
function clampToImage(loop: NPoint[], w: number, h: number): NPoint[] {
  const clipped: NPoint[] = [];
  for (const q of loop) {
    q.x = Math.min(w, Math.max(0, q.x));
    q.y = Math.min(h, Math.max(0, q.y));
    const last = clipped[clipped.length - 1];
    if (!last || last.x !== q.x || last.y !== q.y) clipped.push(q);
  }
  return clipped;
}

export function polygonArea(pts: Point[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += (pts[j].x - pts[i].x) * (pts[j].y + pts[i].y);
  return a / 2;
}
