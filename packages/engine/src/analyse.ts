/**
 * Stage 1, analyse: picks the trace mode from cheap image statistics (idea: flat-colour art
 * has mostly identical neighbours, photos have textured neighbour differences, pixel art
 * has hard edges without anti-aliased blends), and estimates noise so the clean stage knows
 * whether JPEG artefacts must be suppressed.
 */
import type { WorkImage } from './image.js';
import type { TraceMode } from './types.js';

export interface Analysis {
  mode: Exclude<TraceMode, 'auto'>;
  /** Fraction of neighbour pairs that are exactly equal. */
  flatFrac: number;
  /** Fraction of neighbour pairs differing by 1..6 per channel (compression noise). */
  noiseFrac: number;
  /** Fraction of neighbour pairs differing by 7..48 (texture / gradients / soft edges). */
  textureFrac: number;
  /** Distinct colours (exact). */
  distinct: number;
  hasTransparency: boolean;
  grayscale: boolean;
}

export function analyse(img: WorkImage, requested: TraceMode): Analysis {
  const { width: w, height: h, rgb, alpha } = img;
  let pairs = 0, flat = 0, noise = 0, texture = 0, transparent = 0, chroma = 0, opaque = 0;
  const seen = new Map<number, number>();
  const step = w * h > 40_000 ? 2 : 1;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      if (alpha[p] < 128) { transparent++; continue; }
      opaque++;
      const r = rgb[p * 3], g = rgb[p * 3 + 1], b = rgb[p * 3 + 2];
      const key = (r << 16) | (g << 8) | b;
      const cnt = seen.get(key);
      if (cnt !== undefined) seen.set(key, cnt + 1);
      else if (seen.size < 5000) seen.set(key, 1);
      if (Math.max(r, g, b) - Math.min(r, g, b) > 12) chroma++;
      if (x + 1 < w && alpha[p + 1] >= 128) {
        const q = p + 1;
        const d = Math.max(Math.abs(r - rgb[q * 3]), Math.abs(g - rgb[q * 3 + 1]), Math.abs(b - rgb[q * 3 + 2]));
        pairs++;
        if (d === 0) flat++;
        else if (d <= 6) noise++;
        else if (d <= 48) texture++;
      }
    }
  }
  const n = Math.max(1, pairs);
  // Share of opaque pixels whose exact colour is a frequent one (>= 0.2% of the image):
  // pixel art has no anti-aliased in-between colours, so nearly all pixels are frequent.
  let frequent = 0;
  for (const c of seen.values()) if (c >= opaque * 0.002) frequent += c;
  const frequentFrac = frequent / Math.max(1, opaque);
  const a: Analysis = {
    mode: 'color',
    flatFrac: flat / n,
    noiseFrac: noise / n,
    textureFrac: texture / n,
    distinct: seen.size,
    hasTransparency: transparent > 0,
    grayscale: chroma < opaque * 0.002,
  };
  if (requested !== 'auto') {
    a.mode = requested;
  } else if (a.distinct <= 64 && frequentFrac > 0.995 && a.noiseFrac + a.textureFrac < 0.02 && a.flatFrac > 0.5 && Math.max(w, h) <= 512) {
    a.mode = 'pixelart';
  } else if (a.textureFrac > 0.2 && a.flatFrac < 0.35) {
    a.mode = 'photo';
  } else {
    a.mode = 'color';
  }
  return a;
}
