import { describe, expect, it } from 'vitest';
import { mergeRinging } from '../src/ringing.js';
import { literalSegmentation } from './helpers.js';

const WHITE = 0xffffff,
  PURPLE = 0x5705ff,
  // logo-moon.jpeg's rim: the purple a JPEG darkens along the edge with white
  RINGING = 0x4200c7;

/** White above, purple below, and region 2 along the edge between them (row 3). */
function edgeWith(dash: string) {
  return literalSegmentation([
    '000000000000',
    '000000000000',
    '000000000000',
    dash,
    '111111111111',
    '111111111111',
    '111111111111',
  ]);
}

const palette = (dash: number) => ({ colours: [WHITE, PURPLE, dash], names: ['', '', ''] });
const colourAt = (seg: ReturnType<typeof edgeWith>, p: number, colours: number[]) =>
  colours[seg.regions[seg.regionOf[p]].color];

describe('mergeRinging', () => {
  it('merges a short thin dash a shade beyond the purple into the purple, made pure', () => {
    const seg = edgeWith('111222222111');
    seg.labels.cover[3 * 12 + 4] = 200;
    seg.labels.other[3 * 12 + 4] = 2 * 12 + 4;
    const pal = palette(RINGING);
    const out = mergeRinging(seg, pal);
    expect(out.regions).toHaveLength(2);
    for (let x = 3; x < 9; x++) expect(colourAt(out, 3 * 12 + x, pal.colours)).toBe(PURPLE);
    expect(out.regions.reduce((a, r) => a + r.area, 0)).toBe(84);
    expect([out.labels.cover[3 * 12 + 4], out.labels.other[3 * 12 + 4]]).toEqual([255, -1]);
    // the segmentation it was given is unchanged
    expect(seg.regions).toHaveLength(3);
    expect(seg.regionOf[3 * 12 + 4]).toBe(2);
  });

  it('keeps what is no overshoot: an outline, a blend, a long line, a soft edge', () => {
    // a black outline is far from both sides
    expect(mergeRinging(edgeWith('111222222111'), palette(0x000000)).regions).toHaveLength(3);
    // near the purple but towards the white: a blend, not an overshoot
    expect(mergeRinging(edgeWith('111222222111'), palette(0x6a20ff)).regions).toHaveLength(3);
    // a line the whole width of a wider image is drawn on purpose
    const long = literalSegmentation(['0'.repeat(48), '2'.repeat(48), '1'.repeat(48)]);
    expect(mergeRinging(long, palette(RINGING)).regions).toHaveLength(3);
    // between two close colours (a gradient's bands) a JPEG does not ring
    const soft = { colours: [0x6010ff, PURPLE, 0x5000f0], names: ['', '', ''] };
    expect(mergeRinging(edgeWith('111222222111'), soft).regions).toHaveLength(3);
  });

  it('keeps a dash beside one region only', () => {
    const seg = literalSegmentation(['000000', '011110', '000000']);
    const inside = { colours: [PURPLE, RINGING], names: ['', ''] };
    expect(mergeRinging(seg, inside).regions).toHaveLength(2);
  });
});
