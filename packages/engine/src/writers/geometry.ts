/**
 * Shared geometry for the writers: arcs to cubics (SVG endpoint parameterisation, circular,
 * unrotated), curve flattening by uniform subdivision within a chord tolerance, and the
 * page-size computation in points.
 */
import type { CubicSeg, Point, Segment, SubPath, VectorDoc, WriteOptions } from '../types.js';

export function arcToCubics(
  x0: number,
  y0: number,
  s: Extract<Segment, { type: 'A' }>,
): CubicSeg[] {
  const { x, y } = s;
  let r = Math.abs(s.r);
  const dx = (x0 - x) / 2,
    dy = (y0 - y) / 2;
  const d2 = dx * dx + dy * dy;
  if (d2 === 0) return [];
  if (r === 0) return [{ type: 'C', x1: x0, y1: y0, x2: x, y2: y, x, y }];
  if (d2 > r * r) r = Math.sqrt(d2);
  const sign = s.large === s.sweep ? -1 : 1;
  const coef = sign * Math.sqrt(Math.max(0, (r * r - d2) / d2));
  // Centre: midpoint + coef * (perpendicular of (dx, dy)) with SVG's convention.
  const ccx = coef * dy + (x0 + x) / 2;
  const ccy = -coef * dx + (y0 + y) / 2;
  const a0 = Math.atan2(y0 - ccy, x0 - ccx);
  let da = Math.atan2(y - ccy, x - ccx) - a0;
  if (s.sweep && da < 0) da += 2 * Math.PI;
  if (!s.sweep && da > 0) da -= 2 * Math.PI;
  const n = Math.max(1, Math.ceil(Math.abs(da) / (Math.PI / 2) - 1e-9));
  const step = da / n;
  const k = (4 / 3) * Math.tan(step / 4);
  const out: CubicSeg[] = [];
  let a = a0;
  for (let i = 0; i < n; i++) {
    const c1 = Math.cos(a),
      s1 = Math.sin(a),
      c2 = Math.cos(a + step),
      s2 = Math.sin(a + step);
    out.push({
      type: 'C',
      x1: ccx + r * (c1 - k * s1),
      y1: ccy + r * (s1 + k * c1),
      x2: ccx + r * (c2 + k * s2),
      y2: ccy + r * (s2 - k * c2),
      x: ccx + r * c2,
      y: ccy + r * s2,
    });
    a += step;
  }
  out[out.length - 1].x = x;
  out[out.length - 1].y = y;
  return out;
}

/** Lines and cubics only (arcs converted). */
export function normalise(sp: SubPath): Exclude<Segment, { type: 'A' }>[] {
  const out: Exclude<Segment, { type: 'A' }>[] = [];
  let cx = sp.start.x,
    cy = sp.start.y;
  for (const s of sp.segments) {
    if (s.type === 'A') out.push(...arcToCubics(cx, cy, s));
    else out.push(s);
    cx = s.x;
    cy = s.y;
  }
  return out;
}

/** Polygon approximation of a closed subpath (first point not repeated). */
export function flatten(sp: SubPath, tol = 0.25): Point[] {
  const pts: Point[] = [{ ...sp.start }];
  let cx = sp.start.x,
    cy = sp.start.y;
  for (const s of normalise(sp)) {
    if (s.type === 'C') {
      const est =
        Math.hypot(s.x1 - cx, s.y1 - cy) +
        Math.hypot(s.x2 - s.x1, s.y2 - s.y1) +
        Math.hypot(s.x - s.x2, s.y - s.y2);
      const n = Math.max(2, Math.min(64, Math.ceil(Math.sqrt(est / tol))));
      for (let i = 1; i <= n; i++) {
        const t = i / n,
          mt = 1 - t;
        pts.push({
          x: mt * mt * mt * cx + 3 * mt * mt * t * s.x1 + 3 * mt * t * t * s.x2 + t * t * t * s.x,
          y: mt * mt * mt * cy + 3 * mt * mt * t * s.y1 + 3 * mt * t * t * s.y2 + t * t * t * s.y,
        });
      }
    } else {
      pts.push({ x: s.x, y: s.y });
    }
    cx = s.x;
    cy = s.y;
  }
  const f = pts[0],
    l = pts[pts.length - 1];
  if (pts.length > 1 && Math.abs(f.x - l.x) < 1e-9 && Math.abs(f.y - l.y) < 1e-9) pts.pop();
  return pts;
}

const PT_PER_UNIT: Record<string, number> = {
  px: 0.75,
  pt: 1,
  in: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
};
const UNIT_PER_PX: Record<string, number> = {
  px: 1,
  pt: 0.75,
  in: 1 / 96,
  cm: 2.54 / 96,
  mm: 25.4 / 96,
};

/** Output size in the requested units and in PostScript points. */
export function pageSize(
  doc: VectorDoc,
  opts: WriteOptions,
): { w: number; h: number; units: string; wPt: number; hPt: number } {
  const units = opts.units ?? 'px';
  const per = UNIT_PER_PX[units] ?? 1;
  let w = doc.width * per,
    h = doc.height * per;
  if (opts.width && opts.height) {
    w = opts.width;
    h = opts.height;
  } else if (opts.width) {
    h = (opts.width * doc.height) / doc.width;
    w = opts.width;
  } else if (opts.height) {
    w = (opts.height * doc.width) / doc.height;
    h = opts.height;
  }
  const k = PT_PER_UNIT[units] ?? 0.75;
  return { w, h, units, wPt: w * k, hPt: h * k };
}

export function hexToRgb(c: string): [number, number, number] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
