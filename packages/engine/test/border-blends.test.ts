import { describe, expect, it } from 'vitest';
import { beyondColour, blendBeyondBorder, isBeyond } from '../src/border-blends.js';
import { trace } from '../src/index.js';
import { hex, makeImage, rasterise } from './helpers.js';

const WHITE = 0xffffff,
  DARK = 0x524838,
  // Halfway from dark to white.
  GREY = 0xa8a39b;

/**
 * A 6 x 12 picture: dark (label 1) in rows 2-9, white (label 0) above and below, the left column
 * of rows 2-9 dark blended with white by share(y); labelled as the labelling leaves it, every
 * pixel pure, of the nearer of white and dark.
 */
function column(share: (y: number) => number) {
  const w = 6,
    h = 12;
  const rgb = new Uint8Array(w * h * 3),
    alpha = new Uint8Array(w * h).fill(255);
  const lab = new Int16Array(w * h),
    cover = new Uint8Array(w * h).fill(255),
    other = new Int32Array(w * h).fill(-1);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const inside = y >= 2 && y < 10;
      const t = inside && x === 0 ? share(y) : inside ? 0 : 1;
      for (let c = 0; c < 3; c++) {
        const d = (DARK >> (16 - 8 * c)) & 255,
          wh = (WHITE >> (16 - 8 * c)) & 255;
        rgb[3 * p + c] = Math.round(d + t * (wh - d));
      }
      lab[p] = t <= 0.5 ? 1 : 0;
    }
  return { img: { width: w, height: h, rgb, alpha }, lab, cover, other, w };
}

describe('blendBeyondBorder', () => {
  it('marks a run of border pixels blended with a colour of that side beyond the image', () => {
    const c = column(() => 0.3);
    blendBeyondBorder(c.img, [WHITE, DARK], c.lab, c.cover, c.other);
    for (let y = 2; y < 10; y++) {
      const p = y * c.w;
      expect(isBeyond(c.other[p])).toBe(true);
      expect(beyondColour(c.other[p])).toBe(0);
      expect(Math.abs(c.cover[p] - 0.7 * 255)).toBeLessThanOrEqual(2);
    }
    // Inside, and pure pixels on the border, are left alone.
    expect(c.other[5 * c.w + 1]).toBe(-1);
    expect(c.other[0]).toBe(-1);
  });

  it('leaves a lone blended pixel, a pixel near its label, and a blend two colours explain', () => {
    const lone = column((y) => (y === 5 ? 0.3 : 0));
    blendBeyondBorder(lone.img, [WHITE, DARK], lone.lab, lone.cover, lone.other);
    expect(lone.other.every((q) => q === -1)).toBe(true);

    const near = column(() => 0.02);
    blendBeyondBorder(near.img, [WHITE, DARK], near.lab, near.cover, near.other);
    expect(near.other.every((q) => q === -1)).toBe(true);

    // With grey pure on the same side, dark with 15 % of white is as well dark with 30 % of
    // grey: which colour lies beyond is not known.
    const two = column(() => 0.15);
    for (const y of [0, 11]) {
      two.lab[y * two.w] = 2;
      two.img.rgb.set([0xa8, 0xa3, 0x9b], 3 * y * two.w);
    }
    blendBeyondBorder(two.img, [WHITE, DARK, GREY], two.lab, two.cover, two.other);
    expect(two.other.some((q) => isBeyond(q))).toBe(false);
    // Without the grey, white is.
    const one = column(() => 0.15);
    blendBeyondBorder(one.img, [WHITE, DARK], one.lab, one.cover, one.other);
    expect(one.other.filter((q) => isBeyond(q)).length).toBe(8);
  });
});

describe('a shape whose edge runs inside the border pixels', () => {
  it('keeps the background beside a disc that grazes the border, without notches', () => {
    // The disc is painted first (its box is the picture's), the four white corners on top: where
    // the white thins out along the border, their tips reach along it instead of being cut.
    const W = 96;
    const img = makeImage(
      W,
      W,
      (x, y) => (Math.hypot(x - 48, y - 48) <= 48 ? hex('#5705ff') : hex('#ffffff')),
      8,
    );
    const out = rasterise(trace(img), 8);
    let sum = 0,
      worst = 0;
    for (let y = 0; y < W; y++)
      for (let x = 0; x < 2; x++) {
        const p = (y * W + x) * 4;
        const d = Math.abs(img.data[p] - out.data[p]) + Math.abs(img.data[p + 1] - out.data[p + 1]);
        sum += d;
        worst = Math.max(worst, d);
      }
    // Without the border blends: mean 6.2, worst 104 (a notch where each tip was cut).
    expect(sum / (2 * W)).toBeLessThan(2);
    expect(worst).toBeLessThan(40);
  });
});
