// The per-pixel arrays a trace lends to its stages and keeps for the next trace (issue 17: a
// fresh array that size is memory the kernel maps a page at a time, and page faults doubled the
// time of small traces on the service's VMs).
import { describe, expect, it } from 'vitest';
import { lendArray, lendCopy, withLentArrays } from '../src/lent-arrays.js';
import { trace } from '../src/index.js';
import { compressedImage, marksImage, warmUpImage } from '../src/warm-up.js';
import type { RasterImage } from '../src/types.js';

/** The image flipped left to right. */
function mirrored({ width, height, data }: RasterImage): RasterImage {
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      out.set(
        data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4),
        (y * width + width - 1 - x) * 4,
      );
  return { width, height, data: out };
}

describe('lent arrays', () => {
  it('are new outside a trace, so stages called alone give independent results', () => {
    const a = lendArray(Int32Array, 1000, 7);
    const b = lendArray(Int32Array, 1000, 7);
    expect(a.buffer).not.toBe(b.buffer);
    expect([a.length, a[0], a[999]]).toEqual([1000, 7, 7]);
  });

  it('serve the next trace, filled or copied as asked, and never two callers at once', () => {
    let first: Int32Array | undefined;
    withLentArrays(() => {
      first = lendArray(Int32Array, 5000, 3);
      first.fill(9); // left dirty for the next trace
    });
    withLentArrays(() => {
      const a = lendArray(Int32Array, 5000, -1);
      const b = lendArray(Int32Array, 5000, -1);
      expect(a.buffer).toBe(first!.buffer); // the kept array...
      // ...as a new view: caches keyed by an array (colourPlane's) must not take it for the
      // last trace's.
      expect(a).not.toBe(first);
      expect(b.buffer).not.toBe(first!.buffer);
      expect([a.length, Math.min(...a), Math.max(...a)]).toEqual([5000, -1, -1]);
      const c = lendCopy(Uint8Array, Uint8Array.of(1, 2, 3));
      expect([...c]).toEqual([1, 2, 3]);
    });
  });

  it('are kept up to 32 MB, so an idle worker holds little', () => {
    const size = 1 << 21; // 16 MB of Float64
    let before: ArrayBufferLike[] = [];
    withLentArrays(() => {
      before = [0, 1, 2].map(() => lendArray(Float64Array, size).buffer);
    });
    withLentArrays(() => {
      const now = [0, 1, 2].map(() => lendArray(Float64Array, size).buffer);
      expect(now.map((b) => before.includes(b))).toEqual([true, true, false]);
    });
  });

  it('leave traces as they were: a picture traced after others gives what it gave first', () => {
    const picture = warmUpImage();
    const before = JSON.stringify(trace(picture));
    trace(compressedImage(picture));
    trace(marksImage());
    trace(mirrored(picture)); // the same size: its arrays are the ones the picture's trace gets
    expect(JSON.stringify(trace(picture))).toBe(before);
  });
});
