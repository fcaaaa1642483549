// Writer validity: SVG is well-formed standalone XML, PDF renders through pdftoppm, EPS
// through Ghostscript, DXF reads back through dxf-parser; sizes and units are honoured.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { toDxf, toEps, toPdf, toSvg, trace, type VectorDoc } from '../src/index.js';
import { fmt } from '../src/writers/number.js';
import { has, hex, makeImage, renderEps, renderPdf, rgbAt } from './helpers.js';

const require = createRequire(import.meta.url);
const hasPdftoppm = has('pdftoppm');
const hasGs = has('gs');

// 40x30: white background, a red disk on the left, a black square with a hole on the right.
const img = makeImage(40, 30, (x, y) => {
  if ((x - 12) ** 2 + (y - 15) ** 2 < 64) return hex('#dd2211');
  if (x > 22 && x < 36 && y > 8 && y < 22 && !(x > 26 && x < 32 && y > 12 && y < 18))
    return hex('#000000');
  return hex('#ffffff');
});
const doc: VectorDoc = trace(img);
const dir = mkdtempSync(join(tmpdir(), 'tracery-writers-'));

describe('number formatting', () => {
  it('prints the rounded value with no trailing zeros and no leading 0', () => {
    const cases: [number, number, string][] = [
      [0, 2, '0'],
      [-0.004, 2, '0'],
      [0.5, 0, '1'],
      [-0.5, 0, '0'],
      [12.5, 1, '12.5'],
      [12.04, 1, '12'],
      [0.25, 2, '.25'],
      [-0.25, 2, '-.25'],
      [-3.05, 2, '-3.05'],
      [7.1, 3, '7.1'],
      [0.0051, 2, '.01'],
      [-1234567.891, 2, '-1234567.89'],
    ];
    for (const [v, precision, text] of cases) expect(fmt(v, precision), `${v}`).toBe(text);
  });

  it('prints the same text from its table of common numbers as it computes beyond it', () => {
    // toFixed of the rounded value, trimmed: what fmt prints by definition.
    const byToFixed = (v: number, p: number) => {
      const s = (Math.round(v * 10 ** p) / 10 ** p).toFixed(p);
      const t = p > 0 ? s.replace(/\.?0+$/, '') : s;
      const u = t.replace(/^(-?)0\./, '$1.');
      return u === '-0' ? '0' : u;
    };
    for (let p = 0; p <= 4; p++)
      for (let n = -5000; n <= 5000; n += 7)
        for (const v of [n / 10 ** p, (n + 0.3) / 10 ** p]) {
          const want = byToFixed(v, p);
          expect(fmt(v, p), `${v} at ${p}`).toBe(want);
          expect(fmt(v, p), `${v} at ${p}, again`).toBe(want);
        }
  });
});

describe('SVG writer', () => {
  it('writes well-formed standalone SVG with a viewBox in input pixels', () => {
    const svg = toSvg(doc);
    const { SaxesParser } = require('saxes');
    const parser = new SaxesParser({ xmlns: true });
    const tags: string[] = [];
    parser.on('opentag', (t: { name: string }) => tags.push(t.name));
    parser.write(svg).close(); // throws on malformed XML
    expect(tags[0]).toBe('svg');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 40 30"');
    expect(svg).not.toMatch(/<script|href=|url\(/i);
    expect(svg).toMatch(/fill="#d21"|fill="#dd2211"/);
  });
  it('honours print size and units', () => {
    const svg = toSvg(doc, { width: 100, units: 'mm' });
    expect(svg).toContain('width="100mm"');
    expect(svg).toContain('height="75mm"');
    expect(toSvg(doc, { precision: 0 })).not.toMatch(/\d\.\d/);
  });
});

describe('PDF writer', () => {
  const pdf = toPdf(doc);
  it('has a correct structure and xref', () => {
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 30 22.5]');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    offsets.forEach((o, i) =>
      expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`),
    );
  });
  it.skipIf(!hasPdftoppm)(
    'renders through pdftoppm with the right colours (needs poppler-utils pdftoppm)',
    () => {
      const ppm = renderPdf(pdf, dir, 96);
      expect(ppm.width).toBe(40);
      expect(rgbAt(ppm, 12, 15)).toEqual([0xdd, 0x22, 0x11]);
      expect(rgbAt(ppm, 24, 10)).toEqual([0, 0, 0]);
      expect(rgbAt(ppm, 29, 15)).toEqual([255, 255, 255]); // the hole
    },
  );
});

describe('EPS writer', () => {
  const eps = toEps(doc, { width: 40, units: 'pt' });
  it('declares EPSF-3.0 and a real bounding box', () => {
    expect(eps.startsWith('%!PS-Adobe-3.0 EPSF-3.0')).toBe(true);
    expect(eps).toMatch(/%%BoundingBox: 0 0 40 30/);
  });
  it.skipIf(!hasGs)('renders through Ghostscript (needs ghostscript gs)', () => {
    const ppm = renderEps(eps, dir, 72);
    expect(ppm.width).toBe(40);
    expect(rgbAt(ppm, 12, 15)).toEqual([0xdd, 0x22, 0x11]);
    expect(rgbAt(ppm, 29, 15)).toEqual([255, 255, 255]);
  });
});

describe('DXF writer', () => {
  it('reads back through dxf-parser as closed polylines on colour layers', () => {
    const DxfParser = require('dxf-parser');
    const parsed = new DxfParser().parseSync(toDxf(doc, { units: 'mm' }));
    expect(parsed.header.$INSUNITS).toBe(4);
    const layers = Object.keys(parsed.tables.layer.layers);
    // The white background is not cut; the square's hole is, on the white layer.
    expect(layers).toEqual(
      expect.arrayContaining(['COLOR_000000', 'COLOR_DD2211', 'COLOR_FFFFFF']),
    );
    const polys = parsed.entities.filter((e: { type: string }) => e.type === 'LWPOLYLINE');
    expect(polys.length).toBeGreaterThanOrEqual(3);
    for (const p of polys) expect(p.shape).toBe(true);
    const ys = polys.flatMap((p: { vertices: { y: number }[] }) => p.vertices.map((v) => v.y));
    expect(Math.max(...ys)).toBeLessThan((30 * 25.4) / 96);
    expect(Math.min(...ys)).toBeGreaterThan(0);
  });
});
