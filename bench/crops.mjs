// Before/after page of the geometry suite's shapes at 8x: for each case, the input (nearest-
// neighbour upscaled), then engine A's and engine B's traces rendered by resvg, side by side.
// Cases: rectangle, letter T (stems), star, circle, 2-px stroke, 1-px hairline, and 1-bit
// (aliased) star, circle and letter E.
// node bench/crops.mjs <engine-A dist/index.js> <engine-B dist/index.js> <out.png>
import sharp from 'sharp';
import { renderShape, shapes } from './lib/geometry.mjs';
import { render } from './lib/metrics.mjs';

const [a, b, out] = process.argv.slice(2);
const engines = [await import(a), await import(b)];
const S = 48,
  K = 8;
const CASES = [
  ['rectangle', 'aa'],
  ['letter-T', 'aa'],
  ['star', 'aa'],
  ['circle', 'aa'],
  ['thin-stroke', 'aa'],
  ['hairline', 'aa'],
  ['star', '1bit'],
  ['circle', '1bit'],
  ['letter-E', '1bit'],
];
/** A 1-px anti-aliased line across the tile (not a suite shape: its outline is its width). */
const hairline = {
  name: 'hairline',
  inside: (x, y) => {
    const [ax, ay, bx, by] = [4, 40, 44, 10];
    const dx = bx - ax,
      dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - ax - t * dx, y - ay - t * dy) < 0.5;
  },
};
const tiles = [];
for (const [name, variant] of CASES) {
  const shape = name === 'hairline' ? hairline : shapes(S).find((s) => s.name === name);
  const rgba = renderShape(shape, S, variant);
  const input = await sharp(Buffer.from(rgba), { raw: { width: S, height: S, channels: 4 } })
    .resize(S * K, S * K, { kernel: 'nearest' })
    .png()
    .toBuffer();
  const row = [input];
  for (const e of engines) {
    const svg = e.toSvg(e.trace({ width: S, height: S, data: rgba }));
    const px = render(svg, S * K, S * K);
    row.push(
      await sharp(Buffer.from(px), { raw: { width: S * K, height: S * K, channels: 4 } })
        .png()
        .toBuffer(),
    );
  }
  tiles.push(row);
}
const T = S * K,
  gap = 8;
await sharp({
  create: {
    width: 3 * T + 4 * gap,
    height: CASES.length * (T + gap) + gap,
    channels: 4,
    background: '#7f7f7f',
  },
})
  .composite(
    tiles.flatMap((row, r) =>
      row.map((input, c) => ({ input, left: gap + c * (T + gap), top: gap + r * (T + gap) })),
    ),
  )
  .png()
  .toFile(out);
