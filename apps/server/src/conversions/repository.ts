import type { HistoryRecord, OutputFormat } from '@tracery/contracts';
import { CREDIT_UNITS } from '@tracery/contracts';
import { applyCreditIn, type LedgerResult } from '../credits/ledger.js';
import type { Db } from '../db/connect.js';
import { findRow, newestRows, updateRows } from '../db/rows.js';
import { nowIso } from '../time.js';
import type { ConversionsTable } from '../db/schema.js';

export type ConversionRow = ConversionsTable;

export const resultUrl = (id: string) => `/api/convert/${id}/download`;

export function toHistoryRecord(row: ConversionRow): HistoryRecord {
  return {
    id: row.id,
    original_filename: row.original_filename,
    created_at: row.created_at,
    output_format: row.output_format as OutputFormat,
    engine_used: row.engine_used,
    credits_cost: row.credits_units / CREDIT_UNITS,
    status: row.status,
    result_url: row.status === 'completed' ? resultUrl(row.id) : null,
    expires_at: row.status === 'completed' ? row.expires_at : null,
  };
}

export async function findConversion(db: Db, id: string): Promise<ConversionRow | undefined> {
  return findRow(db, 'conversions', { id });
}

/** An account's conversions, newest first. */
export async function newestConversions(db: Db, userId: string, limit: number, offset = 0) {
  return newestRows(db, 'conversions', userId, limit, offset);
}

export async function listConversions(db: Db, userId: string, page: number, pageSize: number) {
  const rows = await newestConversions(db, userId, pageSize, (page - 1) * pageSize);
  const count = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** The charge and the job row in one transaction: no job without its charge, and vice versa. */
export async function insertCharged(db: Db, row: ConversionRow): Promise<LedgerResult> {
  return db.transaction().execute(async (trx) => {
    const charged = await applyCreditIn(
      trx,
      row.charged_user_id ?? row.user_id,
      -row.credits_units,
      `conversion:${row.id}:charge`,
      'Conversion',
    );
    if (charged === 'applied') await trx.insertInto('conversions').values(row).execute();
    return charged;
  });
}

/** A processing job becomes completed; false when something (the sweep) settled it first. */
export async function completeConversion(
  db: Db,
  id: string,
  result: Pick<
    ConversionRow,
    'storage_key' | 'output_bytes' | 'quality_scores' | 'recommended_engine'
  >,
): Promise<boolean> {
  const done = await updateRows(
    db,
    'conversions',
    { id, status: 'processing' },
    { ...result, status: 'completed', completed_at: nowIso() },
  );
  return done === 1;
}

/** Marks a processing job failed and returns its credits; does nothing if already settled. */
export async function refund(db: Db, conversionId: string, reason: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('conversions')
      .select(['user_id', 'charged_user_id', 'credits_units'])
      .where('id', '=', conversionId)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (!job) return false;
    const failed = await updateRows(
      trx,
      'conversions',
      { id: conversionId, status: 'processing' },
      { status: 'failed', error: reason.slice(0, 500), completed_at: nowIso() },
    );
    if (failed !== 1) return false;
    await applyCreditIn(
      trx,
      job.charged_user_id ?? job.user_id,
      job.credits_units,
      `conversion:${conversionId}:refund`,
      'Refund for a failed conversion',
    );
    return true;
  });
}
