/** Rounds a colour, snapping near-black/near-white and channels at the extremes. */
export function snap(r: number, g: number, b: number): number {
  if (r <= 14 && g <= 14 && b <= 14) return 0x000000;
  if (r >= 243 && g >= 243 && b >= 243) return 0xffffff;
  const ch = (v: number) => (v <= 4 ? 0 : v >= 251 ? 255 : Math.round(v));
  return (ch(r) << 16) | (ch(g) << 8) | ch(b);
}
