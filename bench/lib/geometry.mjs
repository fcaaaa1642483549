// The geometry suite's shapes and scores, without dependencies (the engine's tests use it too):
// shapes of known geometry generated in code, rendered anti-aliased (8x8 samples per pixel) or
// 1-bit (pixel centre inside or not), black on white; a traced result is scored against the true
// outline on 8x masks: the distance (input px) from each traced boundary pixel to the true
// boundary and back, its segments against the minimal count, and whether the true straight
// edges and corners come out as straight segments and sharp corners.

const deg = Math.PI / 180;

/** Regular polygon / star vertices around (cx, cy). */
function ring(cx, cy, radii, n, rot) {
  const pts = [];
  for (let i = 0; i < n * radii.length; i++) {
    const r = radii[i % radii.length];
    const a = rot + (i * 2 * Math.PI) / (n * radii.length);
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return pts;
}

function rotated(pts, cx, cy, angle) {
  const c = Math.cos(angle),
    s = Math.sin(angle);
  return pts.map(([x, y]) => [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c]);
}

function insidePolygon(pts, x, y) {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i],
      [xj, yj] = pts[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function polygonShape(name, pts, minimal = pts.length) {
  const edges = pts.map((p, i) => [p, pts[(i + 1) % pts.length]]);
  return { name, minimal, corners: pts, edges, inside: (x, y) => insidePolygon(pts, x, y) };
}

/** Letters made of straight strokes, as outlines in a unit box (x right, y down). */
const LETTERS = {
  L: [
    [0, 0],
    [0.3, 0],
    [0.3, 0.75],
    [0.85, 0.75],
    [0.85, 1],
    [0, 1],
  ],
  T: [
    [0, 0],
    [1, 0],
    [1, 0.25],
    [0.64, 0.25],
    [0.64, 1],
    [0.36, 1],
    [0.36, 0.25],
    [0, 0.25],
  ],
  E: [
    [0, 0],
    [0.85, 0],
    [0.85, 0.2],
    [0.28, 0.2],
    [0.28, 0.4],
    [0.7, 0.4],
    [0.7, 0.6],
    [0.28, 0.6],
    [0.28, 0.8],
    [0.85, 0.8],
    [0.85, 1],
    [0, 1],
  ],
};

/** The shapes at image size `s` (square images, s x s px). */
export function shapes(s) {
  const c = s / 2;
  const out = [
    polygonShape('rectangle', [
      [0.2 * s, 0.3 * s],
      [0.8 * s, 0.3 * s],
      [0.8 * s, 0.7 * s],
      [0.2 * s, 0.7 * s],
    ]),
    polygonShape(
      'rotated-rectangle',
      rotated(
        [
          [0.22 * s, 0.32 * s],
          [0.78 * s, 0.32 * s],
          [0.78 * s, 0.68 * s],
          [0.22 * s, 0.68 * s],
        ],
        c,
        c,
        17 * deg,
      ),
    ),
    polygonShape('triangle', ring(c, c * 1.08, [0.4 * s], 3, -90 * deg)),
    polygonShape('star', ring(c, c * 1.05, [0.42 * s, 0.17 * s], 5, -90 * deg)),
    polygonShape('pentagon', ring(c, c, [0.38 * s], 5, -90 * deg)),
    polygonShape('hexagon', ring(c, c, [0.38 * s], 6, 0)),
    polygonShape(
      'thin-stroke',
      rotated(
        [
          [0.12 * s, c - 1],
          [0.88 * s, c - 1],
          [0.88 * s, c + 1],
          [0.12 * s, c + 1],
        ],
        c,
        c,
        -28 * deg,
      ),
    ),
    ...Object.entries(LETTERS).map(([ch, pts]) =>
      polygonShape(
        `letter-${ch}`,
        pts.map(([x, y]) => [0.25 * s + x * 0.5 * s, 0.2 * s + y * 0.6 * s]),
      ),
    ),
    {
      name: 'circle',
      minimal: 2, // two arcs (or one <circle>); four cubics count as 2x
      corners: [],
      edges: [],
      inside: (x, y) => (x - c) ** 2 + (y - c) ** 2 < (0.36 * s) ** 2,
    },
    (() => {
      const a = 0.4 * s,
        b = 0.22 * s,
        cs = Math.cos(25 * deg),
        sn = Math.sin(25 * deg);
      return {
        name: 'ellipse',
        minimal: 4,
        corners: [],
        edges: [],
        inside: (x, y) => {
          const u = (x - c) * cs + (y - c) * sn,
            v = -(x - c) * sn + (y - c) * cs;
          return (u / a) ** 2 + (v / b) ** 2 < 1;
        },
      };
    })(),
    (() => {
      const hw = 0.34 * s,
        hh = 0.24 * s,
        r = 0.1 * s;
      return {
        name: 'rounded-rectangle',
        minimal: 8,
        corners: [],
        edges: [
          [
            [c - hw + r, c - hh],
            [c + hw - r, c - hh],
          ],
          [
            [c + hw, c - hh + r],
            [c + hw, c + hh - r],
          ],
          [
            [c + hw - r, c + hh],
            [c - hw + r, c + hh],
          ],
          [
            [c - hw, c + hh - r],
            [c - hw, c - hh + r],
          ],
        ],
        inside: (x, y) => {
          const dx = Math.max(Math.abs(x - c) - (hw - r), 0),
            dy = Math.max(Math.abs(y - c) - (hh - r), 0);
          return dx * dx + dy * dy < r * r;
        },
      };
    })(),
  ];
  return out;
}

/** RGBA, black shape on white: 'aa' = 8x8 samples per pixel, '1bit' = the pixel centre only. */
export function renderShape(shape, s, variant) {
  const data = new Uint8ClampedArray(s * s * 4);
  const n = variant === '1bit' ? 1 : 8;
  for (let y = 0; y < s; y++) {
    for (let x = 0; x < s; x++) {
      let hit = 0;
      for (let j = 0; j < n; j++)
        for (let i = 0; i < n; i++) if (shape.inside(x + (i + 0.5) / n, y + (j + 0.5) / n)) hit++;
      const v = Math.round(255 * (1 - hit / (n * n)));
      data.set([v, v, v, 255], (y * s + x) * 4);
    }
  }
  return data;
}

export const SCALE = 8;

/** The true shape as a mask at SCALE x (1 = inside), sampled at the fine pixels' centres. */
export function truthMask(shape, s) {
  const W = s * SCALE;
  const m = new Uint8Array(W * W);
  for (let y = 0; y < W; y++)
    for (let x = 0; x < W; x++)
      m[y * W + x] = shape.inside((x + 0.5) / SCALE, (y + 0.5) / SCALE) ? 1 : 0;
  return m;
}

/** A mask from an RGBA render on white: dark (luma < 128) = inside. */
export function maskFromRgba(rgba, W, H) {
  const m = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) {
    const l = 0.299 * rgba[p * 4] + 0.587 * rgba[p * 4 + 1] + 0.114 * rgba[p * 4 + 2];
    m[p] = l < 128 ? 1 : 0;
  }
  return m;
}

/** Inside pixels with an outside 4-neighbour (the image border counts as outside). */
function boundaryPixels(m, W, H) {
  const out = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (!m[p]) continue;
      if (
        x === 0 ||
        y === 0 ||
        x === W - 1 ||
        y === H - 1 ||
        !m[p - 1] ||
        !m[p + 1] ||
        !m[p - W] ||
        !m[p + W]
      )
        out.push(p);
    }
  return out;
}

/** Exact squared Euclidean distance transform to the `seeds` (Felzenszwalb & Huttenlocher). */
function distanceTransform(seeds, W, H) {
  const INF = 1e20;
  const f = new Float64Array(W * H).fill(INF);
  for (const p of seeds) f[p] = 0;
  const pass = (get, set, n) => {
    const v = new Int32Array(n),
      z = new Float64Array(n + 1),
      g = new Float64Array(n);
    for (let i = 0; i < n; i++) g[i] = get(i);
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < n; q++) {
      let s;
      for (;;) {
        s = (g[q] + q * q - (g[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
        if (s <= z[k] && k > 0) k--;
        else break;
      }
      if (s <= z[k]) {
        v[0] = q;
        z[0] = -INF;
        z[1] = INF;
        k = 0;
        continue;
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < n; q++) {
      while (z[k + 1] < q) k++;
      set(q, (q - v[k]) ** 2 + g[v[k]]);
    }
  };
  for (let x = 0; x < W; x++)
    pass(
      (i) => f[i * W + x],
      (i, val) => (f[i * W + x] = val),
      H,
    );
  for (let y = 0; y < H; y++)
    pass(
      (i) => f[y * W + i],
      (i, val) => (f[y * W + i] = val),
      W,
    );
  return f;
}

/**
 * Outline distance between two SCALE x masks of an s x s image, in input px: every boundary
 * pixel of each mask measured to the other's boundary. { max, mean, p90 } (Infinity when the
 * traced mask is empty).
 */
export function outlineError(truth, traced, s) {
  const W = s * SCALE;
  const bt = boundaryPixels(truth, W, W),
    bc = boundaryPixels(traced, W, W);
  if (bc.length === 0) return { max: Infinity, mean: Infinity, p90: Infinity };
  const dt = distanceTransform(bt, W, W),
    dc = distanceTransform(bc, W, W);
  const d = [...bc.map((p) => Math.sqrt(dt[p])), ...bt.map((p) => Math.sqrt(dc[p]))].map(
    (v) => v / SCALE,
  );
  d.sort((a, b) => a - b);
  const mean = d.reduce((a, b) => a + b, 0) / d.length;
  return { max: d[d.length - 1], mean, p90: d[Math.floor(d.length * 0.9)] };
}

/**
 * Straight edges and sharp corners in a traced VectorDoc (the engine's model): a true edge is
 * straight when one line segment lies within `tol` px of it over at least 80% of its length; a
 * true corner is sharp when a segment junction lies within `tol` px of it and the outline's
 * direction jumps there by more than 20 degrees.
 */
export function edgesAndCorners(shape, doc, tol = 0.75) {
  const lines = [],
    junctions = [];
  for (const layer of doc.layers) {
    if (!isDark(layer.fill)) continue;
    for (const sh of layer.shapes)
      for (const sp of sh.subpaths) {
        let prev = sp.start;
        const segs = sp.segments;
        for (let i = 0; i < segs.length; i++) {
          const g = segs[i];
          if (g.type === 'L') lines.push([prev, g]);
          const next = segs[(i + 1) % segs.length];
          const tin = g.type === 'C' ? dir({ x: g.x2, y: g.y2 }, g) : dir(prev, g);
          const tout = next.type === 'C' ? dir(g, { x: next.x1, y: next.y1 }) : dir(g, next);
          if (tin && tout) {
            const turn = Math.acos(Math.max(-1, Math.min(1, tin[0] * tout[0] + tin[1] * tout[1])));
            junctions.push({ x: g.x, y: g.y, turn });
          }
          prev = g;
        }
      }
  }
  const distToSeg = (p, a, b) => {
    const dx = b.x - a.x,
      dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy);
  };
  let straight = 0;
  for (const [[ax, ay], [bx, by]] of shape.edges) {
    const a = { x: ax, y: ay },
      b = { x: bx, y: by };
    const L = Math.hypot(bx - ax, by - ay);
    const ok = lines.some(([p, q]) => {
      if (distToSeg(p, a, b) > tol || distToSeg(q, a, b) > tol) return false;
      const ux = (bx - ax) / L,
        uy = (by - ay) / L;
      const t0 = (p.x - ax) * ux + (p.y - ay) * uy,
        t1 = (q.x - ax) * ux + (q.y - ay) * uy;
      return Math.abs(t1 - t0) >= 0.8 * L;
    });
    if (ok) straight++;
  }
  let sharp = 0;
  for (const [x, y] of shape.corners)
    if (junctions.some((j) => j.turn > 20 * deg && Math.hypot(j.x - x, j.y - y) <= tol)) sharp++;
  return { edges: shape.edges.length, straight, corners: shape.corners.length, sharp };
}

function dir(a, b) {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const l = Math.hypot(dx, dy);
  return l > 1e-9 ? [dx / l, dy / l] : null;
}

function isDark(fill) {
  const v = parseInt(fill.slice(1), 16);
  return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255) < 128;
}
