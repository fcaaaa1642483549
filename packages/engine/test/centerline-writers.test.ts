// Centerline output in every format: open stroked paths (no fill, round caps and joins), drawn
// by the real renderers (pdftoppm, Ghostscript) and read back by dxf-parser as open polylines;
// the SVG's geometry is drawn as what its stroke means (every point within half the width of
// the path) and compared with the input.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { toDxf, toEps, toPdf, toSvg, trace, type Point } from '../src/index.js';
import { flatten } from '../src/writers/geometry.js';
import { has, makeImage, meanAbsDiff, readPpm, type Rgba } from './helpers.js';

const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'tracery-centerline-'));

function distToPolyline(p: Point, l: Point[]): number {
  let d = Infinity;
  for (let i = 1; i < l.length; i++) {
    const a = l[i - 1],
      b = l[i];
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const l2 = dx * dx + dy * dy;
    const t = l2 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0;
    d = Math.min(d, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  }
  return d;
}

const strokes = (lines: Point[][], width: number) => (x: number, y: number) =>
  lines.some((l) => distToPolyline({ x, y }, l) <= width / 2);
const ink = (inside: boolean): Rgba => (inside ? [0, 0, 0, 255] : [255, 255, 255, 255]);

// An 'L' and a separate bar: two open strokes, 3 px wide.
const LINES = [
  [
    { x: 8.5, y: 6.2 },
    { x: 8.5, y: 30.4 },
    { x: 26.3, y: 30.4 },
  ],
  [
    { x: 16.2, y: 8.7 },
    { x: 33.6, y: 20.1 },
  ],
];
const input = makeImage(40, 36, (x, y) => ink(strokes(LINES, 3)(x, y)));
const doc = trace(input, { mode: 'centerline' });
const paths = (doc.strokes ?? []).flatMap((s) => s.paths.map((p) => ({ p, width: s.width })));

describe('centerline writers', () => {
  it('traces two open strokes', () => {
    expect(paths).toHaveLength(2);
    expect(paths.every(({ p }) => !p.closed)).toBe(true);
  });

  it('SVG: unfilled round-capped strokes, open paths, drawn like the input', () => {
    const svg = toSvg(doc);
    expect(svg).toMatch(
      /<path fill="none" stroke="#000" stroke-width="3(\.\d+)?" stroke-linecap="round" stroke-linejoin="round" d="M[^"z]+"\/>/,
    );
    // What the SVG means: ink within half the stroke width of a path (round caps and joins).
    const lines = paths.map(({ p }) => flatten(p, 0.05));
    const width = paths[0].width;
    const drawn = makeImage(40, 36, (x, y) => ink(strokes(lines, width)(x, y)));
    expect(meanAbsDiff(drawn, input)).toBeLessThan(4);
  });

  it.skipIf(!has('pdftoppm'))('PDF: stroked with S, renders like the input (pdftoppm)', () => {
    const pdf = toPdf(doc);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toMatch(/ w 1 J 1 j\n/);
    expect(text).toMatch(/ l\nS\nQ/);
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '96', '-singlefile', join(dir, 'c.pdf'), join(dir, 'pdf')]);
    const page = readPpm(readFileSync(join(dir, 'pdf.ppm')));
    expect(page.width).toBe(40);
    expect(meanAbsDiff(page, input)).toBeLessThan(6);
  });

  it.skipIf(!has('gs'))(
    'EPS: stroked with round caps, renders like the input (Ghostscript)',
    () => {
      const eps = toEps(doc);
      expect(eps).toMatch(/setlinewidth 1 setlinecap 1 setlinejoin newpath\n.* l\nstroke/);
      writeFileSync(join(dir, 'c.eps'), eps);
      execFileSync('gs', [
        ...['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dEPSCrop', '-sDEVICE=ppmraw', '-r96'],
        ...['-dGraphicsAlphaBits=4', `-sOutputFile=${join(dir, 'eps.ppm')}`, join(dir, 'c.eps')],
      ]);
      const page = readPpm(readFileSync(join(dir, 'eps.ppm')));
      expect(page.width).toBe(40);
      expect(meanAbsDiff(page, input)).toBeLessThan(8);
    },
  );

  it('DXF: open polylines, one per stroke, that read back through dxf-parser', () => {
    const DxfParser = require('dxf-parser');
    const parsed = new DxfParser().parseSync(toDxf(doc));
    const polys = parsed.entities.filter((e: { type: string }) => e.type === 'LWPOLYLINE');
    expect(polys).toHaveLength(2);
    for (const p of polys) {
      expect(p.shape).toBe(false);
      expect(p.layer).toBe('COLOR_000000');
    }
    // The L's corner, y up, in mm (px are written at 96 per inch): (8.5, 36 - 30.4) px.
    const mm = 25.4 / 96;
    const near = polys.some((p: { vertices: Point[] }) =>
      p.vertices.some((v) => Math.hypot(v.x / mm - 8.5, v.y / mm - 5.6) < 1),
    );
    expect(near).toBe(true);
  });
});
