/**
 * Shared boundaries for the cutout (exact tiling) mode: each region's outline is cut into
 * chains, one per neighbouring region, at junction points (the centre of the marching-squares
 * cell where the neighbour changes, which every region meeting there computes identically).
 * A chain is fitted once; the neighbour on the other side reuses it reversed, so adjacent
 * shapes have identical edges: no gaps, no overlaps, no seams (Vector Magic / potrace-style
 * "trace each boundary once").
 */
import type { NPoint } from './packed-loops.js';
import { reverseSegments, type CurveOptions } from './curves.js';
import type { Point, Segment, SubPath } from './types.js';

/** The fit of a closed loop and of an open chain (endpoints kept). */
export interface Fitters {
  loop(pts: Point[], opts: CurveOptions): SubPath;
  open(pts: Point[], opts: CurveOptions): Segment[];
}

interface Stored {
  from: string;
  start: Point;
  segs: Segment[];
}

const key = (p: Point) => `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`;

export class SharedFitter {
  private readonly chains = new Map<string, Stored>();
  private readonly rings = new Map<string, SubPath>();

  constructor(
    private readonly opts: CurveOptions,
    private readonly fitters: Fitters,
  ) {}

  fit(self: number, loop: NPoint[]): SubPath {
    const n = loop.length;
    let first = -1;
    for (let i = 0; i < n; i++) {
      if (loop[i].n !== loop[(i - 1 + n) % n].n) {
        first = i;
        break;
      }
    }
    if (first < 0) return this.ring(self, loop);
    // Runs of equal neighbour, starting at a change.
    const pts = [...loop.slice(first), ...loop.slice(0, first)];
    const runs: [number, number][] = [];
    let s = 0;
    for (let i = 1; i <= n; i++) {
      if (i === n || pts[i].n !== pts[s].n) {
        runs.push([s, i - 1]);
        s = i;
      }
    }
    const junction = (a: Point, b: Point): Point => ({
      x: Math.floor((a.x + b.x) / 2 - 0.5) + 1,
      y: Math.floor((a.y + b.y) / 2 - 0.5) + 1,
    });
    const js = runs.map(([a]) => junction(pts[(a - 1 + n) % n], pts[a]));
    const segs: Segment[] = [];
    for (let r = 0; r < runs.length; r++) {
      const [a, b] = runs[r];
      const ja = js[r],
        jb = js[(r + 1) % runs.length];
      const other = pts[a].n ?? -2;
      const chain: Point[] = [ja, ...pts.slice(a, b + 1), jb];
      segs.push(...this.chain(self, other, chain));
    }
    return { start: js[0], segments: segs };
  }

  private chain(self: number, other: number, chain: Point[]): Segment[] {
    const a = chain[0],
      b = chain[chain.length - 1];
    const ka = key(a),
      kb = key(b);
    const shareable = other >= 0;
    const id = `${Math.min(self, other)}|${Math.max(self, other)}|${ka < kb ? ka + '|' + kb : kb + '|' + ka}`;
    if (shareable) {
      const st = this.chains.get(id);
      if (st) {
        if (st.from === ka) return st.segs.map((s) => ({ ...s }));
        return reverseSegments(st.start, st.segs);
      }
    }
    const segs = this.fitters.open(chain, this.opts);
    if (shareable) this.chains.set(id, { from: ka, start: a, segs });
    return segs;
  }

  /** A loop with one neighbour all round (an island or a hole): fitted once, shared reversed. */
  private ring(self: number, loop: NPoint[]): SubPath {
    const other = loop[0].n ?? -2;
    let min = loop[0];
    for (const p of loop) if (p.x < min.x || (p.x === min.x && p.y < min.y)) min = p;
    const id = `${Math.min(self, other)}|${Math.max(self, other)}|${key(min)}`;
    const st = other >= 0 ? this.rings.get(id) : undefined;
    if (st) {
      const segs = reverseSegments(st.start, st.segments);
      return { start: { x: segs[segs.length - 1].x, y: segs[segs.length - 1].y }, segments: segs };
    }
    const sp = this.fitters.loop(loop, this.opts);
    if (other >= 0) this.rings.set(id, sp);
    return sp;
  }
}
