// Centerline mode: strokes drawn anti-aliased in the test (round caps and joins, as line-art
// icons are drawn) come back as open stroked paths along their middle: every point of the
// output within 1 px of the true polylines and every point of the true polylines within 1 px
// of the output (so nothing is missing), one path per stroke, no spurs, the stroke's width.
import { describe, expect, it } from 'vitest';
import { trace, type Point, type VectorDoc } from '../src/index.js';
import { flatten } from '../src/writers/geometry.js';
import { makeImage, type Rgba } from './helpers.js';

type Polyline = Point[];

function distToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  const t = l2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
}

function distToLines(p: Point, lines: Polyline[]): number {
  let d = Infinity;
  for (const l of lines)
    for (let i = 1; i < l.length; i++) d = Math.min(d, distToSegment(p, l[i - 1], l[i]));
  return d;
}

/** Points every `step` px along polylines. */
function samples(lines: Polyline[], step = 0.25): Point[] {
  const out: Point[] = [];
  for (const l of lines) {
    out.push(l[0]);
    for (let i = 1; i < l.length; i++) {
      const a = l[i - 1],
        b = l[i];
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
      for (let k = 1; k <= n; k++)
        out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
    }
  }
  return out;
}

/** The anti-aliased drawing of the polylines as strokes of `width` px, black on white. */
function draw(w: number, h: number, lines: Polyline[], width: number) {
  return makeImage(w, h, (x, y): Rgba =>
    distToLines({ x, y }, lines) <= width / 2 ? [0, 0, 0, 255] : [255, 255, 255, 255],
  );
}

function paths(doc: VectorDoc): Polyline[] {
  return (doc.strokes ?? []).flatMap((s) =>
    s.paths.map((p) => {
      const pts = flatten(p, 0.02);
      return p.closed ? [...pts, pts[0]] : pts;
    }),
  );
}

/** Largest distance from the output to the truth and from the truth to the output. */
function hausdorff(out: Polyline[], truth: Polyline[]) {
  const fromOut = Math.max(...samples(out).map((p) => distToLines(p, truth)));
  const fromTruth = Math.max(...samples(truth).map((p) => distToLines(p, out)));
  return { fromOut, fromTruth };
}

/** A polyline from its points' [x, y]. */
const line = (...points: [number, number][]): Polyline => points.map(([x, y]) => ({ x, y }));

const CASES: { name: string; w: number; h: number; width: number; lines: Polyline[] }[] = [
  {
    name: 'zigzag',
    w: 76,
    h: 40,
    width: 3,
    lines: [line([8.3, 31.6], [22.1, 8.4], [37.7, 30.2], [51.2, 9.1], [67.6, 31.3])],
  },
  {
    name: 'T',
    w: 60,
    h: 60,
    width: 3,
    lines: [line([9.6, 10.3], [50.2, 10.3]), line([30.4, 10.3], [30.4, 50.7])],
  },
  {
    name: 'X',
    w: 60,
    h: 60,
    width: 4,
    lines: [line([10.2, 9.7], [49.6, 50.4]), line([49.1, 10.4], [10.6, 50.1])],
  },
  {
    name: 'A',
    w: 64,
    h: 64,
    width: 3.5,
    lines: [line([10.4, 55.2], [31.7, 8.6], [53.1, 55.4]), line([19.8, 36.3], [44.2, 36.3])],
  },
];

describe('centerline mode', () => {
  const T = CASES[1];

  it('traces light lines on a dark ground over a layer of the ground colour', () => {
    const img = makeImage(T.w, T.h, (x, y): Rgba =>
      distToLines({ x, y }, T.lines) <= T.width / 2 ? [255, 255, 255, 255] : [0, 0, 0, 255],
    );
    const doc = trace(img, { mode: 'centerline' });
    expect(doc.layers.map((l) => l.fill)).toEqual(['#000000']);
    expect(doc.strokes?.map((s) => s.stroke)).toEqual(['#ffffff']);
    const { fromOut, fromTruth } = hausdorff(paths(doc), T.lines);
    expect(Math.max(fromOut, fromTruth)).toBeLessThanOrEqual(1);
  });

  it('is never picked by auto', () => {
    const doc = trace(draw(T.w, T.h, T.lines, T.width));
    expect(doc.mode).not.toBe('centerline');
    expect(doc.strokes ?? []).toHaveLength(0);
  });

  for (const c of CASES) {
    it(`traces the ${c.name} as ${c.lines.length} open path(s) within 1 px of its strokes`, () => {
      const doc = trace(draw(c.w, c.h, c.lines, c.width), { mode: 'centerline' });
      expect(doc.mode).toBe('centerline');
      expect(doc.layers).toHaveLength(0);
      const out = paths(doc);
      expect(out).toHaveLength(c.lines.length);
      const { fromOut, fromTruth } = hausdorff(out, c.lines);
      expect(fromOut, 'output point far from the strokes').toBeLessThanOrEqual(1);
      expect(fromTruth, 'stroke point far from the output').toBeLessThanOrEqual(1);
      for (const s of doc.strokes ?? []) {
        expect(s.stroke).toBe('#000000');
        expect(Math.abs(s.width - c.width)).toBeLessThanOrEqual(0.5);
      }
    });
  }
});
