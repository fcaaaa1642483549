/**
 * Nearest palette colour (squared RGB distance, the lowest index among equals) without
 * scanning the whole palette per pixel. The colour cube is split into 8x8x8 cells; a cell's
 * candidates, found the first time a colour falls in it, are the colours whose distance to
 * the cell can be no more than the smallest farthest distance to it of any colour. The nearest
 * colour of every point in the cell, and every colour tied with it, is among them, and they
 * keep palette order, so the answer is exactly the full scan's.
 */
const CELL_BITS = 3;
const CELL = 1 << CELL_BITS;
const CELLS_PER_AXIS = 256 >> CELL_BITS;

export class NearestPalette {
  private readonly pr: Int32Array;
  private readonly pg: Int32Array;
  private readonly pb: Int32Array;
  /** Per cell, the start of its candidates in `list` plus 1 (0: not yet found) and their count. */
  private readonly start = new Int32Array(CELLS_PER_AXIS ** 3);
  private readonly count = new Uint16Array(CELLS_PER_AXIS ** 3);
  private list = new Int16Array(1024);
  private used = 0;

  constructor(palette: number[]) {
    this.pr = Int32Array.from(palette, (c) => (c >> 16) & 255);
    this.pg = Int32Array.from(palette, (c) => (c >> 8) & 255);
    this.pb = Int32Array.from(palette, (c) => c & 255);
  }

  /** Index of the palette colour nearest to (r, g, b); 0 for an empty palette. */
  nearest(r: number, g: number, b: number): number {
    const cell =
      ((r >> CELL_BITS) * CELLS_PER_AXIS + (g >> CELL_BITS)) * CELLS_PER_AXIS + (b >> CELL_BITS);
    let s = this.start[cell] - 1;
    if (s < 0) s = this.fill(cell, r & ~(CELL - 1), g & ~(CELL - 1), b & ~(CELL - 1));
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
    const r1 = r0 + CELL - 1,
      g1 = g0 + CELL - 1,
      b1 = b0 + CELL - 1;
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
      this.list = grown;
    }
    const s = this.used;
    for (let i = 0; i < k; i++) {
      const dr = gap(pr[i], r0, r1),
        dg = gap(pg[i], g0, g1),
        db = gap(pb[i], b0, b1);
      if (dr * dr + dg * dg + db * db <= bound) this.list[this.used++] = i;
    }
    this.start[cell] = s + 1;
    this.count[cell] = this.used - s;
    return s;
  }
}
