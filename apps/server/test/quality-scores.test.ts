// quality_scores: what each engine achieves on the image, measured on the sample (re-rendered
// with resvg, compared with the input). SSIM alone read 98–99% on drawings whose curves had
// turned into facets or whose small details had changed colour; the boundary measure sees them.
import { compareImages } from '@tracery/engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSvg, runTrace, scoreSvg } from '../src/jobs/run-trace.js';
import { RECOMMEND_MARGIN, type RasterData } from '../src/jobs/trace-task.js';

async function raster(svg: string, side: number): Promise<RasterData> {
  const { data, info } = await sharp(Buffer.from(svg))
    .resize(side, side, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

const measure = (sample: RasterData) =>
  runTrace({ conversionId: 'quality-test', full: sample, sample, format: 'svg', tier: 'standard' });

/** A badge with the letters O and C and a plus; `facets` > 0 draws every circle as a polygon. */
function badge(facets = 0): string {
  const circle = (cx: number, cy: number, r: number, fill: string) => {
    if (!facets) return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
    const points = Array.from({ length: facets }, (_, i) => {
      const t = (2 * Math.PI * i) / facets;
      return `${(cx + r * Math.cos(t)).toFixed(2)},${(cy + r * Math.sin(t)).toFixed(2)}`;
    });
    return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="64" viewBox="0 0 128 64">
    <rect width="128" height="64" fill="#ffffff"/>
    <rect x="4" y="4" width="120" height="56" rx="12" fill="#77b255"/>
    ${circle(30, 32, 18, '#ffffff')}${circle(30, 32, 10, '#77b255')}
    ${circle(70, 32, 18, '#ffffff')}${circle(70, 32, 10, '#77b255')}
    <rect x="76" y="26" width="14" height="12" fill="#77b255"/>
    <rect x="97" y="30" width="22" height="5" fill="#ffffff"/>
    <rect x="105.5" y="21" width="5" height="23" fill="#ffffff"/>
    ${circle(97, 32.5, 2.5, '#ffffff')}${circle(119, 32.5, 2.5, '#ffffff')}
    ${circle(108, 21, 2.5, '#ffffff')}${circle(108, 44, 2.5, '#ffffff')}
  </svg>`;
}

/** Six wavy lines, 2 px wide: fast's coarser fitting flattens their crests. */
const waves = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#ffffff"/>
  ${Array.from({ length: 6 }, (_, k) => {
    const y = 10 + k * 16;
    const crests = Array.from(
      { length: 20 },
      (_, i) => `Q ${i * 5 + 2.5} ${y + (i % 2 ? -4 : 4)} ${i * 5 + 5} ${y}`,
    );
    return `<path d="M0 ${y} ${crests.join(' ')}" stroke="#16a085" stroke-width="2" fill="none"/>`;
  }).join('')}
</svg>`;

describe('quality scores', () => {
  it('score a clean trace of a logo high, and its faceted drawing clearly lower where SSIM barely moves', async () => {
    const sample = await raster(badge(), 384);
    const { scores } = measure(sample);
    // Measured: precision 0.987, fast 0.980.
    expect(scores.precision).toBeGreaterThanOrEqual(0.95);
    expect(scores.fast).toBeGreaterThanOrEqual(0.95);

    // The drawing itself, then with 24-gons for circles: SSIM 0.9999 -> 0.9955, score 1 -> 0.93.
    const ssim = (svg: string) =>
      compareImages(sample, renderSvg(svg, sample.width, sample.height));
    expect(scoreSvg(sample, badge())).toBeGreaterThanOrEqual(0.99);
    expect(ssim(badge()) - ssim(badge(24))).toBeLessThan(0.01);
    expect(scoreSvg(sample, badge(24))).toBeLessThan(0.95);
  });

  it('recommend precision when fast visibly loses a detail: the waves flatten', async () => {
    const { scores, recommended } = measure(await raster(waves, 192));
    // Measured: precision 0.961, fast 0.917 (SSIM alone: 0.98 both).
    expect(scores.precision - scores.fast).toBeGreaterThan(RECOMMEND_MARGIN);
    expect(recommended).toBe('precision');
  });

  it('recommend fast when both engines draw a flat drawing equally well', async () => {
    const disc = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
      <rect width="96" height="96" fill="#ffffff"/>
      <circle cx="34" cy="40" r="22" fill="#d62828"/>
      <rect x="58" y="20" width="22" height="60" fill="#1d4ed8"/>
    </svg>`;
    const { scores, recommended } = measure(await raster(disc, 384));
    // Measured: 0.998 and 0.998.
    expect(scores.precision).toBeGreaterThanOrEqual(0.99);
    expect(Math.abs(scores.precision - scores.fast)).toBeLessThanOrEqual(RECOMMEND_MARGIN);
    expect(recommended).toBe('fast');
  });
});
