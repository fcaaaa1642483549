import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';

/**
 * Where fixed-window request counts live. `hit` counts one request in the key's window and
 * answers the count so far and the milliseconds left in the window. The memory store counts in
 * this process; the Redis store (scale-out mode, http/redis-counters.ts) counts for every API
 * process at once, atomically.
 */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { start: number; windowMs: number; count: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || now - w.start >= w.windowMs) {
      if (this.windows.size > 50_000) this.prune(now);
      w = { start: now, windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetMs: w.start + w.windowMs - now };
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= w.windowMs) this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }
}

/** One named limit (`limit` requests per `windowMs` per key) counted in a store. */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request; answers 0, or how many seconds to wait when the key is over its limit. */
  async take(key: string): Promise<number> {
    const { count, resetMs } = await this.store.hit(`${this.name}:${key}`, this.windowMs);
    return count > this.limit ? Math.max(1, Math.ceil(resetMs / 1000)) : 0;
  }

  /** Counts a request, refusing it with a 429 (`Too many <what>`) when the key is over its limit. */
  async admit(key: string, what?: string): Promise<void> {
    const wait = await this.take(key);
    if (wait > 0) throw tooManyRequests(wait, what);
  }
}

/** UPLOADS_PER_MINUTE per key, counted under `name` (each upload path keeps its own count). */
export const uploadsLimiter = (
  ctx: { counters: CounterStore; config: { uploadsPerMinute: number } },
  name: string,
) => new RateLimiter(ctx.counters, name, ctx.config.uploadsPerMinute, 60_000);

export function tooManyRequests(retryAfterSeconds: number, what = 'requests'): DomainError {
  return new DomainError('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}

/** Probes answer whatever the counters' store does (a Redis outage must not fail liveness). */
const UNCOUNTED = ['/api/payment/webhook/', '/api/system/live', '/api/system/ready'];

/** Every /api call counts against its client address, but for providers' webhooks and probes. */
export function installIpRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || UNCOUNTED.some((p) => request.url.startsWith(p)))
      return;
    await limiter.admit(`ip:${request.ip}`);
  });
}
