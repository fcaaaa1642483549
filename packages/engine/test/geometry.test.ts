// The geometry suite's shapes (bench/lib/geometry.mjs, also run by `npm run bench`) traced by
// the engine: straight edges and sharp corners come out as such with near-minimal segment
// counts, and 1-bit (aliased) drawings come out smooth.
import { describe, expect, it } from 'vitest';
import {
  edgesAndCorners,
  maskFromRgba,
  outlineError,
  renderShape,
  SCALE,
  shapes,
  truthMask,
} from '../../../bench/lib/geometry.mjs';
import { trace, type Segment, type SubPath, type VectorDoc } from '../src/index.js';
import { normalise } from '../src/writers/geometry.js';
import { rasterise } from './helpers.js';

const shape = (name: string, size: number) => {
  const s = shapes(size).find((x) => x.name === name);
  if (!s) throw new Error(`no shape ${name}`);
  return s;
};

function traceShape(name: string, size: number, variant: 'aa' | '1bit') {
  const sh = shape(name, size);
  const doc = trace({ width: size, height: size, data: renderShape(sh, size, variant) });
  return { sh, doc };
}

/** The dark shape's subpaths (the white background is the canvas rectangle). */
function darkPaths(doc: VectorDoc): SubPath[] {
  return doc.layers
    .filter((l) => l.fill === '#000000')
    .flatMap((l) => l.shapes.flatMap((s) => s.subpaths));
}

function scaled(doc: VectorDoc, k: number): VectorDoc {
  const seg = (g: Segment): Segment =>
    g.type === 'C'
      ? { ...g, x1: g.x1 * k, y1: g.y1 * k, x2: g.x2 * k, y2: g.y2 * k, x: g.x * k, y: g.y * k }
      : g.type === 'A'
        ? { ...g, r: g.r * k, x: g.x * k, y: g.y * k }
        : { ...g, x: g.x * k, y: g.y * k };
  return {
    ...doc,
    width: doc.width * k,
    height: doc.height * k,
    layers: doc.layers.map((l) => ({
      ...l,
      shapes: l.shapes.map((s) => ({
        subpaths: s.subpaths.map((p) => ({
          start: { x: p.start.x * k, y: p.start.y * k },
          segments: p.segments.map(seg),
        })),
      })),
    })),
  };
}

/** Outline error (input px) of the traced document against the true shape. */
function error(name: string, size: number, doc: VectorDoc) {
  const W = size * SCALE;
  const img = rasterise(scaled(doc, SCALE), 1);
  return outlineError(truthMask(shape(name, size), size), maskFromRgba(img.data, W, W), size);
}

/** Direction changes (radians) where consecutive segments of a subpath meet (arcs as cubics). */
function joinTurns(sp: SubPath): number[] {
  const out: number[] = [];
  const segs = normalise(sp);
  let prev = sp.start;
  const dir = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.atan2(b.y - a.y, b.x - a.x);
  for (let i = 0; i < segs.length; i++) {
    const g = segs[i],
      next = segs[(i + 1) % segs.length];
    const tin = g.type === 'C' ? dir({ x: g.x2, y: g.y2 }, g) : dir(prev, g);
    const tout = next.type === 'C' ? dir(g, { x: next.x1, y: next.y1 }) : dir(g, next);
    let d = Math.abs(tout - tin);
    if (d > Math.PI) d = 2 * Math.PI - d;
    out.push(d);
    prev = g;
  }
  return out;
}

describe('geometry: straight edges and sharp corners', () => {
  it.each([
    ['rectangle', 4],
    ['rotated-rectangle', 4],
    ['triangle', 3],
    ['hexagon', 6],
    ['star', 10],
    ['letter-T', 8],
  ])('an anti-aliased %s is %i straight segments meeting at its corners', (name, n) => {
    const { sh, doc } = traceShape(name, 64, 'aa');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    expect(paths[0].segments).toHaveLength(n);
    expect(paths[0].segments.every((g) => g.type === 'L')).toBe(true);
    const ec = edgesAndCorners(sh, doc);
    expect(ec.straight).toBe(ec.edges);
    expect(ec.sharp).toBe(ec.corners);
    expect(error(name, 64, doc).p90).toBeLessThanOrEqual(0.5);
  });

  it('keeps the flat sides of a rounded rectangle straight and its corners round', () => {
    const { sh, doc } = traceShape('rounded-rectangle', 64, 'aa');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    const ec = edgesAndCorners(sh, doc);
    expect(ec.straight).toBe(4);
    // Four sides and four quarter arcs of the corners' radius.
    expect(paths[0].segments.map((g) => g.type).join('')).toMatch(/^(LA){4}$|^(AL){4}$/);
    for (const g of paths[0].segments) if (g.type === 'A') expect(g.r).toBeCloseTo(6.4, 0);
    expect(Math.max(...joinTurns(paths[0]))).toBeLessThan(0.2); // no sharp corner anywhere
    expect(error('rounded-rectangle', 64, doc).p90).toBeLessThanOrEqual(0.5);
  });

  it('traces an anti-aliased ellipse as an ellipse: four quarter cubics', () => {
    const { doc } = traceShape('ellipse', 64, 'aa');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    expect(paths[0].segments.map((g) => g.type)).toEqual(['C', 'C', 'C', 'C']);
    expect(Math.max(...joinTurns(paths[0]))).toBeLessThan(0.01);
    expect(error('ellipse', 64, doc).max).toBeLessThanOrEqual(0.25);
  });
});

describe('geometry: aliased (1-bit) drawings', () => {
  it('traces an anti-aliased circle as a circle (three arcs)', () => {
    const { doc } = traceShape('circle', 64, 'aa');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    expect(paths[0].segments.map((g) => g.type)).toEqual(['A', 'A', 'A']);
    const g = paths[0].segments[0];
    expect(g.type === 'A' && g.r).toBeCloseTo(0.36 * 64, 0);
    expect(error('circle', 64, doc).max).toBeLessThanOrEqual(0.25);
  });

  it('traces a 1-bit circle as a smooth closed curve of at most 8 segments', () => {
    const { doc } = traceShape('circle', 64, '1bit');
    expect(doc.mode).not.toBe('pixelart');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    expect(paths[0].segments.length).toBeLessThanOrEqual(8);
    expect(Math.max(...joinTurns(paths[0]))).toBeLessThan(0.2);
    expect(error('circle', 64, doc).max).toBeLessThanOrEqual(0.6);
  });

  it('keeps the straight edges and corners of a 1-bit hexagon', () => {
    const { sh, doc } = traceShape('hexagon', 64, '1bit');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(1);
    expect(paths[0].segments.length).toBeLessThanOrEqual(8);
    const ec = edgesAndCorners(sh, doc);
    expect(ec.sharp).toBe(6);
  });

  it('keeps a pixel-exact 8-px square of a 1-bit drawing square, beside a round circle', () => {
    const size = 48;
    const data = new Uint8ClampedArray(size * size * 4).fill(255);
    const on = (x: number, y: number) =>
      (x >= 4 && x < 12 && y >= 4 && y < 12) || (x + 0.5 - 30) ** 2 + (y + 0.5 - 28) ** 2 < 100;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (on(x, y)) data.set([0, 0, 0, 255], (y * size + x) * 4);
    const doc = trace({ width: size, height: size, data });
    expect(doc.mode).not.toBe('pixelart');
    const paths = darkPaths(doc);
    expect(paths).toHaveLength(2);
    const square = paths.find((p) => p.start.x < 16)!;
    const circle = paths.find((p) => p.start.x >= 16)!;
    // Four straight sides on the pixel edges (before: a circle, its corners 1.2 px off).
    const corners = [square.start, ...square.segments].map(
      (p) => `${p.x.toFixed(3)},${p.y.toFixed(3)}`,
    );
    expect(square.segments.every((g) => g.type === 'L')).toBe(true);
    expect(new Set(corners)).toEqual(
      new Set(
        [
          [4, 4],
          [12, 4],
          [12, 12],
          [4, 12],
        ].map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`),
      ),
    );
    // Its staircase still makes the circle smooth.
    expect(circle.segments.length).toBeLessThanOrEqual(8);
    expect(Math.max(...joinTurns(circle))).toBeLessThan(0.2);
  });

  it('keeps upscaled pixel art as hard pixel edges', () => {
    // A 2x-upscaled sprite: a plus sign of 2x2 blocks.
    const size = 16;
    const data = new Uint8ClampedArray(size * size * 4).fill(255);
    const on = (x: number, y: number) =>
      (x >= 6 && x < 10 && y >= 2 && y < 14) || (y >= 6 && y < 10 && x >= 2 && x < 14);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) if (on(x, y)) data.set([0, 0, 0, 255], (y * size + x) * 4);
    const doc = trace({ width: size, height: size, data });
    expect(doc.mode).toBe('pixelart');
    const paths = darkPaths(doc);
    expect(paths[0].segments).toHaveLength(12);
    for (const g of paths[0].segments) {
      expect(g.type).toBe('L');
      expect(Number.isInteger(g.x) && Number.isInteger(g.y)).toBe(true);
    }
  });
});
