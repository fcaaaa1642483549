/**
 * The large per-pixel arrays that a trace's stages hand on to one another (the working image,
 * the labels, the regions, the outline tracer's padded planes, the gradient fits' samples), lent
 * for one trace and taken back at its end, so that the next trace reuses them.
 *
 * Why: an array that size is memory the process gets from the kernel, mapped a page at a time
 * on first touch. When the allocator had handed the last trace's arrays back, a 256x192 flag
 * took 352 such page faults per trace on the service's VMs, about 11 µs each: 8 ms against 4.
 *
 * Outside withLentArrays (a stage called alone, as the tests do) every array is new, so results
 * stay independent. Inside, an array is lent to one caller until the trace ends; the arrays lent
 * during a trace are the ones kept for the next.
 */
import { KEEP_MAX } from './reusable-arrays.js';

type LendableArray = Int32Array | Int16Array | Uint8Array | Float64Array;
type Kind<T extends LendableArray> = new (n: number) => T;

/** Per kind, the arrays kept from earlier traces and not lent now. */
const idle = new Map<Kind<LendableArray>, LendableArray[]>();
/** The arrays lent since the trace began, with their kinds. */
const lent: { kind: Kind<LendableArray>; array: LendableArray }[] = [];
let depth = 0;

/**
 * An array of n entries all equal to `value`, as `new kind(n).fill(value)` gives; without a
 * value, one whose entries the caller writes before reading.
 */
export function lendArray<T extends LendableArray>(kind: Kind<T>, n: number, value?: number): T {
  const kept = takeKept(kind, n);
  const array = kept ?? fresh(kind, n);
  // A new array is zeroed already.
  if (value !== undefined && (kept || value !== 0)) array.fill(value);
  return array;
}

/** A copy of `source`, as `new kind(source)` gives. */
export function lendCopy<T extends LendableArray>(kind: Kind<T>, source: ArrayLike<number>): T {
  const array = takeKept(kind, source.length) ?? fresh(kind, source.length);
  array.set(source);
  return array;
}

/** A new array, lent when a trace is running and it is not too large to keep. */
function fresh<T extends LendableArray>(kind: Kind<T>, n: number): T {
  const array = new kind(n);
  if (depth > 0 && n <= KEEP_MAX) lent.push({ kind, array });
  return array;
}

/** The smallest kept array of at least n entries, lent as a new view of n entries, or null. */
function takeKept<T extends LendableArray>(kind: Kind<T>, n: number): T | null {
  const kept = depth > 0 ? idle.get(kind) : undefined;
  if (!kept) return null;
  let best = -1;
  for (let i = 0; i < kept.length; i++)
    if (kept[i].length >= n && (best < 0 || kept[i].length < kept[best].length)) best = i;
  if (best < 0) return null;
  const array = kept[best] as T;
  kept[best] = kept[kept.length - 1];
  kept.pop();
  lent.push({ kind, array });
  // A new view even when the sizes match: caches keyed by an array's identity (colourPlane's)
  // must not take this trace's image for the last one's.
  return array.subarray(0, n) as T;
}

/** Runs a trace with arrays lent from those of the last one; they are all taken back after. */
export function withLentArrays<R>(run: () => R): R {
  depth++;
  try {
    return run();
  } finally {
    if (--depth === 0) keepForNext();
  }
}

/**
 * At most this many bytes of arrays are kept between traces: all of a logo's or a drawing's (a
 * 256x192 flag lends 1.5 MB), part of a large photo's (the rest is allocated per trace, as it
 * was), so that an idle worker holds little more than before.
 */
const KEEP_BYTES = 32 << 20;

/** The arrays lent in the trace just ended become the kept ones, up to KEEP_BYTES. */
function keepForNext(): void {
  idle.clear();
  let bytes = 0;
  for (const { kind, array } of lent) {
    bytes += array.byteLength;
    if (bytes > KEEP_BYTES) break;
    const kept = idle.get(kind);
    if (kept) kept.push(array);
    else idle.set(kind, [array]);
  }
  lent.length = 0;
}
