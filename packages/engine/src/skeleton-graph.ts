/**
 * Centerline, graph part: the skeleton becomes nodes (stroke ends and junctions, adjacent
 * junction pixels as one node) and edges (the pixel runs between them); spurs (short branches
 * that thinning grows towards corners and bumps) are pruned; at each junction the edges are
 * trimmed where the stroke widens, meet at one point (the least-squares crossing of their
 * lines) and pair up by good continuation, so a stroke running through a junction stays one
 * path (a 'T' gives its bar and its stem, an 'X' two diagonals).
 */
import type { Point } from './types.js';

interface Node {
  x: number;
  y: number;
  /** Distance transform at the node: about the stroke's half-width + ½ px. */
  r: number;
  degree: number;
}

interface Edge {
  /** Node ids at either end, -1 for a loop without nodes. */
  a: number;
  b: number;
  pts: Point[];
  live: boolean;
}

export interface Graph {
  nodes: Node[];
  edges: Edge[];
}

/** An open or closed run of points; `fixed` marks the junction points (not to be moved). */
export interface Chain {
  pts: Point[];
  fixed: boolean[];
  closed: boolean;
}

/** A junction bridge is straight when both edges point within 10° of the gap's chord. */
const STRAIGHT_COS = Math.cos((10 * Math.PI) / 180);

/**
 * Edges lose what lies within a junction's radius plus up to this much (px) more: thinning
 * bends them there (the margin matters on thin strokes, whose radius is a few pixels).
 */
const TRIM_MARGIN_PX = 3;

const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

export function skeletonGraph(s: Uint8Array, dt: Float32Array, w: number, h: number): Graph {
  const n = w * h;
  const around = (p: number, visit: (q: number) => void) => {
    const x = p % w,
      y = (p / w) | 0;
    for (let i = 0; i < 8; i++) {
      const xx = x + DX[i],
        yy = y + DY[i];
      if (xx >= 0 && yy >= 0 && xx < w && yy < h && s[yy * w + xx]) visit(yy * w + xx);
    }
  };
  const deg = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (s[p]) around(p, () => deg[p]++);
  const at = (p: number): Point => ({ x: (p % w) + 0.5, y: ((p / w) | 0) + 0.5 });

  const nodeOf = new Int32Array(n).fill(-1);
  const nodes: Node[] = [];
  const members: number[][] = [];
  for (let p = 0; p < n; p++) {
    if (!s[p] || deg[p] === 2 || nodeOf[p] >= 0) continue;
    const id = nodes.length;
    const cluster = [p];
    nodeOf[p] = id;
    if (deg[p] >= 3)
      for (let i = 0; i < cluster.length; i++)
        around(cluster[i], (q) => {
          if (deg[q] >= 3 && nodeOf[q] < 0) {
            nodeOf[q] = id;
            cluster.push(q);
          }
        });
    let x = 0,
      y = 0,
      r = 0;
    for (const q of cluster) {
      const c = at(q);
      x += c.x;
      y += c.y;
      r = Math.max(r, dt[q]);
    }
    nodes.push({ x: x / cluster.length, y: y / cluster.length, r, degree: 0 });
    members.push(cluster);
  }

  const edges: Edge[] = [];
  const used = new Uint8Array(n);
  const pairs = new Set<number>();
  const walk = (from: number, first: number): number[] => {
    const run = [from, first];
    let prev = from,
      cur = first;
    while (nodeOf[cur] < 0) {
      used[cur] = 1;
      let next = -1;
      around(cur, (q) => {
        if (q !== prev && next < 0 && (nodeOf[q] >= 0 || !used[q])) next = q;
      });
      if (next < 0) break;
      run.push(next);
      prev = cur;
      cur = next;
    }
    return run;
  };
  members.forEach((cluster, id) => {
    for (const p of cluster)
      around(p, (q) => {
        if (nodeOf[q] === id || used[q]) return;
        if (nodeOf[q] >= 0) {
          const key = Math.min(p, q) * n + Math.max(p, q);
          if (pairs.has(key)) return;
          pairs.add(key);
        }
        const run = walk(p, q);
        const end = nodeOf[run[run.length - 1]];
        if (end < 0) return; // a dead end inside a knot of pixels
        edges.push({ a: id, b: end, pts: run.map(at), live: true });
      });
  });
  // What is left are loops without ends or junctions (an 'O').
  for (let p = 0; p < n; p++) {
    if (!s[p] || deg[p] !== 2 || used[p] || nodeOf[p] >= 0) continue;
    used[p] = 1;
    let first = -1;
    around(p, (q) => {
      if (first < 0) first = q;
    });
    const run = walk(p, first);
    if (run.length >= 3) edges.push({ a: -1, b: -1, pts: [...run, p].map(at), live: true });
  }
  for (const e of edges) {
    if (e.a >= 0) nodes[e.a].degree++;
    if (e.b >= 0) nodes[e.b].degree++;
  }
  return { nodes, edges };
}

function length(pts: Point[]): number {
  let l = 0;
  for (let i = 1; i < pts.length; i++)
    l += Math.hypot(pts[i].x - pts[i - 1].x, pts[i].y - pts[i - 1].y);
  return l;
}

/**
 * Drops every branch from a junction to a stroke end shorter than `factor` × the junction's
 * radius (measured from the junction's centre), keeping the longest when all of a junction's
 * branches are that short; a junction left with two edges joins them into one.
 */
export function pruneSpurs(g: Graph, factor: number): void {
  for (let round = 0; round < 8; round++) {
    const spurs = new Map<number, Edge[]>();
    for (const e of g.edges) {
      if (!e.live || e.a < 0) continue;
      for (const [end, other] of [
        [e.a, e.b],
        [e.b, e.a],
      ]) {
        const j = g.nodes[other];
        if (g.nodes[end].degree !== 1 || j.degree < 3) continue;
        if (length(e.pts) < factor * j.r) spurs.set(other, [...(spurs.get(other) ?? []), e]);
        break;
      }
    }
    if (spurs.size === 0) return;
    for (const [j, list] of spurs) {
      const node = g.nodes[j];
      if (list.length >= node.degree) list.sort((p, q) => length(q.pts) - length(p.pts)).shift();
      for (const e of list) {
        e.live = false;
        node.degree--;
        g.nodes[e.a === j ? e.b : e.a].degree--;
      }
    }
    mergeThrough(g);
  }
}

/**
 * Thinning splits a crossing into two junctions joined by a short edge (an 'X' into two 'Y's):
 * junctions closer than the sum of their radii become one, at their mean position.
 */
export function mergeJunctions(g: Graph): void {
  for (const e of g.edges) {
    if (!e.live || e.a < 0 || e.a === e.b) continue;
    const a = g.nodes[e.a],
      b = g.nodes[e.b];
    if (a.degree < 3 || b.degree < 3 || length(e.pts) >= a.r + b.r) continue;
    e.live = false;
    const keep = e.a,
      gone = e.b;
    for (const f of g.edges) {
      if (f.a === gone) f.a = keep;
      if (f.b === gone) f.b = keep;
    }
    a.x = (a.x + b.x) / 2;
    a.y = (a.y + b.y) / 2;
    a.r = Math.max(a.r, b.r);
    a.degree += b.degree - 2;
    b.degree = 0;
  }
}

/** Nodes with exactly two edges are no junctions: their edges become one. */
function mergeThrough(g: Graph): void {
  g.nodes.forEach((node, id) => {
    if (node.degree !== 2) return;
    const ends = g.edges.filter((e) => e.live && (e.a === id || e.b === id));
    if (ends.length !== 2) return; // a loop through the node: leave it closed there
    const [e, f] = ends;
    const ep = e.b === id ? e.pts : e.pts.slice().reverse();
    const fp = f.a === id ? f.pts : f.pts.slice().reverse();
    f.live = false;
    e.pts = [...ep, ...fp.slice(1)];
    e.a = e.b === id ? e.a : e.b;
    e.b = f.a === id ? f.b : f.a;
    node.degree = 0;
  });
}

type Dir = Point;

/**
 * The chains to fit: at each junction (3+ edges) the edges lose the part inside the junction's
 * radius, end at the junction's point, and pair up when they continue each other (turning by
 * less than `straightRad`), greedily the straightest pair first.
 */
export function chains(g: Graph, straightRad: number): Chain[] {
  const live = g.edges.filter((e) => e.live);
  const junction = (id: number) => id >= 0 && g.nodes[id].degree >= 3;
  // Edge pieces with their fixed flags; trimmed ends get the junction point later.
  const pieces = live.map((e) => {
    let pts = e.pts;
    if (junction(e.a)) pts = trim(pts, g.nodes[e.a]);
    if (junction(e.b)) pts = trim(pts.slice().reverse(), g.nodes[e.b]).reverse();
    return { e, pts };
  });
  // Ends at each junction: piece index and which end (0 = start).
  const at = new Map<number, { piece: number; end: 0 | 1; dir: Dir }[]>();
  pieces.forEach(({ e, pts }, i) => {
    for (const end of [0, 1] as const) {
      const id = end === 0 ? e.a : e.b;
      if (!junction(id)) continue;
      const list = at.get(id) ?? [];
      list.push({
        piece: i,
        end,
        dir: outward(end === 0 ? pts : pts.slice().reverse(), g.nodes[id]),
      });
      at.set(id, list);
    }
  });
  // link[piece * 2 + end] = the other piece end it continues into, -1 if none; bridge[key]:
  // the points from that end across the junction to the other (a cubic along both directions).
  const link = new Int32Array(pieces.length * 2).fill(-1);
  const bridge = new Map<number, Point[]>();
  const point = new Map<number, Point>();
  const endPoint = (piece: number, end: 0 | 1) => {
    const pts = pieces[piece].pts;
    return end === 0 ? pts[0] : pts[pts.length - 1];
  };
  const cosMax = -Math.cos(straightRad);
  for (const [id, ends] of at) {
    const cand: [number, number, number][] = [];
    for (let i = 0; i < ends.length; i++)
      for (let j = i + 1; j < ends.length; j++) {
        const c = ends[i].dir.x * ends[j].dir.x + ends[i].dir.y * ends[j].dir.y;
        if (c < cosMax && ends[i].piece !== ends[j].piece) cand.push([c, i, j]);
      }
    cand.sort((p, q) => p[0] - q[0]);
    const taken = new Set<number>();
    let through: Point[] | null = null;
    for (const [, i, j] of cand) {
      if (taken.has(i) || taken.has(j)) continue;
      taken.add(i).add(j);
      const a = ends[i].piece * 2 + ends[i].end,
        b = ends[j].piece * 2 + ends[j].end;
      link[a] = b;
      link[b] = a;
      const p0 = endPoint(ends[i].piece, ends[i].end),
        p3 = endPoint(ends[j].piece, ends[j].end);
      const span = cubic(p0, ends[i].dir, p3, ends[j].dir);
      bridge.set(a, span);
      bridge.set(b, span.slice().reverse());
      through ??= span;
    }
    // The other edges end where they would cross the straightest stroke through the junction.
    const cross = crossing(g.nodes[id], ends, pieces);
    point.set(id, through ? nearest(through, cross) : cross);
  }
  const withEnds = (i: number, reversed: boolean): { pts: Point[]; fixed: boolean[] } => {
    const { e, pts } = pieces[i];
    const pa = link[i * 2] < 0 ? point.get(e.a) : undefined,
      pb = link[i * 2 + 1] < 0 ? point.get(e.b) : undefined;
    let out = [...(pa && junction(e.a) ? [pa] : []), ...pts, ...(pb && junction(e.b) ? [pb] : [])];
    let fixed = out.map((p) => p === pa || p === pb);
    if (reversed) {
      out = out.reverse();
      fixed = fixed.reverse();
    }
    return { pts: out, fixed };
  };

  const done = new Uint8Array(pieces.length);
  const out: Chain[] = [];
  const follow = (start: number, startEnd: 0 | 1): Chain => {
    const pts: Point[] = [],
      fixed: boolean[] = [];
    let i = start,
      entry: 0 | 1 = startEnd;
    for (;;) {
      done[i] = 1;
      const run = withEnds(i, entry === 1);
      pts.push(...run.pts);
      fixed.push(...run.fixed);
      const key = i * 2 + (1 - entry);
      const next = link[key];
      if (next < 0) return { pts, fixed, closed: false };
      const span = bridge.get(key) ?? [];
      pts.push(...span);
      fixed.push(...span.map(() => true));
      i = next >> 1;
      entry = (next & 1) as 0 | 1;
      if (done[i]) {
        pts.push(pts[0]);
        fixed.push(true);
        return { pts, fixed, closed: true };
      }
    }
  };
  // Chains that start at a free end first, then what remains are cycles through junctions.
  for (let i = 0; i < pieces.length; i++) {
    if (done[i]) continue;
    if (link[i * 2] < 0) out.push(follow(i, 0));
    else if (link[i * 2 + 1] < 0) out.push(follow(i, 1));
  }
  for (let i = 0; i < pieces.length; i++) if (!done[i]) out.push(follow(i, 0));
  for (const c of out) {
    if (pieces.length && c.pts.length > 1) {
      const f = c.pts[0],
        l = c.pts[c.pts.length - 1];
      if (Math.hypot(f.x - l.x, f.y - l.y) < 1e-9) c.closed = true;
    }
  }
  return out;
}

/**
 * Points about 1 px apart strictly between p0 and p3 on the cubic leaving p0 against `d0` (the
 * direction from the junction into p0's edge) and arriving at p3 along `-d3`.
 */
function cubic(p0: Point, d0: Dir, p3: Point, d3: Dir): Point[] {
  const len = Math.hypot(p3.x - p0.x, p3.y - p0.y);
  // Directions within the noise of a few pixels of skeleton of the chord: a straight bridge.
  const cx = (p3.x - p0.x) / (len || 1),
    cy = (p3.y - p0.y) / (len || 1);
  const straight = -(d0.x * cx + d0.y * cy) > STRAIGHT_COS && d3.x * cx + d3.y * cy > STRAIGHT_COS;
  const k = straight ? 0 : len / 3;
  const p1 = { x: p0.x - d0.x * k, y: p0.y - d0.y * k },
    p2 = { x: p3.x - d3.x * k, y: p3.y - d3.y * k };
  const n = Math.max(1, Math.ceil(len));
  const out: Point[] = [];
  for (let k = 1; k < n; k++) {
    const t = k / n,
      u = 1 - t;
    const a = u * u * u,
      b = 3 * u * u * t,
      c = 3 * u * t * t,
      d = t * t * t;
    out.push({
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      y: a * p0.y + b * p1.y + c * p2.y + d * p3.y,
    });
  }
  return out;
}

function nearest(pts: Point[], p: Point): Point {
  let best = pts[0] ?? p,
    bd = Infinity;
  for (const q of pts) {
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d < bd) {
      bd = d;
      best = q;
    }
  }
  return best;
}

/** Drops the points of a run (from the junction outwards) that lie inside the junction. */
function trim(pts: Point[], j: Node): Point[] {
  const reach = j.r + Math.min(j.r, TRIM_MARGIN_PX);
  let k = 0;
  while (k < pts.length - 2 && Math.hypot(pts[k].x - j.x, pts[k].y - j.y) < reach) k++;
  return pts.slice(k);
}

/** Unit direction from the junction into the run, over 1.5 radii (6 px or more) past the trim. */
function outward(pts: Point[], j: Node): Dir {
  const base = pts[0];
  let far = pts[pts.length - 1];
  for (const p of pts)
    if (Math.hypot(p.x - base.x, p.y - base.y) >= Math.max(6, 1.5 * j.r)) {
      far = p;
      break;
    }
  const from = Math.hypot(far.x - base.x, far.y - base.y) > 1 ? base : { x: j.x, y: j.y };
  const dx = far.x - from.x,
    dy = far.y - from.y;
  const l = Math.hypot(dx, dy) || 1;
  return { x: dx / l, y: dy / l };
}

/**
 * Where the edges' lines meet (least squares over their trimmed starts and directions), or the
 * junction's centre when they are near parallel or meet too far from it.
 */
function crossing(
  j: Node,
  ends: { piece: number; end: 0 | 1; dir: Dir }[],
  pieces: { pts: Point[] }[],
): Point {
  let a = 0,
    b = 0,
    c = 0,
    d = 0,
    e = 0;
  for (const { piece, end, dir } of ends) {
    const pts = pieces[piece].pts;
    const p = end === 0 ? pts[0] : pts[pts.length - 1];
    // Distance to the line through p along dir: (I - dd^T)(x - p).
    const m11 = 1 - dir.x * dir.x,
      m12 = -dir.x * dir.y,
      m22 = 1 - dir.y * dir.y;
    a += m11;
    b += m12;
    c += m22;
    d += m11 * p.x + m12 * p.y;
    e += m12 * p.x + m22 * p.y;
  }
  const det = a * c - b * b;
  if (Math.abs(det) < 0.05) return { x: j.x, y: j.y };
  const x = (d * c - b * e) / det,
    y = (a * e - b * d) / det;
  return Math.hypot(x - j.x, y - j.y) <= 1.5 * j.r ? { x, y } : { x: j.x, y: j.y };
}
