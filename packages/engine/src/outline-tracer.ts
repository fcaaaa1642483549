/**
 * The boundaries stage's loops (boundaries.ts defines them) found by following each one along
 * the label image, so a region costs its area and outline rather than its bounding box.
 * Everything lives on one padded copy of the image (a margin of at least 2 cells, region -2):
 * a region's set is marked there with a fresh stamp, and its loops are walked edge by edge
 * with the rules of marching squares run over the whole plane. Loops are emitted from the same
 * start edge and in the same order as a raster scan of the cells would give: each is keyed by
 * its first cell in raster order.
 *
 * The set of a region: its pixels; stacked, also the later-painted pixels within the band and
 * the holes that only later regions fill. A pixel is inside the iso-line exactly when it is in
 * the set, because a blend gives the pixel's own side a share of at least one half (label.ts).
 * Stacked, the set also holds the ring cells beyond the image's edge that it claims next to a
 * run of earlier regions' border pixels blended with its colour beyond the image.
 */
import type { Region, Segmentation } from './segment.js';
import { unpackLoops, type NPoint, type PackedLoops } from './packed-loops.js';
import { reusable } from './reusable-arrays.js';
import { TracerScratch } from './tracer-scratch.js';
import { lendArray } from './lent-arrays.js';
import { BRIDGE_PX, beyondColour, isBeyond } from './border-blends.js';

/** The samples of the loops last emitted (valid until the next packedLoops() call). */
const sampleX = reusable((n) => new Float64Array(n));
const sampleY = reusable((n) => new Float64Array(n));
const sampleN = reusable((n) => new Int32Array(n));

/**
 * A followed loop: its edges are edges[from .. to), the first in raster order at `at`; walked
 * by the hole search, `out` is a cell just outside it.
 */
interface Found {
  key: number;
  at: number;
  from: number;
  to: number;
  out: number;
}

/** The region, blend partner and cover planes copied into the padded plane. */
function padPlanes(
  seg: Segmentation,
  M: number,
  rof: Int32Array,
  pOther: Int32Array,
  pCover: Uint8Array,
): void {
  const { width: w, height: h, regionOf } = seg;
  const { other, cover } = seg.labels;
  const W = w + 2 * M;
  for (let y = 0; y < h; y++) {
    const g0 = (y + M) * W + M,
      p0 = y * w;
    rof.set(regionOf.subarray(p0, p0 + w), g0);
    pCover.set(cover.subarray(p0, p0 + w), g0);
    for (let x = 0; x < w; x++) {
      const q = other[p0 + x];
      if (q >= 0) pOther[g0 + x] = q + 2 * M * ((q / w) | 0) + M * W + M;
      else if (isBeyond(q)) pOther[g0 + x] = q;
    }
  }
}

/**
 * Lists the edge pixels in raster order into `edge` and counts them per region in
 * first[r + 1]; returns how many, and whether some pixel is transparent.
 */
function listEdges(
  rof: Int32Array,
  w: number,
  h: number,
  M: number,
  edge: Int32Array,
  first: Int32Array,
): { nEdge: number; hasVoid: boolean } {
  const W = w + 2 * M;
  let nEdge = 0,
    hasVoid = false;
  for (let y = 0; y < h; y++)
    for (let x = 0, g = (y + M) * W + M; x < w; x++, g++) {
      const r = rof[g];
      if (r < 0) {
        if (r === -1) hasVoid = true;
        continue;
      }
      if (rof[g - 1] !== r || rof[g + 1] !== r || rof[g - W] !== r || rof[g + W] !== r) {
        edge[nEdge++] = g;
        first[r + 1]++;
      }
    }
  return { nEdge, hasVoid };
}

/** The edge pixels grouped by region; `first` goes from counts to group starts. */
function groupEdges(
  rof: Int32Array,
  edge: Int32Array,
  nEdge: number,
  first: Int32Array,
  R: number,
): Int32Array {
  for (let k = 0; k < R; k++) first[k + 1] += first[k];
  const start = first.slice();
  const cells = lendArray(Int32Array, first[R]);
  for (let i = 0; i < nEdge; i++) {
    const g = edge[i];
    cells[start[rof[g]]++] = g;
  }
  return cells;
}

export class OutlineTracer {
  private readonly w: number;
  private readonly h: number;
  /** Padded row length and margin. */
  private readonly W: number;
  private readonly M: number;
  /** Region per padded cell (-1 transparent, -2 beyond the image). */
  private readonly rof: Int32Array;
  private readonly regions: Region[];
  /** Per padded cell: padded index of a blended pixel's other-colour neighbour (else -1). */
  private readonly other: Int32Array;
  private readonly cover: Uint8Array;
  /**
   * Padded indices of region k's edge pixels (a 4-neighbour in another region, transparent or
   * beyond the image) in raster order: cells[first[k] .. first[k + 1]).
   */
  private readonly cells: Int32Array;
  private readonly first: Int32Array;
  /**
   * A cell is in the current set when it is a member (its region is `current`) or its mark
   * equals the current stamp, so a region's inside costs nothing. Stamps come in threes: the
   * set before holes, cells a hole search has seen, the final set.
   */
  private readonly mark: Int32Array;
  private current = -1;
  /**
   * Stacked: the ring cells beyond border pixels blended with a colour beyond the image
   * (border-blends.ts) also go to the sets of that colour's regions painted later along the
   * border, which so cover the sliver of the pixel that is theirs (claimBeyond).
   */
  private beyond = false;
  private readonly edgeMark: Int32Array;
  /** The current set's cells: edge members and band, then holes, then the clamped ring. */
  private readonly list: Int32Array;
  private readonly scratch: TracerScratch;
  /** Some pixel is transparent. */
  readonly hasVoid: boolean = false;
  /**
   * The edges of the loops being followed, loop after loop. It starts small so that the
   * warm-up's small pictures grow it too: the first real image whose loops outgrew it was the
   * first to take that branch, and V8 threw away the boundary walk's optimised code in the
   * middle of that user's trace.
   */
  private edges = new Int32Array(64);
  private used = 0;
  /** The loops the current hole search walked, and whether any of its cells was a saddle. */
  private walked: Found[] = [];
  private saddle = false;
  /** How many cells markHoles put in the scratch's rim list. */
  private nRim = 0;
  private key = 0;

  constructor(
    seg: Segmentation,
    private readonly band: number,
    /** Per region: painted see-through (nothing extends under it). */
    private readonly soft?: boolean[],
  ) {
    const { width: w, height: h } = seg;
    const M = Math.max(2, band);
    const W = w + 2 * M;
    const size = W * (h + 2 * M);
    this.w = w;
    this.h = h;
    this.W = W;
    this.M = M;
    this.regions = seg.regions;
    // The loops are in helpers, as in packedLoops() (stack replacement kept deopting here).
    this.rof = lendArray(Int32Array, size, -2);
    this.other = lendArray(Int32Array, size, -1);
    this.cover = lendArray(Uint8Array, size, 0);
    padPlanes(seg, M, this.rof, this.other, this.cover);
    this.scratch = TracerScratch.forCells(size);
    const R = seg.regions.length;
    const first = new Int32Array(R + 1);
    // Edge pixels in raster order (in the shared list, unused between loops() calls), then
    // grouped by region.
    const { nEdge, hasVoid } = listEdges(this.rof, w, h, M, this.scratch.list, first);
    this.hasVoid = hasVoid;
    this.cells = groupEdges(this.rof, this.scratch.list, nEdge, first, R);
    this.first = first;
    this.mark = this.scratch.mark;
    this.edgeMark = this.scratch.edgeMark;
    this.list = this.scratch.list;
  }

  /** Closed loops (first point not repeated, at least 3 points) of region k. */
  loops(k: number, stacked: boolean): NPoint[][] {
    return unpackLoops(this.packedLoops(k, stacked));
  }

  /** As loops(), packed into arrays that the next call reuses. */
  packedLoops(k: number, stacked: boolean): PackedLoops {
    // No loops here (they are in the helpers): a loop would get this method compiled on stack
    // replacement, and that code, kept and re-entered on every call, left again each time at
    // a step it had no type feedback for (a deopt per region).
    const list = this.list;
    // The members and, stacked, the band; then (stacked) the holes.
    const s1 = this.scratch.stamps();
    const s = s1 + 2;
    this.current = k;
    this.beyond = stacked;
    let n = this.listMembers(k);
    const members = n;
    if (stacked) n = this.markBand(k, n, s1);
    const nSet = n;
    // The cells to look for loops from: those next to a cell outside the set, and the ring.
    let rim = list,
      nRim = nSet;
    this.used = 0;
    this.walked = [];
    this.saddle = false;
    if (stacked) {
      rim = this.scratch.rim;
      n = this.markHoles(nSet, s1);
      nRim = this.nRim;
    }
    // The final set, with the ring beyond the image that copies the edge pixels.
    const nFilled = n;
    if (stacked) this.stampList(members, nFilled, s);
    const reach = stacked ? this.band : 0;
    const { x0, y0, x1, y1 } = this.regions[k];
    const ringed =
      x0 - reach <= 0 || y0 - reach <= 0 || x1 + reach >= this.w - 1 || y1 + reach >= this.h - 1;
    if (ringed) n = this.markRing(nSet, n, s);
    if (stacked && !ringed && !this.saddle) return this.emit(this.unfilled(s), k, s);
    return this.isoLoops(k, s, rim, nRim, nFilled, n);
  }

  /** Lists region k's edge cells; returns how many. */
  private listMembers(k: number): number {
    const { list, cells } = this;
    let n = 0;
    for (let i = this.first[k]; i < this.first[k + 1]; i++) list[n++] = cells[i];
    return n;
  }

  /** Stamps list[from .. to) with s. */
  private stampList(from: number, to: number, s: number): void {
    const { mark, list } = this;
    for (let i = from; i < to; i++) mark[list[i]] = s;
  }

  /** Marks the cells beyond the image next to the set's first nSet cells; returns the list end. */
  private markRing(nSet: number, n: number, s: number): number {
    const { rof, mark, list, W } = this;
    for (let i = 0; i < nSet; i++) {
      const g = list[i];
      const dx0 = rof[g - 1] === -2 ? -1 : 0,
        dx1 = rof[g + 1] === -2 ? 1 : 0,
        dy0 = rof[g - W] === -2 ? -1 : 0,
        dy1 = rof[g + W] === -2 ? 1 : 0;
      for (let dy = dy0; dy <= dy1; dy++)
        for (let dx = dx0; dx <= dx1; dx++) {
          const q = g + dy * W + dx;
          if (rof[q] === -2 && mark[q] !== s) mark[(list[n++] = q)] = s;
        }
      if (this.beyond && rof[g] === this.current) {
        if (dx0 || dx1) n = this.claimBeyond(g, dx0 + dx1, W, n, s);
        if (dy0 || dy1) n = this.claimBeyond(g, (dy0 + dy1) * W, 1, n, s);
      }
    }
    return n;
  }

  /**
   * Marks the ring cells beyond the border pixels next to member g along its side (the ring is
   * at g + out, the side runs along +-along) that blend the current region's colour beyond with
   * an earlier region's, up to the first that does not; returns the list end.
   */
  private claimBeyond(g: number, out: number, along: number, n: number, s: number): number {
    const { rof, mark, list, other } = this;
    const colour = this.regions[this.current].color;
    for (let d = along, side = 0; side < 2; side++, d = -d) {
      // The run may start a few pixels on, after the blends where the side meets the border.
      let last = g;
      for (let p = g + d, k = 1; rof[p] >= 0 && rof[p] !== this.current; p += d, k++) {
        const mine =
          isBeyond(other[p]) && beyondColour(other[p]) === colour && rof[p] < this.current;
        if (!mine && (last !== g || k > BRIDGE_PX)) break;
        if (!mine) continue;
        for (let q = last + d; q !== p + d; q += d)
          if (mark[q + out] !== s) mark[(list[n++] = q + out)] = s;
        last = p;
      }
    }
    return n;
  }

  /** Marks the later-painted, opaque pixels within Chebyshev distance `band` of a member. */
  private markBand(k: number, n: number, s: number): number {
    const { rof, mark, list, W, band, soft } = this;
    const scanned = this.scratch.scanned;
    const members = n;
    let last = -2;
    for (let i = 0; i < members; i++) {
      const g = list[i];
      // Any such pixel is within the band of a member with a non-member 4-neighbour.
      const edge =
        (rof[g - 1] !== k && rof[g - 1] !== -2) ||
        (rof[g + 1] !== k && rof[g + 1] !== -2) ||
        (rof[g - W] !== k && rof[g - W] !== -2) ||
        (rof[g + W] !== k && rof[g + W] !== -2);
      if (!edge) continue;
      scanned[g] = s;
      // Next to or below a scanned member, only the square's new column or row is unseen.
      const left = last === g - 1,
        up = !left && scanned[g - W] === s;
      last = g;
      const x0 = left ? band : -band,
        y0 = up ? band : -band;
      for (let dy = y0; dy <= band; dy++)
        for (let q = g + dy * W + x0, end = g + dy * W + band; q <= end; q++) {
          const r = rof[q];
          if (r > k && mark[q] !== s && !soft?.[r]) mark[(list[n++] = q)] = s;
        }
    }
    return n;
  }

  /**
   * Appends the holes: the 4-connected pockets of pixels outside the set that it encloses and
   * that hold nothing painted earlier, transparent or see-through. Each pocket lies inside one
   * loop of the set that runs the other way round (a hole loop).
   */
  private markHoles(nSet: number, s: number): number {
    const W = this.W;
    const rim = this.scratch.rim;
    let n = nSet,
      nRim = 0;
    for (let i = 0; i < nSet; i++) {
      const g = this.list[i];
      const l = !this.inSet(g - 1, s),
        r = !this.inSet(g + 1, s),
        u = !this.inSet(g - W, s),
        d = !this.inSet(g + W, s);
      if (!(l || r || u || d)) continue;
      // The set only grows from here (pockets are stamped apart until the final set), so only
      // these cells can border it once the holes are in.
      rim[nRim++] = g;
      if (l) n = this.holeBehind(2 * (g - 1), g - 1, n, s);
      if (r) n = this.holeBehind(2 * g, g + 1, n, s);
      if (u) n = this.holeBehind(2 * (g - W) + 1, g - W, n, s);
      if (d) n = this.holeBehind(2 * g + 1, g + W, n, s);
    }
    this.nRim = nRim;
    return n;
  }

  /** Cell g is in the set stamped s. */
  private inSet(g: number, s: number): boolean {
    return this.mark[g] === s || this.rof[g] === this.current;
  }

  /**
   * Walks the loop through boundary edge e unless done; a hole loop's pocket is filled. In its
   * first cell in raster order a loop can only cross the right and bottom edges, so it goes
   * round that cell's bottom-right pixel: a member on an outer loop, in the pocket on a hole.
   */
  private holeBehind(e: number, out: number, n: number, s: number): number {
    if (this.edgeMark[e] === s) return n;
    const { key } = this.walkLoop(e, s, true, out, this.walked);
    const pixel = (key >> 2) + this.W + 1;
    return this.inSet(pixel, s) ? n : this.fillPocket(pixel, n, s);
  }

  /** Fills the pocket around `start` unless it holds a pixel that is no hole; returns the list end. */
  private fillPocket(start: number, n: number, s: number): number {
    const { rof, mark, list, soft, W } = this;
    const k = this.current;
    const stack = this.scratch.stack;
    const seen = s + 1;
    let sp = 0,
      m = n;
    stack[sp++] = start;
    mark[start] = seen;
    while (sp > 0) {
      const g = stack[--sp];
      const r = rof[g];
      if (r < k || soft?.[r]) return n;
      list[m++] = g;
      sp = this.pushUnseen(g - 1, stack, sp, s);
      sp = this.pushUnseen(g + 1, stack, sp, s);
      sp = this.pushUnseen(g - W, stack, sp, s);
      sp = this.pushUnseen(g + W, stack, sp, s);
    }
    return m;
  }

  /** Stacks cell q for fillPocket (stamped seen: s + 1) unless in the set or seen. */
  private pushUnseen(q: number, stack: Int32Array, sp: number, s: number): number {
    const mark = this.mark;
    if (mark[q] === s || mark[q] === s + 1 || this.rof[q] === this.current) return sp;
    mark[q] = s + 1;
    stack[sp] = q;
    return sp + 1;
  }

  /**
   * The edge after e on its loop; `key` becomes the entered cell's raster index * 4 plus e's
   * place among the cell's edges (top, right, bottom, left). Edge 2g lies between cells g and
   * g + 1, edge 2g + 1 between g and g + W; inside lies on the right of the direction of travel.
   */
  private next(e: number, s: number, joined: boolean): number {
    const W = this.W;
    const g = e >> 1;
    const c = (e & 1) === 0 ? (this.inSet(g, s) ? g : g - W) : this.inSet(g + W, s) ? g : g - 1;
    const a = this.inSet(c, s),
      b = this.inSet(c + 1, s),
      cc = this.inSet(c + W + 1, s),
      d = this.inSet(c + W, s);
    const top = 2 * c,
      right = 2 * c + 3,
      bottom = 2 * (c + W),
      left = 2 * c + 1;
    if (a === cc && b === d) {
      // Saddle: the pair of inside corners is joined through the cell or kept apart.
      this.saddle = true;
      const join = joined || this.meanAtLeastHalf(c, s);
      const pos = e === top ? 0 : e === right ? 1 : e === bottom ? 2 : 3;
      this.key = 4 * c + pos;
      const cr = [top, right, bottom, left];
      return join ? cr[(pos + 1) % 4] : cr[(pos + 3) % 4];
    }
    this.key = 4 * c;
    if (!a && b) return top;
    if (!b && cc) return right;
    if (!cc && d) return bottom;
    return left;
  }

  private meanAtLeastHalf(c: number, s: number): boolean {
    const W = this.W;
    return (
      (this.field(c, s) + this.field(c + 1, s) + this.field(c + W + 1, s) + this.field(c + W, s)) /
        4 >=
      0.5
    );
  }

  /**
   * The coverage field at padded cell g (float32, as marching squares samples it): 1 inside,
   * 0 outside, the blend share on anti-aliased pixels (raised across thin lines: acrossLine);
   * one ring beyond the image copies the nearest pixel, further out it is 0.
   */
  private field(g: number, s: number): number {
    const { W, M, w, h } = this;
    if (this.rof[g] === -2) {
      const x = (g % W) - M,
        y = ((g / W) | 0) - M;
      if (x < -1 || y < -1 || x > w || y > h) return 0;
      const p = (Math.min(h - 1, Math.max(0, y)) + M) * W + Math.min(w - 1, Math.max(0, x)) + M;
      // A ring cell claimed beyond another region's pixel (claimBeyond) is the set's alone; the
      // ring otherwise copies its nearest pixel.
      if (this.beyond && this.inSet(g, s) && !this.inSet(p, s)) return 1;
      g = p;
    }
    const own = this.inSet(g, s) ? 1 : 0;
    const q = this.other[g];
    if (this.beyond && isBeyond(q) && own === 0) return this.claimedShare(g, q);
    if (q < 0) return own;
    const oth = this.inSet(q, s) ? 1 : 0;
    let c = this.cover[g] / 255;
    if (own !== oth && this.acrossLine(g, q, s, own === 1)) c = 0.5 / (1 - c / 2);
    // A later region's pixel that the set extends under, blended with a colour outside the set:
    // that boundary is the later region's to draw, on top. The set stops at the pixel's middle,
    // under it, not at that boundary, where a thin top shape fitted a little inside would let
    // the set show through between it and the colour beyond.
    if (own === 1 && oth === 0 && this.rof[g] !== this.current && c > 0.5) c = 0.5;
    return Math.fround(own * c + oth * (1 - c));
  }

  /**
   * The field at cell g, outside the set and blended with colour beyondColour(q) beyond the
   * image: that colour's share where the set may claim it (claimBeyond).
   */
  private claimedShare(g: number, q: number): number {
    const claims =
      beyondColour(q) === this.regions[this.current].color && this.rof[g] < this.current;
    return claims ? Math.fround(1 - this.cover[g] / 255) : 0;
  }

  /**
   * Blended cell g, whose other colour is at cell q, is one pixel across a thin line (or gap)
   * running past it: the cell beyond it from q is on q's side, the two along it on its own
   * (`inside`: g is in the set). Its share c is then the line's width, but marching squares
   * would cross 0.5 at (c - 0.5) / c from its centre on both sides (0.18 px apart for c = 0.55,
   * none at 0.5): its field is raised to 0.5 / (1 - c / 2), which crosses at c / 2. Not at a
   * tip (a corner's point), whose cell along it beyond the tip is on q's side.
   */
  private acrossLine(g: number, q: number, s: number, inside: boolean): boolean {
    const W = this.W;
    const d = q - g;
    const dy = Math.round(d / W),
      dx = d - dy * W;
    const along = dx * W - dy; // d turned a quarter
    return (
      this.inSet(2 * g - q, s) !== inside &&
      this.inSet(g + along, s) === inside &&
      this.inSet(g - along, s) === inside
    );
  }

  /** The loops of the set stamped s, as sub-pixel points, in raster order of their first cell. */
  private isoLoops(
    k: number,
    s: number,
    rim: Int32Array,
    nRim: number,
    nFilled: number,
    n: number,
  ): PackedLoops {
    const found: Found[] = [];
    this.used = 0;
    // Hole pixels border only the set. A loop is the same from whichever edge it is followed,
    // and loops are keyed apart, so the order the cells are visited in does not matter.
    for (let i = 0; i < nRim; i++) this.followAround(rim[i], s, found);
    for (let i = nFilled; i < n; i++) this.followAround(this.list[i], s, found);
    return this.emit(found, k, s);
  }

  /**
   * The hole search's loops that are still there in the final set stamped s. Without saddles
   * (where the search joins what the final walk may keep apart) and without the ring, the final
   * set only adds whole pockets: a loop's outside cells are 4-connected (its cells have no
   * saddle), so either its pocket was filled and the loop is gone, or its cells are unchanged
   * and the final walk would follow it again edge for edge.
   */
  private unfilled(s: number): Found[] {
    const kept: Found[] = [];
    for (const f of this.walked) if (!this.inSet(f.out, s)) kept.push(f);
    return kept;
  }

  /** The loops found, as sub-pixel points, in raster order of their first cell. */
  private emit(found: Found[], k: number, s: number): PackedLoops {
    found.sort((a, b) => a.key - b.key);
    let total = 0;
    for (const f of found) total += f.to - f.from;
    const X = sampleX(total),
      Y = sampleY(total),
      N = sampleN(total);
    const start = [0];
    let m = 0;
    for (const { at, from, to } of found) {
      const first = m;
      for (let i = at; ;) {
        this.point(this.edges[i], k, s, X, Y, N, m);
        if (m === first || Math.abs(X[m - 1] - X[m]) > 1e-6 || Math.abs(Y[m - 1] - Y[m]) > 1e-6)
          m++;
        if (++i === to) i = from;
        if (i === at) break;
      }
      if (
        m - first > 1 &&
        Math.abs(X[first] - X[m - 1]) < 1e-6 &&
        Math.abs(Y[first] - Y[m - 1]) < 1e-6
      )
        m--;
      if (m - first >= 3) start.push(m);
      else m = first;
    }
    return { x: X, y: Y, n: N, start };
  }

  /** Follows the loops through cell g's edges with a cell outside the set. */
  private followAround(g: number, s: number, found: Found[]): void {
    const W = this.W;
    if (!this.inSet(g - 1, s)) this.follow(2 * (g - 1), s, found);
    if (!this.inSet(g + 1, s)) this.follow(2 * g, s, found);
    if (!this.inSet(g - W, s)) this.follow(2 * (g - W) + 1, s, found);
    if (!this.inSet(g + W, s)) this.follow(2 * g + 1, s, found);
  }

  /** Follows the loop through boundary edge e unless done, recording its edges. */
  private follow(e: number, s: number, found: Found[]): void {
    if (this.edgeMark[e] !== s) this.walkLoop(e, s, false, -1, found);
  }

  /**
   * Walks the loop through boundary edge e, marking and recording its edges, and lists it in
   * `into`; `joined`: saddles always join their inside corners (next()).
   */
  private walkLoop(e: number, s: number, joined: boolean, out: number, into: Found[]): Found {
    const from = this.used;
    let first = Infinity,
      at = 0,
      f = e;
    do {
      this.edgeMark[f] = s;
      this.record(f);
      f = this.next(f, s, joined);
      if (this.key < first) {
        first = this.key;
        at = this.used - 1;
      }
    } while (f !== e);
    const loop = { key: first, at, from, to: this.used, out };
    into.push(loop);
    return loop;
  }

  private record(e: number): void {
    if (this.used === this.edges.length) {
      const grown = new Int32Array(2 * this.used);
      grown.set(this.edges);
      this.edges = grown;
    }
    this.edges[this.used++] = e;
  }

  /** Where the field crosses 0.5 on edge e, and the region beyond it: sample m of X, Y, N. */
  private point(
    e: number,
    k: number,
    s: number,
    X: Float64Array,
    Y: Float64Array,
    N: Int32Array,
    m: number,
  ): void {
    const { W, M } = this;
    const g = e >> 1;
    const g1 = (e & 1) === 0 ? g + 1 : g + W;
    const f0 = this.field(g, s);
    const t = (0.5 - f0) / (this.field(g1, s) - f0);
    const i = (g % W) - M,
      j = ((g / W) | 0) - M;
    X[m] = (e & 1) === 0 ? i + 0.5 + t : i + 0.5;
    Y[m] = (e & 1) === 0 ? j + 0.5 : j + 0.5 + t;
    const r = this.rof[f0 >= 0.5 ? g1 : g];
    N[m] = r >= 0 && r !== k && this.soft?.[r] ? -1 : r;
  }
}
