// The quality score shown to users: SSIM alone barely moves when boundaries melt (a chord
// instead of an arc, a wobble of a fraction of a pixel), the boundary measure sees it.
import { describe, expect, it } from 'vitest';
import { compareImages, edgeOffset, qualityScore, trace, type VectorDoc } from '../src/index.js';
import { flatten } from '../src/writers/geometry.js';
import { hex, makeImage, rasterise } from './helpers.js';

const WHITE = hex('#ffffff'),
  BLACK = hex('#000000'),
  RED = hex('#d62828');

/** A black disk of radius r (plus wobble · sin 8θ) on white. */
const disk = (r: number, wobble = 0) =>
  makeImage(64, 64, (x, y) => {
    const t = Math.atan2(y - 32, x - 32);
    return Math.hypot(x - 32, y - 32) < r + wobble * Math.sin(8 * t) ? BLACK : WHITE;
  });

/** A logo as a sample holds it: the letters T, O, C and L in black and a red dot, 384x192. */
const logo = makeImage(384, 192, (x, y) => {
  const [u, v] = [x / 3, y / 3];
  const inRect = (x0: number, y0: number, x1: number, y1: number) =>
    u >= x0 && u <= x1 && v >= y0 && v <= y1;
  const o = Math.hypot(u - 52, v - 32),
    c = Math.hypot(u - 80, v - 32);
  if (inRect(4, 10, 28, 18) || inRect(12, 10, 20, 54)) return BLACK;
  if (o < 17 && o > 9) return BLACK;
  if (c < 17 && c > 9 && u < 86) return BLACK;
  if (inRect(98, 10, 105, 54) || inRect(98, 47, 118, 54)) return BLACK;
  if (Math.hypot(u - 122, v - 18) < 4) return RED;
  return WHITE;
});

/** The document with every curve replaced by chords (`tol`: flattening tolerance, coarse). */
function faceted(doc: VectorDoc, tol: number): VectorDoc {
  return {
    ...doc,
    layers: doc.layers.map((l) => ({
      ...l,
      shapes: l.shapes.map((s) => ({
        subpaths: s.subpaths.map((sp) => {
          const pts = flatten(sp, tol);
          return {
            start: pts[0],
            segments: [...pts.slice(1), pts[0]].map((p) => ({ type: 'L' as const, ...p })),
          };
        }),
      })),
    })),
  };
}

describe('edgeOffset', () => {
  it('is the mean distance between the boundaries, in pixels', () => {
    const a = disk(20);
    expect(edgeOffset(a, a)).toBe(0);
    // Radius 20 against 20.5: the ring between them over the circle's length, 0.51 px.
    expect(edgeOffset(a, disk(20.5))).toBeCloseTo(0.51, 1);
    // A boundary wobbling by 0.4 sin 8θ lies 0.4 · 2/π = 0.25 px off on average.
    expect(edgeOffset(a, disk(20, 0.4))).toBeCloseTo(0.25, 1);
  });

  it('refuses images of different sizes', () => {
    expect(() =>
      edgeOffset(
        disk(20),
        makeImage(32, 32, () => WHITE),
      ),
    ).toThrow(RangeError);
  });
});

describe('qualityScore', () => {
  it(
    'scores a clean trace of a logo high, and the same trace with faceted letters clearly lower where SSIM barely moves',
    { timeout: 30_000 },
    () => {
      const doc = trace(logo);
      const clean = rasterise(doc, 4);
      const melted = rasterise(faceted(doc, 4), 4);
      // Measured: clean SSIM 0.999, score 0.984; faceted SSIM 0.993 (-0.006), score 0.882 (-0.10).
      expect(qualityScore(logo, clean)).toBeGreaterThan(0.97);
      expect(compareImages(logo, clean) - compareImages(logo, melted)).toBeLessThan(0.01);
      expect(qualityScore(logo, melted)).toBeLessThan(qualityScore(logo, clean) - 0.05);
    },
  );

  it('is never above SSIM', () => {
    const a = disk(20),
      b = disk(21);
    expect(qualityScore(a, b)).toBeLessThanOrEqual(compareImages(a, b));
    expect(qualityScore(a, a)).toBeCloseTo(1, 6);
  });
});
