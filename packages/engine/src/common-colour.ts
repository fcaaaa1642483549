/**
 * The most common colour of a set of pixels, for the palette's thin colours (thin-colours.ts):
 * by cells of the colour cube, 16 levels a side, taken in blocks.
 */
import { packedDist2, snap } from './colour.js';

/**
 * The most common colour of `pixels`: the cell of 16 levels a side whose block of 3x3x3 cells
 * holds the most of them (a shaded patch, such as a figure's brown hair, spreads over several
 * cells, none of which holds many), then the mean of those within sqrt(thr2) of that block's
 * mean, and how many they are.
 */
export function commonColour(
  plane: Int32Array,
  pixels: number[],
  thr2: number,
): { colour: number[]; n: number } | undefined {
  const cells = new Map<number, number[]>();
  for (const p of pixels) {
    const v = plane[p] & 0xffffff;
    const key = cellKey(v >> 20, (v >> 12) & 15, (v >> 4) & 15);
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = [0, 0, 0, 0]));
    count(cell, v);
  }
  let best: number[] | undefined;
  for (const key of cells.keys()) {
    const block = [0, 0, 0, 0];
    const r = (key >> 10) - 1,
      g = ((key >> 5) & 31) - 1,
      b = (key & 31) - 1;
    for (let dr = -1; dr <= 1; dr++)
      for (let dg = -1; dg <= 1; dg++)
        for (let db = -1; db <= 1; db++) {
          const cell = cells.get(cellKey(r + dr, g + dg, b + db));
          if (cell) for (let i = 0; i < 4; i++) block[i] += cell[i];
        }
    if (!best || block[0] > best[0]) best = block;
  }
  if (!best) return undefined;
  const mean = snap(best[1] / best[0], best[2] / best[0], best[3] / best[0]);
  const near = [0, 0, 0, 0];
  for (const p of pixels) {
    const v = plane[p] & 0xffffff;
    if (packedDist2(v, mean) < thr2) count(near, v);
  }
  const [n, r, g, b] = near;
  if (n === 0) return undefined;
  return { colour: [Math.round(r / n), Math.round(g / n), Math.round(b / n)], n };
}

/** Adds packed colour v to sums [n, r, g, b]. */
function count(sums: number[], v: number): void {
  sums[0]++;
  sums[1] += v >> 16;
  sums[2] += (v >> 8) & 255;
  sums[3] += v & 255;
}

/** A cell's key; cells beyond the cube (-1 or 16 a side) get keys no colour has. */
const cellKey = (r: number, g: number, b: number) => ((r + 1) << 10) | ((g + 1) << 5) | (b + 1);
