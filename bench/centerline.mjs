// Centerline mode on the DEV line art (../shared/bench, or --data DIR): each input traced with
// mode 'centerline' and, beside it, potrace's filled outlines (the potrace CLI on the luma < 128
// threshold; --potrace PATH when it is not on PATH). Per item and as medians: drawing segments
// and path elements, and how well each SVG redraws the original drawing: IoU of the ink
// (luma < 128) against the input raster at 1x and against the ground-truth SVG at 4x, and SSIM
// against the ground truth at 4x. --png DIR writes input | centerline | potrace sheets (2x).
// Build the engine first (`npx tsc -b packages/engine`).
// node bench/centerline.mjs [--data DIR] [--variant clean] [--potrace PATH] [--png DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { toSvg, trace } from '../packages/engine/dist/index.js';
import { countSvgSegments, toPbm } from './lib/engines.mjs';
import { median, render, ssim } from './lib/metrics.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const data = arg('--data', fileURLToPath(new URL('../../shared/bench/data', import.meta.url)));
const variant = arg('--variant', 'clean');
const potrace = arg('--potrace', process.env.POTRACE ?? 'potrace');
const pngDir = arg('--png');
const manifest = JSON.parse(readFileSync(join(data, 'manifest.json'), 'utf8'));
const items = manifest.entries.filter((e) => e.category === 'lineart' && e.variant === variant);
const tmp = mkdtempSync(join(tmpdir(), 'tracery-centerline-'));

function potraceSvg(input) {
  writeFileSync(join(tmp, 'in.pbm'), toPbm(input));
  execFileSync(potrace, ['-s', '-o', join(tmp, 'out.svg'), join(tmp, 'in.pbm')]);
  return readFileSync(join(tmp, 'out.svg'), 'utf8');
}

/** Intersection over union of the dark (luma < 128) pixels of two RGBA buffers. */
function iou(a, b) {
  let inter = 0,
    union = 0;
  for (let i = 0; i < a.length; i += 4) {
    const da = 0.299 * a[i] + 0.587 * a[i + 1] + 0.114 * a[i + 2] < 128;
    const db = 0.299 * b[i] + 0.587 * b[i + 1] + 0.114 * b[i + 2] < 128;
    if (da && db) inter++;
    if (da || db) union++;
  }
  return union ? inter / union : 1;
}

const elements = (svg) => (svg.match(/<path\b/g) ?? []).length;
const rows = [];
for (const it of items) {
  const { data: raw, info } = await sharp(join(data, it.input))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const input = { width: info.width, height: info.height, rgba: new Uint8Array(raw) };
  const t = performance.now();
  const doc = trace(
    { width: input.width, height: input.height, data: input.rgba },
    { mode: 'centerline' },
  );
  const ms = performance.now() - t;
  const cl = toSvg(doc);
  const pt = potraceSvg(input);
  const W = input.width * 4,
    H = input.height * 4;
  const truth = render(readFileSync(join(data, it.gt), 'utf8'), W, H);
  const score = (svg) => {
    const big = render(svg, W, H);
    return {
      segments: countSvgSegments(svg),
      paths: elements(svg),
      iou1x: iou(render(svg, input.width, input.height), input.rgba),
      iou4x: iou(big, truth),
      ssim4x: ssim(big, truth, W, H),
    };
  };
  const row = {
    item: it.item.replace(/^lineart-/, ''),
    strokes: it.source.strokeWidth !== undefined,
    subpaths: (doc.strokes ?? []).reduce((n, s) => n + s.paths.length, 0),
    width: (doc.strokes ?? []).map((s) => s.width).join('/'),
    ms,
    cl: score(cl),
    pt: score(pt),
  };
  rows.push(row);
  process.stderr.write(`${row.item}\n`);
  if (pngDir) await sheet(it.item, input, cl, pt);
}

async function sheet(name, input, cl, pt) {
  mkdirSync(pngDir, { recursive: true });
  const k = 2,
    w = input.width * k,
    h = input.height * k;
  const png = (rgba) =>
    sharp(Buffer.from(rgba), { raw: { width: w, height: h, channels: 4 } })
      .png()
      .toBuffer();
  const inputBig = await sharp(Buffer.from(input.rgba), {
    raw: { width: input.width, height: input.height, channels: 4 },
  })
    .resize(w, h, { kernel: 'nearest' })
    .png()
    .toBuffer();
  // The centerline itself, hairline red over the input.
  const hair = cl
    .replace(/stroke="[^"]*"/g, 'stroke="#e00000"')
    .replace(/stroke-width="[^"]*"/g, 'stroke-width="0.6"');
  const overlay = await sharp(inputBig)
    .linear(0.3, 178) // the input faded, so the red centerline shows over its ink
    .png()
    .toBuffer()
    .then((faded) => sharp(faded));
  const overlaid = await overlay
    .composite([
      {
        input: await png(render(hair.replace('<svg ', '<svg opacity="0.9" '), w, h)),
        blend: 'multiply',
      },
    ])
    .png()
    .toBuffer();
  const tiles = [inputBig, overlaid, await png(render(cl, w, h)), await png(render(pt, w, h))];
  await sharp({
    create: {
      width: w * tiles.length + 8 * (tiles.length - 1),
      height: h,
      channels: 4,
      background: '#8080ff',
    },
  })
    .composite(tiles.map((input, i) => ({ input, left: i * (w + 8), top: 0 })))
    .png()
    .toFile(join(pngDir, `${name}.png`));
}

const f = (v, d = 3) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
const line = (cells) => `| ${cells.join(' | ')} |`;
const head = [
  'item',
  'paths',
  'stroke px',
  'segments cl / potrace',
  'IoU 1x cl / potrace',
  'IoU 4x vs GT cl / potrace',
  'SSIM 4x vs GT cl / potrace',
  'ms cl',
];
const out = [line(head), line(head.map(() => '---'))];
const cells = (label, rs) => {
  const m = (get) => median(rs.map(get));
  return [
    label,
    f(
      m((r) => r.subpaths),
      0,
    ),
    '',
    `${f(
      m((r) => r.cl.segments),
      0,
    )} / ${f(
      m((r) => r.pt.segments),
      0,
    )}`,
    `${f(m((r) => r.cl.iou1x))} / ${f(m((r) => r.pt.iou1x))}`,
    `${f(m((r) => r.cl.iou4x))} / ${f(m((r) => r.pt.iou4x))}`,
    `${f(m((r) => r.cl.ssim4x))} / ${f(m((r) => r.pt.ssim4x))}`,
    f(
      m((r) => r.ms),
      0,
    ),
  ];
};
for (const r of rows)
  out.push(
    line([
      `${r.item}${r.strokes ? '' : ' (filled)'}`,
      ...cells('', [r]).slice(1, 2),
      r.width,
      ...cells('', [r]).slice(3),
    ]),
  );
const stroked = rows.filter((r) => r.strokes);
out.push(line(cells(`**median, stroked (${stroked.length})**`, stroked)));
out.push(line(cells(`**median, all (${rows.length})**`, rows)));
console.log(
  `Centerline on DEV lineart (${variant}), ${new Date().toISOString().slice(0, 16)} UTC\n`,
);
console.log(out.join('\n'));
