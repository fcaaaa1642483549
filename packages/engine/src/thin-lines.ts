/**
 * Thin lines in the labelling (used by label.ts): a line about a pixel wide is mostly blend
 * pixels, so labelling each pixel by its larger share can lose it (both pixels of a 50/50 pair
 * go to the background) or break it into beads (pixels that touch only at corners). Both
 * passes edit the labels, coverages and blend partners in place.
 */

/**
 * The labelling under way that both passes edit in place (label.ts), with the colour shares they
 * ask of it. An object with methods rather than closures made per trace: optimised code that
 * calls a closure is specialised to that one closure and thrown away when the next trace passes
 * a new one.
 */
export interface ThinLineLabelling {
  /** Palette index per pixel, coverage by it (as 0..255), blend partner (-1: pure). */
  lab: Int16Array;
  cover: Uint8Array;
  other: Int32Array;
  readonly w: number;
  readonly h: number;
  /** Palette size. */
  readonly k: number;
  /** How much of palette colour `colour` pixel q's own colour holds (0..1, as a blend). */
  share(q: number, colour: number): number;
  /** Squared RGB distance of q's colour from its own label's. */
  offset2(q: number): number;
  /**
   * Per palette colour l, 1 / the squared distance to the nearest other one: share(q, c)² is at
   * most offset2(q) times that of q's label (a quick reject).
   */
  readonly inverseGap2: Float64Array;
  /**
   * Of the colours c other than q's own with share(q, c) of at least `from`, the one whose blend
   * with q's own comes nearest q's colour (the larger share, then the higher index, among blends
   * within a level of each other), or -1; its share is left in leanShare.
   */
  strongestLean(q: number, from: number): number;
  leanShare: number;
  /** Squared RGB distance between palette colours a and b. */
  distance2(a: number, b: number): number;
}

/** A ridge pixel holds at least this share of the thin line's colour... */
const RIDGE_MIN_SHARE = 0.35;
/** ...and this much more than the neighbour on its lower side. */
const RIDGE_MIN_STEP = 0.2;
/**
 * A line centred between two pixels holds about half its width in each: a pair of pixels that
 * hold at least PAIR_MIN_SUM of it together, each at least PAIR_MIN_SHARE, is its ridge.
 */
const PAIR_MIN_SHARE = 0.25;
const PAIR_MIN_SUM = 0.5;
/**
 * The pair's line stands out from its background by this (RGB): a quarter of a neighbouring
 * band's colour is a gradient's small step, not a line.
 */
const PAIR_MIN_CONTRAST = 100;
/**
 * Whether a pixel whose colour is `offset2` (squared RGB) from its label's, whose label has
 * `inverseGap2` (ThinLineLabelling), can be a ridge: the labelling offers liftRidges only those.
 * Under RIDGE_MIN_SHARE only a pair can be, whose contrast bounds the share by
 * sqrt(offset2) / PAIR_MIN_CONTRAST. A little under each bar: float32 distances round.
 */
export function mayBeRidge(offset2: number, inverseGap2: number): boolean {
  const maxShare2 = offset2 * inverseGap2;
  return (
    maxShare2 >= RIDGE_MIN_SHARE ** 2 * 0.99 ||
    (maxShare2 >= PAIR_MIN_SHARE ** 2 * 0.99 &&
      offset2 >= (PAIR_MIN_SHARE * PAIR_MIN_CONTRAST) ** 2 * 0.99)
  );
}

/**
 * A line about a pixel wide that falls between pixel centres covers two pixels by about half
 * each, and both go to the background colour: the line is gone. A pixel that holds more of a
 * colour than both its neighbours across (left-right or up-down), clearly more than one of
 * them, while its neighbours along hold about as much, lies on the ridge of a thin line of that
 * colour and joins it, at least just over half covered. Of a pair that shares the ridge, the
 * larger joins it, covered by the two shares together.
 */
export function liftRidges(
  shares: ThinLineLabelling,
  /** In raster order: at least every pixel that mayBeRidge lets through. */
  candidates: Int32Array,
  count: number,
): void {
  const { lab, cover, other, w } = shares;
  const lifts: number[] = [];
  // The candidates' rows are followed as they come (raster order), with no division.
  for (let i = 0, y = 0, row = 0; i < count; i++) {
    const p = candidates[i];
    while (p >= row + w) {
      row += w;
      y++;
    }
    ridgeAt(shares, p, p - row, y, lifts);
  }
  for (let i = 0; i < lifts.length; i += 4) {
    const p = lifts[i];
    lab[p] = lifts[i + 1];
    other[p] = lifts[i + 2];
    cover[p] = Math.round(Math.max(0.55, Math.min(1, lifts[i + 3])) * 255);
  }
}

function shareOf(
  lab: Int16Array,
  cover: Uint8Array,
  shares: ThinLineLabelling,
  q: number,
  s: number,
) {
  return lab[q] === s ? cover[q] / 255 : shares.share(q, s);
}

/**
 * The largest share of colour s at pixel r, beside p along a line, or at the pixels next to r
 * across the line (r +- `across`, an offset to p's neighbour across).
 */
function alongShare(
  lab: Int16Array,
  cover: Uint8Array,
  shares: ThinLineLabelling,
  r: number,
  across: number,
  s: number,
): number {
  const n = lab.length;
  let m = shareOf(lab, cover, shares, r, s);
  const a = r + across,
    b = r - across;
  // Across by a column r stays in its row (ridgeAt has both neighbours across); by a row, checked.
  if (a >= 0 && a < n) m = Math.max(m, shareOf(lab, cover, shares, a, s));
  if (b >= 0 && b < n) m = Math.max(m, shareOf(lab, cover, shares, b, s));
  return m;
}

/**
 * Appends (pixel, colour, neighbour it blends with, the line's width there) to `lifts` when pixel
 * p at (x, y) is a ridge, or the larger of a pair of ridge pixels (the first one of equals).
 */
function ridgeAt(
  shares: ThinLineLabelling,
  p: number,
  x: number,
  y: number,
  lifts: number[],
): void {
  const { lab, cover, w, h } = shares;
  if (lab[p] < 0 || !mayBeRidge(shares.offset2(p), shares.inverseGap2[lab[p]])) return;
  const left = x > 0 ? p - 1 : -1,
    right = x < w - 1 ? p + 1 : -1,
    up = y > 0 ? p - w : -1,
    down = y < h - 1 ? p + w : -1;
  // The candidate colour: the one whose blend explains p best (found once, when first needed).
  let s = -2,
    sp = PAIR_MIN_SHARE;
  for (let dir = 0; dir < 2; dir++) {
    const q1 = dir === 0 ? left : up,
      q2 = dir === 0 ? right : down,
      r1 = dir === 0 ? up : left,
      r2 = dir === 0 ? down : right;
    // Between two different colours p is an edge's blend, not a line.
    if (q1 < 0 || q2 < 0 || r1 < 0 || r2 < 0 || lab[q1] !== lab[q2]) continue;
    if (s === -2) {
      s = shares.strongestLean(p, sp);
      sp = shares.leanShare;
    }
    if (s < 0) break;
    const s1 = shareOf(lab, cover, shares, q1, s),
      s2 = shareOf(lab, cover, shares, q2, s);
    const hi = s1 > s2 ? q1 : q2,
      sHi = Math.max(s1, s2);
    if (sHi > sp || Math.min(s1, s2) > sp - RIDGE_MIN_STEP) continue;
    let width = sp;
    if (sp < RIDGE_MIN_SHARE) {
      if (sp + sHi < PAIR_MIN_SUM || (sHi === sp && hi < p)) continue;
      if (shares.distance2(lab[p], s) < PAIR_MIN_CONTRAST ** 2) continue;
      // Beyond the partner the line is gone too (in the image: the partner is not on its side).
      const beyond = hi + (hi - p);
      const inside = dir === 0 ? x + 2 * (hi - p) >= 0 && x + 2 * (hi - p) < w : beyond >= 0;
      if (!inside || beyond >= lab.length) continue;
      if (shareOf(lab, cover, shares, beyond, s) > sHi - RIDGE_MIN_STEP) continue;
      width = sp + sHi;
    }
    // Along the line its colour goes on both ways (not a tip or a corner): straight on, or one
    // pixel aside where the line runs diagonally.
    const r1s = alongShare(lab, cover, shares, r1, q1 - p, s),
      r2s = alongShare(lab, cover, shares, r2, q1 - p, s);
    if (Math.min(r1s, r2s) < sp - RIDGE_MIN_STEP) continue;
    lifts.push(p, s, s1 <= s2 ? q1 : q2, width);
    break;
  }
}

/** Coverage given to a pixel that bridges a hairline's diagonal step (just over half). */
const BRIDGE_COVER = 0.6;
/** Share of the hairline's colour a pixel needs to bridge it. */
const BRIDGE_MIN_SHARE = 0.08;

/**
 * A hairline of about a pixel's width is labelled as a chain of pixels that touch only at
 * corners (its colour covers the pixels between by less than half): 4-connected regions would
 * fall apart into beads and vanish as speckles. In each 2x2 checkerboard of two colours, the
 * colour with fewer pixels around is the thin one, and the between-pixel holding more of it
 * joins it, just over half covered, so the line stays one continuous shape.
 */
export function bridgeDiagonals(shares: ThinLineLabelling): void {
  for (let y = 0; y + 1 < shares.h; y++) bridgeRow(shares, y);
}

function bridgeRow(shares: ThinLineLabelling, y: number): void {
  const { lab, cover, other, w, h } = shares;
  // The labels of a and c are the previous square's b and d (read again after a bridge).
  let la = lab[y * w],
    lc = lab[y * w + w];
  for (let x = 0; x + 1 < w; x++) {
    const a = y * w + x,
      b = a + 1,
      c = a + w,
      d = c + 1;
    const lb = lab[b],
      ld = lab[d];
    const checker = la === ld && lb === lc && la !== lb;
    la = lb;
    lc = ld;
    if (!checker) continue;
    // A checkerboard: the colour with fewer pixels around is the thin one.
    let na = 0,
      nb = 0;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 2); yy++)
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 2); xx++) {
        const l = lab[yy * w + xx];
        if (l === lab[a]) na++;
        else if (l === lab[b]) nb++;
      }
    const s = na <= nb ? lab[a] : lab[b];
    const u = na <= nb ? b : a,
      v = na <= nb ? c : d;
    const uFirst = shares.share(u, s) >= shares.share(v, s);
    const p = uFirst ? u : v,
      q = uFirst ? v : u;
    if (s < 0 || shares.share(p, s) < BRIDGE_MIN_SHARE) continue;
    lab[p] = s;
    cover[p] = Math.round(BRIDGE_COVER * 255);
    other[p] = q;
    la = lab[b];
    lc = lab[d];
  }
}
