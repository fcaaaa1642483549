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
  } else if (g.ry !== undefined && g.r > 0 && g.ry > 0) {
    const [cos, sin] = unitAt(g.angle ?? 0);
    const dx = x - g.cx,
      dy = y - g.cy;
    const u = (dx * cos + dy * sin) / g.r,
      v = (dy * cos - dx * sin) / g.ry;
    t = Math.sqrt(u * u + v * v);
  } else if (g.fx !== undefined && g.fy !== undefined && g.r > 0) {
    const dx = (g.cx - g.fx) / g.r,
      dy = (g.cy - g.fy) / g.r;
    t = focalDistance(x - g.fx, y - g.fy, dx, dy, 1 - dx * dx - dy * dy) / g.r;
  } else {
    // sqrt rather than Math.hypot: this runs per sample in the fits, and hypot is slow in V8.
    const dx = x - g.cx,
      dy = y - g.cy;
    t = g.r > 0 ? Math.sqrt(dx * dx + dy * dy) / g.r : 0;
  }
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/** cos and sin of an angle in degrees. */
export function unitAt(degrees: number): [number, number] {
  const a = (degrees * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

/**
 * A focal ramp's distance t (px) of the point (u, v) from its focal point: the circle of equal
 * colour through it has its centre at t d and radius t, d = (centre - focal point) / r, and
 * a = 1 - |d|^2.
 */
export function focalDistance(u: number, v: number, dx: number, dy: number, a: number): number {
  const pd = u * dx + v * dy,
    q = u * u + v * v;
  const s = Math.sqrt(pd * pd + a * q);
  // Of the root's two forms, the one without cancellation.
  if (pd <= 0) return (s - pd) / a;
  return q / (s + pd);
}

/** The colour (r, g, b, 0..255) of gradient g at (x, y), or at ramp parameter `at` when given. */
export function rampColour(
  g: Gradient,
  x: number,
  y: number,
  at?: number,
): [number, number, number] {
  return colourAt(parseStops(g), at ?? rampT(g, x, y));
}

/**
 * The colours at t = i / steps, i = 0..steps, as r, g, b triples (the stops parsed once), in
 * `table` when given (of that length).
 */
export function rampTable(
  g: Gradient,
  steps: number,
  table = new Float32Array((steps + 1) * 3),
): Float32Array {
  const stops = parseStops(g);
  let from = 0; // t only grows, so the stop search resumes where it stopped
  for (let i = 0; i <= steps; i++) from = writeColour(stops, i / steps, table, i * 3, from);
  return table;
}

type Stop = { offset: number; rgb: [number, number, number] };

function parseStops(g: Gradient): Stop[] {
  return g.stops.map((s) => ({ offset: s.offset, rgb: hexToRgb(s.color) }));
}

function colourAt(s: Stop[], t: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  writeColour(s, t, out, 0, 0);
  return out;
}

/**
 * Writes the colour at t to out[at..at+2]. The search for t's stops starts at stop `from`
 * (0, or the stop found for a smaller t); returns the stop found.
 */
function writeColour(
  s: Stop[],
  t: number,
  out: Float32Array | number[],
  at: number,
  from: number,
): number {
  let i = from;
  while (i < s.length - 1 && s[i + 1].offset < t) i++;
  const a = s[i].rgb;
  if (i === s.length - 1 || t <= s[i].offset) {
    out[at] = a[0];
    out[at + 1] = a[1];
    out[at + 2] = a[2];
    return i;
  }
  const b = s[i + 1].rgb;
  const span = s[i + 1].offset - s[i].offset;
  const u = span > 0 ? (t - s[i].offset) / span : 1;
  out[at] = a[0] + (b[0] - a[0]) * u;
  out[at + 1] = a[1] + (b[1] - a[1]) * u;
  out[at + 2] = a[2] + (b[2] - a[2]) * u;
  return i;
}
