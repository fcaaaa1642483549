/**
 * Stage 3b, labelling: assigns every pixel to a palette colour and records how much of the
 * pixel that colour covers. Idea (after Diebel's and Vector Magic's rendering model): an
 * anti-aliased edge pixel is a linear blend of the two flat colours beside it, c = a*A + (1-a)*B.
 * Instead of becoming a sliver of some in-between palette colour, the pixel joins the colour
 * with the larger share, and the share a (0.5..1) plus a neighbour of the other colour are
 * kept: the boundaries stage turns these coverages into sub-pixel edge positions.
 * Partially transparent pixels blend with "nothing" the same way (coverage = alpha); with
 * see-through palette colours the blends are fitted in premultiplied RGBA (a shadow's edge, a
 * shape's edge over its shadow).
 * Lines about a pixel wide are then kept whole (thin-lines.ts).
 */
import type { WorkImage } from './image.js';
import type { Control } from './abort.js';
import { bridgeDiagonals, liftRidges, mayBeRidge, type ThinLineLabelling } from './thin-lines.js';
import { rgbaDist2 } from './soft-alpha.js';
import { NearestPalette } from './nearest-palette.js';
import { colourPlane, PARTLY_OPAQUE } from './colour-plane.js';
import { pixelScratch } from './reusable-arrays.js';
import { lendArray, lendCopy } from './lent-arrays.js';
import { blendBeyondBorder } from './border-blends.js';

/** Labelling's near and nearDist, kept from one trace to the next (written before read). */
const nearScratch = pixelScratch((n) => new Int16Array(n));
const nearDistScratch = pixelScratch((n) => new Float32Array(n));
/** The pixels the ridge pass can lift (Labelling.inexact, .relabelled, and the two merged). */
const inexactScratch = pixelScratch((n) => new Int32Array(n));
const relabelledScratch = pixelScratch((n) => new Int32Array(n));
const ridgeScratch = pixelScratch((n) => new Int32Array(n));

export const TRANSPARENT = -1;

export interface Labels {
  /** Palette index per pixel, or TRANSPARENT. */
  lab: Int16Array;
  /** Coverage of the pixel by its own label, 0.5..1 (as 0..255). */
  cover: Uint8Array;
  /** Index of a neighbouring pixel of the other blended colour, or -1 when the pixel is pure. */
  other: Int32Array;
}

export interface LabelParams {
  /** Anti-aliased pixels record their coverage and the other colour (sub-pixel edges). */
  subPixelCoverage: boolean;
  /**
   * 8: a pixel is flat when its 8 neighbours share its colour; 4 (cheaper): its 4 edge
   * neighbours (such a pixel has at most 4 differing neighbours, which only matters for thin
   * diagonal features).
   */
  flatNeighbours: 4 | 8;
  /** Lines about a pixel wide that fall between pixel centres are kept (not for photos). */
  thinLines: boolean;
  /** Border pixels may blend with a colour beyond the image (border-blends.ts). */
  borderBlends?: boolean;
  /**
   * Of the pairs of colours that explain an edge pixel equally well, the one farthest apart is
   * taken (widestTiedPair): not for photos, whose many shades make such ties common and whose
   * soft edges hold the shades between.
   */
  widestPairs?: boolean;
}

export function assignLabels(
  img: WorkImage,
  palette: number[],
  params: LabelParams,
  ctl: Control,
  /** Alpha per palette colour when some are partly transparent (soft-alpha.ts). */
  paletteAlpha?: number[],
): Labels {
  // Each pass is its own small function over typed arrays and one object of fixed shape (no
  // closures made per call): V8 optimises small functions after few iterations and compiles
  // them quickly, while one large function with many loops stayed interpreted for most of the
  // first traces of a process and was recompiled (on-stack) loop after loop.
  const ls = new Labelling(img, palette, paletteAlpha);
  // Zero gaps: no pixel leans to another colour, so none is listed for the ridge pass.
  ls.ridges = params.subPixelCoverage && params.thinLines;
  ls.widestPairs = params.widestPairs === true;
  if (ls.ridges) {
    ls.findInverseGaps();
    ls.sortByDistance();
  } else ls.inverseGap2 = new Float64Array(ls.k);
  nearestColours(ls, img, palette, paletteAlpha);
  ctl.check();
  const lab = lendCopy(Int16Array, ls.near);
  const cover = lendArray(Uint8Array, ls.n, 255);
  const other = lendArray(Int32Array, ls.n, -1);
  if (!params.subPixelCoverage) return { lab, cover, other };
  ls.lab = lab;
  ls.cover = cover;
  ls.other = other;
  // Rows mostly inside flat areas take the sliding window; noisy ones (photos), where the
  // first neighbour tested usually differs already, test pixel by pixel.
  let flat = ls.w;
  for (let y = 0; y < ls.h; y++) {
    if ((y & 63) === 0) ctl.check();
    flat = blendRow(ls, y, params.flatNeighbours === 4, 4 * flat >= ls.w);
  }
  if (params.thinLines) {
    const count = mergeRidgeCandidates(ls);
    liftRidges(ls, ridgeScratch(count), count);
  }
  bridgeDiagonals(ls);
  if (params.borderBlends && !paletteAlpha) blendBeyondBorder(img, palette, lab, cover, other);
  return { lab, cover, other };
}

const EMPTY_INT16 = new Int16Array(0);
const EMPTY_INT32 = new Int32Array(0);
const EMPTY_UINT8 = new Uint8Array(0);
const EMPTY_FLOAT64 = new Float64Array(0);

/** The image, the palette and the labelling under way, shared by the passes of assignLabels. */
class Labelling implements ThinLineLabelling {
  readonly w: number;
  readonly h: number;
  readonly n: number;
  readonly rgb: Uint8Array;
  readonly alpha: Uint8Array;
  /** Palette size and channels. */
  readonly k: number;
  readonly pr: Int32Array;
  readonly pg: Int32Array;
  readonly pb: Int32Array;
  /** Some palette colours are partly transparent (then `pa` holds each colour's alpha). */
  readonly seeThroughPalette: boolean;
  readonly pa: Float64Array;
  /** Nearest palette colour per pixel and its distance. */
  readonly near: Int16Array;
  readonly nearDist: Float32Array;
  lab = EMPTY_INT16;
  cover = EMPTY_UINT8;
  other = EMPTY_INT32;
  /** Premultiplied RGBA of each label (index l + 1; 0 is transparent), see-through palettes only. */
  pm = EMPTY_FLOAT64;
  /** 1 / the squared distance from each palette colour to the nearest other one. */
  inverseGap2 = EMPTY_FLOAT64;
  /**
   * Per palette colour l, at l * k: the other opaque colours (not of l's exact colour) by
   * increasing squared distance from l, and those distances; byDistanceCount[l] of them.
   */
  byDistance = EMPTY_INT32;
  byDistanceLen2 = EMPTY_INT32;
  byDistanceCount = EMPTY_INT32;
  // Fractions start as NaN, not 0: V8 stores a field first set to an integer as one, and the
  // first fraction written to it changes the object's shape, which throws away the optimised
  // code of every pass that reads the object (a trace in a warm process then pays for
  // recompiling them all).
  leanShare = NaN;
  /** widerPair's or widestTiedPair's pair: colours a and b, a's share t (as pairBlend's), residual. */
  wideA = -1;
  wideB = -1;
  wideT = NaN;
  wideRes = NaN;
  /** pairResidual2's share. */
  pairT = NaN;
  /** The other labels among a pixel's 8 neighbours, in scan order. */
  readonly cand = new Int16Array(9);
  /**
   * In raster order: the pixels that mayBeRidge lets through (by their nearest colour), and
   * those whose label became another than their nearest colour (blends). Only these can be
   * ridges of thin lines.
   */
  readonly inexact: Int32Array;
  inexactCount = 0;
  /** The ridge pass will run: the lists above are kept. */
  ridges = false;
  /** Ties between pairs go to the pair farthest apart (LabelParams.widestPairs). */
  widestPairs = false;
  readonly relabelled: Int32Array;
  relabelledCount = 0;

  constructor(img: WorkImage, palette: number[], paletteAlpha: number[] | undefined) {
    this.w = img.width;
    this.h = img.height;
    this.n = img.width * img.height;
    this.rgb = img.rgb;
    this.alpha = img.alpha;
    this.k = palette.length;
    this.pr = Int32Array.from(palette, (c) => (c >> 16) & 255);
    this.pg = Int32Array.from(palette, (c) => (c >> 8) & 255);
    this.pb = Int32Array.from(palette, (c) => c & 255);
    this.seeThroughPalette = paletteAlpha !== undefined;
    this.pa = paletteAlpha ? Float64Array.from(paletteAlpha) : new Float64Array(this.k).fill(255);
    this.near = nearScratch(this.n).subarray(0, this.n);
    this.nearDist = nearDistScratch(this.n).subarray(0, this.n);
    this.inexact = inexactScratch(this.n);
    this.relabelled = relabelledScratch(this.n);
    if (this.seeThroughPalette) {
      const pm = new Float64Array(4 * (this.k + 1));
      for (let i = 0; i < this.k; i++) {
        const fa = this.pa[i] / 255;
        pm[4 * (i + 1)] = this.pr[i] * fa;
        pm[4 * (i + 1) + 1] = this.pg[i] * fa;
        pm[4 * (i + 1) + 2] = this.pb[i] * fa;
        pm[4 * (i + 1) + 3] = this.pa[i];
      }
      this.pm = pm;
    }
  }

  alphaOf(l: number): number {
    return l < 0 ? 0 : this.pa[l];
  }

  holds(nc: number, l: number): boolean {
    for (let j = 0; j < nc; j++) if (this.cand[j] === l) return true;
    return false;
  }

  /** How much of palette colour `colour` pixel q holds as a blend with its own label (0..1). */
  share(q: number, colour: number): number {
    const l = this.lab[q];
    if (l < 0 || colour < 0) return 0;
    const { pr, pg, pb, rgb } = this;
    const ex = pr[colour] - pr[l],
      ey = pg[colour] - pg[l],
      ez = pb[colour] - pb[l];
    const len2 = ex * ex + ey * ey + ez * ez;
    if (len2 < 1) return 0;
    const t =
      ((rgb[q * 3] - pr[l]) * ex + (rgb[q * 3 + 1] - pg[l]) * ey + (rgb[q * 3 + 2] - pb[l]) * ez) /
      len2;
    return t < 0 ? 0 : t > 1 ? 1 : t;
  }

  // share(q, c) <= |q's colour - its label's| / |c - the label's| (Cauchy-Schwarz), so a
  // pixel near its palette colour leans to no other by much.
  findInverseGaps(): void {
    const k = this.k;
    this.inverseGap2 = new Float64Array(k);
    for (let l = 0; l < k; l++) {
      let m = Infinity;
      for (let c = 0; c < k; c++) {
        const d = this.distance2(c, l);
        if (c !== l && d >= 1 && d < m) m = d;
      }
      this.inverseGap2[l] = 1 / m;
    }
  }

  /** Fills byDistance (for strongestLean). */
  sortByDistance(): void {
    const k = this.k;
    const order = new Int32Array(k * k),
      len2s = new Int32Array(k * k),
      counts = new Int32Array(k);
    const others: number[] = [];
    const d2 = new Int32Array(k);
    for (let l = 0; l < k; l++) {
      others.length = 0;
      for (let c = 0; c < k; c++) {
        d2[c] = this.distance2(c, l);
        // A thin line's pixels blend its colour with their own: a see-through colour paints
        // no such blend (a hairline over red is no shadow, though both are black).
        if (d2[c] >= 1 && this.pa[c] === 255) others.push(c);
      }
      others.sort((a, b) => d2[a] - d2[b] || a - b);
      for (let i = 0; i < others.length; i++) {
        order[l * k + i] = others[i];
        len2s[l * k + i] = d2[others[i]];
      }
      counts[l] = others.length;
    }
    this.byDistance = order;
    this.byDistanceLen2 = len2s;
    this.byDistanceCount = counts;
  }

  strongestLean(q: number, from: number): number {
    const l = this.lab[q];
    const { pr, pg, pb, rgb, k, byDistance, byDistanceLen2 } = this;
    const dr = rgb[q * 3] - pr[l],
      dg = rgb[q * 3 + 1] - pg[l],
      db = rgb[q * 3 + 2] - pb[l];
    // Of the colours q's holds `from` of, the one whose blend with l comes nearest q's colour,
    // not the largest share: grey beside white holds 0.33 of black, and 0.36 of red by its
    // projection, but it is no red.
    // share(q, c) <= |q's colour - l| / |c - l|: colours farther than |q - l| / from cannot
    // reach it (by more than any rounding).
    const far2 = (dr * dr + dg * dg + db * db) * (1 + 1e-9);
    let best = -1,
      bestShare = 0,
      bestRes2 = Infinity;
    for (let i = l * k, end = i + this.byDistanceCount[l]; i < end; i++) {
      const len2 = byDistanceLen2[i];
      if (len2 * from * from > far2) break;
      const c = byDistance[i];
      const ex = pr[c] - pr[l],
        ey = pg[c] - pg[l],
        ez = pb[c] - pb[l];
      const dot = dr * ex + dg * ey + db * ez;
      if (dot < from * len2 * (1 - 1e-9)) continue;
      // As share(q, c) computes it.
      const t = dot / len2;
      const tc = t > 1 ? 1 : t;
      // How far q's colour is from the blend of l and c it holds.
      const fx = tc * ex - dr,
        fy = tc * ey - dg,
        fz = tc * ez - db;
      const res2 = fx * fx + fy * fy + fz * fz;
      const tie = Math.abs(res2 - bestRes2) <= 1;
      if (
        (!tie && res2 < bestRes2) ||
        (tie && (tc > bestShare || (tc === bestShare && c > best)))
      ) {
        bestShare = tc;
        bestRes2 = res2;
        best = c;
      }
    }
    if (bestShare < from) best = -1;
    this.leanShare = best < 0 ? from : bestShare;
    return best;
  }

  offset2(q: number): number {
    const l = this.lab[q];
    const dr = this.rgb[q * 3] - this.pr[l],
      dg = this.rgb[q * 3 + 1] - this.pg[l],
      db = this.rgb[q * 3 + 2] - this.pb[l];
    return dr * dr + dg * dg + db * db;
  }

  distance2(a: number, b: number): number {
    const { pr, pg, pb } = this;
    return (pr[a] - pr[b]) ** 2 + (pg[a] - pg[b]) ** 2 + (pb[a] - pb[b]) ** 2;
  }

  /** Pixel p (in raster order) becomes label l. */
  relabel(p: number, l: number): void {
    this.lab[p] = l;
    if (this.ridges && l !== this.near[p]) this.relabelled[this.relabelledCount++] = p;
  }

  /** Pixel p becomes label `mine` covering it by `cov`, the rest by a neighbour labelled `theirs`. */
  assign(p: number, mine: number, cov: number, theirs: number): void {
    this.relabel(p, mine);
    if (cov > 0.995) return;
    const x = p % this.w,
      y = (p - x) / this.w;
    const q = findNeighbour(this.near, this.nearDist, this.w, this.h, x, y, theirs);
    if (q >= 0) {
      this.cover[p] = Math.round(Math.max(0.5, cov) * 255);
      this.other[p] = q;
    }
  }
}

/**
 * Direct-mapped cache of nearest palette entries and their distances by exact colour (keys
 * stored + 1: 0 is an empty slot), cleared per call: kept from one trace to the next so that
 * each trace does not allocate (and collect) it anew.
 */
const cacheKey = new Int32Array(1 << 16);
const cacheVal = new Int16Array(1 << 16);
const cacheDist = new Float32Array(1 << 16);

/** Nearest palette colour and its distance for every pixel (ls.near, ls.nearDist). */
function nearestColours(
  ls: Labelling,
  img: WorkImage,
  palette: number[],
  paletteAlpha: number[] | undefined,
): void {
  const { n, near, nearDist, pr, pg, pb, inexact, inverseGap2, ridges } = ls;
  let inexactCount = 0,
    prevLeans = false;
  const plane = colourPlane(img);
  // A table of about an eighth of the image's pixels (2^10..2^16 slots): small images' lookups
  // stay in the nearer CPU caches, and each trace clears only that much.
  const shift = 32 - Math.min(16, Math.max(10, Math.ceil(Math.log2(n + 1)) - 3));
  cacheKey.fill(0, 0, 1 << (32 - shift));
  const nearest = new NearestPalette(palette);
  let prevKey = -1;
  for (let p = 0; p < n; p++) {
    const v = plane[p];
    if (v < 0 || v >= PARTLY_OPAQUE) {
      if (paletteAlpha) {
        nearestSeeThrough(ls, p, palette, paletteAlpha);
        if (ridges && near[p] >= 0) inexact[inexactCount++] = p;
        prevKey = -1;
        continue;
      }
      if (v < 0) {
        // The whole run of transparent pixels at once.
        let q = p;
        do {
          near[q] = TRANSPARENT;
          nearDist[q] = 0;
        } while (++q < n && plane[q] < 0);
        p = q - 1;
        prevKey = -1;
        continue;
      }
    }
    const key = v & 0xffffff;
    if (key === prevKey) {
      // The previous pixel's answer, for the whole run of this exact pixel value.
      const l = near[p - 1],
        d = nearDist[p - 1];
      let q = p;
      do {
        near[q] = l;
        nearDist[q] = d;
        if (prevLeans) inexact[inexactCount++] = q;
      } while (++q < n && plane[q] === v);
      p = q - 1;
      continue;
    }
    prevKey = key;
    const slot = Math.imul(key, 0x9e3779b1) >>> shift;
    if (cacheKey[slot] !== key + 1) {
      const r = key >> 16,
        g = (key >> 8) & 255,
        b = key & 255;
      const best = nearest.nearest(r, g, b);
      const er = pr[best] - r,
        eg = pg[best] - g,
        eb = pb[best] - b;
      cacheKey[slot] = key + 1;
      cacheVal[slot] = best;
      cacheDist[slot] = Math.sqrt(er * er + eg * eg + eb * eb);
    }
    const l = (near[p] = cacheVal[slot]),
      d = (nearDist[p] = cacheDist[slot]);
    if (!ridges) continue;
    prevLeans = mayBeRidge(d * d, inverseGap2[l]);
    if (prevLeans) inexact[inexactCount++] = p;
  }
  ls.inexactCount = inexactCount;
}

/** Labelling.inexact and .relabelled merged into ridgeScratch, in raster order; their count. */
function mergeRidgeCandidates(ls: Labelling): number {
  const { inexact, relabelled, inexactCount: na, relabelledCount: nb } = ls;
  const out = ridgeScratch(na + nb);
  let i = 0,
    j = 0,
    o = 0;
  // One loop (an exhausted list reads as past the last pixel): tail loops that most traces
  // never reach deoptimised the function when one did.
  while (i < na || j < nb) {
    const a = i < na ? inexact[i] : 0x7fffffff,
      b = j < nb ? relabelled[j] : 0x7fffffff;
    out[o++] = a <= b ? a : b;
    if (a <= b) i++;
    if (b <= a) j++;
  }
  return o;
}

/** Partial alpha: the nearest colour by look over any background, or nothing. */
function nearestSeeThrough(
  ls: Labelling,
  p: number,
  palette: number[],
  paletteAlpha: number[],
): void {
  const { rgb, alpha } = ls;
  const r = rgb[p * 3],
    g = rgb[p * 3 + 1],
    b = rgb[p * 3 + 2];
  let best = TRANSPARENT,
    bd = rgbaDist2(r, g, b, alpha[p], 0, 0);
  for (let i = 0; i < palette.length; i++) {
    const d = rgbaDist2(r, g, b, alpha[p], palette[i], paletteAlpha[i]);
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  ls.near[p] = best;
  ls.nearDist[p] = Math.sqrt(bd / 2);
}

/**
 * Labels the edge pixels of row y as blends; pixels inside flat areas keep their colour.
 * Returns how many were inside flat areas.
 */
function blendRow(ls: Labelling, y: number, cheap: boolean, sliding: boolean): number {
  const { w, h } = ls;
  if (cheap || !sliding || y === 0 || y === h - 1 || w < 3) return blendRowPlain(ls, y, cheap);
  const { near, alpha } = ls;
  const row = y * w;
  blendPixel(ls, row, 0, y);
  // Sliding 3x3 window: column x is uniform when its pixels above, at and below are equal;
  // pixel x is inside a flat area when columns x - 1, x, x + 1 are and its row neighbours
  // equal it (three reads per pixel instead of nine; near does not change in this pass).
  let left = near[row],
    mid = near[row + 1];
  let inside = 0;
  let leftCol = near[row - w] === left && near[row + w] === left,
    midCol = near[row - w + 1] === mid && near[row + w + 1] === mid;
  for (let x = 1; x < w - 1; x++) {
    const p = row + x;
    const right = near[p + 1];
    const rightCol = near[p - w + 1] === right && near[p + w + 1] === right;
    const flat = leftCol && midCol && rightCol && left === mid && right === mid && alpha[p] === 255;
    if (flat) inside++;
    else blendInterior(ls, p, x, y);
    left = mid;
    mid = right;
    leftCol = midCol;
    midCol = rightCol;
  }
  blendPixel(ls, row + w - 1, w - 1, y);
  return inside;
}

/** blendRow testing pixel by pixel (the 4-neighbour test, border rows, noisy rows). */
function blendRowPlain(ls: Labelling, y: number, cheap: boolean): number {
  const { w, h, near, alpha } = ls;
  if (!cheap && y > 0 && y < h - 1 && w >= 3) return blendRowInterior(ls, y);
  let inside = 0;
  for (let x = 0; x < w; x++) {
    const p = y * w + x;
    const own = near[p];
    // Fast path: interior of a flat area.
    if (
      cheap &&
      alpha[p] === 255 &&
      x > 0 &&
      y > 0 &&
      x < w - 1 &&
      y < h - 1 &&
      near[p - w] === own &&
      near[p + w] === own &&
      near[p - 1] === own &&
      near[p + 1] === own
    ) {
      inside++;
      continue;
    }
    blendPixel(ls, p, x, y);
  }
  return inside;
}

/** blendRowPlain with the 8-neighbour test on a row that is not the image's first or last. */
function blendRowInterior(ls: Labelling, y: number): number {
  const { w } = ls;
  const row = y * w;
  let inside = 0;
  blendPixel(ls, row, 0, y);
  for (let x = 1; x < w - 1; x++) inside += blendInterior(ls, row + x, x, y);
  blendPixel(ls, row + w - 1, w - 1, y);
  return inside;
}

/**
 * blendPixel for a pixel off the image's border, its eight neighbours read once in scan order;
 * 1 when it is inside a flat area (opaque, all neighbours its colour), else 0.
 */
function blendInterior(ls: Labelling, p: number, x: number, y: number): number {
  const { w, near, cand } = ls;
  const own = near[p];
  const u = p - w,
    d = p + w;
  const l0 = near[u - 1],
    l1 = near[u],
    l2 = near[u + 1],
    l3 = near[p - 1],
    l4 = near[p + 1],
    l5 = near[d - 1],
    l6 = near[d],
    l7 = near[d + 1];
  const same =
    (l0 === own ? 1 : 0) +
    (l1 === own ? 1 : 0) +
    (l2 === own ? 1 : 0) +
    (l3 === own ? 1 : 0) +
    (l4 === own ? 1 : 0) +
    (l5 === own ? 1 : 0) +
    (l6 === own ? 1 : 0) +
    (l7 === own ? 1 : 0);
  if (same === 8) return ls.alpha[p] === 255 ? 1 : 0;
  // An opaque pixel among many of its own colour and no transparency, which blendCandidates
  // would keep as it is: the candidates are not needed.
  if (
    (same >= 6 || (same > 2 && ls.nearDist[p] <= 4)) &&
    !ls.seeThroughPalette &&
    ls.alpha[p] === 255 &&
    (l0 | l1 | l2 | l3 | l4 | l5 | l6 | l7) >= 0
  )
    return 0;
  let nc = 0;
  if (l0 !== own) cand[nc++] = l0;
  if (l1 !== own && !ls.holds(nc, l1)) cand[nc++] = l1;
  if (l2 !== own && !ls.holds(nc, l2)) cand[nc++] = l2;
  if (l3 !== own && !ls.holds(nc, l3)) cand[nc++] = l3;
  if (l4 !== own && !ls.holds(nc, l4)) cand[nc++] = l4;
  if (l5 !== own && !ls.holds(nc, l5)) cand[nc++] = l5;
  if (l6 !== own && !ls.holds(nc, l6)) cand[nc++] = l6;
  if (l7 !== own && !ls.holds(nc, l7)) cand[nc++] = l7;
  blendCandidates(ls, p, x, y, own, nc, same);
  return 0;
}

/** Pixel p beside other colours: a blend of two of them, or of its colour and transparency. */
function blendPixel(ls: Labelling, p: number, x: number, y: number): void {
  const { w, h, near, cand } = ls;
  const own = near[p];
  let same = 0,
    nc = 0;
  const dx0 = x > 0 ? -1 : 0,
    dx1 = x < w - 1 ? 1 : 0,
    dy0 = y > 0 ? -1 : 0,
    dy1 = y < h - 1 ? 1 : 0;
  for (let dy = dy0; dy <= dy1; dy++) {
    const row = p + dy * w;
    for (let dx = dx0; dx <= dx1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const l = near[row + dx];
      if (l === own) same++;
      else if (!ls.holds(nc, l)) cand[nc++] = l;
    }
  }
  if (nc === 0) return;
  blendCandidates(ls, p, x, y, own, nc, same);
}

/**
 * Pixel p of label `own` with nc other labels among its neighbours (ls.cand) and `same` of
 * its own: a blend of two labels, or of its label and transparency.
 */
function blendCandidates(
  ls: Labelling,
  p: number,
  x: number,
  y: number,
  own: number,
  nc: number,
  same: number,
): void {
  const { cand } = ls;
  const a = ls.alpha[p];
  if (ls.seeThroughPalette) {
    let soft = a < 255 || ls.alphaOf(own) < 255;
    for (let j = 0; j < nc && !soft; j++) soft = ls.alphaOf(cand[j]) < 255;
    if (soft) {
      if (a !== 0) alphaBlend(ls, p, [...cand.subarray(0, nc), own], own);
      return;
    }
  }
  if (a < 255 || ls.holds(nc, TRANSPARENT)) {
    if (a !== 0) transparencyBlend(ls, p, x, y, own, a);
    return;
  }
  if (same >= 6) return;
  // pairBlend takes a pair only when it is 4 nearer than the own colour, or beside few pixels of
  // the own colour: a pixel this near its own colour among many of them keeps it.
  if (same > 2 && ls.nearDist[p] <= 4) return;
  cand[nc++] = own;
  pairBlend(ls, p, x, y, nc, same);
}

/** Blend with transparency: coverage is alpha relative to the colour's own alpha. */
function transparencyBlend(
  ls: Labelling,
  p: number,
  x: number,
  y: number,
  own: number,
  a: number,
): void {
  const want = own === TRANSPARENT ? -2 : TRANSPARENT;
  const q = findNeighbour(ls.near, ls.nearDist, ls.w, ls.h, x, y, want);
  const cov =
    q < 0 ? 1 : own === TRANSPARENT ? 1 - a / ls.alphaOf(ls.near[q]) : a / ls.alphaOf(own);
  if (q >= 0 && cov < 0.999) {
    ls.cover[p] = Math.round(Math.max(0.5, cov) * 255);
    ls.other[p] = q;
  }
}

/**
 * A pixel far from every palette colour and from every blend of its neighbours' colours may
 * blend one of them with a colour none of its neighbours has: the pixels of a line thinner than
 * a pixel are all blends of it with the background, and the nearest palette colour of such a
 * grey blend of black and white can be blue. Nearer a palette colour than WIDE_MIN_DIST, a pixel
 * is more often a tint of its own (pink dots on a pepperoni, which a red-and-white blend loses).
 */
const WIDE_MIN_DIST = 120;
const WIDE_MIN_RES = 12;

/**
 * Squared distance from colour (r, g, b) to the blend of palette colours a and b nearest it
 * (len2: their squared distance, at least 1); a's share of that blend is left in ls.pairT.
 */
function pairResidual2(
  ls: Labelling,
  r: number,
  g: number,
  b: number,
  a: number,
  bb: number,
  len2: number,
): number {
  const { pr, pg, pb } = ls;
  const ex = pr[a] - pr[bb],
    ey = pg[a] - pg[bb],
    ez = pb[a] - pb[bb];
  const cr = r - pr[bb],
    cg = g - pg[bb],
    cb = b - pb[bb];
  let t = (cr * ex + cg * ey + cb * ez) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  ls.pairT = t;
  const fr = t * ex - cr,
    fg = t * ey - cg,
    fb = t * ez - cb;
  return fr * fr + fg * fg + fb * fb;
}

/**
 * Whether a candidate colour and another palette colour blend to pixel p at under half
 * `bestRes` (the best pair of candidates); the best such pair is left in ls.wide*.
 */
function widerPair(ls: Labelling, p: number, nc: number, bestRes: number): boolean {
  const { rgb, cand, k } = ls;
  const r = rgb[p * 3],
    g = rgb[p * 3 + 1],
    b = rgb[p * 3 + 2];
  let best2 = (bestRes / 2) ** 2;
  ls.wideA = -1;
  for (let i = 0; i < nc; i++) {
    const ia = cand[i];
    if (ia < 0) continue;
    // Pairs of candidates come again, and lose: none is nearer than bestRes.
    for (let ib = 0; ib < k; ib++) {
      const len2 = ls.distance2(ia, ib);
      if (len2 < 1) continue;
      const res2 = pairResidual2(ls, r, g, b, ia, ib, len2);
      if (res2 >= best2) continue;
      best2 = res2;
      ls.wideA = ia;
      ls.wideB = ib;
      ls.wideT = ls.pairT;
    }
  }
  ls.wideRes = Math.sqrt(best2);
  return ls.wideA >= 0;
}

/**
 * Pairs within this (RGB) of the best pair's residual explain a pixel as well: compression noise
 * moves a pixel off the line of its two colours by a few levels (on the DEV split 8 did better
 * than 1.5 and 4, 16 no better, and the inputs resized x0.8 and x1.3 gained as much).
 */
const PAIR_TIE_RGB = 8;

/**
 * Of the pairs of candidates that explain pixel p within PAIR_TIE_RGB of `bestRes`, the one whose
 * colours lie farthest apart (left in ls.wide*; the best pair itself when no other is). Where the
 * palette holds colours between two others (greys between white and black), an edge pixel between
 * the two is explained as well by a pair with one of the colours between, which its neighbours'
 * nearest colours offer (other edge pixels): labelled that colour, it notched the edge.
 */
function widestTiedPair(ls: Labelling, p: number, nc: number, bestRes: number): boolean {
  const { rgb, cand } = ls;
  const r = rgb[p * 3],
    g = rgb[p * 3 + 1],
    b = rgb[p * 3 + 2];
  const tie2 = (bestRes + PAIR_TIE_RGB) ** 2;
  let wideLen2 = -1;
  ls.wideA = -1;
  for (let i = 0; i < nc; i++) {
    const ia = cand[i];
    for (let j = i + 1; j < nc; j++) {
      const ib = cand[j];
      const len2 = ls.distance2(ia, ib);
      if (len2 <= wideLen2 || len2 < 1 || pairResidual2(ls, r, g, b, ia, ib, len2) > tie2) continue;
      wideLen2 = len2;
      ls.wideA = ia;
      ls.wideB = ib;
      ls.wideT = ls.pairT;
    }
  }
  return ls.wideA >= 0;
}

/** An opaque pixel as the blend of the pair of its nc candidate colours that explains it best. */
function pairBlend(ls: Labelling, p: number, x: number, y: number, nc: number, same: number): void {
  const { rgb, pr, pg, pb, cand } = ls;
  const r = rgb[p * 3],
    g = rgb[p * 3 + 1],
    b = rgb[p * 3 + 2];
  const d0 = ls.nearDist[p];
  let bestRes = Infinity,
    bestRes2 = Infinity,
    bestA = -1,
    bestB = -1,
    bestT = 1;
  // Only a pair nearer than `limit` can be used (usePair below), and only one nearer than the
  // best so far can replace it: a pair whose line (nearer than its segment) is farther than
  // `bound` by more than any rounding is skipped without its division.
  const limit = same <= 2 ? Math.max(d0 - 4, 12) : d0 - 4;
  let bound2 = (limit + 1e-6) ** 2;
  for (let i = 0; i < nc; i++) {
    const ia = cand[i];
    const ar = pr[ia],
      ag = pg[ia],
      ab = pb[ia];
    for (let j = i + 1; j < nc; j++) {
      const ib = cand[j];
      const br = pr[ib],
        bg = pg[ib],
        bb = pb[ib];
      const ex = ar - br,
        ey = ag - bg,
        ez = ab - bb;
      const len2 = ex * ex + ey * ey + ez * ez;
      if (len2 < 1) continue;
      const cr = r - br,
        cg = g - bg,
        cb = b - bb;
      const dot = cr * ex + cg * ey + cb * ez;
      // Squared distance to the line times len2, exact in doubles (under 2^53).
      if ((cr * cr + cg * cg + cb * cb) * len2 - dot * dot >= bound2 * len2) continue;
      let t = dot / len2;
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const fr = br + t * ex - r,
        fg = bg + t * ey - g,
        fb = bb + t * ez - b;
      const res2 = fr * fr + fg * fg + fb * fb;
      // sqrt is monotonic: a pair no nearer in square cannot be nearer (no sqrt needed).
      if (res2 >= bestRes2) continue;
      const res = Math.sqrt(res2);
      if (res < bestRes) {
        bestRes = res;
        bestRes2 = res2;
        if (res < limit) bound2 = (res + 1e-6) ** 2;
        bestA = ia;
        bestB = ib;
        bestT = t;
      }
    }
  }
  if (ls.widestPairs && bestA >= 0 && nc > 2 && widestTiedPair(ls, p, nc, bestRes)) {
    bestA = ls.wideA;
    bestB = ls.wideB;
    bestT = ls.wideT;
  }
  if (bestRes > WIDE_MIN_RES && d0 >= WIDE_MIN_DIST && widerPair(ls, p, nc, bestRes)) {
    bestRes = ls.wideRes;
    bestA = ls.wideA;
    bestB = ls.wideB;
    bestT = ls.wideT;
  }
  if (bestA < 0) return;
  const usePair = bestRes + 4 < d0 || (same <= 2 && bestRes < 12);
  if (!usePair) return;
  const mine = bestT >= 0.5 ? bestA : bestB;
  const theirs = bestT >= 0.5 ? bestB : bestA;
  const cov = bestT >= 0.5 ? bestT : 1 - bestT;
  ls.relabel(p, mine);
  if (cov > 0.995) return;
  const { w, h } = ls;
  const q =
    x > 0 && x < w - 1 && y > 0 && y < h - 1
      ? neighbourInside(ls.near, ls.nearDist, w, p, theirs)
      : findNeighbour(ls.near, ls.nearDist, w, h, x, y, theirs);
  if (q >= 0) {
    ls.cover[p] = Math.round(cov * 255);
    ls.other[p] = q;
  }
}

/**
 * A pixel with partial alpha, or beside see-through colours, as a blend of two labels (or
 * a label and nothing) in premultiplied RGBA: the blend of a shadow's edge with nothing and
 * of a shape's edge with the shadow under it are both linear there, so each gets its
 * coverage like any anti-aliased edge. Where a shape, its shadow and nothing meet, the pixel
 * is a blend of all three (two labels and nothing). Fits without the pixel's own label pay
 * a little.
 */
function alphaBlend(ls: Labelling, p: number, labels: number[], own: number): void {
  const { rgb, alpha, pm } = ls;
  const fa = alpha[p] / 255;
  const v = [rgb[p * 3] * fa, rgb[p * 3 + 1] * fa, rgb[p * 3 + 2] * fa, alpha[p]];
  const at = (l: number, c: number) => pm[4 * (l + 1) + c];
  let bestRes = Infinity,
    bestA = own,
    bestB = own,
    bestT = 1,
    bestU = 0; // share of B in a three-way blend (then A's is bestT, nothing has the rest)
  for (let i = 0; i < labels.length; i++) {
    const A = labels[i];
    for (let j = i + 1; j < labels.length; j++) {
      const B = labels[j];
      const penalty = A === own || B === own ? 0 : 2;
      // Two-way: v = t A + (1 - t) B.
      let len2 = 0,
        dot = 0;
      for (let c = 0; c < 4; c++) {
        const e = at(A, c) - at(B, c);
        len2 += e * e;
        dot += (v[c] - at(B, c)) * e;
      }
      if (len2 >= 1) {
        const t = Math.min(1, Math.max(0, dot / len2));
        let r2 = 0;
        for (let c = 0; c < 4; c++) r2 += (v[c] - at(B, c) - t * (at(A, c) - at(B, c))) ** 2;
        if (Math.sqrt(r2) + penalty < bestRes) {
          bestRes = Math.sqrt(r2) + penalty;
          bestA = A;
          bestB = B;
          bestT = t;
          bestU = 0;
        }
      }
      // Three-way with nothing: v = t A + u B, inside the triangle only.
      if (A < 0 || B < 0 || !labels.includes(TRANSPARENT)) continue;
      let aa = 0,
        ab = 0,
        bb = 0,
        av = 0,
        bv = 0;
      for (let c = 0; c < 4; c++) {
        aa += at(A, c) ** 2;
        ab += at(A, c) * at(B, c);
        bb += at(B, c) ** 2;
        av += at(A, c) * v[c];
        bv += at(B, c) * v[c];
      }
      const det = aa * bb - ab * ab;
      if (det < 1e-3 * aa * bb) continue; // (nearly) the same colour at two alphas
      const t = (av * bb - bv * ab) / det,
        u = (bv * aa - av * ab) / det;
      if (t <= 0 || u <= 0 || t + u >= 1) continue;
      let r2 = 0;
      for (let c = 0; c < 4; c++) r2 += (v[c] - t * at(A, c) - u * at(B, c)) ** 2;
      const pen = penalty && own !== TRANSPARENT ? 2 : 0;
      if (Math.sqrt(r2) + pen + 1 < bestRes) {
        bestRes = Math.sqrt(r2) + pen;
        bestA = A;
        bestB = B;
        bestT = t;
        bestU = u;
      }
    }
  }
  if (bestU === 0) {
    if (bestT >= 0.5) ls.assign(p, bestA, bestT, bestB);
    else ls.assign(p, bestB, 1 - bestT, bestA);
    return;
  }
  // Three shares; the top one of the two labels (opaque, else the larger) keeps its exact
  // share as the boundary field sees it: its outline is the one in sight.
  const shares: [number, number][] = [
    [bestA, bestT],
    [bestB, bestU],
    [TRANSPARENT, 1 - bestT - bestU],
  ];
  const top =
    ls.alphaOf(bestA) !== ls.alphaOf(bestB)
      ? ls.alphaOf(bestA) > ls.alphaOf(bestB)
        ? shares[0]
        : shares[1]
      : bestT >= bestU
        ? shares[0]
        : shares[1];
  const [mine, mineShare] = shares.reduce((m, s) => (s[1] > m[1] ? s : m));
  if (mine === top[0]) {
    const rest = shares.filter((s) => s[0] !== mine);
    ls.assign(p, mine, mineShare, (rest[0][1] >= rest[1][1] ? rest[0] : rest[1])[0]);
  } else ls.assign(p, mine, 1 - top[1], top[0]);
}

/**
 * findNeighbour for pixel p off the image's border and a label `want` (not -2), the neighbours
 * written out in its order (ties go to the first; diagonals count 0.5 farther).
 */
function neighbourInside(
  near: Int16Array,
  nearDist: Float32Array,
  w: number,
  p: number,
  want: number,
): number {
  let best = -1,
    bd = Infinity;
  const u = p - w,
    d = p + w;
  if (near[u - 1] === want && nearDist[u - 1] + 0.5 < bd) {
    bd = nearDist[u - 1] + 0.5;
    best = u - 1;
  }
  if (near[u] === want && nearDist[u] < bd) {
    bd = nearDist[u];
    best = u;
  }
  if (near[u + 1] === want && nearDist[u + 1] + 0.5 < bd) {
    bd = nearDist[u + 1] + 0.5;
    best = u + 1;
  }
  if (near[p - 1] === want && nearDist[p - 1] < bd) {
    bd = nearDist[p - 1];
    best = p - 1;
  }
  if (near[p + 1] === want && nearDist[p + 1] < bd) {
    bd = nearDist[p + 1];
    best = p + 1;
  }
  if (near[d - 1] === want && nearDist[d - 1] + 0.5 < bd) {
    bd = nearDist[d - 1] + 0.5;
    best = d - 1;
  }
  if (near[d] === want && nearDist[d] < bd) {
    bd = nearDist[d];
    best = d;
  }
  if (near[d + 1] === want && nearDist[d + 1] + 0.5 < bd) best = d + 1;
  return best;
}

/** The 8-neighbour with label `want` (-2 = any opaque) closest to its palette colour. */
function findNeighbour(
  near: Int16Array,
  nearDist: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  want: number,
): number {
  let best = -1,
    bd = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= h) continue;
    for (let dx = -1; dx <= 1; dx++) {
      const xx = x + dx;
      if ((dx === 0 && dy === 0) || xx < 0 || xx >= w) continue;
      const q = yy * w + xx;
      const l = near[q];
      if (want === -2 ? l === TRANSPARENT : l !== want) continue;
      const d = nearDist[q] + (dx !== 0 && dy !== 0 ? 0.5 : 0);
      if (d < bd) {
        bd = d;
        best = q;
      }
    }
  }
  return best;
}
