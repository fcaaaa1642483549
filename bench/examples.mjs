// Writes the before/after examples shown on the landing pages: a few icons from the benchmark's
// icon sets (free licences, named in the manifest), rendered small as the raster a customer
// would upload, then traced by the built engine exactly as the standard tier does.
// Run: `npm run examples -w bench` (after `npx tsc -b packages/engine`).
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { enginePresets, toSvg, trace } from '../packages/engine/dist/index.js';
import { iconSvg } from './lib/dataset.mjs';
import { render } from './lib/metrics.mjs';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'apps/web/public/examples');
const MANIFEST = join(root, 'apps/web/src/content/examples.json');

const EXAMPLES = [
  {
    id: 'rocket',
    title: 'Colour illustration from a small JPEG',
    set: 'fluent-emoji-flat',
    icon: 'rocket',
    size: 160,
    jpeg: 85,
  },
  {
    id: 'shop',
    title: 'Flat artwork for print',
    set: 'flat-color-icons',
    icon: 'shop',
    size: 128,
    jpeg: 80,
  },
  {
    id: 'bike',
    title: 'Line art for cutting and engraving',
    set: 'lucide',
    icon: 'bike',
    size: 128,
  },
  {
    id: 'butterfly',
    title: 'Silhouette for vinyl and stitching',
    set: 'ph',
    icon: 'butterfly-fill',
    size: 128,
  },
];

mkdirSync(OUT, { recursive: true });
const manifest = [];
for (const e of EXAMPLES) {
  const setJson = require(`@iconify-json/${e.set}/icons.json`);
  const info = require(`@iconify-json/${e.set}/info.json`);
  const pkg = require(`@iconify-json/${e.set}/package.json`);
  const rgba = render(iconSvg(setJson, e.icon), e.size, e.size);
  const raw = { raw: { width: e.size, height: e.size, channels: 4 } };
  const flat = sharp(Buffer.from(rgba), raw).flatten({ background: '#ffffff' });
  const before = e.jpeg
    ? await flat.jpeg({ quality: e.jpeg }).toBuffer()
    : await flat.png().toBuffer();
  const beforeName = `${e.id}.${e.jpeg ? 'jpg' : 'png'}`;
  // What the customer uploaded is what gets traced, artefacts and all.
  const decoded = await sharp(before).ensureAlpha().raw().toBuffer();
  const doc = trace(
    { width: e.size, height: e.size, data: new Uint8Array(decoded) },
    enginePresets.precision,
  );
  const svg = toSvg(doc);
  writeFileSync(join(OUT, beforeName), before);
  writeFileSync(join(OUT, `${e.id}.svg`), svg);
  manifest.push({
    id: e.id,
    title: e.title,
    before: `/examples/${beforeName}`,
    after: `/examples/${e.id}.svg`,
    width: e.size,
    height: e.size,
    beforeBytes: before.length,
    afterBytes: Buffer.byteLength(svg),
    source: {
      icon: e.icon,
      set: info.name,
      author: info.author.name,
      url: info.author.url,
      licence: info.license.spdx,
      // A set that names no licence page gets the licence's own page at the OSI.
      licenceUrl:
        info.license.url ?? `https://opensource.org/license/${info.license.spdx.toLowerCase()}`,
      package: `${pkg.name}@${pkg.version}`,
    },
  });
  console.log(
    `${e.id}: ${beforeName} ${before.length} B -> ${e.id}.svg ${Buffer.byteLength(svg)} B`,
  );
}
writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(OUT, 'LICENSES.md'),
  [
    '# Sources of the before/after examples',
    '',
    'Each raster here is an icon rendered small by `bench/examples.mjs`; each SVG is what Tracery',
    "traced from that raster. The artwork stays its authors', under the licence named:",
    '',
    ...manifest.map(
      (m) =>
        `- \`${m.id}\`: "${m.source.icon}" from ${m.source.set} by ${m.source.author} (${m.source.url}), ${m.source.licence}: ${m.source.licenceUrl}`,
    ),
    '',
  ].join('\n'),
);
console.log(`wrote ${MANIFEST}`);
