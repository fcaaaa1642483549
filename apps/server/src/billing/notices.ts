import { CREDIT_UNITS } from '@tracery/contracts';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { lowCreditsMessage, receiptMessage, subscriptionNoticeMessage } from '../mail/messages.js';
import type { Mailer } from '../mail/service.js';
import type { CheckoutRow, SubscriptionRow } from './repository.js';
import { findSubscription } from './repository.js';
import { currentMonthOfPeriod } from './periods.js';
import { nowIso } from '../time.js';

/**
 * Billing emails, queued in the transaction of the change they report and keyed so that each
 * exists once: a receipt per payment or renewal, a notice per subscription change, a low-credits
 * notice per period.
 */
const emailOf = async (trx: Db, userId: string) =>
  (
    await trx
      .selectFrom('users')
      .select(['email', 'deleted_at'])
      .where('id', '=', userId)
      .executeTakeFirst()
  )?.email;

/** A paid checkout was activated for the user (in the activation's transaction). */
export async function queueReceiptIn(
  mail: Mailer,
  trx: Db,
  row: CheckoutRow,
  userId: string,
): Promise<void> {
  const to = await emailOf(trx, userId);
  const sub = await findSubscription(trx, userId);
  if (!to || !sub) return;
  await mail.queueIn(trx, {
    kind: 'receipt',
    to,
    dedupeKey: `receipt:${row.id}`,
    content: receiptMessage(
      {
        planId: row.plan_id,
        amountCents: row.amount_cents,
        currency: row.currency,
        periodStart: sub.current_period_start,
        periodEnd: sub.current_period_end,
        provider: row.provider,
        reference: row.id,
        renewal: false,
      },
      mail.link('/account'),
    ),
  });
}

/** A subscription renewed for a new period (the provider charged again). */
export async function queueRenewalReceiptIn(
  mail: Mailer,
  trx: Db,
  sub: SubscriptionRow,
  periodStart: string,
  periodEnd: string,
  amountCents: number,
): Promise<void> {
  const to = await emailOf(trx, sub.user_id);
  if (!to) return;
  await mail.queueIn(trx, {
    kind: 'receipt',
    to,
    dedupeKey: `receipt:${sub.id}:${periodStart}`,
    content: receiptMessage(
      {
        planId: sub.plan_id,
        amountCents,
        currency: 'usd',
        periodStart,
        periodEnd,
        provider: sub.provider,
        reference: sub.provider_subscription_id ?? sub.checkout_session_id ?? sub.id,
        renewal: true,
      },
      mail.link('/account'),
    ),
  });
}

export async function queueSubscriptionNoticeIn(
  mail: Mailer,
  trx: Db,
  kind: 'cancelled' | 'expired' | 'renewal_failed',
  sub: SubscriptionRow,
): Promise<void> {
  const to = await emailOf(trx, sub.user_id);
  if (!to) return;
  await mail.queueIn(trx, {
    kind: `subscription_${kind}`,
    to,
    dedupeKey: `subscription_${kind}:${sub.id}:${sub.current_period_end}`,
    content: subscriptionNoticeMessage(
      kind,
      sub.plan_id,
      sub.current_period_end,
      mail.link('/account'),
    ),
  });
}

/** The low-credit line of §2.4 and §9: 5 credits or fewer. */
export const LOW_CREDITS_UNITS = 5 * CREDIT_UNITS;

/**
 * After a charge: when the balance is at 5 credits or below, the account's owner is told once
 * per period (the subscription's period, or the calendar month of the free plan's grant).
 */
export async function notifyIfLowCredits(ctx: AppContext, userId: string): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'credits_units', 'credits_period_start', 'deleted_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.deleted_at || user.credits_units > LOW_CREDITS_UNITS) return;
  const sub = await findSubscription(ctx.db, userId);
  // Monthly credits, monthly notice: an annual plan's period here is its current month.
  const period =
    sub?.status === 'active'
      ? currentMonthOfPeriod(sub.current_period_start, nowIso()).start
      : user.credits_period_start.slice(0, 7);
  await ctx.mail.queue({
    kind: 'low_credits',
    to: user.email,
    dedupeKey: `low_credits:${userId}:${period}`,
    content: lowCreditsMessage(user.credits_units / CREDIT_UNITS, ctx.mail.link('/pricing')),
  });
}
