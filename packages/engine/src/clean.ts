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
  const out = new Uint8Array(rgb);
  const offs = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      if (alpha[p] === 0) continue;
      const i = p * 3;
      const r0 = rgb[i], g0 = rgb[i + 1], b0 = rgb[i + 2];
      let sr = r0, sg = g0, sb = b0, c = 1;
      for (let k = 0; k < 8; k++) {
        const q = p + offs[k];
        if (alpha[q] === 0) continue;
        const j = q * 3;
        const r = rgb[j], g = rgb[j + 1], b = rgb[j + 2];
        const d = (r > r0 ? r - r0 : r0 - r) + (g > g0 ? g - g0 : g0 - g) + (b > b0 ? b - b0 : b0 - b);
        if (d <= thr) { sr += r; sg += g; sb += b; c++; }
      }
      if (c > 1) {
        out[i] = (sr + (c >> 1)) / c;
        out[i + 1] = (sg + (c >> 1)) / c;
        out[i + 2] = (sb + (c >> 1)) / c;
      }
    }
  }
  return { width: w, height: h, rgb: out, alpha };
}
