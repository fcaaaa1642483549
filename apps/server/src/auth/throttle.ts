import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { nowIso } from '../time.js';

/**
 * Login throttling from failed attempts in a sliding window, per (account, IP) and per IP.
 * Counting per account AND IP means an attacker elsewhere cannot lock the owner out.
 */
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { accountIp: 10, ip: 50 };

const buckets = (email: string, ip: string) => ({
  accountIp: `acct:${email}|${ip}`,
  ip: `ip:${ip}`,
});

export async function isThrottled(db: Db, email: string, ip: string): Promise<boolean> {
  const since = nowIso(Date.now() - WINDOW_MS);
  const b = buckets(email, ip);
  for (const [name, bucket] of Object.entries(b) as [keyof typeof LIMITS, string][]) {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('bucket', '=', bucket)
      .where('created_at', '>', since)
      .executeTakeFirst();
    if (Number(row?.n ?? 0) >= LIMITS[name]) return true;
  }
  return false;
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  const created = nowIso();
  const b = buckets(email, ip);
  await db
    .insertInto('login_attempts')
    .values([
      { id: randomUUID(), bucket: b.accountIp, created_at: created },
      { id: randomUUID(), bucket: b.ip, created_at: created },
    ])
    .execute();
}

/** A successful login clears its own (account, IP) bucket. */
export async function clearFailures(db: Db, email: string, ip: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('bucket', '=', buckets(email, ip).accountIp)
    .execute();
}

export async function pruneAttempts(db: Db): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('created_at', '<', nowIso(Date.now() - WINDOW_MS))
    .execute();
}
