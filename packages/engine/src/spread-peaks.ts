/**
 * Stage 3a, palette (continued): colours whose votes JPEG noise spread over many histogram bins
 * (see addSpreadPeaks).
 */
import { binKey, farFromAll, type ColourBin } from './colour.js';

/**
 * On a JPEG a small flat colour (the chocolate chips of a cookie) has its stable pixels spread by
 * the noise over dozens of bins, none with minCount votes, and is lost (the chips came out grey).
 * Its votes pooled (each bin with its 26 neighbours) count: such a colour is added when they
 * reach SPREAD_MIN_SHARE of all votes (and minCount) and it is SPREAD_APART minimum distances
 * from every colour taken (the shades around a taken colour pool too). On DEV 4 JPEGs gain a
 * colour (a cookie's brown chips, a sleeping camper's skin, details of a hot dog and an emoji).
 */
export function addSpreadPeaks(
  bins: ColourBin[],
  centres: number[][],
  opts: { minDistanceRgb: number; maxColours: number; minCount: number; votes: number },
): number[][] {
  const spread = Math.max(opts.minCount, SPREAD_MIN_SHARE * opts.votes);
  const apart = SPREAD_APART * opts.minDistanceRgb;
  const out = [...centres];
  const apart2 = apart * apart;
  // A pooled mean is within POOL_REACH of its bin's: bins nearer than that to a colour taken
  // could not be added, and are not pooled.
  const near = Math.max(0, apart - POOL_REACH);
  const candidates = bins.filter((b) =>
    farFromAll(centres, [b.r / b.count, b.g / b.count, b.b / b.count], near * near),
  );
  for (const peak of pooledVotes(bins, candidates)) {
    if (peak.count < spread || out.length >= opts.maxColours) break;
    const c = [peak.r / peak.count, peak.g / peak.count, peak.b / peak.count];
    if (farFromAll(out, c, apart2)) out.push(c);
  }
  return out;
}

/** Pooled votes needed, as a share of all stable votes, and distance apart (x minDistanceRgb). */
const SPREAD_MIN_SHARE = 0.001;
const SPREAD_APART = 2;
/** Farthest a pooled mean lies from its bin's mean: 7 levels (a bin and a half) per channel. */
const POOL_REACH = 7 * Math.sqrt(3) + 0.01;

/** Bin index + 1 per key while pooledVotes runs (all 0 between calls). */
const binAt = new Int32Array(1 << 18);

/** Each of `some` (bins of `all`) with the votes of the 26 bins around it, most voted first. */
function pooledVotes(all: ColourBin[], some: ColourBin[]): ColourBin[] {
  if (some.length === 0) return [];
  // Every colour of a bin has the same key, so the key of its mean is the bin's.
  const keyOf = (b: ColourBin) =>
    binKey(Math.floor(b.r / b.count), Math.floor(b.g / b.count), Math.floor(b.b / b.count));
  const keys = all.map(keyOf);
  keys.forEach((k, i) => (binAt[k] = i + 1));
  const out = some.map((bin) => {
    const sum: ColourBin = { count: 0, r: 0, g: 0, b: 0 };
    const key = keyOf(bin);
    const r0 = key >> 12,
      g0 = (key >> 6) & 63,
      b0 = key & 63;
    for (let r = Math.max(0, r0 - 1); r <= Math.min(63, r0 + 1); r++)
      for (let g = Math.max(0, g0 - 1); g <= Math.min(63, g0 + 1); g++)
        for (let b = Math.max(0, b0 - 1); b <= Math.min(63, b0 + 1); b++) {
          const at = binAt[(r << 12) | (g << 6) | b];
          if (at === 0) continue;
          const o = all[at - 1];
          sum.count += o.count;
          sum.r += o.r;
          sum.g += o.g;
          sum.b += o.b;
        }
    return sum;
  });
  for (const k of keys) binAt[k] = 0;
  return out.sort((a, b) => b.count - a.count);
}
