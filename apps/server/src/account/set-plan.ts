import { CREDIT_UNITS, PLANS, isPlanId, planOf } from '@tracery/contracts';
import { findUserByEmail, type UserRow } from '../auth/users.js';
import { applyCreditIn } from '../credits/ledger.js';
import type { Db } from '../db/connect.js';
import { nowIso } from '../time.js';

/**
 * Moves an account to a plan and grants that plan's monthly credits for the current month
 * (once: the ledger key names user, plan and month). Used by the admin CLI.
 */
export async function setPlan(db: Db, email: string, planId: string): Promise<UserRow> {
  if (!isPlanId(planId))
    throw new Error(`Unknown plan "${planId}": use one of ${Object.keys(PLANS).join(', ')}`);
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No account with the email ${email}`);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ plan_id: planId, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await applyCreditIn(
      trx,
      user.id,
      planOf(planId).monthlyCredits * CREDIT_UNITS,
      `grant:${user.id}:${planId}:${now.slice(0, 7)}`,
      `${planOf(planId).name} plan monthly credits`,
    );
  });
  return (await findUserByEmail(db, email))!;
}
