// Shaded shapes drawn in code as SVG radial gradients that are not concentric circles: balls lit
// from one side (a focal point) and ovals shaded from their middle (a gradientTransform that
// stretches the circles), with a concentric ball beside them, clean and as JPEG (quality 80).
// Traced by two engine builds; per shape: SSIM against the drawing at 4x, SVG bytes, and the
// radial gradients written (focal, elliptic).
//
//   node bench/shaded-shapes.mjs DIST_BEFORE [DIST_AFTER]   (default after: packages/engine/dist)
import sharp from 'sharp';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { render, ssim } from './lib/metrics.mjs';

const [beforeDir, afterDir = 'packages/engine/dist'] = process.argv.slice(2);
if (!beforeDir) throw new Error('usage: node bench/shaded-shapes.mjs DIST_BEFORE [DIST_AFTER]');
const engines = await Promise.all(
  [beforeDir, afterDir].map((dir) => import(pathToFileURL(resolve(dir, 'index.js')).href)),
);

const RED = [
  [0, '#ffd0a0'],
  [0.5, '#e04020'],
  [1, '#701008'],
];
const GREEN = [
  [0, '#e8ffe0'],
  [1, '#206020'],
];
/** An SVG of w x h on white: `body` filled by a radial gradient with the given attributes. */
const drawing = (w, h, gradient, stops, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  `<defs><radialGradient id="g" gradientUnits="userSpaceOnUse" ${gradient}>` +
  stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('') +
  `</radialGradient></defs><rect width="${w}" height="${h}" fill="#fff"/>${body}</svg>`;
const SHAPES = {
  'red ball lit from the upper left, 160 px': drawing(
    160,
    120,
    'cx="80" cy="62" r="50" fx="62" fy="42"',
    RED,
    '<circle cx="80" cy="62" r="48" fill="url(#g)"/>',
  ),
  'green ball lit from the upper left, 200 px': drawing(
    200,
    200,
    'cx="100" cy="100" r="90" fx="70" fy="60"',
    GREEN,
    '<circle cx="100" cy="100" r="88" fill="url(#g)"/>',
  ),
  'red ball lit from the upper left, 64 px': drawing(
    64,
    64,
    'cx="32" cy="32" r="30" fx="24" fy="22"',
    RED,
    '<circle cx="32" cy="32" r="28" fill="url(#g)"/>',
  ),
  'rounded square lit off-centre': drawing(
    160,
    160,
    'cx="80" cy="80" r="90" fx="50" fy="60"',
    GREEN,
    '<rect x="20" y="20" width="120" height="120" rx="16" fill="url(#g)"/>',
  ),
  'oval shaded from its middle, turned 40 degrees': drawing(
    200,
    140,
    'cx="100" cy="70" r="80" gradientTransform="translate(100 70) rotate(20) scale(1 0.6) translate(-100 -70)"',
    RED,
    '<ellipse cx="100" cy="70" rx="76" ry="44" transform="rotate(20 100 70)" fill="url(#g)"/>',
  ),
  'oval shaded from its middle, level': drawing(
    200,
    140,
    'cx="100" cy="70" r="90" gradientTransform="translate(100 70) scale(1 0.58) translate(-100 -70)"',
    GREEN,
    '<ellipse cx="100" cy="70" rx="88" ry="50" fill="url(#g)"/>',
  ),
  'concentric ball (unchanged)': drawing(
    160,
    120,
    'cx="80" cy="62" r="50"',
    RED,
    '<circle cx="80" cy="62" r="48" fill="url(#g)"/>',
  ),
};

console.log(
  '| shape | input | ssim4x before | ssim4x after | bytes before | bytes after | radial gradients after (focal, elliptic) |',
);
console.log('|---|---|---:|---:|---:|---:|---|');
for (const [name, svg] of Object.entries(SHAPES)) {
  const w = Number(/width="(\d+)"/.exec(svg)[1]),
    h = Number(/height="(\d+)"/.exec(svg)[1]);
  const truth = render(svg, w * 4, h * 4);
  for (const jpeg of [false, true]) {
    let data = render(svg, w, h);
    if (jpeg) {
      const raw = { raw: { width: w, height: h, channels: 4 } };
      const file = await sharp(Buffer.from(data), raw).jpeg({ quality: 80 }).toBuffer();
      data = new Uint8Array(await sharp(file).ensureAlpha().raw().toBuffer());
    }
    const cells = engines.map((engine) => {
      const out = engine.toSvg(engine.trace({ width: w, height: h, data }));
      const radial = out.match(/<radialGradient[^>]*>/g) ?? [];
      return {
        ssim: ssim(render(out, w * 4, h * 4), truth, w * 4, h * 4).toFixed(4),
        bytes: out.length,
        radial: `${radial.length} (${radial.filter((g) => g.includes('fx=')).length}, ${radial.filter((g) => g.includes('gradientTransform')).length})`,
      };
    });
    const [a, b] = cells;
    console.log(
      `| ${name} | ${jpeg ? 'JPEG 80' : 'clean'} | ${a.ssim} | ${b.ssim} | ${a.bytes} | ${b.bytes} | ${b.radial} |`,
    );
  }
}
