// Metrics for `npm run bench`: resvg rendering into a fixed box, SSIM (Wang et al. 2004:
// 11x11 Gaussian window, sigma 1.5, per R/G/B channel, averaged, valid region).
import { Resvg } from '@resvg/resvg-js';

/** Renders an SVG string to RGBA of exactly width x height (fitted to the width), on white. */
export function render(svg, width, height) {
  const r = new Resvg(svg, {
    background: 'white',
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  }).render();
  const src = r.pixels; // a getter that copies: read it once
  const out = new Uint8Array(width * height * 4).fill(255);
  const w = Math.min(width, r.width),
    h = Math.min(height, r.height);
  for (let y = 0; y < h; y++)
    out.set(src.subarray(y * r.width * 4, (y * r.width + w) * 4), y * width * 4);
  return out;
}

const RADIUS = 5;
const KERNEL = (() => {
  const k = [];
  let s = 0;
  for (let i = -RADIUS; i <= RADIUS; i++) {
    const v = Math.exp(-(i * i) / (2 * 1.5 * 1.5));
    k.push(v);
    s += v;
  }
  return k.map((v) => v / s);
})();

/** Gaussian-filters `src` (w x h) over the valid region: result (w-10) x (h-10). */
function blurValid(src, w, h) {
  const ow = w - 2 * RADIUS,
    oh = h - 2 * RADIUS;
  const tmp = new Float64Array(ow * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < ow; x++) {
      let s = 0;
      for (let k = 0; k < KERNEL.length; k++) s += KERNEL[k] * src[y * w + x + k];
      tmp[y * ow + x] = s;
    }
  }
  const out = new Float64Array(ow * oh);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let s = 0;
      for (let k = 0; k < KERNEL.length; k++) s += KERNEL[k] * tmp[(y + k) * ow + x];
      out[y * ow + x] = s;
    }
  }
  return out;
}

/** Mean SSIM over R, G, B of two RGBA buffers of the same size. */
export function ssim(a, b, w, h) {
  const C1 = (0.01 * 255) ** 2,
    C2 = (0.03 * 255) ** 2;
  let total = 0;
  for (let c = 0; c < 3; c++) {
    const x = new Float64Array(w * h),
      y = new Float64Array(w * h);
    for (let i = 0; i < w * h; i++) {
      x[i] = a[i * 4 + c];
      y[i] = b[i * 4 + c];
    }
    const xx = x.map((v) => v * v),
      yy = y.map((v) => v * v),
      xy = x.map((v, i) => v * y[i]);
    const [mx, my, mxx, myy, mxy] = [x, y, xx, yy, xy].map((m) => blurValid(m, w, h));
    let s = 0;
    for (let i = 0; i < mx.length; i++) {
      const vx = mxx[i] - mx[i] * mx[i],
        vy = myy[i] - my[i] * my[i],
        cxy = mxy[i] - mx[i] * my[i];
      s +=
        ((2 * mx[i] * my[i] + C1) * (2 * cxy + C2)) /
        ((mx[i] * mx[i] + my[i] * my[i] + C1) * (vx + vy + C2));
    }
    total += s / mx.length;
  }
  return total / 3;
}

export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((p, q) => p - q);
  if (!v.length) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}
