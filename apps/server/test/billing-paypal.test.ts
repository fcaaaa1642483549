import { describe, expect, it } from 'vitest';
import { sweepSubscriptions } from '../src/billing/sweep.js';
import { register, postJson, getJson, callAs } from './helpers/api.js';
import { markEmailVerifiedIn } from '../src/account/repository.js';
import { grantRows, me, ORIGIN } from './helpers/billing.js';
import { startFakePayPal } from './helpers/fake-paypal.js';
import { useTestServer } from './helpers/server.js';
import { startedForTests } from './helpers/started-for-tests.js';

const paypal = startedForTests(startFakePayPal, (fake) => fake.close());
const s = useTestServer(() => ({
  ...paypal.env,
  PAYPAL_HOSTED_BUTTON_BASIC: 'HB-BASIC',
  PAYPAL_HOSTED_BUTTON_BUSINESS_ANNUAL: 'HB-BIZ-YEAR',
}));

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);

/** Captures a PayPal order as the signed-in account. */
const capture = (order_id: string, token: string) =>
  post('/api/payment/paypal/capture', { order_id }, token);
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
/** An account whose owner proved its email (hosted orders bind only to such accounts). */
async function verified() {
  const account = await register(s.app);
  await markEmailVerifiedIn(s.ctx.db, account.user.id, account.user.email);
  return account;
}
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
    // A PayPal subscription on a yearly billing plan at the plan's price.
    const sub = paypal.subscriptions.get(annual.json().order_id)!;
    expect(paypal.plans.get(sub.plan_id)!.billing_cycles[0]).toMatchObject({
      frequency: { interval_unit: 'YEAR', interval_count: 1 },
      pricing_scheme: { fixed_price: { value: '450.00', currency_code: 'USD' } },
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

  it('subscribes through PayPal Subscriptions: activates once for 5 concurrent returns and 5 replayed webhooks', async () => {
    const { access_token, user } = await register(s.app);
    const created = await order('basic', access_token);
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ status: 'APPROVAL_PENDING', provider: 'paypal' });
    expect(body.order_id).toMatch(/^I-/);
    expect(body.approve_url).toBe(
      `https://www.sandbox.paypal.test/webapps/billing/subscriptions?ba_token=BA-${body.order_id}`,
    );
    expect(paypal.subscriptions.get(body.order_id)!.custom_id).toBe(user.id);

    // Not approved yet: nothing activates.
    const early = await capture(body.order_id, access_token);
    expect(early.statusCode).toBe(402);
    expect(early.json().code).toBe('PAYMENT_INCOMPLETE');
    expect((await me(s.app, access_token)).plan_id).toBe('free');

    const approved = paypal.approveSubscription(body.order_id, user.email);
    const returns = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/payment/paypal/capture', { order_id: body.order_id }, access_token),
      ),
    );
    for (const r of returns) expect(r.json()).toEqual({ success: true, plan_id: 'basic' });
    const activated = paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', approved);
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook(activated)));
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(replies.filter((r) => !r.json().duplicate)).toHaveLength(1);
    // The sale of the first cycle paid the period the activation started: no second grant.
    const firstSale = paypal.event('PAYMENT.SALE.COMPLETED', {
      id: 'SALE-FIRST',
      state: 'completed',
      amount: { total: '9.99', currency: 'USD' },
      billing_agreement_id: body.order_id,
    });
    expect((await webhook(firstSale)).statusCode).toBe(200);

    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'basic',
      credits_remaining: 100,
    });
    expect(await grantRows(s.ctx, user.id)).toHaveLength(2);
    const subscription = async () =>
      (await getJson(s.app, '/api/payment/subscription', access_token)).json().subscription;
    const first = await subscription();
    expect(first).toMatchObject({ provider: 'paypal', renews: true, cancel_at_period_end: false });

    // PayPal charges the next month: the period moves on and its credits are granted, once.
    const renewal = paypal.event(
      'PAYMENT.SALE.COMPLETED',
      paypal.chargeSubscription(body.order_id),
    );
    const renewals = await Promise.all(Array.from({ length: 3 }, () => webhook(renewal)));
    for (const r of renewals) expect(r.statusCode).toBe(200);
    const second = await subscription();
    expect(Date.parse(second.current_period_end)).toBeGreaterThan(
      Date.parse(first.current_period_end),
    );
    expect(await grantRows(s.ctx, user.id)).toHaveLength(3);

    // Payments fail and PayPal suspends it: the paid month runs out, then the plan ends.
    const suspended = paypal.event('BILLING.SUBSCRIPTION.SUSPENDED', {
      ...paypal.subscriptions.get(body.order_id),
      status: 'SUSPENDED',
    });
    expect((await webhook(suspended)).statusCode).toBe(200);
    expect(await subscription()).toMatchObject({ cancel_at_period_end: true });
    expect((await me(s.app, access_token)).plan_id).toBe('basic');
    await sweepSubscriptions(s.ctx, Date.parse(second.current_period_end) + 1000);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
  });

  it('activates from the webhook alone when the buyer never comes back; rejects forged webhooks', async () => {
    const { access_token, user } = await register(s.app);
    const { order_id } = (await order('professional_annual', access_token)).json();
    const approved = paypal.approveSubscription(order_id, user.email);
    const forged = paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', approved, false);
    expect((await webhook(forged)).statusCode).toBe(400);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
    const activated = paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', approved);
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook(activated)));
    for (const r of replies) expect(r.statusCode).toBe(200);
    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'professional_annual',
      credits_remaining: 225,
    });
    // The browser returning afterwards changes nothing.
    const late = await post('/api/payment/paypal/capture', { order_id }, access_token);
    expect(late.json()).toEqual({ success: true, plan_id: 'professional_annual' });
    expect(await grantRows(s.ctx, user.id)).toHaveLength(2);
  });

  it('cancelling stops the PayPal subscription; the plan lasts the paid period; EXPIRED ends it', async () => {
    const { access_token, user } = await register(s.app);
    const { order_id } = (await order('basic', access_token)).json();
    paypal.approveSubscription(order_id, user.email);
    await post('/api/payment/paypal/capture', { order_id }, access_token);
    const cancel = await callAs(s.app, 'POST', '/api/payment/cancel', access_token);
    expect(cancel.statusCode).toBe(200);
    expect(paypal.subscriptions.get(order_id)!.status).toBe('CANCELLED');
    const cancelled = paypal.event('BILLING.SUBSCRIPTION.CANCELLED', {
      ...paypal.subscriptions.get(order_id),
    });
    expect((await webhook(cancelled)).statusCode).toBe(200);
    expect((await me(s.app, access_token)).plan_id).toBe('basic');
    const expired = paypal.event('BILLING.SUBSCRIPTION.EXPIRED', {
      id: order_id,
      status: 'EXPIRED',
    });
    expect((await webhook(expired)).statusCode).toBe(200);
    expect((await me(s.app, access_token)).plan_id).toBe('free');
  });

  it('makes one PayPal product and one billing plan per plan and price, reused by later purchases', async () => {
    const a = await register(s.app);
    const b = await register(s.app);
    const before = paypal.plans.size;
    const one = (await order('professional', a.access_token)).json().order_id as string;
    const two = (await order('professional', b.access_token)).json().order_id as string;
    expect(paypal.subscriptions.get(one)!.plan_id).toBe(paypal.subscriptions.get(two)!.plan_id);
    expect(paypal.plans.size).toBeLessThanOrEqual(before + 1);
    expect(paypal.products.size).toBe(1);
  });

  it('hosted-button orders: only the verified payer gets the plan its amount pays for; a stranger with the order id gets nothing', async () => {
    const buyer = await verified();
    const thief = await register(s.app);
    const hosted = paypal.createHostedOrder('7.00');
    paypal.approve(hosted.id, buyer.user.email);
    const rows = () =>
      s.ctx.db.selectFrom('checkout_sessions').selectAll().where('id', '=', hosted.id).execute();

    // Another signed-in user who knows the order id, with the right or a wrong plan: nothing.
    for (const plan_id of [undefined, 'basic', 'business']) {
      const stolen = await post(
        '/api/payment/paypal/capture',
        { order_id: hosted.id, plan_id },
        thief.access_token,
      );
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().code).toBe('NOT_FOUND');
    }
    expect(await rows()).toEqual([]);
    expect(paypal.captures.get(hosted.id)).toBeUndefined();
    expect((await me(s.app, thief.access_token)).plan_id).toBe('free');

    // The buyer comes back without a plan (or with a wrong one): the amount decides.
    const ok = await post(
      '/api/payment/paypal/capture',
      { order_id: hosted.id, plan_id: 'business' },
      buyer.access_token,
    );
    expect(ok.json()).toEqual({ success: true, plan_id: 'basic' });
    expect(await me(s.app, buyer.access_token)).toMatchObject({
      plan_id: 'basic',
      credits_remaining: 100,
    });
    expect((await rows())[0]).toMatchObject({ user_id: buyer.user.id, status: 'fulfilled' });
    const again = await capture(hosted.id, thief.access_token);
    expect(again.statusCode).toBe(404);
    expect(paypal.captures.get(hosted.id)).toBe(1);
  });

  it('hosted-button orders: a card payer who typed the email, or an amount of no plan, leaves no row', async () => {
    const owner = await verified();
    const typed = paypal.createHostedOrder('45.00');
    paypal.approve(typed.id, owner.user.email, false);
    const byEmail = await capture(typed.id, owner.access_token);
    expect(byEmail.statusCode).toBe(404);

    const odd = paypal.createHostedOrder('3.00');
    paypal.approve(odd.id, owner.user.email);
    const wrong = await capture(odd.id, owner.access_token);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('PAYMENT_AMOUNT_MISMATCH');

    // A SKU naming another plan than the amount pays for matches nothing either.
    const sku = paypal.createHostedOrder('7.00', { name: 'Tracery Business', sku: 'business' });
    paypal.approve(sku.id, owner.user.email);
    const bySku = await capture(sku.id, owner.access_token);
    expect(bySku.statusCode).toBe(409);

    // An account that never proved its email does not get an order paid from that address.
    const unproved = await register(s.app);
    const squat = paypal.createHostedOrder('7.00');
    paypal.approve(squat.id, unproved.user.email);
    const squatted = await capture(squat.id, unproved.access_token);
    expect(squatted.statusCode).toBe(404);

    const kept = await s.ctx.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('id', 'in', [typed.id, odd.id, sku.id, squat.id])
      .execute();
    expect(kept).toEqual([]);
    expect(await me(s.app, owner.access_token)).toMatchObject({ plan_id: 'free' });
  });

  it('hosted-button orders the buyer never brought back are reconciled from webhooks', async () => {
    // Captured at PayPal by the hosted button: PAYMENT.CAPTURE.COMPLETED.
    const a = await verified();
    const captured = paypal.createHostedOrder('150.00');
    paypal.approve(captured.id, a.user.email);
    const resource = paypal.captureAtPayPal(captured.id);
    const event = paypal.event('PAYMENT.CAPTURE.COMPLETED', resource);
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(event)).json()).toMatchObject({ duplicate: true });
    expect(await me(s.app, a.access_token)).toMatchObject({
      plan_id: 'professional_annual',
      credits_remaining: 25 + 200,
    });
    expect(await grantRows(s.ctx, a.user.id)).toHaveLength(2);

    // Approved, not captured: CHECKOUT.ORDER.APPROVED makes the server capture it once.
    const b = await verified();
    const approved = paypal.createHostedOrder('15.00');
    paypal.approve(approved.id, b.user.email);
    const twice = paypal.event('CHECKOUT.ORDER.APPROVED', { id: approved.id });
    expect((await webhook(twice)).statusCode).toBe(200);
    expect((await me(s.app, b.access_token)).plan_id).toBe('professional');
    expect(paypal.captures.get(approved.id)).toBe(1);
    // The buyer's late return changes nothing more.
    const late = await capture(approved.id, b.access_token);
    expect(late.json()).toEqual({ success: true, plan_id: 'professional' });
    expect(await grantRows(s.ctx, b.user.id)).toHaveLength(2);

    // An order of no plan's amount is not kept.
    const odd = paypal.createHostedOrder('1.00');
    paypal.approve(odd.id, b.user.email);
    expect(
      (await webhook(paypal.event('PAYMENT.CAPTURE.COMPLETED', paypal.captureAtPayPal(odd.id))))
        .statusCode,
    ).toBe(200);
    expect(
      await s.ctx.db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('id', '=', odd.id)
        .execute(),
    ).toEqual([]);
  });
});
