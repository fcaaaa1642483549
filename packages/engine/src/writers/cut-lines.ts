/**
 * Cut lines for cutters (the DXF writer): every visible boundary of a document exactly once.
 * A piece of a shape's outline is kept unless it lies inside, or on the outline of, a shape
 * painted later. In a cutout document a boundary shared by two regions is therefore written
 * once (by the later region); in a stacked one the parts of an outline that run under later
 * shapes are cut off where they cross the later shape's edge, leaving the boundary the eye
 * sees, so both stackings give the same cut. The bottom shape, when it spans the whole canvas
 * (the background, or the page rectangle of a stacked document), is left out unless asked
 * for: a laser would cut the page border.
 */
import type { Point, Segment, Shape, SubPath, VectorDoc } from '../types.js';
import { sampleSegment, subSegment, type Samples } from './segment-pieces.js';

export interface CutPath {
  fill: string;
  start: Point;
  segments: Segment[];
  closed: boolean;
}

/** Sampling tolerance of the coverage tests (input px). */
const TOL = 0.05;
/** A piece this close to a later outline is that outline (input px). */
const ON_EDGE = 1e-3;
/** Open pieces shorter than this are slivers of the stacking band, not boundaries (input px). */
const MIN_OPEN = 0.25;
/** Ring edges are tested in chunks of this many behind one bounding box. */
const CHUNK = 32;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
/** A closed polygon (last point = first) with the boxes of its edge chunks. */
interface Ring {
  x: number[];
  y: number[];
  box: Box;
  chunks: Box[];
}
interface Solid {
  rings: Ring[];
  box: Box;
}

export function cutLines(doc: VectorDoc, keepBackground: boolean): CutPath[] {
  let items = doc.layers.flatMap((l) => l.shapes.map((shape) => ({ fill: l.fill, shape })));
  let solids = items.map((it) => solidOf(it.shape));
  if (!keepBackground && solids.length > 0 && spansCanvas(solids[0].box, doc)) {
    items = items.slice(1);
    solids = solids.slice(1);
  }
  const grid = new Grid(doc.width, doc.height, solids);
  const out: CutPath[] = [];
  items.forEach((it, i) => {
    for (const sp of it.shape.subpaths)
      for (const p of visiblePaths(sp, i, solids, grid)) out.push({ fill: it.fill, ...p });
  });
  return out;
}

function spansCanvas(b: Box, doc: VectorDoc): boolean {
  return b.x0 <= 1 && b.y0 <= 1 && b.x1 >= doc.width - 1 && b.y1 >= doc.height - 1;
}

interface Piece {
  k: number;
  t0: number;
  t1: number;
  p0: Point;
  seg: Segment;
}

/** The visible parts of one subpath: itself when nothing covers it, else open runs. */
function visiblePaths(
  sp: SubPath,
  i: number,
  solids: Solid[],
  grid: Grid,
): Omit<CutPath, 'fill'>[] {
  const pieces: Piece[] = [];
  let p0 = sp.start;
  sp.segments.forEach((seg, k) => {
    for (const [t0, t1] of keptIntervals(sampleSegment(p0, seg, TOL), i, solids, grid))
      pieces.push({ k, t0, t1, p0, seg });
    p0 = seg;
  });
  const m = sp.segments.length;
  if (pieces.length === m && pieces.every((pc) => pc.t0 === 0 && pc.t1 === 1))
    return [{ start: sp.start, segments: sp.segments, closed: true }];
  const runs: Piece[][] = [];
  for (const pc of pieces) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (last && last.t1 === 1 && pc.t0 === 0 && pc.k === last.k + 1) run.push(pc);
    else runs.push([pc]);
  }
  if (runs.length > 1) {
    const first = runs[0][0],
      lastRun = runs[runs.length - 1],
      last = lastRun[lastRun.length - 1];
    if (first.k === 0 && first.t0 === 0 && last.k === m - 1 && last.t1 === 1)
      runs[0] = [...(runs.pop() as Piece[]), ...runs[0]];
  }
  const paths: Omit<CutPath, 'fill'>[] = [];
  for (const run of runs) {
    const parts = run.map((pc) => subSegment(pc.p0, pc.seg, pc.t0, pc.t1));
    let length = 0;
    for (const { start, seg } of parts) length += Math.hypot(seg.x - start.x, seg.y - start.y);
    if (length >= MIN_OPEN)
      paths.push({ start: parts[0].start, segments: parts.map((q) => q.seg), closed: false });
  }
  return paths;
}

/** Parameter intervals of the sampled segment that no later shape covers. */
function keptIntervals(s: Samples, i: number, solids: Solid[], grid: Grid): [number, number][] {
  const box = boxOf(s.x, s.y, 0, s.x.length, ON_EDGE);
  const later = grid.query(box, i);
  if (later.length === 0) return [[0, 1]];
  const cuts = [0, 1];
  for (const j of later)
    for (const ring of solids[j].rings) if (overlaps(ring.box, box)) crossings(s, ring, box, cuts);
  cuts.sort((a, b) => a - b);
  const kept: [number, number][] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    const t0 = cuts[c],
      t1 = cuts[c + 1];
    if (t1 - t0 < 1e-9) continue;
    const q = at(s, (t0 + t1) / 2);
    if (covered(q, later, solids)) continue;
    const prev = kept[kept.length - 1];
    if (prev && prev[1] === t0) prev[1] = t1;
    else kept.push([t0, t1]);
  }
  return kept;
}

/** Adds the parameters where the sampled segment crosses the ring's edges. */
function crossings(s: Samples, ring: Ring, box: Box, cuts: number[]): void {
  const n = s.x.length;
  ring.chunks.forEach((chunk, c) => {
    if (!overlaps(chunk, box)) return;
    const e0 = c * CHUNK,
      e1 = Math.min(ring.x.length - 1, e0 + CHUNK);
    for (let e = e0; e < e1; e++) {
      const cx = ring.x[e],
        cy = ring.y[e],
        dx = ring.x[e + 1] - cx,
        dy = ring.y[e + 1] - cy;
      for (let a = 0; a + 1 < n; a++) {
        const ax = s.x[a],
          ay = s.y[a],
          bx = s.x[a + 1] - ax,
          by = s.y[a + 1] - ay;
        const den = bx * dy - by * dx;
        if (Math.abs(den) < 1e-12) continue;
        const u = ((cx - ax) * dy - (cy - ay) * dx) / den;
        const v = ((cx - ax) * by - (cy - ay) * bx) / den;
        if (u <= 1e-9 || u >= 1 - 1e-9 || v < 0 || v > 1) continue;
        cuts.push(s.t[a] + u * (s.t[a + 1] - s.t[a]));
      }
    }
  });
}

function covered(q: Point, later: number[], solids: Solid[]): boolean {
  for (const j of later) {
    const solid = solids[j];
    if (!inBox(solid.box, q, ON_EDGE)) continue;
    let w = 0;
    for (const ring of solid.rings) {
      if (!inBox(ring.box, q, ON_EDGE)) continue;
      if (nearRing(ring, q)) return true;
      w += winding(ring, q);
    }
    if (w !== 0) return true;
  }
  return false;
}

function nearRing(ring: Ring, q: Point): boolean {
  for (let c = 0; c < ring.chunks.length; c++) {
    if (!inBox(ring.chunks[c], q, ON_EDGE)) continue;
    const e1 = Math.min(ring.x.length - 1, (c + 1) * CHUNK);
    for (let e = c * CHUNK; e < e1; e++) {
      const ax = ring.x[e],
        ay = ring.y[e],
        bx = ring.x[e + 1] - ax,
        by = ring.y[e + 1] - ay;
      const len2 = bx * bx + by * by;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((q.x - ax) * bx + (q.y - ay) * by) / len2)) : 0;
      if (Math.hypot(q.x - ax - t * bx, q.y - ay - t * by) < ON_EDGE) return true;
    }
  }
  return false;
}

function winding(ring: Ring, q: Point): number {
  let w = 0;
  ring.chunks.forEach((chunk, c) => {
    // Only edges spanning q's height and not wholly left of q can count.
    if (chunk.y0 > q.y || chunk.y1 < q.y || chunk.x1 < q.x) return;
    const e1 = Math.min(ring.x.length - 1, (c + 1) * CHUNK);
    for (let e = c * CHUNK; e < e1; e++) {
      const ax = ring.x[e],
        ay = ring.y[e],
        bx = ring.x[e + 1],
        by = ring.y[e + 1];
      const side = (bx - ax) * (q.y - ay) - (q.x - ax) * (by - ay);
      if (ay <= q.y) {
        if (by > q.y && side > 0) w++;
      } else if (by <= q.y && side < 0) w--;
    }
  });
  return w;
}

/** The point at parameter t along the samples (on the sampled polyline, not the curve). */
function at(s: Samples, t: number): Point {
  let a = 0;
  while (a + 2 < s.t.length && s.t[a + 1] < t) a++;
  const k = (t - s.t[a]) / (s.t[a + 1] - s.t[a]);
  return { x: s.x[a] + (s.x[a + 1] - s.x[a]) * k, y: s.y[a] + (s.y[a + 1] - s.y[a]) * k };
}

function solidOf(shape: Shape): Solid {
  const rings = shape.subpaths.map(ringOf);
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const r of rings) {
    box.x0 = Math.min(box.x0, r.box.x0);
    box.y0 = Math.min(box.y0, r.box.y0);
    box.x1 = Math.max(box.x1, r.box.x1);
    box.y1 = Math.max(box.y1, r.box.y1);
  }
  return { rings, box };
}

function ringOf(sp: SubPath): Ring {
  const x = [sp.start.x],
    y = [sp.start.y];
  let p0 = sp.start;
  for (const seg of sp.segments) {
    const s = sampleSegment(p0, seg, TOL);
    for (let k = 1; k < s.x.length; k++) {
      x.push(s.x[k]);
      y.push(s.y[k]);
    }
    p0 = seg;
  }
  if (x[x.length - 1] !== x[0] || y[y.length - 1] !== y[0]) {
    x.push(x[0]);
    y.push(y[0]);
  }
  const chunks: Box[] = [];
  for (let e = 0; e + 1 < x.length; e += CHUNK)
    chunks.push(boxOf(x, y, e, Math.min(x.length, e + CHUNK + 1), 0));
  return { x, y, box: boxOf(x, y, 0, x.length, 0), chunks };
}

function boxOf(x: number[], y: number[], from: number, to: number, pad: number): Box {
  const b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let k = from; k < to; k++) {
    b.x0 = Math.min(b.x0, x[k]);
    b.y0 = Math.min(b.y0, y[k]);
    b.x1 = Math.max(b.x1, x[k]);
    b.y1 = Math.max(b.y1, y[k]);
  }
  return { x0: b.x0 - pad, y0: b.y0 - pad, x1: b.x1 + pad, y1: b.y1 + pad };
}

const overlaps = (a: Box, b: Box) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
const inBox = (b: Box, q: Point, pad: number) =>
  q.x >= b.x0 - pad && q.x <= b.x1 + pad && q.y >= b.y0 - pad && q.y <= b.y1 + pad;

/** Solids by the grid cells their boxes touch, to find the later shapes near a segment. */
class Grid {
  private readonly size: number;
  private readonly cols: number;
  private readonly rows: number;
  private readonly cells: number[][];
  private readonly seen: Int32Array;
  private stamp = 0;
  constructor(
    width: number,
    height: number,
    private readonly solids: Solid[],
  ) {
    this.size = Math.max(16, Math.ceil(Math.max(width, height) / 128));
    this.cols = Math.ceil(width / this.size) + 2;
    this.rows = Math.ceil(height / this.size) + 2;
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
    this.seen = new Int32Array(solids.length);
    solids.forEach((s, j) => this.each(s.box, (c) => this.cells[c].push(j)));
  }

  /** The solids after `i` whose boxes overlap `box`, in paint order. */
  query(box: Box, i: number): number[] {
    const out: number[] = [];
    const stamp = ++this.stamp;
    this.each(box, (c) => {
      for (const j of this.cells[c]) {
        if (j <= i || this.seen[j] === stamp) continue;
        this.seen[j] = stamp;
        if (overlaps(this.solids[j].box, box)) out.push(j);
      }
    });
    return out.sort((a, b) => a - b);
  }

  private each(b: Box, f: (cell: number) => void): void {
    const cl = (v: number, n: number) =>
      Math.max(0, Math.min(n - 1, Math.floor(v / this.size) + 1));
    const cx0 = cl(b.x0, this.cols),
      cx1 = cl(b.x1, this.cols),
      cy0 = cl(b.y0, this.rows),
      cy1 = cl(b.y1, this.rows);
    for (let cy = cy0; cy <= cy1; cy++) for (let cx = cx0; cx <= cx1; cx++) f(cy * this.cols + cx);
  }
}
