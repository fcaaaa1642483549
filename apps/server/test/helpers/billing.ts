import type { FastifyInstance } from 'fastify';
import type { OutboxMessage } from '../../src/billing/outbox.js';
import type { AppContext } from '../../src/context.js';
import type { Db } from '../../src/db/connect.js';
import { bearer, postJson } from './api.js';

/** Collects what the server would have emailed. */
export function captureOutbox(ctx: AppContext): OutboxMessage[] {
  const sent: OutboxMessage[] = [];
  ctx.outbox = { send: (m) => void sent.push(m) };
  return sent;
}

export async function me(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  return res.json() as { plan_id: string; credits_remaining: number; subscription_tier: string };
}

export async function grantRows(ctx: AppContext, userId: string) {
  return ctx.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', 'like', 'grant:%')
    .execute();
}

/** The PUBLIC_URL of every test server (helpers/server.ts). */
export const ORIGIN = 'http://tracery.test';
export const urls = {
  success_url: `${ORIGIN}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${ORIGIN}/pricing?payment=cancelled`,
};

/**
 * An open checkout of the local test provider for the Business plan (left over from a development
 * run, say), which a server with a real provider configured must never approve.
 */
export async function insertLocalCheckout(
  db: Db,
  row: { id: string; flow: 'checkout' | 'order'; userId: string },
) {
  await db
    .insertInto('checkout_sessions')
    .values({
      id: row.id,
      provider: 'local',
      flow: row.flow,
      plan_id: 'business',
      user_id: row.userId,
      guest: 0,
      status: 'open',
      provider_status: 'open',
      payer_email: null,
      amount_cents: 4500,
      currency: 'usd',
      provider_subscription_id: null,
      provider_customer_id: null,
      success_url: urls.success_url,
      cancel_url: urls.cancel_url,
      created_at: new Date().toISOString(),
      paid_at: null,
      fulfilled_at: null,
    })
    .execute();
}

/** Starts a guest checkout whose success page collects the buyer's email. */
export const createGuestCheckout = (app: FastifyInstance, planId: string) =>
  postJson(app, '/api/payment/create-guest-checkout', {
    plan_id: planId,
    success_url: `${ORIGIN}/payment/collect-email?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: urls.cancel_url,
  });

/** An account's subscription row. */
export const subscriptionOf = (db: Db, userId: string) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
