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
 * potrace treats its input, so stair-steps become the curve they approximate.
 */
import { fitArc } from './arc-fit.js';
import { fitEllipseLoop } from './ellipse-fit.js';
import { centreTangent, endTangent, fitSpan, polygon, type CurveOptions } from './curves.js';
import { centroid, intersect, lineFit, optimalPolygon, project, type Line } from './polygon.js';
import type { Point, Segment, SubPath } from './types.js';
import { mergeWanderingEdges } from './wander-merge.js';
import { hypot } from './hypot.js';

/** Polygon tolerance floor (px) on anti-aliased boundaries: their samples are this accurate. */
const POLY_TOL_MIN = 0.25;
/** Aliased boundaries: samples sit up to half a pixel off the true edge. */
const POLY_TOL_ALIASED = 1.0;
const CURVE_TOL_ALIASED = 0.45;
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
  const s = sharpestSample(pts);
  const ring = [...pts.slice(s), ...pts.slice(0, s), pts[s]];
  return fitChain(ring, opts, true);
}

/** Fits an open chain; its endpoints are kept exactly (they are shared junctions). */
export function fitOpen(pts: Point[], opts: CurveOptions): Segment[] {
  if (pts.length < 5) return pts.slice(1).map(line);
  return fitChain(pts, opts, false).segments;
}

/**
 * `A`: the samples; closed chains repeat their first sample at the end. Returns the subpath
 * (for open chains `start` is A[0]).
 */
function fitChain(A: Point[], opts: CurveOptions, closed: boolean): SubPath {
  const aliased = isAliased(A);
  const tolPoly = aliased ? POLY_TOL_ALIASED : Math.max(opts.tolerancePx, POLY_TOL_MIN);
  const curveTol = aliased ? Math.max(opts.tolerancePx, CURVE_TOL_ALIASED) : opts.tolerancePx;
  const src = aliased ? smooth(A, closed) : A;
  const m = A.length;
  const V = optimalPolygon(A, tolPoly);
  if (!aliased) mergeWanderingEdges(A, V, tolPoly);
  const forced = collapseCutCorners(A, V, closed, tolPoly, opts.cornerAngleRad);
  const K = V.length - 1; // edges
  if (closed && K < 3) return smoothClosed(src, opts, curveTol);

  const lens: number[] = [];
  const lines: Line[] = [];
  for (let e = 0; e < K; e++) {
    const a = A[V[e]],
      b = A[V[e + 1]];
    lens.push(hypot(b.x - a.x, b.y - a.y));
    lines.push(edgeLine(A, V[e], V[e + 1]));
  }
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
    const p0 = A[V[e1]],
      p1 = A[V[k]],
      p2 = A[V[e2 + 1]];
    const ux = p1.x - p0.x,
      uy = p1.y - p0.y,
      vx = p2.x - p1.x,
      vy = p2.y - p1.y;
    const th = Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
    turn[k] = th;
    const lmax = Math.max(lens[e1], lens[e2]);
    corner.push(forced.has(V[k]) || isCornerTurn(th, lmax, tolPoly, opts.cornerAngleRad));
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
  if (breaks.length === 0) return smoothClosed(src, opts, curveTol);
  const pos: Point[] = [];
  for (let k = 0; k < nv; k++) {
    const e1 = before(k),
      e2 = after(k);
    const p = A[V[k]];
    if (e1 < 0 || e2 < 0 || !isBreak(k)) {
      pos.push({ x: p.x, y: p.y });
      continue;
    }
    if (corner[k] || (straight[e1] && straight[e2])) {
      const q = intersect(lines[e1], lines[e2]);
      const limit = forced.has(V[k]) ? 4 : turn[k] > Math.PI / 2 ? 2.5 : 1.5;
      pos.push(q && hypot(q.x - p.x, q.y - p.y) <= limit ? q : { x: p.x, y: p.y });
    } else pos.push(project(straight[e1] ? lines[e1] : lines[e2], p));
  }

  const ringSize = m - 1; // closed: A[m - 1] repeats A[0]
  const samples = (from: number, to: number): Point[] => {
    if (!closed || to > from) return src.slice(from, to + 1);
    return [...src.slice(from, ringSize), ...src.slice(0, to + 1)];
  };
  /** The straight edge e's direction, oriented along the chain. */
  const edgeDir = (e: number): Point => {
    const d = lines[e].d,
      a = A[V[e]],
      b = A[V[e + 1]];
    const s = d.x * (b.x - a.x) + d.y * (b.y - a.y) >= 0 ? 1 : -1;
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
    const d = behindCornersTrimmed(samples(V[k1], V[k2]), pos[k1], pos[k2]);
    if (d.length < 3) {
      segs.push(line(pos[k2]));
      continue;
    }
    const eIn = before(k1),
      eOut = after(k2);
    const smoothIn = !corner[k1] && eIn >= 0 && straight[eIn];
    const smoothOut = !corner[k2] && eOut >= 0 && straight[eOut];
    const t1 = smoothIn ? edgeDir(eIn) : endTangent(d, 0, 1);
    let t2 = endTangent(d, d.length - 1, -1);
    if (smoothOut) {
      const o = edgeDir(eOut);
      t2 = { x: -o.x, y: -o.y };
    }
    const arcs = fitArc(d, curveTol, smoothIn ? t1 : undefined, smoothOut ? t2 : undefined);
    if (arcs) segs.push(...arcs);
    else fitSpan(d, t1, t2, curveTol, segs, opts.newtonRounds);
  }
  return { start: pos[breaks[0]], segments: segs };
}

/**
 * A curve run between two breakpoints, its ends moved to where they were put (a corner moved
 * to where its edges' lines meet, up to a few px out): the samples closer to a moved end than
 * the sample it replaced (plus half a pixel) lie behind it, and fitting through them would
 * turn the curve back on itself; they are left out.
 */
function behindCornersTrimmed(d: Point[], from: Point, to: Point): Point[] {
  const dist = (p: Point, q: Point) => hypot(p.x - q.x, p.y - q.y);
  const n = d.length;
  const r1 = dist(d[0], from) + 0.5,
    r2 = dist(d[n - 1], to) + 0.5;
  let i = 1,
    j = n - 2;
  if (r1 > 1) while (i <= j && dist(d[i], from) < r1) i++;
  if (r2 > 1) while (j >= i && dist(d[j], to) < r2) j--;
  return [from, ...d.slice(i, j + 1), to];
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
  A: Point[],
  V: number[],
  closed: boolean,
  tolPoly: number,
  cornerAngle: number,
): Set<number> {
  const forced = new Set<number>();
  const len = (p: Point, q: Point) => hypot(q.x - p.x, q.y - p.y);
  const cross = (p: Point, q: Point, r: Point) =>
    (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
  for (let changed = true; changed;) {
    changed = false;
    const K = V.length - 1;
    // Indices stay within -1 .. K + 2, which is inside -K .. 2K - 1 wherever they are used.
    const mod = (k: number) => (!closed ? k : k < 0 ? k + K : k >= K ? k - K : k);
    const at = (k: number) => A[V[mod(k)]];
    const edgeLen: number[] = [];
    for (let k = 0; k < K; k++) edgeLen.push(len(at(k), at(k + 1)));
    // A run of `r` short edges, e .. e + r - 1, between the long edges e - 1 and e + r.
    for (let r = 1; r <= 2 && !changed; r++) {
      if (K <= (closed ? 2 + r : 1 + r)) break;
      for (let e = closed ? 0 : 1; e < (closed ? K : K - r) && !changed; e++) {
        let le = 0;
        for (let i = 0; i < r; i++) le += edgeLen[mod(e + i)];
        if (le > CUT_MAX_PX) continue; // too long whatever the edges beside (as below)
        const lp = edgeLen[mod(e - 1)],
          ln = edgeLen[mod(e + r)];
        if (le > Math.min(CUT_MAX_PX, Math.max(CUT_MIN_PX, Math.min(lp, ln) / 6))) continue;
        if (lp < 2 * le || ln < 2 * le) continue;
        const a = at(e - 1),
          b = at(e),
          c = at(e + r),
          d = at(e + r + 1);
        const sign = Math.sign(cross(a, b, at(e + 1)));
        let same = sign !== 0;
        for (let i = 1; i <= r && same; i++)
          same = Math.sign(cross(at(e + i - 1), at(e + i), at(e + i + 1))) === sign;
        if (!same) continue;
        const ux = b.x - a.x,
          uy = b.y - a.y,
          vx = d.x - c.x,
          vy = d.y - c.y;
        const th = Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy));
        if (!isCornerTurn(th, Math.max(lp, ln), tolPoly, cornerAngle)) continue;
        const q = intersect(
          { p: a, d: { x: ux / lp, y: uy / lp } },
          { p: c, d: { x: vx / ln, y: vy / ln } },
        );
        if (!q || hypot(q.x - (b.x + c.x) / 2, q.y - (b.y + c.y) / 2) > 2.5) continue;
        // Keep one vertex of the run (vertex 0 of a closed chain when it is in it).
        const run: number[] = [];
        for (let i = 0; i <= r; i++) run.push(mod(e + i));
        const keep = closed && run.includes(0) ? 0 : run[0];
        const drop = [...new Set(run.filter((k) => k !== keep && !(closed && k === 0)))];
        forced.add(V[keep]);
        if (closed && keep === 0) forced.add(V[K]);
        for (const k of drop.sort((x, y) => y - x)) V.splice(k, 1);
        changed = true;
      }
    }
  }
  return forced;
}

/**
 * A closed boundary without corners or straight runs: a whole circle (three arcs) or ellipse
 * (four quarter cubics) when one fits within the tolerance, otherwise one smooth curve of cubics.
 */
function smoothClosed(ring: Point[], opts: CurveOptions, tol: number): SubPath {
  const known = fitCircle(ring, tol) ?? fitEllipseLoop(ring, tol);
  if (known) return known;
  const segs: Segment[] = [];
  const t = centreTangent(ring, 0, true);
  fitSpan(ring, t, { x: -t.x, y: -t.y }, tol, segs, opts.newtonRounds);
  return { start: { ...ring[0] }, segments: segs };
}

/** Smallest radius (px) written as a circle; tinier loops stay cubics. */
const CIRCLE_MIN_RADIUS_PX = 2;

/**
 * Kåsa's algebraic circle fit (least squares of x² + y² + D x + E y + F over the samples),
 * accepted when every sample lies within `tol` of the circle; returned as three arcs from the
 * first sample's foot, turning the way the loop does.
 */
function fitCircle(ring: Point[], tol: number): SubPath | null {
  const n = ring.length - 1; // the last sample repeats the first
  if (n < 8) return null;
  const { x: mx, y: my } = centroid(ring, 0, n - 1);
  // Normal equations for (D, E, F) in coordinates centred on the mean.
  let sxx = 0,
    sxy = 0,
    syy = 0,
    sxz = 0,
    syz = 0,
    sz = 0;
  for (let i = 0; i < n; i++) {
    const x = ring[i].x - mx,
      y = ring[i].y - my,
      z = x * x + y * y;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sxz += x * z;
    syz += y * z;
    sz += z;
  }
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
    const dx = ring[i].x - mx - cx,
      dy = ring[i].y - my - cy;
    if (Math.abs(Math.sqrt(dx * dx + dy * dy) - r) > tol) return null;
    const q = ring[i + 1];
    area += ring[i].x * q.y - q.x * ring[i].y;
  }
  const ox = mx + cx,
    oy = my + cy;
  const a = Math.atan2(ring[0].y - oy, ring[0].x - ox);
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
function edgeLine(A: Point[], a: number, b: number): Line {
  const pa = A[a],
    pb = A[b];
  let i = a,
    j = b;
  while (i < j && hypot(A[i].x - pa.x, A[i].y - pa.y) < 1) i++;
  while (j > i && hypot(A[j].x - pb.x, A[j].y - pb.y) < 1) j--;
  if (j - i < 2) return lineFit(A, a, b);
  return lineFit(A, i, j);
}

/** True when (nearly) every sample sits on a pixel-edge midpoint: a hard 0/1 boundary. */
function isAliased(A: Point[]): boolean {
  // Stops once more than a tenth of the samples are off: an anti-aliased boundary soon is.
  const maxMisses = 0.1 * A.length;
  let misses = 0;
  for (const p of A)
    if (!((isWhole(p.x) && isHalf(p.y)) || (isHalf(p.x) && isWhole(p.y))) && ++misses > maxMisses)
      return false;
  return true;
}

const isHalf = (v: number) => Math.abs(v - Math.floor(v) - 0.5) < 1e-6;
const isWhole = (v: number) => Math.abs(v - Math.round(v)) < 1e-6;

/** Three passes of a [1 2 1] / 4 filter (ends of open chains kept). */
function smooth(A: Point[], closed: boolean): Point[] {
  const m = A.length;
  const n = closed ? m - 1 : m;
  let cur = A.slice(0, n);
  for (let pass = 0; pass < 3; pass++) {
    const nxt = cur.slice();
    for (let i = 0; i < n; i++) {
      if (!closed && (i === 0 || i === n - 1)) continue;
      const a = cur[(i - 1 + n) % n],
        c = cur[(i + 1) % n];
      nxt[i] = { x: (a.x + 2 * cur[i].x + c.x) / 4, y: (a.y + 2 * cur[i].y + c.y) / 4 };
    }
    cur = nxt;
  }
  return closed ? [...cur, cur[0]] : cur;
}

/** The sample where the boundary turns most (over ±2 samples): a good polygon start. */
function sharpestSample(pts: Point[]): number {
  const n = pts.length;
  let best = 0,
    bestTurn = -1;
  // |cross| < dot · bound proves a turn below bestTurn (with a margin for atan2's rounding).
  let bound = 0;
  for (let i = 0; i < n; i++) {
    const a = pts[(i - 2 + n) % n],
      p = pts[i],
      c = pts[(i + 2) % n];
    const ux = p.x - a.x,
      uy = p.y - a.y,
      vx = c.x - p.x,
      vy = c.y - p.y;
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
