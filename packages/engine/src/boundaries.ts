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
  // Within B + 2 of the bounding box nothing is a member or in the band, so the grid's
  // border cells are all outside the region.
  const gx0 = Math.max(0, reg.x0 - B) - 2,
    gy0 = Math.max(0, reg.y0 - B) - 2;
  const gx1 = Math.min(w - 1, reg.x1 + B) + 2,
    gy1 = Math.min(h - 1, reg.y1 + B) + 2;
  const GW = gx1 - gx0 + 1,
    GH = gy1 - gy0 + 1;
  const G = GW * GH;
  scratch.ensure(G);
  // Region index per grid cell (-2 outside the image; -1 transparent) and membership; in
  // stacked mode also the seeds of the hole search: cells outside the region on the grid's
  // border or painted earlier (`reached`, and on the stack).
  const loc = scratch.loc.subarray(0, G);
  const inSet = scratch.a.subarray(0, G);
  const reached = scratch.b.subarray(0, G);
  const stack = scratch.stack;
  const holes = opts.stacked;
  let sp = 0;
  const xa = Math.max(0, -gx0),
    xb = Math.min(GW, w - gx0);
  for (let gy = 0; gy < GH; gy++) {
    const y = gy + gy0;
    const row = gy * GW;
    const inside = y >= 0 && y < h;
    const ga = inside ? xa : GW,
      gb = inside ? xb : GW;
    loc.fill(-2, row, row + ga);
    loc.fill(-2, row + gb, row + GW);
    inSet.fill(0, row, row + GW);
    const src = y * w + gx0;
    if (soft) {
      for (let gx = ga; gx < gb; gx++) {
        const r = rof[src + gx];
        // Stacked regions must not show through other see-through regions: treat those as void.
        loc[row + gx] = r >= 0 && r !== k && soft[r] ? -1 : r;
        if (r === k) inSet[row + gx] = 1;
      }
    } else {
      for (let gx = ga; gx < gb; gx++) {
        const r = rof[src + gx];
        loc[row + gx] = r;
        if (r === k) inSet[row + gx] = 1;
      }
    }
    if (!holes) continue;
    const edgeRow = gy === 0 || gy === GH - 1;
    for (let gx = 0; gx < GW; gx++) {
      const g = row + gx;
      if (!inSet[g] && (edgeRow || gx === 0 || gx === GW - 1 || loc[g] < k)) {
        reached[g] = 1;
        stack[sp++] = g;
      } else reached[g] = 0;
    }
  }
  if (holes) {
    bandDilate(inSet, loc, k, GW, GH, opts.stackingBandPx, scratch.c.subarray(0, G));
    fillLaterHoles(inSet, GW, GH, reached, stack, sp);
  }

  // Coverage field; its outer ring stays 0.
  const F = scratch.F.subarray(0, G);
  F.fill(0, 0, GW);
  F.fill(0, G - GW, G);
  const { cover, other } = seg.labels;
  for (let gy = 1; gy < GH - 1; gy++) {
    const row = gy * GW;
    F[row] = 0;
    F[row + GW - 1] = 0;
    const y = gy + gy0;
    if (y < 0 || y >= h) continue;
    const src = y * w + gx0;
    const ga = Math.max(1, xa),
      gb = Math.min(GW - 1, xb);
    for (let gx = ga; gx < gb; gx++) {
      const g = row + gx;
      const own = inSet[g] ? 1 : 0;
      const p = src + gx;
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
    const clipped = loop.some((q) => q.x < 0 || q.y < 0 || q.x > w || q.y > h)
      ? clampToImage(loop, w, h)
      : loop;
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

/** The loop clamped to the image in place (its points are new), without repeated points. */
function clampToImage(loop: NPoint[], w: number, h: number): NPoint[] {
  const clipped: NPoint[] = [];
  for (const q of loop) {
    q.x = Math.min(w, Math.max(0, q.x));
    q.y = Math.min(h, Math.max(0, q.y));
    const last = clipped[clipped.length - 1];
    if (!last || last.x !== q.x || last.y !== q.y) clipped.push(q);
  }
  return clipped;
}

/**
 * Marks (2) the later-painted cells within Chebyshev distance `band` of the region: a
 * separable square dilation of the members, along rows (a sliding count) into `rowNear`,
 * then across rows for the later-painted cells only.
 */
function bandDilate(
  inSet: Uint8Array,
  loc: Int32Array,
  k: number,
  W: number,
  H: number,
  band: number,
  rowNear: Uint8Array,
): void {
  for (let y = 0; y < H; y++) {
    const r = y * W;
    let count = 0; // members in columns x - band .. x + band
    for (let x = 0; x < band && x < W; x++) count += inSet[r + x];
    for (let x = 0; x < W; x++) {
      if (x + band < W) count += inSet[r + x + band];
      rowNear[r + x] = count > 0 ? 1 : 0;
      if (x - band >= 0) count -= inSet[r + x - band];
    }
  }
  for (let y = 0; y < H; y++) {
    const ya = Math.max(0, y - band) * W,
      yb = Math.min(H - 1, y + band) * W;
    for (let x = 0, g = y * W; x < W; x++, g++) {
      if (inSet[g] || loc[g] <= k) continue;
      for (let q = ya + x; q <= yb + x; q += W)
        if (rowNear[q]) {
          inSet[g] = 2;
          break;
        }
    }
  }
}

/**
 * Marks as inside (3) every non-member cell not 4-connected to a seed (`reached`, also the
 * first `sp` entries of `stack`): the border cells and the earlier-painted ones. As no border
 * cell is a member, stepping left or right off a row lands on a reached border cell (or off
 * the grid at its first and last cell).
 */
function fillLaterHoles(
  inSet: Uint8Array,
  W: number,
  H: number,
  reached: Uint8Array,
  stack: Int32Array,
  sp: number,
): void {
  const last = W * (H - 1);
  while (sp > 0) {
    const g = stack[--sp];
    let q = g - 1;
    if (q >= 0 && !reached[q] && !inSet[q]) {
      reached[q] = 1;
      stack[sp++] = q;
    }
    q = g + 1;
    if (q < W * H && !reached[q] && !inSet[q]) {
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
  /** Work buffer of 2 W H entries; with one, F must be 0 all round its border. */
  buf?: Int32Array,
  loc?: Int32Array,
): NPoint[][] {
  // Every edge a traversal reads is written below when F is 0 all round (the loops close),
  // so a caller's buffer needs no clearing.
  const next = buf ? buf.subarray(0, 2 * W * H) : new Int32Array(2 * W * H).fill(-1);
  const starts: number[] = [];
  const cr: number[] = [0, 0, 0, 0];
  const ty: boolean[] = [false, false, false, false];
  for (let j = 0; j < H - 1; j++) {
    const row = j * W;
    // Corners: a top left, b top right, c bottom right, d bottom left; the right pair becomes
    // the next cell's left pair.
    let a = F[row] >= 0.5,
      d = F[row + W] >= 0.5,
      b = false,
      c = false;
    for (let i = 0; i < W - 1; a = b, d = c, i++) {
      const tl = row + i,
        tr = tl + 1,
        bl = tl + W,
        br = bl + 1;
      b = F[tr] >= 0.5;
      c = F[br] >= 0.5;
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
    const x = (e & 1) === 0 ? ox + i + 0.5 + t : ox + i + 0.5,
      y = (e & 1) === 0 ? oy + j + 0.5 : oy + j + 0.5 + t;
    return loc ? { x, y, n: loc[f0 >= 0.5 ? g1 : g] } : { x, y };
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
    if (loop.length >= 3 && (minArea <= 0 || Math.abs(polygonArea(loop)) >= minArea))
      loops.push(loop);
  }
  return loops;
}

export function polygonArea(pts: Point[]): number {
  let a = 0;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    a += (pts[j].x - pts[i].x) * (pts[j].y + pts[i].y);
  return a / 2;
}
