/**
 * Compact decimal formatting for path data: fixed precision, no trailing zeros, no leading 0.
 * The digits come from the integer Math.round(v * 10^precision), which is what toFixed printed of
 * the rounded value (the same text, several times faster: writers format every coordinate).
 */
export function fmt(v: number, precision: number): string {
  const f = 10 ** precision;
  const n = Math.round(v * f);
  // Path data is mostly short relative moves: the same few thousand numbers again and again.
  if (n > -CACHED && n < CACHED && precision >= 0 && precision < cache.length) {
    const table = cache[precision];
    return (table[n + CACHED] ??= digits(n, f, precision));
  }
  if (!(Math.abs(n) < Number.MAX_SAFE_INTEGER)) return viaToFixed(n / f, precision);
  return digits(n, f, precision);
}

/** fmt's text is kept for |n| under this at precisions 0 to 3. */
const CACHED = 4096;
const cache: (string | undefined)[][] = [0, 1, 2, 3].map(() =>
  new Array<string | undefined>(2 * CACHED).fill(undefined),
);

/** The text of integer n / f (f = 10^precision), n a safe integer. */
function digits(n: number, f: number, precision: number): string {
  if (n === 0) return '0';
  const a = n < 0 ? -n : n;
  const whole = Math.floor(a / f);
  let frac = a - whole * f;
  let s = n < 0 ? '-' : '';
  if (whole !== 0) s += whole;
  if (frac === 0) return s;
  let places = precision;
  while (frac % 10 === 0) {
    frac /= 10;
    places--;
  }
  const d = String(frac);
  return s + '.' + '0'.repeat(places - d.length) + d;
}

/** fmt for magnitudes beyond exact integers (never met in path data; kept exact). */
function viaToFixed(r: number, precision: number): string {
  let s = r.toFixed(precision);
  if (precision > 0) s = s.replace(/\.?0+$/, '');
  if (s.startsWith('0.')) s = s.slice(1);
  else if (s.startsWith('-0.')) s = '-' + s.slice(2);
  return s;
}

/** Rounds to the given number of decimals (the value the writer will print). */
export function roundTo(v: number, precision: number): number {
  const f = 10 ** precision;
  return Math.round(v * f) / f;
}
