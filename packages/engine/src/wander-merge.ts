/**
 * Lossy compression (JPEG's 8x8 blocks) bends a straight edge's samples a little to either
 * side over several pixels; the optimal polygon's edges run between samples, so a chord from
 * one bent sample to another misses the others by more than the polygon tolerance and one
 * straight edge comes out as several nearly collinear edges (the pieces then become curves).
 * Two neighbouring edges merge when the least-squares line of all their samples lies within
 * the polygon tolerance of every one of them (JPEG's bends leave ~0.15-0.2 px) and the offsets
 * do not bow, as a real vertex or a curve leaves them (ends on one side of the line, middle on
 * the other: the parabola term of a quadratic fit). Two polygon edges of a curve never merge:
 * the polygon already uses the tolerance, and together they bow four times as far.
 */
import { solveLinear } from './linear-solve.js';
import { reusable } from './reusable-arrays.js';
import type { Run } from './curves.js';
import { hypot } from './hypot.js';

/** Merge while the bow's sagitta is under this share of the largest offset from the line. */
const BOW_SHARE = 0.75;
/** Both edges at least this long (shorter ones are corners cut by rendering, or detail). */
const WANDER_MIN_EDGE_PX = 4;
/**
 * An edge this many times shorter than its neighbour barely moves their least-squares line:
 * when its far end is also the farthest off that line, it is the start of a bend (a round
 * end after a straight side), not wander.
 */
const WANDER_MAX_RATIO = 8;
const BEND_END_SHARE = 0.75;

/** Removes vertices from `V` (indices of samples of `A`, first and last kept) in place. */
export function mergeWanderingEdges(A: Run, V: number[], tol: number): void {
  for (let k = 1; k < V.length - 1;) {
    if (wandersAcross(A, V[k - 1], V[k], V[k + 1], tol)) V.splice(k, 1);
    else k++;
  }
}

const offsetsT = reusable((n) => new Float64Array(n));
const offsetsR = reusable((n) => new Float64Array(n));
/** Sums of t^k (S) and of t^k r (R) over a span, reused by every wandersAcross call. */
const S = new Float64Array(5),
  R = new Float64Array(3);

function wandersAcross(A: Run, a: number, v: number, b: number, tol: number): boolean {
  const { x: X, y: Y } = A;
  const ax = X[a],
    ay = Y[a],
    vx = X[v],
    vy = Y[v],
    bx = X[b],
    by = Y[b];
  const la = hypot(vx - ax, vy - ay),
    lb = hypot(bx - vx, by - vy);
  if (Math.min(la, lb) < WANDER_MIN_EDGE_PX) return false;
  const dx = bx - ax,
    dy = by - ay;
  const l = hypot(dx, dy);
  // Offsets r from the chord against the position t (0..1) along it: fit r = c0 + c1 t + c2 t².
  // The ends have r = 0, so no line passes within tol of both ends and of a vertex between
  // them that is 2 tol off the chord (the margin covers rounding).
  const tv = ((vx - ax) * dx + (vy - ay) * dy) / (l * l),
    rv = ((vx - ax) * dy - (vy - ay) * dx) / l;
  if (tv >= 0 && tv <= 1 && Math.abs(rv) > 2 * tol * (1 + 1e-6)) return false;
  const n = b - a + 1;
  const t = offsetsT(n),
    r = offsetsR(n);
  S.fill(0);
  R.fill(0);
  for (let i = 0; i < n; i++) {
    const qx = X[a + i],
      qy = Y[a + i];
    const ti = ((qx - ax) * dx + (qy - ay) * dy) / (l * l);
    const ri = ((qx - ax) * dy - (qy - ay) * dx) / l;
    t[i] = ti;
    r[i] = ri;
    for (let k = 0, p = 1; k < 5; k++, p *= ti) {
      S[k] += p;
      if (k < 3) R[k] += p * ri;
    }
  }
  const line = solveLinear([
    [S[0], S[1], R[0]],
    [S[1], S[2], R[1]],
  ]);
  const quad = solveLinear([
    [S[0], S[1], S[2], R[0]],
    [S[1], S[2], S[3], R[1]],
    [S[2], S[3], S[4], R[2]],
  ]);
  if (!line || !quad) return false;
  let most = 0;
  for (let i = 0; i < n; i++) most = Math.max(most, Math.abs(r[i] - line[0] - line[1] * t[i]));
  if (most > tol || Math.abs(quad[2]) / 4 > BOW_SHARE * most) return false;
  const shortEnd = la < lb ? 0 : n - 1;
  const endOff = Math.abs(r[shortEnd] - line[0] - line[1] * t[shortEnd]);
  return Math.max(la, lb) <= WANDER_MAX_RATIO * Math.min(la, lb) || endOff < BEND_END_SHARE * most;
}
