/**
 * One region's pixels and the regions beside it, walked on the segment stage's region map
 * (the speckle and ringing merges read regions this way, one at a time).
 */
export class RegionWalk {
  readonly pixels: number[] = [];
  /** Shared border length per neighbouring region r at r + 1 (0: transparency). */
  readonly nbCount: Int32Array;
  /** The neighbours in the order first met (ties go to the first). */
  readonly nbs: number[] = [];
  /** How many of the pixels have all four neighbours in the region. */
  inner = 0;
  private readonly stepP: number[];

  constructor(
    private readonly w: number,
    regionCount: number,
    /** Scratch for (pixel, x) pairs, 2 per pixel. */
    private readonly fill: Int32Array,
  ) {
    this.nbCount = new Int32Array(regionCount + 1);
    this.stepP = [-1, 1, -w, w];
  }

  /**
   * Walks region `id` from its seed pixel on `rid`, whose pixels it leaves marked -3 (the
   * caller gives them their region back); false when the seed is no longer the region's.
   */
  walk(rid: Int32Array, id: number, seed: number): boolean {
    const { w, fill, pixels, nbs, nbCount, stepP } = this;
    const n = rid.length;
    pixels.length = 0;
    for (const r of nbs) nbCount[r + 1] = 0;
    nbs.length = 0;
    this.inner = 0;
    if (rid[seed] !== id) return false;
    let sp = 0;
    fill[sp++] = seed;
    fill[sp++] = seed % w;
    rid[seed] = -3;
    while (sp > 0) {
      const x = fill[--sp],
        p = fill[--sp];
      pixels.push(p);
      let own = 0;
      for (let dir = 0; dir < 4; dir++) {
        const q = p + stepP[dir],
          xq = dir === 0 ? x - 1 : dir === 1 ? x + 1 : x;
        if (xq < 0 || xq >= w || q < 0 || q >= n) continue;
        const r = rid[q];
        if (r === id) {
          rid[q] = -3;
          fill[sp++] = q;
          fill[sp++] = xq;
          own++;
        } else if (r === -3) own++;
        else if (nbCount[r + 1]++ === 0) nbs.push(r);
      }
      if (own === 4) this.inner++;
    }
    return true;
  }

  /** Gives the walked pixels to region `to` (-1: none). */
  assign(rid: Int32Array, to: number): void {
    for (const p of this.pixels) rid[p] = to;
  }
}
