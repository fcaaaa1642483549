/**
 * Fitting one boundary (a closed loop or an open chain between two junctions) as geometry:
 * straight segments where the boundary is straight, sharp corners where it turns, cubic
 * Béziers elsewhere.
 *
 * 1. The optimal polygon of the dense samples (polygon.ts) finds the straight runs.
 * 2. A polygon vertex is a corner when it turns by more than a smooth curve could between two
 *    edges of that length: an arc of radius r sampled within tolerance t gives edges of at most
 *    sqrt(8 r t), so a smooth vertex turns by at most 8 t / (longest neighbouring edge).
 * 3. An edge between two corners, or one much longer than both neighbours (the flat side of a
 *    rounded rectangle), is a straight segment; its end vertices move to the intersection of
 *    the neighbouring edges' least-squares lines (corners) or onto its own line (tangent joins).
 * 4. What lies between those breakpoints is fitted by curves.ts with the straight neighbours'
 *    directions as end tangents, so curves join lines smoothly.
 * Aliased boundaries (no anti-aliasing: every sample on a pixel-edge midpoint, as 1-bit
 * drawings give) use a wider polygon tolerance and are smoothed before the curve fit, as
 * potrace treats its input, so stair-steps become the curve they approximate. Edges with JPEG
 * noise are smoothed once before the curve fit, so the curves do not follow the noise.
 */
import { fitArc } from './arc-fit.js';
import { fitEllipseLoop } from './ellipse-fit.js';
import {
  fitRun,
  polygon,
  reusableRun,
  runEndTangent,
  runOfPoints,
  runRingTangent,
} from './curves.js';
import type { CurveOptions, ImageBounds, Run } from './curves.js';
import { aliasedSamples, loopPoints, type PackedLoopFit } from './packed-loops.js';
import {
  edgeLineFit,
  intersect,
  optimalPolygon,
  project,
  runCentroid,
  runLineFit,
  type Line,
} from './polygon.js';
import { reusable } from './reusable-arrays.js';
import type { Point, Segment, SubPath } from './types.js';
import { mergeWanderingEdges } from './wander-merge.js';
import { hypot } from './hypot.js';
import { addNormalRow, normalMatrix } from './linear-solve.js';

/** Polygon tolerance floor (px) on anti-aliased boundaries: their samples are this accurate. */
const POLY_TOL_MIN = 0.25;
/** Aliased boundaries: samples sit up to half a pixel off the true edge. */
const POLY_TOL_ALIASED = 1.0;
const CURVE_TOL_ALIASED = 0.45;
/** Smoothing passes before the curve fit: aliased stair-steps, and edges with JPEG noise. */
const SMOOTH_PASSES_ALIASED = 3;
const SMOOTH_PASSES_NOISY = 1;
/** A vertex is a corner when it turns by this many times what a smooth curve could. */
const CORNER_MARGIN = 1.5;
/** Polygon edges taken for a corner that rendering cut off: up to 1/6 of the edges beside. */
const CUT_MIN_PX = 2.5;
const CUT_MAX_PX = 4;
/** A non-corner edge is straight when at least this long and this many times its neighbours. */
const STRAIGHT_MIN_PX = 3;
const STRAIGHT_RATIO = 2;

const line = (p: Point): Segment => ({ type: 'L', x: p.x, y: p.y });

export function fitLoop(pts: Point[], opts: CurveOptions): SubPath {
  const n = pts.length;
  if (n < 5) return polygon(pts);
  return fitLoopRun(runOfPoints(pts, loopRun), 0, n, 1, 1, opts);
}

/** fitLoop of loop i, its coordinates scaled by sx, sy. */
export const fitPackedLoop: PackedLoopFit = (loops, i, sx, sy, opts) => {
  const a = loops.start[i],
    n = loops.start[i + 1] - a;
  if (n < 5) return polygon(loopPoints(loops, i, sx, sy));
  return fitLoopRun(loops, a, n, sx, sy, opts);
};

/** Fits an open chain; its endpoints are kept exactly (they are shared junctions). */
export function fitOpen(pts: Point[], opts: CurveOptions): Segment[] {
  const m = pts.length;
  if (m < 5) return pts.slice(1).map(line);
  return fitChain(runOfPoints(pts, chainRun), m, false, opts).segments;
}

const loopRun = reusableRun();
const chainRun = reusableRun();

/** The loop of n > 4 samples a .. a + n - 1 of `d`, scaled by sx, sy, fitted from its sharpest sample. */
function fitLoopRun(
  d: Run,
  a: number,
  n: number,
  sx: number,
  sy: number,
  opts: CurveOptions,
): SubPath {
  const { x: X, y: Y } = d;
  const s = sharpestSample(d, a, n, sx, sy);
  // The chain from s round to s again, and on round the loop once more (so that every span,
  // wrapping or not, is one run of it).
  const A = chainRun(2 * n + 1);
  for (let i = 0, j = s; i <= 2 * n; i++, j = j + 1 === n ? 0 : j + 1) {
    A.x[i] = X[a + j] * sx;
    A.y[i] = Y[a + j] * sy;
  }
  return fitChain(A, n + 1, true, opts);
}

/**
 * `A`: the m samples of the chain (closed chains repeat their first sample at m - 1 and go on
 * round once more, to 2 m - 2). Returns the subpath (for open chains `start` is sample 0).
 */
function fitChain(A: Run, m: number, closed: boolean, opts: CurveOptions): SubPath {
  const { x: AX, y: AY } = A;
  const aliased = isAliased(A, m);
  const tolPoly = aliased ? POLY_TOL_ALIASED : Math.max(opts.tolerancePx, POLY_TOL_MIN);
  const curveTol = aliased ? Math.max(opts.tolerancePx, CURVE_TOL_ALIASED) : opts.tolerancePx;
  const passes = aliased ? SMOOTH_PASSES_ALIASED : opts.noisyEdges ? SMOOTH_PASSES_NOISY : 0;
  const src = passes > 0 ? smooth(A, m, closed, passes) : A;
  const V = optimalPolygon(A, m, tolPoly);
  if (!aliased) mergeWanderingEdges(A, V, tolPoly);
  const forced = collapseCutCorners(A, V, closed, tolPoly, opts.cornerAngleRad);
  const K = V.length - 1; // edges
  if (closed && K < 3) return smoothClosed(src, m - 1, opts, curveTol);

  const lens: number[] = [];
  for (let e = 0; e < K; e++) {
    const a = V[e],
      b = V[e + 1];
    lens.push(hypot(AX[b] - AX[a], AY[b] - AY[a]));
  }
  // Only the edges beside corners and straight edges need their lines.
  const lines: (Line | undefined)[] = new Array<Line | undefined>(K);
  const lineOf = (e: number): Line => (lines[e] ??= edgeLine(A, V[e], V[e + 1], opts.bounds));
  const nv = closed ? K : K + 1; // distinct vertices
  const before = (k: number) => (closed ? (k - 1 + K) % K : k - 1);
  const after = (k: number) => (k < K ? k : -1);
  const turn: number[] = new Array<number>(nv).fill(0);
  const corner: boolean[] = [];
  for (let k = 0; k < nv; k++) {
    const e1 = before(k),
      e2 = after(k);
    if (e1 < 0 || e2 < 0) {
      corner.push(true); // an open chain's ends are fixed
      continue;
    }
    const i0 = V[e1],
      i1 = V[k],
      i2 = V[e2 + 1];
    const ux = AX[i1] - AX[i0],
      uy = AY[i1] - AY[i0],
      vx = AX[i2] - AX[i1],
      vy = AY[i2] - AY[i1];
    const th = Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
    turn[k] = th;
    const lmax = Math.max(lens[e1], lens[e2]);
    // Between two runs of pixel edges without a step, an aliased boundary is as exact as an
    // anti-aliased one: a pixel-exact 8 px square is a square, not a circle.
    const exact = aliased && isAxisRun(A, V[e1], V[e1 + 1]) && isAxisRun(A, i1, V[e2 + 1]);
    const tolTurn = exact ? POLY_TOL_MIN : tolPoly;
    corner.push(forced.has(V[k]) || isCornerTurn(th, lmax, tolTurn, opts.cornerAngleRad));
  }
  const straight: boolean[] = [];
  for (let e = 0; e < K; e++) {
    const kEnd = closed ? (e + 1) % K : e + 1;
    if (corner[e] && corner[kEnd]) {
      straight.push(true);
      continue;
    }
    const lp = closed || e > 0 ? lens[(e - 1 + K) % K] : 0;
    const ln = closed || e < K - 1 ? lens[(e + 1) % K] : 0;
    straight.push(lens[e] >= STRAIGHT_MIN_PX && lens[e] >= STRAIGHT_RATIO * Math.max(lp, ln));
  }
  const isBreak = (k: number) => {
    const e1 = before(k),
      e2 = after(k);
    return corner[k] || (e1 >= 0 && straight[e1]) || (e2 >= 0 && straight[e2]);
  };
  const breaks: number[] = [];
  for (let k = 0; k < nv; k++) if (isBreak(k)) breaks.push(k);
  if (breaks.length === 0) return smoothClosed(src, m - 1, opts, curveTol);
  const pos: Point[] = [];
  for (let k = 0; k < nv; k++) {
    const e1 = before(k),
      e2 = after(k);
    const p = { x: AX[V[k]], y: AY[V[k]] };
    if (e1 < 0 || e2 < 0 || !isBreak(k)) {
      pos.push(p);
      continue;
    }
    if (corner[k] || (straight[e1] && straight[e2])) {
      const q = intersect(lineOf(e1), lineOf(e2));
      const limit = forced.has(V[k]) ? 4 : turn[k] > Math.PI / 2 ? 2.5 : 1.5;
      pos.push(q && hypot(q.x - p.x, q.y - p.y) <= limit ? q : p);
    } else pos.push(project(lineOf(straight[e1] ? e1 : e2), p));
  }

  const ringSize = m - 1; // closed: sample m - 1 repeats sample 0
  /** The straight edge e's direction, oriented along the chain. */
  const edgeDir = (e: number): Point => {
    const d = lineOf(e).d,
      a = V[e],
      b = V[e + 1];
    const s = d.x * (AX[b] - AX[a]) + d.y * (AY[b] - AY[a]) >= 0 ? 1 : -1;
    return { x: d.x * s, y: d.y * s };
  };
  const segs: Segment[] = [];
  const count = closed ? breaks.length : breaks.length - 1;
  for (let b = 0; b < count; b++) {
    const k1 = breaks[b],
      k2 = breaks[(b + 1) % breaks.length];
    const span = (k2 - k1 + nv) % nv || nv;
    if (span === 1 && straight[k1]) {
      segs.push(line(pos[k2]));
      continue;
    }
    // The samples from V[k1] to V[k2] (round the end of a closed chain when V[k2] is not after).
    const from = V[k1],
      to = !closed || V[k2] > from ? V[k2] : V[k2] + ringSize;
    const d = trimRun(to - from + 1);
    const dn = behindCornersTrimmed(src, from, to, pos[k1], pos[k2], d);
    if (dn < 3) {
      segs.push(line(pos[k2]));
      continue;
    }
    const eIn = before(k1),
      eOut = after(k2);
    const smoothIn = !corner[k1] && eIn >= 0 && straight[eIn];
    const smoothOut = !corner[k2] && eOut >= 0 && straight[eOut];
    const t1 = smoothIn ? edgeDir(eIn) : runEndTangent(d, 0, dn - 1, 0, 1);
    let t2: Point;
    if (smoothOut) {
      const o = edgeDir(eOut);
      t2 = { x: -o.x, y: -o.y };
    } else t2 = runEndTangent(d, 0, dn - 1, dn - 1, -1);
    const arcs = fitArc(d, dn, curveTol, smoothIn ? t1 : undefined, smoothOut ? t2 : undefined);
    if (arcs) segs.push(...arcs);
    else fitRun(d, 0, dn - 1, t1, t2, curveTol, segs, opts.newtonRounds);
  }
  return { start: pos[breaks[0]], segments: segs };
}

const trimRun = reusableRun();

/**
 * A curve run between two breakpoints, its ends moved to where they were put (a corner moved
 * to where its edges' lines meet, up to a few px out): the samples closer to a moved end than
 * the sample it replaced (plus half a pixel) lie behind it, and fitting through them would
 * turn the curve back on itself; they are left out. The run is samples a .. b of `src` with
 * its ends replaced by `from` and `to`; written to `out`, its length returned.
 */
function behindCornersTrimmed(
  src: Run,
  a: number,
  b: number,
  from: Point,
  to: Point,
  out: Run,
): number {
  const { x: X, y: Y } = src;
  const r1 = hypot(X[a] - from.x, Y[a] - from.y) + 0.5,
    r2 = hypot(X[b] - to.x, Y[b] - to.y) + 0.5;
  let i = a + 1,
    j = b - 1;
  if (r1 > 1) while (i <= j && hypot(X[i] - from.x, Y[i] - from.y) < r1) i++;
  if (r2 > 1) while (j >= i && hypot(X[j] - to.x, Y[j] - to.y) < r2) j--;
  const { x: OX, y: OY } = out;
  OX[0] = from.x;
  OY[0] = from.y;
  let k = 1;
  for (let s = i; s <= j; s++, k++) {
    OX[k] = X[s];
    OY[k] = Y[s];
  }
  OX[k] = to.x;
  OY[k] = to.y;
  return k + 1;
}

function isCornerTurn(th: number, lmax: number, tolPoly: number, cornerAngle: number): boolean {
  return th >= cornerAngle / 2 && th >= (CORNER_MARGIN * 8 * tolPoly) / Math.max(lmax, 1e-9);
}

/**
 * Rendering cuts a corner off (an anti-aliased corner pixel is partly covered), so the
 * polygon gets a short edge across it: when the edges before and after are long and their
 * lines meet close by, turning like a corner, the short edge collapses into one corner
 * vertex (returned: the sample indices of such vertices; `V` is edited in place).
 */
function collapseCutCorners(
  A: Run,
  V: number[],
  closed: boolean,
  tolPoly: number,
  cornerAngle: number,
): Set<number> {
  const { x: X, y: Y } = A;
  const forced = new Set<number>();
  for (let changed = true; changed;) {
    changed = false;
    const K = V.length - 1;
    // (On a closed chain V[K] is sample m - 1, the repeat of V[0]'s sample 0.)
    const edgeLen = edgeLenBuf(K);
    for (let k = 0; k < K; k++) {
      const p = V[k],
        q = V[k + 1];
      edgeLen[k] = hypot(X[q] - X[p], Y[q] - Y[p]);
    }
    // A run of `r` short edges, e .. e + r - 1, between the long edges e - 1 and e + r.
    for (let r = 1; r <= 2 && !changed; r++) {
      if (K <= (closed ? 2 + r : 1 + r)) break;
      const eEnd = closed ? K : K - r;
      for (let e = closed ? 0 : 1; e < eEnd; e++) {
        let le = edgeLen[e];
        if (r === 2) le += edgeLen[wrap(e + 1, K, closed)];
        if (le > CUT_MAX_PX) continue; // too long whatever the edges beside (as below)
        const lp = edgeLen[wrap(e - 1, K, closed)],
          ln = edgeLen[wrap(e + r, K, closed)];
        if (le > Math.min(CUT_MAX_PX, Math.max(CUT_MIN_PX, Math.min(lp, ln) / 6))) continue;
        if (lp < 2 * le || ln < 2 * le) continue;
        if (collapses(A, V, K, closed, e, r, lp, ln, tolPoly, cornerAngle)) {
          // Keep one vertex of the run (vertex 0 of a closed chain when it is in it); the
          // run's vertices are distinct (K > r + 1).
          const run: number[] = [];
          for (let i = 0; i <= r; i++) run.push(wrap(e + i, K, closed));
          const keep = closed && run.includes(0) ? 0 : run[0];
          const drop = run.filter((k) => k !== keep && !(closed && k === 0));
          forced.add(V[keep]);
          if (closed && keep === 0) forced.add(V[K]);
          for (const k of drop.sort((x, y) => y - x)) V.splice(k, 1);
          changed = true;
          break;
        }
      }
    }
  }
  return forced;
}

/** k wrapped into 0 .. K - 1 on a closed chain (k within -K .. 2K - 1). */
const wrap = (k: number, K: number, closed: boolean) =>
  !closed ? k : k < 0 ? k + K : k >= K ? k - K : k;

/**
 * Whether the r short edges from vertex e turn like one corner: the same way at each of their
 * vertices, as much as a corner between the long edges beside (lengths lp, ln), whose lines
 * meet close to the short edges' middle.
 */
function collapses(
  A: Run,
  V: number[],
  K: number,
  closed: boolean,
  e: number,
  r: number,
  lp: number,
  ln: number,
  tolPoly: number,
  cornerAngle: number,
): boolean {
  const { x: X, y: Y } = A;
  const at = (k: number) => V[wrap(k, K, closed)];
  /** The turn at sample q between samples p and r (cross product). */
  const cross = (p: number, q: number, r: number) =>
    (X[q] - X[p]) * (Y[r] - Y[q]) - (Y[q] - Y[p]) * (X[r] - X[q]);
  const a = at(e - 1),
    b = at(e),
    c = at(e + r),
    d = at(e + r + 1);
  const sign = Math.sign(cross(a, b, at(e + 1)));
  let same = sign !== 0;
  for (let i = 1; i <= r && same; i++)
    same = Math.sign(cross(at(e + i - 1), at(e + i), at(e + i + 1))) === sign;
  if (!same) return false;
  const ux = X[b] - X[a],
    uy = Y[b] - Y[a],
    vx = X[d] - X[c],
    vy = Y[d] - Y[c];
  const th = Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
  if (!isCornerTurn(th, Math.max(lp, ln), tolPoly, cornerAngle)) return false;
  const q = intersect(
    { p: { x: X[a], y: Y[a] }, d: { x: ux / lp, y: uy / lp } },
    { p: { x: X[c], y: Y[c] }, d: { x: vx / ln, y: vy / ln } },
  );
  return !!q && !(hypot(q.x - (X[b] + X[c]) / 2, q.y - (Y[b] + Y[c]) / 2) > 2.5);
}

const edgeLenBuf = reusable((n) => new Float64Array(n));

/**
 * A closed boundary without corners or straight runs: a whole circle (three arcs) or ellipse
 * (four quarter cubics) when one fits within the tolerance, otherwise one smooth curve of cubics.
 * `ring`: the loop's n samples, then sample 0 again.
 */
function smoothClosed(ring: Run, n: number, opts: CurveOptions, tol: number): SubPath {
  const known = fitCircle(ring, n, tol) ?? fitEllipseLoop(ring, n, tol);
  if (known) return known;
  const segs: Segment[] = [];
  const t = runRingTangent(ring, n, 0);
  fitRun(ring, 0, n, t, { x: -t.x, y: -t.y }, tol, segs, opts.newtonRounds);
  return { start: { x: ring.x[0], y: ring.y[0] }, segments: segs };
}

/** Smallest radius (px) written as a circle; tinier loops stay cubics. */
const CIRCLE_MIN_RADIUS_PX = 2;

/**
 * Kåsa's algebraic circle fit (least squares of x² + y² + D x + E y + F over the samples),
 * accepted when every sample lies within `tol` of the circle; returned as three arcs from the
 * first sample's foot, turning the way the loop does.
 */
function fitCircle(ring: Run, n: number, tol: number): SubPath | null {
  if (n < 8) return null;
  const { x: X, y: Y } = ring;
  const { x: mx, y: my } = runCentroid(ring, 0, n - 1);
  // Normal equations for (D, E, F) in coordinates centred on the mean.
  const M = normalMatrix(2),
    row = [0, 0];
  let sz = 0;
  for (let i = 0; i < n; i++) {
    const x = X[i] - mx,
      y = Y[i] - my,
      z = x * x + y * y;
    row[0] = x;
    row[1] = y;
    addNormalRow(M, row, z);
    sz += z;
  }
  const [[sxx, sxy, sxz], [, syy, syz]] = M;
  // Centred: sum x = sum y = 0, so F = -sz / n and D, E solve a 2x2 system.
  const det = sxx * syy - sxy * sxy;
  if (Math.abs(det) < 1e-9) return null;
  const D = (-sxz * syy + syz * sxy) / det,
    E = (-syz * sxx + sxz * sxy) / det;
  const F = -sz / n;
  const cx = -D / 2,
    cy = -E / 2;
  const r2 = cx * cx + cy * cy - F;
  if (r2 <= CIRCLE_MIN_RADIUS_PX * CIRCLE_MIN_RADIUS_PX) return null;
  const r = Math.sqrt(r2);
  let area = 0;
  for (let i = 0; i < n; i++) {
    const dx = X[i] - mx - cx,
      dy = Y[i] - my - cy;
    if (Math.abs(Math.sqrt(dx * dx + dy * dy) - r) > tol) return null;
    area += X[i] * Y[i + 1] - X[i + 1] * Y[i];
  }
  const ox = mx + cx,
    oy = my + cy;
  const a = Math.atan2(Y[0] - oy, X[0] - ox);
  // y down: a positive shoelace sum turns clockwise on screen, SVG's sweep = 1.
  const sweep = area > 0;
  // Three arcs of 120°: a half circle's centre is ill-conditioned once its end points are
  // rounded (a chord a hair under the diameter moves the centre by sqrt(r * error)).
  const at = (k: number) => {
    const t = a + ((sweep ? 1 : -1) * k * 2 * Math.PI) / 3;
    return { x: ox + r * Math.cos(t), y: oy + r * Math.sin(t) };
  };
  const start = at(0);
  return {
    start,
    segments: [1, 2, 3].map((k) => ({ type: 'A' as const, r, large: false, sweep, ...at(k % 3) })),
  };
}

/** The least-squares line of an edge's samples, leaving out the ends that a corner rounds. */
function edgeLine(A: Run, a: number, b: number, bounds?: ImageBounds): Line {
  const [i, j] = innerEnds(A, a, b);
  if (j - i < 2) return runLineFit(A, a, b);
  return edgeLineFit(A, i, j, bounds);
}

/** The first and last of the samples a..b that lie a pixel or more from both ends. */
function innerEnds(A: Run, a: number, b: number): [number, number] {
  const { x: X, y: Y } = A;
  let i = a,
    j = b;
  while (i < j && hypot(X[i] - X[a], Y[i] - Y[a]) < 1) i++;
  while (j > i && hypot(X[j] - X[b], Y[j] - Y[b]) < 1) j--;
  return [i, j];
}

/**
 * Whether the samples from a to b, leaving out those within a pixel of either end (which a
 * corner moves), are at least 3 on one pixel row or column: a straight run without a step.
 */
function isAxisRun(A: Run, a: number, b: number): boolean {
  const { x: X, y: Y } = A;
  const [i, j] = innerEnds(A, a, b);
  if (j - i < 2) return false;
  let sameX = true,
    sameY = true;
  for (let k = i + 1; k <= j && (sameX || sameY); k++) {
    sameX &&= X[k] === X[i];
    sameY &&= Y[k] === Y[i];
  }
  return sameX || sameY;
}

const isAliased = (A: Run, m: number) => aliasedSamples(A.x, A.y, 0, m);

const smoothX = [0, 1].map(() => reusable((n) => new Float64Array(n)));
const smoothY = [0, 1].map(() => reusable((n) => new Float64Array(n)));

/**
 * Passes of a [1 2 1] / 4 filter over the m samples of a chain (ends of open chains kept;
 * closed: returned round the loop twice, as `A`).
 */
function smooth(A: Run, m: number, closed: boolean, passes: number): Run {
  const n = closed ? m - 1 : m;
  const size = closed ? 2 * n + 1 : n;
  const bufs: Run[] = [0, 1].map((b) => ({ x: smoothX[b](size), y: smoothY[b](size) }));
  let cur = A;
  for (let pass = 0; pass < passes; pass++) {
    const { x: X, y: Y } = cur;
    const { x: NX, y: NY } = bufs[pass & 1];
    for (let i = 0; i < n; i++) {
      if (!closed && (i === 0 || i === n - 1)) {
        NX[i] = X[i];
        NY[i] = Y[i];
        continue;
      }
      const a = i === 0 ? n - 1 : i - 1,
        c = i + 1 === n ? 0 : i + 1;
      NX[i] = (X[a] + 2 * X[i] + X[c]) / 4;
      NY[i] = (Y[a] + 2 * Y[i] + Y[c]) / 4;
    }
    cur = bufs[pass & 1];
  }
  if (closed)
    for (let i = n; i <= 2 * n; i++) {
      cur.x[i] = cur.x[i - n];
      cur.y[i] = cur.y[i - n];
    }
  return cur;
}

/**
 * The sample of the loop (samples a .. a + n - 1 of d, scaled by sx, sy) where it turns most
 * (over ±2 samples): a good polygon start. Returned as 0 .. n - 1.
 */
function sharpestSample(d: Run, a0: number, n: number, sx: number, sy: number): number {
  const { x: X, y: Y } = d;
  let best = 0,
    bestTurn = -1;
  // |cross| < dot · bound proves a turn below bestTurn (with a margin for atan2's rounding).
  let bound = 0;
  for (let i = 0; i < n; i++) {
    const a = a0 + ((i - 2 + n) % n),
      c = a0 + ((i + 2) % n);
    const px = X[a0 + i] * sx,
      py = Y[a0 + i] * sy;
    const ux = px - X[a] * sx,
      uy = py - Y[a] * sy,
      vx = X[c] * sx - px,
      vy = Y[c] * sy - py;
    const cross = ux * vy - uy * vx,
      dot = ux * vx + uy * vy;
    if (Math.abs(cross) < dot * bound) continue;
    const th = Math.abs(Math.atan2(cross, dot));
    if (th > bestTurn) {
      bestTurn = th;
      best = i;
      bound = Math.tan(Math.min(th, 1.5) * (1 - 1e-6));
    }
  }
  return best;
}
