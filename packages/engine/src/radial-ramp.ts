/**
 * Radial ramp fit (gradients.ts): the centre is searched (pattern search from a paraboloid fit)
 * for the smallest error of colour against distance; the colour along the distance gives the
 * stops.
 */
import type { Gradient } from './types.js';
import { hypot } from './hypot.js';
import { solveNormal } from './linear-solve.js';
import type { FloatScratch } from './float-scratch.js';
import { binStops } from './ramp-stops.js';
import { thinSamples, type Samples } from './ramp-samples.js';

/** Samples a centre search evaluates, and its bound on evaluations. */
export interface CentreSearch {
  samples: number;
  evals: number;
}
const FULL_SEARCH: CentreSearch = { samples: 600, evals: 120 };
/** A quarter of the samples and a third of the evaluations: to tell a hopeless trial early. */
export const ROUGH_SEARCH: CentreSearch = { samples: 150, evals: 40 };
/** The centre search's evaluated centres, reused by every search (one runs at a time). */
const seen = new Float64Array(2 * (FULL_SEARCH.evals + 1));

/** Radial ramp: the centre with the smallest error of colour against distance; stops on r. */
export function radialRamp(
  pts: Samples,
  scratch: FloatScratch,
  search: CentreSearch = FULL_SEARCH,
): Gradient | null {
  const few = thinSamples(pts, search.samples, scratch);
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < few.n; i++) {
    x0 = Math.min(x0, few.x[i]);
    x1 = Math.max(x1, few.x[i]);
    y0 = Math.min(y0, few.y[i]);
    y1 = Math.max(y1, few.y[i]);
  }
  const size = Math.max(x1 - x0, y1 - y0, 1);
  // The centre stays near the region (far away, a radial ramp is a linear one) and the search
  // is bounded.
  const mx = (x0 + x1) / 2,
    my = (y0 + y1) / 2;
  let [cx, cy] = paraboloidCentre(few) ?? [mx, my];
  if (hypot(cx - mx, cy - my) > size) {
    cx = mx;
    cy = my;
  }
  const fit = new DistanceFit(few);
  let err = fit.errorAt(cx, cy);
  let step = size / 4;
  // The centres evaluated so far (x, y pairs): each lost to the centre of its time or was left
  // for a smaller error, so its error is at least the current one and landing on it again
  // cannot move: it is not summed again.
  seen[0] = cx;
  seen[1] = cy;
  let nSeen = 1;
  for (let evals = 0; step > 0.25 && evals < search.evals; evals += 4) {
    let moved = false;
    for (let d = 0; d < 4; d++) {
      const qx = cx + (d === 0 ? step : d === 1 ? -step : 0),
        qy = cy + (d === 2 ? step : d === 3 ? -step : 0);
      if (hypot(qx - mx, qy - my) > size || isSeen(seen, nSeen, qx, qy)) continue;
      seen[2 * nSeen] = qx;
      seen[2 * nSeen + 1] = qy;
      nSeen++;
      const e = fit.errorAt(qx, qy);
      if (e < err) {
        err = e;
        cx = qx;
        cy = qy;
        moved = true;
      }
    }
    if (!moved) step /= 2;
  }
  const t = scratch.take(pts.n);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < pts.n; i++) {
    const dx = pts.x[i] - cx,
      dy = pts.y[i] - cy;
    const r = Math.sqrt(dx * dx + dy * dy);
    t[i] = r;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
  }
  const st = binStops(pts, t, lo, hi, true);
  if (!st || st.t1 <= 0) return null;
  return { type: 'radial', cx, cy, r: st.t1, stops: st.stops };
}

function isSeen(seen: Float64Array, n: number, x: number, y: number): boolean {
  for (let i = 0; i < 2 * n; i += 2) if (seen[i] === x && seen[i + 1] === y) return true;
  return false;
}

/**
 * Centre of the paraboloid L = a + b x + c y + e (x² + y²) fitted to the channel sum. The normal
 * equations are summed in scalars as addNormalRow sums them for the row (1, x, y, x² + y²) (the
 * same products, 1 · v being v), several times faster than its loops over arrays.
 */
function paraboloidCentre(pts: Samples): [number, number] | null {
  const { n, x, y, c } = pts;
  let s1 = 0,
    sx = 0,
    sy = 0,
    sq = 0,
    sl = 0,
    sxx = 0,
    sxy = 0,
    sxq = 0,
    sxl = 0,
    syy = 0,
    syq = 0,
    syl = 0,
    sqq = 0,
    sql = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i],
      yi = y[i];
    const q = xi * xi + yi * yi;
    const l = c[i * 3] + c[i * 3 + 1] + c[i * 3 + 2];
    s1 += 1;
    sx += xi;
    sy += yi;
    sq += q;
    sl += l;
    sxx += xi * xi;
    sxy += xi * yi;
    sxq += xi * q;
    sxl += xi * l;
    syy += yi * yi;
    syq += yi * q;
    syl += yi * l;
    sqq += q * q;
    sql += q * l;
  }
  const sol = solveNormal([
    [s1, sx, sy, sq, sl],
    [0, sxx, sxy, sxq, sxl],
    [0, 0, syy, syq, syl],
    [0, 0, 0, sqq, sql],
  ]);
  if (!sol || Math.abs(sol[3]) < 1e-9) return null;
  return [-sol[1] / (2 * sol[3]), -sol[2] / (2 * sol[3])];
}

/**
 * Summed squared error of the best line c = a + b r per channel, r = distance to (cx, cy), as
 * a function of the centre: the colour sums do not depend on it and are taken once (the
 * centre search evaluates it ~100 times); sqrt, not Math.hypot, which is several times slower.
 */
class DistanceFit {
  readonly s0: number;
  readonly s1: number;
  readonly s2: number;
  /** Each channel's summed squared deviation from its mean. */
  readonly v: number;
  readonly v0: number;
  readonly v1: number;
  readonly v2: number;

  constructor(readonly pts: Samples) {
    const { n, c } = pts;
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      q0 = 0,
      q1 = 0,
      q2 = 0;
    for (let i = 0; i < n; i++) {
      const a = c[i * 3],
        b = c[i * 3 + 1],
        d = c[i * 3 + 2];
      s0 += a;
      s1 += b;
      s2 += d;
      q0 += a * a;
      q1 += b * b;
      q2 += d * d;
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.v0 = q0 - (s0 * s0) / n;
    this.v1 = q1 - (s1 * s1) / n;
    this.v2 = q2 - (s2 * s2) / n;
    this.v = this.v0 + this.v1 + this.v2;
  }

  errorAt(cx: number, cy: number): number {
    const { n, x, y, c } = this.pts;
    let sr = 0,
      srr = 0,
      r0 = 0,
      r1 = 0,
      r2 = 0;
    for (let i = 0; i < n; i++) {
      const dx = x[i] - cx,
        dy = y[i] - cy;
      const r = Math.sqrt(dx * dx + dy * dy);
      sr += r;
      srr += r * r;
      r0 += r * c[i * 3];
      r1 += r * c[i * 3 + 1];
      r2 += r * c[i * 3 + 2];
    }
    const vr = srr - (sr * sr) / n;
    if (!(vr > 1e-9)) return this.v;
    const c0 = r0 - (sr * this.s0) / n,
      c1 = r1 - (sr * this.s1) / n,
      c2 = r2 - (sr * this.s2) / n;
    return this.v0 - (c0 * c0) / vr + (this.v1 - (c1 * c1) / vr) + (this.v2 - (c2 * c2) / vr);
  }
}
