// Golden tests: trace synthetic anti-aliased images, rasterise the result, compare pixels
// with a tolerance; plus the contract: exact colours, transparency, shared edges, abort,
// progress, presets and compareImages.
import { describe, expect, it } from 'vitest';
import { compareImages, enginePresets, trace, type RasterImage } from '../src/index.js';
import { allFills, hex, makeImage, meanAbsDiff, pixel, rasterise } from './helpers.js';

const WHITE = hex('#ffffff'),
  BLACK = hex('#000000');
const disk = (cx: number, cy: number, r: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 < r * r;

describe('trace (golden, rasterised)', () => {
  it('reproduces an anti-aliased black disk with exact #000000 and smooth edges', () => {
    const img = makeImage(48, 48, (x, y) => (disk(24, 24, 15)(x, y) ? BLACK : WHITE));
    const doc = trace(img);
    expect(allFills(doc)).toEqual(['#000000', '#ffffff']);
    const back = rasterise(doc);
    expect(meanAbsDiff(img, back)).toBeLessThan(2.5);
    const segs = doc.layers.flatMap((l) =>
      l.shapes.flatMap((s) => s.subpaths.flatMap((p) => p.segments)),
    );
    expect(segs.length).toBeLessThan(16); // a circle is a few curves, not a staircase
  });

  it('reproduces a three-colour drawing with shapes in the right colours', () => {
    const red = hex('#d01010'),
      blue = hex('#1040c0');
    const img = makeImage(64, 48, (x, y) =>
      disk(20, 24, 12)(x, y) ? red : x > 36 && x < 58 && y > 10 && y < 38 ? blue : WHITE,
    );
    const doc = trace(img);
    expect(allFills(doc)).toEqual(['#1040c0', '#d01010', '#ffffff']);
    expect(meanAbsDiff(img, rasterise(doc))).toBeLessThan(3);
    expect(pixel(rasterise(doc), 20, 24).slice(0, 3)).toEqual([0xd0, 0x10, 0x10]);
  });

  it('shares the boundary between two colours: no background shows along it', () => {
    // Left orange, right green, touching along a wavy anti-aliased edge.
    const a = hex('#ff8800'),
      b = hex('#008844');
    const img = makeImage(40, 40, (x, y) => (x < 18 + 6 * Math.sin(y / 4) + y * 0.2 ? a : b));
    for (const stacking of ['stacked', 'cutout'] as const) {
      const back = rasterise(trace(img, { stacking }), 4);
      for (let y = 1; y < 39; y++) {
        for (let x = 1; x < 39; x++) {
          const [r, g, bb, al] = pixel(back, x, y);
          // Every pixel is opaque and is a blend of the two colours only (no light seam).
          expect(al).toBeGreaterThan(250);
          expect(r + g + bb).toBeLessThan(480);
        }
      }
    }
  });

  it('keeps a transparent background transparent (no shape for it)', () => {
    const img = makeImage(40, 40, (x, y) =>
      disk(20, 20, 12)(x, y) ? hex('#2255aa') : [0, 0, 0, 0],
    );
    const doc = trace(img);
    expect(allFills(doc)).toEqual(['#2255aa']);
    const back = rasterise(doc);
    expect(pixel(back, 1, 1)[3]).toBe(0);
    expect(pixel(back, 38, 38)[3]).toBe(0);
    expect(pixel(back, 20, 20)[3]).toBe(255);
  });

  it('returns a requested palette exactly as given, and an exact colour count', () => {
    const img = makeImage(40, 40, (x, y) =>
      disk(20, 20, 12)(x, y) ? hex('#1a1a1a') : hex('#f2f2f2'),
    );
    const doc = trace(img, { palette: ['#123456', '#FEDCBA'] });
    expect(allFills(doc)).toEqual(['#123456', '#FEDCBA']);
    const four = makeImage(40, 40, (x, y) =>
      x < 20
        ? y < 20
          ? hex('#ff0000')
          : hex('#00ff00')
        : y < 20
          ? hex('#0000ff')
          : hex('#ffff00'),
    );
    expect(allFills(trace(four, { colors: 2 }))).toHaveLength(2);
    expect(allFills(trace(four, { colors: 4 }))).toHaveLength(4);
  });

  it('traces noisy (JPEG-like) input into flat colours', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 16;
    const img = makeImage(48, 48, (x, y) => (disk(24, 24, 14)(x, y) ? BLACK : WHITE));
    for (let i = 0; i < img.data.length; i += 4)
      for (let c = 0; c < 3; c++) img.data[i + c] = img.data[i + c] + rnd();
    const doc = trace(img);
    expect(allFills(doc)).toEqual(['#000000', '#ffffff']);
    expect(doc.layers.reduce((n, l) => n + l.shapes.length, 0)).toBeLessThanOrEqual(3);
  });

  it('handles degenerate inputs (1x1, uniform, empty alpha)', () => {
    expect(
      trace({ width: 1, height: 1, data: new Uint8ClampedArray([10, 20, 30, 255]) }).layers,
    ).toHaveLength(1);
    expect(trace({ width: 5, height: 3, data: new Uint8ClampedArray(60) }).layers).toHaveLength(0);
    expect(() => trace({ width: 0, height: 3, data: new Uint8ClampedArray(0) })).toThrow(
      RangeError,
    );
    const img = makeImage(24, 24, (x, y) => (disk(12, 12, 7)(x, y) ? BLACK : WHITE));
    const odd = trace(img, {
      detail: NaN,
      colors: Number.POSITIVE_INFINITY,
      speckle: -3,
      cornerThreshold: NaN,
    });
    expect(allFills(odd)).toEqual(['#000000', '#ffffff']); // nonsense numbers fall back to defaults
  });
});

describe('control', () => {
  const img = makeImage(32, 32, (x, y) => (disk(16, 16, 9)(x, y) ? BLACK : WHITE));
  it('aborts with an AbortError when the signal fires', () => {
    const ac = new AbortController();
    ac.abort();
    expect(() => trace(img, { signal: ac.signal })).toThrowError(
      expect.objectContaining({ name: 'AbortError' }),
    );
    const late = new AbortController();
    let calls = 0;
    expect(() =>
      trace(img, {
        signal: late.signal,
        onProgress: () => {
          if (++calls === 3) late.abort();
        },
      }),
    ).toThrowError(expect.objectContaining({ name: 'AbortError' }));
  });
  it('reports progress from 0 to 1 through the stages', () => {
    const seen: [string, number][] = [];
    trace(img, { onProgress: (s, f) => seen.push([s, f]) });
    expect(seen[0][1]).toBe(0);
    expect(seen[seen.length - 1]).toEqual(['done', 1]);
    expect(new Set(seen.map((s) => s[0]))).toContain('boundaries');
    for (let i = 1; i < seen.length; i++) expect(seen[i][1]).toBeGreaterThanOrEqual(seen[i - 1][1]);
  });
  it('has a cheaper fast preset', () => {
    const detailed = makeImage(64, 64, (x, y) =>
      Math.sin(x / 3) * Math.cos(y / 4) > 0.2 ? hex('#803020') : hex('#f0e0c0'),
    );
    const a = trace(detailed, enginePresets.precision),
      b = trace(detailed, enginePresets.fast);
    const count = (d: typeof a) =>
      d.layers.flatMap((l) => l.shapes.flatMap((s) => s.subpaths.flatMap((p) => p.segments)))
        .length;
    expect(count(b)).toBeLessThanOrEqual(count(a));
  });
});

describe('compareImages', () => {
  it('is 1 for identical images and lower for different ones', () => {
    const a = makeImage(40, 40, (x, y) => (disk(20, 20, 10)(x, y) ? BLACK : WHITE));
    const b = makeImage(40, 40, (x, y) => (disk(14, 20, 10)(x, y) ? BLACK : WHITE));
    const bigger: RasterImage = makeImage(80, 80, (x, y) =>
      disk(40, 40, 20)(x, y) ? BLACK : WHITE,
    );
    expect(compareImages(a, a)).toBeCloseTo(1, 6);
    expect(compareImages(a, b)).toBeLessThan(0.9);
    expect(compareImages(a, bigger)).toBeGreaterThan(0.9); // same picture at another size
  });
});

describe('pixel art', () => {
  it('keeps hard pixel edges: a sprite comes back as exact axis-aligned squares', () => {
    // 12x12 sprite: 2x2-pixel blocks of three colours on white, no anti-aliasing.
    const cols = [hex('#ffffff'), hex('#e03030'), hex('#3050e0'), hex('#20a040')];
    const pattern = ['000000', '011220', '012320', '013330', '001100', '000000'];
    const img = makeImage(
      12,
      12,
      (x, y) => cols[Number(pattern[Math.floor(y / 2)][Math.floor(x / 2)])],
      1,
    );
    const doc = trace(img);
    expect(doc.mode).toBe('pixelart');
    expect(allFills(doc)).toEqual(['#20a040', '#3050e0', '#e03030', '#ffffff']);
    for (const l of doc.layers)
      for (const s of l.shapes)
        for (const p of s.subpaths) {
          for (const g of p.segments) {
            expect(g.type).toBe('L');
            expect(Number.isInteger(g.x) && Number.isInteger(g.y)).toBe(true);
          }
        }
    expect(meanAbsDiff(img, rasterise(doc))).toBeLessThan(0.5);
  });

  it('keeps a sprite on nothing (binary alpha) as pixel art', () => {
    const img = makeImage(
      12,
      12,
      (x, y) => (Math.floor(x / 2) % 3 === 1 && y >= 2 && y < 10 ? hex('#e03030') : [0, 0, 0, 0]),
      1,
    );
    expect(trace(img).mode).toBe('pixelart');
  });

  it('does not take a logo anti-aliased against nothing for pixel art', () => {
    // The common upload: shapes on a transparent background, smoothed in alpha only; with no
    // opaque colour transition, only the alpha edge tells it from a sprite.
    const disc = (x: number, y: number, cx: number, r: number) =>
      (x - cx) ** 2 + (y - 40) ** 2 < r * r;
    const img = makeImage(160, 80, (x, y) =>
      disc(x, y, 40, 30) ? hex('#e4572e') : disc(x, y, 115, 30) ? hex('#29335c') : [0, 0, 0, 0],
    );
    // Renderers keep colour premultiplied: an edge pixel's colour comes back a unit or two off.
    const d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      const a = d[i + 3];
      if (a > 0 && a < 255)
        for (let c = 0; c < 3; c++)
          d[i + c] = Math.round((Math.round((d[i + c] * a) / 255) * 255) / a);
    }
    const doc = trace(img);
    expect(doc.mode).toBe('color');
    const segments = doc.layers
      .flatMap((l) => l.shapes.flatMap((s) => s.subpaths))
      .flatMap((p) => p.segments);
    expect(segments.length).toBeLessThanOrEqual(16);
  });
});

describe('holes', () => {
  it('winds holes opposite to their outer loop (nonzero fill keeps them open)', () => {
    const ring = makeImage(40, 40, (x, y) => {
      const d = (x - 20) ** 2 + (y - 20) ** 2;
      return d < 14 * 14 && d > 7 * 7 ? hex('#000000') : hex('#ffffff');
    });
    for (const stacking of ['stacked', 'cutout'] as const) {
      const back = rasterise(trace(ring, { stacking }));
      expect(pixel(back, 20, 20).slice(0, 3)).toEqual([255, 255, 255]);
      expect(pixel(back, 20, 9).slice(0, 3)).toEqual([0, 0, 0]);
      expect(meanAbsDiff(ring, back)).toBeLessThan(3);
    }
  });
});
