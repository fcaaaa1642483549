/**
 * Curve primitives for the fit stage: an error-bounded least-squares cubic fit of an open run
 * of samples with given end tangents, Newton reparameterisation and recursive splitting at the
 * worst point (Schneider, "An algorithm for automatically fitting digitized curves", Graphics
 * Gems 1990); nearly straight cubics become lines. outline-fit.ts decides where the runs are.
 */
import { reusable } from './reusable-arrays.js';
import type { Point, Segment, SubPath } from './types.js';

export interface CurveOptions {
  /** Maximum distance (px) between the samples and the fitted curve. */
  tolerancePx: number;
  /** Turning above which a sample is a corner. */
  cornerAngleRad: number;
  /** Newton reparameterisation rounds before splitting (default 3; fewer is cheaper). */
  newtonRounds?: number;
  /**
   * The edges carry compression noise (a JPEG): the curves are fitted through the samples
   * smoothed once, so that they do not follow the noise (corners still come from the samples).
   */
  noisyEdges?: boolean;
  /**
   * The image's size (px, as the samples are scaled): an edge along its border is fitted on it
   * exactly (polygon.ts, edgeLineFit).
   */
  bounds?: ImageBounds;
}

/** The image's size (px, as the samples are scaled): its border lies at 0 and at these. */
export interface ImageBounds {
  width: number;
  height: number;
}

type V = Point;
const hyp = (x: number, y: number) => Math.sqrt(x * x + y * y);
const sub = (a: V, b: V): V => ({ x: a.x - b.x, y: a.y - b.y });
const mul = (a: V, s: number): V => ({ x: a.x * s, y: a.y * s });
const dot = (a: V, b: V) => a.x * b.x + a.y * b.y;
const len = (a: V) => Math.sqrt(a.x * a.x + a.y * a.y);
const norm = (a: V): V => {
  const l = len(a);
  return l > 1e-12 ? { x: a.x / l, y: a.y / l } : { x: 1, y: 0 };
};

const TAN_LEN = 2.5;

/**
 * Direction from sample i into the run's samples first..last (dir = +1 forwards, -1 backwards),
 * over ~TAN_LEN px.
 */
export function runEndTangent(d: Run, first: number, last: number, i: number, dir: 1 | -1): V {
  const { x: X, y: Y } = d;
  const px = X[i],
    py = Y[i];
  let ax = 0,
    ay = 0;
  for (let j = i + dir; j >= first && j <= last; j += dir) {
    const vx = X[j] - px,
      vy = Y[j] - py;
    const dist = hyp(vx, vy);
    if (dist > 1e-12) {
      ax += vx / dist;
      ay += vy / dist;
    } else {
      ax += 1;
      ay += 0; // turns a -0 into 0, as adding norm()'s { x: 1, y: 0 } did
    }
    if (dist >= TAN_LEN) break;
  }
  return norm({ x: ax, y: ay });
}

/**
 * Forward tangent at sample i from the samples ~TAN_LEN px on either side, round the loop of
 * the run's samples 0 .. n - 1.
 */
export function runRingTangent(d: Run, n: number, i: number): V {
  const { x: X, y: Y } = d;
  const at = (k: number) => ((k % n) + n) % n;
  let a = i,
    b = i,
    da = 0,
    db = 0;
  for (let s = 0; s < n && da < TAN_LEN; s++) {
    const q = at(a);
    a--;
    const r = at(a);
    da += hyp(X[q] - X[r], Y[q] - Y[r]);
  }
  for (let s = 0; s < n && db < TAN_LEN; s++) {
    const q = at(b);
    b++;
    const r = at(b);
    db += hyp(X[r] - X[q], Y[r] - Y[q]);
  }
  const pa = at(a),
    pb = at(b);
  return norm({ x: X[pb] - X[pa], y: Y[pb] - Y[pa] });
}

export function polygon(pts: Point[]): SubPath {
  return {
    start: { ...pts[0] },
    segments: [...pts.slice(1), pts[0]].map((p) => ({ type: 'L' as const, x: p.x, y: p.y })),
  };
}

/** True when every sample of the run's first..last lies within 3/4 of `tol` of the chord. */
export function isRunStraight(d: Run, first: number, last: number, tol: number): boolean {
  const { x: X, y: Y } = d;
  const ax = X[first],
    ay = Y[first];
  const dx = X[last] - ax,
    dy = Y[last] - ay;
  const l = Math.sqrt(dx * dx + dy * dy);
  if (l < 1e-9) return last - first + 1 <= 2;
  let maxD = 0;
  for (let i = first; i <= last; i++)
    maxD = Math.max(maxD, Math.abs((X[i] - ax) * dy - (Y[i] - ay) * dx) / l);
  return maxD <= tol * 0.75;
}

const params = reusable((n) => new Float64Array(n));

/** Samples as coordinate arrays, for the fit's inner loops. */
export interface Run {
  x: Float64Array;
  y: Float64Array;
}

/** A getter of a Run of at least n samples, reused from call to call (see reusable). */
export function reusableRun(): (n: number) => Run {
  let run: Run = { x: new Float64Array(0), y: new Float64Array(0) };
  return (n) => {
    if (run.x.length < n) {
      const size = Math.max(n, 2 * run.x.length);
      run = { x: new Float64Array(size), y: new Float64Array(size) };
    }
    return run;
  };
}

/** `pts` as samples 0 .. pts.length - 1 of the Run `get` lends. */
export function runOfPoints(pts: Point[], get: (n: number) => Run): Run {
  const run = get(pts.length);
  for (let i = 0; i < pts.length; i++) {
    run.x[i] = pts[i].x;
    run.y[i] = pts[i].y;
  }
  return run;
}

/**
 * Schneider fit of the run's samples first..last (endpoints kept, leaving along t1 and arriving
 * along t2) into cubics appended to `out`, split in two where one cubic is not within `tol`.
 */
export function fitRun(
  d: Run,
  first: number,
  last: number,
  t1: V,
  t2: V,
  tol: number,
  out: Segment[],
  refine = 3,
  depth = 0,
  /** The whole span's sample count (bounds the centre tangent's walk at the splits). */
  spanLength = last - first + 1,
): void {
  const nPts = last - first + 1;
  if (nPts <= 2 || depth > 30) {
    const x0 = d.x[first],
      y0 = d.y[first],
      x3 = d.x[last],
      y3 = d.y[last];
    const l = hyp(x3 - x0, y3 - y0) / 3;
    pushCubic(
      out,
      bezier(x0, y0, x0 + t1.x * l, y0 + t1.y * l, x3 + t2.x * l, y3 + t2.y * l, x3, y3),
      tol,
    );
    return;
  }
  const u = chordParams(d, first, last);
  let bez = generate(d, first, last, u, t1, t2);
  let err = maxError(d, first, last, bez, u, Infinity),
    split = worst;
  if (err < tol * tol) {
    pushCubic(out, bez, tol);
    return;
  }
  if (err < tol * tol * 16) {
    for (let it = 0; it < refine; it++) {
      reparam(d, first, last, u, bez);
      bez = generate(d, first, last, u, t1, t2);
      // Only the last round's worst sample is used (to split at): earlier ones may stop at the
      // first sample out of tolerance.
      err = maxError(d, first, last, bez, u, it < refine - 1 ? tol * tol : Infinity);
      split = worst;
      if (err < tol * tol) {
        pushCubic(out, bez, tol);
        return;
      }
    }
  }
  if (split <= first) split = first + 1;
  if (split >= last) split = last - 1;
  const tc = mul(runCentreTangent(d, split, first, last, spanLength), -1);
  fitRun(d, first, split, t1, tc, tol, out, refine, depth + 1, spanLength);
  fitRun(d, split, last, mul(tc, -1), t2, tol, out, refine, depth + 1, spanLength);
}

/** Forward tangent at sample i from the samples ~TAN_LEN px on either side within first..last. */
function runCentreTangent(d: Run, i: number, first: number, last: number, n: number): V {
  const { x: X, y: Y } = d;
  let a = i,
    b = i,
    da = 0,
    db = 0;
  for (let s = 0; s < n && da < TAN_LEN; s++) {
    const q = a;
    a--;
    da += hyp(X[q] - X[a], Y[q] - Y[a]);
    if (a <= first) break;
  }
  for (let s = 0; s < n && db < TAN_LEN; s++) {
    const q = b;
    b++;
    db += hyp(X[b] - X[q], Y[b] - Y[q]);
    if (b >= last) break;
  }
  return norm({ x: X[b] - X[a], y: Y[b] - Y[a] });
}

/** Appends the cubic of control coordinates `b` (see Bezier), or a line when it is one. */
function pushCubic(out: Segment[], b: Bezier, tol: number): void {
  const p0 = { x: b[0], y: b[1] },
    p1 = { x: b[2], y: b[3] },
    p2 = { x: b[4], y: b[5] },
    p3 = { x: b[6], y: b[7] };
  const d = sub(p3, p0);
  const l = len(d);
  const off = (p: V) =>
    l < 1e-9 ? len(sub(p, p0)) : Math.abs((p.x - p0.x) * d.y - (p.y - p0.y) * d.x) / l;
  const along = (p: V) => (l < 1e-9 ? 0 : dot(sub(p, p0), d) / (l * l));
  const a1 = along(p1),
    a2 = along(p2);
  if (
    off(p1) < tol * 0.3 &&
    off(p2) < tol * 0.3 &&
    a1 > -0.05 &&
    a1 < 1.05 &&
    a2 > -0.05 &&
    a2 < 1.05
  ) {
    out.push({ type: 'L', x: p3.x, y: p3.y });
    return;
  }
  out.push({ type: 'C', x1: p1.x, y1: p1.y, x2: p2.x, y2: p2.y, x: p3.x, y: p3.y });
}

function chordParams(d: Run, first: number, last: number): Float64Array {
  const { x, y } = d;
  const m = last - first + 1;
  const u = params(m);
  u[0] = 0;
  for (let i = first + 1; i <= last; i++)
    u[i - first] = u[i - first - 1] + hyp(x[i] - x[i - 1], y[i] - y[i - 1]);
  const total = u[m - 1] || 1;
  for (let i = 0; i < m; i++) u[i] /= total;
  return u;
}

/**
 * A cubic's control coordinates x0, y0, x1, y1, x2, y2, x3, y3: the one array bezier() fills,
 * read before the next call.
 */
type Bezier = Float64Array;
const controls: Bezier = new Float64Array(8);

function bezier(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
): Bezier {
  const b = controls;
  b[0] = x0;
  b[1] = y0;
  b[2] = x1;
  b[3] = y1;
  b[4] = x2;
  b[5] = y2;
  b[6] = x3;
  b[7] = y3;
  return b;
}

function generate(d: Run, first: number, last: number, u: Float64Array, t1: V, t2: V): Bezier {
  const { x, y } = d;
  const p0x = x[first],
    p0y = y[first],
    p3x = x[last],
    p3y = y[last],
    t1x = t1.x,
    t1y = t1.y,
    t2x = t2.x,
    t2y = t2.y;
  let c00 = 0,
    c01 = 0,
    c11 = 0,
    x0 = 0,
    x1 = 0;
  const t1t1 = t1.x * t1.x + t1.y * t1.y,
    t1t2 = t1.x * t2.x + t1.y * t2.y,
    t2t2 = t2.x * t2.x + t2.y * t2.y;
  for (let i = 0; i <= last - first; i++) {
    const t = u[i],
      mt = 1 - t;
    const b0 = mt * mt * mt,
      b1 = 3 * mt * mt * t,
      b2 = 3 * mt * t * t,
      b3 = t * t * t;
    c00 += b1 * b1 * t1t1;
    c01 += b1 * b2 * t1t2;
    c11 += b2 * b2 * t2t2;
    const tx = x[first + i] - (p0x * (b0 + b1) + p3x * (b2 + b3));
    const ty = y[first + i] - (p0y * (b0 + b1) + p3y * (b2 + b3));
    x0 += b1 * (t1x * tx + t1y * ty);
    x1 += b2 * (t2x * tx + t2y * ty);
  }
  const det = c00 * c11 - c01 * c01;
  const segLen = hyp(p3x - p0x, p3y - p0y);
  let al1 = 0,
    al2 = 0;
  if (Math.abs(det) > 1e-12) {
    al1 = (x0 * c11 - x1 * c01) / det;
    al2 = (c00 * x1 - c01 * x0) / det;
  }
  const eps = 1e-6 * segLen;
  if (al1 < eps || al2 < eps || al1 > segLen * 2 || al2 > segLen * 2) {
    al1 = al2 = segLen / 3;
  }
  return bezier(
    p0x,
    p0y,
    p0x + t1x * al1,
    p0y + t1y * al1,
    p3x + t2x * al2,
    p3y + t2y * al2,
    p3x,
    p3y,
  );
}

/** The sample maxError last found farthest. */
let worst = 0;

/**
 * The squared distance of the inner sample farthest from the curve at its parameter (that
 * sample, the last of equals, goes to `worst`); stops at the first sample at least `enough` away.
 */
function maxError(
  d: Run,
  first: number,
  last: number,
  b: Bezier,
  u: Float64Array,
  enough: number,
): number {
  const { x: X, y: Y } = d;
  let maxD = 0,
    split = Math.floor((first + last) / 2);
  const x0 = b[0],
    y0 = b[1],
    x1 = b[2],
    y1 = b[3],
    x2 = b[4],
    y2 = b[5],
    x3 = b[6],
    y3 = b[7];
  for (let i = first + 1; i < last; i++) {
    const t = u[i - first],
      mt = 1 - t;
    const a = mt * mt * mt,
      c1 = 3 * mt * mt * t,
      c2 = 3 * mt * t * t,
      c3 = t * t * t;
    const x = a * x0 + c1 * x1 + c2 * x2 + c3 * x3 - X[i];
    const y = a * y0 + c1 * y1 + c2 * y2 + c3 * y3 - Y[i];
    const dd = x * x + y * y;
    if (dd >= maxD) {
      maxD = dd;
      split = i;
      if (dd >= enough) break;
    }
  }
  worst = split;
  return maxD;
}

/** One Newton step towards each sample's nearest curve point, on `u` in place. */
function reparam(d: Run, first: number, last: number, u: Float64Array, b: Bezier): void {
  const { x: X, y: Y } = d;
  const x0 = b[0],
    y0 = b[1],
    x1 = b[2],
    y1 = b[3],
    x2 = b[4],
    y2 = b[5],
    x3 = b[6],
    y3 = b[7];
  // First and second derivative control points.
  const ax = 3 * (x1 - x0),
    ay = 3 * (y1 - y0);
  const bx = 3 * (x2 - x1),
    by = 3 * (y2 - y1);
  const cx = 3 * (x3 - x2),
    cy = 3 * (y3 - y2);
  const ex = 2 * (bx - ax),
    ey = 2 * (by - ay);
  const fx = 2 * (cx - bx),
    fy = 2 * (cy - by);
  for (let k = 0; k <= last - first; k++) {
    const t = u[k],
      mt = 1 - t;
    const w0 = mt * mt * mt,
      w1 = 3 * mt * mt * t,
      w2 = 3 * mt * t * t,
      w3 = t * t * t;
    const qx = w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 - X[first + k];
    const qy = w0 * y0 + w1 * y1 + w2 * y2 + w3 * y3 - Y[first + k];
    const d1x = mt * mt * ax + 2 * mt * t * bx + t * t * cx,
      d1y = mt * mt * ay + 2 * mt * t * by + t * t * cy;
    const d2x = mt * ex + t * fx,
      d2y = mt * ey + t * fy;
    const num = qx * d1x + qy * d1y;
    const den = d1x * d1x + d1y * d1y + qx * d2x + qy * d2y;
    if (Math.abs(den) < 1e-12) continue;
    const nt = t - num / den;
    u[k] = nt < 0 ? 0 : nt > 1 ? 1 : nt;
  }
}

/** The same path walked backwards: returns the segments from the last point to `start`. */
export function reverseSegments(start: Point, segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    const to = i > 0 ? segs[i - 1] : start;
    if (s.type === 'C')
      out.push({ type: 'C', x1: s.x2, y1: s.y2, x2: s.x1, y2: s.y1, x: to.x, y: to.y });
    else if (s.type === 'A')
      out.push({ type: 'A', r: s.r, large: s.large, sweep: !s.sweep, x: to.x, y: to.y });
    else out.push({ type: 'L', x: to.x, y: to.y });
  }
  return out;
}
