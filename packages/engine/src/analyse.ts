/**
 * Stage 1, analyse: picks the trace mode from cheap image statistics (idea: flat-colour art
 * has mostly identical neighbours, photos have textured neighbour differences, pixel art
 * has hard edges without anti-aliased blends), and estimates noise so the clean stage knows
 * whether JPEG artefacts must be suppressed.
 */
import type { WorkImage } from './image.js';
import type { TraceMode } from './types.js';

export interface Analysis {
  mode: Exclude<TraceMode, 'auto'>;
  /** Fraction of neighbour pairs that are exactly equal. */
  flatFrac: number;
  /** Fraction of neighbour pairs differing by 1..6 per channel (compression noise). */
  noiseFrac: number;
  /** Fraction of neighbour pairs differing by 7..48 (texture / gradients / soft edges). */
  textureFrac: number;
  /** Share of opaque pixels in the 12 most common coarse colour bins (flat art: high). */
  topShare: number;
  hasTransparency: boolean;
  grayscale: boolean;
}

export function analyse(img: WorkImage, requested: TraceMode): Analysis {
  const { width: w, height: h } = img;
  // The pixel loops are small functions of their own: code after an on-stack-replaced loop
  // has no type feedback yet and deoptimised this one, trace after trace.
  const [pairs, flat, noise, texture, transparent, chroma, opaque] = neighbourStats(img);
  const n = Math.max(1, pairs);
  const topShare = topBinShare(img, 12);
  const a: Analysis = {
    mode: 'color',
    flatFrac: flat / n,
    noiseFrac: noise / n,
    textureFrac: texture / n,
    topShare,
    hasTransparency: transparent > 0,
    grayscale: chroma < opaque * 0.002,
  };
  if (requested !== 'auto') {
    a.mode = requested;
  } else if (
    // The counts first: the blend ratios cost a pass each, and most images fail these.
    a.noiseFrac + a.textureFrac < 0.02 &&
    a.flatFrac > 0.5 &&
    Math.max(w, h) <= 512 &&
    // Anti-aliasing shows in RGB between colours and in alpha against transparency (a logo on
    // nothing may have no opaque colour transition at all); pixel art has neither.
    Math.max(blendRatio(img), alphaBlendRatio(img)) < 0.15 &&
    fewFrequentColours(img, 64, 0.98) &&
    (pixelBlock(img) >= 2 || !fewFrequentColours(img, 2, 1))
  ) {
    a.mode = 'pixelart';
  } else if (
    a.topShare < 0.65 ||
    (a.textureFrac > 0.2 && a.flatFrac < 0.3) ||
    (a.noiseFrac > 0.45 && a.flatFrac < 0.45 && a.textureFrac > 0.07)
  ) {
    a.mode = 'photo';
  } else {
    a.mode = 'color';
  }
  return a;
}

/**
 * Sampled neighbour statistics (every second pixel of every second row above 40 000 px):
 * [pairs, flat, noise, texture, transparent, chroma, opaque] as counted in analyse.
 */
function neighbourStats(img: WorkImage): number[] {
  const { width: w, height: h, rgb, alpha } = img;
  let pairs = 0,
    flat = 0,
    noise = 0,
    texture = 0,
    transparent = 0,
    chroma = 0,
    opaque = 0;
  const step = w * h > 40_000 ? 2 : 1;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      if (alpha[p] < 128) {
        transparent++;
        continue;
      }
      opaque++;
      const r = rgb[p * 3],
        g = rgb[p * 3 + 1],
        b = rgb[p * 3 + 2];
      const hi = r > g ? (r > b ? r : b) : g > b ? g : b,
        lo = r < g ? (r < b ? r : b) : g < b ? g : b;
      if (hi - lo > 12) chroma++;
      if (x + 1 < w && alpha[p + 1] >= 128) {
        const q = (p + 1) * 3;
        const dr = r - rgb[q],
          dg = g - rgb[q + 1],
          db = b - rgb[q + 2];
        pairs++;
        if (dr === 0 && dg === 0 && db === 0) flat++;
        else {
          const d = Math.max(Math.abs(dr), Math.abs(dg), Math.abs(db));
          if (d <= 6) noise++;
          else if (d <= 48) texture++;
        }
      }
    }
  }
  return [pairs, flat, noise, texture, transparent, chroma, opaque];
}

/**
 * Share of colour transitions (along rows) whose middle pixel is a blend of the pixels on
 * either side: high for anti-aliased art, near zero for pixel art.
 */
function blendRatio(img: WorkImage): number {
  const { width: w, height: h, rgb, alpha } = img;
  let transitions = 0,
    blends = 0;
  const rowStep = h > 200 ? 2 : 1;
  for (let y = 0; y < h; y += rowStep) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const a = (p - 1) * 3,
        m = p * 3,
        b = (p + 1) * 3;
      // Most pixels equal their left neighbour: that test first, the alpha ones after.
      const am = rgb[a] !== rgb[m] || rgb[a + 1] !== rgb[m + 1] || rgb[a + 2] !== rgb[m + 2];
      if (!am) continue;
      if (alpha[p - 1] < 255 || alpha[p] < 255 || alpha[p + 1] < 255) continue;
      transitions++;
      const mb = rgb[b] !== rgb[m] || rgb[b + 1] !== rgb[m + 1] || rgb[b + 2] !== rgb[m + 2];
      if (!mb) continue;
      const ex = rgb[a] - rgb[b],
        ey = rgb[a + 1] - rgb[b + 1],
        ez = rgb[a + 2] - rgb[b + 2];
      const l2 = ex * ex + ey * ey + ez * ez;
      if (l2 < 100) continue;
      const t =
        ((rgb[m] - rgb[b]) * ex + (rgb[m + 1] - rgb[b + 1]) * ey + (rgb[m + 2] - rgb[b + 2]) * ez) /
        l2;
      if (t < 0.08 || t > 0.92) continue;
      const res =
        (rgb[b] + t * ex - rgb[m]) ** 2 +
        (rgb[b + 1] + t * ey - rgb[m + 1]) ** 2 +
        (rgb[b + 2] + t * ez - rgb[m + 2]) ** 2;
      if (res < l2 * 0.01 + 36) blends++;
    }
  }
  return transitions ? blends / transitions : 0;
}

/**
 * Share of alpha transitions (along rows) that pass through a partly transparent pixel: high for
 * art anti-aliased against transparency, zero for binary alpha (pixel art, cut-out sprites).
 */
function alphaBlendRatio(img: WorkImage): number {
  const { width: w, height: h, alpha } = img;
  let transitions = 0,
    partial = 0;
  const rowStep = h > 200 ? 2 : 1;
  for (let y = 0; y < h; y += rowStep) {
    for (let x = 1; x < w; x++) {
      const p = y * w + x;
      if (alpha[p] === alpha[p - 1]) continue;
      transitions++;
      if (alpha[p] > 8 && alpha[p] < 247) partial++;
    }
  }
  return transitions ? partial / transitions : 0;
}

/** Share of opaque pixels falling in the `k` most populated 4-bit-per-channel colour bins. */
function topBinShare(img: WorkImage, k: number): number {
  const { width: w, height: h, rgb, alpha } = img;
  const bins = new Uint32Array(4096);
  let total = 0;
  const step = w * h > 40_000 ? 2 : 1;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      if (alpha[p] < 128) continue;
      bins[((rgb[p * 3] >> 4) << 8) | ((rgb[p * 3 + 1] >> 4) << 4) | (rgb[p * 3 + 2] >> 4)]++;
      total++;
    }
  }
  // The k largest counts, kept in descending order (cheaper than sorting all 4096 bins).
  const largest = new Array<number>(k).fill(0);
  for (const c of bins) {
    if (c <= largest[k - 1]) continue;
    let i = k - 1;
    for (; i > 0 && largest[i - 1] < c; i--) largest[i] = largest[i - 1];
    largest[i] = c;
  }
  let top = 0;
  for (let i = 0; i < k; i++) top += largest[i];
  return total ? top / total : 1;
}

/**
 * The side of the square blocks an upscaled sprite repeats every pixel in: every colour change
 * along a row lies on a multiple of it (plus one phase), and likewise along columns; 1 for
 * drawings, which is how a two-colour aliased drawing (to be smoothed, as potrace does) is told
 * from pixel art (whose pixel corners are intended).
 */
function pixelBlock(img: WorkImage): number {
  const { width: w, height: h, rgb } = img;
  const same = (p: number, q: number) =>
    rgb[p * 3] === rgb[q * 3] &&
    rgb[p * 3 + 1] === rgb[q * 3 + 1] &&
    rgb[p * 3 + 2] === rgb[q * 3 + 2];
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let g = 0;
  const scan = (n: number, len: number, at: (line: number, i: number) => number) => {
    let phase = -1;
    for (let line = 0; line < n; line++) {
      for (let i = 1; i < len; i++) {
        if (same(at(line, i), at(line, i - 1))) continue;
        if (phase < 0) phase = i;
        else g = gcd(g, Math.abs(i - phase));
        if (g === 1) return;
      }
    }
  };
  scan(h, w, (y, x) => y * w + x);
  if (g !== 1) scan(w, h, (x, y) => y * w + x);
  return g === 0 ? Math.max(w, h) : g; // 0: every change on one phase (any block fits)
}

/**
 * Pixel art has few exact colours and no anti-aliased in-between ones: true when at most
 * `maxColours` distinct colours exist and frequent ones (>= 0.2% each) cover `share`.
 */
function fewFrequentColours(img: WorkImage, maxColours: number, share: number): boolean {
  const { width: w, height: h, rgb, alpha } = img;
  const seen = new Map<number, number>();
  let opaque = 0;
  for (let p = 0; p < w * h; p++) {
    if (alpha[p] < 128) continue;
    opaque++;
    const key = (rgb[p * 3] << 16) | (rgb[p * 3 + 1] << 8) | rgb[p * 3 + 2];
    seen.set(key, (seen.get(key) ?? 0) + 1);
    if (seen.size > maxColours) return false;
  }
  let frequent = 0;
  for (const c of seen.values()) if (c >= opaque * 0.002) frequent += c;
  return frequent >= share * opaque;
}
