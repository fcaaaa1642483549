// Outlines under later-painted regions are straightened (hidden-runs.ts) without changing what
// shows: every pixel that no later region covers stays on its side of the region's outline.
import { describe, expect, it } from 'vitest';
import { trace, type RasterImage } from '../src/index.js';
import { toWorkImage } from '../src/image.js';
import { analyse } from '../src/analyse.js';
import { deriveParams } from '../src/params.js';
import { choosePalette } from '../src/palette.js';
import { assignLabels } from '../src/label.js';
import { segment, type Segmentation } from '../src/segment.js';
import { regionBoundaries } from '../src/boundaries.js';
import { straightenHidden } from '../src/hidden-runs.js';
import { Control } from '../src/abort.js';
import type { Point } from '../src/types.js';
import {
  hex,
  literalSegmentation,
  makeImage,
  meanAbsDiff,
  rasterise,
  type Rgba,
} from './helpers.js';

const WHITE = hex('#ffffff'),
  RED = hex('#d02020'),
  BLUE = hex('#2040c0'),
  GREEN = hex('#20a040'),
  YELLOW = hex('#e0c020'),
  PURPLE = hex('#8030a0');
const disc = (cx: number, cy: number, r: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const box = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
  x >= x0 && x < x1 && y >= y0 && y < y1;

/** Anti-aliased scenes, each painted from the last test that holds to the first. */
const SCENES: Record<string, RasterImage> = {
  // A rectangle, then a disc painted over its right side.
  'rectangle half under a disc': makeImage(40, 30, (x, y) =>
    disc(24, 15, 9)(x, y) ? BLUE : box(4.3, 4.3, 24.3, 25.7)(x, y) ? RED : WHITE,
  ),
  // A square whose border is under four later bars (of four colours, so each is a region of its
  // own, painted after the square) but for a corner: its outline runs under the bars nearly all
  // the way round, while its middle shows.
  'square framed by later bars': makeImage(30, 30, (x, y): Rgba => {
    const bars = [
      box(5.3, 5.3, 21.7, 9.3),
      box(5.3, 20.7, 24.7, 24.7),
      box(5.3, 9.3, 9.3, 20.7),
      box(20.7, 9.3, 24.7, 20.7),
    ];
    const bar = bars.findIndex((b) => b(x, y));
    if (bar >= 0) return [BLUE, GREEN, YELLOW, PURPLE][bar];
    return box(6.3, 6.3, 23.7, 23.7)(x, y) ? RED : WHITE;
  }),
  // A ring over a rectangle's right edge: in its hole the rectangle shows again.
  'rectangle under a ring': makeImage(40, 30, (x, y) =>
    disc(26, 15, 9)(x, y) && !disc(26, 15, 4)(x, y)
      ? BLUE
      : box(4.3, 4.3, 26.3, 25.7)(x, y)
        ? RED
        : WHITE,
  ),
};

/** The segmentation the trace makes of a drawing (no cleaning: these are clean). */
function segmentationOf(image: RasterImage): Segmentation {
  const ctl = new Control();
  const img = toWorkImage(image);
  const params = deriveParams({}, analyse(img, 'auto'), image);
  const pal = choosePalette(img, params.palette);
  const labels = assignLabels(img, pal.colours, params.labels, ctl, pal.alpha);
  return segment(img.width, img.height, labels, pal.colours, params.speckleAreaPx2, ctl);
}

const stacked = (straightenHidden: boolean) => ({
  stacked: true,
  stackingBandPx: 2,
  minLoopAreaPx2: 0,
  straightenHidden,
});

/** Even-odd inside test of point (x, y) against closed loops. */
function inside(loops: Point[][], x: number, y: number): boolean {
  let odd = false;
  for (const l of loops)
    for (let i = 0, j = l.length - 1; i < l.length; j = i++)
      if (
        l[i].y > y !== l[j].y > y &&
        x < ((l[j].x - l[i].x) * (y - l[i].y)) / (l[j].y - l[i].y) + l[i].x
      )
        odd = !odd;
  return odd;
}

describe('hidden runs', () => {
  for (const [name, image] of Object.entries(SCENES)) {
    it(`${name}: every pixel no later region covers keeps its side of each outline`, () => {
      const seg = segmentationOf(image);
      let changed = 0;
      for (let k = 1; k < seg.regions.length; k++) {
        const before = regionBoundaries(k, seg, stacked(false));
        const after = regionBoundaries(k, seg, stacked(true));
        if (JSON.stringify(after) !== JSON.stringify(before)) changed++;
        for (let p = 0; p < seg.regionOf.length; p++) {
          if (seg.regionOf[p] > k) continue; // painted over later
          const x = (p % seg.width) + 0.5,
            y = Math.floor(p / seg.width) + 0.5;
          expect(inside(after, x, y), `region ${k}, pixel (${x}, ${y})`).toBe(inside(before, x, y));
        }
      }
      // Something was straightened, so the check above had something to check.
      expect(changed).toBeGreaterThan(0);
    });
  }

  it('traces a rectangle half under a disc with one straight edge under the disc', () => {
    const image = SCENES['rectangle half under a disc'];
    const doc = trace(image);
    const red = doc.layers.find((l) => l.fill === '#d02020')!.shapes[0].subpaths[0];
    let prev = red.start,
      longest = 0;
    for (const s of red.segments) {
      if (s.type === 'L' && disc(24, 15, 8)(prev.x, prev.y) && disc(24, 15, 8)(s.x, s.y))
        longest = Math.max(longest, Math.hypot(s.x - prev.x, s.y - prev.y));
      prev = s;
    }
    expect(longest).toBeGreaterThan(12);
    // Its outline took 25 segments before it was straightened under the disc.
    expect(red.segments.length).toBeLessThanOrEqual(12);
    expect(meanAbsDiff(image, rasterise(doc))).toBeLessThan(2);
  });

  it('keeps a region whose outline shows at one sample only: the chord across is covered, the area it cuts off is not', () => {
    // Region 1 (a block in the middle) under region 2 (everything round it, painted later), with
    // region 0 (a strip on the left, painted first) beside: the outline, a circle round the block
    // under region 2, reaches out to the strip at one sample. The chord between that sample's
    // neighbours is deep under region 2, but what it would cut off holds the block.
    const rows = Array.from({ length: 24 }, (_, y) =>
      Array.from({ length: 24 }, (_, x) =>
        x < 2 ? '0' : x >= 10 && x < 14 && y >= 10 && y < 14 ? '1' : '2',
      ).join(''),
    );
    const seg = literalSegmentation(rows);
    const n = 60;
    const x = new Float64Array(n),
      y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a = Math.PI + (2 * Math.PI * i) / n;
      x[i] = 12 + 6.3 * Math.cos(a);
      y[i] = 12 + 6.3 * Math.sin(a);
    }
    x[0] = 1; // the sample that shows, over the strip
    const loops = { x, y, n: new Int32Array(n).fill(2), start: [0, n] };
    straightenHidden(loops, 1, seg);
    const loop = Array.from({ length: loops.start[1] }, (_, i) => ({ x: x[i], y: y[i] }));
    for (const [px, py] of [
      [10.5, 10.5],
      [13.5, 10.5],
      [10.5, 13.5],
      [13.5, 13.5],
    ])
      expect(inside([loop], px, py), `(${px}, ${py})`).toBe(true);
    // The hidden samples did move: onto fewer samples on chords round the block.
    expect(loop.length).toBeLessThan(n);
  });
});
