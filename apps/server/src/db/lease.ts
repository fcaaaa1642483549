import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from './connect.js';
import type { Database } from './schema.js';
import { addMs } from '../time.js';

/** Tables that are work queues: rows wait, are claimed under a lease, and are retried. */
type LeasedTable = 'mail_outbox' | 'cloud_saves';

/** The status a row waits in, and the one it holds while a worker has it. */
export interface LeaseStatuses {
  waiting: string;
  working: string;
}

/**
 * Claims up to `limit` due rows: a row is due when it waits for its (next) attempt, or when the
 * worker holding it let its lease run out (a crash). Each claim is a conditional update that only
 * one process can win, so no two workers ever hold the same row at once.
 */
export async function claimDueRows<T extends LeasedTable>(
  db: Db,
  table: T,
  { waiting, working }: LeaseStatuses,
  now: string,
  leaseMs: number,
  limit: number,
): Promise<Database[T][]> {
  // Both tables share these columns; Kysely types one of them, the rows go back as `T`'s.
  const t = table as LeasedTable as 'mail_outbox';
  const due = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', waiting), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', working), eb('lease_until', '<=', now)]),
    ]);
  const candidates = await db
    .selectFrom(t)
    .select('id')
    .where(due)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: Database[T][] = [];
  for (const { id } of candidates) {
    const leaseId = randomUUID();
    const res = await db
      .updateTable(t)
      .set((eb) => ({
        status: working,
        lease_id: leaseId,
        lease_until: addMs(now, leaseMs),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where(due)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    const row = await db
      .selectFrom(t)
      .selectAll()
      .where('id', '=', id)
      .where('lease_id', '=', leaseId)
      .executeTakeFirst();
    if (row) claimed.push(row as unknown as Database[T]);
  }
  return claimed;
}
