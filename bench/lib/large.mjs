// The large-photo case of `npm run bench`, run in its own process so its peak RSS is its
// own: a synthetic 4000x3000 "photo" (smooth gradients, shapes, texture and noise) traced
// in photo mode. Prints one JSON line: { ms, bytes, maxRssMB } (peak RSS of the whole process).
import { readFileSync } from 'node:fs';
import { trace, toSvg } from '../../packages/engine/dist/index.js';

/** Peak RSS of this process in MB. Linux's ru_maxrss survives fork+exec (it would report the
 * parent's peak), so prefer VmHWM from /proc when it exists. */
function peakRssMB() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Math.round(Number(m[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

const W = 4000,
  H = 3000;
const data = new Uint8ClampedArray(W * H * 4);
let seed = 12345;
const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const p = (y * W + x) * 4;
    let r = 40 + (180 * x) / W,
      g = 70 + (150 * y) / H,
      b = 140 + 90 * Math.sin(x / 310) * Math.cos(y / 230);
    const dx = x - 2600,
      dy = y - 1300;
    if (dx * dx + dy * dy < 700 * 700) {
      r = 230 - dy / 20;
      g = 60 + 30 * Math.sin(x / 40);
      b = 50;
    }
    if (x > 400 && x < 1500 && y > 1900 && y < 2800) {
      r = 30;
      g = 60 + (y - 1900) / 8;
      b = 190;
    }
    const leaf = Math.sin(x / 23 + Math.sin(y / 37) * 3) * Math.cos(y / 19);
    if (y > 2300 && leaf > 0.3) {
      r *= 0.6;
      g = g * 0.8 + 40;
      b *= 0.5;
    }
    const n = (rnd() - 0.5) * 24;
    data[p] = r + n;
    data[p + 1] = g + n;
    data[p + 2] = b + n;
    data[p + 3] = 255;
  }
}
const t = performance.now();
const doc = trace({ width: W, height: H, data }, { mode: 'photo' });
const svg = toSvg(doc);
const ms = performance.now() - t;
console.log(JSON.stringify({ ms: Math.round(ms), bytes: svg.length, maxRssMB: peakRssMB() }));
