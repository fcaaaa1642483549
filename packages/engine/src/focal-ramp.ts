/**
 * Radial ramp with a focal point (gradients.ts): SVG's radialGradient with fx/fy, whose circles
 * of equal colour are not concentric but grow from the focal point F to the outer circle round
 * the centre C. A ball lit from one side is drawn so, and neither a linear nor a concentric ramp
 * explains it: it came out as rings of flat colour.
 *
 * With d = (C - F) / r, the circle through a point P at ramp distance t (in px) has its centre at
 * F + t d and radius t, so t solves |P - F - t d| = t (t / r is SVG's ramp parameter). A pattern
 * search moves F and d, from the concentric ramp's centre (d = 0), for the smallest error of the
 * colour against a broken line in t; the stops then come from the colour along t.
 */
import type { Gradient } from './types.js';
import type { FloatScratch } from './float-scratch.js';
import type { Samples } from './ramp-samples.js';
import { focalDistance } from './ramp.js';
import { searchShape, type RampShape, type SampleBox } from './ramp-search.js';

/** |d| stays under this: the focal point stays well inside the outer circle. */
const MAX_ECCENTRICITY = 0.9;

/**
 * The best focal ramp found from the concentric centre (cx, cy), or null when there is none or
 * the search's RMS error (of the colour against a broken line in t) does not reach `pass`.
 */
export function focalRamp(
  pts: Samples,
  scratch: FloatScratch,
  cx: number,
  cy: number,
  pass: number,
): Gradient | null {
  const found = searchShape(pts, scratch, cx, cy, pass, (box) => new FocalShape(box));
  if (!found) return null;
  const { q, box, t1: r, stops } = found;
  const dx = (q[2] - q[0]) / box.size,
    dy = (q[3] - q[1]) / box.size;
  return { type: 'radial', cx: q[0] + r * dx, cy: q[1] + r * dy, r, fx: q[0], fy: q[1], stops };
}

/**
 * q = (F, G), G = F + size d, the centre of the circle at ramp distance `size`: moving F alone
 * then also turns d (F and d are strongly coupled, and a search over them crawled). F stays
 * within the box's size of its middle, and |d| under MAX_ECCENTRICITY.
 */
class FocalShape implements RampShape {
  constructor(private readonly box: SampleBox) {}

  start(cx: number, cy: number): number[] {
    return [cx, cy, cx, cy];
  }

  distances(q: number[], pts: Samples, t: Float64Array): number {
    const { size, mx, my } = this.box;
    const dx = (q[2] - q[0]) / size,
      dy = (q[3] - q[1]) / size;
    const ox = q[0] - mx,
      oy = q[1] - my;
    if (ox * ox + oy * oy > size * size || dx * dx + dy * dy > MAX_ECCENTRICITY ** 2) return 0;
    const a = 1 - dx * dx - dy * dy;
    const { n, x, y } = pts;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const v = focalDistance(x[i] - q[0], y[i] - q[1], dx, dy, a);
      t[i] = v;
      if (v > hi) hi = v;
    }
    return hi;
  }
}
