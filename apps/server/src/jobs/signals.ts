import { EventEmitter } from 'node:events';

/**
 * In-process wake-ups: "batch X changed", "there is work", "a save is queued". Only a hint to
 * wake sooner: the database is the truth, and listeners also poll it (another process may have
 * made the change).
 */
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export const batchSignal = (batchId: string) => `batch:${batchId}`;
export const WORK_SIGNAL = 'work';
export const CLOUD_SAVE_SIGNAL = 'cloud-save';

export function notify(signal: string): void {
  emitter.emit(signal);
}

export function notifyBatch(batchId: string): void {
  notify(batchSignal(batchId));
}

export function notifyWork(): void {
  notify(WORK_SIGNAL);
}

/** Calls `listener` on every `signal` until the returned function is called. */
export function onSignal(signal: string, listener: () => void): () => void {
  emitter.on(signal, listener);
  return () => emitter.off(signal, listener);
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
