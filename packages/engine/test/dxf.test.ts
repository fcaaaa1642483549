// DXF for cutters, read back by dxf-parser: real units, arcs as bulges, curves as SPLINEs on
// request, one cut line per shared boundary whatever the stacking, no page border unless
// asked, layers with true colours and distinct colour indices.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toDxf, trace, type VectorDoc, type WriteOptions } from '../src/index.js';
import { hex, makeImage } from './helpers.js';

const require = createRequire(import.meta.url);
const DxfParser = require('dxf-parser');
// ezdxf (Python), where installed, as a second and stricter reader.
const ezdxfPython = ['python3', '/usr/bin/python3'].find(
  (py) => spawnSync(py, ['-c', 'import ezdxf']).status === 0,
);

interface Vertex {
  x: number;
  y: number;
  bulge?: number;
}
interface Entity {
  type: string;
  layer: string;
  color?: number;
  shape?: boolean;
  vertices?: Vertex[];
  controlPoints?: Vertex[];
  knotValues?: number[];
}

function read(doc: VectorDoc, opts: WriteOptions = {}) {
  const parsed = new DxfParser().parseSync(toDxf(doc, opts));
  return {
    units: parsed.header.$INSUNITS as number,
    entities: parsed.entities as Entity[],
    layers: parsed.tables.layer.layers as Record<string, { colorIndex: number }>,
  };
}

/** Straight edges of the polylines and splines (a spline by its control polygon). */
function edges(entities: Entity[]): { entity: number; a: Vertex; b: Vertex }[] {
  return entities.flatMap((e, entity) => {
    const v = e.vertices ?? e.controlPoints ?? [];
    const n = e.shape ? v.length : v.length - 1;
    return Array.from({ length: Math.max(0, n) }, (_, i) => ({
      entity,
      a: v[i],
      b: v[(i + 1) % v.length],
    }));
  });
}

const red = hex('#dd2211'),
  blue = hex('#1133cc'),
  black = hex('#000000'),
  white = hex('#ffffff');
// 60 x 40 px split down the middle: red | blue.
const split = makeImage(60, 40, (x) => (x < 30 ? red : blue));

describe('DXF for cutters', () => {
  it('writes real units: $INSUNITS and coordinates in the print size', () => {
    const doc = trace(split, { stacking: 'cutout' });
    const cases: [WriteOptions, number, number][] = [
      [{ width: 120, units: 'mm' }, 4, 120 / 60], // 2 mm per px
      [{ width: 12, units: 'cm' }, 5, 12 / 60],
      [{ width: 6, units: 'in' }, 1, 6 / 60],
      [{ width: 432, units: 'pt' }, 1, 6 / 60], // 432 pt = 6 in
      [{}, 4, 25.4 / 96], // px: millimetres at 96 px per inch
    ];
    for (const [opts, code, perPx] of cases) {
      const { units, entities } = read(doc, { ...opts, dxfBackground: true });
      expect(units).toBe(code);
      const xs = edges(entities).flatMap(({ a, b }) => [a.x, b.x]);
      const ys = edges(entities).flatMap(({ a, b }) => [a.y, b.y]);
      expect(Math.max(...xs)).toBeCloseTo(60 * perPx, 3);
      expect(Math.max(...ys)).toBeCloseTo(40 * perPx, 3);
      expect(Math.min(...xs, ...ys)).toBeCloseTo(0, 3);
    }
  });

  it('writes one cut line per shared boundary, stacked or cutout, with or without background', () => {
    // Red | blue split at x = 30, framed in white: stacked, the first of the two extends under
    // the other, which used to give two cut lines 2 px apart.
    const framed = makeImage(60, 40, (x, y) =>
      x < 5 || x > 55 || y < 5 || y > 35 ? white : x < 30 ? red : blue,
    );
    for (const stacking of ['stacked', 'cutout'] as const)
      for (const dxfBackground of [false, true]) {
        const { entities } = read(trace(framed, { stacking }), {
          width: 60,
          units: 'mm',
          dxfBackground,
        });
        const near = edges(entities).filter(
          ({ a, b }) => Math.abs(a.x - b.x) < 0.05 && a.x > 20 && a.x < 40,
        );
        const what = `${stacking}, background ${dxfBackground}`;
        expect(new Set(near.map((e) => e.entity)).size, what).toBe(1);
        for (const { a } of near) expect(a.x, what).toBeCloseTo(30, 1);
        const length = near.reduce((sum, { a, b }) => sum + Math.abs(b.y - a.y), 0);
        expect(length, what).toBeCloseTo(30, 0);
      }
  });

  it('cuts no page border unless asked', () => {
    const img = makeImage(50, 40, (x, y) => (x > 15 && x < 35 && y > 10 && y < 30 ? black : white));
    const onBorder = (entities: Entity[]) =>
      edges(entities).filter(({ a, b }) =>
        [
          [a.x, b.x, 0],
          [a.x, b.x, 50],
          [a.y, b.y, 0],
          [a.y, b.y, 40],
        ].some(([p, q, at]) => Math.abs(p - at) < 1e-3 && Math.abs(q - at) < 1e-3),
      );
    for (const stacking of ['stacked', 'cutout'] as const) {
      const doc = trace(img, { stacking });
      const plain = read(doc, { width: 50, units: 'mm' });
      expect(onBorder(plain.entities)).toHaveLength(0);
      expect(plain.entities.map((e) => e.layer)).toEqual(['COLOR_000000']);
      expect(
        onBorder(read(doc, { width: 50, units: 'mm', dxfBackground: true }).entities),
      ).toHaveLength(4);
    }
  });

  it('writes arcs as bulges and curves as splines or polylines, by choice', () => {
    // A black disk of radius 20 px: the fit makes it circular arcs.
    const disk = makeImage(60, 60, (x, y) => ((x - 30) ** 2 + (y - 30) ** 2 < 400 ? black : white));
    const { entities } = read(trace(disk), { width: 60, units: 'mm' });
    expect(entities).toHaveLength(1);
    const [circle] = entities;
    expect(circle.type).toBe('LWPOLYLINE');
    expect(circle.shape).toBe(true);
    const bulged = edges(entities).filter(({ a }) => a.bulge);
    expect(bulged.length).toBeGreaterThanOrEqual(2);
    for (const { a, b } of bulged) {
      const sweep = 4 * Math.atan(Math.abs(a.bulge ?? 0));
      const radius = Math.hypot(b.x - a.x, b.y - a.y) / (2 * Math.sin(sweep / 2));
      expect(radius).toBeCloseTo(20, 0);
    }

    // An ellipse is cubic curves: SPLINEs on request (clamped cubic, knots = points + 4).
    const ellipse = trace(
      makeImage(80, 50, (x, y) =>
        ((x - 40) / 30) ** 2 + ((y - 25) / 15) ** 2 < 1 ? black : white,
      ),
    );
    const splines = read(ellipse, { dxfCurves: 'spline' }).entities;
    expect(splines.map((e) => e.type)).toEqual(['SPLINE']);
    const [s] = splines;
    expect(s.knotValues).toHaveLength((s.controlPoints ?? []).length + 4);
    const polyline = read(ellipse).entities;
    expect(polyline.map((e) => e.type)).toEqual(['LWPOLYLINE']);
    expect((polyline[0].vertices ?? []).length).toBeGreaterThan(40);
  });

  it('names layers by colour with true colours and distinct colour indices', () => {
    // A black ring with a white hole on red: the hole's cut is on the white layer.
    const img = makeImage(50, 40, (x, y) => {
      if (x > 10 && x < 40 && y > 5 && y < 35)
        return x > 18 && x < 32 && y > 13 && y < 27 ? white : black;
      return red;
    });
    const { entities, layers } = read(trace(img), { width: 50, units: 'mm', dxfBackground: true });
    expect(Object.keys(layers).sort()).toEqual(['COLOR_000000', 'COLOR_DD2211', 'COLOR_FFFFFF']);
    const aci = Object.values(layers).map((l) => l.colorIndex);
    expect(new Set(aci).size).toBe(3);
    expect(layers.COLOR_000000.colorIndex).not.toBe(layers.COLOR_FFFFFF.colorIndex);
    const colours = new Map(entities.map((e) => [e.layer, e.color]));
    expect(colours.get('COLOR_000000')).toBe(0x000000);
    expect(colours.get('COLOR_FFFFFF')).toBe(0xffffff);
    expect(colours.get('COLOR_DD2211')).toBe(0xdd2211);
  });

  it.skipIf(!ezdxfPython)('passes the audit of ezdxf with its units, layers and extents', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tracery-dxf-')), 'framed.dxf');
    const img = makeImage(60, 40, (x, y) =>
      x < 5 || x > 55 || y < 5 || y > 35 ? white : x < 30 ? red : blue,
    );
    for (const dxfCurves of ['polyline', 'spline'] as const) {
      writeFileSync(file, toDxf(trace(img), { width: 60, units: 'mm', dxfCurves }));
      const script = [
        'import ezdxf, json, sys',
        'from ezdxf import bbox',
        'doc = ezdxf.readfile(sys.argv[1])',
        'audit = doc.audit()',
        'box = bbox.extents(doc.modelspace())',
        'print(json.dumps({"units": doc.header.get("$INSUNITS"), "errors": len(audit.errors),',
        '  "layers": {l.dxf.name: l.dxf.get("true_color") for l in doc.layers if l.dxf.name.startswith("COLOR_")},',
        '  "box": [box.extmin.x, box.extmin.y, box.extmax.x, box.extmax.y]}))',
      ].join('\n');
      const run = spawnSync(ezdxfPython as string, ['-c', script, file], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const got = JSON.parse(run.stdout);
      expect(got.units).toBe(4);
      expect(got.errors).toBe(0);
      expect(got.layers).toEqual({ COLOR_DD2211: 0xdd2211, COLOR_1133CC: 0x1133cc });
      const [x0, y0, x1, y1] = got.box;
      expect([x0, y0, x1, y1].map((v: number) => Math.round(v))).toEqual([5, 5, 55, 35]);
    }
  });
});
