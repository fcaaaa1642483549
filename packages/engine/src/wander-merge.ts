/**
 * Lossy compression (JPEG's 8x8 blocks) bends a straight edge's samples a few tenths of a
 * pixel to either side over several pixels, more than the optimal polygon's tolerance on
 * anti-aliased boundaries, so one straight edge comes out as several nearly collinear edges
 * (and the pieces become curves). Two neighbouring edges merge when every sample between
 * their outer vertices lies within WANDER_TOL_PX of the samples' least-squares line and the
 * offsets do not bow: a real vertex, or a curve, leaves them in a bow (ends on one side of
 * the line, middle on the other), which the parabola term of a quadratic fit measures, while
 * wander goes to and fro. A bow of at most BOW_PER_PX of the length (a turn under ~2°) merges
 * too. A curve's optimal polygon already uses the polygon tolerance, so its edges never merge:
 * two of them together bow four times as far.
 */
import type { Point } from './types.js';

const WANDER_TOL_PX = 0.45;
/** Merge while the bow's sagitta is under this share of the largest offset from the line. */
const BOW_SHARE = 0.75;
const BOW_PER_PX = 0.01;
/** Both edges at least this long (shorter ones are corners cut by rendering, or detail). */
const WANDER_MIN_EDGE_PX = 4;

/** Removes vertices from `V` (indices into `A`, first and last kept) in place. */
export function mergeWanderingEdges(A: Point[], V: number[]): void {
  for (let k = 1; k < V.length - 1;) {
    if (wandersAcross(A, V[k - 1], V[k], V[k + 1])) V.splice(k, 1);
    else k++;
  }
}

function wandersAcross(A: Point[], a: number, v: number, b: number): boolean {
  const pa = A[a],
    pv = A[v],
    pb = A[b];
  if (Math.hypot(pv.x - pa.x, pv.y - pa.y) < WANDER_MIN_EDGE_PX) return false;
  if (Math.hypot(pb.x - pv.x, pb.y - pv.y) < WANDER_MIN_EDGE_PX) return false;
  const dx = pb.x - pa.x,
    dy = pb.y - pa.y;
  const l = Math.hypot(dx, dy);
  // Offsets r from the chord against the position t (0..1) along it: fit r = c0 + c1 t + c2 t².
  const n = b - a + 1;
  const t = new Float64Array(n),
    r = new Float64Array(n);
  const S = new Float64Array(5),
    R = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    const q = A[a + i];
    const ti = ((q.x - pa.x) * dx + (q.y - pa.y) * dy) / (l * l);
    const ri = ((q.x - pa.x) * dy - (q.y - pa.y) * dx) / l;
    t[i] = ti;
    r[i] = ri;
    for (let k = 0, p = 1; k < 5; k++, p *= ti) {
      S[k] += p;
      if (k < 3) R[k] += p * ri;
    }
  }
  const line = solve2(S[0], S[1], S[2], R[0], R[1]);
  const quad = solve3(S, R);
  if (!line || !quad) return false;
  let most = 0;
  for (let i = 0; i < n; i++) most = Math.max(most, Math.abs(r[i] - line[0] - line[1] * t[i]));
  if (most > WANDER_TOL_PX) return false;
  const bow = Math.abs(quad[2]) / 4;
  return bow <= BOW_SHARE * most || bow <= BOW_PER_PX * l;
}

function solve2(a: number, b: number, c: number, u: number, v: number): number[] | null {
  const det = a * c - b * b;
  return Math.abs(det) < 1e-12 ? null : [(u * c - b * v) / det, (a * v - b * u) / det];
}

/** The normal equations of a quadratic fit: moments S[0..4], right-hand side R[0..2]. */
function solve3(S: Float64Array, R: Float64Array): number[] | null {
  const m = [
    [S[0], S[1], S[2]],
    [S[1], S[2], S[3]],
    [S[2], S[3], S[4]],
  ];
  const det = (M: number[][]) =>
    M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) -
    M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
    M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0]);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  return [0, 1, 2].map((c) => det(m.map((row, i) => row.map((x, j) => (j === c ? R[i] : x)))) / d);
}
