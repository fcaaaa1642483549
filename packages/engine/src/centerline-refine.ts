/**
 * Centerline, geometry of each chain before fitting: the skeleton sits on pixel centres (up to
 * half a pixel off an anti-aliased stroke's middle), stops short of stroke ends and cuts the
 * tips of sharp corners (thinning erodes them); these put it back on the stroke's middle, out
 * to its ends and into its corners.
 */
import type { Chain } from './skeleton-graph.js';
import type { InkField } from './skeleton.js';
import { intersect, lineFit, maxDistance } from './polygon.js';
import type { Point } from './types.js';

/** Cross-sections: sample step and the largest sideways move of a skeleton point (px). */
const PROFILE_STEP = 0.25;
const MAX_SHIFT = 1;
/** Ink share below which a cross-section has left the stroke. */
const PROFILE_GAP = 0.03;
/** A chain turning by more than this (over about a stroke width) has a corner there. */
const CORNER_DEG = 30;
/** Corner arms must be this straight (px) to be extended to their crossing. */
const ARM_STRAIGHT_PX = 0.75;

/**
 * Moves the chain's free points onto the ink-weighted middle of their cross-section (a
 * thinned skeleton sits on pixel centres, up to half a pixel off an anti-aliased stroke's
 * middle), smooths it, and returns the stroke width: the median ink across the sections, or
 * from the distance transform where no clean section was found.
 */
export function centre(run: Chain, field: InkField, dt: Float32Array): number {
  const { pts, fixed } = run;
  const n = pts.length;
  const rough = smooth(pts, fixed, 2);
  const widths: number[] = [];
  const radii: number[] = [];
  const moved = pts.slice();
  for (let i = 0; i < n; i++) {
    const r = dtAt(dt, field, pts[i]);
    radii.push(r);
    if (fixed[i] || nearFixed(pts, fixed, i, r + 1)) continue;
    const a = rough[Math.max(0, i - 2)],
      b = rough[Math.min(n - 1, i + 2)];
    const tl = Math.hypot(b.x - a.x, b.y - a.y);
    if (tl < 1e-6) continue;
    const nx = -(b.y - a.y) / tl,
      ny = (b.x - a.x) / tl;
    const reach = r + 1.5;
    let sum = 0,
      moment = 0;
    for (const side of [1, -1]) {
      for (let t = side > 0 ? 0 : -PROFILE_STEP; Math.abs(t) <= reach; t += side * PROFILE_STEP) {
        const c = sample(field, pts[i].x + t * nx, pts[i].y + t * ny);
        if (c < PROFILE_GAP) break;
        sum += c;
        moment += c * t;
      }
    }
    if (sum <= 0) continue;
    const shift = Math.max(-MAX_SHIFT, Math.min(MAX_SHIFT, moment / sum));
    moved[i] = { x: pts[i].x + shift * nx, y: pts[i].y + shift * ny };
    widths.push(sum * PROFILE_STEP);
  }
  const done = smooth(moved, fixed, 2);
  for (let i = 0; i < n; i++) pts[i] = done[i];
  if (widths.length) return median(widths);
  return Math.max(1, 2 * (median(radii) - 0.5));
}

function nearFixed(pts: Point[], fixed: boolean[], i: number, d: number): boolean {
  for (let k = 0; k < pts.length; k++)
    if (fixed[k] && Math.hypot(pts[k].x - pts[i].x, pts[k].y - pts[i].y) < d) return true;
  return false;
}

/** [1 2 1] / 4 passes; fixed points and the two ends stay where they are. */
function smooth(pts: Point[], fixed: boolean[], passes: number): Point[] {
  let cur = pts.slice();
  const n = cur.length;
  for (let pass = 0; pass < passes; pass++) {
    const next = cur.slice();
    for (let i = 1; i < n - 1; i++) {
      if (fixed[i]) continue;
      next[i] = {
        x: (cur[i - 1].x + 2 * cur[i].x + cur[i + 1].x) / 4,
        y: (cur[i - 1].y + 2 * cur[i].y + cur[i + 1].y) / 4,
      };
    }
    cur = next;
  }
  return cur;
}

/** Bilinear ink share at (x, y) in px (pixel centres at half-integers). */
function sample(f: InkField, x: number, y: number): number {
  const fx = x - 0.5,
    fy = y - 0.5;
  const x0 = Math.floor(fx),
    y0 = Math.floor(fy);
  const tx = fx - x0,
    ty = fy - y0;
  const at = (xx: number, yy: number) =>
    xx < 0 || yy < 0 || xx >= f.width || yy >= f.height ? 0 : f.cover[yy * f.width + xx];
  return (
    (at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx) * (1 - ty) +
    (at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx) * ty
  );
}

function dtAt(dt: Float32Array, f: InkField, p: Point): number {
  const x = Math.min(f.width - 1, Math.max(0, Math.floor(p.x))),
    y = Math.min(f.height - 1, Math.max(0, Math.floor(p.y)));
  return dt[y * f.width + x] || 1;
}

export function median(v: number[]): number {
  const s = v.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Each free end of an open chain moves along its direction to half a stroke width short of
 * where the ink ends (a round cap drawn there covers the rest).
 */
export function extendEnds(run: Chain, field: InkField, width: number): void {
  if (run.closed) return;
  const { pts, fixed } = run;
  const n = pts.length;
  for (const end of [0, n - 1]) {
    if (fixed[end]) continue;
    const step = end === 0 ? 1 : -1;
    const tip = pts[end];
    let k = end;
    while (k + step >= 0 && k + step < n && dist(pts[k], tip) < Math.max(2, width / 2)) k += step;
    if (k === end) continue;
    const l = dist(pts[k], tip);
    const dx = (tip.x - pts[k].x) / l,
      dy = (tip.y - pts[k].y) / l;
    let t = 0;
    while (
      t < 2 * width + 2 &&
      sample(field, tip.x + (t + PROFILE_STEP) * dx, tip.y + (t + PROFILE_STEP) * dy) >= 0.5
    )
      t += PROFILE_STEP;
    const move = t - width / 2;
    if (move > PROFILE_STEP) pts[end] = { x: tip.x + move * dx, y: tip.y + move * dy };
  }
}

/**
 * Where the chain turns sharply between two straight arms, the points between the arms give
 * way to the arms' crossing, when that lies on the ink within a stroke width of the chain.
 */
export function sharpenCorners(run: Chain, field: InkField, width: number): void {
  const { pts, fixed } = run;
  const n = pts.length;
  if (n < 7) return;
  const r = width / 2;
  const cum = [0];
  for (let i = 1; i < n; i++) cum.push(cum[i - 1] + dist(pts[i - 1], pts[i]));
  const reach = Math.max(2, 1.5 * r);
  const turn = new Float64Array(n);
  for (let i = 1, j = 0, k = 1; i < n - 1; i++) {
    while (j + 1 < i && cum[i] - cum[j + 1] >= reach) j++;
    while (k < n - 1 && cum[k] - cum[i] < reach) k++;
    if (cum[i] - cum[j] < reach || cum[k] - cum[i] < reach) continue;
    const ax = pts[i].x - pts[j].x,
      ay = pts[i].y - pts[j].y,
      bx = pts[k].x - pts[i].x,
      by = pts[k].y - pts[i].y;
    turn[i] = Math.abs(Math.atan2(ax * by - ay * bx, ax * bx + ay * by));
  }
  const limit = (CORNER_DEG * Math.PI) / 180;
  const corners: number[] = [];
  for (let i = 1; i < n - 1; i++) {
    if (turn[i] < limit) continue;
    let peak = true;
    for (let q = i - 1; q >= 0 && cum[i] - cum[q] < reach && peak; q--) peak = turn[q] <= turn[i];
    for (let q = i + 1; q < n && cum[q] - cum[i] < reach && peak; q++) peak = turn[q] < turn[i];
    if (peak) corners.push(i);
  }
  const near = Math.max(1.5, 2 * r),
    far = near + Math.max(3, 3 * r);
  // Thinning can bend a thick corner twice: of two turns closer than `near`, the sharper counts.
  const sharpest = corners.filter((c) =>
    corners.every((o) => o === c || Math.abs(cum[o] - cum[c]) >= near || turn[o] < turn[c]),
  );
  corners.splice(0, corners.length, ...sharpest);
  // Decided on the original points, then applied from the last, so indices stay valid.
  const cuts: [number, number, Point][] = [];
  for (const c of corners) {
    const arm = (dir: 1 | -1): [number, number] | null => {
      let a = -1,
        b = -1;
      for (let q = c + dir; q >= 0 && q < n; q += dir) {
        const d = Math.abs(cum[q] - cum[c]);
        if (d > far) break;
        if (d >= near) {
          if (a < 0) a = q;
          b = q;
        }
      }
      if (a < 0 || Math.abs(a - b) < 2) return null;
      return dir > 0 ? [a, b] : [b, a];
    };
    const before = arm(-1),
      after = arm(1);
    if (!before || !after) continue;
    if (corners.some((o) => o !== c && o >= before[0] && o <= after[1])) continue;
    const l1 = lineFit(pts, before[0], before[1]),
      l2 = lineFit(pts, after[0], after[1]);
    if (maxDistance(l1, pts, before[0], before[1]) > ARM_STRAIGHT_PX) continue;
    if (maxDistance(l2, pts, after[0], after[1]) > ARM_STRAIGHT_PX) continue;
    const x = intersect(l1, l2, Math.sin(limit / 2));
    if (!x || dist(x, pts[c]) > 2 * r + 1.5 || sample(field, x.x, x.y) < 0.5) continue;
    const last = cuts[cuts.length - 1];
    if (!last || last[1] < before[1] + 1) cuts.push([before[1] + 1, after[0] - 1, x]);
  }
  for (const [from, to, x] of cuts.reverse()) {
    pts.splice(from, to - from + 1, x);
    fixed.splice(from, to - from + 1, true);
  }
}

/**
 * A loop without junctions starts and ends in the middle of its straightest stretch, so that
 * no corner lies at its seam (corners and cross-sections need points on both sides).
 */
export function seamOnStraight(run: Chain): void {
  const { pts, fixed } = run;
  const n = pts.length - 1; // the last point repeats the first
  if (!run.closed || n < 8 || fixed.slice(1, -1).some(Boolean)) return;
  const k = 3;
  const straight = (i: number) => {
    const a = pts[(i - k + n) % n],
      p = pts[i],
      b = pts[(i + k) % n];
    const ux = p.x - a.x,
      uy = p.y - a.y,
      vx = b.x - p.x,
      vy = b.y - p.y;
    return Math.abs(Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)) < 0.2;
  };
  // The longest run of straight points (around the ring), and its middle.
  let best = -1,
    bestLen = 0;
  for (let i = 0; i < n; i++) {
    if (!straight(i) || straight((i - 1 + n) % n)) continue;
    let len = 1;
    while (len < n && straight((i + len) % n)) len++;
    if (len > bestLen) {
      bestLen = len;
      best = (i + (len >> 1)) % n;
    }
  }
  if (best <= 0) return;
  const ring = [...pts.slice(best, n), ...pts.slice(0, best)];
  pts.splice(0, pts.length, ...ring, ring[0]);
  fixed.fill(false);
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
