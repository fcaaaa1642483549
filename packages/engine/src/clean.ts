/**
 * Stage 2, clean: suppresses compression noise without blurring edges, using a sigma filter
 * (Lee 1983): each pixel becomes the mean of those 3x3 neighbours whose colour is within a
 * threshold of its own, so pixels across an edge never mix. Transparent pixels are left as
 * they are and never contribute colour (transparency stays transparency).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';

export function clean(
  img: WorkImage,
  threshold: number,
  passes: number,
  ctl: Control,
  cross = false,
): WorkImage {
  let cur = img;
  for (let i = 0; i < passes; i++) {
    ctl.check();
    cur = cross ? crossPass(cur, threshold) : sigmaPass(cur, threshold);
  }
  return cur;
}

/** Packed colour per pixel (-1 = transparent) so each neighbour costs one read. */
function packColours(img: WorkImage): Int32Array {
  const { rgb, alpha } = img;
  const n = alpha.length;
  const packed = new Int32Array(n);
  for (let p = 0; p < n; p++)
    packed[p] = alpha[p] === 0 ? -1 : (rgb[p * 3] << 16) | (rgb[p * 3 + 1] << 8) | rgb[p * 3 + 2];
  return packed;
}

/**
 * The economy variant of the sigma filter: only the 4 edge neighbours (plus the pixel) vote,
 * about half the work of the 3x3 window.
 */
function crossPass(img: WorkImage, thr: number): WorkImage {
  const { width: w, height: h, rgb, alpha } = img;
  const out = new Uint8Array(rgb);
  const packed = packColours(img);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const c0 = packed[p];
      if (c0 < 0) continue;
      const r0 = c0 >> 16,
        g0 = (c0 >> 8) & 255,
        b0 = c0 & 255;
      let sr = r0,
        sg = g0,
        sb = b0,
        c = 1;
      for (let k = 0; k < 4; k++) {
        const cq = packed[k === 0 ? p - w : k === 1 ? p - 1 : k === 2 ? p + 1 : p + w];
        if (cq < 0) continue;
        const r = cq >> 16,
          g = (cq >> 8) & 255,
          b = cq & 255;
        const d =
          (r > r0 ? r - r0 : r0 - r) + (g > g0 ? g - g0 : g0 - g) + (b > b0 ? b - b0 : b0 - b);
        if (d <= thr) {
          sr += r;
          sg += g;
          sb += b;
          c++;
        }
      }
      if (c > 1) {
        const i = p * 3;
        out[i] = (sr + (c >> 1)) / c;
        out[i + 1] = (sg + (c >> 1)) / c;
        out[i + 2] = (sb + (c >> 1)) / c;
      }
    }
  }
  return { width: w, height: h, rgb: out, alpha };
}

function sigmaPass(img: WorkImage, thr: number): WorkImage {
  const { width: w, height: h, rgb, alpha } = img;
  const out = new Uint8Array(rgb);
  // Packed colour per pixel (-1 = transparent) so each neighbour costs one read.
  const n = w * h;
  const packed = new Int32Array(n);
  for (let p = 0; p < n; p++)
    packed[p] = alpha[p] === 0 ? -1 : (rgb[p * 3] << 16) | (rgb[p * 3 + 1] << 8) | rgb[p * 3 + 2];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const c0 = packed[p];
      if (c0 < 0) continue;
      const r0 = c0 >> 16,
        g0 = (c0 >> 8) & 255,
        b0 = c0 & 255;
      let sr = r0,
        sg = g0,
        sb = b0,
        c = 1;
      for (let dy = -w; dy <= w; dy += w) {
        for (let dx = -1; dx <= 1; dx++) {
          const q = p + dy + dx;
          if (q === p) continue;
          const cq = packed[q];
          if (cq < 0 || cq === c0) {
            if (cq === c0) {
              sr += r0;
              sg += g0;
              sb += b0;
              c++;
            }
            continue;
          }
          const r = cq >> 16,
            g = (cq >> 8) & 255,
            b = cq & 255;
          const d =
            (r > r0 ? r - r0 : r0 - r) + (g > g0 ? g - g0 : g0 - g) + (b > b0 ? b - b0 : b0 - b);
          if (d <= thr) {
            sr += r;
            sg += g;
            sb += b;
            c++;
          }
        }
      }
      if (c > 1) {
        const i = p * 3;
        out[i] = (sr + (c >> 1)) / c;
        out[i + 1] = (sg + (c >> 1)) / c;
        out[i + 2] = (sb + (c >> 1)) / c;
      }
    }
  }
  return { width: w, height: h, rgb: out, alpha };
}
