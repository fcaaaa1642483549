/**
 * The photo fit (cheaper, and kept as it was before the geometry fit): corners are samples
 * where the direction turns by more than the corner threshold between neighbours two samples
 * away (a local maximum of turning); a corner between two straight runs moves to the
 * intersection of the two fitted lines; between corners, curves.ts fits cubics, and nearly
 * straight runs become lines. Photo boundaries are wiggly and rarely straight, so the optimal
 * polygon of outline-fit.ts would cost time without making them any better.
 */
import {
  fitRun,
  isRunStraight,
  polygon,
  reusableRun,
  runEndTangent,
  runOfPoints,
  runRingTangent,
  type CurveOptions,
  type Run,
} from './curves.js';
import { loopPoints, type PackedLoopFit } from './packed-loops.js';
import { edgeLineFit, intersect, type Line } from './polygon.js';
import { reusable } from './reusable-arrays.js';
import type { Point, Segment, SubPath } from './types.js';

const hyp = (x: number, y: number) => Math.sqrt(x * x + y * y);
const len = (a: Point) => Math.sqrt(a.x * a.x + a.y * a.y);
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const mul = (a: Point, s: number): Point => ({ x: a.x * s, y: a.y * s });

export function fitLoopByTurning(pts: Point[], opts: CurveOptions): SubPath {
  const n = pts.length;
  if (n < 5) return polygon(pts);
  return fitRingByTurning(loopRun(pts), n, opts);
}

/** fitLoopByTurning of loop i, its coordinates scaled by sx, sy. */
export const fitPackedLoopByTurning: PackedLoopFit = (loops, i, sx, sy, opts) => {
  const a = loops.start[i],
    n = loops.start[i + 1] - a;
  if (n < 5) return polygon(loopPoints(loops, i, sx, sy));
  const ring = ringRun(2 * n);
  const { x, y } = ring;
  const { x: X, y: Y } = loops;
  for (let j = 0; j < n; j++) {
    x[j] = x[j + n] = sx === 1 ? X[a + j] : X[a + j] * sx;
    y[j] = y[j + n] = sy === 1 ? Y[a + j] : Y[a + j] * sy;
  }
  return fitRingByTurning(ring, n, opts);
};

/** The fit of a loop of n > 4 samples, given twice round in `ring` (edited). */
function fitRingByTurning(ring: Run, n: number, opts: CurveOptions): SubPath {
  const { x: X, y: Y } = ring;
  const corners = cornersOf(ring, n, opts.cornerAngleRad);
  const segs: Segment[] = [];
  if (corners.length === 0) {
    const t = runRingTangent(ring, n, 0);
    fitRun(ring, 0, n, t, mul(t, -1), opts.tolerancePx, segs, opts.newtonRounds);
    return { start: { x: X[0], y: Y[0] }, segments: segs };
  }
  // Span c runs from corner c round to the next one (all the way round when there is only
  // one): samples first[c]..last[c] of the ring.
  const C = corners.length;
  const first = corners,
    last = corners.map((a, c) => {
      const b = corners[(c + 1) % C];
      return b > a ? b : b + n;
    });
  // Potrace-style vertex adjustment: a corner between two straight runs goes to the
  // intersection of the two lines (kept close to the sampled corner).
  const straight = first.map((a, c) => isRunStraight(ring, a, last[c], opts.tolerancePx));
  const cornerPt: Point[] = corners.map((ci) => ({ x: X[ci], y: Y[ci] }));
  const lines: Line[] = [];
  const lineOf = (c: number) => (lines[c] ??= edgeLineFit(ring, first[c], last[c], opts.bounds));
  for (let c = 0; c < C; c++) {
    const before = (c - 1 + C) % C;
    if (!straight[before] || !straight[c]) continue;
    const p = intersect(lineOf(before), lineOf(c));
    if (p && len(sub(p, { x: X[corners[c]], y: Y[corners[c]] })) < 1.5) cornerPt[c] = p;
  }
  // Each span starts and ends at its (adjusted) corners; the lines are fitted already.
  for (let c = 0; c < C; c++) {
    const i = corners[c];
    X[i] = X[i + n] = cornerPt[c].x;
    Y[i] = Y[i + n] = cornerPt[c].y;
  }
  for (let c = 0; c < C; c++) {
    const end = cornerPt[(c + 1) % C];
    if (straight[c]) {
      segs.push({ type: 'L', x: end.x, y: end.y });
      continue;
    }
    const a = first[c],
      b = last[c];
    const t1 = runEndTangent(ring, a, b, a, 1);
    const t2 = runEndTangent(ring, a, b, b, -1);
    fitRun(ring, a, b, t1, t2, opts.tolerancePx, segs, opts.newtonRounds);
  }
  return { start: cornerPt[0], segments: segs };
}

const ringRun = reusableRun();
const chainRun = reusableRun();

/** The loop's coordinates twice round (sample i again at i + n), so every span is one run. */
function loopRun(pts: Point[]): Run {
  const n = pts.length;
  const ring = ringRun(2 * n);
  const { x, y } = ring;
  for (let i = 0; i < n; i++) {
    const p = pts[i];
    x[i] = x[i + n] = p.x;
    y[i] = y[i + n] = p.y;
  }
  return ring;
}

const segBuf = reusable((n) => new Float64Array(n));
const angBuf = reusable((n) => new Float32Array(n));
const backBuf = reusable((n) => new Int32Array(n));
const fwdBuf = reusable((n) => new Int32Array(n));

export function cornersByTurning(pts: Point[], thr: number): number[] {
  return cornersOf(loopRun(pts), pts.length, thr);
}

/** The corners of the loop whose n samples start the ring. */
function cornersOf(ring: Run, n: number, thr: number): number[] {
  const { x: X, y: Y } = ring;
  const L = 1.8;
  const maxSteps = n / 3;
  // seg[i]: the distance from sample i to the next one (wrapping round).
  const seg = segBuf(n);
  for (let i = 0; i < n; i++) {
    const q = i + 1 === n ? 0 : i + 1;
    seg[i] = hyp(X[q] - X[i], Y[q] - Y[i]);
  }
  const smoothTan = surelyBelowTan(thr);
  const ang = angBuf(n),
    back = backBuf(n),
    fwd = fwdBuf(n);
  for (let i = 0; i < n; i++) {
    let j = i,
      d = 0;
    for (let s = 0; d < L && s < maxSteps; s++) {
      j = j === 0 ? n - 1 : j - 1;
      d += seg[j];
    }
    let k = i,
      e = 0;
    for (let s = 0; e < L && s < maxSteps; s++) {
      e += seg[k];
      k = k + 1 === n ? 0 : k + 1;
    }
    back[i] = j;
    fwd[i] = k;
    ang[i] = 0;
    const px = X[i],
      py = Y[i];
    const v1x = px - X[j],
      v1y = py - Y[j],
      v2x = X[k] - px,
      v2y = Y[k] - py;
    const cross = v1x * v2y - v1y * v2x,
      dot = v1x * v2x + v1y * v2y;
    // Only turns above the threshold are compared, so a clearly smooth one can stay 0.
    if (Math.abs(cross) < smoothTan * dot) continue;
    if (hyp(v1x, v1y) * hyp(v2x, v2y) < 1e-9) continue;
    ang[i] = Math.abs(Math.atan2(cross, dot));
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    if (ang[i] <= thr) continue;
    let isMax = true;
    // The windows on either side hold under n / 2 samples each, so j is before i until it passes i.
    let before = true;
    for (let j = back[i]; j !== fwd[i] && isMax; j = j + 1 === n ? 0 : j + 1) {
      if (j === i) {
        before = false;
        continue;
      }
      if (ang[j] > ang[i] || (ang[j] === ang[i] && before)) isMax = false;
    }
    if (isMax) out.push(i);
  }
  return out;
}

/**
 * A bound t such that |cross| < t · dot proves the turn angle well below `thr` (margin for the
 * rounding of atan2 and of the Float32 angle), or 0 when no such shortcut is safe.
 */
function surelyBelowTan(thr: number): number {
  if (!(thr > 0)) return 0;
  return Math.tan(Math.min(thr, 1.5) * (1 - 1e-6)) * (1 - 1e-9);
}

/** Fits an open chain (endpoints kept exactly): corners inside it, then lines and cubics. */
export function fitOpenByTurning(pts: Point[], opts: CurveOptions): Segment[] {
  const n = pts.length;
  const line = (p: Point): Segment => ({ type: 'L', x: p.x, y: p.y });
  if (n < 5) return pts.slice(1).map(line);
  const cs = cornersByTurning(pts, opts.cornerAngleRad).filter((i) => i >= 2 && i <= n - 3);
  const idx = [0, ...cs, n - 1];
  const run = runOfPoints(pts, chainRun);
  const segs: Segment[] = [];
  for (let k = 0; k + 1 < idx.length; k++) {
    const a = idx[k],
      b = idx[k + 1];
    if (b - a < 2 || isRunStraight(run, a, b, opts.tolerancePx)) {
      segs.push(line(pts[b]));
      continue;
    }
    const t1 = runEndTangent(run, a, b, a, 1),
      t2 = runEndTangent(run, a, b, b, -1);
    fitRun(run, a, b, t1, t2, opts.tolerancePx, segs, opts.newtonRounds);
  }
  return segs;
}
