// Looks at a DXF the way a cutter would: `node bench/dxf-view.mjs <image> <out.png>
// [--stacking stacked|cutout] [--curves polyline|spline] [--background] [--scale 4]`.
// Traces the image, writes DXF, reads it back with dxf-parser and draws every entity (its own
// true colour, 1 px wide, open ends dotted) on grey beside the input, and prints the units
// and entity counts. Build the engine first (`npx tsc -b packages/engine`).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { toDxf, trace } from '@tracery/engine';

const require = createRequire(import.meta.url);
const DxfParser = require('dxf-parser');
const [input, output] = process.argv.slice(2);
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
if (!input || !output) throw new Error('usage: node bench/dxf-view.mjs <image> <out.png> [...]');
const scale = Number(arg('--scale') ?? 4);

const { data, info } = await sharp(readFileSync(input))
  .ensureAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const image = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
const doc = trace(image, { stacking: arg('--stacking') ?? 'stacked' });
const dxf = toDxf(doc, {
  dxfCurves: arg('--curves') ?? 'polyline',
  dxfBackground: process.argv.includes('--background'),
});
const parsed = new DxfParser().parseSync(dxf);

// DXF units (mm at 96 px/in for px input) back to input px, y down.
const k = 96 / 25.4;
const toPx = (p) => [p.x * k * scale, (image.height - p.y * k) * scale];
const hex = (c) => '#' + (c ?? 0).toString(16).padStart(6, '0');

/** Points along a bulge arc from a to b (bulge = tan(sweep / 4), positive counter-clockwise). */
function bulgePoints(a, b, bulge) {
  const theta = 4 * Math.atan(bulge);
  const chord = Math.hypot(b.x - a.x, b.y - a.y);
  const r = chord / (2 * Math.sin(Math.abs(theta) / 2));
  // The centre is on the left of a->b for a counter-clockwise arc below half a turn.
  const off = chord / 2 / Math.tan(theta / 2);
  const cx = (a.x + b.x) / 2 - (off * (b.y - a.y)) / chord,
    cy = (a.y + b.y) / 2 + (off * (b.x - a.x)) / chord;
  const a0 = Math.atan2(a.y - cy, a.x - cx);
  const pts = [];
  for (let i = 1; i <= 16; i++) {
    const t = a0 + (theta * i) / 16;
    pts.push({ x: cx + r * Math.cos(t), y: cy + r * Math.sin(t) });
  }
  return pts;
}

/** de Boor evaluation of a B-spline at many parameters. */
function splinePoints(e) {
  const p = e.degree ?? 3,
    U = e.knotValues,
    P = e.controlPoints;
  const pts = [];
  const steps = 24 * (P.length - 1);
  for (let i = 0; i <= steps; i++) {
    const u = U[p] + ((U[U.length - p - 1] - U[p]) * i) / steps;
    let s = p;
    while (s < P.length - 1 && u >= U[s + 1]) s++;
    const d = [];
    for (let j = 0; j <= p; j++) d.push({ ...P[s - p + j] });
    for (let r = 1; r <= p; r++)
      for (let j = p; j >= r; j--) {
        const i0 = s - p + j;
        const den = U[i0 + p - r + 1] - U[i0];
        const al = den === 0 ? 0 : (u - U[i0]) / den;
        d[j] = { x: (1 - al) * d[j - 1].x + al * d[j].x, y: (1 - al) * d[j - 1].y + al * d[j].y };
      }
    pts.push(d[p]);
  }
  return pts;
}

const counts = {};
const drawn = [];
for (const e of parsed.entities) {
  counts[e.type] = (counts[e.type] ?? 0) + 1;
  let pts = [];
  let closed = false;
  if (e.type === 'LWPOLYLINE') {
    const v = e.vertices;
    closed = e.shape;
    const n = closed ? v.length : v.length - 1;
    pts.push(v[0]);
    for (let i = 0; i < n; i++) {
      const a = v[i],
        b = v[(i + 1) % v.length];
      pts.push(...(a.bulge ? bulgePoints(a, b, a.bulge) : [b]));
    }
  } else if (e.type === 'SPLINE') {
    pts = splinePoints(e);
    const [a, b] = [pts[0], pts[pts.length - 1]];
    closed = Math.hypot(a.x - b.x, a.y - b.y) < 1e-6;
  }
  const d =
    pts.map((p, i) => `${i ? 'L' : 'M'}${toPx(p).join(' ')}`).join('') + (closed ? 'Z' : '');
  const colour = hex(e.color);
  drawn.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="1"/>`);
  if (!closed && pts.length)
    for (const p of [pts[0], pts[pts.length - 1]]) {
      const [x, y] = toPx(p);
      drawn.push(`<circle cx="${x}" cy="${y}" r="2.5" fill="none" stroke="#e0e"/>`);
    }
}

const W = image.width * scale,
  H = image.height * scale;
const png = await sharp(readFileSync(input)).png().toBuffer();
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W + 8}" height="${H}">
<rect width="100%" height="100%" fill="#999"/>
<image href="data:image/png;base64,${png.toString('base64')}" width="${W}" height="${H}" style="image-rendering:pixelated"/>
<g transform="translate(${W + 8} 0)">${drawn.join('')}</g></svg>`;
writeFileSync(output, new Resvg(svg).render().asPng());
console.log(
  `$INSUNITS ${parsed.header.$INSUNITS}, extents ${parsed.header.$EXTMAX.x} x ${parsed.header.$EXTMAX.y},`,
  `layers ${Object.keys(parsed.tables.layer.layers).join(' ')}, entities`,
  counts,
);
