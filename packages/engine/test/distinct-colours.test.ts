import { describe, expect, it } from 'vitest';
import { enginePresets, trace, type RasterImage } from '../src/index.js';
import { hex, makeImage, pixel, rasterise, type Rgba } from './helpers.js';

const WHITE = hex('#ffffff');

/** A face of `side` px: yellow, white eyes with black pupils, a brown mouth. */
function face(side: number): RasterImage {
  const k = side / 64;
  return makeImage(side, side, (x, y) => {
    const [u, v] = [x / k, y / k];
    const d = (cx: number, cy: number) => Math.hypot(u - cx, v - cy);
    if (d(23, 27) < 2.2 || d(43, 27) < 2.2) return hex('#111111');
    if (d(22, 26) < 5 || d(42, 26) < 5) return WHITE;
    const m = d(32, 24);
    if (v > 38 && m > 18 && m < 21) return hex('#664500');
    if (d(32, 32) < 28) return hex('#ffcc4d');
    return WHITE;
  });
}

/** A boat of `side` px: an orange sail with a red mast along its edge, blue sea. */
function boat(side: number): RasterImage {
  const k = side / 64;
  return makeImage(side, side, (x, y) => {
    const [u, v] = [x / k, y / k];
    if (v > 50) return hex('#1d4ed8');
    if (u >= 30 && u < 32.5 && v > 8) return hex('#d00000');
    if (u >= 32.5 && v > 10 && v < 46 && u < 32.5 + (v - 10) * 0.6) return hex('#ff8c00');
    return WHITE;
  });
}

const dist = (a: Rgba, b: Rgba) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The traced colour at the pupil's and at the mast's centre, against the input's. */
function kept(engine: 'precision' | 'fast', side: number) {
  const k = side / 64;
  const f = face(side),
    b = boat(side);
  const pupil = pixel(
    rasterise(trace(f, enginePresets[engine])),
    Math.floor(23 * k),
    Math.floor(27 * k),
  );
  const mast = pixel(
    rasterise(trace(b, enginePresets[engine])),
    Math.floor(31.2 * k),
    Math.floor(30 * k),
  );
  // 29: #111111 may snap to #000000.
  return { pupil: dist(pupil, hex('#111111')) <= 30, mast: dist(mast, hex('#d00000')) <= 30 };
}

// Issue 17, "nothing lost": a colour distinct in the input is never merged into a neighbour of
// another hue. Black pupils in a face and a red mast beside an orange sail, at several sizes.
describe('distinct small colours', () => {
  it(
    'precision keeps the pupils black and the mast red at 48, 96 and 160 px',
    { timeout: 20_000 },
    () => {
      for (const side of [48, 96, 160])
        expect(kept('precision', side), `${side} px`).toEqual({ pupil: true, mast: true });
    },
  );

  it('fast keeps them at 160 px', { timeout: 20_000 }, () => {
    expect(kept('fast', 160)).toEqual({ pupil: true, mast: true });
  });

  // Known failures, kept as a record (they pass while the bug stands; fix palette.ts, then flip):
  // a 2.5 px mast has no stable pixel, so red never votes, and addThinColours adds a non-dark
  // hue only on icons up to 48 px; the mast is drawn orange. Same for fast at 48 and 64 px.
  it('precision keeps a 2.5 px red mast beside orange at 64 px', () => {
    expect(kept('precision', 64).mast).toBe(true);
  });

  // Fast used to sample every 2nd pixel for the palette even on small images: a pupil of radius
  // 3.3 px left too few stable votes and took the mouth's brown (#664500).
  it('fast keeps 3 px black pupils at 96 px', { timeout: 20_000 }, () => {
    expect(kept('fast', 96).pupil).toBe(true);
  });

  // Thin lines have no flat pixel, so none of them voted for the palette, and a 96 px drawing
  // of 1.5 px rings traced as a blank white square (quality score 0.07).
  it('keeps thin rings of two colours on white', { timeout: 20_000 }, () => {
    const side = 96;
    const img = makeImage(side, side, (x, y) => {
      const d = Math.hypot(x - side / 2, y - side / 2);
      for (let i = 0; i < 8; i++)
        if (Math.abs(d - (44 - i * 5.3)) < 0.75) return hex(i % 2 ? '#c0392b' : '#2c3e50');
      return WHITE;
    });
    for (const engine of ['precision', 'fast'] as const) {
      const out = rasterise(trace(img, enginePresets[engine]), 1);
      // On the horizontal through the centre, right of it: the outer (blue-grey) ring, then red.
      const at = (r: number) => pixel(out, Math.floor(side / 2 + r), side / 2);
      expect(dist(at(44), hex('#2c3e50')), `${engine} blue-grey`).toBeLessThanOrEqual(40);
      expect(dist(at(38.7), hex('#c0392b')), `${engine} red`).toBeLessThanOrEqual(40);
    }
  });
});
