/**
 * Stage 5, boundaries: the outline of each region as sub-pixel closed polylines.
 * Idea: a coverage field is sampled at pixel centres (1 inside, 0 outside, the blend share
 * for anti-aliased pixels, from the labelling stage) and its 0.5 iso-line is extracted with
 * marching squares (Lorensen & Cline 1987, 2-D case; saddles resolved by the cell mean).
 * Because a blended pixel gives share a to one side and 1-a to the other, the two regions'
 * fields are complementary and their iso-lines coincide: one boundary, used by both sides.
 * In stacked mode a region's mask also covers the later-painted regions next to it (a band
 * of `band` pixels) and the holes that only later regions fill, so every visible boundary is
 * drawn once, by the region painted on top, over solid paint: no gaps and no seams.
 */
import type { Control } from './abort.js';
import type { Segmentation } from './segment.js';
import type { Point } from './types.js';

export interface OutlineParams {
  /** 'stacked': regions extend under later ones; 'cutout': exact tiling. */
  stacked: boolean;
  /** Stacked: how far (px) a region's mask extends under later-painted neighbours. */
  stackingBandPx: number;
  /** Loops enclosing less area than this (px²) are dropped. */
  minLoopAreaPx2: number;
}

/** One region's outline: closed sub-pixel loops in working-raster px. */
export interface RegionOutline {
  /** Index in paint order. */
  region: number;
  /** Palette index. */
  colour: number;
  /**
   * Stacked with nothing transparent: the first region lies under everything else, so it is
   * drawn as the canvas rectangle and not traced (`loops` is empty).
   */
  canvas: boolean;
  loops: NPoint[][];
}

/**
 * The boundaries stage, lazily region by region, so only one region's dense loops exist at a
 * time (bounded memory on big images).
 */
export function* regionOutlines(
  seg: Segmentation,
  params: OutlineParams,
  ctl: Control,
  /** Alpha per palette colour when some are partly transparent: nothing extends under those. */
  paletteAlpha?: number[],
): Generator<RegionOutline> {
  const soft = paletteAlpha ? seg.regions.map((r) => paletteAlpha[r.color] < 255) : undefined;
  const hasVoid = seg.regionOf.some((r) => r < 0) || !!soft?.includes(true);
  const scratch = new Scratch();
  scratch.ensure((seg.width + 10) * (seg.height + 10));
  const R = seg.regions.length;
  for (let k = 0; k < R; k++) {
    if ((k & 15) === 0) ctl.progress('boundaries', 0.5 + (0.45 * k) / Math.max(1, R));
    const colour = seg.regions[k].color;
    if (k === 0 && params.stacked && !hasVoid) {
      yield { region: k, colour, canvas: true, loops: [] };
      continue;
    }
    const loops = regionBoundaries(k, seg, params, scratch, soft);
    yield { region: k, colour, canvas: false, loops };
  }
}

/**
 * Reusable work buffers (one set per trace): regions are processed one after another, so
 * big typed arrays are allocated once instead of per region (bounded memory on big images).
 */
export class Scratch {
  private size = 0;
  loc = new Int32Array(0);
  a = new Uint8Array(0);
  b = new Uint8Array(0);
  c = new Uint8Array(0);
  d = new Uint8Array(0);
  stack = new Int32Array(0);
  F = new Float32Array(0);
  next = new Int32Array(0);
  ensure(n: number): void {
    if (n <= this.size) return;
    const m = Math.max(n, Math.ceil(this.size * 1.5));
    this.size = m;
    this.loc = new Int32Array(m);
    this.a = new Uint8Array(m);
    this.b = new Uint8Array(m);
    this.c = new Uint8Array(m);
    this.d = new Uint8Array(m);
    this.stack = new Int32Array(m);
    this.F = new Float32Array(m);
    this.next = new Int32Array(2 * m);
  }
}

/** A boundary point; `n` is the region on the outer side (-2 beyond the image, -1 transparent). */
export interface NPoint extends Point {
  n?: number;
}

/** Closed loops (first point not repeated) of region `k`, in image pixel coordinates. */
export function regionBoundaries(
  k: number,
  seg: Segmentation,
  opts: OutlineParams,
  scratch = new Scratch(),
  soft?: boolean[],
): NPoint[][] {
  const { width: w, height: h } = seg;
  const reg = seg.regions[k];
  const rof = seg.regionOf;
  const B = opts.stacked ? opts.stackingBandPx + 1 : 1;
  // Two rings of padding: beyond the image the field is extended by clamping (so the
  // outline runs straight along the image edge, corners included), then a ring of zeros.
  const gx0 = Math.max(0, reg.x0 - B) - 2,
    gy0 = Math.max(0, reg.y0 - B) - 2;
  const gx1 = Math.min(w - 1, reg.x1 + B) + 2,
    gy1 = Math.min(h - 1, reg.y1 + B) + 2;
  const GW = gx1 - gx0 + 1,
    GH = gy1 - gy0 + 1;
  const G = GW * GH;
  scratch.ensure(G);
  // Region index per grid cell (-2 outside the image; -1 transparent) and membership.
  const loc = scratch.loc.subarray(0, G).fill(-2);
  const inSet = scratch.a.subarray(0, G).fill(0);
  for (let gy = 0; gy < GH; gy++) {
    const y = gy + gy0;
    if (y < 0 || y >= h) continue;
    const row = gy * GW,
      src = y * w + gx0;
    const xa = Math.max(0, -gx0),
      xb = Math.min(GW, w - gx0);
    for (let gx = xa; gx < xb; gx++) {
      const r = rof[src + gx];
      // Stacked regions must not show through other see-through regions: treat those as void.
      loc[row + gx] = soft && r >= 0 && r !== k && soft[r] ? -1 : r;
      if (r === k) inSet[row + gx] = 1;
    }
  }
  if (opts.stacked) {
    bandDilate(inSet, loc, k, GW, GH, opts.stackingBandPx, scratch.b.subarray(0, G));
    fillLaterHoles(inSet, GW, GH, loc, k, scratch.b.subarray(0, G), scratch.stack);
  }

  // Coverage field.
  const F = scratch.F.subarray(0, G).fill(0);
  const { cover, other } = seg.labels;
  for (let gy = 1; gy < GH - 1; gy++) {
    for (let gx = 1; gx < GW - 1; gx++) {
      const g = gy * GW + gx;
      if (loc[g] === -2) continue;
      const own = inSet[g] ? 1 : 0;
      const p = (gy + gy0) * w + gx + gx0;
      const q = other[p];
      if (q < 0) {
        F[g] = own;
        continue;
      }
      const qx = (q % w) - gx0,
        qy = ((q / w) | 0) - gy0;
      const oth = qx >= 0 && qy >= 0 && qx < GW && qy < GH && inSet[qy * GW + qx] ? 1 : 0;
      const c = cover[p] / 255;
      F[g] = own * c + oth * (1 - c);
    }
  }
  for (let gy = 1; gy < GH - 1; gy++) {
    const cy = Math.min(h - 1, Math.max(0, gy + gy0)) - gy0;
    const inside = gy + gy0 >= 0 && gy + gy0 < h;
    for (let gx = 1; gx < GW - 1; gx++) {
      if (inside && gx === 3 && GW > 6) gx = GW - 4; // only the padding columns
      const g = gy * GW + gx;
      if (loc[g] !== -2) continue;
      const cx = Math.min(w - 1, Math.max(0, gx + gx0)) - gx0;
      F[g] = F[cy * GW + cx];
    }
  }
  const loops = marchingSquares(F, GW, GH, gx0, gy0, 0, scratch.next, loc);
  const out: NPoint[][] = [];
  for (const loop of loops) {
    const clipped: NPoint[] = [];
    for (const p of loop) {
      const q: NPoint = {
        x: Math.min(w, Math.max(0, p.x)),
        y: Math.min(h, Math.max(0, p.y)),
        n: p.n,
      };
      const last = clipped[clipped.length - 1];
      if (!last || last.x !== q.x || last.y !== q.y) clipped.push(q);
    }
    while (
      clipped.length > 1 &&
      clipped[0].x === clipped[clipped.length - 1].x &&
      clipped[0].y === clipped[clipped.length - 1].y
    )
      clipped.pop();
    if (clipped.length >= 3 && Math.abs(polygonArea(clipped)) >= opts.minLoopAreaPx2)
      out.push(clipped);
  }
  return out;
}

/**
 * Marks (2) the later-painted cells within Chebyshev distance `band` of the region: a
 * separable square dilation (rows, then columns) of the members.
 */
function bandDilate(
  inSet: Uint8Array,
  loc: Int32Array,
  k: number,
  W: number,
  H: number,
  band: number,
  tmp: Uint8Array,
): void {
  tmp.fill(0);
  for (let y = 0; y < H; y++) {
    const r = y * W;
    let last = -1e9; // last member column seen
    for (let x = 0; x < W; x++) {
      if (inSet[r + x] === 1) last = x;
      if (x - last <= band) tmp[r + x] = 1;
    }
    last = 1e9;
    for (let x = W - 1; x >= 0; x--) {
      if (inSet[r + x] === 1) last = x;
      if (last - x <= band) tmp[r + x] = 1;
    }
  }
  for (let x = 0; x < W; x++) {
    let last = -1e9;
    for (let y = 0; y < H; y++) {
      const g = y * W + x;
      if (tmp[g]) last = y;
      if (y - last <= band && !inSet[g] && loc[g] > k) inSet[g] = 2;
    }
    last = 1e9;
    for (let y = H - 1; y >= 0; y--) {
      const g = y * W + x;
      if (tmp[g]) last = y;
      if (last - y <= band && !inSet[g] && loc[g] > k) inSet[g] = 2;
    }
  }
}

/** Marks as inside (3) every non-member cell not 4-connected to the border or an "earlier" cell. */
function fillLaterHoles(
  inSet: Uint8Array,
  W: number,
  H: number,
  loc: Int32Array,
  k: number,
  reached: Uint8Array,
  stack: Int32Array,
): void {
  reached.fill(0);
  let sp = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const g = y * W + x;
      if (inSet[g]) continue;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1 || loc[g] < k) {
        reached[g] = 1;
        stack[sp++] = g;
      }
    }
  }
  const last = W * (H - 1);
  while (sp > 0) {
    const g = stack[--sp];
    const x = g % W;
    let q = g - 1;
    if (x > 0 && !reached[q] && !inSet[q]) {
      reached[q] = 1;
      stack[sp++] = q;
    }
    q = g + 1;
    if (x < W - 1 && !reached[q] && !inSet[q]) {
      reached[q] = 1;
      stack[sp++] = q;
    }
    q = g - W;
    if (g >= W && !reached[q] && !inSet[q]) {
      reached[q] = 1;
      stack[sp++] = q;
    }
    q = g + W;
    if (g < last && !reached[q] && !inSet[q]) {
      reached[q] = 1;
      stack[sp++] = q;
    }
  }
  for (let g = 0; g < W * H; g++) if (!inSet[g] && !reached[g]) inSet[g] = 3;
}

/**
 * Iso-line F = 0.5 as closed loops; inside (F >= 0.5) lies on the right of the direction of
 * travel (y down). Grid cell (gx, gy) is the pixel centre (gx0 + gx + 0.5, gy0 + gy + 0.5).
 */
export function marchingSquares(
  F: Float32Array,
  W: number,
  H: number,
  ox: number,
  oy: number,
  minArea: number,
  buf?: Int32Array,
  loc?: Int32Array,
): NPoint[][] {
  const next = buf ? buf.subarray(0, 2 * W * H).fill(-1) : new Int32Array(2 * W * H).fill(-1);
  const starts: number[] = [];
  const ins = (g: number) => F[g] >= 0.5;
  const cr: number[] = [0, 0, 0, 0];
  const ty: boolean[] = [false, false, false, false];
  for (let j = 0; j < H - 1; j++) {
    for (let i = 0; i < W - 1; i++) {
      const tl = j * W + i,
        tr = tl + 1,
        bl = tl + W,
        br = bl + 1;
      const a = ins(tl),
        b = ins(tr),
        c = ins(br),
        d = ins(bl);
      if (a === b && b === c && c === d) continue;
      let m = 0;
      if (a !== b) {
        cr[m] = 2 * tl;
        ty[m++] = a;
      }
      if (b !== c) {
        cr[m] = 2 * tr + 1;
        ty[m++] = b;
      }
      if (c !== d) {
        cr[m] = 2 * bl;
        ty[m++] = c;
      }
      if (d !== a) {
        cr[m] = 2 * tl + 1;
        ty[m++] = d;
      }
      if (m === 2) {
        const s = ty[0] ? 0 : 1;
        next[cr[s]] = cr[1 - s];
        starts.push(cr[s]);
      } else {
        const connected = (F[tl] + F[tr] + F[br] + F[bl]) / 4 >= 0.5;
        for (let s = 0; s < 4; s++) {
          if (!ty[s]) continue;
          const e = connected ? cr[(s + 1) % 4] : cr[(s + 3) % 4];
          next[cr[s]] = e;
          starts.push(cr[s]);
        }
      }
    }
  }
  const point = (e: number): NPoint => {
    const g = e >> 1;
    const i = g % W,
      j = (g - i) / W;
    const f0 = F[g];
    const g1 = (e & 1) === 0 ? g + 1 : g + W;
    const t = (0.5 - f0) / (F[g1] - f0);
    const p: NPoint =
      (e & 1) === 0
        ? { x: ox + i + 0.5 + t, y: oy + j + 0.5 }
        : { x: ox + i + 0.5, y: oy + j + 0.5 + t };
    if (loc) p.n = loc[f0 >= 0.5 ? g1 : g];
    return p;
  };
  const loops: NPoint[][] = [];
  for (const s of starts) {
    if (next[s] < 0) continue;
    const loop: NPoint[] = [];
    let e = s;
    let guard = 0;
    while (e >= 0 && next[e] >= 0 && guard++ < 4 * W * H) {
      const p = point(e);
      const last = loop[loop.length - 1];
      if (!last || Math.abs(last.x - p.x) > 1e-6 || Math.abs(last.y - p.y) > 1e-6) loop.push(p);
      const nx = next[e];
      next[e] = -1;
      e = nx;
    }
    if (loop.length > 1) {
      const f = loop[0],
        l = loop[loop.length - 1];
      if (Math.abs(f.x - l.x) < 1e-6 && Math.abs(f.y - l.y) < 1e-6) loop.pop();
    }
    if (loop.length >= 3 && Math.abs(polygonArea(loop)) >= minArea) loops.push(loop);
  }
  return loops;
}

export function polygonArea(pts: Point[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += (pts[j].x - pts[i].x) * (pts[j].y + pts[i].y);
  return a / 2;
}
