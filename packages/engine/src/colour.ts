/** Rounds a colour, snapping near-black/near-white and channels at the extremes. */
export function snap(r: number, g: number, b: number): number {
  if (r <= 14 && g <= 14 && b <= 14) return 0x000000;
  if (r >= 243 && g >= 243 && b >= 243) return 0xffffff;
  const ch = (v: number) => (v <= 4 ? 0 : v >= 251 ? 255 : Math.round(v));
  return (ch(r) << 16) | (ch(g) << 8) | ch(b);
}

/** Luminance of a colour (Rec. 601 weights), rounded to a level. */
export function luma(r: number, g: number, b: number): number {
  return Math.round(0.299 * r + 0.587 * g + 0.114 * b);
}

/** Packed colour 0xrrggbb as [r, g, b]. */
export function unpack(c: number): number[] {
  return [c >> 16, (c >> 8) & 255, c & 255];
}

/** Squared RGB distance between packed colours 0xrrggbb. */
export function packedDist2(a: number, b: number): number {
  return (
    ((a >> 16) - (b >> 16)) ** 2 +
    (((a >> 8) & 255) - ((b >> 8) & 255)) ** 2 +
    ((a & 255) - (b & 255)) ** 2
  );
}

/** The colours' channels one after another (r, g, b of colour i at 3i). */
export function flatColours(colours: number[][]): Float64Array {
  const out = new Float64Array(3 * colours.length);
  for (let i = 0; i < colours.length; i++) {
    out[3 * i] = colours[i][0];
    out[3 * i + 1] = colours[i][1];
    out[3 * i + 2] = colours[i][2];
  }
  return out;
}

/** A colour's histogram bin: 6 bits per channel (bins of 4 levels), 0 .. 2^18 - 1. */
export function binKey(r: number, g: number, b: number): number {
  return ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
}

/** Summed votes of a histogram bin's pixels: their count and channel sums. */
export interface ColourBin {
  count: number;
  r: number;
  g: number;
  b: number;
}

/** Colour c is at least sqrt(d2) (RGB euclidean) from every colour of `kept`. */
export function farFromAll(kept: number[][], c: number[], d2: number): boolean {
  for (const o of kept) {
    const dr = o[0] - c[0],
      dg = o[1] - c[1],
      db = o[2] - c[2];
    if (dr * dr + dg * dg + db * db < d2) return false;
  }
  return true;
}
