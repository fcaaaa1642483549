import { sql } from 'kysely';
import type { Db } from '../../src/db/connect.js';

/** How many rows of `table` have `value` in `column` (on SQLite and PostgreSQL alike). */
export async function countWhere(
  db: Db,
  table: string,
  column: string,
  value: string,
): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}
  `.execute(db);
  return Number(rows[0].n);
}
