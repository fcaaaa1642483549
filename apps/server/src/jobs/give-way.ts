import type { AbortSignalLike } from '@tracery/engine';

/**
 * Batch traces give way to single conversions on a full machine: the pool raises a flag shared
 * with its workers while a single conversion runs and more threads work than there are cores;
 * a batch trace then waits at its next checkpoint (the engine's cancellation checks) until the
 * flag drops, so the single conversion has the cores to itself for a moment.
 */
export const newGiveWayFlag = () => new Int32Array(new SharedArrayBuffer(4));

export function setGiveWay(flag: Int32Array, on: boolean): void {
  const was = Atomics.exchange(flag, 0, on ? 1 : 0);
  if (was === 1 && !on) Atomics.notify(flag, 0);
}

export const givingWay = (flag: Int32Array) => Atomics.load(flag, 0) === 1;

/** The engine's cancellation signal for a batch trace: never aborts, waits while the flag is up. */
export function giveWaySignal(flag: Int32Array): AbortSignalLike {
  return {
    get aborted() {
      while (Atomics.load(flag, 0) === 1) Atomics.wait(flag, 0, 1, 100);
      return false;
    },
  };
}
