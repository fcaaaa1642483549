import type { Db } from '../db/connect.js';
import { findRows } from '../db/rows.js';
import type { WebhookDeliveriesTable } from '../db/schema.js';
import { nowIso } from '../time.js';

export type DeliveryRow = WebhookDeliveriesTable;

/** Due deliveries, each claimed under a short lease so two processes never send the same one. */
export async function claimDueDeliveries(db: Db, now: number, leaseMs: number, limit = 20) {
  const due = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso(now))
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso(now))]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: DeliveryRow[] = [];
  for (const row of due) {
    let update = db
      .updateTable('webhook_deliveries')
      .set({ lease_until: nowIso(now + leaseMs) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending');
    update =
      row.lease_until === null
        ? update.where('lease_until', 'is', null)
        : update.where('lease_until', '=', row.lease_until);
    const res = await update.executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) claimed.push(row);
  }
  return claimed;
}

export async function recordAttempt(
  db: Db,
  id: string,
  outcome: {
    delivered: boolean;
    status: number | null;
    error: string | null;
    nextAttemptAt: string | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      status: outcome.delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed',
      last_status: outcome.status,
      last_error: outcome.error?.slice(0, 500) ?? null,
      next_attempt_at: outcome.nextAttemptAt ?? nowIso(),
      delivered_at: outcome.delivered ? nowIso() : null,
      lease_until: null,
    }))
    .where('id', '=', id)
    .execute();
}

export async function deliveriesOf(db: Db, batchId: string): Promise<DeliveryRow[]> {
  return findRows(db, 'webhook_deliveries', { batch_id: batchId }, 'created_at');
}
