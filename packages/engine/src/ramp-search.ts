/**
 * The search behind the shaped radial ramps (focal-ramp.ts, elliptic-ramp.ts): a shape maps
 * four parameters to a ramp distance per sample, and the search looks for the parameters with
 * the smallest error of the colour against a broken line in that distance; the stops are then
 * taken from the colour along it.
 */
import type { FloatScratch } from './float-scratch.js';
import type { Gradient, GradientStop } from './types.js';
import { binStops } from './ramp-stops.js';
import { thinSamples, type Samples } from './ramp-samples.js';

/** The samples' bounding box: its larger side and its middle. */
export interface SampleBox {
  size: number;
  mx: number;
  my: number;
}

/**
 * A family of ramps with four parameters (positions in px), within bounds set by the searched
 * samples' box.
 */
export interface RampShape {
  /** The parameters of the concentric ramp round (cx, cy), where the search starts. */
  start(cx: number, cy: number): number[];
  /**
   * Fills t with the samples' ramp distances at q; returns the largest, or 0 when q is out of
   * bounds.
   */
  distances(q: number[], box: SampleBox, pts: Samples, t: Float64Array): number;
  /** The gradient of parameters q whose stops, from the distance 0 to t1, are `stops`. */
  gradient(q: number[], box: SampleBox, t1: number, stops: GradientStop[]): Gradient;
}

/** Samples the search runs on (thinned from the fit's). */
export const SEARCH_SAMPLES = 64;
/** Evaluations of the search. */
const MAX_EVALS = 160;
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

/** The samples' bounding box: its larger side and its middle. */
function sampleBox(pts: Samples): SampleBox {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (let i = 0; i < pts.n; i++) {
    const x = pts.x[i],
      y = pts.y[i];
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { size: Math.max(x1 - x0, y1 - y0, 1), mx: (x0 + x1) / 2, my: (y0 + y1) / 2 };
}

/**
 * The ramp of the shape that best explains the samples, searched from the concentric ramp round
 * (cx, cy), with the stops along its ramp distance; null when the search's RMS error does not
 * reach `pass` (RampSearch.run).
 */
export function shapedRamp(
  pts: Samples,
  scratch: FloatScratch,
  cx: number,
  cy: number,
  pass: number,
  shape: RampShape,
): Gradient | null {
  const few = thinSamples(pts, SEARCH_SAMPLES, scratch);
  const box = sampleBox(few);
  // The concentric ramp's centre may lie farther out than the search may go (a near-linear ramp).
  const inside = Math.hypot(cx - box.mx, cy - box.my) <= box.size;
  const q = shape.start(inside ? cx : box.mx, inside ? cy : box.my);
  if (!new RampSearch(few, shape, box, scratch).run(q, pass)) return null;
  const t = scratch.take(pts.n);
  const hi = shape.distances(q, box, pts, t);
  let lo = Infinity;
  for (let i = 0; i < pts.n; i++) if (t[i] < lo) lo = t[i];
  const st = binStops(pts, t, lo, hi, true);
  if (!st || st.t1 <= 0) return null;
  return shape.gradient(q, box, st.t1, st.stops);
}

/**
 * Hooke-Jeeves pattern search of a shape's four parameters from steps of size / START_STEP
 * down to a quarter pixel (the parameters are positions in px): each coordinate a step either
 * way, then a jump on along the way the last round moved (the search follows a valley in a few
 * jumps instead of a step a round), halving the step when nothing helps. Methods, not closures
 * made per search: optimised code that calls a closure is thrown away on the next search's.
 */
class RampSearch {
  private evals = 0;
  private readonly fit: SplineFit;

  constructor(
    private readonly pts: Samples,
    private readonly shape: RampShape,
    private readonly box: SampleBox,
    scratch: FloatScratch,
  ) {
    this.fit = new SplineFit(pts, scratch);
  }

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
    this.evals++;
    const hi = this.shape.distances(q, this.box, this.pts, this.fit.t);
    return hi > 0 ? this.fit.errorAt(hi) : Infinity;
  }
}

/** Pieces of the colour's broken line along t in the search's error (SplineFit). */
const PIECES = 4;

/**
 * Summed squared error of the best broken line (PIECES pieces evenly over the samples' range of
 * t) per channel of the colour against t, the ramp distance of a shape's circles or ellipses:
 * about the error of the stops fitted at the end, so the search can be held to
 * the ramp's bar part way. The hat functions' normal equations are tridiagonal, shared by the
 * channels.
 */
class SplineFit {
  /** Summed squares of all channels. */
  private readonly v: number;
  /** The samples' ramp distances, filled by the shape before each errorAt. */
  readonly t: Float64Array;
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

  /** The error for the distances in t, the largest of which is hi. */
  errorAt(hi: number): number {
    const { n, c } = this.pts;
    const { t, diag, upper, rhs } = this;
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
