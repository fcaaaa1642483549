import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';

/**
 * Fixed-window request counting in this process's memory. `take` returns how many seconds to
 * wait when the bucket is over its limit. (In the scale-out mode each API process counts on its
 * own, so the effective limit is per process.)
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.prune(now);
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    w.count++;
    return w.count > this.limit ? Math.ceil((w.start + this.windowMs - now) / 1000) : 0;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows)
      if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}

export function tooManyRequests(retryAfterSeconds: number, what = 'requests'): DomainError {
  return new DomainError('RATE_LIMITED', `Too many ${what}; try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}

/** Every /api call counts against its client address, but for payment providers' webhooks. */
export function installIpRateLimit(app: FastifyInstance, limiter: RateLimiter): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/payment/webhook/')) return;
    const wait = limiter.take(`ip:${request.ip}`);
    if (wait > 0) throw tooManyRequests(wait);
  });
}
