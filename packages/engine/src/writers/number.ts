/**
 * Compact decimal formatting for path data: fixed precision, no trailing zeros, no leading 0.
 * The digits come from the integer Math.round(v * 10^precision), which is what toFixed printed of
 * the rounded value (the same text, several times faster: writers format every coordinate).
 */
export function fmt(v: number, precision: number): string {
  const f = 10 ** precision;
  const n = Math.round(v * f);
  if (n === 0) return '0';
  if (!(Math.abs(n) < Number.MAX_SAFE_INTEGER)) return viaToFixed(n / f, precision);
  const a = n < 0 ? -n : n;
  const whole = Math.floor(a / f);
  let frac = a - whole * f;
  let s = n < 0 ? '-' : '';
  if (whole !== 0) s += whole;
  if (frac === 0) return s;
  let digits = precision;
  while (frac % 10 === 0) {
    frac /= 10;
    digits--;
  }
  const d = String(frac);
  return s + '.' + '0'.repeat(digits - d.length) + d;
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
