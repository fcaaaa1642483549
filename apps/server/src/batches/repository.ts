import { randomUUID } from 'node:crypto';
import {
  BATCH_ITEM_STATUSES,
  CREDIT_UNITS,
  type BatchEvent,
  type BatchItem,
  type BatchStatus,
  type BatchTotals,
  type ErrorCode,
  isErrorCode,
} from '@tracery/contracts';
import { applyCreditIn } from '../credits/ledger.js';
import type { Db } from '../db/connect.js';
import { findRow, findRows, newestRows, updateRows } from '../db/rows.js';
import type { BatchesTable, BatchItemsTable } from '../db/schema.js';
import { nowIso } from '../time.js';

export type BatchRow = BatchesTable;
export type BatchItemRow = BatchItemsTable;

/**
 * Ledger keys: one charge and at most one refund per item and run, whatever restarts happen;
 * each retry the owner asks for is a run of its own.
 */
const runSuffix = (item: { retries: number }) => (item.retries > 0 ? `:${item.retries}` : '');
const chargeKey = (item: BatchItemRow) => `batch-item:${item.id}:charge${runSuffix(item)}`;
const refundKey = (item: BatchItemRow) => `batch-item:${item.id}:refund${runSuffix(item)}`;

export const itemResultUrl = (batchId: string, itemId: string) =>
  `/api/batch/${batchId}/items/${itemId}/download`;

export function toBatchItem(row: BatchItemRow): BatchItem {
  return {
    id: row.id,
    original_filename: row.original_filename,
    status: row.status as BatchItem['status'],
    ...(row.error ? { error: row.error } : {}),
    ...(row.error_code && isErrorCode(row.error_code) ? { error_code: row.error_code } : {}),
    credits_cost: row.credits_units / CREDIT_UNITS,
    ...(row.status === 'completed' ? { result_url: itemResultUrl(row.batch_id, row.id) } : {}),
    ...(retryable(row) ? { retry_url: `/api/batch/${row.batch_id}/items/${row.id}/retry` } : {}),
  };
}

/** Failed after it was charged, with its upload still stored (refused uploads never ran). */
export const retryable = (row: BatchItemRow) =>
  row.status === 'failed' && row.input_key !== null && row.credits_units > 0;

class NotEnoughCredits extends Error {}

/**
 * The batch, its items and one charge per admitted item in one transaction: either every item
 * is paid for and queued, or nothing is written. Refused items (status failed) cost nothing.
 */
export async function insertBatchCharged(
  db: Db,
  batch: BatchRow,
  items: BatchItemRow[],
): Promise<'applied' | 'insufficient'> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('batches').values(batch).execute();
      for (const item of items) {
        if (item.credits_units > 0) {
          const charged = await applyCreditIn(
            trx,
            item.user_id,
            -item.credits_units,
            chargeKey(item),
            'Batch conversion',
          );
          if (charged !== 'applied') throw new NotEnoughCredits();
        }
        await trx.insertInto('batch_items').values(item).execute();
      }
      // Every item refused: the batch is born finished, and its webhook is due now.
      if (batch.status !== 'running') await enqueueWebhook(trx, batch.id);
    });
    return 'applied';
  } catch (error) {
    if (error instanceof NotEnoughCredits) return 'insufficient';
    throw error;
  }
}

export async function findBatch(db: Db, id: string): Promise<BatchRow | undefined> {
  return findRow(db, 'batches', { id });
}

export async function findBatchByIdempotencyKey(db: Db, userId: string, key: string) {
  return findRow(db, 'batches', { user_id: userId, idempotency_key: key });
}

export async function listItems(db: Db, batchId: string): Promise<BatchItemRow[]> {
  return findRows(db, 'batch_items', { batch_id: batchId }, 'position');
}

export async function findItem(db: Db, id: string): Promise<BatchItemRow | undefined> {
  return findRow(db, 'batch_items', { id });
}

export async function listBatches(db: Db, userId: string, limit: number): Promise<BatchRow[]> {
  return newestRows(db, 'batches', userId, limit);
}

export async function totalsOf(db: Db, batchId: string): Promise<BatchTotals> {
  const rows = await db
    .selectFrom('batch_items')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('batch_id', '=', batchId)
    .groupBy('status')
    .execute();
  const totals: BatchTotals = {
    total: 0,
    queued: 0,
    processing: 0,
    completed: 0,
    failed: 0,
    cancelled: 0,
  };
  for (const row of rows) {
    const status = row.status as (typeof BATCH_ITEM_STATUSES)[number];
    if (!(BATCH_ITEM_STATUSES as readonly string[]).includes(status)) continue;
    totals[status] = Number(row.n);
    totals.total += Number(row.n);
  }
  return totals;
}

/** Credits refunded so far for a batch's items (cancelled or failed after the charge). */
export async function refundedUnits(db: Db, batchId: string): Promise<number> {
  const row = await db
    .selectFrom('batch_items')
    .select((eb) => eb.fn.sum<number | string | null>('credits_units').as('n'))
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['failed', 'cancelled'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listEvents(db: Db, batchId: string, afterSeq: number, limit = 500) {
  const rows = await db
    .selectFrom('batch_events')
    .select(['seq', 'data'])
    .where('batch_id', '=', batchId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => JSON.parse(r.data) as BatchEvent);
}

/**
 * Writes the next event of a batch inside the transaction that changed it: the sequence number
 * comes from a conditional increment of the batch row, so events are numbered without gaps in
 * commit order even with several processes writing.
 */
async function appendEvent(
  trx: Db,
  batchId: string,
  type: BatchEvent['type'],
  item?: BatchItemRow,
): Promise<void> {
  const bumped = await trx
    .updateTable('batches')
    .set((eb) => ({ event_seq: eb('event_seq', '+', 1) }))
    .where('id', '=', batchId)
    .returning(['event_seq', 'status'])
    .executeTakeFirstOrThrow();
  const event: BatchEvent = {
    seq: Number(bumped.event_seq),
    type,
    status: bumped.status as BatchStatus,
    totals: await totalsOf(trx, batchId),
    ...(item ? { item: toBatchItem(item) } : {}),
  };
  await trx
    .insertInto('batch_events')
    .values({
      batch_id: batchId,
      seq: event.seq,
      type,
      data: JSON.stringify(event),
      created_at: nowIso(),
    })
    .execute();
}

/** Ends a running batch with its final status; false when it had ended already. */
async function endBatchIn(trx: Db, batchId: string, status: 'completed' | 'cancelled') {
  const running = { id: batchId, status: 'running' };
  return (await updateRows(trx, 'batches', running, { status, completed_at: nowIso() })) === 1;
}

/** A running batch with no item left to run becomes completed (once), with its closing event. */

async function finishIfDone(trx: Db, batchId: string): Promise<boolean> {
  const open = await trx
    .selectFrom('batch_items')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('status', 'in', ['queued', 'processing'])
    .executeTakeFirst();
  if (open) return false;
  if (!(await endBatchIn(trx, batchId, 'completed'))) return false;
  await appendEvent(trx, batchId, 'batch');
  await enqueueWebhook(trx, batchId);
  return true;
}

export const jobResultPath = (batchId: string) => `/api/v1/jobs/${batchId}/result`;

/** What a job's webhook says, written in the transaction that settles the batch (an outbox). */
async function enqueueWebhook(trx: Db, batchId: string): Promise<void> {
  const batch = await findRow(trx, 'batches', { id: batchId });
  if (!batch) throw new Error(`batch ${batchId} is gone`);
  if (!batch.webhook_url || !batch.api_key_id) return;
  const totals = await totalsOf(trx, batchId);
  const [firstError] = await findRows(
    trx,
    'batch_items',
    { batch_id: batchId, status: 'failed' },
    'position',
  );
  const status =
    batch.status === 'cancelled' ? 'cancelled' : totals.completed > 0 ? 'completed' : 'failed';
  const type = status === 'completed' ? 'job.completed' : 'job.failed';
  const body = {
    type,
    job_id: batchId,
    status,
    ...(totals.completed > 0 ? { result_url: jobResultPath(batchId) } : {}),
    ...(status === 'failed' && firstError?.error ? { error: firstError.error } : {}),
  };
  const now = nowIso();
  await trx
    .insertInto('webhook_deliveries')
    .values({
      id: randomUUID(),
      batch_id: batchId,
      api_key_id: batch.api_key_id,
      url: batch.webhook_url,
      event_type: type,
      body: JSON.stringify(body),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      last_status: null,
      last_error: null,
      created_at: now,
      delivered_at: null,
    })
    .execute();
}

/**
 * Takes the batch's row lock before any of its items'. Each change to an item also bumps the
 * batch's event counter, so without this a worker held an item and waited for the batch while a
 * cancel held the batch and waited for that item: PostgreSQL broke the deadlock by failing one
 * (a cancel answered 500). One order, batch then items, for every transaction here. (SQLite
 * takes one lock for the whole database at the first write: this changes nothing there.)
 */
async function lockBatch(trx: Db, batchId: string): Promise<void> {
  await trx
    .updateTable('batches')
    .set((eb) => ({ event_seq: eb.ref('event_seq') }))
    .where('id', '=', batchId)
    .execute();
}

async function reload(trx: Db, id: string): Promise<BatchItemRow> {
  return trx.selectFrom('batch_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The oldest queued items, for the scheduler to pick from (it spreads them over accounts). */
export async function queuedItems(db: Db, limit: number) {
  return db
    .selectFrom('batch_items')
    .select(['id', 'user_id', 'batch_id'])
    .where('status', '=', 'queued')
    .orderBy('created_at')
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** queued → processing under a lease; undefined when another process (or a cancel) came first. */
export async function claimItem(
  db: Db,
  { id, batch_id }: Pick<BatchItemRow, 'id' | 'batch_id'>,
  leaseId: string,
  leaseUntil: string,
): Promise<BatchItemRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockBatch(trx, batch_id);
    const claimed = await trx
      .updateTable('batch_items')
      .set((eb) => ({
        status: 'processing',
        lease_id: leaseId,
        lease_until: leaseUntil,
        started_at: nowIso(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return undefined;
    const row = await reload(trx, id);
    await appendEvent(trx, row.batch_id, 'item', row);
    return row;
  });
}

/** processing → completed, only while this lease still holds the item. */
export async function completeItem(
  db: Db,
  item: BatchItemRow,
  leaseId: string,
  result: { storage_key: string; output_bytes: number },
  /** Runs once the item is ours to complete, before anyone can see the batch finished. */
  onCompleted: () => Promise<void> = async () => {},
): Promise<{ done: boolean; batchFinished: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockBatch(trx, item.batch_id);
    const updated = await updateRows(
      trx,
      'batch_items',
      { id: item.id, status: 'processing', lease_id: leaseId },
      {
        ...result,
        status: 'completed',
        input_key: null,
        lease_id: null,
        lease_until: null,
        completed_at: nowIso(),
      },
    );
    if (updated !== 1) return { done: false, batchFinished: false };
    await onCompleted();
    await appendEvent(trx, item.batch_id, 'item', await reload(trx, item.id));
    return { done: true, batchFinished: await finishIfDone(trx, item.batch_id) };
  });
}

/** Settles an item that did not finish as failed (from processing) or cancelled (from queued), refunding its charge once. */
async function settleUnfinished(
  trx: Db,
  item: BatchItemRow,
  to: { status: 'failed' | 'cancelled'; code?: ErrorCode; reason?: string },
  where: { from: 'processing' | 'queued'; leaseId?: string },
): Promise<boolean> {
  let update = trx
    .updateTable('batch_items')
    .set({
      status: to.status,
      error_code: to.code ?? null,
      error: to.reason?.slice(0, 500) ?? null,
      // A failed item keeps its upload, for a retry; the retention sweep deletes it.
      ...(to.status === 'cancelled' ? { input_key: null } : {}),
      lease_id: null,
      lease_until: null,
      completed_at: nowIso(),
    })
    .where('id', '=', item.id)
    .where('status', '=', where.from);
  if (where.leaseId) update = update.where('lease_id', '=', where.leaseId);
  const res = await update.executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  if (item.credits_units > 0) {
    await applyCreditIn(
      trx,
      item.user_id,
      item.credits_units,
      refundKey(item),
      to.status === 'cancelled'
        ? 'Refund for a cancelled batch item'
        : 'Refund for a failed batch item',
    );
  }
  await appendEvent(trx, item.batch_id, 'item', await reload(trx, item.id));
  return true;
}

/** A processing item failed: refunded once; false when its lease was lost (someone else settles it). */
export async function failItem(
  db: Db,
  item: BatchItemRow,
  leaseId: string | undefined,
  code: ErrorCode,
  reason: string,
): Promise<{ done: boolean; batchFinished: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockBatch(trx, item.batch_id);
    const done = await settleUnfinished(
      trx,
      item,
      { status: 'failed', code, reason },
      { from: 'processing', leaseId },
    );
    return { done, batchFinished: done && (await finishIfDone(trx, item.batch_id)) };
  });
}

/** Gives an item back to the queue (shutdown, a full trace queue); nothing is charged again. */
export async function releaseItem(db: Db, item: BatchItemRow, leaseId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockBatch(trx, item.batch_id);
    const released = await updateRows(
      trx,
      'batch_items',
      { id: item.id, status: 'processing', lease_id: leaseId },
      { status: 'queued', lease_id: null, lease_until: null },
    );
    if (released !== 1) return false;
    await appendEvent(trx, item.batch_id, 'item', await reload(trx, item.id));
    return true;
  });
}

/**
 * Cancels what has not started: every queued item becomes cancelled and is refunded, in one
 * transaction with the batch's own change. Items already processing finish (and stay charged).
 * Answers the items it cancelled (their stored inputs are the caller's to delete), or undefined
 * when the batch was no longer running.
 */
export async function cancelBatch(db: Db, batchId: string): Promise<BatchItemRow[] | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await endBatchIn(trx, batchId, 'cancelled'))) return undefined;
    const queued = await trx
      .selectFrom('batch_items')
      .selectAll()
      .where('batch_id', '=', batchId)
      .where('status', '=', 'queued')
      .orderBy('position')
      .execute();
    for (const item of queued)
      await settleUnfinished(trx, item, { status: 'cancelled' }, { from: 'queued' });
    await appendEvent(trx, batchId, 'batch');
    await enqueueWebhook(trx, batchId);
    return queued;
  });
}

/** Items whose lease ran out (their process died): back to the queue, or failed after 3 tries. */
export async function expiredLeases(db: Db, now: string, everything = false) {
  let query = db.selectFrom('batch_items').selectAll().where('status', '=', 'processing');
  if (!everything) query = query.where('lease_until', '<', now);
  return query.limit(500).execute();
}

export const MAX_ATTEMPTS = 3;

export async function requeueAbandoned(db: Db, item: BatchItemRow): Promise<boolean> {
  if (item.attempts >= MAX_ATTEMPTS) {
    return (
      await failItem(
        db,
        item,
        item.lease_id ?? undefined,
        'CONVERSION_FAILED',
        'The conversion did not finish after several attempts',
      )
    ).done;
  }
  return releaseItem(db, item, item.lease_id ?? '');
}

/**
 * failed → queued for another run, charged again (its own ledger key) in the transaction that
 * re-opens the batch; 'gone' when the item was no longer failed (a concurrent retry won).
 */
export async function retryItem(
  db: Db,
  item: BatchItemRow,
): Promise<'applied' | 'gone' | 'insufficient'> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockBatch(trx, item.batch_id);
      const res = await trx
        .updateTable('batch_items')
        .set((eb) => ({
          status: 'queued',
          error_code: null,
          error: null,
          attempts: 0,
          retries: eb('retries', '+', 1),
          started_at: null,
          completed_at: null,
        }))
        .where('id', '=', item.id)
        .where('status', '=', 'failed')
        .where('input_key', 'is not', null)
        .where('credits_units', '>', 0)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return 'gone';
      const row = await reload(trx, item.id);
      const charged = await applyCreditIn(
        trx,
        row.user_id,
        -row.credits_units,
        chargeKey(row),
        'Batch conversion (retry)',
      );
      if (charged !== 'applied') throw new NotEnoughCredits();
      const reopened = await trx
        .updateTable('batches')
        .set({ status: 'running', completed_at: null })
        .where('id', '=', row.batch_id)
        .where('status', 'in', ['running', 'completed'])
        .executeTakeFirst();
      if (Number(reopened.numUpdatedRows) !== 1) throw new BatchClosed();
      await appendEvent(trx, row.batch_id, 'item', row);
      return 'applied';
    });
  } catch (error) {
    if (error instanceof NotEnoughCredits) return 'insufficient';
    if (error instanceof BatchClosed) return 'gone';
    throw error;
  }
}

class BatchClosed extends Error {}

/** Uploads kept for a retry by failed items of batches past their retention. */
export async function expiredInputs(db: Db, now: string, limit = 500) {
  return db
    .selectFrom('batch_items')
    .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
    .select(['batch_items.id', 'batch_items.input_key'])
    .where('batches.expires_at', '<=', now)
    .where('batch_items.status', '=', 'failed')
    .where('batch_items.input_key', 'is not', null)
    .limit(limit)
    .execute();
}

/** Forgets a deleted upload; false when another sweep (or a retry's run) got there first. */
export async function forgetInput(db: Db, itemId: string, inputKey: string): Promise<boolean> {
  const match = { id: itemId, status: 'failed', input_key: inputKey };
  return (await updateRows(db, 'batch_items', match, { input_key: null })) === 1;
}

/** Results of batches past their retention that still have a stored file (oldest first). */
export async function expiredResults(db: Db, now: string, limit = 500) {
  return db
    .selectFrom('batch_items')
    .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
    .select(['batch_items.id', 'batch_items.storage_key'])
    .where('batches.expires_at', '<=', now)
    .where('batch_items.storage_key', 'is not', null)
    .orderBy('batches.expires_at')
    .limit(limit)
    .execute();
}

/** Forgets a deleted result file; false when another sweep got there first. */
export async function forgetResult(db: Db, itemId: string, storageKey: string): Promise<boolean> {
  const match = { id: itemId, storage_key: storageKey };
  return (await updateRows(db, 'batch_items', match, { storage_key: null })) === 1;
}
