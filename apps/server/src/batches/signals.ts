import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups: "batch X changed" and "there is work". Only a hint to wake sooner: the
 * database is the truth, and listeners also poll it (another process may have made the change).
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function notifyBatch(batchId: string): void {
  emitter.emit(`batch:${batchId}`);
}

export function notifyWork(): void {
  emitter.emit('work');
}

/** Resolves on the named signal or after `ms`, whichever comes first. */
export function waitFor(signal: string, ms: number, abort?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      emitter.off(signal, done);
      abort?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    emitter.once(signal, done);
    abort?.addEventListener('abort', done, { once: true });
  });
}

export const batchSignal = (batchId: string) => `batch:${batchId}`;
export const WORK_SIGNAL = 'work';
