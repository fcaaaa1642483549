// Before/after page of the geometry suite's shapes at 8x: for each case, the input (nearest-
// neighbour upscaled), then engine A's and engine B's traces rendered by resvg, side by side.
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
  ['star', '1bit'],
  ['circle', '1bit'],
];
const tiles = [];
for (const [name, variant] of CASES) {
  const shape = shapes(S).find((s) => s.name === name);
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
