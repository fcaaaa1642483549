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
import { focalDistance } from './ramp.js';
import type { RampShape } from './ramp-search.js';

/** |d| stays under this: the focal point stays well inside the outer circle. */
const MAX_ECCENTRICITY = 0.9;

/**
 * The focal ramps: q = (F, G), G = F + size d, the centre of the circle at ramp distance `size`
 * (moving F alone then also turns d: F and d are strongly coupled, and a search over them
 * crawled). F stays within the box's size of its middle, and |d| under MAX_ECCENTRICITY.
 */
export const focalShape: RampShape = {
  start(cx, cy) {
    return [cx, cy, cx, cy];
  },

  distances(q, box, pts, t) {
    const { size, mx, my } = box;
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
  },

  gradient(q, box, r, stops) {
    const dx = (q[2] - q[0]) / box.size,
      dy = (q[3] - q[1]) / box.size;
    return { type: 'radial', cx: q[0] + r * dx, cy: q[1] + r * dy, r, fx: q[0], fy: q[1], stops };
  },
};
