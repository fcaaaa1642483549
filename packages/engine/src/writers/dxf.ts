/**
 * DXF writer (R12, ASCII): one layer per fill colour (named after it, with the nearest
 * AutoCAD colour index), each subpath a closed POLYLINE of flattened vertices, y pointing
 * up as CAD expects, coordinates in the requested units (px by default).
 */
import type { VectorDoc, WriteOptions } from '../types.js';
import { flatten, hexToRgb, pageSize } from './geometry.js';

const ACI: [number, number, number, number][] = [
  [1, 255, 0, 0],
  [2, 255, 255, 0],
  [3, 0, 255, 0],
  [4, 0, 255, 255],
  [5, 0, 0, 255],
  [6, 255, 0, 255],
  [7, 0, 0, 0],
  [8, 128, 128, 128],
  [9, 192, 192, 192],
  [7, 255, 255, 255],
];

function nearestAci(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  let best = 7,
    bd = Infinity;
  for (const [i, ar, ag, ab] of ACI) {
    const d = (r - ar) ** 2 + (g - ag) ** 2 + (b - ab) ** 2;
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return best;
}

export function toDxf(doc: VectorDoc, opts: WriteOptions = {}): string {
  const { w, h } = pageSize(doc, opts);
  const sx = w / doc.width,
    sy = h / doc.height;
  const prec = opts.precision ?? 3;
  const out: string[] = [];
  const g = (code: number, value: string | number) => out.push(String(code), String(value));
  const layerName = (fill: string) => 'COLOR_' + fill.slice(1).toUpperCase();
  const names = [...new Set(doc.layers.map((l) => l.fill))];
  g(0, 'SECTION');
  g(2, 'HEADER');
  g(9, '$ACADVER');
  g(1, 'AC1009');
  g(9, '$EXTMIN');
  g(10, 0);
  g(20, 0);
  g(30, 0);
  g(9, '$EXTMAX');
  g(10, w.toFixed(prec));
  g(20, h.toFixed(prec));
  g(30, 0);
  g(0, 'ENDSEC');
  g(0, 'SECTION');
  g(2, 'TABLES');
  g(0, 'TABLE');
  g(2, 'LAYER');
  g(70, names.length);
  for (const name of names) {
    g(0, 'LAYER');
    g(2, layerName(name));
    g(70, 0);
    g(62, nearestAci(name));
    g(6, 'CONTINUOUS');
  }
  g(0, 'ENDTAB');
  g(0, 'ENDSEC');
  g(0, 'SECTION');
  g(2, 'ENTITIES');
  for (const layer of doc.layers) {
    const ln = layerName(layer.fill);
    for (const shape of layer.shapes) {
      for (const sp of shape.subpaths) {
        const pts = flatten(sp, 0.2);
        if (pts.length < 2) continue;
        g(0, 'POLYLINE');
        g(8, ln);
        g(66, 1);
        g(10, 0);
        g(20, 0);
        g(30, 0);
        g(70, 1);
        for (const p of pts) {
          g(0, 'VERTEX');
          g(8, ln);
          g(10, (p.x * sx).toFixed(prec));
          g(20, ((doc.height - p.y) * sy).toFixed(prec));
          g(30, 0);
        }
        g(0, 'SEQEND');
        g(8, ln);
      }
    }
  }
  g(0, 'ENDSEC');
  g(0, 'EOF');
  return out.join('\n') + '\n';
}
