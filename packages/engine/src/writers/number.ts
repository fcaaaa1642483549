/** Compact decimal formatting for path data: fixed precision, no trailing zeros, no leading 0. */
export function fmt(v: number, precision: number): string {
  const f = 10 ** precision;
  let r = Math.round(v * f) / f;
  if (Object.is(r, -0) || Math.abs(r) < 0.5 / f) r = 0;
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
