import { CREDIT_UNITS, planOf } from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { updateRows } from '../db/rows.js';
import { applySubscriptionGrant } from '../billing/sweep.js';
import { applyCreditIn } from './ledger.js';
import { nowIso } from '../time.js';

const month = (iso: string) => iso.slice(0, 7);

/**
 * The monthly credit grant, applied by the sweep (and before a conversion's charge) once an
 * account is in a new month.
 * Free accounts are topped up to the plan's 25 credits; paid plans add their monthly credits.
 * The ledger key (user + month) makes it happen once per month however many requests race.
 */
export async function applyMonthlyGrant(db: Db, user: UserRow, now = nowIso()): Promise<boolean> {
  const plan = planOf(user.plan_id);
  if (plan.base !== 'free') {
    // A paying subscriber's credits follow the subscription's periods (billing module), not the calendar.
    const handled = await applySubscriptionGrant(db, user.id, now);
    if (handled !== undefined) return handled;
  }
  if (month(user.credits_period_start) === month(now)) return false;
  const monthly = plan.monthlyCredits * CREDIT_UNITS;
  return db.transaction().execute(async (trx) => {
    const moved = await updateRows(
      trx,
      'users',
      { id: user.id, credits_period_start: user.credits_period_start },
      { credits_period_start: now },
    );
    if (moved !== 1) return false;
    const current = await trx
      .selectFrom('users')
      .select('credits_units')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const delta = plan.base === 'free' ? Math.max(0, monthly - current.credits_units) : monthly;
    if (delta > 0) {
      await applyCreditIn(
        trx,
        user.id,
        delta,
        `grant:${user.id}:${month(now)}`,
        `${plan.name} plan monthly credits`,
      );
    }
    return true;
  });
}

/** The sweep's part: every account without a subscription that has not had this month's grant. */
export async function grantDueMonths(db: Db, now = nowIso()): Promise<number> {
  const due = await db
    .selectFrom('users')
    .selectAll()
    .where('credits_period_start', '<', month(now))
    .where('deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.user_id', '=', 'users.id')
            .where('subscriptions.status', '=', 'active'),
        ),
      ),
    )
    .limit(1000)
    .execute();
  let granted = 0;
  for (const user of due) if (await applyMonthlyGrant(db, user, now)) granted++;
  return granted;
}
