import { afterAll, beforeAll } from 'vitest';

/**
 * Starts something before the tests of the file or describe block that calls it and stops it
 * after them. What it returns stands for the started thing: read it only inside hooks and tests.
 */
export function startedForTests<T extends object>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => (started ? stop(started) : undefined));
  const current = () => {
    if (!started) throw new Error('read before beforeAll started it');
    return started;
  };
  return new Proxy({} as T, { get: (_target, key) => Reflect.get(current(), key) });
}
