/**
 * Stage 2, clean: suppresses compression noise without blurring edges, using a sigma filter
 * (Lee 1983): each pixel becomes the mean of those 3x3 neighbours whose colour is within a
 * threshold of its own, so pixels across an edge never mix. Transparent pixels are left as
 * they are and never contribute colour (transparency stays transparency).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';

export interface DenoiseParams {
  /** Neighbours whose |dR|+|dG|+|dB| exceeds this are on the other side of an edge. */
  thresholdRgbSum: number;
  passes: number;
  /** 8: the 3x3 window; 4: the edge neighbours only (about half the work). */
  windowNeighbours: 4 | 8;
}

export function clean(img: WorkImage, params: DenoiseParams, ctl: Control): WorkImage {
  let cur = img;
  for (let i = 0; i < params.passes; i++) {
    ctl.check();
    cur = sigmaPass(cur, params.thresholdRgbSum, params.windowNeighbours === 4);
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

/** One sigma-filter pass over the 3x3 window or (`cross`) the 4 edge neighbours. */
function sigmaPass(img: WorkImage, thr: number, cross: boolean): WorkImage {
  const { width: w, height: h, rgb, alpha } = img;
  const out = new Uint8Array(rgb);
  const packed = packColours(img);
  const offsets = Int32Array.from(
    cross ? [-w, -1, 1, w] : [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1],
  );
  const k = offsets.length;
  // Distances are whole numbers in 0..765, so d <= thr is d <= limit, an int32 the mask can test.
  const limit = Math.max(-1, Math.min(765, Math.floor(thr)));
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
      // Branch-free: noisy photos make every branch here a coin toss for the CPU.
      for (let j = 0; j < k; j++) {
        const cq = packed[p + offsets[j]];
        const r = (cq >> 16) & 255,
          g = (cq >> 8) & 255,
          b = cq & 255;
        const dr = r - r0,
          dg = g - g0,
          db = b - b0;
        const d =
          (dr ^ (dr >> 31)) -
          (dr >> 31) +
          ((dg ^ (dg >> 31)) - (dg >> 31)) +
          ((db ^ (db >> 31)) - (db >> 31));
        // -1 when the neighbour is opaque and within the threshold, else 0.
        const take = ~(((limit - d) >> 31) | (cq >> 31));
        sr += r & take;
        sg += g & take;
        sb += b & take;
        c -= take;
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
