// The warm-up a trace worker runs when it starts (issue 17): it must go through the main paths
// of the engine, and stay small.
import { describe, expect, it } from 'vitest';
import { enginePresets, trace, warmUp, warmUpImage } from '../src/index.js';
import { WARM_UP_SIDE } from '../src/warm-up.js';

describe('warmUp', () => {
  it('traces a small picture with flat colours, a gradient, see-through and transparent parts', () => {
    const image = warmUpImage();
    expect([image.width, image.height, WARM_UP_SIDE]).toEqual([128, 128, 128]);
    const doc = trace(image, enginePresets.precision);
    const fills = doc.layers.map((l) => l.fill);
    expect(fills).toContain('#d22828'); // the red disc
    expect(fills).toContain('#f59614'); // the orange square
    expect(fills).toContain('#000000'); // the hairline
    expect(doc.layers.filter((l) => l.gradient).map((l) => l.gradient?.type)).toEqual(['linear']);
    expect(doc.layers.filter((l) => l.opacity !== undefined).map((l) => l.opacity)).toEqual([
      0.353,
    ]);
    // A transparent corner (alpha 0 paths).
    const corner = warmUpImage().data.slice((126 * 128 + 126) * 4, (126 * 128 + 127) * 4);
    expect([...corner]).toEqual([0, 0, 0, 0]);
  });

  it('traces it with both presets, the same every time', () => {
    expect(warmUp(1)).toEqual([17, 16]);
    expect(warmUp(2)).toEqual([17, 16]);
  });
});
