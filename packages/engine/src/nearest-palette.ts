/**
 * Nearest palette colour (squared RGB distance, the lowest index among equals) without
 * scanning the whole palette per pixel. The colour cube is split into cells; a cell's
 * candidates, found the first time a colour falls in it, are the colours whose distance to
 * the cell can be no more than the smallest farthest distance to it of any colour. The nearest
 * colour of every point in the cell, and every colour tied with it, is among them, and they
 * keep palette order, so the answer is exactly the full scan's.
 */

/**
 * Cells of 16 levels a side for palettes up to this size, else of 8: a small palette leaves few
 * candidates in a large cell, and a JPEG's colours fill fewer cells; a large one (photos) leaves
 * many, scanned per pixel.
 */
const SMALL_PALETTE = 16;

/**
 * The cell tables, shared by all instances (192 KB, not allocated per trace): a cell's entry is
 * valid only when its stamp is the instance's, so a new instance invalidates the older ones
 * (the label stage uses one at a time).
 */
const cellStamp = new Int32Array(32 ** 3);
const cellStart = new Int32Array(32 ** 3);
const cellCount = new Uint16Array(32 ** 3);
let sharedList = new Int16Array(1024);
let lastStamp = 0;

export class NearestPalette {
  private readonly pr: Int32Array;
  private readonly pg: Int32Array;
  private readonly pb: Int32Array;
  /** Per cell (when stamped with `stamp`), the start of its candidates in `list` and their count. */
  private readonly stamp: number;
  private readonly start = cellStart;
  private readonly count = cellCount;
  private list = sharedList;
  private used = 0;
  /** log2 of the cells' side, and of their count per axis. */
  private readonly cellBits: number;
  private readonly axisBits: number;

  constructor(palette: number[]) {
    this.cellBits = palette.length <= SMALL_PALETTE ? 4 : 3;
    this.axisBits = 8 - this.cellBits;
    this.pr = Int32Array.from(palette, (c) => (c >> 16) & 255);
    this.pg = Int32Array.from(palette, (c) => (c >> 8) & 255);
    this.pb = Int32Array.from(palette, (c) => c & 255);
    // Wrapping after 2^31 instances: start over with every cell unstamped.
    if (lastStamp === 0x7fffffff) {
      cellStamp.fill(0);
      lastStamp = 0;
    }
    this.stamp = ++lastStamp;
  }

  /** Index of the palette colour nearest to (r, g, b); 0 for an empty palette. */
  nearest(r: number, g: number, b: number): number {
    const bits = this.cellBits,
      axis = this.axisBits;
    const cell = ((r >> bits) << (2 * axis)) | ((g >> bits) << axis) | (b >> bits);
    const s =
      cellStamp[cell] === this.stamp
        ? this.start[cell]
        : this.fill(cell, (r >> bits) << bits, (g >> bits) << bits, (b >> bits) << bits);
    const end = s + this.count[cell];
    const { pr, pg, pb, list } = this;
    let best = 0,
      bd = Infinity;
    for (let j = s; j < end; j++) {
      const i = list[j];
      const dr = pr[i] - r,
        dg = pg[i] - g,
        db = pb[i] - b;
      const d = dr * dr + dg * dg + db * db;
      if (d < bd) {
        bd = d;
        best = i;
      }
    }
    return best;
  }

  /** Finds the candidates of the cell whose lowest corner is (r0, g0, b0). */
  private fill(cell: number, r0: number, g0: number, b0: number): number {
    const { pr, pg, pb } = this;
    const k = pr.length;
    const side = 1 << this.cellBits;
    const r1 = r0 + side - 1,
      g1 = g0 + side - 1,
      b1 = b0 + side - 1;
    const gap = (v: number, lo: number, hi: number) => (v < lo ? lo - v : v > hi ? v - hi : 0);
    const far = (v: number, lo: number, hi: number) => Math.max(v - lo, hi - v);
    let bound = Infinity;
    for (let i = 0; i < k; i++) {
      const fr = far(pr[i], r0, r1),
        fg = far(pg[i], g0, g1),
        fb = far(pb[i], b0, b1);
      bound = Math.min(bound, fr * fr + fg * fg + fb * fb);
    }
    if (this.used + k > this.list.length) {
      const grown = new Int16Array(Math.max(2 * this.list.length, this.used + k));
      grown.set(this.list);
      this.list = sharedList = grown;
    }
    const s = this.used;
    for (let i = 0; i < k; i++) {
      const dr = gap(pr[i], r0, r1),
        dg = gap(pg[i], g0, g1),
        db = gap(pb[i], b0, b1);
      if (dr * dr + dg * dg + db * db <= bound) this.list[this.used++] = i;
    }
    cellStamp[cell] = this.stamp;
    this.start[cell] = s;
    this.count[cell] = this.used - s;
    return s;
  }
}
