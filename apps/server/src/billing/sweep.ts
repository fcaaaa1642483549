import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { once } from '../db/transactions.js';
import { nowIso } from '../time.js';
import { planOf } from '@tracery/contracts';
import { queueRenewalReceiptIn, queueSubscriptionNoticeIn } from './notices.js';
import { addMonths, periodMonths } from './periods.js';
import {
  expireIn,
  findSubscription,
  grantMonthIn,
  renewIn,
  type SubscriptionRow,
} from './repository.js';

/** How long a provider-renewed subscription stays active past its period end awaiting the renewal. */
export const RENEWAL_GRACE_MS = 2 * 24 * 3600_000;

/**
 * Subscription housekeeping, safe to run concurrently and repeatedly (the lead calls it from
 * jobs/sweeper.ts):
 * - a period that ended with cancel_at_period_end (or a one-time PayPal period) → downgrade to free;
 * - a `local` subscription whose period ended → renewed (the test provider's automatic charge),
 *   unless a real card provider is configured by now;
 * - a Stripe subscription past its period end plus the grace without an invoice.paid → downgrade;
 * - an annual plan in a new month of its year → that month's credits, once.
 */
export async function sweepSubscriptions(
  ctx: Pick<AppContext, 'db' | 'config' | 'mail'>,
  now = Date.now(),
): Promise<{ expired: number; renewed: number; granted: number }> {
  const at = nowIso(now);
  // Test-mode subscriptions renew only while no real card provider is configured.
  const localRenews = !ctx.config.billing.stripe;
  const result = { expired: 0, renewed: 0, granted: 0 };
  const due = await ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('current_period_end', '<=', at)
    .limit(500)
    .execute();
  for (const sub of due) {
    if (sub.cancel_at_period_end === 1) {
      if (await expire(ctx, sub, at)) result.expired++;
    } else if (sub.provider === 'local' && localRenews) {
      if (await renewLocal(ctx, sub, at)) result.renewed++;
    } else if (Date.parse(sub.current_period_end) + RENEWAL_GRACE_MS <= now) {
      if (await expire(ctx, sub, at)) result.expired++;
    }
  }
  const annual = await ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'active')
    .where('billing_period', '=', 'annual')
    .where('current_period_end', '>', at)
    .limit(5000)
    .execute();
  for (const sub of annual) {
    if (await once(ctx.db, (trx) => grantMonthIn(trx, sub, at))) result.granted++;
  }
  return result;
}

/** The end of a plan, announced to its owner in the same transaction. */
function expire(ctx: Pick<AppContext, 'db' | 'mail'>, sub: SubscriptionRow, at: string) {
  return once(ctx.db, async (trx) => {
    const done = await expireIn(trx, sub, at);
    if (done) await queueSubscriptionNoticeIn(ctx.mail, trx, 'expired', sub);
    return done;
  });
}

/** The local provider "charges" again: consecutive periods until the current one covers now. */
async function renewLocal(
  ctx: Pick<AppContext, 'db' | 'mail'>,
  sub: SubscriptionRow,
  at: string,
): Promise<boolean> {
  let start = sub.current_period_end;
  let end = addMonths(start, periodMonths(sub.billing_period));
  while (end <= at) {
    start = end;
    end = addMonths(start, periodMonths(sub.billing_period));
  }
  return once(ctx.db, async (trx) => {
    const done = await renewIn(trx, sub, start, end, at);
    if (done)
      await queueRenewalReceiptIn(ctx.mail, trx, sub, start, end, planOf(sub.plan_id).priceCents);
    return done;
  });
}

/**
 * The lazy per-request grant for subscribers (credits/monthly-grant.ts calls it): undefined when
 * the user has no active subscription, so the calendar-month grant applies instead.
 */
export async function applySubscriptionGrant(
  db: Db,
  userId: string,
  now = nowIso(),
): Promise<boolean | undefined> {
  const sub = await findSubscription(db, userId);
  if (!sub || sub.status !== 'active') return undefined;
  if (sub.billing_period !== 'annual') return false;
  return once(db, (trx) => grantMonthIn(trx, sub, now));
}
