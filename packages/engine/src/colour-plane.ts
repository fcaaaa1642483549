/**
 * One packed int per pixel for the palette and label stages, which each walk the whole image
 * several times: one read instead of four, and equal colours (most neighbours in flat art)
 * compare as one int. 0xrrggbb when alpha >= 250, that | PARTLY_OPAQUE when alpha is 128..249,
 * TRANSPARENT_PIXEL (-1) below 128.
 */
import type { WorkImage } from './image.js';
import { pixelScratch } from './reusable-arrays.js';

export const PARTLY_OPAQUE = 1 << 24;
export const TRANSPARENT_PIXEL = -1;
/** The plane's storage, kept for the next trace as the other per-pixel scratch is. */
const planeScratch = pixelScratch((n) => new Int32Array(n));

let planeRgb: Uint8Array | null = null;
let planeAlpha: Uint8Array | null = null;
let plane: Int32Array = new Int32Array(0);

/**
 * The plane of img, computed once for the last image asked about (the stages run one after
 * another on the same image, whose planes are never written after it is made).
 */
export function colourPlane(img: WorkImage): Int32Array {
  const { rgb, alpha } = img;
  if (rgb === planeRgb && alpha === planeAlpha) return plane;
  const n = alpha.length;
  const kept = planeScratch(n);
  const out = kept.length === n ? kept : kept.subarray(0, n);
  fillPlane(rgb, alpha, out, n);
  planeRgb = rgb;
  planeAlpha = alpha;
  plane = out;
  return out;
}

function fillPlane(rgb: Uint8Array, alpha: Uint8Array, out: Int32Array, n: number): void {
  for (let p = 0, i = 0; p < n; p++, i += 3) {
    const a = alpha[p];
    out[p] =
      a < 128
        ? TRANSPARENT_PIXEL
        : (rgb[i] << 16) | (rgb[i + 1] << 8) | rgb[i + 2] | (a < 250 ? PARTLY_OPAQUE : 0);
  }
}
