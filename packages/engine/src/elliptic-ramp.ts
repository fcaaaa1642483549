/**
 * Elliptic radial ramp (gradients.ts): circles of equal colour drawn stretched along one axis
 * (SVG's radialGradient under a gradientTransform that scales it, as drawing programs write a
 * radial gradient on an oval shape). A concentric ramp fits such bands badly, and they came out
 * as rings of flat colour.
 *
 * The ramp distance of P from the centre C is t = sqrt((P - C)' M (P - C)), where M = I + e1 S1 +
 * e2 S2 (S1, S2 the two traceless symmetric unit matrices) has eigenvalues 1 +- |e| and its
 * larger one's axis at half of e's angle; the search (ramp-search.ts) moves C and e from the
 * concentric ramp (e = 0).
 */
import type { RampShape } from './ramp-search.js';

/** |e| stays under this: the ellipses at most sqrt(1.9 / 0.1), about 4.4 times as long as wide. */
const MAX_STRETCH = 0.9;

/**
 * The elliptic ramps: q = (C, size e), so that e's steps go as a position's in px. C stays within
 * the box's size of its middle, |e| under MAX_STRETCH.
 */
export const ellipticShape: RampShape = {
  start(cx, cy) {
    return [cx, cy, 0, 0];
  },

  distances(q, box, pts, t) {
    const { size, mx, my } = box;
    const e1 = q[2] / size,
      e2 = q[3] / size;
    const ox = q[0] - mx,
      oy = q[1] - my;
    if (ox * ox + oy * oy > size * size || e1 * e1 + e2 * e2 > MAX_STRETCH ** 2) return 0;
    const { n, x, y } = pts;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      const u = x[i] - q[0],
        v = y[i] - q[1];
      const d = Math.sqrt(u * u + v * v + e1 * (u * u - v * v) + 2 * e2 * u * v);
      t[i] = d;
      if (d > hi) hi = d;
    }
    return hi;
  },

  gradient(q, box, t1, stops) {
    const e1 = q[2] / box.size,
      e2 = q[3] / box.size;
    const stretch = Math.hypot(e1, e2);
    // The ellipse at t1 has semi-axes t1 / sqrt(1 + |e|) along half e's angle and
    // t1 / sqrt(1 - |e|) across: r is the longer, so the angle is a quarter turn on (within
    // -90..90 degrees).
    const across = (Math.atan2(e2, e1) * 90) / Math.PI;
    return {
      type: 'radial',
      cx: q[0],
      cy: q[1],
      r: t1 / Math.sqrt(1 - stretch),
      ry: t1 / Math.sqrt(1 + stretch),
      angle: across > 0 ? across - 90 : across + 90,
      stops,
    };
  },
};
