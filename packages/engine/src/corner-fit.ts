/**
 * The photo fit (cheaper, and kept as it was before the geometry fit): corners are samples
 * where the direction turns by more than the corner threshold between neighbours two samples
 * away (a local maximum of turning); a corner between two straight runs moves to the
 * intersection of the two fitted lines; between corners, curves.ts fits cubics, and nearly
 * straight runs become lines. Photo boundaries are wiggly and rarely straight, so the optimal
 * polygon of outline-fit.ts would cost time without making them any better.
 */
import {
  centreTangent,
  endTangent,
  fitSpan,
  isStraight,
  polygon,
  type CurveOptions,
} from './curves.js';
import { intersect, lineFit } from './polygon.js';
import type { Point, Segment, SubPath } from './types.js';

const hyp = (x: number, y: number) => Math.sqrt(x * x + y * y);
const len = (a: Point) => Math.sqrt(a.x * a.x + a.y * a.y);
const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const mul = (a: Point, s: number): Point => ({ x: a.x * s, y: a.y * s });
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y;

export function fitLoopByTurning(pts: Point[], opts: CurveOptions): SubPath {
  const n = pts.length;
  if (n < 5) return polygon(pts);
  const corners = cornersByTurning(pts, opts.cornerAngleRad);
  const segs: Segment[] = [];
  if (corners.length === 0) {
    const ring = [...pts, pts[0]];
    const t = centreTangent(ring, 0, true);
    fitSpan(ring, t, mul(t, -1), opts.tolerancePx, segs, opts.newtonRounds);
    return { start: { ...pts[0] }, segments: segs };
  }
  const spans: Point[][] = [];
  for (let c = 0; c < corners.length; c++) {
    const a = corners[c],
      b = corners[(c + 1) % corners.length];
    const span: Point[] = [];
    for (let i = a; ; i = (i + 1) % n) {
      span.push(pts[i]);
      if (i === b && span.length > 1) break;
    }
    spans.push(span);
  }
  // Potrace-style vertex adjustment: a corner between two straight runs goes to the
  // intersection of the two lines (kept close to the sampled corner).
  const straight = spans.map((s) => isStraight(s, opts.tolerancePx));
  const cornerPt: Point[] = corners.map((ci) => ({ ...pts[ci] }));
  for (let c = 0; c < corners.length; c++) {
    const before = spans[(c - 1 + spans.length) % spans.length];
    const after = spans[c];
    if (!straight[(c - 1 + spans.length) % spans.length] || !straight[c]) continue;
    const p = intersect(lineFit(before), lineFit(after));
    if (p && len(sub(p, pts[corners[c]])) < 1.5) cornerPt[c] = p;
  }
  for (let c = 0; c < spans.length; c++) {
    const span = spans[c].slice();
    span[0] = cornerPt[c];
    span[span.length - 1] = cornerPt[(c + 1) % corners.length];
    if (straight[c]) {
      segs.push({ type: 'L', x: span[span.length - 1].x, y: span[span.length - 1].y });
      continue;
    }
    const t1 = endTangent(span, 0, 1);
    const t2 = endTangent(span, span.length - 1, -1);
    fitSpan(span, t1, t2, opts.tolerancePx, segs, opts.newtonRounds);
  }
  return { start: cornerPt[0], segments: segs };
}

export function cornersByTurning(pts: Point[], thr: number): number[] {
  const n = pts.length;
  const L = 1.8;
  const ang = new Float32Array(n);
  const back = new Int32Array(n),
    fwd = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let j = i,
      d = 0;
    while (d < L && (i - j + n) % n < n / 3) {
      const pj = pts[j];
      j = (j - 1 + n) % n;
      d += hyp(pj.x - pts[j].x, pj.y - pts[j].y);
    }
    let k = i,
      e = 0;
    while (e < L && (k - i + n) % n < n / 3) {
      const pk = pts[k];
      k = (k + 1) % n;
      e += hyp(pts[k].x - pk.x, pts[k].y - pk.y);
    }
    back[i] = j;
    fwd[i] = k;
    const v1 = sub(pts[i], pts[j]),
      v2 = sub(pts[k], pts[i]);
    if (len(v1) * len(v2) < 1e-9) continue;
    ang[i] = Math.abs(Math.atan2(v1.x * v2.y - v1.y * v2.x, dot(v1, v2)));
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    if (ang[i] <= thr) continue;
    let isMax = true;
    for (let j = back[i]; j !== fwd[i] && isMax; j = (j + 1) % n) {
      if (j === i) continue;
      const before = (i - j + n) % n < (j - i + n) % n;
      if (ang[j] > ang[i] || (ang[j] === ang[i] && before)) isMax = false;
    }
    if (isMax) out.push(i);
  }
  return out;
}

/** Fits an open chain (endpoints kept exactly): corners inside it, then lines and cubics. */
export function fitOpenByTurning(pts: Point[], opts: CurveOptions): Segment[] {
  const n = pts.length;
  const line = (p: Point): Segment => ({ type: 'L', x: p.x, y: p.y });
  if (n < 5) return pts.slice(1).map(line);
  const cs = cornersByTurning(pts, opts.cornerAngleRad).filter((i) => i >= 2 && i <= n - 3);
  const idx = [0, ...cs, n - 1];
  const segs: Segment[] = [];
  for (let k = 0; k + 1 < idx.length; k++) {
    const span = pts.slice(idx[k], idx[k + 1] + 1);
    if (span.length <= 2 || isStraight(span, opts.tolerancePx)) {
      segs.push(line(span[span.length - 1]));
      continue;
    }
    fitSpan(
      span,
      endTangent(span, 0, 1),
      endTangent(span, span.length - 1, -1),
      opts.tolerancePx,
      segs,
      opts.newtonRounds,
    );
  }
  return segs;
}
