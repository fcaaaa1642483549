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
import type { Gradient } from './types.js';
import type { FloatScratch } from './float-scratch.js';
import { binStops } from './ramp-stops.js';
import { thinSamples, type Samples } from './ramp-samples.js';
import { RampSearch, sampleBox, SEARCH_SAMPLES, type RampShape } from './ramp-search.js';

/** |e| stays under this: the ellipses at most sqrt(1.9 / 0.1), about 4.4 times as long as wide. */
const MAX_STRETCH = 0.9;

/**
 * The best elliptic ramp found from the concentric centre (cx, cy), or null when there is none
 * or the search's RMS error (of the colour against a broken line in t) does not reach `pass`.
 */
export function ellipticRamp(
  pts: Samples,
  scratch: FloatScratch,
  cx: number,
  cy: number,
  pass: number,
): Gradient | null {
  const few = thinSamples(pts, SEARCH_SAMPLES, scratch);
  const box = sampleBox(few);
  const [sx, sy] = Math.hypot(cx - box.mx, cy - box.my) <= box.size ? [cx, cy] : [box.mx, box.my];
  // q = (C, size e): e's steps then go as a position's in px.
  const p = [sx, sy, 0, 0];
  const shape = new EllipticShape(box);
  if (!new RampSearch(few, shape, box.size, scratch).run(p, pass)) return null;
  const t = scratch.take(pts.n);
  const hi = shape.distances(p, pts, t);
  let lo = Infinity;
  for (let i = 0; i < pts.n; i++) if (t[i] < lo) lo = t[i];
  const st = binStops(pts, t, lo, hi, true);
  if (!st || st.t1 <= 0) return null;
  const e1 = p[2] / box.size,
    e2 = p[3] / box.size;
  const stretch = Math.hypot(e1, e2);
  // The ellipse at t1 has semi-axes t1 / sqrt(1 + |e|) along half e's angle and t1 / sqrt(1 - |e|)
  // across: r is the longer, so the angle is a quarter turn on (within -90..90 degrees).
  const across = (Math.atan2(e2, e1) * 90) / Math.PI;
  return {
    type: 'radial',
    cx: p[0],
    cy: p[1],
    r: st.t1 / Math.sqrt(1 - stretch),
    ry: st.t1 / Math.sqrt(1 + stretch),
    angle: across > 0 ? across - 90 : across + 90,
    stops: st.stops,
  };
}

/** q = (C, size e): C within the box's size of its middle, |e| under MAX_STRETCH. */
class EllipticShape implements RampShape {
  constructor(private readonly box: { size: number; mx: number; my: number }) {}

  distances(q: number[], pts: Samples, t: Float64Array): number {
    const { size, mx, my } = this.box;
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
  }
}
