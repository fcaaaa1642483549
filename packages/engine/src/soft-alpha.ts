/**
 * Soft transparency: partly transparent areas (a glass card, a drop shadow) become palette
 * entries with their own alpha instead of being cut at 50% (smooth alpha ramps are quantised
 * into a few alpha levels). Only pixels whose alpha is flat (every 4-neighbour has about the
 * same alpha) vote: the alpha ramp of an anti-aliased edge is steep across the edge, so binary
 * alpha gains no soft colours. Edge pixels are labelled as blends of the colours beside them
 * (label.ts), so soft areas get sub-pixel edges like opaque ones.
 */
import type { WorkImage } from './image.js';
import { luma, snap } from './colour.js';

/** Alpha band (exclusive) that counts as soft: below is transparent, above is opaque. */
const SOFT_MIN = 12,
  SOFT_MAX = 243;
/** Neighbour alpha difference up to which the alpha counts as flat (an anti-aliased edge steps more). */
const FLAT_ALPHA = 24;
/** Share of the flat soft pixels that a soft colour must gather, and the least count. */
const MIN_SHARE = 0.002,
  MIN_PIXELS = 12;
/** Minimum distance between soft colours (composite over black and over white, 0..255 scale). */
const MIN_DISTANCE = 24;
const MAX_SOFT = 16;

/** A colour of the palette with its alpha (255 for the opaque ones). */
export interface SoftColour {
  colour: number;
  alpha: number;
}

/** True when pixel p is partly transparent with about the same alpha as all its 4 neighbours. */
export function isFlatSoft(img: WorkImage, p: number): boolean {
  const { width: w, height: h, alpha } = img;
  const a = alpha[p];
  if (a <= SOFT_MIN || a >= SOFT_MAX) return false;
  const x = p % w,
    y = (p - x) / w;
  const far = (q: number) => Math.abs(alpha[q] - a) > FLAT_ALPHA;
  if (x > 0 && far(p - 1)) return false;
  if (x < w - 1 && far(p + 1)) return false;
  if (y > 0 && far(p - w)) return false;
  return !(y < h - 1 && far(p + w));
}

/**
 * Squared distance between two RGBA colours as seen composited over black plus over white,
 * so colours with the same look over any background are close.
 */
export function rgbaDist2(
  r: number,
  g: number,
  b: number,
  a: number,
  colour: number,
  ca: number,
): number {
  const fa = a / 255,
    fb = ca / 255;
  const dw = (fb - fa) * 255;
  let d = 0;
  for (const [u, v] of [
    [r, (colour >> 16) & 255],
    [g, (colour >> 8) & 255],
    [b, colour & 255],
  ]) {
    const dk = u * fa - v * fb; // over black
    d += dk * dk + (dk + dw) * (dk + dw); // and over white
  }
  return d;
}

/** The soft colours of the image (flat partly transparent areas), most frequent first. */
export function softColours(img: WorkImage, grayscale: boolean): SoftColour[] {
  const { rgb, alpha } = img;
  const bins = new Map<number, number[]>();
  let total = 0;
  for (let p = 0; p < alpha.length; p++) {
    if (!isFlatSoft(img, p)) continue;
    let r = rgb[p * 3],
      g = rgb[p * 3 + 1],
      b = rgb[p * 3 + 2];
    if (grayscale) r = g = b = luma(r, g, b);
    const a = alpha[p];
    const key = ((a >> 4) << 15) | ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    let bin = bins.get(key);
    if (!bin) bins.set(key, (bin = [0, 0, 0, 0, 0]));
    bin[0]++;
    bin[1] += r;
    bin[2] += g;
    bin[3] += b;
    bin[4] += a;
    total++;
  }
  const minCount = Math.max(MIN_PIXELS, total * MIN_SHARE);
  const out: SoftColour[] = [];
  const sorted = [...bins.values()].sort((x, y) => y[0] - x[0]);
  for (const [n, r, g, b, a] of sorted) {
    if (n < minCount || out.length >= MAX_SOFT) break;
    const R = Math.round(r / n),
      G = Math.round(g / n),
      B = Math.round(b / n),
      A = Math.round(a / n);
    if (nearSoft(R, G, B, A, out)) continue;
    out.push({ colour: snap(R, G, B), alpha: A });
  }
  return out;
}

/** True when the RGBA colour is within the soft colours' minimum distance of one of them. */
export function nearSoft(r: number, g: number, b: number, a: number, soft: SoftColour[]): boolean {
  return soft.some((s) => rgbaDist2(r, g, b, a, s.colour, s.alpha) < MIN_DISTANCE ** 2);
}
