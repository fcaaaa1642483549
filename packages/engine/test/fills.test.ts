// Soft transparency and gradients: traced output is rasterised and compared with the input
// composited over backgrounds; never by bytes.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toEps, toPdf, toSvg, trace, type RasterImage, type VectorDoc } from '../src/index.js';
import { hexToRgb } from '../src/writers/geometry.js';
import {
  has,
  hex,
  makeImage,
  meanAbsDiff,
  pixel,
  rasterise,
  renderEps,
  renderPdf,
  type Rgba,
} from './helpers.js';

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

describe('soft transparency edges', () => {
  // A logo on nothing with a 35% drop shadow: a white diamond on a blue disk over a black
  // shadow disk.
  const shadowed = makeImage(96, 96, (x, y) => {
    if (Math.abs(x - 44) + Math.abs(y - 44) < 14) return WHITE;
    if (inDisk(x, y, 44, 44, 30)) return hex('#2a6fdb');
    if (inDisk(x, y, 49, 50, 30)) return [0, 0, 0, 89];
    return [0, 0, 0, 0];
  });
  // Pixels within 1.5 px of either circle: where jagged edges and seams show.
  const nearEdge = (x: number, y: number) =>
    [
      [44, 44],
      [49, 50],
    ].some(([cx, cy]) => Math.abs(Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - 30) < 1.5);
  /** Mean and worst error (0..255 per channel) over the edge band, composited on `bg`. */
  const edgeError = (a: RasterImage, b: RasterImage, bg: Rgba) => {
    let sum = 0,
      worst = 0,
      n = 0;
    for (let y = 0; y < a.height; y++)
      for (let x = 0; x < a.width; x++) {
        if (!nearEdge(x, y)) continue;
        const one = (img: RasterImage) => {
          const c = pixel(img, x, y);
          return [0, 1, 2].map((k) => (c[k] * c[3] + bg[k] * (255 - c[3])) / 255);
        };
        const [u, v] = [one(a), one(b)];
        const e = Math.max(...[0, 1, 2].map((k) => Math.abs(u[k] - v[k])));
        sum += e;
        worst = Math.max(worst, e);
        n++;
      }
    return { mean: sum / n, worst };
  };

  it('keeps a drop shadow smooth against nothing and under its shape, without a seam', () => {
    const doc = trace(shadowed);
    const back = rasterise(doc, 4);
    for (const bg of [WHITE, DARK_BLUE, [255, 200, 40, 255] as Rgba]) {
      const { mean, worst } = edgeError(shadowed, back, bg);
      // Without blends across soft alpha the edges were stair-stepped: means 9-15, worst 94-145.
      expect(mean).toBeLessThan(3);
      expect(worst).toBeLessThan(80);
    }
    // The shadow is painted first, the disk over it.
    expect(doc.layers.map((l) => l.opacity ?? 1)).toEqual([expect.closeTo(0.35, 2), 1, 1]);
  });
});

describe('gradients', () => {
  const mix = (a: number[], b: number[], t: number): Rgba => {
    const u = Math.max(0, Math.min(1, t));
    return [0, 1, 2].map((k) => a[k] + (b[k] - a[k]) * u).concat(255) as Rgba;
  };
  const gradientLayers = (doc: VectorDoc) => doc.layers.filter((l) => l.gradient);
  const segments = (doc: VectorDoc) =>
    doc.layers.reduce(
      (n, l) =>
        n + l.shapes.reduce((m, s) => m + s.subpaths.reduce((k, p) => k + p.segments.length, 0), 0),
      0,
    );

  // A diagonal yellow-to-blue square on white.
  const squareColour = (x: number, y: number) =>
    x > 10.3 && x < 69.6 && y > 10.3 && y < 69.6
      ? mix([250, 200, 40], [40, 20, 220], (x - 10 + (y - 10) * 0.5) / 90)
      : WHITE;
  const square = makeImage(80, 80, squareColour);
  // A disc lit from the upper left: radial ramp around an off-centre point.
  const disc = makeImage(80, 80, (x, y) =>
    inDisk(x, y, 40, 40, 30)
      ? mix([255, 240, 120], [50, 80, 20], Math.hypot(x - 32, y - 30) / 44)
      : WHITE,
  );

  // A ball lit off-centre, as SVG draws a radialGradient with a focal point: the circles of
  // equal colour grow from the highlight F = (24, 22) to the outer circle round (40, 40), r 32,
  // light to red to dark red.
  const ball = makeImage(80, 80, (x, y) => {
    if (!inDisk(x, y, 40, 40, 30)) return WHITE;
    // t solves |P - F - t (C - F)| = t r.
    const [px, py, dx, dy, r] = [x - 24, y - 22, 16, 18, 32];
    const a = r * r - dx * dx - dy * dy,
      pd = px * dx + py * dy;
    const t = (-pd + Math.sqrt(pd * pd + a * (px * px + py * py))) / a;
    return t < 0.5
      ? mix([255, 210, 160], [225, 60, 30], t / 0.5)
      : mix([225, 60, 30], [110, 15, 10], (t - 0.5) / 0.5);
  });

  // An oval shaded from its middle, as SVG draws a radialGradient stretched by a
  // gradientTransform: ellipses of equal colour round (40, 30), 34 px along 25 degrees and
  // 19 px across, green to dark blue.
  const oval = makeImage(80, 60, (x, y) => {
    const [c, s] = [Math.cos((25 * Math.PI) / 180), Math.sin((25 * Math.PI) / 180)];
    const [u, v] = [(x - 40) * c + (y - 30) * s, (y - 30) * c - (x - 40) * s];
    const t = Math.hypot(u / 34, v / 19);
    return t > 0.95 ? WHITE : mix([150, 230, 90], [20, 40, 120], t);
  });

  /** Traces `img` into one layer of one shape with a `type` gradient, drawn within tolerance. */
  function traceOneGradientShape(img: RasterImage, type: 'linear' | 'radial') {
    const doc = trace(img);
    const g = gradientLayers(doc);
    expect(g).toHaveLength(1);
    expect(g[0].gradient!.type).toBe(type);
    expect(g[0].shapes).toHaveLength(1);
    expect(meanAbsDiff(img, rasterise(doc, 4))).toBeLessThan(2.5);
    return doc;
  }

  it('in grayscale mode writes shades of grey only: fills, thin colours and ramps', () => {
    // The yellow-to-blue square with a 1-px red line across it, traced as 'Shades of grey'.
    const img = makeImage(80, 80, (x, y) =>
      Math.abs(y - 40) < 0.6 && x > 15 && x < 65 ? [230, 20, 10, 255] : squareColour(x, y),
    );
    const doc = trace(img, { mode: 'grayscale' });
    expect(gradientLayers(doc)).toHaveLength(1);
    const colours = [...toSvg(doc).matchAll(/(?:fill|stop-color)="#([0-9a-f]{3}|[0-9a-f]{6})"/g)];
    expect(colours.length).toBeGreaterThan(3);
    for (const [, c] of colours) {
      const [r, g, b] =
        c.length === 3 ? [...c].map((d) => d + d) : [0, 2, 4].map((i) => c.slice(i, i + 2));
      expect(r === g && g === b, `#${c}`).toBe(true);
    }
  });

  it('writes a linear ramp as one shape with a linearGradient, within tolerance', () => {
    const doc = traceOneGradientShape(square, 'linear');
    expect(segments(doc)).toBeLessThan(20);
    expect(toSvg(doc)).toMatch(
      /<linearGradient id="g0" gradientUnits="userSpaceOnUse"[^>]*><stop /,
    );
  });

  it('writes a radial ramp as one shape with a radialGradient, within tolerance', () => {
    const doc = traceOneGradientShape(disc, 'radial');
    expect(toSvg(doc)).toContain('<radialGradient id="g0"');
  });

  it('writes a ball lit off-centre as one radial ramp with a focal point, within tolerance', () => {
    // Concentric ramps only: three of them and bands of flat colour, mean error 1.6.
    const doc = traceOneGradientShape(ball, 'radial');
    expect(meanAbsDiff(ball, rasterise(doc, 4))).toBeLessThan(1.2);
    const g = gradientLayers(doc)[0].gradient!;
    expect(g.type === 'radial' && Math.hypot(g.fx! - 24, g.fy! - 22)).toBeLessThan(3);
    expect(toSvg(doc)).toMatch(/<radialGradient id="g0" [^>]* fx="[\d.]+" fy="[\d.]+">/);
  });

  it('writes an oval shaded from its middle as one elliptic radial ramp, within tolerance', () => {
    // Concentric ramps only: seven rings of flat colour, mean error 1.24.
    const doc = traceOneGradientShape(oval, 'radial');
    expect(meanAbsDiff(oval, rasterise(doc, 4))).toBeLessThan(0.9);
    const g = gradientLayers(doc)[0].gradient!;
    expect(g.type === 'radial' && g.ry !== undefined).toBe(true);
    if (g.type !== 'radial') return;
    expect(Math.abs(g.angle! - 25)).toBeLessThan(3);
    expect(g.r / g.ry!).toBeCloseTo(34 / 19, 1);
    expect(toSvg(doc)).toMatch(/<radialGradient id="g0" [^>]* gradientTransform="translate\(/);
  });

  it('keeps flat bands of close colours flat', () => {
    const bands = makeImage(80, 40, (x) =>
      x < 20 ? hex('#c03030') : x < 40 ? hex('#c05030') : x < 60 ? hex('#c07030') : hex('#c09030'),
    );
    const doc = trace(bands);
    expect(gradientLayers(doc)).toHaveLength(0);
    expect(doc.layers).toHaveLength(4);
  });

  const probes: [RasterImage, number[][]][] = [
    [
      square,
      [
        [15, 15],
        [40, 40],
        [64, 64],
        [64, 15],
      ],
    ],
    // The focal ramp: beside its highlight (the fitted stops round its tip off), its middle
    // ring and its dark side.
    [
      ball,
      [
        [27, 25],
        [40, 40],
        [55, 58],
        [22, 50],
      ],
    ],
    // The elliptic ramp: its middle, along its long axis and across it.
    [
      oval,
      [
        [40, 30],
        [62, 40],
        [34, 44],
      ],
    ],
  ];
  /** Each probe's pixel of the file `render` renders, against the input's. */
  function expectProbes(render: (doc: VectorDoc, dir: string) => RasterImage) {
    for (const [img, points] of probes) {
      const out = render(trace(img), mkdtempSync(join(tmpdir(), 'tracery-fills-')));
      for (const [x, y] of points) {
        const want = pixel(img, x, y);
        const got = pixel(out, x, y);
        for (let k = 0; k < 3; k++) expect(Math.abs(got[k] - want[k])).toBeLessThan(12);
      }
    }
  }
  // 96 dpi: one output pixel per input pixel (the page is 60 pt for 80 px).
  it.skipIf(!has('pdftoppm'))('paints the ramps in PDF as shadings (needs pdftoppm)', () =>
    expectProbes((doc, dir) => renderPdf(toPdf(doc), dir, 96)),
  );
  it.skipIf(!has('gs'))('paints the ramps in EPS as Level 3 shadings (needs ghostscript)', () =>
    expectProbes((doc, dir) => renderEps(toEps(doc), dir, 96)),
  );
  it.skipIf(!has('gs'))('paints them in their average colour where shfill is missing', () => {
    const doc = trace(ball);
    const layer = gradientLayers(doc)[0];
    // A Level 2 interpreter's view: the file asks for an operator that is not there.
    const eps = toEps(doc).replace('/shfill where', '/noshfill where');
    const out = renderEps(eps, mkdtempSync(join(tmpdir(), 'tracery-fills-')), 96);
    expect(toEps(doc)).toContain('%%LanguageLevel: 2');
    for (const [x, y] of [
      [40, 40],
      [27, 25],
      [55, 58],
    ])
      pixel(out, x, y)
        .slice(0, 3)
        .forEach((v, k) => expect(Math.abs(v - hexToRgb(layer.fill)[k])).toBeLessThanOrEqual(1));
  });
});
