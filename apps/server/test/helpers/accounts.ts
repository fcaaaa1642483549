import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { postJson, register, postForm } from './api.js';
import { linkIn, type TestSmtp } from './smtp.js';

/** A new account whose address is confirmed through the link of its verification email. */
export async function verifiedUser(
  app: FastifyInstance,
  smtp: TestSmtp,
  overrides: Parameters<typeof register>[1] = {},
) {
  const user = await register(app, overrides);
  const link = linkIn(await smtp.waitFor(user.user.email, /Confirm your email/), '/verify-email');
  const res = await postJson(app, '/api/auth/verify-email', {
    token: link.searchParams.get('token'),
  });
  expect(res.statusCode).toBe(200);
  return user;
}

/** Buys a plan the way a user does on a server without payment keys: the local provider's page. */
export async function buyPlan(app: FastifyInstance, token: string, planId: string) {
  const created = await postJson(
    app,
    '/api/payment/create-checkout',
    {
      plan_id: planId,
      // Paths, as the web app sends them: the server puts them on its PUBLIC_URL.
      success_url: '/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: '/pricing',
    },
    token,
  );
  expect(created.statusCode).toBe(200);
  const { checkout_url, session_id } = created.json() as {
    checkout_url: string;
    session_id: string;
  };
  const approved = await postForm(app, `${new URL(checkout_url).pathname}/approve`);
  expect(approved.statusCode).toBe(303);
  const done = await postJson(app, '/api/payment/handle-success', { session_id }, token);
  expect(done.statusCode).toBe(200);
  return session_id;
}
