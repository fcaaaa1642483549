// Builds the benchmark's own dataset from the installed @iconify-json icon sets: a fixed,
// deterministic selection per set, each icon rendered by resvg to a 256 px (longest side)
// RGBA raster on white ("clean"), plus the same at JPEG quality 70 ("jpeg").
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { render } from './metrics.mjs';

const require = createRequire(import.meta.url);

// category -> icon set, name filter, and how many icons to take.
export const SETS = [
  { category: 'flag', set: 'circle-flags', filter: (n) => /^[a-z]{2}$/.test(n) },
  { category: 'clipart', set: 'flat-color-icons', filter: () => true },
  { category: 'emoji', set: 'fluent-emoji-flat', filter: () => true },
  { category: 'lineart', set: 'lucide', filter: () => true },
  { category: 'silhouette', set: 'ph', filter: (n) => n.endsWith('-fill') },
  { category: 'logo', set: 'vscode-icons', filter: (n) => n.startsWith('file-type-') },
];

/** The icon as a standalone SVG (currentColor drawn black). */
export function iconSvg(setJson, name) {
  const icon = setJson.icons[name];
  const w = icon.width ?? setJson.width ?? 16,
    h = icon.height ?? setJson.height ?? 16;
  const left = icon.left ?? 0,
    top = icon.top ?? 0;
  const body = icon.body.replace(/currentColor/g, '#000000');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${left} ${top} ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
}

/** [{ id, category, variant, svg, width, height, rgba }] */
export async function buildDataset({ perSet = 8, size = 256 } = {}) {
  const items = [];
  for (const s of SETS) {
    const json = require(`@iconify-json/${s.set}/icons.json`);
    const names = Object.keys(json.icons).filter(s.filter).sort();
    const step = Math.max(1, Math.floor(names.length / perSet));
    for (let i = 0; i < perSet && i * step < names.length; i++) {
      const name = names[i * step + Math.floor(step / 2)] ?? names[i * step];
      const svg = iconSvg(json, name);
      const icon = json.icons[name];
      const iw = icon.width ?? json.width ?? 16,
        ih = icon.height ?? json.height ?? 16;
      const width = iw >= ih ? size : Math.round((size * iw) / ih);
      const height = iw >= ih ? Math.round((size * ih) / iw) : size;
      const rgba = render(svg, width, height);
      items.push({
        id: `${s.category}-${name}.clean`,
        category: s.category,
        variant: 'clean',
        svg,
        width,
        height,
        rgba,
      });
      const jpg = await sharp(Buffer.from(rgba), { raw: { width, height, channels: 4 } })
        .removeAlpha()
        .jpeg({ quality: 70 })
        .toBuffer();
      const back = await sharp(jpg).ensureAlpha().raw().toBuffer();
      items.push({
        id: `${s.category}-${name}.jpeg`,
        category: s.category,
        variant: 'jpeg',
        svg,
        width,
        height,
        rgba: new Uint8Array(back),
      });
    }
  }
  return items;
}
