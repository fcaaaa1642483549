import { randomUUID } from 'node:crypto';
import {
  CREDIT_UNITS,
  conversionCostUnits,
  formatCredits,
  planOf,
  type BatchCreated,
  type BatchView,
  type ErrorCode,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { ConversionSettings } from '../conversions/settings.js';
import type { AppContext } from '../context.js';
import {
  assertFileSizeInPlan,
  assertFormatInPlan,
  uploadLimits,
} from '../conversions/plan-limits.js';
import { balanceUnits } from '../credits/ledger.js';
import { applyMonthlyGrant } from '../credits/monthly-grant.js';
import { DomainError, isDomainError } from '../errors.js';
import { gateUpload } from '../images/decode.js';
import { deleteResult } from '../conversions/results.js';
import { addMs, nowIso } from '../time.js';
import {
  cancelBatch,
  expiredInputs,
  expiredResults,
  findBatch,
  findItem,
  forgetInput,
  forgetResult,
  insertBatchCharged,
  listItems,
  refundedUnits,
  retryable,
  retryItem,
  toBatchItem,
  totalsOf,
  type BatchItemRow,
  type BatchRow,
} from './repository.js';

/** A file of a batch being created: stored already (when it passed the gate), not yet charged. */
export interface AdmittedFile {
  id: string;
  filename: string;
  bytes: number;
  /** Decoded pixels from the header (what the item is charged by); 0 when refused. */
  pixels: number;
  inputKey: string | null;
  error?: { code: ErrorCode; detail: string };
}

export const inputKeyOf = (batchId: string, itemId: string) => `batches/${batchId}/${itemId}.in`;

/**
 * One file of a batch through the same gate as a single upload (plan's file size, magic bytes,
 * header pixels and frames): a refused file becomes a failed item that costs nothing; an admitted
 * one is put in the file store for the runner, so only one file is in memory at a time.
 */
export async function admitFile(
  ctx: AppContext,
  user: UserRow,
  batchId: string,
  file: {
    filename: string;
    bytes: Buffer;
    truncated: boolean;
    refused?: { code: ErrorCode; detail: string };
  },
): Promise<AdmittedFile> {
  const id = randomUUID();
  const base = { id, filename: file.filename.slice(0, 255), bytes: file.bytes.byteLength };
  let pixels = 0;
  try {
    if (file.refused) throw new DomainError(file.refused.code, file.refused.detail);
    if (file.truncated) assertFileSizeInPlan(planOf(user.plan_id), Number.MAX_SAFE_INTEGER);
    if (file.bytes.byteLength === 0)
      throw new DomainError('VALIDATION_FAILED', 'The file is empty');
    assertFileSizeInPlan(planOf(user.plan_id), file.bytes.byteLength);
    const plan = planOf(user.plan_id);
    const header = gateUpload(file.bytes, uploadLimits(ctx, plan), plan.name);
    pixels = header.width * header.height;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ...base, pixels, inputKey: null, error: { code: error.code, detail: error.detail } };
  }
  const inputKey = inputKeyOf(batchId, id);
  await ctx.files.put(inputKey, file.bytes);
  return { ...base, pixels, inputKey };
}

export interface BatchOptions extends ConversionSettings {
  source: 'web' | 'api';
  apiKeyId?: string | null;
  webhookUrl?: string | null;
  idempotencyKey?: string | null;
}

/** Removes the stored inputs of a batch that was not created after all. */
export async function discardFiles(ctx: AppContext, files: AdmittedFile[]): Promise<void> {
  await Promise.all(files.map((f) => (f.inputKey ? ctx.files.delete(f.inputKey) : undefined)));
}

/**
 * Creates the batch: every admitted item is charged (ledger key per item) in the transaction
 * that writes the batch and its items; not enough credits for all of them refuses the batch.
 */
export async function createBatch(
  ctx: AppContext,
  user: UserRow,
  batchId: string,
  files: AdmittedFile[],
  options: BatchOptions,
): Promise<BatchCreated> {
  const plan = planOf(user.plan_id);
  try {
    assertFormatInPlan(plan, options.format);
    if (files.length === 0)
      throw new DomainError('VALIDATION_FAILED', 'file: send at least one image');
    if (files.length > plan.batchLimit) {
      throw new DomainError(
        'VALIDATION_FAILED',
        `file: the ${plan.name} plan converts up to ${plan.batchLimit} images per batch (${files.length} sent)`,
      );
    }
    const created = nowIso();
    const items: BatchItemRow[] = files.map((f, position) => ({
      id: f.id,
      batch_id: batchId,
      user_id: user.id,
      position,
      original_filename: f.filename,
      input_bytes: f.bytes,
      input_key: f.inputKey,
      credits_units: f.error ? 0 : conversionCostUnits(f.pixels, options.tier),
      status: f.error ? 'failed' : 'queued',
      error_code: f.error?.code ?? null,
      error: f.error?.detail ?? null,
      storage_key: null,
      output_bytes: null,
      lease_id: null,
      lease_until: null,
      attempts: 0,
      retries: 0,
      created_at: created,
      started_at: null,
      completed_at: f.error ? created : null,
    }));
    const reserved = items.reduce((sum, item) => sum + item.credits_units, 0);
    const anyQueued = items.some((i) => i.status === 'queued');
    const batch: BatchRow = {
      id: batchId,
      user_id: user.id,
      output_format: options.format,
      quality_tier: options.tier,
      status: anyQueued ? 'running' : 'completed',
      source: options.source,
      api_key_id: options.apiKeyId ?? null,
      webhook_url: options.webhookUrl ?? null,
      idempotency_key: options.idempotencyKey ?? null,
      event_seq: 0,
      credits_units: reserved,
      created_at: created,
      completed_at: anyQueued ? null : created,
      expires_at: addMs(created, plan.retentionHours * 3600_000),
      trace_options: Object.keys(options.options).length ? JSON.stringify(options.options) : null,
    };
    await applyMonthlyGrant(ctx.db, user);
    if ((await insertBatchCharged(ctx.db, batch, items)) === 'insufficient') {
      throw new DomainError(
        'NOT_ENOUGH_CREDITS',
        `Not enough credits: this batch costs ${formatCredits(reserved / CREDIT_UNITS)} and you have ${formatCredits((await balanceUnits(ctx.db, user.id)) / CREDIT_UNITS)}. Remove some files, upgrade your plan or wait for your monthly credits.`,
      );
    }
    return {
      batch_id: batchId,
      items: items.map(toBatchItem),
      credits_reserved: reserved / CREDIT_UNITS,
    };
  } catch (error) {
    await discardFiles(ctx, files);
    throw error;
  }
}

/** The caller's batch, or NOT_FOUND (someone else's batch is not revealed to exist). */
export async function ownBatch(ctx: AppContext, user: UserRow, id: string): Promise<BatchRow> {
  const batch = await findBatch(ctx.db, id);
  if (!batch || (batch.user_id !== user.id && user.role !== 'admin'))
    throw new DomainError('NOT_FOUND', 'Batch not found');
  return batch;
}

export async function summaryOf(
  ctx: AppContext,
  batch: BatchRow,
): Promise<Omit<BatchView, 'items'>> {
  const refunded = await refundedUnits(ctx.db, batch.id);
  return {
    batch_id: batch.id,
    status: batch.status as BatchView['status'],
    output_format: batch.output_format as OutputFormat,
    quality_tier: batch.quality_tier as QualityTier,
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    credits_reserved: batch.credits_units / CREDIT_UNITS,
    credits_charged: (batch.credits_units - refunded) / CREDIT_UNITS,
    totals: await totalsOf(ctx.db, batch.id),
    zip_url: `/api/batch/${batch.id}/zip`,
    last_event_id: Number(batch.event_seq),
  };
}

export async function viewOf(ctx: AppContext, batch: BatchRow): Promise<BatchView> {
  const items = await listItems(ctx.db, batch.id);
  return { ...(await summaryOf(ctx, batch)), items: items.map(toBatchItem) };
}

export async function cancel(ctx: AppContext, batch: BatchRow): Promise<void> {
  if (batch.status !== 'running')
    throw new DomainError('CONFLICT', `The batch is already ${batch.status}`);
  const cancelled = await cancelBatch(ctx.db, batch.id);
  if (!cancelled) throw new DomainError('CONFLICT', 'The batch has already finished');
  // The cancel has happened: a store that fails to delete an upload must not turn it into a 500.
  await Promise.allSettled(
    cancelled.map((item) => ctx.files.delete(inputKeyOf(batch.id, item.id))),
  );
}

/**
 * Runs a failed item of the caller's batch again: charged again once (two retries at the same
 * moment charge once; the loser is told it is no longer failed), refunded if it fails again.
 */
export async function retry(
  ctx: AppContext,
  user: UserRow,
  batch: BatchRow,
  itemId: string,
): Promise<void> {
  const item = await findItem(ctx.db, itemId);
  if (!item || item.batch_id !== batch.id) throw new DomainError('NOT_FOUND', 'Item not found');
  if (batch.expires_at <= nowIso())
    throw new DomainError('GONE', 'This batch is past its retention; start a new one');
  if (batch.status === 'cancelled')
    throw new DomainError('CONFLICT', 'The batch was cancelled; start a new one');
  if (item.status !== 'failed')
    throw new DomainError(
      'CONFLICT',
      `Only failed items can be retried (this one is ${item.status})`,
    );
  if (!retryable(item))
    throw new DomainError(
      'CONFLICT',
      'This file was refused at upload; fix it and send it in a new batch',
    );
  await applyMonthlyGrant(ctx.db, user);
  const outcome = await retryItem(ctx.db, item);
  if (outcome === 'gone') throw new DomainError('CONFLICT', 'This item is already being retried');
  if (outcome === 'insufficient')
    throw new DomainError(
      'NOT_ENOUGH_CREDITS',
      `Not enough credits: retrying this image costs ${formatCredits(item.credits_units / CREDIT_UNITS)} and you have ${formatCredits((await balanceUnits(ctx.db, user.id)) / CREDIT_UNITS)}.`,
    );
}

/**
 * Deletes the result files of batches past their retention (the downloads already answer 410
 * from `expires_at`); file first, then the row, so a sweep stopped half-way is finished by the next.
 */
export async function sweepExpiredBatchFiles(ctx: AppContext, now: string): Promise<number> {
  let deleted = 0;
  for (const item of await expiredResults(ctx.db, now)) {
    await deleteResult(ctx.files, item.storage_key!);
    if (await forgetResult(ctx.db, item.id, item.storage_key!)) deleted++;
  }
  for (const item of await expiredInputs(ctx.db, now)) {
    await ctx.files.delete(item.input_key!);
    if (await forgetInput(ctx.db, item.id, item.input_key!)) deleted++;
  }
  return deleted;
}
