import type { Db } from './connect.js';

/** A unique-key violation, on PostgreSQL or SQLite. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Runs `fn` in a transaction; a unique-key race lost to a concurrent writer counts as "nothing done". */
export async function once(db: Db, fn: (trx: Db) => Promise<boolean>): Promise<boolean> {
  try {
    return await db.transaction().execute(fn);
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
