/**
 * Cooperative cancellation and progress reporting shared by all stages: a stage calls
 * `ctl.check()` between steps and inside long loops, and `ctl.progress()` at milestones.
 */
import type { AbortSignalLike } from './types.js';

export class Control {
  constructor(
    private readonly signal?: AbortSignalLike,
    private readonly onProgress?: (stage: string, fraction: number) => void,
  ) {}

  /** Throws an Error named 'AbortError' when the signal has fired. */
  check(): void {
    if (this.signal?.aborted) {
      const err = new Error('The trace was aborted');
      err.name = 'AbortError';
      throw err;
    }
  }

  progress(stage: string, fraction: number): void {
    this.check();
    if (this.onProgress) this.onProgress(stage, Math.max(0, Math.min(1, fraction)));
  }
}
