/**
 * Stage 2, clean: suppresses compression noise without blurring edges, using a sigma filter
 * (Lee 1983): each pixel becomes the mean of those 3x3 neighbours whose colour is within a
 * threshold of its own, so pixels across an edge never mix. Transparent pixels are left as
 * they are and never contribute colour (transparency stays transparency).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';
import { pixelScratch } from './reusable-arrays.js';
import { lendCopy } from './lent-arrays.js';

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
  const out = lendCopy(Uint8Array, rgb);
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
      // Per neighbour i, t_i is -1 when it is opaque and within `limit` of (r0, g0, b0) by
      // |dR|+|dG|+|dB|, else 0; branch-free (noisy photos make every branch a coin toss).
      // Written out: as eight calls of one function, V8 left some not inlined (a quarter of
      // the filter's time on photos).
      const dr0 = ((q0 >> 16) & 255) - r0,
        dg0 = ((q0 >> 8) & 255) - g0,
        db0 = (q0 & 255) - b0;
      const d0 =
        (dr0 ^ (dr0 >> 31)) -
        (dr0 >> 31) +
        ((dg0 ^ (dg0 >> 31)) - (dg0 >> 31)) +
        ((db0 ^ (db0 >> 31)) - (db0 >> 31));
      const t0 = ~(((limit - d0) >> 31) | (q0 >> 31));
      const dr1 = ((q1 >> 16) & 255) - r0,
        dg1 = ((q1 >> 8) & 255) - g0,
        db1 = (q1 & 255) - b0;
      const d1 =
        (dr1 ^ (dr1 >> 31)) -
        (dr1 >> 31) +
        ((dg1 ^ (dg1 >> 31)) - (dg1 >> 31)) +
        ((db1 ^ (db1 >> 31)) - (db1 >> 31));
      const t1 = ~(((limit - d1) >> 31) | (q1 >> 31));
      const dr2 = ((q2 >> 16) & 255) - r0,
        dg2 = ((q2 >> 8) & 255) - g0,
        db2 = (q2 & 255) - b0;
      const d2 =
        (dr2 ^ (dr2 >> 31)) -
        (dr2 >> 31) +
        ((dg2 ^ (dg2 >> 31)) - (dg2 >> 31)) +
        ((db2 ^ (db2 >> 31)) - (db2 >> 31));
      const t2 = ~(((limit - d2) >> 31) | (q2 >> 31));
      const dr3 = ((q3 >> 16) & 255) - r0,
        dg3 = ((q3 >> 8) & 255) - g0,
        db3 = (q3 & 255) - b0;
      const d3 =
        (dr3 ^ (dr3 >> 31)) -
        (dr3 >> 31) +
        ((dg3 ^ (dg3 >> 31)) - (dg3 >> 31)) +
        ((db3 ^ (db3 >> 31)) - (db3 >> 31));
      const t3 = ~(((limit - d3) >> 31) | (q3 >> 31));
      const dr4 = ((q4 >> 16) & 255) - r0,
        dg4 = ((q4 >> 8) & 255) - g0,
        db4 = (q4 & 255) - b0;
      const d4 =
        (dr4 ^ (dr4 >> 31)) -
        (dr4 >> 31) +
        ((dg4 ^ (dg4 >> 31)) - (dg4 >> 31)) +
        ((db4 ^ (db4 >> 31)) - (db4 >> 31));
      const t4 = ~(((limit - d4) >> 31) | (q4 >> 31));
      const dr5 = ((q5 >> 16) & 255) - r0,
        dg5 = ((q5 >> 8) & 255) - g0,
        db5 = (q5 & 255) - b0;
      const d5 =
        (dr5 ^ (dr5 >> 31)) -
        (dr5 >> 31) +
        ((dg5 ^ (dg5 >> 31)) - (dg5 >> 31)) +
        ((db5 ^ (db5 >> 31)) - (db5 >> 31));
      const t5 = ~(((limit - d5) >> 31) | (q5 >> 31));
      const dr6 = ((q6 >> 16) & 255) - r0,
        dg6 = ((q6 >> 8) & 255) - g0,
        db6 = (q6 & 255) - b0;
      const d6 =
        (dr6 ^ (dr6 >> 31)) -
        (dr6 >> 31) +
        ((dg6 ^ (dg6 >> 31)) - (dg6 >> 31)) +
        ((db6 ^ (db6 >> 31)) - (db6 >> 31));
      const t6 = ~(((limit - d6) >> 31) | (q6 >> 31));
      const dr7 = ((q7 >> 16) & 255) - r0,
        dg7 = ((q7 >> 8) & 255) - g0,
        db7 = (q7 & 255) - b0;
      const d7 =
        (dr7 ^ (dr7 >> 31)) -
        (dr7 >> 31) +
        ((dg7 ^ (dg7 >> 31)) - (dg7 >> 31)) +
        ((db7 ^ (db7 >> 31)) - (db7 >> 31));
      const t7 = ~(((limit - d7) >> 31) | (q7 >> 31));
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
