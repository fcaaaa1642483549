import { Redis } from 'ioredis';
import { redisConnection } from '../jobs/queue-tracer.js';
import type { CounterStore } from './rate-limit.js';

/**
 * INCR and, for the window's first request, PEXPIRE in one script: Redis runs it atomically, so
 * concurrent requests through any number of API processes get consecutive counts, and a window
 * always ends (no counter without an expiry, even if a process dies between the two commands).
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type HitRedis = Redis & {
  rateHit(key: string, windowMs: number): Promise<[number, number]>;
};

/** Rate-limit counters shared by every API process on one Redis (REDIS_URL). */
export class RedisCounters implements CounterStore {
  private readonly redis: HitRedis;

  constructor(
    url: string,
    private readonly prefix = 'tracery',
  ) {
    // A request waits for Redis at most one reconnect instead of queueing indefinitely.
    this.redis = new Redis({ ...redisConnection(url), maxRetriesPerRequest: 1 }) as HitRedis;
    this.redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT });
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const [count, ttl] = await this.redis.rateHit(`${this.prefix}:rl:${key}`, windowMs);
    return { count: Number(count), resetMs: Number(ttl) };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
