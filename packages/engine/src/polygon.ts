/**
 * The optimal polygon of a dense boundary polyline (after Selinger, "Potrace: a polygon-based
 * tracing algorithm", 2003, §2.2): vertices are boundary samples; an edge from sample i to
 * sample j is allowed when every sample between them lies within `tol` of the line through
 * the two; among the polygons of allowed edges the one with the fewest edges wins, ties
 * broken by the smaller sum of squared distances. Then each vertex moves to the intersection
 * of its two edges' least-squares lines (potrace's vertex adjustment), which restores corners
 * that rendering blunted.
 *
 * Our own formulation: the allowed reach from each sample is found with a shrinking cone of
 * directions (each sample further away narrows the cone by asin(tol / distance)), so the
 * whole polygon costs O(n · longest edge) instead of potrace's direction-class bookkeeping.
 */
import { reusable } from './reusable-arrays.js';
import type { ImageBounds, Run } from './curves.js';
import type { Point } from './types.js';
import { hypot } from './hypot.js';

/** Predecessors weighed by penalty when several give the fewest edges. */
const TIE_CANDIDATES = 24;

const reachBuf = reusable((n) => new Int32Array(n));
const sumX = reusable((n) => new Float64Array(n));
const sumY = reusable((n) => new Float64Array(n));
const sumXX = reusable((n) => new Float64Array(n));
const sumXY = reusable((n) => new Float64Array(n));
const sumYY = reusable((n) => new Float64Array(n));
const costBuf = reusable((n) => new Int32Array(n));
const penBuf = reusable((n) => new Float64Array(n));
const prevBuf = reusable((n) => new Int32Array(n));

/**
 * Indices of the polygon's vertices among the samples 0 .. m - 1 of `d`; the first and last
 * sample are vertices.
 */
export function optimalPolygon(d: Run, m: number, tol: number): number[] {
  if (m <= 2) return m === 2 ? [0, 1] : [0];
  const { x: X, y: Y } = d;
  // Made monotone (as potrace does): reach[i] is at most reach[i + 1], so the walk from i
  // can stop there.
  // Along a straight run every sample reaches the run's end, and checking that costs far less
  // than walking the cone: tried while the sample after reached its own limit.
  const reach = reachBuf(m);
  reach[m - 2] = m - 1;
  let hit = true;
  run.limit = -1;
  for (let i = m - 3; i >= 0; i--) {
    const limit = reach[i + 1];
    const r: number =
      hit && (run.extends(X, Y, i, limit, tol) || run.check(X, Y, i, limit, tol))
        ? limit
        : reachFrom(X, Y, i, limit, tol);
    reach[i] = r;
    hit = r === limit;
  }
  edges.sum(X, Y, m);
  // Fewest edges first: with the reach monotone, the best count for j comes from the first
  // sample that reaches j; among the samples with that same count (a prefix from there), the
  // smallest penalty wins (only the first few are weighed).
  const cost = costBuf(m),
    pen = penBuf(m),
    prev = prevBuf(m);
  cost[0] = 0;
  pen[0] = 0;
  let lo = 0;
  for (let j = 1; j < m; j++) {
    while (reach[lo] < j) lo++;
    const c = cost[lo];
    let bestI = lo,
      bestP = pen[lo] + edges.penalty(X, Y, lo, j);
    for (let i = lo + 1, k = 0; i < j && cost[i] === c && k < TIE_CANDIDATES; i++, k++) {
      if (pen[i] >= bestP) continue; // a penalty is never negative
      const p = pen[i] + edges.penalty(X, Y, i, j);
      if (p < bestP) {
        bestP = p;
        bestI = i;
      }
    }
    cost[j] = c + 1;
    pen[j] = bestP;
    prev[j] = bestI;
  }
  const out: number[] = [];
  for (let j = m - 1; j >= 0; j = prev[j]) {
    out.push(j);
    if (j === 0) break;
  }
  return out.reverse();
}

/**
 * The squared-distance penalty of an edge in O(1), from prefix sums of the samples' coordinates
 * (from sample 0's) and their products.
 */
class EdgePenalties {
  private ox = 0;
  private oy = 0;
  private sx = new Float64Array(0);
  private sy = new Float64Array(0);
  private sxx = new Float64Array(0);
  private sxy = new Float64Array(0);
  private syy = new Float64Array(0);

  /** Sums the samples 0 .. m - 1. */
  sum(X: Float64Array, Y: Float64Array, m: number): void {
    const ox = X[0],
      oy = Y[0];
    const sx = sumX(m + 1),
      sy = sumY(m + 1),
      sxx = sumXX(m + 1),
      sxy = sumXY(m + 1),
      syy = sumYY(m + 1);
    sx[0] = sy[0] = sxx[0] = sxy[0] = syy[0] = 0;
    for (let i = 0; i < m; i++) {
      const x = X[i] - ox,
        y = Y[i] - oy;
      sx[i + 1] = sx[i] + x;
      sy[i + 1] = sy[i] + y;
      sxx[i + 1] = sxx[i] + x * x;
      sxy[i + 1] = sxy[i] + x * y;
      syy[i + 1] = syy[i] + y * y;
    }
    this.ox = ox;
    this.oy = oy;
    this.sx = sx;
    this.sy = sy;
    this.sxx = sxx;
    this.sxy = sxy;
    this.syy = syy;
  }

  /** The sum of squared distances of the samples i .. j from the line through i and j. */
  penalty(X: Float64Array, Y: Float64Array, i: number, j: number): number {
    const { ox, oy, sx, sy, sxx, sxy, syy } = this;
    const ax = X[i] - ox,
      ay = Y[i] - oy;
    const dx = X[j] - X[i],
      dy = Y[j] - Y[i];
    const l = hypot(dx, dy);
    if (l < 1e-9) return 0;
    const nx = -dy / l,
      ny = dx / l,
      c = -(nx * ax + ny * ay);
    const k = j - i + 1;
    const SX = sx[j + 1] - sx[i],
      SY = sy[j + 1] - sy[i];
    const XX = sxx[j + 1] - sxx[i],
      XY = sxy[j + 1] - sxy[i],
      YY = syy[j + 1] - syy[i];
    return Math.max(
      0,
      nx * nx * XX + 2 * nx * ny * XY + ny * ny * YY + 2 * c * (nx * SX + ny * SY) + k * c * c,
    );
  }
}

const edges = new EdgePenalties();

/**
 * The furthest sample j up to `limit` such that the edge i -> j passes within `tol` of every
 * sample between. The cone of allowed directions is kept as two vectors, the tangents from i
 * to the circles of radius `tol` round the samples that bound it. Only the signs of cross
 * products are read, so the tangents stay unnormalised: a sample v at squared distance d2
 * gives v·sqrt(d2 - tol²) ± v⊥·tol, one square root per sample.
 */
function reachFrom(
  X: Float64Array,
  Y: Float64Array,
  i: number,
  limit: number,
  tol: number,
): number {
  const px = X[i],
    py = Y[i];
  const tol2 = tol * tol;
  let rx = 0,
    ry = 0,
    far = 0;
  // Cone edges, valid once `open`.
  let lx = 0,
    ly = 0,
    hx = 0,
    hy = 0,
    open = false;
  let best = i + 1;
  for (let j = i + 1; j <= limit; j++) {
    const vx = X[j] - px,
      vy = Y[j] - py;
    const d2 = vx * vx + vy * vy;
    if (!open && rx === 0 && ry === 0) {
      if (d2 <= tol2) {
        best = j;
        continue;
      }
      const d = Math.sqrt(d2);
      rx = vx / d;
      ry = vy / d;
    }
    const along = rx * vx + ry * vy;
    if (along < far - tol || along <= 0) break; // the boundary turns back
    if (along > far) far = along;
    if (d2 > tol2) {
      if (open && (lx * vy - ly * vx < 0 || vx * hy - vy * hx < 0)) break;
      const c = Math.sqrt(d2 - tol2);
      // v turned by -delta (towards lower angles) and +delta (y down: cross sign convention),
      // delta = asin(tol / d); both scaled by d².
      const ax = vx * c + vy * tol,
        ay = vy * c - vx * tol,
        bx = vx * c - vy * tol,
        by = vy * c + vx * tol;
      if (!open) {
        lx = ax;
        ly = ay;
        hx = bx;
        hy = by;
        open = true;
      } else {
        if (lx * ay - ly * ax > 0) {
          lx = ax;
          ly = ay;
        }
        if (bx * hy - by * hx > 0) {
          hx = bx;
          hy = by;
        }
      }
    }
    best = j;
  }
  return best;
}

/**
 * Proves reachFrom(i, limit) = `limit` without a square root per sample. In the frame of the
 * line from i to `limit` (direction u) each sample v is at t = u·v along and e = cross(u, v)
 * across; `spread` is max e - min e over the samples from i to `limit` (both at e = 0) and
 * `back` how far a sample lies behind one before it (or behind i) along u.
 *
 * Why that suffices: the walk takes sample j (d_j > tol) when the line from i towards it
 * passes within tol of each earlier sample k beyond tol, i.e. |t_j e_k - e_j t_k| / d_j <= tol;
 * with t_j <= d_j and -back <= t_k <= t_j + back that is at most spread · (1 + back / tol).
 * Its turn-back test is along the direction of its first sample j0 beyond tol, off u by
 * |e_j0| / d_j0 < spread / tol, over which no sample falls behind an earlier one by more
 * than back + spread² / tol. Both bounds below tol (with a margin for rounding) mean the walk
 * never stops before `limit`.
 *
 * Along one run (the same limit for i, i - 1, ...) the samples are kept in the frame of the
 * last line checked sample by sample (`ref`, origin at `limit`): their extremes across (b) and
 * along (a) and how far one lies behind an earlier one along it. A new i's line is turned by
 * some φ from it, e = cos φ · b - sin φ · a and t = cos φ · a + sin φ · b, which bounds its
 * spread and back in O(1); only when those bounds fail are the samples checked one by one.
 */
class StraightRun {
  /** The run's limit (-1: nothing kept) and the first sample kept: samples lo .. limit. */
  limit = -1;
  private lo = 0;
  /** The reference frame: origin (the limit's sample) and unit direction. */
  private ox = 0;
  private oy = 0;
  private ux = 0;
  private uy = 0;
  private aLo = 0;
  private aHi = 0;
  private bLo = 0;
  private bHi = 0;
  private back = 0;

  /** Whether i reaches `limit`, from the bounds kept for the run (the samples kept gain i). */
  extends(X: Float64Array, Y: Float64Array, i: number, limit: number, tol: number): boolean {
    if (this.limit !== limit || this.lo !== i + 1) return false;
    const { ox, oy, ux, uy } = this;
    const wx = X[i] - ox,
      wy = Y[i] - oy;
    const a = ux * wx + uy * wy,
      b = ux * wy - uy * wx;
    this.back = Math.max(this.back, a - this.aLo);
    this.aLo = Math.min(this.aLo, a);
    this.aHi = Math.max(this.aHi, a);
    this.bLo = Math.min(this.bLo, b);
    this.bHi = Math.max(this.bHi, b);
    this.lo = i;
    const len = Math.sqrt(wx * wx + wy * wy);
    if (len <= tol) return false;
    // The line from i towards the limit: cos φ and sin φ against the reference direction.
    const cs = -(ux * wx + uy * wy) / len,
      sn = -(ux * wy - uy * wx) / len;
    if (cs < 0.5) return false;
    const sa1 = -sn * this.aLo,
      sa2 = -sn * this.aHi;
    const eHi = Math.max(0, cs * this.bHi + Math.max(sa1, sa2)),
      eLo = Math.min(0, cs * this.bLo + Math.min(sa1, sa2));
    const spread = eHi - eLo,
      back = this.back + Math.abs(sn) * (this.bHi - this.bLo);
    return accepted(spread, back, tol);
  }

  /** Whether i reaches `limit`, checked sample by sample; if so the run is kept in i's frame. */
  check(X: Float64Array, Y: Float64Array, i: number, limit: number, tol: number): boolean {
    this.limit = -1;
    const px = X[i],
      py = Y[i];
    const ex = X[limit] - px,
      ey = Y[limit] - py;
    const len = Math.sqrt(ex * ex + ey * ey);
    if (len <= tol) return false;
    const ux = ex / len,
      uy = ey / len;
    const bound = tol * BOUND_MARGIN;
    let far = 0,
      near = 0,
      back = 0,
      eLo = 0,
      eHi = 0;
    for (let k = i + 1; k < limit; k++) {
      const vx = X[k] - px,
        vy = Y[k] - py;
      const e = ux * vy - uy * vx;
      if (e > eHi) eHi = e;
      else if (e < eLo) eLo = e;
      const t = ux * vx + uy * vy;
      if (t > far) far = t;
      else {
        if (far - t > back) back = far - t;
        if (t < near) near = t;
      }
      if (eHi - eLo >= bound || back >= bound) return false;
    }
    if (far - len > back) back = far - len;
    if (!accepted(eHi - eLo, back, tol)) return false;
    this.limit = limit;
    this.lo = i;
    this.ox = X[limit];
    this.oy = Y[limit];
    this.ux = ux;
    this.uy = uy;
    this.aLo = near - len;
    this.aHi = Math.max(far, len) - len;
    this.bLo = eLo;
    this.bHi = eHi;
    this.back = back;
    return true;
  }
}

/** Bounds below tol leave a margin far above rounding. */
const BOUND_MARGIN = 0.999;

function accepted(spread: number, back: number, tol: number): boolean {
  const bound = tol * BOUND_MARGIN;
  return spread * (1 + back / tol) < bound && back + (spread * spread) / tol < bound;
}

const run = new StraightRun();

export interface Line {
  /** A point on the line (the samples' centroid) and its unit direction. */
  p: Point;
  d: Point;
}

/** The mean of pts[a..b], summed in order (the fits' results depend on its exact bits). */
export function centroid(pts: Point[], a = 0, b = pts.length - 1): Point {
  let mx = 0,
    my = 0;
  for (let i = a; i <= b; i++) {
    mx += pts[i].x;
    my += pts[i].y;
  }
  const k = b - a + 1;
  return { x: mx / k, y: my / k };
}

/** centroid of the samples a .. b of a run. */
export function runCentroid(d: Run, a: number, b: number): Point {
  const { x: X, y: Y } = d;
  let mx = 0,
    my = 0;
  for (let i = a; i <= b; i++) {
    mx += X[i];
    my += Y[i];
  }
  const k = b - a + 1;
  return { x: mx / k, y: my / k };
}

/** lineFit of the samples a .. b of a run. */
export function runLineFit(d: Run, a: number, b: number): Line {
  const { x: X, y: Y } = d;
  const { x: mx, y: my } = runCentroid(d, a, b);
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (let i = a; i <= b; i++) {
    const dx = X[i] - mx,
      dy = Y[i] - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { p: { x: mx, y: my }, d: { x: Math.cos(theta), y: Math.sin(theta) } };
}

/** Least-squares (total) line through pts[a..b]. */
export function lineFit(pts: Point[], a = 0, b = pts.length - 1): Line {
  const { x: mx, y: my } = centroid(pts, a, b);
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (let i = a; i <= b; i++) {
    const dx = pts[i].x - mx,
      dy = pts[i].y - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { p: { x: mx, y: my }, d: { x: Math.cos(theta), y: Math.sin(theta) } };
}

/** Intersection of two lines, or null when they are nearly parallel. */
export function intersect(a: Line, b: Line, minSin = 0.2): Point | null {
  const den = a.d.x * b.d.y - a.d.y * b.d.x;
  if (Math.abs(den) < minSin) return null;
  const t = ((b.p.x - a.p.x) * b.d.y - (b.p.y - a.p.y) * b.d.x) / den;
  return { x: a.p.x + a.d.x * t, y: a.p.y + a.d.y * t };
}

/** The foot of p on line l. */
export function project(l: Line, p: Point): Point {
  const t = (p.x - l.p.x) * l.d.x + (p.y - l.p.y) * l.d.y;
  return { x: l.p.x + l.d.x * t, y: l.p.y + l.d.y * t };
}

/** Largest distance from pts[a..b] to the line. */
export function maxDistance(l: Line, pts: Point[], a: number, b: number): number {
  let m = 0;
  for (let i = a; i <= b; i++)
    m = Math.max(m, Math.abs((pts[i].x - l.p.x) * l.d.y - (pts[i].y - l.p.y) * l.d.x));
  return m;
}

/**
 * The line of an outline's straight edge, samples a..b of a run: the image border when nearly all
 * of them lie on it (the outline clamped to it; a least-squares line through the few others,
 * where a corner rounds off, would tilt off it and leave a hairline of background along the
 * border), else their least-squares line. `bounds`: the image's size, as the samples are scaled.
 */
export function edgeLineFit(d: Run, a: number, b: number, bounds?: ImageBounds): Line {
  return (bounds && borderLine(d, a, b, bounds)) ?? runLineFit(d, a, b);
}

/** The image border that nearly all of samples i..j lie on, as a line, or null. */
function borderLine(A: Run, i: number, j: number, bounds: ImageBounds): Line | null {
  const { x: X, y: Y } = A;
  const most = BORDER_SHARE * (j - i + 1);
  for (const [v, along] of [
    [0, 'y'],
    [bounds.width, 'y'],
    [0, 'x'],
    [bounds.height, 'x'],
  ] as const) {
    const C = along === 'y' ? X : Y;
    let on = 0;
    for (let k = i; k <= j; k++) if (Math.abs(C[k] - v) < 1e-9) on++;
    if (on < most) continue;
    const p = along === 'y' ? { x: v, y: Y[i] } : { x: X[i], y: v };
    const s = along === 'y' ? Math.sign(Y[j] - Y[i]) || 1 : Math.sign(X[j] - X[i]) || 1;
    return { p, d: along === 'y' ? { x: 0, y: s } : { x: s, y: 0 } };
  }
  return null;
}

/** Share of an edge's inner samples on an image border that makes it the border. */
const BORDER_SHARE = 0.75;
