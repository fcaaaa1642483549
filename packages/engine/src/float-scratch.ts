/**
 * Reusable Float64 scratch space handed out as views: a loop of many short-lived fits takes its
 * arrays from here instead of allocating (and later collecting) fresh buffers each time. Views
 * taken since the last reset() never overlap; their contents start undefined (not zeroed).
 */
import { lendArray } from './lent-arrays.js';

export class FloatScratch {
  private buf = new Float64Array(0);
  private used = 0;

  /** Makes all space free again: earlier views must no longer be used. */
  reset(): void {
    this.used = 0;
  }

  take(n: number): Float64Array {
    if (this.used + n > this.buf.length) {
      // Views already handed out keep the old buffer alive; new ones come from a fresh one.
      this.buf = lendArray(Float64Array, Math.max(2 * this.buf.length, 4 * n));
      this.used = 0;
    }
    const view = this.buf.subarray(this.used, this.used + n);
    this.used += n;
    return view;
  }
}
