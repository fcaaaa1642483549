/**
 * Work arrays the fit stage reuses from one boundary to the next: a typed array's storage lies
 * outside the JS heap, so allocating thousands of small ones per image costs more than the loops
 * that fill them. Each call site keeps its own; the fit is synchronous, so no two calls share
 * one at the same time. Contents are left over from the last use: write before reading.
 */
type TypedArray = Float64Array | Float32Array | Int32Array;

/** Returns a getter of an array of at least n entries (grown, never shrunk). */
export function reusable<T extends TypedArray>(make: (n: number) => T): (n: number) => T {
  let buf = make(0);
  return (n) => (buf.length >= n ? buf : (buf = make(Math.max(n, 2 * buf.length))));
}

/** Arrays up to this many entries are kept for the next call; larger ones are made per call. */
export const KEEP_MAX = 1 << 21;

/**
 * As reusable, for the per-pixel scratch of the pixel stages: one trace's arrays serve the next
 * (no allocation, no collection), except above KEEP_MAX entries (huge images), which are not
 * kept alive between traces. For scratch that stays inside one function; the arrays one stage
 * hands to the next are lent instead (lent-arrays.ts).
 */
export function pixelScratch<T extends TypedArray | Int16Array>(
  make: (n: number) => T,
): (n: number) => T {
  let buf = make(0);
  return (n) => {
    if (n > KEEP_MAX) return make(n);
    if (buf.length < n) buf = make(Math.max(n, Math.min(KEEP_MAX, 2 * buf.length)));
    return buf;
  };
}
