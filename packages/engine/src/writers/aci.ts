/**
 * The nearest AutoCAD Colour Index of an RGB colour, for readers that ignore true colour.
 * The standard palette is regular: 1-9 named colours, 10-249 twenty-four hues in 15° steps at
 * five values (255, 204, 153, 127, 76), each full and half saturated, 250-255 greys. Index 7
 * is "black or white, against the background", so it stands for black here and white maps to
 * 255: black and white stay different indices.
 */
import { hexToRgb } from './geometry.js';

const NAMED: [number, number, number][] = [
  [255, 0, 0],
  [255, 255, 0],
  [0, 255, 0],
  [0, 255, 255],
  [0, 0, 255],
  [255, 0, 255],
  [0, 0, 0],
  [128, 128, 128],
  [192, 192, 192],
];
const VALUES = [255, 204, 153, 127, 76];
const GREYS = [51, 91, 132, 173, 214, 255];

function hsv(hueDeg: number, s: number, v: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + hueDeg / 60) % 6;
    return Math.floor(v - v * s * Math.max(0, Math.min(k, 4 - k, 1)));
  };
  return [f(5), f(3), f(1)];
}

const PALETTE: [number, [number, number, number]][] = [
  ...NAMED.map((c, i): [number, [number, number, number]] => [i + 1, c]),
  ...Array.from({ length: 240 }, (_, k): [number, [number, number, number]] => [
    10 + k,
    hsv(Math.floor(k / 10) * 15, k % 2 ? 0.5 : 1, VALUES[Math.floor((k % 10) / 2)]),
  ]),
  ...GREYS.map((g, k): [number, [number, number, number]] => [250 + k, [g, g, g]]),
];

export function nearestAci(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  let best = 7,
    bd = Infinity;
  for (const [i, [ar, ag, ab]] of PALETTE) {
    const d = (r - ar) ** 2 + (g - ag) ** 2 + (b - ab) ** 2;
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return best;
}
