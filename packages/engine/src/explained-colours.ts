/**
 * Which colours a palette explains (thin-colours.ts): a colour within the palette's minimum
 * distance of one of its colours, or of a blend of two (anti-aliasing mixes two colours). Colours
 * are packed 0xrrggbb; palettes are flat channels (r, g, b of colour i at 3i, flatColours).
 */

/** Offset in pal (flat channels) of the first colour nearest to packed colour 0xrrggbb. */
export function nearestFlat(pal: Float64Array, colour: number): number {
  let best = Infinity,
    near = 0;
  for (let i = 0; i < pal.length; i += 3) {
    const d = nearestDist2(pal, colour, i);
    if (d < best) {
      best = d;
      near = i;
    }
  }
  return near;
}

/** Squared distance from the colour at offset i of pal to packed colour 0xrrggbb. */
export function nearestDist2(pal: Float64Array, colour: number, i: number): number {
  return (
    (pal[i] - (colour >> 16)) ** 2 +
    (pal[i + 1] - ((colour >> 8) & 255)) ** 2 +
    (pal[i + 2] - (colour & 255)) ** 2
  );
}

/**
 * explained() for a colour that pal without its last colour does not explain: only the last
 * colour and its blends with the others can (tested as explained() tests them).
 */
export function explainedByLast(
  pal: Float64Array,
  r: number,
  g: number,
  b: number,
  thr2: number,
): boolean {
  const j = pal.length - 3;
  if ((pal[j] - r) ** 2 + (pal[j + 1] - g) ** 2 + (pal[j + 2] - b) ** 2 < thr2) return true;
  for (let i = 0; i < j; i += 3) if (segmentDist2(pal, i, j, r, g, b) < thr2) return true;
  return false;
}

const CELL_BITS = 4;
const CELL = 1 << CELL_BITS;
const AXIS_BITS = 8 - CELL_BITS;
/** A cell's colours are this near its centre at most. */
const HALF_DIAGONAL = ((CELL - 1) / 2) * Math.sqrt(3);
/** Far above any rounding of the distances (in levels). */
const MARGIN = 1e-6;
/** A cell's state: not yet sorted; every, no colour explained; test those listed, or all. */
const UNSORTED = 0,
  ALL = 1,
  NONE = 2,
  LISTED = 3,
  UNLISTED = 4;
/** Blends listed (two ints each) in all cells together at most: colours beyond test them all. */
const LIST_MAX = 1 << 20;

/** The cells' states and their blends listed, shared by all instances (one at a time). */
const cellState = new Uint8Array(1 << (3 * AXIS_BITS));
const cellStart = new Int32Array(1 << (3 * AXIS_BITS));
const cellEnd = new Int32Array(1 << (3 * AXIS_BITS));
let cellBlends = new Int32Array(1024);

/**
 * explained() by cells of the colour cube (16 levels a side), each sorted the first time a
 * colour falls in it by the blends' distances to its centre: a blend nearer than sqrt(thr2) by
 * more than the cell's half diagonal explains every colour of the cell, one farther by more
 * than that none; the others are listed (pal offsets i, j; j < 0 for a palette colour itself)
 * and tested per colour as explained() tests them. The margin keeps the answers exactly
 * explained()'s.
 */
export class ExplainedCells {
  private readonly thr: number;
  private used = 0;

  constructor(
    private readonly pal: Float64Array,
    private readonly thr2: number,
  ) {
    this.thr = Math.sqrt(thr2);
    cellState.fill(UNSORTED);
  }

  /** Packed colour 0xrrggbb is explained. */
  explains(colour: number): boolean {
    const r = colour >> 16,
      g = (colour >> 8) & 255,
      b = colour & 255;
    const cell =
      ((r >> CELL_BITS) << (2 * AXIS_BITS)) | ((g >> CELL_BITS) << AXIS_BITS) | (b >> CELL_BITS);
    if (cellState[cell] === UNSORTED)
      this.sort(cell, r - (r % CELL), g - (g % CELL), b - (b % CELL));
    const state = cellState[cell];
    if (state === ALL || state === NONE) return state === ALL;
    const { pal, thr2 } = this;
    if (state === UNLISTED) return explained(pal, r, g, b, thr2);
    for (let at = cellStart[cell], end = cellEnd[cell]; at < end; at += 2)
      if (blendDist2(pal, cellBlends[at], cellBlends[at + 1], r, g, b) < thr2) return true;
    return false;
  }

  /** Sorts the cell whose lowest corner is (r0, g0, b0). */
  private sort(cell: number, r0: number, g0: number, b0: number): void {
    const { pal, thr } = this;
    const n = pal.length;
    const half = (CELL - 1) / 2;
    const r = r0 + half,
      g = g0 + half,
      b = b0 + half;
    const most = (n / 3) * (n / 3 + 1);
    const listing = this.used + most <= LIST_MAX;
    if (listing && this.used + most > cellBlends.length) {
      const grown = new Int32Array(Math.min(LIST_MAX, 2 * (this.used + most)));
      grown.set(cellBlends.subarray(0, this.used));
      cellBlends = grown;
    }
    const start = this.used;
    let near = false;
    for (let i = 0; i < n; i += 3)
      for (let j = i; j < n; j += 3) {
        const other = j === i ? -1 : j;
        const d = Math.sqrt(blendDist2(pal, i, other, r, g, b));
        if (d + HALF_DIAGONAL < thr - MARGIN) {
          cellState[cell] = ALL;
          this.used = start;
          return;
        }
        if (d - HALF_DIAGONAL >= thr + MARGIN) continue;
        near = true;
        if (!listing) continue;
        cellBlends[this.used++] = i;
        cellBlends[this.used++] = other;
      }
    cellState[cell] = !near ? NONE : listing ? LISTED : UNLISTED;
    cellStart[cell] = start;
    cellEnd[cell] = this.used;
  }
}

/** Squared distance from (r, g, b) to pal's colour at i (j < 0) or to its blends with j's. */
function blendDist2(
  pal: Float64Array,
  i: number,
  j: number,
  r: number,
  g: number,
  b: number,
): number {
  if (j >= 0) return segmentDist2(pal, i, j, r, g, b);
  return (pal[i] - r) ** 2 + (pal[i + 1] - g) ** 2 + (pal[i + 2] - b) ** 2;
}

/**
 * Colour (r, g, b) is within sqrt(thr2) of a palette colour (flat channels, flatColours) or of
 * a blend of two (a function of the module, not a closure per call: optimised callers stay
 * valid from one trace to the next).
 */
export function explained(
  pal: Float64Array,
  r: number,
  g: number,
  b: number,
  thr2: number,
): boolean {
  const n = pal.length;
  for (let i = 0; i < n; i += 3)
    if ((pal[i] - r) ** 2 + (pal[i + 1] - g) ** 2 + (pal[i + 2] - b) ** 2 < thr2) return true;
  for (let i = 0; i < n; i += 3)
    for (let j = i + 3; j < n; j += 3) if (segmentDist2(pal, i, j, r, g, b) < thr2) return true;
  return false;
}

/** Squared distance from colour (r, g, b) to the blends between the colours at i and j of pal. */
function segmentDist2(
  pal: Float64Array,
  i: number,
  j: number,
  r: number,
  g: number,
  bl: number,
): number {
  const a0 = pal[i],
    a1 = pal[i + 1],
    a2 = pal[i + 2];
  const ex = pal[j] - a0,
    ey = pal[j + 1] - a1,
    ez = pal[j + 2] - a2;
  const l2 = ex * ex + ey * ey + ez * ez;
  const t =
    l2 > 0 ? Math.max(0, Math.min(1, ((r - a0) * ex + (g - a1) * ey + (bl - a2) * ez) / l2)) : 0;
  return (a0 + t * ex - r) ** 2 + (a1 + t * ey - g) ** 2 + (a2 + t * ez - bl) ** 2;
}
