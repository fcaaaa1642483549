import type { HistoryRecord, OutputFormat } from '@tracery/contracts';
import { CREDIT_UNITS } from '@tracery/contracts';
import type { Db } from '../db/connect.js';
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
  return db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listConversions(db: Db, userId: string, page: number, pageSize: number) {
  const rows = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await db
    .selectFrom('conversions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}
