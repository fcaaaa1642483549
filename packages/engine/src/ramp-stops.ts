/** The stops of a ramp from its samples' colours along the ramp parameter (gradients.ts). */
import { toHex } from './palette.js';
import type { GradientStop } from './types.js';
import type { Samples } from './ramp-samples.js';
import { reusable } from './reusable-arrays.js';

/** Ramp parameter bins and stop reduction tolerance. */
const BINS = 12;
const STOP_TOLERANCE_RGB = 2.5;

/**
 * Per bin: count, sum of t, sums of r, g, b; reused by every call (typed arrays this long are
 * allocated outside the heap, which costs more than clearing one).
 */
const binSums = new Float64Array(BINS * 5);
/** Each sample's offset in binSums, reused by every call. */
const binBuffer = reusable((n) => new Int32Array(n));

/**
 * Stops along ramp parameter t: mean colour per bin at the bin's mean t, then interior stops
 * that the neighbours' interpolation reproduces within STOP_TOLERANCE_RGB are dropped.
 * Offsets are (t - t0) / (t1 - t0), or t / t1 for radial ramps (which start at the centre).
 * lo and hi are t's least and largest values, which the caller finds as it fills t (one pass
 * fewer): by plain comparisons, as t holds no NaN and no -0 (where they would differ from
 * Math.min/max).
 */
export function binStops(
  pts: Samples,
  t: Float64Array,
  lo: number,
  hi: number,
  fromZero = false,
): { t0: number; t1: number; stops: GradientStop[] } | null {
  const n = pts.n,
    c = pts.c;
  if (!(hi - lo > 1)) return null;
  const acc = binSums.fill(0);
  const span = hi - lo;
  // The bins in one loop, the sums in another: in a single loop each sample's sums waited on its
  // division as well as on the previous sums in the same bin (a chain through memory).
  const bin = binBuffer(n);
  for (let i = 0; i < n; i++) {
    // Truncation is the floor: t >= lo, so the value is in [0, BINS].
    const q = (((t[i] - lo) / span) * BINS) | 0;
    bin[i] = (q < BINS - 1 ? q : BINS - 1) * 5;
  }
  for (let i = 0; i < n; i++) {
    const a = bin[i];
    acc[a]++;
    acc[a + 1] += t[i];
    acc[a + 2] += c[i * 3];
    acc[a + 3] += c[i * 3 + 1];
    acc[a + 4] += c[i * 3 + 2];
  }
  const t0 = fromZero ? 0 : lo;
  const raw: { o: number; c: number[] }[] = [];
  for (let a = 0; a < BINS * 5; a += 5) {
    const k = acc[a];
    if (k < 3) continue;
    raw.push({
      o: (acc[a + 1] / k - t0) / (hi - t0),
      c: [acc[a + 2] / k, acc[a + 3] / k, acc[a + 4] / k],
    });
  }
  if (raw.length < 2) return null;
  // Drop interior stops that interpolation reproduces, least needed first.
  for (;;) {
    let worst = -1,
      worstDev = Infinity;
    for (let i = 1; i < raw.length - 1; i++) {
      const a = raw[i - 1],
        b = raw[i + 1];
      const u = (raw[i].o - a.o) / (b.o - a.o);
      let dev = 0;
      for (let k = 0; k < 3; k++)
        dev = Math.max(dev, Math.abs(a.c[k] + (b.c[k] - a.c[k]) * u - raw[i].c[k]));
      if (dev < worstDev) {
        worstDev = dev;
        worst = i;
      }
    }
    if (worst < 0 || worstDev > STOP_TOLERANCE_RGB) break;
    raw.splice(worst, 1);
  }
  const hex = (c: number[]) =>
    toHex((clampByte(c[0]) << 16) | (clampByte(c[1]) << 8) | clampByte(c[2]));
  return {
    t0,
    t1: hi,
    stops: raw.map((s) => ({ offset: Math.round(s.o * 1000) / 1000, color: hex(s.c) })),
  };
}

function clampByte(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}
