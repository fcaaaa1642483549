import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * Attempt counters in the database, one row per bucket (fixed window, times in epoch ms).
 * `claim` counts an attempt and admits or refuses it in ONE conditional UPDATE, so concurrent
 * requests cannot all read "9 so far" and all go ahead: the database hands out the numbers.
 */
export interface ClaimRule {
  /** Attempts admitted per window. */
  limit: number;
  windowMs: number;
  /** Optional growing hold after the n-th admitted attempt (ms, by n): a backoff. */
  holdAfter?: (hits: number) => number;
  /** The largest hold `holdAfter` ever returns (it is tabulated into the SQL up to there). */
  maxHits?: number;
}

/** Epoch milliseconds as a bigint parameter (PostgreSQL would guess int4 inside a CASE). */
const ms = (value: number) => sql<number>`CAST(${value} AS bigint)`;

export type Claim = { ok: true; hits: number } | { ok: false; retryAfterSeconds: number };

export async function claim(
  db: Db,
  bucket: string,
  rule: ClaimRule,
  now = Date.now(),
): Promise<Claim> {
  const expired = now - rule.windowMs;
  await db
    .insertInto('throttle_counters')
    .values({ bucket, hits: 0, window_start: now, blocked_until: 0 })
    .onConflict((oc) => oc.column('bucket').doNothing())
    .execute();
  const fresh = sql<boolean>`throttle_counters.window_start <= ${expired}`;
  const newHits = sql<number>`(CASE WHEN ${fresh} THEN 1 ELSE throttle_counters.hits + 1 END)`;
  const updated = await db
    .updateTable('throttle_counters')
    .set({
      hits: newHits,
      window_start: sql<number>`CASE WHEN ${fresh} THEN ${ms(now)} ELSE throttle_counters.window_start END`,
      blocked_until: holdExpression(rule, newHits, now),
    })
    .where('bucket', '=', bucket)
    .where('blocked_until', '<=', now)
    .where((eb) => eb.or([eb('window_start', '<=', expired), eb('hits', '<', rule.limit)]))
    .returning('hits')
    .executeTakeFirst();
  if (updated) return { ok: true, hits: Number(updated.hits) };
  const row = await db
    .selectFrom('throttle_counters')
    .select(['window_start', 'blocked_until'])
    .where('bucket', '=', bucket)
    .executeTakeFirstOrThrow();
  const held = Number(row.blocked_until);
  const waitMs = held > now ? held - now : Number(row.window_start) + rule.windowMs - now;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** `now + holdAfter(newHits)` as SQL, tabulated for 1..maxHits (the last value beyond). */
function holdExpression(rule: ClaimRule, newHits: ReturnType<typeof sql<number>>, now: number) {
  if (!rule.holdAfter) return ms(0);
  const max = rule.maxHits ?? 32;
  const cases = [];
  for (let n = max - 1; n >= 1; n--) {
    const hold = rule.holdAfter(n);
    if (hold > 0) cases.push(sql`WHEN ${newHits} = ${n} THEN ${ms(now + hold)}`);
  }
  const last = rule.holdAfter(max);
  const rest = cases.length > 0 ? sql.join(cases, sql` `) : sql``;
  return sql<number>`(CASE WHEN ${newHits} >= ${max} THEN ${ms(now + last)} ${rest} ELSE 0 END)`;
}

/** Forgets a bucket (a successful sign-in clears its own failures). */
export async function resetBucket(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set({ hits: 0, blocked_until: 0 })
    .where('bucket', '=', bucket)
    .execute();
}

/** Gives one attempt back (a success does not count against its address). */
export async function releaseOne(db: Db, bucket: string): Promise<void> {
  await db
    .updateTable('throttle_counters')
    .set({ hits: sql<number>`CASE WHEN hits > 0 THEN hits - 1 ELSE 0 END` })
    .where('bucket', '=', bucket)
    .execute();
}

/** Drops buckets whose window and hold have both passed (run by the sweeper). */
export async function pruneCounters(db: Db, olderThanMs: number, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('throttle_counters')
    .where('window_start', '<', now - olderThanMs)
    .where('blocked_until', '<', now)
    .execute();
}
