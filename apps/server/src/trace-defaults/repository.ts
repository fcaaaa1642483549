import type { ConversionOptions } from '@tracery/contracts';
import type { Db } from '../db/connect.js';
import { findRow } from '../db/rows.js';
import { nowIso } from '../time.js';

export async function findTraceDefaults(db: Db, userId: string): Promise<ConversionOptions> {
  const row = await findRow(db, 'trace_defaults', { user_id: userId });
  return row ? (JSON.parse(row.options) as ConversionOptions) : {};
}

export async function saveTraceDefaults(
  db: Db,
  userId: string,
  options: ConversionOptions,
): Promise<void> {
  const row = { options: JSON.stringify(options), updated_at: nowIso() };
  await db
    .insertInto('trace_defaults')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}
