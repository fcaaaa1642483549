// Nothing lost: thin dark text on a tiny logo, the parts of a 16x16 icon and a 1-px hairline
// survive palette reduction and segmentation.
import { describe, expect, it } from 'vitest';
import { trace, type VectorDoc } from '../src/index.js';
import { toWorkImage } from '../src/image.js';
import { buildPalette } from '../src/palette.js';
import { allFills, hex, makeImage, meanAbsDiff, pixel, rasterise, type Rgba } from './helpers.js';

const WHITE = hex('#ffffff'),
  BLACK = hex('#000000');

/** Distance from (px, py) to the segment a-b. */
function segDist(px: number, py: number, [ax, ay, bx, by]: number[]): number {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/** Colour a is within the palette's least distance (28 RGB levels) of colour b. */
const near = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 28;

/** Letters of straight strokes ("TRACE"), each stroke as [x0, y0, x1, y1], 8 px apart. */
function textStrokes(x0: number, top: number, bottom: number): number[][] {
  const mid = (top + bottom) / 2;
  const out: number[][] = [];
  const glyphs: Record<string, (x: number) => number[][]> = {
    T: (x) => [
      [x, top, x + 6, top],
      [x + 3, top, x + 3, bottom],
    ],
    R: (x) => [
      [x, top, x, bottom],
      [x, top, x + 5, top],
      [x + 5, top, x + 5, mid],
      [x + 5, mid, x, mid],
      [x + 2, mid, x + 5, bottom],
    ],
    A: (x) => [
      [x, bottom, x + 3, top],
      [x + 3, top, x + 6, bottom],
      [x + 1.5, mid + 1, x + 4.5, mid + 1],
    ],
    C: (x) => [
      [x + 6, top, x, top],
      [x, top, x, bottom],
      [x, bottom, x + 6, bottom],
    ],
    E: (x) => [
      [x + 6, top, x, top],
      [x, top, x, bottom],
      [x, bottom, x + 6, bottom],
      [x, mid, x + 4, mid],
    ],
  };
  [...'TRACE'].forEach((ch, i) => out.push(...glyphs[ch](x0 + i * 9)));
  return out;
}

function darkShapes(doc: VectorDoc) {
  return doc.layers.filter((l) => l.fill === '#000000').flatMap((l) => l.shapes);
}

describe('nothing lost', () => {
  it('keeps thin black text on a 96x22 logo', () => {
    // Strokes about 1.2 px wide: no pixel of them is flat black.
    const strokes = textStrokes(4, 5, 17);
    const img = makeImage(96, 22, (x, y) =>
      strokes.some((s) => segDist(x, y, s) < 0.6) ? BLACK : WHITE,
    );
    const doc = trace(img);
    expect(allFills(doc)).toEqual(['#000000', '#ffffff']);
    // Every letter is there: the stems' middles are dark in the rendering.
    const back = rasterise(doc);
    // Stems of T, R, C, E at x + 3, x, x, x (a 50/50 pixel pair: probe the darker of the two);
    // A's left leg crosses row 11 at x + 1.4.
    const probes: [number, number][] = [
      [4 + 3, 11],
      [13, 11],
      [4 + 18 + 1, 11],
      [31, 11],
      [40, 11],
    ];
    for (const [i, [x, y]] of probes.entries()) {
      const v = Math.min(pixel(back, x - 1, y)[0], pixel(back, x, y)[0]);
      expect(v, `letter ${'TRACE'[i]}`).toBeLessThan(160);
    }
    expect(darkShapes(doc).length).toBeGreaterThanOrEqual(5);
    expect(meanAbsDiff(img, back)).toBeLessThan(12);
  });

  it('keeps thin dark lettering when a lighter speck is farther from the palette', () => {
    // A flag's motto: black letters on a yellow scroll on navy, and a few pale cyan specks, the
    // colours farthest from the palette but too few to be a colour of their own.
    const navy = hex('#000066'),
      yellow = hex('#ffd614'),
      cyan = hex('#80ffff');
    const strokes = textStrokes(58, 42, 54);
    const specks = [
      [20, 20],
      [130, 16],
      [24, 80],
      [140, 84],
    ];
    const img = makeImage(160, 96, (x, y) => {
      if (specks.some(([sx, sy]) => Math.abs(x - sx) < 1 && Math.abs(y - sy) < 1)) return cyan;
      if (x < 40 || x > 120 || y < 36 || y > 60) return navy;
      return strokes.some((s) => segDist(x, y, s) < 0.6) ? BLACK : yellow;
    });
    const doc = trace(img);
    const dark = allFills(doc).filter((f) => Math.max(...hex(f).slice(0, 3)) <= 48);
    expect(dark).toHaveLength(1);
    // The letters are dark on the scroll: the stems of T, R, C and E (as in the 96x22 logo).
    const back = rasterise(doc);
    for (const [i, x] of [61, 67, 85, 94].entries()) {
      const v = Math.min(...[x - 1, x].map((px) => Math.max(...pixel(back, px, 48).slice(0, 3))));
      expect(v, `letter ${'TRCE'[i]}`).toBeLessThan(100);
    }
    expect(meanAbsDiff(img, back)).toBeLessThan(8);
  });

  it('keeps small dark brown dots on red, too few to vote and too light to be blackish', () => {
    // A pepperoni's dots: 3 px across, so no pixel of theirs is flat; their colour has a
    // channel at 0, so pushing their darkest pixel from red cannot make it darker than 75.
    const red = hex('#aa2323'),
      brown = hex('#4b1900');
    const discs = [
      [34, 40],
      [84, 76],
      [130, 42],
    ];
    const dots = discs.flatMap(([cx, cy]) =>
      [0, 1, 2, 3, 4, 5].map((k) => [cx + 13 * Math.cos(k + 0.5), cy + 13 * Math.sin(k + 0.5)]),
    );
    const img = makeImage(164, 120, (x, y) => {
      if (dots.some(([dx, dy]) => Math.hypot(x - dx, y - dy) < 1.7)) return brown;
      return discs.some(([cx, cy]) => Math.hypot(x - cx, y - cy) < 24) ? red : WHITE;
    });
    const doc = trace(img);
    const browns = allFills(doc).filter((f) => near(hex(f), brown));
    expect(browns).toHaveLength(1);
    const back = rasterise(doc);
    for (const [x, y] of dots)
      expect(Math.max(...pixel(back, Math.floor(x), Math.floor(y)).slice(0, 3))).toBeLessThan(120);
    expect(meanAbsDiff(img, back)).toBeLessThan(6);
  });

  it('keeps the 1-px red lines of a plaid, too few for a hue but all of their own colour', () => {
    // A cap's plaid: 1 % of the image is red lines on beige, under the 2 % that a hue of thin
    // lines needs, but those pixels are red themselves (no blend of their neighbours).
    const beige = hex('#ecddb3'),
      red = hex('#ff1700');
    // Anti-aliased, as a drawing is rendered: each line 1.3 px wide, a pixel of red and a
    // quarter-covered one beside it.
    const on = (v: number, at: number[]) => at.some((a) => v >= a && v < a + 1.3);
    const img = makeImage(200, 160, (x, y) => {
      if (x < 40.5 || x >= 160.5 || y < 40.5 || y >= 120.5) return WHITE;
      return on(y, [60, 100]) || on(x, [100]) ? red : beige;
    });
    const doc = trace(img);
    const reds = allFills(doc).filter((f) => near(hex(f), red));
    expect(reds).toHaveLength(1);
    // Also on a JPEG, where the most common colour of such pixels is not looked for.
    const options = { minDistanceRgb: 28, maxColours: 48, stableThresholdRgb: 10 };
    const noisy = buildPalette(toWorkImage(img), { ...options, noisyVotes: true });
    expect(noisy.filter((c) => near([c >> 16, (c >> 8) & 255, c & 255], red))).toHaveLength(1);
    const back = rasterise(doc);
    for (const [x, y] of [
      [50, 60],
      [140, 100],
      [100, 80],
    ])
      expect(pixel(back, x, y).slice(0, 3), `${x}, ${y}`).toEqual(hex(reds[0]).slice(0, 3));
  });

  it('keeps the thin grey outline of a small white shield on green beside red specks', () => {
    // A flag's emblem: the outline is the most common colour the palette cannot explain, but not
    // the most extreme one: four 1-px red specks are, too few to be a colour.
    const green = hex('#006129'),
      grey = hex('#a0a0a0');
    const specks = [
      [20, 20],
      [180, 20],
      [20, 140],
      [180, 140],
    ];
    const img = makeImage(200, 160, (x, y) => {
      if (specks.some(([sx, sy]) => Math.floor(x) === sx && Math.floor(y) === sy))
        return hex('#ff0000');
      const d = Math.max(Math.abs(x - 100) / 30, Math.abs(y - 80) / 40);
      if (d < 1) return Math.abs(d - 0.97) < 0.03 ? grey : WHITE;
      return green;
    });
    const greys = allFills(trace(img)).filter((f) => near(hex(f), grey));
    expect(greys).toHaveLength(1);
  });

  it('keeps the gold of six small stars, under 0.1 % of the image', () => {
    // A flag's stars, 4 px across, under a green band; a magenta speck is the extreme colour.
    // The most common colour that is no blend needs only 0.05 % of the image (at least 24 px).
    const gold = hex('#ffd700');
    const stars = [0, 1, 2, 3, 4, 5].map((k) => [85 + 14 * k, 40]);
    const img = makeImage(240, 160, (x, y) => {
      if (Math.floor(x) === 20 && Math.floor(y) === 140) return hex('#ff00ff');
      if (stars.some(([sx, sy]) => Math.hypot(x - sx, y - sy) < 1.9)) return gold;
      return y < 20 ? hex('#3e9a00') : WHITE;
    });
    const golds = allFills(trace(img)).filter((f) => near(hex(f), gold));
    expect(golds).toHaveLength(1);
  });

  it('keeps the gold of five tiny stars on a 96-px flag, far from any blend of its colours', () => {
    // A small flag's five-pointed stars, 5 px across: no pixel of gold with four gold
    // neighbours (none votes), and 10 pixels near gold in all, under the 24 a hue needs on a
    // 256-px image, over a green field with a white emblem. No blend of green and white comes
    // near gold. Drawn back, each star's middle is gold.
    const gold = hex('#ffd116');
    const stars = [
      [31, 25],
      [38, 20],
      [48, 17],
      [58, 20],
      [65, 25],
    ];
    const inStar = (x: number, y: number, [sx, sy]: number[]) => {
      const u = x - sx - 0.5,
        v = y - sy - 0.5;
      const a = (((Math.atan2(v, u) + Math.PI / 2) / ((2 * Math.PI) / 5)) % 1) + 1;
      const t = Math.abs((a % 1) - 0.5) * 2; // 1 at a point, 0 between two
      return Math.hypot(u, v) < 1 + 1.5 * t;
    };
    const img = makeImage(96, 72, (x, y) => {
      if (stars.some((s) => inStar(x, y, s))) return gold;
      if (
        Math.hypot((x - 48) / 16, (y - 40) / 8) < 1 ||
        (y > 52 && y < 54 && Math.abs(x - 48) < 16)
      )
        return WHITE;
      return hex('#00785e');
    });
    const golden = [...Array(96 * 72).keys()].filter((p) =>
      near([img.data[p * 4], img.data[p * 4 + 1], img.data[p * 4 + 2]], gold),
    );
    expect(golden.length).toBe(10);
    const doc = trace(img);
    expect(allFills(doc).filter((f) => near(hex(f), gold))).toHaveLength(1);
    const drawn = rasterise(doc);
    for (const [sx, sy] of stars) expect(near(pixel(drawn, sx, sy), gold)).toBe(true);
  });

  it('keeps the brown of a small shaded patch whose shades spread over several cells', () => {
    // A figure's hair on a flag's emblem: about 60 px of brown with a texture of +-14 levels,
    // no pixel stable enough to vote, and no cell of 16 levels holding 24 of them; a magenta
    // speck is the extreme colour.
    const brown = [150, 78, 5];
    const noise = (x: number, y: number, k: number) =>
      ((Math.floor(x) * 73 + Math.floor(y) * 151 + k * 37) % 29) - 14;
    const img = makeImage(240, 160, (x, y) => {
      if (Math.floor(x) === 20 && Math.floor(y) === 140) return hex('#ff00ff');
      if (Math.hypot(x - 120, y - 60) < 4.5)
        return [brown[0] + noise(x, y, 0), brown[1] + noise(x, y, 1) / 2, brown[2], 255];
      return y < 100 ? hex('#006129') : WHITE;
    });
    const doc = trace(img);
    const browns = allFills(doc).filter((f) => near(hex(f), brown));
    expect(browns).toHaveLength(1);
    expect(near(pixel(rasterise(doc), 120, 60), brown)).toBe(true);
  });

  it('keeps every part of a 16x16 icon', () => {
    const blue: Rgba = hex('#1e5adc'),
      red: Rgba = hex('#dc1e1e');
    const img = makeImage(
      16,
      16,
      (x, y) => {
        const dx = Math.max(Math.abs(x - 8) - 4, 0),
          dy = Math.max(Math.abs(y - 8) - 4, 0);
        if ((x - 12.5) ** 2 + (y - 12.5) ** 2 < 4) return red; // a small status dot
        const check =
          segDist(x, y, [4.5, 8.5, 7, 11]) < 0.9 || segDist(x, y, [7, 11, 11.5, 5]) < 0.9;
        if (dx * dx + dy * dy < 9) return check ? WHITE : blue;
        return WHITE;
      },
      8,
    );
    const doc = trace(img);
    const fills = allFills(doc);
    expect(fills).toHaveLength(3);
    expect(fills).toContain('#ffffff');
    const back = rasterise(doc, 4);
    // The dot stays red, the square blue, the check mark white inside the square.
    const [r, g, b] = pixel(back, 12, 12);
    expect(r).toBeGreaterThan(170);
    expect(Math.max(g, b)).toBeLessThan(90);
    expect(pixel(back, 9, 5)[2]).toBeGreaterThan(180);
    expect(pixel(back, 9, 5)[0]).toBeLessThan(90);
    expect(pixel(back, 7, 10)[0]).toBeGreaterThan(170); // on the check mark
    expect(meanAbsDiff(img, back)).toBeLessThan(14);
  });

  it('keeps the width of a line thinner than a pixel', () => {
    // A black bar and, beside it, a line 0.7 px wide rising 1 px over 40: where it runs inside
    // one pixel row, that row is 70 % black and the rows beside it white.
    const line = [4, 30.5, 44, 29.5];
    const img = makeImage(
      48,
      40,
      (x, y) =>
        segDist(x, y, line) < 0.35 || (x > 4 && x < 44 && y > 6 && y < 12) ? BLACK : WHITE,
      16,
    );
    const back = rasterise(trace(img), 8);
    // The traced line's width: the darkness summed down each column across it.
    const widths: number[] = [];
    for (let x = 8; x < 40; x++) {
      let dark = 0;
      for (let y = 24; y < 36; y++) dark += (255 - pixel(back, x, y)[0]) / 255;
      widths.push(dark);
    }
    // Unbroken, and about as wide as drawn (before: 0.25 px wide on most columns, 0 on one).
    expect(Math.min(...widths)).toBeGreaterThan(0.4);
    const mean = widths.reduce((a, b) => a + b, 0) / widths.length;
    expect(mean).toBeGreaterThan(0.5);
    expect(mean).toBeLessThan(0.85);
  });

  it('keeps the colour and the whole of a hairline ring and line on a 48-px icon', () => {
    // Black, red and blue shapes; a black ring 0.6 px wide and a black line 0.8 px wide across
    // the blue triangle. No pixel of ring or line is black: they are greys, some nearer the
    // blue than the black or the white (the ring was traced blue, in beads).
    const ring = (x: number, y: number) => Math.abs(Math.hypot(x - 32, y - 14) - 9) < 0.3;
    const line = [4, 44, 44, 26];
    const triangle = (x: number, y: number) => y > 30 && y < 40 && Math.abs(x - 25) < (40 - y) / 2;
    const img = makeImage(
      48,
      48,
      (x, y) => {
        if (ring(x, y) || segDist(x, y, line) < 0.4) return BLACK;
        if (x > 4 && x < 12 && y > 4 && y < 12) return BLACK;
        if (x > 4 && x < 16 && y > 20 && y < 26) return hex('#cc0000');
        return triangle(x, y) ? hex('#0066cc') : WHITE;
      },
      16,
    );
    const doc = trace(img);
    // The ring is one black shape (before: four pieces, or eight blue ones).
    const box = (sp: VectorDoc['layers'][number]['shapes'][number]['subpaths'][number]) => {
      const xs = [sp.start.x, ...sp.segments.map((s) => s.x)];
      const ys = [sp.start.y, ...sp.segments.map((s) => s.y)];
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(Math.round);
    };
    const inRing = darkShapes(doc).filter((s) => {
      const [x0, y0, x1, y1] = box(s.subpaths[0]);
      return x0 >= 22 && y0 >= 4 && x1 <= 42 && y1 <= 24;
    });
    expect(inRing.map((s) => box(s.subpaths[0]))).toEqual([[23, 5, 41, 23]]);
    // Drawn back, every 5 degrees round the ring and every pixel along the line away from
    // the triangle, the darkest pixel across it is darkened and grey (no hue).
    const back = rasterise(doc, 8);
    const darkestAcross = (x: number, y: number, nx: number, ny: number) => {
      let best: Rgba = WHITE;
      for (let d = -1; d <= 1; d += 0.25) {
        const c = pixel(back, Math.floor(x + d * nx), Math.floor(y + d * ny));
        if (c[0] + c[1] + c[2] < best[0] + best[1] + best[2]) best = c;
      }
      return best;
    };
    const probes: Rgba[] = [];
    for (let a = 0; a < 360; a += 5) {
      const [nx, ny] = [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)];
      probes.push(darkestAcross(32 + 9 * nx, 14 + 9 * ny, nx, ny));
    }
    const [ax, ay, bx, by] = line;
    const len = Math.hypot(bx - ax, by - ay);
    for (let t = 1; t < len - 1; t++) {
      const [x, y] = [ax + ((bx - ax) * t) / len, ay + ((by - ay) * t) / len];
      if (x < 19 || x > 31) probes.push(darkestAcross(x, y, (ay - by) / len, (bx - ax) / len));
    }
    // A pixel of the input's ring or line is at most 175 (0.3 black).
    for (const c of probes) {
      expect(Math.max(c[0], c[1], c[2])).toBeLessThan(200);
      expect(Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2])).toBeLessThan(30);
    }
  });

  it('keeps a 1-px hairline as one continuous shape', () => {
    const line = [6, 44, 58, 9];
    const img = makeImage(64, 52, (x, y) => (segDist(x, y, line) < 0.5 ? BLACK : WHITE), 8);
    const doc = trace(img);
    const dark = darkShapes(doc);
    expect(dark).toHaveLength(1);
    expect(dark[0].subpaths).toHaveLength(1);
    // It spans the whole line.
    const sp = dark[0].subpaths[0];
    const xs = [sp.start.x, ...sp.segments.map((s) => s.x)];
    expect(Math.min(...xs)).toBeLessThan(8);
    expect(Math.max(...xs)).toBeGreaterThan(56);
  });
});
