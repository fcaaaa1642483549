/**
 * Stage 3a, palette (continued): colours that never vote. Thin strokes, small text and the dots
 * of small icons have no stable pixels, so the histogram never sees them; what the palette
 * cannot explain is looked at here, and its colour is added (see addThinColour).
 */
import type { WorkImage } from './image.js';
import { farFromAll, flatColours, packedDist2, snap, unpack } from './colour.js';
import { nearSoft, type SoftColour } from './soft-alpha.js';
import { colourPlane, PARTLY_OPAQUE } from './colour-plane.js';
import { commonColour } from './common-colour.js';
import {
  ExplainedCells,
  explained,
  explainedByLast,
  nearestDist2,
  nearestFlat,
} from './explained-colours.js';

/** What the search reads of the palette's options (PaletteOptions, palette.ts). */
interface ThinOptions {
  minDistanceRgb: number;
  maxColours: number;
  sampleStepPx?: number;
  /** Compression noise: its colours are no blends, and no colour is looked for among them. */
  noisyVotes?: boolean;
}

/** Pixels unexplained by the palette needed before black is considered: this share, at least 6. */
const THIN_MIN_SHARE = 0.001;
/** The most covered pixel of a thin stroke is taken to be at least this much covered. */
const THIN_MIN_COVERAGE = 0.75;
/** Icons up to this size (px) also keep a small feature of another hue (its own colour). */
const ICON_MAX_PX = 64;
/**
 * On larger images a hue is added only when this share of the opaque pixels is unexplained:
 * a drawing of thin coloured lines (no line has a flat pixel) would otherwise trace as a blank
 * background, while ringing and junction pixels are a small share.
 */
const THIN_HUE_MIN_SHARE = 0.02;
/**
 * Below that, a hue is still added when this share of the opaque pixels (and SELF_MIN_PIXELS)
 * are of the hue itself, no blend of their neighbours' colours: the 1-px red lines of a plaid cap
 * (clipart-chav_01 in the shared benchmark: 105 of 51200 pixels), where ringing and junctions
 * leave mostly blends (logo-q.jpeg: 402 pixels unexplained, 36 of the extreme colour, under 57).
 */
const HUE_MIN_SELF_SHARE = 0.001;
/**
 * The most common colour of the unexplained pixels that are no blends (addDarkOrCommonColour),
 * a surer sign than the extreme one, needs half that share: flag-gq's six gold stars have 27
 * such pixels of its 49152.
 */
const COMMON_MIN_SHARE = 0.0005;
/** On JPEG noise that colour lies at least this many times minDistanceRgb from the palette. */
const NOISY_COMMON_APART = 2;
/** A colour added for pixels of its own has at least this many. */
const SELF_MIN_PIXELS = 24;
/**
 * ...but a hue this many times minDistanceRgb from every palette colour and every blend of two,
 * which no anti-aliasing or ringing between them gives, needs only its share of SELF_MIN_PIXELS
 * by image side against 256 px: the five gold stars of a 96-px flag (flag-mo-4by3.small) have
 * 16 such pixels.
 */
const DISTINCT_APART = 2;
/** At most this many thin colours are added, one at a time (thin lines of several colours). */
const THIN_MAX_ADDED = 4;
/** Share of the unexplained pixels that the new colour must explain (blends with the palette). */
const THIN_EXPLAINED_SHARE = 0.6;

/** The centres with the thin colours added, one at a time, up to THIN_MAX_ADDED. */
export function addThinColours(
  img: WorkImage,
  centres: number[][],
  opts: ThinOptions,
  soft: SoftColour[],
): number[][] {
  const scan = new ThinScan();
  for (let i = 0; i < THIN_MAX_ADDED; i++) {
    const added = addThinColour(img, centres, opts, soft, scan);
    if (added === centres) break;
    centres = added;
  }
  return centres;
}

/**
 * Thin dark strokes and small text have no stable (flat) pixels, so they never vote: a 1-px
 * black line on white is all grey blends, and the palette keeps only white. A pixel that is
 * neither near a palette colour nor near a blend of two of them is unexplained; when the most
 * extreme one, pushed from its nearest palette colour as far as a coverage of
 * THIN_MIN_COVERAGE implies, reaches black, and black (as blends with the palette) explains
 * most unexplained pixels, black joins the palette. Another hue is added as the extreme pixel's
 * own colour on icons (a small dot of 16-64 px art has no flat pixel either), and on larger
 * images only when many pixels are unexplained (THIN_HUE_MIN_SHARE) or many are of that colour
 * itself (HUE_MIN_SELF_SHARE): there JPEG ringing and three-colour junctions also leave
 * unexplained pixels, blends of their neighbours, and they must not become colours. When that
 * hue is turned down, the darkest unexplained pixel still gets its chance (addDarkColour):
 * small dark text beside some light speck that is farther from the palette; and on clean images
 * so does the most common colour that is no blend (addDarkOrCommonColour).
 * Called again for each colour added, so thin lines of several colours all keep theirs.
 */
function addThinColour(
  img: WorkImage,
  centres: number[][],
  opts: ThinOptions,
  soft: SoftColour[],
  scan: ThinScan,
): number[][] {
  const { width: w, height: h } = img;
  if (centres.length >= opts.maxColours) return centres;
  const plane = colourPlane(img);
  const thr2 = opts.minDistanceRgb * opts.minDistanceRgb;
  // Flat channels: the centres mix integer and fractional arrays, whose element kinds differ.
  const pal = flatColours(centres);
  // Each pass is its own small function: this one mostly returns after the first, and code
  // reached for the first time in an optimised function deoptimises it.
  if (scan.opaque < 0) {
    const step = Math.max(1, opts.sampleStepPx ?? 1);
    scan.opaque = findUnexplained(img, plane, pal, thr2, step, soft, scan.unexplained);
  }
  const { unexplained, opaque } = scan;
  if (unexplained.length < Math.max(6, opaque * THIN_MIN_SHARE)) return centres;
  const worst = mostExtreme(plane, pal, unexplained);
  const pushed = pushedFromPalette(img, plane, centres, pal, worst);
  const dark = snap(pushed[0], pushed[1], pushed[2]) === 0;
  const extreme = plane[worst] & 0xffffff;
  if (!dark && Math.max(w, h) > ICON_MAX_PX && !hueAllowed(img, plane, pal, extreme, thr2, scan))
    return addDarkOrCommonColour(img, plane, centres, pal, thr2, scan, opts);
  const added = [...centres, dark ? [0, 0, 0] : unpack(extreme)];
  const now = explainedBy(added, plane, thr2, scan);
  // Most of what was unexplained, or (one of several thin colours) a share of the whole image.
  const enough =
    now >= THIN_EXPLAINED_SHARE * unexplained.length || now >= THIN_HUE_MIN_SHARE * opaque;
  if (enough) return keep(added, scan);
  return dark ? centres : addDarkOrCommonColour(img, plane, centres, pal, thr2, scan, opts);
}

/**
 * On a larger image, a hue is added when many pixels are unexplained (THIN_HUE_MIN_SHARE) or many
 * are of the hue itself (HUE_MIN_SELF_SHARE; fewer on small images when no blend of the palette
 * comes near it, DISTINCT_APART).
 */
function hueAllowed(
  img: WorkImage,
  plane: Int32Array,
  pal: Float64Array,
  hue: number,
  thr2: number,
  scan: ThinScan,
): boolean {
  const { unexplained, opaque } = scan;
  if (unexplained.length >= THIN_HUE_MIN_SHARE * opaque) return true;
  const distinct = !explained(
    pal,
    hue >> 16,
    (hue >> 8) & 255,
    hue & 255,
    DISTINCT_APART ** 2 * thr2,
  );
  const side = Math.max(img.width, img.height);
  const own = distinct
    ? Math.min(SELF_MIN_PIXELS, Math.ceil((SELF_MIN_PIXELS * side) / 256))
    : SELF_MIN_PIXELS;
  const least = Math.max(own, HUE_MIN_SELF_SHARE * opaque);
  return countSelfColoured(img, plane, hue, thr2, unexplained) >= least;
}

/**
 * The darkest unexplained pixel pushed as addThinColour pushes the extreme one, added when it
 * comes out dark (every channel at most DARK_MAX_CHANNEL) and explains DARK_MIN_SHARE of the
 * image: the thin black lettering of a flag's motto on its yellow scroll (flag-vg in the shared
 * benchmark), or the dark brown dots of a JPEG pepperoni (logo-pepperoni), that a lighter speck
 * kept out. On the DEV split, the dark lettering of two flags explained 0.88-1.34 % of the image,
 * and the darker shades that JPEG leaves where navy meets another colour, which must not become
 * black, 0.34-0.75 %. A dark colour that is not blackish must also be the colour of
 * SELF_MIN_PIXELS of those pixels itself (countSelfColoured): a JPEG logo's overshoot along its
 * blue edges explains as much as the pepperoni's dots (1.3 %), but as blends, with 1 pixel of its
 * own colour against the dots' 201. Black needs none: a dinosaur's small black mouth has 1.
 */
function addDarkColour(
  img: WorkImage,
  plane: Int32Array,
  centres: number[][],
  pal: Float64Array,
  thr2: number,
  scan: ThinScan,
): number[][] {
  const { unexplained, opaque } = scan;
  const isDark = (c: ArrayLike<number>) => Math.max(c[0], c[1], c[2]) <= DARK_MAX_CHANNEL;
  if (centres.some(isDark)) return centres;
  const pushed = pushedFromPalette(img, plane, centres, pal, darkest(img, unexplained));
  if (!isDark(pushed)) return centres;
  const v = snap(pushed[0], pushed[1], pushed[2]);
  const blackish = Math.max(pushed[0], pushed[1], pushed[2]) <= BLACKISH_MAX_CHANNEL;
  if (!blackish && countSelfColoured(img, plane, v, thr2, unexplained) < SELF_MIN_PIXELS)
    return centres;
  const added = [...centres, unpack(v)];
  const now = explainedBy(added, plane, thr2, scan);
  return now >= Math.max(DARK_MIN_PIXELS, DARK_MIN_SHARE * opaque) ? keep(added, scan) : centres;
}

/**
 * How many of `pixels` have a colour within sqrt(thr2) of packed colour 0xrrggbb that is no blend
 * of two of their 8 neighbours' colours (farther from it): the colour's own pixels, not those that
 * an edge between two other colours happens to pass through (olive where black meets yellow).
 */
function countSelfColoured(
  img: WorkImage,
  plane: Int32Array,
  colour: number,
  thr2: number,
  pixels: number[],
): number {
  let n = 0;
  for (const p of pixels)
    if (
      packedDist2(plane[p] & 0xffffff, colour) < thr2 &&
      !blendOfNeighbours(img, plane, p, colour, thr2)
    )
      n++;
  return n;
}

/**
 * When addDarkColour adds nothing, on an image over 64 px: the most common colour (commonColour)
 * of the unexplained pixels that are no blends of their neighbours, added when COMMON_MIN_SHARE
 * of the image (and SELF_MIN_PIXELS) are of it and it explains as many: the grey outline of a
 * flag's small shield (flag-gq), a plaid's lines that downscaling turned salmon
 * (clipart-chav_01.small) or a figure's brown hair (flag-vg), none of them the extreme colour.
 * On JPEG noise nearly every pixel is a blend of its neighbours by that test, and blends along
 * edges gave the DEV split's flags olive rims: there only the inside of a patch counts (pixels
 * whose neighbours are all near them), and the colour must be NOISY_COMMON_APART palette distances
 * from every palette colour (a camper's yellow moon, not the shading of a cookie's orange).
 */
function addDarkOrCommonColour(
  img: WorkImage,
  plane: Int32Array,
  centres: number[][],
  pal: Float64Array,
  thr2: number,
  scan: ThinScan,
  opts: ThinOptions,
): number[][] {
  const withDark = addDarkColour(img, plane, centres, pal, thr2, scan);
  if (withDark !== centres || Math.max(img.width, img.height) <= ICON_MAX_PX) return withDark;
  const least = Math.max(SELF_MIN_PIXELS, COMMON_MIN_SHARE * scan.opaque);
  const own = scan.unexplained.filter((p) =>
    opts.noisyVotes
      ? surrounded(img, plane, p, thr2)
      : !blendOfNeighbours(img, plane, p, plane[p] & 0xffffff, thr2),
  );
  const common = commonColour(plane, own, thr2);
  if (!common || common.n < least) return centres;
  if (opts.noisyVotes && !farFromAll(centres, common.colour, NOISY_COMMON_APART ** 2 * thr2))
    return centres;
  const added = [...centres, common.colour];
  return explainedBy(added, plane, thr2, scan) >= least ? keep(added, scan) : centres;
}

/**
 * Pixel p, of packed colour 0xrrggbb or near it, is within sqrt(thr2) of a blend of two of its 8
 * neighbours' colours that are farther from that colour.
 */
function blendOfNeighbours(
  img: WorkImage,
  plane: Int32Array,
  p: number,
  colour: number,
  thr2: number,
): boolean {
  const { width: w, height: h } = img;
  const r = colour >> 16,
    g = (colour >> 8) & 255,
    b = colour & 255;
  const x = p % w,
    y = (p - x) / w;
  let k = 0;
  for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
    for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
      const v = plane[yy * w + xx];
      if (v < 0 || packedDist2(v & 0xffffff, colour) < thr2) continue;
      neighbours[k++] = (v >> 16) & 255;
      neighbours[k++] = (v >> 8) & 255;
      neighbours[k++] = v & 255;
    }
  // None of them is near the colour: only a blend of two can explain it.
  return explained(neighbours.subarray(0, k), r, g, b, thr2);
}

/** Pixel p's 8 neighbours are all within sqrt(thr2) of its colour (the inside of a patch). */
function surrounded(img: WorkImage, plane: Int32Array, p: number, thr2: number): boolean {
  const { width: w, height: h } = img;
  const x = p % w,
    y = (p - x) / w;
  if (x === 0 || y === 0 || x === w - 1 || y === h - 1) return false;
  const colour = plane[p] & 0xffffff;
  for (let dy = -w; dy <= w; dy += w)
    for (let dx = -1; dx <= 1; dx++) {
      const v = plane[p + dy + dx];
      if (v < 0 || packedDist2(v & 0xffffff, colour) >= thr2) return false;
    }
  return true;
}

/** blendOfNeighbours' neighbour colours (flat channels), reused by every call. */
const neighbours = new Float64Array(24);

/** Every channel of an added dark colour is at most this (the pepperoni's dots: 70, 26, 13)... */
const DARK_MAX_CHANNEL = 80;
/** ...and of a blackish one at most this. */
const BLACKISH_MAX_CHANNEL = 48;
/** An added dark colour explains at least this share of the opaque pixels, and this many. */
const DARK_MIN_SHARE = 0.008;
const DARK_MIN_PIXELS = 24;

/**
 * Pixel p's colour pushed away from its nearest palette colour as far as a coverage of
 * THIN_MIN_COVERAGE implies (and no farther than the RGB cube): the colour of the stroke that
 * covers most of it.
 */
function pushedFromPalette(
  img: WorkImage,
  plane: Int32Array,
  centres: number[][],
  pal: Float64Array,
  p: number,
): number[] {
  const { rgb } = img;
  const base = centres[nearestFlat(pal, plane[p] & 0xffffff) / 3];
  const e = [rgb[p * 3], rgb[p * 3 + 1], rgb[p * 3 + 2]];
  let k = 1 / THIN_MIN_COVERAGE;
  for (let c = 0; c < 3; c++) {
    const d = e[c] - base[c];
    if (d > 0) k = Math.min(k, (255 - base[c]) / d);
    else if (d < 0) k = Math.min(k, -base[c] / d);
  }
  return e.map((v, c) => base[c] + (v - base[c]) * Math.max(1, k));
}

/** The first of `pixels` with the smallest channel sum. */
function darkest(img: WorkImage, pixels: number[]): number {
  const { rgb } = img;
  let best = -1,
    least = Infinity;
  for (const p of pixels) {
    const sum = rgb[p * 3] + rgb[p * 3 + 1] + rgb[p * 3 + 2];
    if (sum < least) {
      least = sum;
      best = p;
    }
  }
  return best;
}

/** How many of the unexplained pixels `added` explains; the others are left in scan.still. */
function explainedBy(added: number[][], plane: Int32Array, thr2: number, scan: ThinScan): number {
  const still = scan.still;
  still.length = 0;
  return splitExplained(plane, flatColours(added), thr2, scan.unexplained, still);
}

/** `added` is the palette now: what it leaves unexplained is known for the next call. */
function keep(added: number[][], scan: ThinScan): number[][] {
  const was = scan.unexplained;
  scan.unexplained = scan.still;
  scan.still = was;
  return added;
}

/**
 * What addThinColour found unexplained by the palette so far. A palette with a colour added
 * explains all the previous one did (and blends with the new colour), so each later call
 * looks only at the pixels still unexplained, not at the whole image again.
 */
class ThinScan {
  /** Opaque pixels looked at (-1: not yet scanned). */
  opaque = -1;
  /** The ones the palette leaves unexplained, in raster order. */
  unexplained: number[] = [];
  /** Scratch: those a palette with one more colour would still leave unexplained. */
  still: number[] = [];
}

/**
 * Appends to `out` the opaque pixels (every step-th) that pal (flat channels) does not explain,
 * soft ones aside; returns the number of opaque pixels looked at.
 */
function findUnexplained(
  img: WorkImage,
  plane: Int32Array,
  pal: Float64Array,
  thr2: number,
  step: number,
  soft: SoftColour[],
  out: number[],
): number {
  const { alpha } = img;
  const n = plane.length;
  let opaque = 0;
  const cells = new ExplainedCells(pal, thr2);
  // Runs of one colour are common in drawings: the answer is kept for the last colour.
  let lastColour = -1,
    lastExplained = false;
  for (let p = 0; p < n; p += step) {
    const v = plane[p];
    if (v < 0) continue;
    const colour = v & 0xffffff;
    // Part of a soft (partly transparent) area such as a shadow: the soft colours explain it.
    if (
      v >= PARTLY_OPAQUE &&
      soft.length > 0 &&
      nearSoft(colour >> 16, (colour >> 8) & 255, colour & 255, alpha[p], soft)
    )
      continue;
    opaque++;
    if (colour !== lastColour) {
      lastColour = colour;
      lastExplained = cells.explains(colour);
    }
    if (!lastExplained) out.push(p);
  }
  return opaque;
}

/**
 * The first of `pixels` farthest from its nearest colour of pal (a pixel of the colour just
 * looked at cannot be strictly farther).
 */
function mostExtreme(plane: Int32Array, pal: Float64Array, pixels: number[]): number {
  let worst = -1,
    worstD = 0,
    lastColour = -1;
  for (const p of pixels) {
    const colour = plane[p] & 0xffffff;
    if (colour === lastColour) continue;
    lastColour = colour;
    const d = nearestDist2(pal, colour, nearestFlat(pal, colour));
    if (d > worstD) {
      worstD = d;
      worst = p;
    }
  }
  return worst;
}

/**
 * How many of `pixels`, all unexplained by pal without its last colour, pal (flat channels)
 * explains; the others are appended to `still`, in order.
 */
function splitExplained(
  plane: Int32Array,
  pal: Float64Array,
  thr2: number,
  pixels: number[],
  still: number[],
) {
  let now = 0,
    lastColour = -1,
    lastExplained = false;
  for (const p of pixels) {
    const colour = plane[p] & 0xffffff;
    if (colour !== lastColour) {
      lastColour = colour;
      lastExplained = explainedByLast(pal, colour >> 16, (colour >> 8) & 255, colour & 255, thr2);
    }
    if (lastExplained) now++;
    else still.push(p);
  }
  return now;
}
