// Soft transparency and gradients: traced output is rasterised and compared with the input
// composited over backgrounds; never by bytes.
import { describe, expect, it } from 'vitest';
import { toEps, toPdf, toSvg, trace } from '../src/index.js';
import { hex, makeImage, meanAbsDiff, pixel, rasterise, type Rgba } from './helpers.js';

const DARK_BLUE: Rgba = [16, 32, 96, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const inDisk = (x: number, y: number, cx: number, cy: number, r: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 < r * r;

describe('soft transparency', () => {
  // Opaque blue disk, a 50% red card and a 30% green bar on a transparent background.
  const img = makeImage(64, 64, (x, y) => {
    if (inDisk(x, y, 16, 20, 11)) return hex('#2050c0');
    if (x > 32 && x < 58 && y > 6 && y < 38) return [220, 30, 30, 128];
    if (x > 6 && x < 58 && y > 44 && y < 58) return [20, 160, 60, 77];
    return [0, 0, 0, 0];
  });

  it('keeps semi-transparent areas with their opacity over any background', () => {
    const doc = trace(img);
    const back = rasterise(doc, 4);
    expect(meanAbsDiff(img, back, WHITE)).toBeLessThan(3);
    expect(meanAbsDiff(img, back, DARK_BLUE)).toBeLessThan(3);
    const ops = doc.layers.map((l) => l.opacity ?? 1).sort();
    expect(ops[0]).toBeCloseTo(0.3, 1);
    expect(ops[1]).toBeCloseTo(0.5, 1);
    // Binary alpha stays exact: the background is absent, the disk opaque.
    expect(pixel(back, 1, 1)[3]).toBe(0);
    expect(pixel(back, 16, 20)[3]).toBe(255);
    expect(toSvg(doc)).toMatch(/fill-opacity="0?\.50\d*"/);
    expect(new TextDecoder().decode(toPdf(doc))).toMatch(/\/ca 0?\.50/);
    // EPS has no transparency: the card is painted as red over white.
    expect(toEps(doc)).toMatch(/0?\.9[23]\d* 0?\.5[56]\d* 0?\.5[56]\d* r newpath/);
  });
});
