import { lazy, type ComponentType } from 'react';

/** Time a page chunk may take to load before it counts as failed (§9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const RELOAD_FLAG = 'chunk-reload-attempted';

export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'missing' | 'timeout' | 'network',
    cause?: unknown,
  ) {
    super(`Failed to load part of the app (${reason})`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  const msg = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    msg,
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/**
 * React.lazy with a time-out and one automatic page reload when a chunk is missing
 * (typically after a deploy replaced the hashed files); a second failure reaches the error screen.
 */
export function lazyPage<T extends ComponentType<object>>(factory: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      const mod = await withTimeout(factory(), CHUNK_LOAD_TIMEOUT_MS);
      sessionStorage.removeItem(RELOAD_FLAG);
      return mod;
    } catch (error) {
      if (isChunkLoadError(error) && !sessionStorage.getItem(RELOAD_FLAG)) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        window.location.reload();
        return new Promise<{ default: T }>(() => {});
      }
      throw error instanceof ChunkLoadError
        ? error
        : isChunkLoadError(error)
          ? new ChunkLoadError('missing', error)
          : error;
    }
  });
}
