// The shared benchmark's DEV split: its manifest's entries and their inputs, decoded as the
// engine gets them (flattened on white, RGBA).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const DEV_DATA = fileURLToPath(new URL('../../../shared/bench/data', import.meta.url));

/** The manifest's entries, only of the `filter` categories and `only` ids when given. */
export function devEntries(dataDir = DEV_DATA, { filter, only } = {}) {
  const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
  return manifest.entries.filter(
    (e) => (!filter || filter.includes(e.category)) && (!only || only.includes(e.id)),
  );
}

/** An entry's input as a RasterImage. */
export async function decodeInput(dataDir, entry) {
  const { data, info } = await sharp(join(dataDir, entry.input))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** An entry's input resized to `scale` of its width (at least 8 px) as a RasterImage. */
export async function decodeResized(dataDir, entry, scale) {
  const { data, info } = await sharp(join(dataDir, entry.input))
    .flatten({ background: '#ffffff' })
    .resize(Math.max(8, Math.round(entry.width * scale)))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** The entries (as devEntries) with their decoded `image`. */
export async function loadDevInputs(dataDir = DEV_DATA, selection = {}) {
  const inputs = [];
  for (const e of devEntries(dataDir, selection))
    inputs.push({ ...e, image: await decodeInput(dataDir, e) });
  return inputs;
}
