import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export interface UsageRow {
  day: string;
  output_format: string;
  quality_tier: string;
  status: string;
  n: number;
  units: number;
}

/**
 * The user's conversions created in [fromIso, toIso), counted per UTC day, format, tier and
 * status. Rows whose files have expired still count: usage is history, not storage.
 */
export async function usageRows(
  db: Db,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<UsageRow[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('conversions')
    .select([
      day.as('day'),
      'output_format',
      'quality_tier',
      'status',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.sum<number | string>('credits_units').as('units'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy([day, 'output_format', 'quality_tier', 'status'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), units: Number(r.units ?? 0) }));
}
