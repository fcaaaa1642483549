// The cached answers of ExplainedCells against the plain scans they stand in for.
import { describe, expect, it } from 'vitest';
import { ExplainedCells, explained } from '../src/explained-colours.js';
import { flatColours } from '../src/colour.js';

/** A palette of k colours from a fixed seed, with fractional channels as k-means leaves them. */
function palette(seed: number, k: number): Float64Array {
  let s = seed;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32) * 255;
  return flatColours(Array.from({ length: k }, () => [next(), next(), next()]));
}

/** Every colour on a grid of the cube, step levels apart, packed 0xrrggbb. */
function* grid(step: number): Generator<number> {
  for (let r = 0; r < 256; r += step)
    for (let g = 0; g < 256; g += step)
      for (let b = 0; b < 256; b += step) yield (r << 16) | (g << 8) | b;
}

const channels = (c: number) => [c >> 16, (c >> 8) & 255, c & 255] as const;

describe('ExplainedCells', () => {
  for (const [seed, k, thr] of [
    [1, 3, 20],
    [7, 6, 12],
    [42, 9, 30],
  ] as const) {
    it(`answers as explained() (palette of ${k}, distance ${thr})`, () => {
      const pal = palette(seed, k);
      const cells = new ExplainedCells(pal, thr * thr);
      let yes = 0,
        n = 0,
        wrong = 0;
      for (const c of grid(5)) {
        const want = explained(pal, ...channels(c), thr * thr);
        if (cells.explains(c) !== want) wrong++;
        yes += want ? 1 : 0;
        n++;
      }
      expect(wrong).toBe(0);
      // Both answers occur, so the comparison means something.
      expect(yes).toBeGreaterThan(n / 100);
      expect(yes).toBeLessThan(n);
    });
  }
});
