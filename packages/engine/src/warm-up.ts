/**
 * Warm-up for a fresh process or worker thread: V8 runs the stages' loops interpreted, then
 * compiles and recompiles them, before they reach full speed, so the first few traces of a
 * process take several times their steady-state time (issue 17). warmUp() traces three small
 * generated pictures with both presets and writes them as SVG, so a user's first conversion on a
 * new worker does not pay for that: one goes through the main paths (flat colours, anti-aliased
 * edges, a shape with a hole, a linear and a focal radial gradient, hairlines, sharp corners, a
 * soft shadow), the second many small marks with holes in several colours, which take the palette,
 * labelling and outline paths that a logo's lettering takes and the first picture does not, the
 * third the first as a JPEG leaves it (the clean stage and the other paths of noisy input).
 */
import { trace } from './trace.js';
import { toSvg } from './writers/svg.js';
import { enginePresets } from './presets.js';
import { rampT } from './ramp.js';
import type { Gradient, RasterImage } from './types.js';

/** Side of the warm-up picture: big enough for the loops to be optimised, small enough to be quick. */
export const WARM_UP_SIDE = 160;
/** Samples per pixel side for the anti-aliased edges. */
const SUB = 2;

/** RGBA of the shapes shapeAt names; GRADIENT's colour depends on x (see gradientAt). */
const COLOURS = [
  [250, 250, 245, 255], // paper
  [0, 0, 0, 255], // black hairline
  [20, 40, 140, 255], // dark blue line
  [210, 40, 40, 255], // red disc
  [245, 150, 20, 255], // orange rounded square
  [0, 0, 0, 90], // soft shadow
  [0, 0, 0, 0], // transparent corner
  [35, 35, 40, 255], // dark outline ring (a shape with a hole)
];
const GRADIENT = COLOURS.length;
const RADIAL = GRADIENT + 1;

/** The warm-up picture: RGBA, WARM_UP_SIDE square, the same every time. */
export function warmUpImage(): RasterImage {
  const n = WARM_UP_SIDE;
  const data = new Uint8ClampedArray(n * n * 4);
  const sum = new Float64Array(4);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      sum.fill(0);
      for (let sy = 0; sy < SUB; sy++)
        for (let sx = 0; sx < SUB; sx++) {
          const u = x + (sx + 0.5) / SUB,
            v = y + (sy + 0.5) / SUB;
          const s = shapeAt(u, v);
          for (let i = 0; i < 4; i++)
            sum[i] +=
              s === GRADIENT ? gradientAt(u, i) : s === RADIAL ? radialAt(u, v, i) : COLOURS[s][i];
        }
      for (let i = 0; i < 4; i++) data[(y * n + x) * 4 + i] = Math.round(sum[i] / (SUB * SUB));
    }
  return { width: n, height: n, data };
}

/** The topmost shape at a point (an index into COLOURS, or GRADIENT). */
function shapeAt(x: number, y: number): number {
  // A black hairline (1 px) and a dark blue line of 2 px, both diagonal.
  if (Math.abs(x - 0.9 * y - 6) < 0.5) return 1;
  if (Math.abs(x + y - 150) < 1 && x > 60) return 2;
  // A red disc in a dark ring, an orange rounded square.
  const disc = (x - 40) ** 2 + (y - 40) ** 2;
  if (disc < 24 ** 2) return 3;
  if (disc < 28 ** 2) return 7;
  const qx = Math.max(Math.abs(x - 92) - 14, 0),
    qy = Math.max(Math.abs(y - 36) - 14, 0);
  if (qx * qx + qy * qy < 8 ** 2) return 4;
  // A horizontal gradient in a band, a soft shadow, a transparent corner.
  if (y >= 76 && y < 116 && x >= 8 && x < 120) return GRADIENT;
  if (x >= 64 && y >= 64 && (x - 70) ** 2 + (y - 70) ** 2 < 12 ** 2) return 5;
  if (x > 112 && y > 112 && x < 128 && y < 128) return 6;
  // A radially shaded ball and a four-pointed sparkle (sharp corners) beside the rest.
  if ((x - 142) ** 2 + (y - 36) ** 2 < 15 ** 2) return RADIAL;
  const sx = Math.abs(x - 142),
    sy = Math.abs(y - 100);
  if (Math.sqrt(sx) + Math.sqrt(sy) < Math.sqrt(12)) return 1;
  return 0;
}

/**
 * Channel i of the ball, lit from the upper left: light grey at its highlight to dark grey at
 * its rim, a radial gradient whose circles grow from the highlight (136, 30) to the circle of
 * radius 17 round (142, 36) (SVG's focal point), so the trace takes the focal ramp's search.
 */
function radialAt(x: number, y: number, i: number): number {
  return i === 3 ? 255 : 225 - 150 * rampT(LIT_BALL, x, y);
}

/** The ball's ramp (its stops unused: radialAt maps the ramp parameter to grey itself). */
const LIT_BALL: Gradient = { type: 'radial', cx: 142, cy: 36, r: 17, fx: 136, fy: 30, stops: [] };

/** Channel i of the green-to-blue gradient at x. */
function gradientAt(x: number, i: number): number {
  const t = (x - 8) / 112;
  return i === 0 ? 30 : i === 1 ? 180 - 140 * t : i === 2 ? 60 + 170 * t : 255;
}

/** The second picture's side, marks and colours. */
const MARKS_SIDE = 200;
const MARKS_COUNT = 60;
const MARKS_COLOURS = 9;

/**
 * Small marks, as a logo's lettering gives: MARKS_COUNT anti-aliased dots and rings (about half
 * of them with a hole) in MARKS_COLOURS colours on white, placed by a fixed pseudo-random sequence.
 */
export function marksImage(): RasterImage {
  const n = MARKS_SIDE;
  const data = new Uint8ClampedArray(n * n * 4).fill(255);
  let seed = 3;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const colours = Array.from({ length: MARKS_COLOURS }, () => [
    random() * 255,
    random() * 255,
    random() * 255,
  ]);
  for (let k = 0; k < MARKS_COUNT; k++) {
    const cx = 12 + random() * (n - 24),
      cy = 12 + random() * (n - 24),
      r = 3 + random() * 7;
    const hole = random() < 0.5 ? 0.45 * r : 0;
    const colour = colours[k % MARKS_COLOURS];
    for (let y = Math.floor(cy - r - 1); y <= cy + r + 1; y++)
      for (let x = Math.floor(cx - r - 1); x <= cx + r + 1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        // Coverage of the pixel by the mark: a one-pixel ramp at its rim and at its hole's.
        const cover = clamp01(r - d + 0.5) - (hole > 0 ? clamp01(hole - d + 0.5) : 0);
        if (cover <= 0) continue;
        const i = (y * n + x) * 4;
        for (let c = 0; c < 3; c++) data[i + c] = data[i + c] * (1 - cover) + colour[c] * cover;
      }
  }
  return { width: n, height: n, data };
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/**
 * A pixel rings by the largest channel step within this many pixels, if it is at least this
 * large: flat colour and the gradients' gentle steps stay exact, as in a JPEG's flat blocks.
 */
const RINGING_REACH = 2;
const RINGING_MIN_STEP = 8;

/**
 * The warm-up picture as a JPEG leaves it: each pixel near an edge off by a fixed pseudo-random
 * amount, up to one level plus a tenth of the edge's colour step (ringing). It is "noisy" to the
 * analysis, so its traces take the paths a JPEG takes and the others do not: the clean stage's
 * filter, noisy palette votes, colours as blends of many exact values. Not those of the noisiest
 * edges (its noiseFrac is 0.17, under smoothEdgesAboveNoiseFraction): warming smoothing and the
 * ringing merge too, with a ripple further from the edges, made no difference to the first JPEG
 * traces that could be told from the noise (bench/first-calls.mjs --variant jpeg).
 */
export function compressedImage(picture = warmUpImage()): RasterImage {
  const { width: w, height: h, data: clean } = picture;
  const data = new Uint8ClampedArray(clean);
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      if (clean[i + 3] === 0) continue;
      let step = 0;
      for (let v = Math.max(0, y - RINGING_REACH); v <= Math.min(h - 1, y + RINGING_REACH); v++)
        for (let u = Math.max(0, x - RINGING_REACH); u <= Math.min(w - 1, x + RINGING_REACH); u++)
          for (let c = 0; c < 3; c++)
            step = Math.max(step, Math.abs(clean[(v * w + u) * 4 + c] - clean[i + c]));
      if (step < RINGING_MIN_STEP) continue;
      const amplitude = 1 + step / 10;
      for (let c = 0; c < 3; c++)
        data[i + c] = clean[i + c] + Math.round((random() - 0.5) * 2 * amplitude);
    }
  return { width: w, height: h, data };
}

/**
 * Traces the three pictures `rounds` times with each preset and writes SVG; returns the number
 * of layers of the last trace of each (for a check that it really traced).
 * Most of the cost is the first round (interpreted code); later rounds are cheap and let V8 finish
 * optimising: 6 rounds against 3 take about 150 ms more and make the first DEV logo's first
 * traces a quarter faster.
 */
export function warmUp(rounds = 6): number[] {
  const picture = warmUpImage();
  const images = [picture, marksImage(), compressedImage(picture)];
  const layers: number[] = [];
  for (let r = 0; r < rounds; r++) {
    layers.length = 0;
    for (const image of images)
      for (const preset of [enginePresets.precision, enginePresets.fast]) {
        const doc = trace({ ...image, data: image.data.slice() }, preset);
        toSvg(doc);
        layers.push(doc.layers.length);
      }
  }
  return layers;
}
