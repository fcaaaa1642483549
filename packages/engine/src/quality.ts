/**
 * The quality score shown to users (quality_scores), 0..1: the lower of SSIM (tone and
 * structure, compare.ts) and a boundary score (edge-offset.ts). SSIM alone reads 98–99% on a
 * logo whose letters melt when zoomed in: it falls with the square of a small error, so a
 * fraction of a pixel of wobble or faceting costs it almost nothing. The boundary score falls
 * in proportion: 1 − the mean boundary offset in pixels (0.05 px: 0.95; a whole pixel: 0).
 */
import { compareImages } from './compare.js';
import { edgeOffset } from './edge-offset.js';
import type { RasterImage } from './types.js';

export function qualityScore(input: RasterImage, render: RasterImage): number {
  const boundary = Math.max(0, 1 - edgeOffset(input, render));
  return Math.min(compareImages(input, render), boundary);
}
