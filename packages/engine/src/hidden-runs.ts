/**
 * Stage 5 (stacked mode, continued): where a region's outline runs under the regions painted
 * after it (the stacking band, boundaries.ts), nobody sees it, yet it followed their edges pixel
 * by pixel and the fit spent segments on that. Each such run is made straight: one chord between
 * its ends, or chords between some of its samples where one would leave the covered area (split
 * at the sample farthest from it, as Douglas and Peucker simplify a line). A rectangle half under
 * a disc comes out as a rectangle again.
 *
 * A point is covered to depth d when every pixel whose centre lies within d of it (in x and in
 * y) belongs to an opaque region painted later. A run is made of samples covered to
 * SAMPLE_DEPTH; its chords are covered to CHORD_DEPTH, as deep as the band's outer edge lies
 * under the later regions, so their anti-aliased edges still have this region beneath them; and
 * the area between a chord and the samples it replaces is covered too (the region's own pixels
 * are never cut off, nor anything painted before added).
 */
import { ALIASED_MAX_MISSES, onPixelEdge, type PackedLoops } from './packed-loops.js';
import type { Segmentation } from './segment.js';

/** A sample is under later regions when the pixels within this of it (x and y) are theirs. */
const SAMPLE_DEPTH = 1.5;
/** A chord is kept when the pixels within this of each of its points are... */
const CHORD_DEPTH = 2;
/** ...but within this of its ends (samples, which may lie as shallow as SAMPLE_DEPTH) to that. */
const END_ZONE = 1;
/** Chords keep a sample about this far apart (px), which holds the fitted curve to them. */
const CHORD_SPACING = 2;
/** Chords are tested at points this far apart (px). */
const CHORD_STEP = 0.5;
/**
 * A chord whose samples all lie within this of it (px) cuts off nothing but covered pixels:
 * every point between lies within half of it of the chord or of the samples.
 */
const THIN_SWEEP = 2;
/** Runs shorter than this (samples) are left as they are... */
const MIN_RUN = 4;
/**
 * ...and so are this many samples at each end of a run: the fit of the visible outline next to
 * it bends away from the corner where a chord leaves.
 */
const RUN_EDGE = 2;

/**
 * Straightens the hidden runs of region k's loops (stacked outlines, working px) in place: the
 * samples that the chords have no need of are dropped, the loops moving down in their arrays.
 * `soft[r]`: region r is painted see-through, so hides nothing.
 */
export function straightenHidden(
  loops: PackedLoops,
  k: number,
  seg: Segmentation,
  soft?: boolean[],
): void {
  const under = new Under(seg, k, soft);
  const { x: X, y: Y, n: N, start } = loops;
  // Loop by loop, the samples kept move down in place (a loop never grows).
  let m = start[0];
  for (let l = 0; l + 1 < start.length; l++) {
    const a = start[l],
      b = start[l + 1];
    const drop = straightenLoop(loops, a, b, under);
    start[l] = m;
    for (let i = a; i < b; i++) {
      if (drop?.[i - a]) continue;
      X[m] = X[i];
      Y[m] = Y[i];
      N[m] = N[i];
      m++;
    }
  }
  start[start.length - 1] = m;
}

/** Which points lie under the regions painted after region k. */
class Under {
  private readonly w: number;
  private readonly h: number;
  private readonly regionOf: Int32Array;

  constructor(
    seg: Segmentation,
    private readonly k: number,
    private readonly soft?: boolean[],
  ) {
    this.w = seg.width;
    this.h = seg.height;
    this.regionOf = seg.regionOf;
  }

  /** Region r is painted later and covers what lies under it. */
  later(r: number): boolean {
    return r > this.k && !this.soft?.[r];
  }

  /** Pixel (x, y) is in the image and covered. */
  private covered(x: number, y: number): boolean {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return false;
    return this.later(this.regionOf[y * this.w + x]);
  }

  /**
   * Every pixel whose centre lies inside the polygon of n points (px, py), closed from the last
   * back to the first, is covered: the area that replacing a run by its chord adds to the region
   * or takes from it (the chord alone can be covered while the run wraps round the region's own
   * pixels).
   */
  inside(px: Float64Array, py: Float64Array, n: number): boolean {
    let y0 = Infinity,
      y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      if (py[i] < y0) y0 = py[i];
      if (py[i] > y1) y1 = py[i];
    }
    if (crossings.length < n) crossings = new Float64Array(2 * n);
    const xs = crossings;
    for (let y = Math.ceil(y0 - 0.5); y <= Math.floor(y1 - 0.5); y++) {
      const cy = y + 0.5;
      // The crossings of the scanline in increasing order (a few: insertion sort).
      let m = 0;
      for (let i = 0, j = n - 1; i < n; j = i++)
        if (py[i] <= cy !== py[j] <= cy) {
          const x = px[j] + ((cy - py[j]) * (px[i] - px[j])) / (py[i] - py[j]);
          let k = m++;
          for (; k > 0 && xs[k - 1] > x; k--) xs[k] = xs[k - 1];
          xs[k] = x;
        }
      for (let e = 0; e + 1 < m; e += 2)
        for (let x = Math.ceil(xs[e] - 0.5); x + 0.5 < xs[e + 1]; x++)
          if (!this.covered(x, y)) return false;
    }
    return true;
  }

  /** Every pixel whose centre is within `depth` of (x, y), in x and in y, is covered. */
  at(x: number, y: number, depth: number): boolean {
    const x0 = Math.ceil(x - 0.5 - depth),
      x1 = Math.floor(x - 0.5 + depth),
      y0 = Math.ceil(y - 0.5 - depth),
      y1 = Math.floor(y - 0.5 + depth);
    if (x0 < 0 || y0 < 0 || x1 >= this.w || y1 >= this.h) return false;
    for (let py = y0; py <= y1; py++)
      for (let px = x0; px <= x1; px++) if (!this.covered(px, py)) return false;
    return true;
  }

  /**
   * Every point of the segment (ax, ay) - (bx, by) is covered to CHORD_DEPTH, but those within
   * END_ZONE of its ends (samples of the outline) to SAMPLE_DEPTH.
   */
  chord(ax: number, ay: number, bx: number, by: number): boolean {
    const len = Math.hypot(bx - ax, by - ay);
    const steps = Math.ceil(len / CHORD_STEP);
    for (let s = 0; s <= steps; s++) {
      const t = steps === 0 ? 0 : s / steps;
      const end = Math.min(t, 1 - t) * len < END_ZONE;
      if (!this.at(ax + t * (bx - ax), ay + t * (by - ay), end ? SAMPLE_DEPTH : CHORD_DEPTH))
        return false;
    }
    return true;
  }
}

/** A run of a loop: `len` samples from the loop's s-th, round the loop of n samples from a. */
class Run {
  constructor(
    readonly X: Float64Array,
    readonly Y: Float64Array,
    private readonly a: number,
    private readonly n: number,
    private readonly s: number,
    readonly len: number,
  ) {}

  /** Index in X, Y of the run's i-th sample. */
  at(i: number): number {
    return this.a + this.index(i);
  }

  /** Index round the loop of the run's i-th sample. */
  index(i: number): number {
    return (this.s + i) % this.n;
  }

  /** The polygon of samples i .. j (closed by the chord), in scratch arrays. */
  sweep(i: number, j: number): [Float64Array, Float64Array, number] {
    const m = j - i + 1;
    if (sweepX.length < m) {
      sweepX = new Float64Array(2 * m);
      sweepY = new Float64Array(2 * m);
    }
    for (let q = 0; q < m; q++) {
      sweepX[q] = this.X[this.at(i + q)];
      sweepY[q] = this.Y[this.at(i + q)];
    }
    return [sweepX, sweepY, m];
  }
}
/** Under.inside's crossings of one scanline (at most one per polygon side). */
let crossings = new Float64Array(256);
let sweepX = new Float64Array(256);
let sweepY = new Float64Array(256);

/**
 * Straightens the hidden runs of the loop of samples a .. b - 1; returns which of its samples
 * are left out (those a chord has no need of), or null.
 */
function straightenLoop(loops: PackedLoops, a: number, b: number, under: Under): Uint8Array | null {
  const n = b - a;
  const { x: X, y: Y, n: N } = loops;
  const hidden = new Uint8Array(n);
  let first = -1; // a visible sample: runs are followed from there, round the loop
  let visible = 0,
    offEdges = 0;
  for (let i = 0; i < n; i++) {
    // A sample beside a region painted earlier (or beyond the image) shows: no need to look.
    hidden[i] = under.later(N[a + i]) && under.at(X[a + i], Y[a + i], SAMPLE_DEPTH) ? 1 : 0;
    if (hidden[i]) continue;
    if (first < 0) first = i;
    visible++;
    if (!onPixelEdge(X[a + i], Y[a + i])) offEdges++;
  }
  // Where the outline shows, it is hard-edged (on pixel edges, as the band's edge is): the fit
  // smooths such an outline whole, which chords off the pixel edges would keep it from.
  if (first < 0 || offEdges <= ALIASED_MAX_MISSES * visible) return null;
  // Each run's hidden flags, once its length is known, become its samples to drop.
  const drop = hidden;
  for (let i = 1; i <= n;) {
    const s = (first + i) % n;
    if (!hidden[s]) {
      i++;
      continue;
    }
    let len = 0;
    while (i + len <= n && hidden[(first + i + len) % n]) len++;
    for (let q = 0; q < len; q++) drop[(s + q) % n] = 0;
    if (len >= MIN_RUN + 2 * RUN_EDGE)
      straighten(new Run(X, Y, a, n, (s + RUN_EDGE) % n, len - 2 * RUN_EDGE), under, drop);
    i += len;
  }
  return drop;
}

/**
 * Moves the run's samples between its ends onto chords: one every CHORD_SPACING px or so,
 * spread evenly along each, and the others marked in `drop` (indices round the loop).
 */
function straighten(run: Run, under: Under, drop: Uint8Array): void {
  const { X, Y, len } = run;
  // Vertices of the chords, as run offsets: split until every chord is covered.
  const keep = [0, len - 1];
  const todo = [0, len - 1];
  while (todo.length > 0) {
    const j = todo.pop()!,
      i = todo.pop()!;
    if (j - i < 2) continue;
    const ax = X[run.at(i)],
      ay = Y[run.at(i)],
      bx = X[run.at(j)],
      by = Y[run.at(j)];
    let far = i + 1,
      farD = -1;
    for (let m = i + 1; m < j; m++) {
      const d = Math.abs((X[run.at(m)] - ax) * (by - ay) - (Y[run.at(m)] - ay) * (bx - ax));
      if (d > farD) {
        farD = d;
        far = m;
      }
    }
    // Only an area wider than a sliver is looked through (THIN_SWEEP).
    const thin = farD <= THIN_SWEEP * Math.hypot(bx - ax, by - ay);
    if (under.chord(ax, ay, bx, by) && (thin || under.inside(...run.sweep(i, j)))) continue;
    keep.push(far);
    todo.push(i, far, far, j);
  }
  keep.sort((p, q) => p - q);
  for (let v = 0; v + 1 < keep.length; v++) {
    const i = keep[v],
      j = keep[v + 1];
    const ax = X[run.at(i)],
      ay = Y[run.at(i)],
      bx = X[run.at(j)],
      by = Y[run.at(j)];
    const pieces = Math.min(
      j - i,
      Math.max(1, Math.round(Math.hypot(bx - ax, by - ay) / CHORD_SPACING)),
    );
    for (let m = i + 1; m < j; m++) drop[run.index(m)] = 1;
    for (let q = 1; q < pieces; q++) {
      const m = i + Math.round((q * (j - i)) / pieces);
      X[run.at(m)] = ax + (q / pieces) * (bx - ax);
      Y[run.at(m)] = ay + (q / pieces) * (by - ay);
      drop[run.index(m)] = 0;
    }
  }
}
