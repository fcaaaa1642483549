/**
 * Stage 6, fit: each region's sub-pixel loops become closed subpaths in input px: exact pixel
 * staircases for pixel art, otherwise straight segments between sharp corners and cubic Béziers
 * elsewhere (outline-fit.ts; photos: corner-fit.ts); in cutout mode each boundary between two
 * regions is fitted once and shared by both (shared.ts).
 */
import type { RegionOutline } from './boundaries.js';
import type { CurveOptions, ImageBounds } from './curves.js';
import { fitLoopByTurning, fitOpenByTurning, fitPackedLoopByTurning } from './corner-fit.js';
import { fitLoop, fitOpen, fitPackedLoop } from './outline-fit.js';
import { loopCount, loopPoints } from './packed-loops.js';
import { SharedFitter } from './shared.js';
import type { Point, SubPath } from './types.js';

export interface FitParams {
  /**
   * 'pixel-edges': exact pixel staircases (pixel art); 'geometry': straight segments, sharp
   * corners and Béziers (outline-fit.ts); 'curves': the cheaper corner-by-turning fit (photos).
   */
  method: 'pixel-edges' | 'geometry' | 'curves';
  /** Cutout: each boundary between two regions is fitted once and shared by both. */
  shareBoundaries: boolean;
  /** Maximum distance (input px) between the boundary samples and the fitted outline. */
  tolerancePx: number;
  /** Turning above which a boundary point is kept as a sharp corner. */
  cornerAngleRad: number;
  /** Newton reparameterisation rounds before a curve is split. */
  newtonRounds: number;
  /** The edges carry compression noise (see CurveOptions). */
  noisyEdges: boolean;
  /** Working px -> input px. */
  scaleX: number;
  scaleY: number;
  /** The working image's size in input px (where the outlines are clamped). */
  boundsPx: ImageBounds;
}

/** One region's fitted outline (`canvas`: drawn as the whole canvas, see RegionOutline). */
export interface RegionShape {
  colour: number;
  canvas: boolean;
  subpaths: SubPath[];
}

export function fitOutlines(outlines: Iterable<RegionOutline>, params: FitParams): RegionShape[] {
  const { scaleX, scaleY } = params;
  const curves: CurveOptions = {
    tolerancePx: params.tolerancePx,
    cornerAngleRad: params.cornerAngleRad,
    newtonRounds: params.newtonRounds,
    noisyEdges: params.noisyEdges,
    bounds: params.boundsPx,
  };
  const fitters =
    params.method === 'curves'
      ? { loop: fitLoopByTurning, open: fitOpenByTurning }
      : { loop: fitLoop, open: fitOpen };
  const shared = params.shareBoundaries ? new SharedFitter(curves, fitters) : null;
  const shapes: RegionShape[] = [];
  for (const { region, colour, canvas, loops } of outlines) {
    const subpaths: SubPath[] = [];
    for (let i = 0; i < loopCount(loops); i++) {
      if (params.method === 'pixel-edges') {
        subpaths.push(scaleSubPath(pixelPolygon(loopPoints(loops, i)), scaleX, scaleY));
        continue;
      }
      if (!shared) {
        const fitPacked = params.method === 'curves' ? fitPackedLoopByTurning : fitPackedLoop;
        subpaths.push(fitPacked(loops, i, scaleX, scaleY, curves));
        continue;
      }
      subpaths.push(shared.fit(region, loopPoints(loops, i, scaleX, scaleY)));
    }
    shapes.push({ colour, canvas, subpaths });
  }
  return shapes;
}

/**
 * Pixel-art outlines: the iso-line of a hard (0/1) field runs through pixel-edge midpoints
 * and cuts each pixel corner diagonally; putting the corner back (the grid point between two
 * consecutive midpoints) gives the exact pixel staircase, then collinear runs merge into
 * single straight segments.
 */
export function pixelPolygon(pts: Point[]): SubPath {
  const isInt = (v: number) => Math.abs(v - Math.round(v)) < 1e-6;
  const out: Point[] = [];
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    const p = pts[i],
      q = pts[(i + 1) % n];
    out.push(p);
    if (Math.abs(p.x - q.x) > 1e-6 && Math.abs(p.y - q.y) > 1e-6) {
      out.push(isInt(p.x) && isInt(q.y) ? { x: p.x, y: q.y } : { x: q.x, y: p.y });
    }
  }
  // Drop points lying on the straight line between their neighbours.
  const keep: Point[] = [];
  for (let i = 0; i < out.length; i++) {
    const a = out[(i - 1 + out.length) % out.length],
      p = out[i],
      b = out[(i + 1) % out.length];
    const cross = (p.x - a.x) * (b.y - p.y) - (p.y - a.y) * (b.x - p.x);
    if (Math.abs(cross) > 1e-9) keep.push(p);
  }
  const poly = keep.length >= 3 ? keep : out;
  return {
    start: { ...poly[0] },
    segments: [...poly.slice(1), poly[0]].map((p) => ({ type: 'L' as const, x: p.x, y: p.y })),
  };
}

function scaleSubPath(sp: SubPath, sx: number, sy: number): SubPath {
  if (sx === 1 && sy === 1) return sp;
  return {
    start: { x: sp.start.x * sx, y: sp.start.y * sy },
    segments: sp.segments.map((g) =>
      g.type === 'C'
        ? {
            ...g,
            x1: g.x1 * sx,
            y1: g.y1 * sy,
            x2: g.x2 * sx,
            y2: g.y2 * sy,
            x: g.x * sx,
            y: g.y * sy,
          }
        : { ...g, x: g.x * sx, y: g.y * sy },
    ),
  };
}
