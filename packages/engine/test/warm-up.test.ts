// The warm-up a trace worker runs when it starts (issue 17): it must go through the main paths
// of the engine, and stay small.
import { describe, expect, it } from 'vitest';
import { enginePresets, trace, warmUp, warmUpImage } from '../src/index.js';
import { compressedImage, marksImage, WARM_UP_SIDE } from '../src/warm-up.js';
import { analyse } from '../src/analyse.js';
import { toWorkImage } from '../src/image.js';
import { meanAbsDiff, pixel, rasterise } from './helpers.js';

/** Traced and drawn back, the marks are within this mean difference (0..255 per channel): it is
 * 1.9, and 18 with nothing traced. */
const MARKS_MAX_DIFF = 2.5;

describe('warmUp', () => {
  it('traces a small picture with flat colours, a ring, a sparkle, two gradients, see-through and transparent parts', () => {
    const image = warmUpImage();
    expect([image.width, image.height, WARM_UP_SIDE]).toEqual([160, 160, 160]);
    const doc = trace(image, enginePresets.precision);
    const fills = doc.layers.map((l) => l.fill);
    expect(fills).toContain('#d22828'); // the red disc
    expect(fills).toContain('#f59614'); // the orange square
    expect(fills).toContain('#000000'); // the hairline and the sparkle
    expect(fills).toContain('#242328'); // the dark ring around the disc
    // The band, in two parts either side of the hairline across it, and the ball.
    expect(doc.layers.filter((l) => l.gradient).map((l) => l.gradient?.type)).toEqual([
      'linear',
      'linear',
      'radial',
    ]);
    expect(doc.layers.filter((l) => l.opacity !== undefined).map((l) => l.opacity)).toEqual([
      0.353,
    ]);
    // The black hairline across the red disc stays opaque black, though the palette also holds
    // a see-through black (the shadow's): in each row the darkest pixel across it is near black.
    const drawn = rasterise(doc, 3);
    for (let y = 22; y <= 56; y += 2) {
      const x = Math.round(0.9 * (y + 0.5) + 6 - 0.5);
      const darkest = Math.min(
        ...[-2, -1, 0, 1, 2].map((d) => Math.max(...pixel(drawn, x + d, y).slice(0, 3))),
      );
      expect(darkest).toBeLessThan(100);
    }
    // A transparent corner (alpha 0 paths).
    const corner = warmUpImage().data.slice((126 * 160 + 126) * 4, (126 * 160 + 127) * 4);
    expect([...corner]).toEqual([0, 0, 0, 0]);
  });

  it('traces small marks in nine colours, rings with their holes open', () => {
    const image = marksImage();
    expect([image.width, image.height]).toEqual([200, 200]);
    const doc = trace(image, enginePresets.precision);
    const colours = new Set(doc.layers.map((l) => l.fill));
    expect(colours.size).toBeGreaterThanOrEqual(10); // nine colours and the white paper
    // Drawn back, it is the picture: the marks where they were, and the paper white wherever it
    // shows in the picture, inside the rings' holes too.
    const drawn = rasterise(doc, 1);
    expect(meanAbsDiff(drawn, image)).toBeLessThan(MARKS_MAX_DIFF);
    let paperLost = 0;
    for (let p = 0; p < image.width * image.height; p++) {
      const white = [0, 1, 2].every((c) => image.data[p * 4 + c] === 255);
      if (white && [0, 1, 2].some((c) => drawn.data[p * 4 + c] < 192)) paperLost++;
    }
    expect(paperLost).toBe(0);
  });

  it('traces the first picture as a JPEG leaves it through the paths a JPEG takes', () => {
    const image = compressedImage();
    // Noisy to the analysis (so the clean stage filters it), a drawing, not a photo.
    const analysis = analyse(toWorkImage(image), 'auto');
    expect(analysis.noiseFrac).toBeGreaterThan(0.03);
    expect(analysis.mode).toBe('color');
    const stages: string[] = [];
    const doc = trace(image, { ...enginePresets.precision, onProgress: (s) => stages.push(s) });
    expect(stages).toContain('clean');
    const fills = doc.layers.map((l) => l.fill);
    expect(fills).toContain('#d22828'); // the red disc
    expect(fills).toContain('#f59614'); // the orange square
    // The band's two ramps and the ball stay ramps through the ringing.
    expect(doc.layers.filter((l) => l.gradient).map((l) => l.gradient?.type)).toEqual([
      'linear',
      'linear',
      'radial',
    ]);
  });

  it('traces the three pictures with both presets, the same every time', () => {
    expect(warmUp(1)).toEqual([20, 21, 69, 67, 47, 27]);
    expect(warmUp(2)).toEqual([20, 21, 69, 67, 47, 27]);
  });
});
