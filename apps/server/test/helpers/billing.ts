import type { FastifyInstance } from 'fastify';
import type { OutboxMessage } from '../../src/billing/outbox.js';
import type { AppContext } from '../../src/context.js';
import { bearer } from './api.js';

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
