import type { Db } from '../../src/db/connect.js';

/** The monthly grants in an account's ledger, oldest first, in hundredths of a credit. */
export async function monthlyGrantUnits(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('credit_ledger')
    .select('delta_units')
    .where('user_id', '=', userId)
    .where('reason', 'like', '%monthly%')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.delta_units);
}

/** Sets an account's balance directly, in hundredths of a credit (as if it had spent the rest). */
export async function setBalanceUnits(db: Db, userId: string, units: number): Promise<void> {
  await db.updateTable('users').set({ credits_units: units }).where('id', '=', userId).execute();
}
