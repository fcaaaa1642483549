import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSubscriptions } from '../src/billing/sweep.js';
import { bearer, register, postJson } from './helpers/api.js';
import { grantRows, me, ORIGIN } from './helpers/billing.js';
import { startFakePayPal, type FakePayPal } from './helpers/fake-paypal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let s: TestServer;
let paypal: FakePayPal;
beforeAll(async () => {
  paypal = await startFakePayPal();
  s = await startTestServer({
    ...paypal.env,
    PAYPAL_HOSTED_BUTTON_BASIC: 'HB-BASIC',
    PAYPAL_HOSTED_BUTTON_BUSINESS_ANNUAL: 'HB-BIZ-YEAR',
  });
});
afterAll(async () => {
  await s.close();
  await paypal.close();
});

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);
const order = (plan: string, token?: string) =>
  post(
    '/api/payment/paypal/create-order',
    {
      plan_id: plan,
      return_url: `${ORIGIN}/payment/success?provider=paypal`,
      cancel_url: `${ORIGIN}/pricing?payment=cancelled`,
    },
    token,
  );
const webhook = (e: { payload: string; headers: Record<string, string> }) =>
  s.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/paypal',
    payload: e.payload,
    headers: e.headers,
  });

describe('PayPal Orders v2 (against a local fake of the PayPal API)', () => {
  it('keeps the rules: sign in, paid plans only, PayPal only for basic/professional/business', async () => {
    const anon = await order('basic');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHENTICATED');
    expect(anon.json().detail).toBe('Please sign in to subscribe');
    const { access_token } = await register(s.app);
    expect((await order('free', access_token)).json().detail).toBe(
      'The free plan needs no payment',
    );
    const annual = await order('business_annual', access_token);
    expect(annual.statusCode).toBe(200);
    expect(paypal.orders.get(annual.json().order_id)!.purchase_units[0].amount).toEqual({
      currency_code: 'USD',
      value: '450.00',
    });
    const config = (await s.app.inject({ method: 'GET', url: '/api/payment/config' })).json();
    expect(config).toMatchObject({
      card_provider: 'local',
      paypal_provider: 'paypal',
      paypal: {
        client_id: 'paypal-client',
        hosted_buttons: { basic: 'HB-BASIC', business_annual: 'HB-BIZ-YEAR' },
      },
    });
    const anonCapture = await post('/api/payment/paypal/capture', { order_id: 'X' });
    expect(anonCapture.json().detail).toBe('Please sign in to subscribe');
  });

  it('captures once and activates once for 5 concurrent captures and 5 replayed webhooks', async () => {
    const { access_token, user } = await register(s.app);
    const created = await order('basic', access_token);
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', provider: 'paypal' });
    expect(body.approve_url).toBe(
      `https://www.sandbox.paypal.test/checkoutnow?token=${body.order_id}`,
    );

    // Not approved yet: capture fails, nothing activates.
    const early = await post(
      '/api/payment/paypal/capture',
      { order_id: body.order_id },
      access_token,
    );
    expect(early.statusCode).toBe(402);
    expect(early.json().code).toBe('PAYMENT_INCOMPLETE');
    expect(early.json().detail).toMatch(/^Payment capture failed/);
    expect((await me(s.app, access_token)).plan_id).toBe('free');

    paypal.approve(body.order_id, user.email);
    const captures = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/payment/paypal/capture', { order_id: body.order_id }, access_token),
      ),
    );
    for (const c of captures) expect(c.json()).toEqual({ success: true, plan_id: 'basic' });
    expect(paypal.captures.get(body.order_id)).toBe(1);

    const captured = paypal.orders.get(body.order_id)!;
    const capture = captured.purchase_units[0].payments!.captures[0];
    const event = paypal.event('PAYMENT.CAPTURE.COMPLETED', {
      ...capture,
      supplementary_data: { related_ids: { order_id: body.order_id } },
    });
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook(event)));
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(replies.filter((r) => !r.json().duplicate)).toHaveLength(1);

    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'basic',
      credits_remaining: 100,
    });
    expect(await grantRows(s.ctx, user.id)).toHaveLength(2);
    const sub = (
      await s.app.inject({
        method: 'GET',
        url: '/api/payment/subscription',
        headers: bearer(access_token),
      })
    ).json();
    // A PayPal order buys one period; it does not renew by itself.
    expect(sub.subscription).toMatchObject({
      provider: 'paypal',
      renews: false,
      cancel_at_period_end: true,
    });
    await sweepSubscriptions(s.ctx, Date.parse(sub.subscription.current_period_end) + 1000);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
  });

  it('activates from the webhook alone when the buyer never comes back; rejects forged webhooks', async () => {
    const { access_token, user } = await register(s.app);
    const { order_id } = (await order('professional_annual', access_token)).json();
    paypal.approve(order_id, user.email);
    const forged = paypal.event('CHECKOUT.ORDER.APPROVED', { id: order_id }, false);
    expect((await webhook(forged)).statusCode).toBe(400);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
    const approved = paypal.event('CHECKOUT.ORDER.APPROVED', { id: order_id });
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook(approved)));
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(paypal.captures.get(order_id)).toBe(1);
    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'professional_annual',
      credits_remaining: 225,
    });
    // The browser returning afterwards changes nothing.
    const late = await post('/api/payment/paypal/capture', { order_id }, access_token);
    expect(late.json()).toEqual({ success: true, plan_id: 'professional_annual' });
    expect(await grantRows(s.ctx, user.id)).toHaveLength(2);
  });

  it("hosted-button orders: activates a paid order once, at the plan's price only", async () => {
    const { access_token } = await register(s.app);
    const hosted = paypal.createHostedOrder('7.00');
    paypal.approve(hosted.id, 'buyer@example.com');
    const ok = await post(
      '/api/payment/paypal/capture',
      { order_id: hosted.id, plan_id: 'basic' },
      access_token,
    );
    expect(ok.json()).toEqual({ success: true, plan_id: 'basic' });
    expect((await me(s.app, access_token)).credits_remaining).toBe(100);
    const thief = await register(s.app);
    const reuse = await post(
      '/api/payment/paypal/capture',
      { order_id: hosted.id, plan_id: 'basic' },
      thief.access_token,
    );
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json().code).toBe('NOT_FOUND');
    expect((await me(s.app, thief.access_token)).plan_id).toBe('free');

    const cheap = paypal.createHostedOrder('7.00');
    paypal.approve(cheap.id, 'buyer@example.com');
    const wrong = await post(
      '/api/payment/paypal/capture',
      { order_id: cheap.id, plan_id: 'business' },
      thief.access_token,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect((await me(s.app, thief.access_token)).plan_id).toBe('free');
  });
});
