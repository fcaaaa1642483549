/**
 * One segment as a parametric piece: samples with their parameter t (arcs by angle, so a
 * segment and its reverse sample the very same points) and exact sub-segments between two
 * parameters (lines by lerp, cubics by de Casteljau, arcs by angle).
 */
import type { ArcSeg, Point, Segment } from '../types.js';

export interface Samples {
  t: number[];
  x: number[];
  y: number[];
}

/** Centre, radius, start angle and signed sweep of an SVG-style circular arc (null: a line). */
export function arcGeometry(
  p0: Point,
  s: ArcSeg,
): { cx: number; cy: number; r: number; a0: number; da: number } | null {
  const dx = (p0.x - s.x) / 2,
    dy = (p0.y - s.y) / 2;
  const d2 = dx * dx + dy * dy;
  let r = Math.abs(s.r);
  if (d2 === 0 || r === 0) return null;
  if (d2 > r * r) r = Math.sqrt(d2);
  const coef = (s.large === s.sweep ? -1 : 1) * Math.sqrt(Math.max(0, (r * r - d2) / d2));
  const cx = coef * dy + (p0.x + s.x) / 2,
    cy = -coef * dx + (p0.y + s.y) / 2;
  const a0 = Math.atan2(p0.y - cy, p0.x - cx);
  let da = Math.atan2(s.y - cy, s.x - cx) - a0;
  if (s.sweep && da < 0) da += 2 * Math.PI;
  if (!s.sweep && da > 0) da -= 2 * Math.PI;
  return { cx, cy, r, a0, da };
}

/** Samples of the segment from p0, within about `tol` of the true curve, first and last exact. */
export function sampleSegment(p0: Point, s: Segment, tol: number): Samples {
  const out: Samples = { t: [0], x: [p0.x], y: [p0.y] };
  const push = (t: number, p: Point) => {
    out.t.push(t);
    out.x.push(p.x);
    out.y.push(p.y);
  };
  let n = 1;
  if (s.type === 'C') {
    const est =
      Math.hypot(s.x1 - p0.x, s.y1 - p0.y) +
      Math.hypot(s.x2 - s.x1, s.y2 - s.y1) +
      Math.hypot(s.x - s.x2, s.y - s.y2);
    n = Math.max(2, Math.min(256, Math.ceil(Math.sqrt(est / tol))));
  } else if (s.type === 'A') {
    const g = arcGeometry(p0, s);
    if (g) {
      const step = 2 * Math.acos(Math.max(-1, 1 - tol / g.r));
      n = Math.max(2, Math.min(256, Math.ceil(Math.abs(g.da) / step)));
    }
  }
  for (let i = 1; i < n; i++) push(i / n, pointAt(p0, s, i / n));
  push(1, s);
  return out;
}

export function pointAt(p0: Point, s: Segment, t: number): Point {
  if (s.type === 'L') return { x: p0.x + (s.x - p0.x) * t, y: p0.y + (s.y - p0.y) * t };
  if (s.type === 'C') {
    const mt = 1 - t;
    const a = mt * mt * mt,
      b = 3 * mt * mt * t,
      c = 3 * mt * t * t,
      d = t * t * t;
    return {
      x: a * p0.x + b * s.x1 + c * s.x2 + d * s.x,
      y: a * p0.y + b * s.y1 + c * s.y2 + d * s.y,
    };
  }
  const g = arcGeometry(p0, s);
  if (!g) return { x: p0.x + (s.x - p0.x) * t, y: p0.y + (s.y - p0.y) * t };
  const a = g.a0 + g.da * t;
  return { x: g.cx + g.r * Math.cos(a), y: g.cy + g.r * Math.sin(a) };
}

/** The part of the segment from p0 between parameters t0 < t1, with its start point. */
export function subSegment(
  p0: Point,
  s: Segment,
  t0: number,
  t1: number,
): { start: Point; seg: Segment } {
  if (t0 <= 0 && t1 >= 1) return { start: p0, seg: s };
  const start = pointAt(p0, s, t0);
  const end = t1 >= 1 ? { x: s.x, y: s.y } : pointAt(p0, s, t1);
  if (s.type === 'L') return { start, seg: { type: 'L', ...end } };
  if (s.type === 'A') {
    const g = arcGeometry(p0, s);
    const large = g ? Math.abs(g.da * (t1 - t0)) > Math.PI : false;
    return { start, seg: { type: 'A', r: g ? g.r : s.r, large, sweep: s.sweep, ...end } };
  }
  // de Casteljau: the control points of [t0, t1] are the blossoms (t0,t0,t1) and (t0,t1,t1).
  const blossom = (u: number, v: number, w: number): Point => {
    const lerp = (a: Point, b: Point, k: number) => ({
      x: a.x + (b.x - a.x) * k,
      y: a.y + (b.y - a.y) * k,
    });
    const q = [p0, { x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }, { x: s.x, y: s.y }];
    const r1 = [lerp(q[0], q[1], u), lerp(q[1], q[2], u), lerp(q[2], q[3], u)];
    const r2 = [lerp(r1[0], r1[1], v), lerp(r1[1], r1[2], v)];
    return lerp(r2[0], r2[1], w);
  };
  const c1 = blossom(t0, t0, t1),
    c2 = blossom(t0, t1, t1);
  return { start, seg: { type: 'C', x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y, ...end } };
}
