// The fit stage's hypot() stands in for Math.hypot, and the engine's outputs are compared byte
// for byte with a baseline: it must give the very same bits.
import { describe, expect, it } from 'vitest';
import { hypot } from '../src/hypot.js';

describe('hypot', () => {
  it('gives the same bits as Math.hypot across magnitudes, signs and special values', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const special = [0, -0, 1, -3, 4, 0.5, 5e-324, 1e-300, 1.7e308, Infinity, -Infinity, NaN];
    const pairs: [number, number][] = special.flatMap((x) =>
      special.map((y) => [x, y] as [number, number]),
    );
    for (let i = 0; i < 200000; i++) {
      const scale = () => 10 ** Math.floor(random() * 24 - 12);
      pairs.push([(random() - 0.5) * scale(), (random() - 0.5) * scale()]);
      // Pixel-grid differences, as boundary samples give.
      pairs.push([Math.round(random() * 8000) / 16 - 250, Math.round(random() * 8000) / 8 - 500]);
    }
    const differ = pairs.filter(([x, y]) => !Object.is(hypot(x, y), Math.hypot(x, y)));
    expect(differ).toEqual([]);
  });
});
