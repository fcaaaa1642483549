/**
 * Centerline, raster part: the ink of a line drawing (the bw threshold: darker than mid-grey
 * over white), its Euclidean distance transform (the stroke's half-width at each pixel) and
 * its skeleton, one pixel wide and 8-connected (Zhang–Suen thinning, 1984, slightly changed
 * (see thin), then the elbow pixels of staircases removed so every skeleton pixel has exactly
 * its path neighbours).
 */
import type { Control } from './abort.js';
import type { WorkImage } from './image.js';

export interface InkField {
  width: number;
  height: number;
  /** Ink share of each pixel, 0..1 (anti-aliased edges lie between). */
  cover: Float32Array;
  /** 1 where the pixel is ink (cover above one half). */
  ink: Uint8Array;
  /** The mean colour of the solid ink, 0xrrggbb. */
  colour: number;
  /** Light lines on a dark ground: the ground's mean colour (to paint under the strokes). */
  ground: number | null;
}

/**
 * Dark strokes on a light ground, composited over white; when most of the picture's border is
 * ink the drawing is light lines on a dark ground and the roles swap.
 */
export function inkField(img: WorkImage): InkField {
  const { width: w, height: h, rgb, alpha } = img;
  const n = w * h;
  const cover = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const luma = 0.299 * rgb[p * 3] + 0.587 * rgb[p * 3 + 1] + 0.114 * rgb[p * 3 + 2];
    cover[p] = ((255 - luma) / 255) * (alpha[p] / 255);
  }
  let border = 0,
    inkedBorder = 0;
  for (let p = 0; p < n; p++) {
    const x = p % w,
      y = (p / w) | 0;
    if (x !== 0 && y !== 0 && x !== w - 1 && y !== h - 1) continue;
    border++;
    if (cover[p] > 0.5) inkedBorder++;
  }
  const inverted = inkedBorder > border / 2;
  if (inverted) for (let p = 0; p < n; p++) cover[p] = 1 - cover[p];
  const ink = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (cover[p] > 0.5) ink[p] = 1;
  return {
    width: w,
    height: h,
    cover,
    ink,
    colour: meanColour(img, (p) => cover[p] >= 0.8),
    ground: inverted ? meanColour(img, (p) => cover[p] <= 0.2) : null,
  };
}

function meanColour({ rgb, width, height }: WorkImage, take: (p: number) => boolean): number {
  let r = 0,
    g = 0,
    b = 0,
    count = 0;
  for (let p = 0; p < width * height; p++) {
    if (!take(p)) continue;
    r += rgb[p * 3];
    g += rgb[p * 3 + 1];
    b += rgb[p * 3 + 2];
    count++;
  }
  const mean = (v: number) => (count ? Math.round(v / count) : 0);
  return (mean(r) << 16) | (mean(g) << 8) | mean(b);
}

/**
 * Exact Euclidean distance from each ink pixel's centre to the nearest non-ink pixel centre
 * (outside the image counts as non-ink); 0 off the ink. Two passes of the 1-D lower envelope
 * of parabolas (Felzenszwalb and Huttenlocher, "Distance transforms of sampled functions").
 */
export function distanceTransform(ink: Uint8Array, w: number, h: number): Float32Array {
  const INF = 1e10; // above any squared distance, small enough to keep q² significant
  // Padding of one pixel on each side makes the border count as background.
  const W = w + 2,
    H = h + 2;
  const f = new Float64Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const inside = x > 0 && y > 0 && x <= w && y <= h && ink[(y - 1) * w + (x - 1)];
      f[y * W + x] = inside ? INF : 0;
    }
  const len = Math.max(W, H);
  const line = new Float64Array(len),
    out = new Float64Array(len),
    v = new Int32Array(len),
    z = new Float64Array(len + 1);
  const pass = (count: number, n: number, at: (i: number, k: number) => number) => {
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < n; k++) line[k] = f[at(i, k)];
      envelope(line, n, out, v, z);
      for (let k = 0; k < n; k++) f[at(i, k)] = out[k];
    }
  };
  pass(W, H, (x, y) => y * W + x);
  pass(H, W, (y, x) => y * W + x);
  const dt = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) dt[y * w + x] = Math.sqrt(f[(y + 1) * W + x + 1]);
  return dt;
}

function envelope(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array) {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  const cut = (q: number, p: number) => (f[q] + q * q - (f[p] + p * p)) / (2 * q - 2 * p);
  for (let q = 1; q < n; q++) {
    let s = cut(q, v[k]);
    while (s <= z[k]) s = cut(q, v[--k]); // z[0] = -Infinity stops it
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const p = v[k];
    d[q] = (q - p) * (q - p) + f[p];
  }
}

/** Neighbour offsets clockwise from north: N, NE, E, SE, S, SW, W, NW. */
const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

function neighbours(s: Uint8Array, w: number, h: number, x: number, y: number, nb: number[]) {
  for (let i = 0; i < 8; i++) {
    const xx = x + DX[i],
      yy = y + DY[i];
    nb[i] = xx >= 0 && yy >= 0 && xx < w && yy < h ? s[yy * w + xx] : 0;
  }
}

/**
 * The skeleton of the ink: 1 on skeleton pixels. Zhang–Suen, except that a pixel with only two
 * neighbours stays (plain Zhang–Suen eats 2-pixel-thick diagonal runs from their ends, which
 * shortens every diagonal stroke). Only pixels next to removed ones are looked at again, so the
 * work follows the shrinking border, not the whole area of thick strokes.
 */
export function thin(ink: Uint8Array, w: number, h: number, ctl: Control): Uint8Array {
  const s = ink.slice();
  const nb = [0, 0, 0, 0, 0, 0, 0, 0];
  const queued = new Uint8Array(s.length);
  let border: number[] = [];
  for (let p = 0; p < s.length; p++) {
    if (!s[p]) continue;
    neighbours(s, w, h, p % w, (p / w) | 0, nb);
    if (nb.includes(0)) {
      queued[p] = 1;
      border.push(p);
    }
  }
  const drop: number[] = [];
  for (let changed = true; changed;) {
    changed = false;
    ctl.check();
    for (let step = 0; step < 2; step++) {
      drop.length = 0;
      for (const p of border) {
        neighbours(s, w, h, p % w, (p / w) | 0, nb);
        const [n, ne, e, se, so, sw, we, nw] = nb;
        const count = n + ne + e + se + so + sw + we + nw;
        if (count < 3 || count > 6) continue;
        let transitions = 0;
        for (let i = 0; i < 8; i++) if (!nb[i] && nb[(i + 1) % 8]) transitions++;
        if (transitions !== 1) continue;
        if (step === 0 ? n * e * so || e * so * we : n * e * we || n * so * we) continue;
        drop.push(p);
      }
      if (!drop.length) continue;
      changed = true;
      for (const p of drop) s[p] = 0;
      const next = border.filter((p) => s[p]);
      for (const p of drop) {
        const x = p % w,
          y = (p / w) | 0;
        for (let i = 0; i < 8; i++) {
          const xx = x + DX[i],
            yy = y + DY[i];
          const q = yy * w + xx;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h || !s[q] || queued[q]) continue;
          queued[q] = 1;
          next.push(q);
        }
      }
      border = next;
    }
  }
  border.sort((a, b) => a - b); // elbows go in raster order
  removeElbows(s, border, w, h);
  return s;
}

/**
 * Thinning leaves 4-connected staircases whose elbow pixels have three skeleton neighbours and
 * would read as junctions; an elbow (two 4-neighbours at right angles) that is simple (its
 * neighbours stay one 8-connected piece without it) goes.
 */
function removeElbows(s: Uint8Array, live: number[], w: number, h: number) {
  const nb = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const p of live) {
    const x = p % w,
      y = (p / w) | 0;
    neighbours(s, w, h, x, y, nb);
    const [n, , e, , so, , we] = nb;
    if (!((n && e) || (e && so) || (so && we) || (we && n))) continue;
    // Hilditch's crossing number for 8-connectivity: 4-neighbours off followed by any on.
    let crossings = 0;
    for (let i = 0; i < 8; i += 2) if (!nb[i] && (nb[i + 1] || nb[(i + 2) % 8])) crossings++;
    if (crossings === 1) s[p] = 0;
  }
}
