/**
 * Partial circular arcs: a smooth run between two fixed end points that bends at constant
 * curvature becomes one arc (or a few, see below) instead of cubics. The circle through both
 * end points has its centre on their perpendicular bisector, so one unknown remains: the
 * centre's offset s along the bisector, which the algebraic fit
 * min Σ (|Q - C|² - R²)² makes linear in s.
 */
import type { Run } from './curves.js';
import { reusable } from './reusable-arrays.js';
import type { ArcSeg, Point } from './types.js';
import { hypot } from './hypot.js';

/** Smallest radius (px) written as an arc; tighter bends stay cubics. */
const ARC_MIN_RADIUS_PX = 2;
/**
 * Pieces of at most 120°: near 180° an arc's centre is ill-conditioned once its end points
 * are rounded (a chord a hair under the diameter moves the centre by sqrt(r * error)).
 */
const ARC_MAX_PIECE_RAD = (2 * Math.PI) / 3;
/** An arc joining a straight segment smoothly must leave in its direction within this. */
const TANGENT_COS = Math.cos((12 * Math.PI) / 180);

const stepBuf = reusable((n) => new Float64Array(n));

/**
 * The arcs from sample 0 to sample m - 1 of `d` when every sample lies within `tol` of one
 * circle, in order along it; null otherwise. `t1`/`t2` (unit, pointing into the run from its
 * start / end) are required end directions when given.
 */
export function fitArc(d: Run, m: number, tol: number, t1?: Point, t2?: Point): ArcSeg[] | null {
  if (m < 6) return null;
  const { x: X, y: Y } = d;
  const p0 = { x: X[0], y: Y[0] },
    p1 = { x: X[m - 1], y: Y[m - 1] };
  const mx = (p0.x + p1.x) / 2,
    my = (p0.y + p1.y) / 2;
  const h = hypot(p1.x - p0.x, p1.y - p0.y) / 2;
  if (h < 1e-6) return null;
  const ux = -(p1.y - p0.y) / (2 * h),
    uy = (p1.x - p0.x) / (2 * h);
  let aw = 0,
    ww = 0;
  for (let i = 1; i < m - 1; i++) {
    const qx = X[i] - mx,
      qy = Y[i] - my;
    const w = qx * ux + qy * uy;
    aw += (qx * qx + qy * qy - h * h) * w;
    ww += w * w;
  }
  if (ww < 1e-12) return null;
  const s = aw / (2 * ww);
  const cx = mx + s * ux,
    cy = my + s * uy;
  const r = hypot(h, s);
  if (r < ARC_MIN_RADIUS_PX) return null;
  // Walk the samples' angles: they must advance one way, and all lie on the circle.
  const a0 = Math.atan2(p0.y - cy, p0.x - cx);
  const steps = stepBuf(m);
  let prev = a0,
    total = 0;
  for (let i = 1; i < m; i++) {
    const qx = X[i],
      qy = Y[i];
    if (Math.abs(hypot(qx - cx, qy - cy) - r) > tol) return null;
    const a = Math.atan2(qy - cy, qx - cx);
    let step = a - prev;
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    steps[i - 1] = step;
    total += step;
    prev = a;
  }
  if (Math.abs(total) >= 2 * Math.PI - 1e-6) return null;
  const back = -Math.sign(total);
  for (let i = 0; i < m - 1; i++) if (back * steps[i] * r > tol) return null;
  // A nearly flat run is a line or a cubic's business.
  if (r * (1 - Math.cos(total / 2)) < tol) return null;
  const sweep = total > 0; // y down: increasing angle turns clockwise on screen (SVG sweep 1)
  const sg = sweep ? 1 : -1;
  const tangentAt = (a: number): Point => ({ x: -Math.sin(a) * sg, y: Math.cos(a) * sg });
  const dotp = (a: Point, b: Point) => a.x * b.x + a.y * b.y;
  if (t1 && dotp(tangentAt(a0), t1) < TANGENT_COS) return null;
  if (t2) {
    const te = tangentAt(a0 + total);
    if (dotp({ x: -te.x, y: -te.y }, t2) < TANGENT_COS) return null;
  }
  const n = Math.ceil(Math.abs(total) / ARC_MAX_PIECE_RAD - 1e-9);
  const arcs: ArcSeg[] = [];
  for (let k = 1; k <= n; k++) {
    const a = a0 + (total * k) / n;
    const end = k === n ? p1 : { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
    arcs.push({ type: 'A', r, large: false, sweep, x: end.x, y: end.y });
  }
  return arcs;
}
