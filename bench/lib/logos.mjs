// Real logos for the service benchmarks: vscode-icons file-type icons (MIT), rendered as PNGs.
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { iconSvg } from './dataset.mjs';
import { render } from './metrics.mjs';

const require = createRequire(import.meta.url);
export const LOGO_SIZE = 256;

/** `count` distinct logos (vscode-icons file-type icons, MIT) as PNGs on white. */
export async function logos(count, offset = 0) {
  const json = require('@iconify-json/vscode-icons/icons.json');
  const names = Object.keys(json.icons)
    .filter((n) => n.startsWith('file-type-'))
    .sort();
  const step = Math.max(1, Math.floor(names.length / (count + offset)));
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = names[(i + offset) * step];
      const rgba = render(iconSvg(json, name), LOGO_SIZE, LOGO_SIZE);
      const png = await sharp(Buffer.from(rgba), {
        raw: { width: LOGO_SIZE, height: LOGO_SIZE, channels: 4 },
      })
        .flatten({ background: '#ffffff' })
        .png()
        .toBuffer();
      return { name: `${name}.png`, bytes: png };
    }),
  );
}
