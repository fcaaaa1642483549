/**
 * Whole ellipses: a closed boundary without corners whose samples all lie within the tolerance
 * of one ellipse is written as that ellipse, four quarter cubics (the affine image of a
 * circle's quarter cubics, off the true ellipse by under 0.03% of its larger semi-axis), so
 * every writer draws it exactly the same way.
 *
 * The ellipse is the least-squares conic A x² + B xy + C y² + D x + E y + F = 0 with
 * A + C = 1 (no ellipse has A + C = 0), in coordinates centred on the samples' mean and
 * scaled to unit spread; the tolerance test uses the Sampson distance |f| / |∇f|.
 */
import type { Run } from './curves.js';
import { addNormalRow, normalMatrix, solveNormal } from './linear-solve.js';
import type { CubicSeg, Point, SubPath } from './types.js';
import { hypot } from './hypot.js';
import { runCentroid } from './polygon.js';

/** Smallest semi-axis (px) written as an ellipse; longest to shortest at most this ratio. */
const ELLIPSE_MIN_AXIS_PX = 2;
const ELLIPSE_MAX_ASPECT = 12;
/** Control arm of a quarter circle's cubic, as a fraction of the radius. */
const KAPPA = (4 / 3) * Math.tan(Math.PI / 8);

export interface Ellipse {
  cx: number;
  cy: number;
  /** Semi-axes along (cos θ, sin θ) and its perpendicular. */
  a: number;
  b: number;
  theta: number;
}

/** `ring`: the loop's n samples, then the first again. */
export function fitEllipseLoop(ring: Run, n: number, tol: number): SubPath | null {
  if (n < 12) return null;
  const { x: X, y: Y } = ring;
  const e = fitEllipse(ring, n);
  if (!e || Math.min(e.a, e.b) < ELLIPSE_MIN_AXIS_PX) return null;
  if (Math.max(e.a, e.b) > ELLIPSE_MAX_ASPECT * Math.min(e.a, e.b)) return null;
  const c = Math.cos(e.theta),
    s = Math.sin(e.theta);
  let area = 0;
  for (let i = 0; i < n; i++) {
    const dx = X[i] - e.cx,
      dy = Y[i] - e.cy;
    const u = dx * c + dy * s,
      v = -dx * s + dy * c;
    const f = (u * u) / (e.a * e.a) + (v * v) / (e.b * e.b) - 1;
    const g = 2 * hypot(u / (e.a * e.a), v / (e.b * e.b));
    if (g < 1e-12 || Math.abs(f) / g > tol) return null;
    area += X[i] * Y[i + 1] - X[i + 1] * Y[i];
  }
  const dx0 = X[0] - e.cx,
    dy0 = Y[0] - e.cy;
  const t0 = Math.atan2((-dx0 * s + dy0 * c) / e.b, (dx0 * c + dy0 * s) / e.a);
  // y down: a positive shoelace sum runs clockwise on screen, the way t increases here.
  return ellipsePath(e, t0, area > 0 ? 1 : -1);
}

/** Four quarter cubics from parameter t0, turning with `dir` (+1: increasing t). */
export function ellipsePath(e: Ellipse, t0: number, dir: 1 | -1): SubPath {
  const c = Math.cos(e.theta),
    s = Math.sin(e.theta);
  const at = (t: number): Point => {
    const u = e.a * Math.cos(t),
      v = e.b * Math.sin(t);
    return { x: e.cx + u * c - v * s, y: e.cy + u * s + v * c };
  };
  const arm = (t: number, k: number): Point => {
    const u = -e.a * Math.sin(t) * k,
      v = e.b * Math.cos(t) * k;
    return { x: u * c - v * s, y: u * s + v * c };
  };
  const start = at(t0);
  const segments: CubicSeg[] = [];
  for (let q = 0; q < 4; q++) {
    const ta = t0 + (dir * q * Math.PI) / 2,
      tb = ta + (dir * Math.PI) / 2;
    const pa = at(ta),
      pb = q === 3 ? start : at(tb);
    const da = arm(ta, dir * KAPPA),
      db = arm(tb, dir * KAPPA);
    segments.push({
      type: 'C',
      x1: pa.x + da.x,
      y1: pa.y + da.y,
      x2: pb.x - db.x,
      y2: pb.y - db.y,
      x: pb.x,
      y: pb.y,
    });
  }
  return { start, segments };
}

/** The ellipse of the samples 0 .. n - 1 of `d`. */
export function fitEllipse(d: Run, n: number): Ellipse | null {
  const { x: X, y: Y } = d;
  const { x: mx, y: my } = runCentroid(d, 0, n - 1);
  let spread = 0;
  for (let i = 0; i < n; i++) spread += hypot(X[i] - mx, Y[i] - my);
  spread /= n;
  if (spread < 1e-9) return null;
  // Normal equations of A (x² - y²) + B xy + D x + E y + F = -y² (C = 1 - A).
  const M = normalMatrix(5);
  for (let i = 0; i < n; i++) {
    const x = (X[i] - mx) / spread,
      y = (Y[i] - my) / spread;
    addNormalRow(M, [x * x - y * y, x * y, x, y, 1], -y * y);
  }
  const sol = solveNormal(M);
  if (!sol) return null;
  const [A, B, D, E, F] = sol;
  const C = 1 - A;
  const det = 4 * A * C - B * B;
  if (det <= 1e-12) return null; // not an ellipse
  const x0 = (B * E - 2 * C * D) / det,
    y0 = (B * D - 2 * A * E) / det;
  const f0 = F + (D * x0 + E * y0) / 2;
  const theta = 0.5 * Math.atan2(B, A - C);
  const ct = Math.cos(theta),
    st = Math.sin(theta);
  const l1 = A * ct * ct + B * ct * st + C * st * st,
    l2 = A * st * st - B * ct * st + C * ct * ct;
  if (l1 <= 0 || l2 <= 0 || f0 >= 0) return null;
  return {
    cx: mx + x0 * spread,
    cy: my + y0 * spread,
    a: Math.sqrt(-f0 / l1) * spread,
    b: Math.sqrt(-f0 / l2) * spread,
    theta,
  };
}
