import { describe, expect, it } from 'vitest';
import { addMonths } from '../src/billing/periods.js';
import { sweepSubscriptions } from '../src/billing/sweep.js';
import { applyMonthlyGrant } from '../src/credits/monthly-grant.js';
import { findUserById } from '../src/auth/users.js';
import { register, postJson, getJson, postForm } from './helpers/api.js';
import {
  captureOutbox,
  createGuestCheckout,
  grantRows,
  me,
  subscriptionOf,
  ORIGIN,
  urls,
} from './helpers/billing.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);
const form = (url: string, fields: Record<string, string> = {}) => postForm(s.app, url, fields);

async function localCheckout(token: string, plan: string) {
  const res = await post('/api/payment/create-checkout', { plan_id: plan, ...urls }, token);
  expect(res.statusCode).toBe(200);
  const { checkout_url, session_id } = res.json() as { checkout_url: string; session_id: string };
  return { path: new URL(checkout_url).pathname, session_id, checkout_url };
}

describe('billing periods', () => {
  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2028-01-31T10:00:00.000Z', 1)).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths('2026-11-22T05:00:00.000Z', 12)).toBe('2027-11-22T05:00:00.000Z');
  });
});

describe('the built-in local provider (no keys configured)', () => {
  it('serves a test-mode checkout page; approving redirects to the success URL; activation is once', async () => {
    const config = (await s.app.inject({ method: 'GET', url: '/api/payment/config' })).json();
    expect(config).toMatchObject({
      card_provider: 'local',
      paypal_provider: 'local',
      test_mode: true,
    });
    const { access_token, user } = await register(s.app);
    const { path, session_id, checkout_url } = await localCheckout(access_token, 'professional');
    expect(checkout_url).toBe(`${ORIGIN}/api/payment/local/checkout/${session_id}`);
    const page = await s.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test mode — no real money');
    expect(page.body).toContain('$15.00');
    expect(page.body).not.toContain('<script');

    // A forged success URL for the unpaid session activates nothing.
    const forged = await post('/api/payment/handle-success', { session_id }, access_token);
    expect(forged.statusCode).toBe(402);
    expect(forged.json().code).toBe('PAYMENT_INCOMPLETE');
    expect((await me(s.app, access_token)).plan_id).toBe('free');

    const approved = await form(`${path}/approve`);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`${ORIGIN}/payment/success?session_id=${session_id}`);
    const reloads = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/payment/handle-success', { session_id }, access_token),
      ),
    );
    for (const r of reloads) expect(r.json()).toEqual({ success: true, plan_id: 'professional' });
    // Approving twice (back button) is harmless.
    expect((await form(`${path}/approve`)).statusCode).toBe(303);
    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'professional',
      credits_remaining: 225,
    });
    expect(await grantRows(s.ctx, user.id)).toHaveLength(2);
  });

  it('cancel returns to the cancel URL and activates nothing', async () => {
    const { access_token } = await register(s.app);
    const { path, session_id } = await localCheckout(access_token, 'basic');
    const cancelled = await form(`${path}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(urls.cancel_url);
    expect((await form(`${path}/approve`)).statusCode).toBe(410);
    expect(
      (await post('/api/payment/handle-success', { session_id }, access_token)).statusCode,
    ).toBe(409);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
  });

  it('answers an unknown payment id with the 404 page on every local page', async () => {
    const path = '/api/payment/local/checkout/no-such-payment';
    const answers = [
      await s.app.inject({ method: 'GET', url: path }),
      await form(`${path}/approve`),
      await form(`${path}/cancel`),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This test payment does not exist.');
    }
  });

  it('PayPal without keys: a local order, approve returns with the order id, capture activates', async () => {
    const { access_token } = await register(s.app);
    const created = await post(
      '/api/payment/paypal/create-order',
      {
        plan_id: 'basic_annual',
        return_url: `${ORIGIN}/payment/success?provider=paypal`,
        cancel_url: urls.cancel_url,
      },
      access_token,
    );
    const order = created.json();
    expect(order).toMatchObject({ provider: 'local', status: 'PAYER_ACTION_REQUIRED' });
    const approved = await form(`${new URL(order.approve_url).pathname}/approve`);
    const back = new URL(approved.headers.location as string);
    expect(back.searchParams.get('paypal_order_id')).toBe(order.order_id);
    expect(back.searchParams.get('provider')).toBe('paypal');
    const captured = await post(
      '/api/payment/paypal/capture',
      { order_id: order.order_id },
      access_token,
    );
    expect(captured.json()).toEqual({ success: true, plan_id: 'basic_annual' });
    expect((await me(s.app, access_token)).credits_remaining).toBe(100);
  });

  it('renews a monthly plan at period end, once; cancellation downgrades at the end', async () => {
    const { access_token, user } = await register(s.app);
    const { path } = await localCheckout(access_token, 'basic');
    await form(`${path}/approve`);
    const sub = await subscriptionOf(s.ctx.db, user.id);
    const end = Date.parse(sub.current_period_end);
    await Promise.all([
      sweepSubscriptions(s.ctx, end + 1000),
      sweepSubscriptions(s.ctx, end + 1000),
    ]);
    await sweepSubscriptions(s.ctx, end + 2000);
    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'basic',
      credits_remaining: 25 + 75 + 75,
    });
    const cancel = await post('/api/payment/cancel', {}, access_token);
    expect(cancel.json().subscription).toMatchObject({ cancel_at_period_end: true, renews: false });
    const renewed = await subscriptionOf(s.ctx.db, user.id);
    expect(renewed.current_period_start).toBe(sub.current_period_end);
    await sweepSubscriptions(s.ctx, Date.parse(renewed.current_period_end) + 1000);
    const after = await getJson(s.app, '/api/payment/subscription', access_token);
    expect(after.json()).toMatchObject({
      plan_id: 'free',
      ads: true,
      subscription: { status: 'expired' },
    });
    expect((await me(s.app, access_token)).credits_remaining).toBe(175);
    expect((await post('/api/payment/cancel', {}, access_token)).statusCode).toBe(404);
  });

  it('annual plans grant the monthly credits in each month of the year, once per month', async () => {
    const { access_token, user } = await register(s.app);
    const { path } = await localCheckout(access_token, 'business_annual');
    await form(`${path}/approve`);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 750);
    const sub = await subscriptionOf(s.ctx.db, user.id);
    const month = (k: number) => Date.parse(addMonths(sub.current_period_start, k)) + 60_000;
    // The same month seen by two sweeps and the lazy per-request grant: once.
    const row = (await findUserById(s.ctx.db, user.id))!;
    await Promise.all([
      sweepSubscriptions(s.ctx, month(1)),
      sweepSubscriptions(s.ctx, month(1)),
      applyMonthlyGrant(s.ctx.db, row, new Date(month(1)).toISOString()),
    ]);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 750 * 2);
    await sweepSubscriptions(s.ctx, month(2));
    await sweepSubscriptions(s.ctx, month(2) + 3600_000);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 750 * 3);
    // The calendar-month grant of the lead's monthly-grant module does not add on top.
    await applyMonthlyGrant(s.ctx.db, row, new Date(month(2) + 86_400_000).toISOString());
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 750 * 3);
    expect(await grantRows(s.ctx, user.id)).toHaveLength(4);
  });

  it('guest checkout through the local page; an existing email is never signed into', async () => {
    const sent = captureOutbox(s.ctx);
    const owner = await register(s.app);
    const res = await createGuestCheckout(s.app, 'basic');
    const { checkout_url, session_id } = res.json();
    const path = new URL(checkout_url).pathname;
    expect((await s.app.inject({ method: 'GET', url: path })).body).toContain(
      'Email for the receipt',
    );
    expect((await form(`${path}/approve`, { email: 'not-an-email' })).statusCode).toBe(422);
    const approved = await form(`${path}/approve`, { email: owner.user.email });
    expect(approved.headers.location).toBe(
      `${ORIGIN}/payment/collect-email?session_id=${session_id}`,
    );
    // The guest cannot use handle-success (it needs an account, and not someone else's session).
    expect(
      (await post('/api/payment/handle-success', { session_id }, owner.access_token)).statusCode,
    ).toBe(404);
    const collected = await post('/api/payment/guest/collect-email', {
      session_id,
      name: 'Guest',
      email: owner.user.email,
    });
    expect(collected.json()).toMatchObject({ sent: true });
    expect(collected.body).not.toContain('access_token');
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0].link).pathname).toBe('/account');
    // Nothing changes on the account until its owner claims the purchase.
    expect(await me(s.app, owner.access_token)).toMatchObject({
      plan_id: 'free',
      credits_remaining: 25,
    });
    const token = new URL(sent[0].link).searchParams.get('claim')!;
    expect((await post('/api/payment/guest/claim', { token }, owner.access_token)).json()).toEqual({
      success: true,
      plan_id: 'basic',
    });
    expect(await me(s.app, owner.access_token)).toMatchObject({
      plan_id: 'basic',
      credits_remaining: 100,
    });
  });
});
