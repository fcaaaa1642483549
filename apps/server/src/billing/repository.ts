import { randomUUID } from 'node:crypto';
import { CREDIT_UNITS, isPlanId, type Subscription, planOf } from '@tracery/contracts';
import { sql } from 'kysely';
import { applyCreditIn } from '../credits/ledger.js';
import type { Db } from '../db/connect.js';
import { findRow, updateRows } from '../db/rows.js';
import type { CheckoutSessionsTable, SubscriptionsTable } from '../db/schema.js';
import { addMonths, currentMonthOfPeriod, periodMonths } from './periods.js';
import type { PaymentState } from './providers/types.js';
import { nowIso } from '../time.js';

/**
 * Every change to what a user has paid for. Each function runs inside a transaction the caller
 * holds and begins with a conditional update, so of any number of concurrent callers exactly one
 * wins; credit grants are ledger rows keyed `grant:<user>:<plan>:<period or month start>`.
 */
export type CheckoutRow = CheckoutSessionsTable;
export type SubscriptionRow = SubscriptionsTable;

/** A provider subscription that a new purchase replaced; it must stop renewing. */
export interface Replaced {
  provider: string;
  subscriptionId: string;
}

/** Providers whose paid periods renew by themselves (PayPal orders buy one period). */
const RECURRING = new Set(['stripe', 'local']);

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new checkout session row: open, in US dollars, nothing paid yet. */
export function newCheckoutRow(
  fields: Pick<
    CheckoutRow,
    'id' | 'provider' | 'flow' | 'plan_id' | 'user_id' | 'guest' | 'amount_cents'
  > &
    Partial<CheckoutRow>,
): CheckoutRow {
  return {
    status: 'open',
    provider_status: 'open',
    payer_email: null,
    currency: 'usd',
    provider_subscription_id: null,
    provider_customer_id: null,
    success_url: '',
    cancel_url: '',
    created_at: nowIso(),
    paid_at: null,
    fulfilled_at: null,
    ...fields,
  };
}

/** Records a checkout session; with `ifNew`, a session already recorded is left as it is. */
export async function insertCheckout(db: Db, row: CheckoutRow, ifNew = false): Promise<void> {
  const insert = db.insertInto('checkout_sessions').values(row);
  await (ifNew ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
}

/** The status of the checkout a provider subscription came from, if any. */
export async function checkoutStatusOfSubscription(
  db: Db,
  providerSubscriptionId: string,
): Promise<string | undefined> {
  const row = await findRow(db, 'checkout_sessions', {
    provider_subscription_id: providerSubscriptionId,
  });
  return row?.status;
}

/** Stores a provider event's id; false when it was stored before (a replay). */
export async function recordEventIn(
  trx: Db,
  event: { id: string; provider: string; type: string },
  now: string,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('billing_events')
    .values({
      id: `${event.provider}:${event.id}`,
      provider: event.provider,
      event_type: event.type,
      received_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether the subscription stops at its period end (`activeOnly`: only while it is active). */
export async function setCancelAtPeriodEnd(
  db: Db,
  sub: SubscriptionRow,
  cancel: boolean,
  now: string,
  activeOnly = false,
): Promise<void> {
  let update = db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: cancel ? 1 : 0, updated_at: now })
    .where('id', '=', sub.id);
  if (activeOnly) update = update.where('status', '=', 'active');
  await update.execute();
}

export async function findSubscription(
  db: Db,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  return findRow(db, 'subscriptions', { user_id: userId });
}

export async function findSubscriptionByRef(
  db: Db,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  return findRow(db, 'subscriptions', { provider_subscription_id: providerSubscriptionId });
}

/** The provider says it is paid but no account is known yet (guest checkout). */
export async function markPaidIn(trx: Db, row: CheckoutRow, state: PaymentState, now: string) {
  const paid = await updateRows(
    trx,
    'checkout_sessions',
    { id: row.id, status: 'open' },
    {
      status: 'paid',
      provider_status: 'paid',
      payer_email: state.payerEmail?.toLowerCase() ?? row.payer_email,
      provider_subscription_id: state.subscriptionId ?? row.provider_subscription_id,
      provider_customer_id: state.customerId ?? row.provider_customer_id,
      paid_at: now,
    },
  );
  return paid === 1;
}

/**
 * Fulfils a paid checkout for a user: the session moves to fulfilled (single winner), the
 * subscription gets a new period, the account the plan, and the period's credits are granted.
 */
export async function activateIn(
  trx: Db,
  row: CheckoutRow,
  userId: string,
  state: PaymentState | null,
  now: string,
  replaced?: Replaced[],
): Promise<boolean> {
  if (!isPlanId(row.plan_id)) return false;
  const moved = await trx
    .updateTable('checkout_sessions')
    .set({
      status: 'fulfilled',
      user_id: userId,
      provider_status: 'paid',
      payer_email: state?.payerEmail?.toLowerCase() ?? row.payer_email,
      provider_subscription_id: state?.subscriptionId ?? row.provider_subscription_id,
      provider_customer_id: state?.customerId ?? row.provider_customer_id,
      paid_at: sql<string>`coalesce(paid_at, ${now})`,
      fulfilled_at: now,
    })
    .where('id', '=', row.id)
    .where('status', 'in', ['open', 'paid'])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;

  const plan = planOf(row.plan_id);
  const billing = plan.billing === 'annual' ? 'annual' : 'monthly';
  const end = addMonths(now, periodMonths(billing));
  const previous = await findSubscription(trx, userId);
  const newRef = state?.subscriptionId ?? row.provider_subscription_id;
  if (
    replaced &&
    previous?.status === 'active' &&
    previous.cancel_at_period_end === 0 &&
    previous.provider_subscription_id &&
    previous.provider_subscription_id !== newRef
  ) {
    replaced.push({
      provider: previous.provider,
      subscriptionId: previous.provider_subscription_id,
    });
  }
  const values = {
    plan_id: plan.id,
    billing_period: billing,
    status: 'active',
    current_period_start: now,
    current_period_end: end,
    // A provider subscription (Stripe, PayPal Subscriptions) renews; a one-time order does not.
    cancel_at_period_end: RECURRING.has(row.provider) || newRef ? 0 : 1,
    provider: row.provider,
    provider_subscription_id: state?.subscriptionId ?? row.provider_subscription_id,
    provider_customer_id: state?.customerId ?? row.provider_customer_id,
    checkout_session_id: row.id,
    updated_at: now,
  };
  await trx
    .insertInto('subscriptions')
    .values({ id: randomUUID(), user_id: userId, created_at: now, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await trx
    .updateTable('users')
    .set({ plan_id: plan.id, updated_at: now })
    .where('id', '=', userId)
    .execute();
  await applyCreditIn(
    trx,
    userId,
    plan.monthlyCredits * CREDIT_UNITS,
    `grant:${userId}:${plan.id}:${now}`,
    `${plan.name} plan credits (${billing}, paid)`,
  );
  return true;
}

/** A renewal: the period only ever moves forward, and its credits are granted once. */
export async function renewIn(
  trx: Db,
  sub: SubscriptionRow,
  periodStart: string,
  periodEnd: string,
  now: string,
): Promise<boolean> {
  if (!isPlanId(sub.plan_id)) return false;
  const moved = await trx
    .updateTable('subscriptions')
    .set({
      status: 'active',
      current_period_start: periodStart,
      current_period_end: periodEnd,
      updated_at: now,
    })
    .where('id', '=', sub.id)
    .where('current_period_end', '<', periodEnd)
    .where('current_period_start', '<', periodStart)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  const plan = planOf(sub.plan_id);
  await trx
    .updateTable('users')
    .set({ plan_id: plan.id, updated_at: now })
    .where('id', '=', sub.user_id)
    .execute();
  await applyCreditIn(
    trx,
    sub.user_id,
    plan.monthlyCredits * CREDIT_UNITS,
    `grant:${sub.user_id}:${plan.id}:${periodStart}`,
    `${plan.name} plan credits (renewal)`,
  );
  return true;
}

/** The end of a subscription: the account goes back to the free plan (credits it has stay). */
export async function expireIn(trx: Db, sub: SubscriptionRow, now: string): Promise<boolean> {
  const moved = await updateRows(
    trx,
    'subscriptions',
    { id: sub.id, status: 'active', current_period_end: sub.current_period_end },
    { status: 'expired', updated_at: now },
  );
  if (moved !== 1) return false;
  await trx
    .updateTable('users')
    .set({ plan_id: 'free', updated_at: now })
    .where('id', '=', sub.user_id)
    .where('plan_id', '=', sub.plan_id)
    .execute();
  return true;
}

/**
 * Annual plans grant their monthly credits in every month of the year: month 0 comes with the
 * payment, each later month once (ledger key per month start).
 */
export async function grantMonthIn(trx: Db, sub: SubscriptionRow, now: string): Promise<boolean> {
  if (sub.status !== 'active' || now >= sub.current_period_end || !isPlanId(sub.plan_id))
    return false;
  const month = currentMonthOfPeriod(sub.current_period_start, now);
  if (month.index === 0 || month.start >= sub.current_period_end) return false;
  const plan = planOf(sub.plan_id);
  const result = await applyCreditIn(
    trx,
    sub.user_id,
    plan.monthlyCredits * CREDIT_UNITS,
    `grant:${sub.user_id}:${plan.id}:${month.start}`,
    `${plan.name} plan monthly credits`,
  );
  return result === 'applied';
}

export function toApiSubscription(sub: SubscriptionRow): Subscription {
  return {
    plan_id: isPlanId(sub.plan_id) ? sub.plan_id : 'free',
    billing_period: sub.billing_period === 'annual' ? 'annual' : 'monthly',
    status: sub.status === 'active' ? 'active' : 'expired',
    current_period_start: sub.current_period_start,
    current_period_end: sub.current_period_end,
    cancel_at_period_end: sub.cancel_at_period_end === 1,
    renews: sub.status === 'active' && sub.cancel_at_period_end === 0,
    provider: sub.provider,
  };
}
