/**
 * Stage 2, clean: suppresses compression noise without blurring edges, using a sigma filter
 * (Lee 1983): each pixel becomes the mean of those 3x3 neighbours whose colour is within a
 * threshold of its own, so pixels across an edge never mix. Transparent pixels are left as
 * they are and never contribute colour (transparency stays transparency).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';
import { pixelScratch } from './reusable-arrays.js';

const packedScratch = pixelScratch((n) => new Int32Array(n));

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
  const packed = packedScratch(n);
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
  if (!cross) {
    window8(packed, out, w, h, limit);
    return { width: w, height: h, rgb: out, alpha };
  }
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

/**
 * -1 when neighbour colour cq (packed, -1 transparent) is within `limit` of (r0, g0, b0) by
 * |dR|+|dG|+|dB|, else 0. Branch-free: noisy photos make every branch a coin toss for the CPU.
 */
function takes(cq: number, r0: number, g0: number, b0: number, limit: number): number {
  const dr = ((cq >> 16) & 255) - r0,
    dg = ((cq >> 8) & 255) - g0,
    db = (cq & 255) - b0;
  const d =
    (dr ^ (dr >> 31)) -
    (dr >> 31) +
    ((dg ^ (dg >> 31)) - (dg >> 31)) +
    ((db ^ (db >> 31)) - (db >> 31));
  return ~(((limit - d) >> 31) | (cq >> 31));
}

const RB = 0xff00ff,
  G = 0xff00;

/** sigmaPass over the 3x3 window, the neighbours written out (no offset table in the loop). */
function window8(packed: Int32Array, out: Uint8Array, w: number, h: number, limit: number): void {
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1, p = y * w + 1; x < w - 1; x++, p++) {
      const c0 = packed[p];
      if (c0 < 0) continue;
      const r0 = c0 >> 16,
        g0 = (c0 >> 8) & 255,
        b0 = c0 & 255;
      const u = p - w,
        d = p + w;
      const q0 = packed[u - 1],
        q1 = packed[u],
        q2 = packed[u + 1],
        q3 = packed[p - 1],
        q4 = packed[p + 1],
        q5 = packed[d - 1],
        q6 = packed[d],
        q7 = packed[d + 1];
      // Inside a flat area (most pixels of flat art) the mean is the colour itself.
      if (
        q0 === c0 &&
        q1 === c0 &&
        q2 === c0 &&
        q3 === c0 &&
        q4 === c0 &&
        q5 === c0 &&
        q6 === c0 &&
        q7 === c0
      )
        continue;
      const t0 = takes(q0, r0, g0, b0, limit),
        t1 = takes(q1, r0, g0, b0, limit),
        t2 = takes(q2, r0, g0, b0, limit),
        t3 = takes(q3, r0, g0, b0, limit),
        t4 = takes(q4, r0, g0, b0, limit),
        t5 = takes(q5, r0, g0, b0, limit),
        t6 = takes(q6, r0, g0, b0, limit),
        t7 = takes(q7, r0, g0, b0, limit);
      const c = 1 - (t0 + t1 + t2 + t3 + t4 + t5 + t6 + t7);
      if (c === 1) continue;
      const m0 = q0 & t0,
        m1 = q1 & t1,
        m2 = q2 & t2,
        m3 = q3 & t3,
        m4 = q4 & t4,
        m5 = q5 & t5,
        m6 = q6 & t6,
        m7 = q7 & t7;
      // The taken neighbours (others masked to 0) summed per channel: red and blue in one
      // int32 (8 blues are at most 2040, so they never carry into red), green in another.
      const rb =
        (m0 & RB) +
        (m1 & RB) +
        (m2 & RB) +
        (m3 & RB) +
        (m4 & RB) +
        (m5 & RB) +
        (m6 & RB) +
        (m7 & RB);
      const gs =
        (m0 & G) + (m1 & G) + (m2 & G) + (m3 & G) + (m4 & G) + (m5 & G) + (m6 & G) + (m7 & G);
      const sr = r0 + (rb >> 16),
        sg = g0 + (gs >> 8),
        sb = b0 + (rb & 0xffff);
      const i = p * 3;
      out[i] = (sr + (c >> 1)) / c;
      out[i + 1] = (sg + (c >> 1)) / c;
      out[i + 2] = (sb + (c >> 1)) / c;
    }
  }
}
