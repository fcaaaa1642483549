import { randomUUID } from 'node:crypto';
import {
  CREDIT_UNITS,
  conversionCostUnits,
  formatCredits,
  type ConversionOptions,
  type ConversionResult,
  type OutputFormat,
  type QualityTier,
  planOf,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { balanceUnits } from '../credits/ledger.js';
import { applyMonthlyGrant } from '../credits/monthly-grant.js';
import type { Db } from '../db/connect.js';
import { DomainError, isDomainError } from '../errors.js';
import { conversionDuration, conversions } from '../metrics/registry.js';
import { gateUpload, type DecodeLimits } from '../images/decode.js';
import { ENGINE_FOR_TIER } from '../jobs/trace-task.js';
import { notifyIfLowCredits } from '../billing/notices.js';
import { payerFor } from '../teams/pool.js';
import { assertFileSizeInPlan, assertFormatInPlan, uploadLimits } from './plan-limits.js';
import { deleteResult, storeResult, type StoredResult } from './results.js';
import { addMs, nowIso } from '../time.js';
import {
  completeConversion,
  findConversion,
  insertCharged,
  refund,
  resultUrl,
  type ConversionRow,
} from './repository.js';

export interface UploadInput {
  filename: string;
  bytes: Uint8Array;
  format: OutputFormat;
  tier: QualityTier;
  options: ConversionOptions;
  /** The upload request's id (X-Request-Id), carried to the trace worker's log. */
  requestId?: string;
}

/**
 * The conversion flow (DESIGN.md §3): validate and decode, reserve credits with the job row in
 * one transaction, trace in the worker pool, store the output, complete; a failure after the
 * reservation refunds exactly once.
 */
async function admitAndConvert(
  ctx: AppContext,
  user: UserRow,
  input: UploadInput,
): Promise<ConversionResult> {
  // A team member converts on the team's plan, paid from its pool (teams/pool.ts).
  const payer = await payerFor(ctx.db, user);
  const plan = planOf(payer.plan_id);
  assertFormatInPlan(plan, input.format);
  assertFileSizeInPlan(plan, input.bytes.byteLength);
  // Priced and bounded by the pixels the header declares, before any decoder runs.
  const limits = uploadLimits(ctx, plan);
  const header = gateUpload(input.bytes, limits, plan.name);
  const pixels = header.width * header.height;
  const inputBytes = input.bytes.byteLength;
  const release = ctx.admission.admit(user.id, plan.maxInFlight, pixels);
  try {
    return await convertAdmitted(ctx, user, payer, input, { pixels, inputBytes, limits });
  } finally {
    release();
  }
}

/** What became of an upload: the conversions metric's `outcome`. */
function outcomeOf(error: unknown): string {
  if (isDomainError(error, 'CONVERSION_TIMEOUT')) return 'timeout';
  if (isDomainError(error, 'QUEUE_FULL')) return 'queue_full';
  if (isDomainError(error, 'CONVERSION_FAILED')) return 'failed';
  // Refused before any charge: plan, size, screening, decoding, credits, rate.
  return 'rejected';
}

/** The upload flow, counted in the conversions metric by format, tier and outcome. */
export async function convertUpload(
  ctx: AppContext,
  user: UserRow,
  input: UploadInput,
): Promise<ConversionResult> {
  const labels = { format: input.format, tier: input.tier };
  try {
    const result = await admitAndConvert(ctx, user, input);
    conversions.inc({ ...labels, outcome: 'completed' });
    return result;
  } catch (error) {
    conversions.inc({ ...labels, outcome: outcomeOf(error) });
    throw error;
  }
}

async function convertAdmitted(
  ctx: AppContext,
  user: UserRow,
  payer: UserRow,
  input: UploadInput,
  size: { pixels: number; inputBytes: number; limits: DecodeLimits },
): Promise<ConversionResult> {
  const plan = planOf(payer.plan_id);
  // Off the event loop; the bytes are handed to the worker.
  const decoded = await ctx.imageWorkers.decode(input.bytes, size.limits);

  const id = randomUUID();
  const cost = conversionCostUnits(size.pixels, input.tier);
  const created = nowIso();
  // This month's credits arrive before the first charge of the month (the sweep grants them too).
  await applyMonthlyGrant(ctx.db, payer);
  await reserve(ctx.db, {
    id,
    runner_id: ctx.runnerId ?? null,
    user_id: user.id,
    original_filename: input.filename.slice(0, 255),
    input_bytes: size.inputBytes,
    width: decoded.full.width,
    height: decoded.full.height,
    output_format: input.format,
    quality_tier: input.tier,
    engine_used: ENGINE_FOR_TIER[input.tier],
    credits_units: cost,
    status: 'processing',
    storage_key: null,
    output_bytes: null,
    quality_scores: null,
    recommended_engine: null,
    error: null,
    created_at: created,
    completed_at: null,
    expires_at: addMs(created, plan.retentionHours * 3600_000),
    deleted_at: null,
    charged_user_id: payer.id === user.id ? null : payer.id,
  });
  await notifyIfLowCredits(ctx, payer.id);

  const reserved = performance.now();
  try {
    const outcome = await ctx.tracer.run({
      conversionId: id,
      full: decoded.full,
      sample: decoded.sample,
      format: input.format,
      tier: input.tier,
      options: input.options,
      requestId: input.requestId,
    });
    const key = `${user.id}/${id}.${input.format}`;
    await storeResult(ctx.files, key, outcome);
    const done = await completeConversion(ctx.db, id, {
      storage_key: key,
      output_bytes: outcome.output.byteLength,
      quality_scores: JSON.stringify(outcome.scores),
      recommended_engine: outcome.recommended,
    });
    if (!done) {
      // A sweep already gave up on this job and refunded it; the output must not be served.
      await deleteResult(ctx.files, key);
      throw new DomainError(
        'CONVERSION_FAILED',
        'The conversion took too long and was cancelled; your credits were refunded',
        { context: { conversion_id: id } },
      );
    }
    conversionDuration.observe(
      { format: input.format, tier: input.tier },
      (performance.now() - reserved) / 1000,
    );
    const balance = await balanceUnits(ctx.db, payer.id);
    return {
      id,
      original_filename: input.filename,
      output_format: input.format,
      result_url: resultUrl(id),
      engine_used: outcome.engine,
      credits_cost: cost / CREDIT_UNITS,
      credits_remaining: balance / CREDIT_UNITS,
      quality_comparison: {
        quality_scores: outcome.scores,
        recommended_engine: outcome.recommended,
      },
      width: decoded.full.width,
      height: decoded.full.height,
      expires_at: addMs(created, plan.retentionHours * 3600_000),
    };
  } catch (error) {
    await refund(ctx.db, id, error instanceof Error ? error.message : String(error));
    throw refundedFailure(error, id);
  }
}

/** What the user is told about a trace that failed after the charge (it was refunded). */
function refundedFailure(error: unknown, conversionId: string): DomainError {
  const extra = { cause: error, context: { conversion_id: conversionId } };
  if (isDomainError(error, 'QUEUE_FULL'))
    return new DomainError('QUEUE_FULL', 'The service is busy; try again in a minute', {
      ...extra,
      retryAfterSeconds: 30,
    });
  if (isDomainError(error, 'CONVERSION_TIMEOUT'))
    return new DomainError(
      'CONVERSION_TIMEOUT',
      'The conversion took too long and was stopped; your credits were refunded',
      extra,
    );
  if (isDomainError(error) && error.context?.conversion_id === conversionId) return error;
  return new DomainError(
    'CONVERSION_FAILED',
    'The conversion failed; your credits were refunded',
    extra,
  );
}

async function reserve(db: Db, row: ConversionRow): Promise<void> {
  if ((await insertCharged(db, row)) === 'insufficient') {
    throw new DomainError(
      'NOT_ENOUGH_CREDITS',
      `Not enough credits: this conversion costs ${formatCredits(row.credits_units / CREDIT_UNITS)} and you have ${formatCredits((await balanceUnits(db, row.charged_user_id ?? row.user_id)) / CREDIT_UNITS)}. Upgrade your plan or wait for your monthly credits.`,
    );
  }
}

/** A conversion of the user's (any user's for an admin); another's is not found. */
export async function visibleConversion(db: Db, user: UserRow, id: string): Promise<ConversionRow> {
  const row = await findConversion(db, id);
  if (!row || (row.user_id !== user.id && user.role !== 'admin'))
    throw new DomainError('NOT_FOUND', 'Conversion not found');
  return row;
}

/** The stored result of a visible conversion, while retention keeps it. */
export async function downloadableResult(db: Db, user: UserRow, id: string): Promise<StoredResult> {
  const row = await visibleConversion(db, user, id);
  if (row.status === 'expired' || row.expires_at <= nowIso())
    throw new DomainError('GONE', 'This result has passed its retention period and was deleted');
  if (row.status !== 'completed' || !row.storage_key)
    throw new DomainError('CONFLICT', `This conversion has no result (status: ${row.status})`);
  return {
    key: row.storage_key,
    format: row.output_format as OutputFormat,
    originalFilename: row.original_filename,
  };
}
