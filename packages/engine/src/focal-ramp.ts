/**
 * Radial ramp with a focal point (gradients.ts): SVG's radialGradient with fx/fy, whose circles
 * of equal colour are not concentric but grow from the focal point F to the outer circle round
 * the centre C. A ball lit from one side is drawn so, and neither a linear nor a concentric ramp
 * explains it: it came out as rings of flat colour.
 *
 * With d = (C - F) / r, the circle through a point P at ramp distance t (in px) has its centre at
 * F + t d and radius t, so t solves |P - F - t d| = t (t / r is SVG's ramp parameter). A pattern
 * search moves F and d, from the concentric ramp's centre (d = 0), for the smallest error of the
 * colour against a broken line in t; the stops then come from the colour along t.
 */
import type { Gradient } from './types.js';
import type { FloatScratch } from './float-scratch.js';
import { binStops } from './ramp-stops.js';
import { thinSamples, type Samples } from './ramp-samples.js';
import { focalDistance } from './ramp.js';

/** Samples and evaluations of the search. */
const SAMPLES = 100;
const MAX_EVALS = 240;
/**
 * After [evaluations], the search gives up when its RMS error is over [factor] times the one
 * it must reach: a lit ball's falls to that within about 100 evaluations, while most hopeless
 * groups start and stay over 1.5 times (flag-vg-4by3 in the shared benchmark).
 */
const CHECKS = [
  [48, 2],
  [112, 1.2],
];
/** The search's first step: size / START_STEP. */
const START_STEP = 32;
/** |d| stays under this: the focal point stays well inside the outer circle. */
const MAX_ECCENTRICITY = 0.9;

/**
 * The best focal ramp found from the concentric centre (cx, cy), or null when there is none or
 * the search's RMS error (of the colour against a broken line in t) does not reach `pass`.
 */
export function focalRamp(
  pts: Samples,
  scratch: FloatScratch,
  cx: number,
  cy: number,
  pass: number,
): Gradient | null {
  const few = thinSamples(pts, SAMPLES, scratch);
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < few.n; i++) {
    const x = few.x[i],
      y = few.y[i];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  const box = { size: Math.max(x1 - x0, y1 - y0, 1), mx: (x0 + x1) / 2, my: (y0 + y1) / 2 };
  // The concentric ramp's centre may lie farther out than F may (a near-linear ramp).
  const [sx, sy] = Math.hypot(cx - box.mx, cy - box.my) <= box.size ? [cx, cy] : [box.mx, box.my];
  // The search moves F and G = F + size d, the centre of the circle at ramp distance `size`:
  // moving F alone then also turns d (F and d are strongly coupled, and a search over them
  // crawled).
  const p = [sx, sy, sx, sy];
  const fit = new SplineFit(few, scratch);
  if (!new FocalSearch(fit, box).run(p, pass)) return null;
  const fx = p[0],
    fy = p[1],
    dx = (p[2] - p[0]) / box.size,
    dy = (p[3] - p[1]) / box.size;
  const a = 1 - dx * dx - dy * dy;
  const t = scratch.take(pts.n);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < pts.n; i++) {
    const v = focalDistance(pts.x[i] - fx, pts.y[i] - fy, dx, dy, a);
    t[i] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const st = binStops(pts, t, lo, hi, true);
  if (!st || st.t1 <= 0) return null;
  const r = st.t1;
  return { type: 'radial', cx: fx + r * dx, cy: fy + r * dy, r, fx, fy, stops: st.stops };
}

/**
 * Hooke-Jeeves pattern search of p = (F, G) from steps of size / START_STEP down to a quarter
 * pixel: each coordinate a step either way, then a jump on along the way the last round moved
 * (the search follows a valley in a few jumps instead of a step a round), halving the step
 * when nothing helps. F stays within the samples' box size of its middle. Methods, not closures
 * made per search: optimised code that calls a closure is thrown away on the next search's.
 */
class FocalSearch {
  private evals = 0;

  constructor(
    private readonly fit: SplineFit,
    private readonly box: { size: number; mx: number; my: number },
  ) {}

  /**
   * Searches from p (moved to the best point found); false when it ends over the RMS error
   * `pass`, or falls behind (CHECKS).
   */
  run(p: number[], pass: number): boolean {
    const { size } = this.box;
    let check = 0;
    let err = this.errorAt(p);
    for (let step = size / START_STEP; step > 0.25 && this.evals < MAX_EVALS;) {
      if (check < CHECKS.length && this.evals >= CHECKS[check][0]) {
        if (this.fit.rms(err) > CHECKS[check][1] * pass) return false;
        check++;
      }
      const base = p.slice();
      const e = this.explore(p, err, step);
      if (!(e < err)) {
        step /= 2;
        continue;
      }
      err = e;
      // Jumps along the move while they (and the exploration round them) keep helping.
      for (let jumps = 0; jumps < 8 && this.evals < MAX_EVALS; jumps++) {
        const next = [0, 1, 2, 3].map((k) => 2 * p[k] - base[k]);
        const en = this.explore(next, this.errorAt(next), step);
        if (!(en < err)) break;
        for (let k = 0; k < 4; k++) {
          base[k] = p[k];
          p[k] = next[k];
        }
        err = en;
      }
    }
    return this.fit.rms(err) <= pass;
  }

  /** Tries each coordinate of q a step either way (kept when better); returns q's error. */
  private explore(q: number[], err: number, step: number): number {
    for (let k = 0; k < 4; k++)
      for (let sign = 1; sign >= -1; sign -= 2) {
        const was = q[k];
        q[k] = was + sign * step;
        const e = this.errorAt(q);
        if (e < err) {
          err = e;
          break;
        }
        q[k] = was;
      }
    return err;
  }

  private errorAt(q: number[]): number {
    const { size, mx, my } = this.box;
    this.evals++;
    const dx = (q[2] - q[0]) / size,
      dy = (q[3] - q[1]) / size;
    const ox = q[0] - mx,
      oy = q[1] - my;
    const inside = ox * ox + oy * oy <= size * size && dx * dx + dy * dy <= MAX_ECCENTRICITY ** 2;
    return inside ? this.fit.errorAt(q[0], q[1], dx, dy) : Infinity;
  }
}

/** Pieces of the colour's broken line along t in the search's error (SplineFit). */
const PIECES = 4;

/**
 * Summed squared error of the best broken line (PIECES pieces evenly over the samples' range of
 * t) per channel of the colour against t, the focal distance, as a function of the focal point
 * and direction: about the error of the stops fitted at the end, so the search can be held to
 * the ramp's bar part way. The hat functions' normal equations are tridiagonal, shared by the
 * channels.
 */
class SplineFit {
  /** Summed squares of all channels. */
  private readonly v: number;
  private readonly t: Float64Array;
  /**
   * Per knot, in two sets: diagonal and upper band of the normal equations, right-hand sides (3
   * channels).
   */
  private readonly diag = new Float64Array(2 * (PIECES + 1));
  private readonly upper = new Float64Array(2 * (PIECES + 1));
  private readonly rhs = new Float64Array(6 * (PIECES + 1));

  constructor(
    private readonly pts: Samples,
    scratch: FloatScratch,
  ) {
    const { n, c } = pts;
    let q = 0;
    for (let i = 0; i < 3 * n; i++) q += c[i] * c[i];
    this.v = q;
    this.t = scratch.take(n);
  }

  /** RMS error per channel from a summed squared error. */
  rms(err: number): number {
    return Math.sqrt(Math.max(0, err) / (3 * this.pts.n));
  }

  errorAt(fx: number, fy: number, dx: number, dy: number): number {
    const { n, x, y, c } = this.pts;
    const { t, diag, upper, rhs } = this;
    const a = 1 - dx * dx - dy * dy;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const v = focalDistance(x[i] - fx, y[i] - fy, dx, dy, a);
      t[i] = v;
      if (v > hi) hi = v;
    }
    if (!(hi > 0)) return Infinity;
    diag.fill(0);
    upper.fill(0);
    rhs.fill(0);
    // Consecutive samples mostly fall in the same piece: they are added into two sets of sums,
    // alternately, so that each sum waits on the one before half as often (a chain through
    // memory), and the sets are added at the end.
    const half = PIECES + 1;
    const scale = (PIECES * (1 - 1e-9)) / hi;
    for (let i = 0; i < n; i++) {
      const s = t[i] * scale;
      const j = (s | 0) + (i & 1) * half;
      const u = s - (s | 0),
        w = 1 - u;
      diag[j] += w * w;
      diag[j + 1] += u * u;
      upper[j] += w * u;
      const r = c[i * 3],
        g = c[i * 3 + 1],
        b = c[i * 3 + 2];
      const at = j * 3;
      rhs[at] += w * r;
      rhs[at + 1] += w * g;
      rhs[at + 2] += w * b;
      rhs[at + 3] += u * r;
      rhs[at + 4] += u * g;
      rhs[at + 5] += u * b;
    }
    return this.v - explained(diag, upper, rhs);
  }
}

const thomasC = new Float64Array(PIECES + 1);
const thomasD = new Float64Array(3 * (PIECES + 1));

/**
 * b . rhs summed over the channels, b solving the tridiagonal system (diag, upper) per channel
 * by the Thomas algorithm; each array holds two sets of sums, added first (SplineFit.errorAt).
 * The matrix is a Gram matrix, positive definite unless a knot has no samples near it, when a
 * tiny ridge keeps it solvable.
 */
function explained(diag: Float64Array, upper: Float64Array, rhs: Float64Array): number {
  const m = PIECES + 1;
  for (let i = 0; i < m; i++) {
    diag[i] += diag[m + i];
    upper[i] += upper[m + i];
    for (let k = 0; k < 3; k++) rhs[i * 3 + k] += rhs[(m + i) * 3 + k];
  }
  const cp = thomasC,
    dp = thomasD;
  let total = 0;
  for (let i = 0; i < m; i++) {
    const lower = i > 0 ? upper[i - 1] : 0;
    const den = diag[i] + 1e-9 - lower * (i > 0 ? cp[i - 1] : 0);
    cp[i] = i < m - 1 ? upper[i] / den : 0;
    for (let k = 0; k < 3; k++)
      dp[i * 3 + k] = (rhs[i * 3 + k] - lower * (i > 0 ? dp[(i - 1) * 3 + k] : 0)) / den;
  }
  for (let k = 0; k < 3; k++) {
    let b = 0;
    for (let i = m - 1; i >= 0; i--) {
      b = dp[i * 3 + k] - (i < m - 1 ? cp[i] * b : 0);
      total += b * rhs[i * 3 + k];
    }
  }
  return total;
}
