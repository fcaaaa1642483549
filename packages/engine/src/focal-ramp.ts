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
import { binStops } from './ramp-stops.js';
import { thinSamples, type Samples } from './ramp-samples.js';
import { focalDistance } from './ramp.js';
import { RampSearch, sampleBox, SEARCH_SAMPLES, type RampShape } from './ramp-search.js';

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
  const few = thinSamples(pts, SEARCH_SAMPLES, scratch);
  const box = sampleBox(few);
  // The concentric ramp's centre may lie farther out than F may (a near-linear ramp).
  const [sx, sy] = Math.hypot(cx - box.mx, cy - box.my) <= box.size ? [cx, cy] : [box.mx, box.my];
  // The search moves F and G = F + size d, the centre of the circle at ramp distance `size`:
  // moving F alone then also turns d (F and d are strongly coupled, and a search over them
  // crawled).
  const p = [sx, sy, sx, sy];
  if (!new RampSearch(few, new FocalShape(box), box.size, scratch).run(p, pass)) return null;
  const fx = p[0],
    fy = p[1],
    dx = (p[2] - p[0]) / box.size,
    dy = (p[3] - p[1]) / box.size;
  const a = 1 - dx * dx - dy * dy;
  const t = scratch.take(pts.n);
  let lo = Infinity,
    hi = -Infinity;
  for (let i = 0; i < pts.n; i++) {
    const v = focalDistance(pts.x[i] - fx, pts.y[i] - fy, dx, dy, a);
    t[i] = v;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const st = binStops(pts, t, lo, hi, true);
  if (!st || st.t1 <= 0) return null;
  const r = st.t1;
  return { type: 'radial', cx: fx + r * dx, cy: fy + r * dy, r, fx, fy, stops: st.stops };
}

/** q = (F, G): F stays within the box's size of its middle, and |d| under MAX_ECCENTRICITY. */
class FocalShape implements RampShape {
  constructor(private readonly box: { size: number; mx: number; my: number }) {}

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
