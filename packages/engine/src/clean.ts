/**
 * Stage 2, clean: suppresses compression noise without blurring edges, using a sigma filter
 * (Lee 1983): each pixel becomes the mean of those 3x3 neighbours whose colour is within a
 * threshold of its own, so pixels across an edge never mix. Transparent pixels are left as
 * they are and never contribute colour (transparency stays transparency).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';

export function clean(img: WorkImage, threshold: number, passes: number, ctl: Control): WorkImage {
  let cur = img;
  for (let i = 0; i < passes; i++) {
    ctl.check();
    cur = sigmaPass(cur, threshold);
  }
  return cur;
}

function sigmaPass(img: WorkImage, thr: number): WorkImage {
  const { width: w, height: h, rgb, alpha } = img;
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const r0 = rgb[p * 3], g0 = rgb[p * 3 + 1], b0 = rgb[p * 3 + 2];
      if (alpha[p] === 0) { out[p * 3] = r0; out[p * 3 + 1] = g0; out[p * 3 + 2] = b0; continue; }
      let sr = 0, sg = 0, sb = 0, c = 0;
      const y0 = y > 0 ? y - 1 : 0, y1 = y < h - 1 ? y + 1 : h - 1;
      const x0 = x > 0 ? x - 1 : 0, x1 = x < w - 1 ? x + 1 : w - 1;
      for (let yy = y0; yy <= y1; yy++) {
        for (let xx = x0; xx <= x1; xx++) {
          const q = yy * w + xx;
          if (alpha[q] === 0) continue;
          const r = rgb[q * 3], g = rgb[q * 3 + 1], b = rgb[q * 3 + 2];
          if (Math.abs(r - r0) + Math.abs(g - g0) + Math.abs(b - b0) <= thr) {
            sr += r; sg += g; sb += b; c++;
          }
        }
      }
      out[p * 3] = Math.round(sr / c);
      out[p * 3 + 1] = Math.round(sg / c);
      out[p * 3 + 2] = Math.round(sb / c);
    }
  }
  return { width: w, height: h, rgb: out, alpha };
}
