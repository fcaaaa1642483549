// The outline tracer follows loops along the label image; here it is checked against the
// definition it implements: the region's set built on the whole image (band by brute force,
// holes by a flood fill from outside), its coverage field, and marching squares scanning every
// cell of the plane around the image.
import { describe, expect, it } from 'vitest';
import { OutlineTracer } from '../src/outline-tracer.js';
import type { NPoint } from '../src/packed-loops.js';
import type { Segmentation } from '../src/segment.js';

/** Region k's set: members, and stacked the band and the pockets only later regions fill. */
function regionSet(seg: Segmentation, k: number, stacked: boolean, band: number, soft: boolean[]) {
  const { width: w, height: h, regionOf } = seg;
  const inSet = Uint8Array.from(regionOf, (r) => (r === k ? 1 : 0));
  if (!stacked) return inSet;
  const later = (p: number) => regionOf[p] > k && !soft[regionOf[p]];
  const near = (x: number, y: number) => {
    for (let yy = Math.max(0, y - band); yy <= Math.min(h - 1, y + band); yy++)
      for (let xx = Math.max(0, x - band); xx <= Math.min(w - 1, x + band); xx++)
        if (regionOf[yy * w + xx] === k) return true;
    return false;
  };
  for (let p = 0; p < w * h; p++) if (later(p) && near(p % w, Math.floor(p / w))) inSet[p] = 1;
  // Flood from the image border and from everything not later-painted.
  const reached = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let p = 0; p < w * h; p++) {
    const x = p % w,
      y = Math.floor(p / w);
    const border = x === 0 || y === 0 || x === w - 1 || y === h - 1;
    if (!inSet[p] && (border || !later(p))) {
      reached[p] = 1;
      stack.push(p);
    }
  }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w])
      if (q >= 0 && q < w * h && !inSet[q] && !reached[q]) {
        reached[q] = 1;
        stack.push(q);
      }
  }
  for (let p = 0; p < w * h; p++) if (!reached[p]) inSet[p] = 1;
  return inSet;
}

/** Marching squares over the image plus two rings (clamped copies, then 0), every cell scanned. */
function referenceLoops(
  seg: Segmentation,
  k: number,
  stacked: boolean,
  band: number,
  soft: boolean[],
): NPoint[][] {
  const { width: w, height: h, regionOf } = seg;
  const { cover, other } = seg.labels;
  const inSet = regionSet(seg, k, stacked, band, soft);
  const W = w + 4,
    H = h + 4;
  const F = new Float32Array(W * H);
  const loc = new Int32Array(W * H).fill(-2);
  for (let j = 1; j < H - 1; j++)
    for (let i = 1; i < W - 1; i++) {
      const x = Math.min(w - 1, Math.max(0, i - 2)),
        y = Math.min(h - 1, Math.max(0, j - 2));
      const p = y * w + x;
      let c = cover[p] / 255;
      const q = other[p];
      if (q >= 0 && inSet[p] !== inSet[q]) {
        // One pixel across a thin line: beyond p from q on q's side, along it on p's.
        const dx = (q % w) - x,
          dy = Math.floor(q / w) - y;
        // The ring around the image copies the nearest pixel; beyond it nothing is in the set.
        const at = (u: number, v: number) =>
          u >= -1 && v >= -1 && u <= w && v <= h
            ? inSet[Math.min(h - 1, Math.max(0, v)) * w + Math.min(w - 1, Math.max(0, u))]
            : 0;
        if (
          at(x - dx, y - dy) === inSet[q] &&
          at(x - dy, y + dx) === inSet[p] &&
          at(x + dy, y - dx) === inSet[p]
        )
          c = 0.5 / (1 - c / 2);
        // A later region's pixel under the set, blended with a colour outside it: the set
        // stops at its middle.
        if (inSet[p] && regionOf[p] !== k) c = Math.min(c, 0.5);
      }
      F[j * W + i] = q < 0 ? inSet[p] : inSet[p] * c + inSet[q] * (1 - c);
      if (x === i - 2 && y === j - 2) {
        const r = regionOf[p];
        loc[j * W + i] = r >= 0 && r !== k && soft[r] ? -1 : r;
      }
    }
  const next = new Map<number, number>();
  const starts: number[] = [];
  for (let j = 0; j < H - 1; j++)
    for (let i = 0; i < W - 1; i++) {
      const tl = j * W + i,
        corners = [tl, tl + 1, tl + W + 1, tl + W];
      const edges = [2 * tl, 2 * (tl + 1) + 1, 2 * (tl + W), 2 * tl + 1];
      const inside = corners.map((g) => F[g] >= 0.5);
      const crossing = [0, 1, 2, 3].filter((s) => inside[s] !== inside[(s + 1) % 4]);
      const mean = corners.reduce((a, g) => a + F[g], 0) / 4;
      for (const [n, s] of crossing.entries()) {
        if (!inside[s]) continue; // the loop enters the cell here
        const out =
          crossing.length === 2 ? crossing[1 - n] : mean >= 0.5 ? (s + 1) % 4 : (s + 3) % 4;
        next.set(edges[s], edges[out]);
        starts.push(edges[s]);
      }
    }
  const point = (e: number): NPoint => {
    const g = e >> 1,
      g1 = e & 1 ? g + W : g + 1;
    const i = g % W,
      j = Math.floor(g / W);
    const t = (0.5 - F[g]) / (F[g1] - F[g]);
    const x = e & 1 ? i - 2 + 0.5 : i - 2 + 0.5 + t,
      y = e & 1 ? j - 2 + 0.5 + t : j - 2 + 0.5;
    return { x, y, n: loc[F[g] >= 0.5 ? g1 : g] };
  };
  const loops: NPoint[][] = [];
  for (const s of starts) {
    if (!next.has(s)) continue;
    const loop: NPoint[] = [];
    for (let e = s; next.has(e);) {
      const p = point(e),
        last = loop[loop.length - 1];
      if (!last || Math.abs(last.x - p.x) > 1e-6 || Math.abs(last.y - p.y) > 1e-6) loop.push(p);
      const after = next.get(e)!;
      next.delete(e);
      e = after;
    }
    const [f, l] = [loop[0], loop[loop.length - 1]];
    if (loop.length > 1 && Math.abs(f.x - l.x) < 1e-6 && Math.abs(f.y - l.y) < 1e-6) loop.pop();
    if (loop.length >= 3) loops.push(loop);
  }
  return loops;
}

/** A random blotchy segmentation (some transparent pixels, blends with a random neighbour). */
function randomSegmentation(random: () => number): Segmentation {
  const int = (n: number) => Math.floor(random() * n);
  const w = 1 + int(16),
    h = 1 + int(16),
    R = 1 + int(6);
  const regionOf = new Int32Array(w * h);
  for (let p = 0; p < w * h; p++) {
    const u = random();
    if (u < 0.35 && p % w > 0) regionOf[p] = regionOf[p - 1];
    else if (u < 0.7 && p >= w) regionOf[p] = regionOf[p - w];
    else regionOf[p] = int(R + 1) - 1; // -1: transparent
  }
  const cover = new Uint8Array(w * h).fill(255),
    other = new Int32Array(w * h).fill(-1);
  for (let p = 0; p < w * h; p++) {
    const x = (p % w) + int(3) - 1,
      y = Math.floor(p / w) + int(3) - 1;
    if (random() < 0.4 && x >= 0 && y >= 0 && x < w && y < h && y * w + x !== p) {
      other[p] = y * w + x;
      cover[p] = 128 + int(128); // a blend gives the pixel's own colour at least half
    }
  }
  return segmentation(w, h, regionOf, R, cover, other);
}

/** The segmentation of R regions (region k of colour k) over w x h with these blends. */
function segmentation(
  w: number,
  h: number,
  regionOf: Int32Array,
  R: number,
  cover: Uint8Array,
  other: Int32Array,
): Segmentation {
  const regions = Array.from({ length: R }, (_, k) => ({
    color: k,
    area: regionOf.filter((r) => r === k).length,
    x0: 0,
    y0: 0,
    x1: w - 1,
    y1: h - 1,
  }));
  return {
    width: w,
    height: h,
    regionOf,
    regions,
    labels: { lab: new Int16Array(w * h), cover, other },
  };
}

describe('outline tracer', () => {
  it('gives the loops of marching squares over the whole plane, in the same order', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let n = 0; n < 250; n++) {
      const seg = randomSegmentation(random);
      const band = Math.floor(random() * 4);
      const soft = seg.regions.map(() => random() < 0.2);
      const tracer = new OutlineTracer(seg, band, soft);
      expect(tracer.hasVoid).toBe(seg.regionOf.includes(-1));
      for (const stacked of [true, false])
        for (let k = 0; k < seg.regions.length; k++) {
          if (!seg.regions[k].area) continue;
          expect(tracer.loops(k, stacked)).toEqual(referenceLoops(seg, k, stacked, band, soft));
        }
    }
  });

  it('stops a set under the middle of a later pixel that blends with a colour below the set', () => {
    // Columns: paper (region 1), a dark sliver one pixel wide painted over it (region 2, 0.77
    // of it blended with the body beyond), the body (region 0, painted first), as a JPEG's
    // ringing leaves a rim. The sliver draws its edge with the body; the paper extends under
    // the sliver only to its middle, so it cannot show between the sliver and the body.
    const w = 6,
      h = 5;
    const row = [1, 1, 2, 0, 0, 0];
    const regionOf = Int32Array.from({ length: w * h }, (_, p) => row[p % w]);
    const cover = new Uint8Array(w * h).fill(255),
      other = new Int32Array(w * h).fill(-1);
    for (let y = 0; y < h; y++) {
      cover[y * w + 2] = 196;
      other[y * w + 2] = y * w + 3;
    }
    const tracer = new OutlineTracer(segmentation(w, h, regionOf, 3, cover, other), 2);
    const rightmost = (k: number) =>
      Math.max(...tracer.loops(k, true).flatMap((loop) => loop.map((p) => p.x)));
    // The sliver's edge with the body lies 0.38 px past its middle (a line one pixel across:
    // the field of acrossLine); the paper's, which the sliver hides, at its middle.
    expect(rightmost(2)).toBeCloseTo(2.88, 2);
    expect(rightmost(1)).toBe(2.5);
  });

  it('gives the same loops when tracers of two images take turns (they share work arrays)', () => {
    let seed = 777;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let n = 0; n < 60; n++) {
      const segs = [randomSegmentation(random), randomSegmentation(random)];
      const tracers = segs.map((seg) => new OutlineTracer(seg, 2));
      const soft = segs.map((seg) => seg.regions.map(() => false));
      for (let k = 0; k < 6; k++)
        for (const i of [0, 1]) {
          const seg = segs[i];
          if (k >= seg.regions.length || !seg.regions[k].area) continue;
          expect(tracers[i].loops(k, true)).toEqual(referenceLoops(seg, k, true, 2, soft[i]));
        }
    }
  });
});
