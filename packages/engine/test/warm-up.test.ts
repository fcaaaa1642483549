// The warm-up a trace worker runs when it starts (issue 17): it must go through the main paths
// of the engine, and stay small.
import { describe, expect, it } from 'vitest';
import { enginePresets, trace, warmUp, warmUpImage } from '../src/index.js';
import { WARM_UP_SIDE } from '../src/warm-up.js';

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
    expect(doc.layers.filter((l) => l.gradient).map((l) => l.gradient?.type)).toEqual([
      'linear',
      'radial',
    ]);
    expect(doc.layers.filter((l) => l.opacity !== undefined).map((l) => l.opacity)).toEqual([
      0.353,
    ]);
    // A transparent corner (alpha 0 paths).
    const corner = warmUpImage().data.slice((126 * 160 + 126) * 4, (126 * 160 + 127) * 4);
    expect([...corner]).toEqual([0, 0, 0, 0]);
  });

  it('traces it with both presets, the same every time', () => {
    expect(warmUp(1)).toEqual([20, 20]);
    expect(warmUp(2)).toEqual([20, 20]);
  });
});
