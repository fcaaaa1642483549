/**
 * A cheap similarity in 0..1 for the server's quality scores: SSIM (Wang et al. 2004) on
 * luma, both images box-downsampled to at most 256 px on the long side, 8x8 windows with
 * stride 4. Transparent pixels are composited on white first.
 */
import type { RasterImage } from './types.js';

export function compareImages(a: RasterImage, b: RasterImage): number {
  const side = 256;
  const w = Math.max(
    1,
    Math.min(side, Math.round(a.width >= a.height ? side : (side * a.width) / a.height), a.width),
  );
  const h = Math.max(1, Math.round((w * a.height) / a.width));
  const la = luma(a, w, h),
    lb = luma(b, w, h);
  const win = Math.min(8, w, h);
  const stride = Math.max(1, win >> 1);
  const C1 = (0.01 * 255) ** 2,
    C2 = (0.03 * 255) ** 2;
  let total = 0,
    count = 0;
  for (let y = 0; y + win <= h; y += stride) {
    for (let x = 0; x + win <= w; x += stride) {
      let sa = 0,
        sb = 0,
        saa = 0,
        sbb = 0,
        sab = 0;
      for (let yy = y; yy < y + win; yy++) {
        for (let xx = x; xx < x + win; xx++) {
          const va = la[yy * w + xx],
            vb = lb[yy * w + xx];
          sa += va;
          sb += vb;
          saa += va * va;
          sbb += vb * vb;
          sab += va * vb;
        }
      }
      const n = win * win;
      const ma = sa / n,
        mb = sb / n;
      const va = saa / n - ma * ma,
        vb = sbb / n - mb * mb,
        cov = sab / n - ma * mb;
      total += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      count++;
    }
  }
  return count ? Math.max(0, Math.min(1, total / count)) : 1;
}

function luma(img: RasterImage, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  const cnt = new Float64Array(w * h);
  const { data } = img;
  for (let y = 0; y < img.height; y++) {
    const ty = Math.min(h - 1, Math.floor((y * h) / img.height));
    for (let x = 0; x < img.width; x++) {
      const tx = Math.min(w - 1, Math.floor((x * w) / img.width));
      const p = (y * img.width + x) * 4;
      const al = data[p + 3] / 255;
      const l = 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2];
      out[ty * w + tx] += l * al + 255 * (1 - al);
      cnt[ty * w + tx]++;
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = cnt[i] ? out[i] / cnt[i] : 255;
  return out;
}
