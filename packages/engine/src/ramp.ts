/** Evaluating a gradient (types.ts) at a point, as SVG renders it. */
import type { Gradient } from './types.js';
import { hexToRgb } from './writers/geometry.js';

/** The ramp parameter t (0..1, padded) of gradient g at (x, y). */
export function rampT(g: Gradient, x: number, y: number): number {
  let t: number;
  if (g.type === 'linear') {
    const dx = g.x2 - g.x1,
      dy = g.y2 - g.y1;
    const l2 = dx * dx + dy * dy;
    t = l2 > 0 ? ((x - g.x1) * dx + (y - g.y1) * dy) / l2 : 0;
  } else t = g.r > 0 ? Math.hypot(x - g.cx, y - g.cy) / g.r : 0;
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** The colour (r, g, b, 0..255) of gradient g at (x, y), or at ramp parameter `at` when given. */
export function rampColour(
  g: Gradient,
  x: number,
  y: number,
  at?: number,
): [number, number, number] {
  const t = at ?? rampT(g, x, y);
  const s = g.stops;
  let i = 0;
  while (i < s.length - 1 && s[i + 1].offset < t) i++;
  const a = hexToRgb(s[i].color);
  if (i === s.length - 1 || t <= s[i].offset) return a;
  const b = hexToRgb(s[i + 1].color);
  const span = s[i + 1].offset - s[i].offset;
  const u = span > 0 ? (t - s[i].offset) / span : 1;
  return [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u];
}
