// Unit tests of the individual stages on small literal grids.
import { describe, expect, it } from 'vitest';
import { toWorkImage } from '../src/image.js';
import { analyse, type Analysis } from '../src/analyse.js';
import { deriveParams } from '../src/params.js';
import { clean } from '../src/clean.js';
import { snap } from '../src/colour.js';
import { buildPalette } from '../src/palette.js';
import { assignLabels, TRANSPARENT } from '../src/label.js';
import { segment } from '../src/segment.js';
import { polygonArea, regionBoundaries } from '../src/boundaries.js';
import { fitLoop } from '../src/outline-fit.js';
import { fitLoopByTurning } from '../src/corner-fit.js';
import { centroid } from '../src/polygon.js';
import { mergeWanderingEdges } from '../src/wander-merge.js';
import { Control } from '../src/abort.js';
import { normalise } from '../src/writers/geometry.js';
import type { Point, SubPath } from '../src/types.js';
import { literalSegmentation, makeImage, type Rgba } from './helpers.js';

const ctl = new Control();

/** k points along each segment of a subpath (arcs as cubics), for distances to a true outline. */
function alongPath(sp: SubPath, k: number): Point[] {
  const out: Point[] = [];
  let p = sp.start;
  for (const g of normalise(sp)) {
    for (let i = 1; i <= k; i++) {
      const u = i / k,
        v = 1 - u;
      out.push(
        g.type === 'C'
          ? {
              x: v * v * v * p.x + 3 * v * v * u * g.x1 + 3 * v * u * u * g.x2 + u * u * u * g.x,
              y: v * v * v * p.y + 3 * v * v * u * g.y1 + 3 * v * u * u * g.y2 + u * u * u * g.y,
            }
          : { x: p.x + (g.x - p.x) * u, y: p.y + (g.y - p.y) * u },
      );
    }
    p = g;
  }
  return out;
}
const toRun = (pts: { x: number; y: number }[]) => ({
  x: Float64Array.from(pts, (p) => p.x),
  y: Float64Array.from(pts, (p) => p.y),
});
const SOFT = { subPixelCoverage: true, flatNeighbours: 8, thinLines: true } as const;
const HARD = { subPixelCoverage: false, flatNeighbours: 8, thinLines: true } as const;

/** Builds a WorkImage from rows of characters mapped to colours ('.' = transparent). */
function grid(rows: string[], colours: Record<string, [number, number, number]>) {
  const h = rows.length,
    w = rows[0].length;
  const data = new Uint8ClampedArray(w * h * 4);
  rows.forEach((row, y) =>
    [...row].forEach((ch, x) => {
      const p = (y * w + x) * 4;
      if (ch === '.') return;
      const c = colours[ch];
      data.set([c[0], c[1], c[2], 255], p);
    }),
  );
  return toWorkImage({ width: w, height: h, data });
}

const BW = {
  K: [0, 0, 0] as [number, number, number],
  W: [255, 255, 255] as [number, number, number],
  g: [128, 128, 128] as [number, number, number],
};

describe('analyse', () => {
  it('calls flat anti-aliased art colour and hard-edged few-colour art pixel art', () => {
    const rows = Array.from({ length: 16 }, (_, y) =>
      'WWWWWWWWKKKKKKKK'.slice(0, 16).replace(/K/g, y < 8 ? 'K' : 'W'),
    );
    expect(analyse(grid(rows, BW), 'auto').mode).toBe('pixelart');
    const aa = Array.from({ length: 16 }, (_, y) =>
      y % 2 ? 'WWWWWWWgKKKKKKKK' : 'WWWWWWWWgKKKKKKK',
    );
    expect(analyse(grid(aa, BW), 'auto').mode).not.toBe('photo');
    expect(analyse(grid(rows, BW), 'bw').mode).toBe('bw');
  });
  it('notices transparency', () => {
    expect(analyse(grid(['..KK', '..KK'], BW), 'auto').hasTransparency).toBe(true);
  });
});

describe('clean', () => {
  it('removes small noise but keeps a hard edge', () => {
    const img = grid(['WWWWKKKK', 'WWWWKKKK', 'WWWWKKKK', 'WWWWKKKK'], BW);
    img.rgb[(1 * 8 + 1) * 3] = 240; // a noisy white pixel
    const out = clean(img, { thresholdRgbSum: 48, passes: 1, windowNeighbours: 8 }, ctl);
    expect(out.rgb[(1 * 8 + 1) * 3]).toBeGreaterThan(245);
    expect(out.rgb[(1 * 8 + 3) * 3]).toBe(255); // white beside the edge stays white
    expect(out.rgb[(1 * 8 + 4) * 3]).toBe(0); // black beside the edge stays black
  });
});

describe('palette', () => {
  /** The palette options of a default trace of a drawing. */
  const options = { minDistanceRgb: 28, maxColours: 48, stableThresholdRgb: 10 };
  it('finds the flat colours, not the anti-aliased blends', () => {
    const rows = Array.from({ length: 12 }, () => 'WWWWWgKKKKKK');
    const pal = buildPalette(grid(rows, BW), {
      minDistanceRgb: 30,
      maxColours: 8,
      stableThresholdRgb: 4,
    });
    expect(pal.sort()).toEqual([0x000000, 0xffffff].sort());
  });
  it('returns the exact count requested', () => {
    const cols = { a: [250, 0, 0], b: [0, 200, 0], c: [0, 0, 220], d: [240, 240, 0] } as Record<
      string,
      [number, number, number]
    >;
    const rows = Array.from({ length: 8 }, () => 'aaabbbcccddd');
    expect(
      buildPalette(grid(rows, cols), {
        count: 2,
        minDistanceRgb: 30,
        maxColours: 8,
        stableThresholdRgb: 4,
      }),
    ).toHaveLength(2);
    expect(
      buildPalette(grid(rows, cols), {
        count: 4,
        minDistanceRgb: 30,
        maxColours: 8,
        stableThresholdRgb: 4,
      }),
    ).toHaveLength(4);
  });
  it('keeps a flat colour whose 8x8 blocks JPEG shifted by a few levels one colour', () => {
    // A flat green; one block in four shifted toward olive (as JPEG's block offsets and chroma
    // shift it), by 35-70% of a 42-level step. The most shifted block is a peak minDistance away
    // from the green; k-means pulls it to 20 levels of it, where it was kept as a second green.
    const green = [0, 97, 41],
      olive = [40, 110, 42];
    const shifts = [0.35, 0.4, 0.45, 0.7];
    const w = 96;
    const data = new Uint8ClampedArray(w * w * 4);
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const block = (y >> 3) * (w / 8) + (x >> 3);
        const t = block % 4 === 0 ? shifts[(block >> 2) % 4] : 0;
        const c = green.map((g, i) => Math.round(g + t * (olive[i] - g)));
        data.set([...c, 255], (y * w + x) * 4);
      }
    const pal = buildPalette(toWorkImage({ width: w, height: w, data }), {
      minDistanceRgb: 28,
      maxColours: 48,
      stableThresholdRgb: 10,
    });
    expect(pal).toHaveLength(1);
    const [r, g, b] = [pal[0] >> 16, (pal[0] >> 8) & 255, pal[0] & 255];
    expect(Math.hypot(r - green[0], g - green[1], b - green[2])).toBeLessThan(4);
  });
  it('keeps a small flat colour whose votes JPEG noise spread over many bins (noisyVotes)', () => {
    // Orange with a 12 px brown patch (a cookie's chip) whose pixels are off by -1..8 levels per
    // channel, every combination in turn: stable against each other (within 10), but spread
    // evenly over 64 histogram bins, none with minCount votes. A black square beside: the brown
    // is also half way from orange to black, so thin-colours.ts takes it for a blend of the two
    // and adds nothing; only the chip's votes can bring it in.
    const orange = [220, 150, 50],
      brown = [112, 72, 28];
    const offsets = [-1, 0, 4, 8];
    const w = 128;
    const data = new Uint8ClampedArray(w * w * 4);
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++) {
        const k = (y - 60) * 12 + (x - 60);
        const chip = x >= 60 && x < 72 && y >= 60 && y < 72;
        const black = x >= 10 && x < 40 && y >= 10 && y < 40;
        const c = chip
          ? brown.map((v, i) => v + offsets[(k >> (2 * i)) & 3])
          : black
            ? [0, 0, 0]
            : orange;
        data.set([...c, 255], (y * w + x) * 4);
      }
    const img = toWorkImage({ width: w, height: w, data });
    const nearBrown = (pal: number[]) =>
      Math.min(
        ...pal.map((p) =>
          Math.hypot((p >> 16) - brown[0], ((p >> 8) & 255) - brown[1], (p & 255) - brown[2]),
        ),
      );
    expect(nearBrown(buildPalette(img, { ...options, noisyVotes: true }))).toBeLessThan(8);
    expect(nearBrown(buildPalette(img, options))).toBeGreaterThan(40);
  });
  it('adds no dark shade for the overshoot along blue edges of a JPEG', () => {
    // JPEG's ringing: a 2-px rim half way from the blue to navy, a pixel here and there near
    // navy. Blends of navy and blue explain over 1 % of the image, but few pixels are navy
    // themselves (logo-cloudlinux.jpeg in the shared benchmark: 1 of 845).
    const blue = [38, 85, 150],
      navy = [19, 51, 86];
    const discs = [
      [50, 60],
      [150, 90],
      [250, 60],
    ];
    // Anti-aliased (makeImage), as the rest of an image saved as JPEG would be.
    const img = makeImage(300, 150, (x, y) => {
      for (const [cx, cy] of discs) {
        const d = Math.hypot(x - cx, y - cy);
        if (d >= 24) continue;
        const hash =
          (Math.imul(Math.floor(x), 73856093) ^ Math.imul(Math.floor(y), 19349663)) >>> 0;
        const f = d < 22 ? 0 : 0.5 + 0.5 * (hash / 2 ** 32) ** 30;
        return [...blue.map((v, i) => Math.round(v + (navy[i] - v) * f)), 255] as Rgba;
      }
      return [255, 255, 255, 255];
    });
    const palette = buildPalette(toWorkImage(img), {
      ...options,
      noisyVotes: true,
    });
    expect(palette.map((c) => c.toString(16)).sort()).toEqual(['265596', 'ffffff']);
  });
  it("keeps a JPEG's yellow crescent moon that is no shade of the orange beside it", () => {
    // clipart-camper.jpeg in the shared benchmark: the moon's noisy yellow has few stable pixels
    // and came out orange. The inside of the crescent (pixels whose neighbours are all near them)
    // holds the most common colour that is far from the palette; a magenta speck is the extreme.
    const yellow = [250, 220, 30],
      orange = [245, 130, 20];
    const noise = (x: number, y: number, k: number) => ((x * 73 + y * 151 + k * 37) % 29) - 14;
    const paletteWithMoon = (moonColour: number[]) => {
      const w = 200,
        h = 160;
      const data = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const moon = Math.hypot(x - 150, y - 40) < 14 && Math.hypot(x - 155, y - 40) >= 14;
          const c = moon
            ? moonColour.map((v, i) => v + noise(x, y, i))
            : x === 10 && y === 150
              ? [255, 0, 255]
              : x > 20 && x < 120 && y > 60
                ? orange
                : [255, 255, 255];
          data.set([...c, 255], (y * w + x) * 4);
        }
      const img = toWorkImage({ width: w, height: h, data });
      return buildPalette(img, { ...options, noisyVotes: true });
    };
    const near = (c: number, rgb: number[]) =>
      Math.hypot((c >> 16) - rgb[0], ((c >> 8) & 255) - rgb[1], (c & 255) - rgb[2]) < 28;
    const withYellow = paletteWithMoon(yellow);
    expect(withYellow.filter((c) => near(c, yellow))).toHaveLength(1);
    expect(withYellow.filter((c) => near(c, orange))).toHaveLength(1);
    // A darker shade of the orange is JPEG shading as often as a colour: none is added for it.
    const shade = [205, 100, 20];
    expect(paletteWithMoon(shade).filter((c) => near(c, shade))).toHaveLength(0);
  });
  it('snaps near-black and near-white exactly', () => {
    expect(snap(3, 3, 3)).toBe(0);
    expect(snap(250, 252, 249)).toBe(0xffffff);
    expect(snap(200, 20, 30)).toBe((200 << 16) | (20 << 8) | 30);
  });
});

describe('label', () => {
  it('gives an anti-aliased pixel to a neighbour with its coverage, never a sliver', () => {
    const img = grid(['WWgKK', 'WWgKK', 'WWgKK'], BW);
    const pal = [0x000000, 0xffffff, 0x808080]; // even with grey in the palette
    const l = assignLabels(img, pal, SOFT, ctl);
    const p = 1 * 5 + 2;
    expect(l.lab[p]).not.toBe(2);
    expect(l.cover[p]).toBeGreaterThanOrEqual(127);
    expect(l.cover[p]).toBeLessThan(140);
    expect(l.other[p]).toBeGreaterThanOrEqual(0);
  });
  it('takes the edge of two colours for their blend, not a palette shade between them', () => {
    // A dark disc on white, anti-aliased, with shades of grey in the palette (a wheel's tyre and
    // rims): each edge pixel is one of those shades nearly exactly, and its neighbours offer
    // them (other edge pixels), but it is a blend of the disc and the white.
    const n = 40,
      data = new Uint8ClampedArray(n * n * 4);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        let inside = 0;
        for (let s = 0; s < 16; s++)
          inside +=
            Math.hypot(x + ((s % 4) + 0.5) / 4 - 20, y + ((s >> 2) + 0.5) / 4 - 20) < 15 ? 1 : 0;
        const v = Math.round(255 - ((255 - 25) * inside) / 16);
        data.set([v, v, v, 255], (y * n + x) * 4);
      }
    const img = toWorkImage({ width: n, height: n, data });
    const pal = [0x191919, 0xffffff, 0x787878, 0xb1b1b1, 0xe1e1e1, 0x313131];
    const shades = (widestPairs: boolean) => {
      const l = assignLabels(img, pal, { ...SOFT, widestPairs }, ctl);
      return l.lab.filter((c) => c > 1).length;
    };
    expect(shades(false)).toBeGreaterThan(10); // the test's own check: the shades are offered
    expect(shades(true)).toBe(0);
  });
  it('labels transparent pixels as transparent', () => {
    const l = assignLabels(grid(['..KK'], BW), [0], SOFT, ctl);
    expect(l.lab[0]).toBe(TRANSPARENT);
    expect(l.lab[3]).toBe(0);
  });
});

describe('segment', () => {
  it('merges speckles into the closest neighbour and paints enclosing regions first', () => {
    const img = grid(['WWWWWW', 'WKKKKW', 'WKWKKW', 'WKKKKW', 'WWWWWW'], BW);
    const pal = [0x000000, 0xffffff];
    const labels = assignLabels(img, pal, HARD, ctl);
    const seg = segment(6, 5, labels, pal, 2, ctl);
    expect(seg.regions).toHaveLength(2); // the lone white pixel merged into the black ring
    expect(pal[seg.regions[0].color]).toBe(0xffffff); // outer region first
    expect(seg.regionOf[2 * 6 + 2]).toBe(1);
  });
});

describe('segment (purity)', () => {
  it('leaves the labelling it is given untouched and returns the merged one', () => {
    const labels = {
      lab: new Int16Array([0, 0, 0, 0, 1, 0, 0, 0, 0]),
      cover: new Uint8Array([255, 255, 255, 255, 200, 255, 255, 255, 255]),
      other: new Int32Array([-1, -1, -1, -1, 1, -1, -1, -1, -1]),
    };
    const seg = segment(3, 3, labels, [0x000000, 0xffffff], 2, ctl);
    expect(seg.regions).toHaveLength(1);
    expect([labels.cover[4], labels.other[4]]).toEqual([200, 1]);
    expect([seg.labels.cover[4], seg.labels.other[4]]).toEqual([255, -1]);
  });
});

describe('boundaries', () => {
  it('places the iso-line at the pixel edge for hard edges and sub-pixel for blends', () => {
    // 4x4, region 1 is the 2x2 block in the middle.
    const seg = literalSegmentation(['0000', '0110', '0110', '0000']);
    const cutout = { stacked: false, stackingBandPx: 2, minLoopAreaPx2: 0, straightenHidden: true };
    const loops = regionBoundaries(1, seg, cutout);
    expect(loops).toHaveLength(1);
    const xs = loops[0].map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(1, 5);
    expect(Math.max(...xs)).toBeCloseTo(3, 5);
    for (const p of [6, 10]) {
      // right column 3/4 covered, blended with the pixel to its right: the edge moves left
      seg.labels.cover[p] = Math.round(0.75 * 255);
      seg.labels.other[p] = p + 1;
    }
    const l2 = regionBoundaries(1, seg, cutout);
    expect(Math.max(...l2[0].map((p) => p.x))).toBeLessThan(3);
    expect(Math.max(...l2[0].map((p) => p.x))).toBeGreaterThan(2.6);
  });
  it('stacked, fills the holes that only later regions fill and keeps the others open', () => {
    // Region 1 encloses three pockets: region 2 (painted later) and two of region 0 (earlier).
    const seg = literalSegmentation([
      '000000000000',
      '011111111110',
      '012210100010',
      '012210100010',
      '011111111110',
      '000000000000',
    ]);
    const stacked = { stacked: true, stackingBandPx: 0, minLoopAreaPx2: 0, straightenHidden: true };
    const loops = regionBoundaries(1, seg, stacked);
    // Loops cut each pixel corner by 1/8 px²: the outer loop and the two holes of region 0,
    // in raster order; region 2's pocket is filled.
    expect(loops.map((l) => polygonArea(l))).toEqual([39.5, -1.5, -5.5]);
    const cutout = regionBoundaries(1, seg, { ...stacked, stacked: false });
    expect(cutout.map((l) => polygonArea(l))).toEqual([39.5, -3.5, -1.5, -5.5]);
  });
  it('gives two regions the same shared boundary', () => {
    const img = grid(['KKKWWW', 'KKKWWW', 'KKKWWW', 'KKKWWW'], BW);
    const pal = [0x000000, 0xffffff];
    const labels = assignLabels(img, pal, SOFT, ctl);
    const seg = segment(6, 4, labels, pal, 0, ctl);
    const cutout = { stacked: false, stackingBandPx: 2, minLoopAreaPx2: 0, straightenHidden: true };
    const a = regionBoundaries(0, seg, cutout);
    const b = regionBoundaries(1, seg, cutout);
    const areaA = Math.abs(polygonArea(a[0])),
      areaB = Math.abs(polygonArea(b[0]));
    expect(areaA + areaB).toBeCloseTo(24, 5); // exact tiling: no gap, no overlap
  });
});

/** What analyse() says of a drawing saved as JPEG (noise share over the bars of params.ts). */
const JPEG_NOISY: Analysis = {
  mode: 'color',
  flatFrac: 0.5,
  noiseFrac: 0.3,
  textureFrac: 0.1,
  topShare: 0.9,
  hasTransparency: false,
  grayscale: false,
};

describe('fit', () => {
  it('keeps an edge along the image border on it where a corner rounds off beside it', () => {
    // A 20 x 30 box against the left border whose bottom-left corner leaves the border by up to
    // 0.2 px over its last 4 px: within tolerance, so one straight edge takes those samples too.
    const pts: Point[] = [];
    for (let y = 10; y <= 36; y += 0.5) pts.push({ x: 0, y });
    for (let k = 1; k <= 8; k++) pts.push({ x: Math.min(0.2, 0.05 * k), y: 36 + 0.5 * k });
    for (let x = 1; x <= 20; x += 0.5) pts.push({ x, y: 40 });
    for (let y = 39.5; y >= 10; y -= 0.5) pts.push({ x: 20, y });
    for (let x = 19.5; x > 0; x -= 0.5) pts.push({ x, y: 10 });
    const opts = { tolerancePx: 0.3, cornerAngleRad: Math.PI / 3 };
    const onBorder = (sp: SubPath) =>
      [sp.start, ...sp.segments].filter((p) => Math.abs(p.x) < 0.5).map((p) => p.x);
    // Both fits (drawings, photos); without the image's size their least-squares line tilts.
    for (const fit of [fitLoop, fitLoopByTurning]) {
      expect(onBorder(fit(pts, opts)).some((x) => x !== 0)).toBe(true);
      const fitted = onBorder(fit(pts, { ...opts, bounds: { width: 50, height: 50 } }));
      expect(fitted.length).toBeGreaterThanOrEqual(2);
      for (const x of fitted) expect(x).toBe(0);
    }
  });
  it('takes the centroid of pts[a..b] summed first to last (its bits decide the fits)', () => {
    const pts = [0.1, 0.2, 0.3, 7].map((v) => ({ x: v, y: -v }));
    // (0.1 + 0.2) + 0.3 is 0.6000000000000001: summed from the other end it would be 0.6.
    expect(centroid(pts, 0, 2)).toEqual({ x: 0.20000000000000004, y: -0.20000000000000004 });
    expect(centroid(pts, 1, 2)).toEqual({ x: 0.25, y: -0.25 });
    expect(centroid(pts)).toEqual({ x: 1.9, y: -1.9 });
  });
  it('fits a sampled circle as a circle: three arcs of its radius', () => {
    const pts = Array.from({ length: 120 }, (_, i) => ({
      x: 20 + 10 * Math.cos((i / 120) * 2 * Math.PI),
      y: 20 + 10 * Math.sin((i / 120) * 2 * Math.PI),
    }));
    const sp = fitLoop(pts, { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 });
    expect(sp.segments.map((s) => s.type)).toEqual(['A', 'A', 'A']);
    for (const s of sp.segments) {
      expect(Math.hypot(s.x - 20, s.y - 20)).toBeCloseTo(10, 3);
      expect(s.type === 'A' && s.r).toBeCloseTo(10, 3);
    }
  });
  it('fits an edge with JPEG noise through its smoothed samples: far fewer curves, as close', () => {
    // An ellipse whose samples are jittered across it by up to 0.3 px (a fixed sequence).
    let seed = 7;
    const jitter = () =>
      ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 0.6;
    const [cx, cy, a, b, n] = [80, 60, 60, 35, 400];
    const at = (t: number) => ({ x: cx + a * Math.cos(t), y: cy + b * Math.sin(t) });
    const pts = Array.from({ length: n }, (_, i) => {
      const t = (i / n) * 2 * Math.PI;
      const nx = b * Math.cos(t),
        ny = a * Math.sin(t),
        j = jitter() / Math.hypot(nx, ny);
      return { x: at(t).x + j * nx, y: at(t).y + j * ny };
    });
    const offEllipse = (sp: SubPath) => {
      let worst = 0;
      for (const p of alongPath(sp, 8)) {
        let d = Infinity;
        for (let k = 0; k < 2000; k++) {
          const q = at((k / 2000) * 2 * Math.PI);
          d = Math.min(d, Math.hypot(p.x - q.x, p.y - q.y));
        }
        worst = Math.max(worst, d);
      }
      return worst;
    };
    const opts = { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 };
    const raw = fitLoop(pts, opts),
      smoothed = fitLoop(pts, { ...opts, noisyEdges: true });
    // 201 segments following the noise against 78.
    expect(smoothed.segments.length).toBeLessThan(raw.segments.length / 2);
    expect(offEllipse(smoothed)).toBeLessThan(0.6);
  });
  it('smooths the boundaries of JPEG-noisy images of 128 px a side or more only', () => {
    const noisy = JPEG_NOISY;
    const size = { width: 256, height: 192 };
    expect(deriveParams({}, noisy, size).fit.noisyEdges).toBe(true);
    expect(deriveParams({}, noisy, { width: 256, height: 96 }).fit.noisyEdges).toBe(false);
    expect(deriveParams({}, { ...noisy, noiseFrac: 0.1 }, size).fit.noisyEdges).toBe(false);
  });
  it("pools the palette's noisy votes on JPEG-noisy drawings only, not photos or clean art", () => {
    const analysis = JPEG_NOISY;
    const size = { width: 256, height: 192 };
    const pooled = (a: Analysis) => {
      const p = deriveParams({}, a, size).palette;
      return p.kind === 'quantise' && p.quantise.noisyVotes;
    };
    expect(pooled(analysis)).toBe(true);
    expect(pooled({ ...analysis, noiseFrac: 0.01 })).toBe(false);
    expect(pooled({ ...analysis, mode: 'photo' })).toBe(false);
  });
  it('fits a sampled ellipse with a few cubics within tolerance', () => {
    const pts = Array.from({ length: 160 }, (_, i) => ({
      x: 30 + 16 * Math.cos((i / 160) * 2 * Math.PI),
      y: 20 + 8 * Math.sin((i / 160) * 2 * Math.PI),
    }));
    const sp = fitLoop(pts, { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 });
    expect(sp.segments.length).toBeLessThanOrEqual(8);
    expect(sp.segments.every((s) => s.type === 'C')).toBe(true);
  });
  it('fits a sampled rotated ellipse as an ellipse: four quarter cubics on it', () => {
    const [cx, cy, a, b, th] = [40, 30, 24, 11, 0.5];
    const on = (t: number) => ({
      x: cx + a * Math.cos(t) * Math.cos(th) - b * Math.sin(t) * Math.sin(th),
      y: cy + a * Math.cos(t) * Math.sin(th) + b * Math.sin(t) * Math.cos(th),
    });
    const pts = Array.from({ length: 200 }, (_, i) => on((i / 200) * 2 * Math.PI));
    const sp = fitLoop(pts, { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 });
    expect(sp.segments.map((s) => s.type)).toEqual(['C', 'C', 'C', 'C']);
    // Every cubic's midpoint lies on the ellipse.
    let p0 = sp.start;
    for (const s of sp.segments) {
      if (s.type !== 'C') continue;
      const mx = (p0.x + 3 * s.x1 + 3 * s.x2 + s.x) / 8 - cx,
        my = (p0.y + 3 * s.y1 + 3 * s.y2 + s.y) / 8 - cy;
      const u = mx * Math.cos(th) + my * Math.sin(th),
        v = -mx * Math.sin(th) + my * Math.cos(th);
      expect(Math.hypot(u / a, v / b)).toBeCloseTo(1, 3);
      p0 = s;
    }
  });
  it('fits a half-disc as its diameter and arcs of its radius', () => {
    const pts = [];
    for (let i = 0; i < 20; i++) pts.push({ x: 10 + i, y: 20 }); // the diameter, left to right
    for (let i = 0; i < 48; i++) {
      const t = (i / 48) * Math.PI; // then the half circle below it, back to the left
      pts.push({ x: 20 + 10 * Math.cos(t), y: 20 + 10 * Math.sin(t) });
    }
    const sp = fitLoop(pts, { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 });
    const arcs = sp.segments.filter((s) => s.type === 'A');
    expect(sp.segments.filter((s) => s.type === 'L')).toHaveLength(1);
    expect(arcs.length).toBeGreaterThanOrEqual(1);
    expect(arcs.length + 1).toBe(sp.segments.length);
    // The ends are the corners, where the lines meet: a little off the circle.
    for (const s of arcs) {
      expect(Math.abs(s.r - 10)).toBeLessThan(0.3);
      expect(Math.abs(Math.hypot(s.x - 20, s.y - 20) - 10)).toBeLessThan(0.3);
    }
  });
  it('fits a pie slice (a quarter disc) as two radii and one arc', () => {
    const pts = [];
    for (let i = 0; i < 16; i++) pts.push({ x: 10 + i, y: 10 }); // centre to the right
    for (let i = 0; i < 26; i++) {
      const t = (i / 26) * (Math.PI / 2);
      pts.push({ x: 10 + 16 * Math.cos(t), y: 10 + 16 * Math.sin(t) });
    }
    for (let i = 0; i < 16; i++) pts.push({ x: 10, y: 26 - i }); // back up to the centre
    const sp = fitLoop(pts, { tolerancePx: 0.2, cornerAngleRad: Math.PI / 3 });
    expect(sp.segments.map((s) => s.type).sort()).toEqual(['A', 'L', 'L']);
    const arc = sp.segments.find((s) => s.type === 'A');
    expect(Math.abs((arc?.r ?? 0) - 16)).toBeLessThan(0.3);
    expect(arc?.sweep).toBe(true); // clockwise on screen (y down), as sampled
  });
  it('merges polygon edges that only wander about one line (JPEG), not a real bend', () => {
    // 60 px along x, wandering ±0.15 px in 20 px waves; the polygon split it in three.
    const wander = Array.from({ length: 61 }, (_, u) => ({
      x: u,
      y: 0.15 * Math.sin((u * Math.PI) / 10),
    }));
    const V = [0, 20, 40, 60];
    mergeWanderingEdges(toRun(wander), V, 0.25);
    expect(V).toEqual([0, 60]);
    // A real vertex turning 3 degrees halfway: the two edges stay.
    const t = Math.tan((3 * Math.PI) / 180);
    const bent = Array.from({ length: 61 }, (_, u) => ({ x: u, y: Math.max(0, u - 30) * t }));
    const W = [0, 30, 60];
    mergeWanderingEdges(toRun(bent), W, 0.25);
    expect(W).toEqual([0, 30, 60]);
  });
  it('keeps the corners of a square as four straight lines', () => {
    const pts = [];
    for (let i = 0; i < 10; i++) pts.push({ x: i, y: 0 });
    for (let i = 0; i < 10; i++) pts.push({ x: 10, y: i });
    for (let i = 0; i < 10; i++) pts.push({ x: 10 - i, y: 10 });
    for (let i = 0; i < 10; i++) pts.push({ x: 0, y: 10 - i });
    const sp = fitLoop(pts, { tolerancePx: 0.3, cornerAngleRad: Math.PI / 3 });
    expect(sp.segments).toHaveLength(4);
    expect(sp.segments.every((s) => s.type === 'L')).toBe(true);
  });
});
