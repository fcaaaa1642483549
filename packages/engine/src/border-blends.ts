/**
 * Labelling, last pass: anti-aliased pixels on the image's border whose other colour lies beyond
 * the image. A shape whose side runs inside the outermost pixels (a logo cropped tight, a disc
 * grazing the edge) leaves them blends of its colour and the background with no background pixel
 * beside them to blend with (label.ts blends with neighbours only), so they were labelled pure:
 * where the background on top thinned out along the border, its tip was cut off and the side
 * stepped out to the image's edge (logo-moon's rim), and a corner there was rounded (logo-q's
 * hexagon). A run of such pixels is marked as blended with the colour beyond (`other` holds
 * beyond(colour)), their coverage their label's share, when each is a blend of its label and one
 * colour found pure on the same side of the image, and of no other. In stacked mode the outline
 * tracer then lets that colour's region along the border, when painted later, reach over them
 * into its share of the pixels (claimBeyond in outline-tracer.ts).
 */
import type { WorkImage } from './image.js';
import { unpack } from './colour.js';

/** `other` of a border pixel blended with palette colour b beyond the image (-1 is no blend). */
export const beyond = (b: number): number => -2 - b;
export const isBeyond = (other: number): boolean => other <= -2;
export const beyondColour = (other: number): number => -2 - other;

/** A pixel this near its label's colour (RGB distance) is the label's alone. */
const MIN_OFFSET_RGB = 12;
/** A side's colour is one of its pixels' labels within this of the pixel's colour. */
const PURE_RGB = 12;
/** The blend must explain the pixel this much better than its label alone (as label.ts). */
const BLEND_GAIN_RGB = 4;
/**
 * Only runs of this many such pixels along a side are taken: a side running along the border. A
 * lone one is a tip or a bend touching it, whose blend says less of where its outline lies.
 */
const MIN_RUN = 3;
/**
 * The tracer lets a region claim a run that starts up to this many pixels along the border from
 * it: the pixels where a side meets the border blend with neighbours, before the run begins.
 */
export const BRIDGE_PX = 3;

export function blendBeyondBorder(
  img: WorkImage,
  palette: number[],
  lab: Int16Array,
  cover: Uint8Array,
  other: Int32Array,
): void {
  const { width: w, height: h } = img;
  if (w < 3 || h < 3) return;
  const rgb = palette.map(unpack);
  const sides: [number, number, number][] = [
    [0, 1, w],
    [(h - 1) * w, 1, w],
    [0, w, h],
    [w - 1, w, h],
  ];
  const onSide = new Uint8Array(palette.length);
  const shares = new Float64Array(Math.max(w, h)),
    colours = new Int32Array(Math.max(w, h));
  for (const [first, step, count] of sides) {
    onSide.fill(0);
    for (let i = 0, p = first; i < count; i++, p += step)
      if (lab[p] >= 0 && cover[p] === 255 && offset(img, p, rgb[lab[p]]) <= PURE_RGB)
        onSide[lab[p]] = 1;
    let run = 0;
    for (let i = 0, p = first; i <= count; i++, p += step) {
      const a = i < count ? lab[p] : -1;
      const b =
        a < 0 || cover[p] !== 255 || other[p] !== -1 || img.alpha[p] !== 255
          ? -1
          : beyondColourOf(img, p, rgb, a, onSide);
      if (b >= 0) {
        shares[run] = blendShare;
        colours[run++] = b;
        continue;
      }
      if (run >= MIN_RUN)
        for (let j = 0, q = p - run * step; j < run; j++, q += step) {
          cover[q] = Math.round((1 - shares[j]) * 255);
          other[q] = beyond(colours[j]);
        }
      run = 0;
    }
  }
}

/** RGB distance of pixel p from colour c. */
function offset(img: WorkImage, p: number, c: number[]): number {
  const { rgb } = img;
  return Math.hypot(rgb[3 * p] - c[0], rgb[3 * p + 1] - c[1], rgb[3 * p + 2] - c[2]);
}

/** beyondColourOf's share of the colour it found. */
let blendShare = 0;

/**
 * The side's colour b that pixel p, labelled a, is best explained as a blend of a with, holding
 * at most half of b (blendShare); -1 when no blend explains it, or two do about as well.
 */
function beyondColourOf(
  img: WorkImage,
  p: number,
  rgb: number[][],
  a: number,
  onSide: Uint8Array,
): number {
  const dr = img.rgb[3 * p] - rgb[a][0],
    dg = img.rgb[3 * p + 1] - rgb[a][1],
    db = img.rgb[3 * p + 2] - rgb[a][2];
  const off = Math.hypot(dr, dg, db);
  if (off < MIN_OFFSET_RGB) return -1;
  let best = -1,
    bestRes = Infinity,
    nextRes = Infinity;
  for (let b = 0; b < rgb.length; b++) {
    if (!onSide[b] || b === a) continue;
    const ex = rgb[b][0] - rgb[a][0],
      ey = rgb[b][1] - rgb[a][1],
      ez = rgb[b][2] - rgb[a][2];
    const len2 = ex * ex + ey * ey + ez * ez;
    if (len2 < 1) continue;
    const t = (dr * ex + dg * ey + db * ez) / len2;
    if (t <= 0 || t > 0.5) continue;
    const res = Math.hypot(dr - t * ex, dg - t * ey, db - t * ez);
    if (res < bestRes) {
      nextRes = bestRes;
      bestRes = res;
      best = b;
      blendShare = t;
    } else if (res < nextRes) nextRes = res;
  }
  // The blend must beat the label alone and the other colours' (which colour lies beyond).
  return bestRes + BLEND_GAIN_RGB < Math.min(off, nextRes) ? best : -1;
}
