import { describe, expect, it } from 'vitest';
import { sweepSubscriptions } from '../src/billing/sweep.js';
import { register, postJson, getJson, postForm } from './helpers/api.js';
import {
  captureOutbox,
  createGuestCheckout,
  grantRows,
  insertLocalCheckout,
  me,
  subscriptionOf,
  urls,
} from './helpers/billing.js';
import { startFakeStripe } from './helpers/fake-stripe.js';
import { useTestServer } from './helpers/server.js';
import { startedForTests } from './helpers/started-for-tests.js';

const stripe = startedForTests(startFakeStripe, (fake) => fake.close());
const s = useTestServer(() => stripe.env);

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);

/** A guest's purchase completed into an account with this email (the password a new one would get). */
const completeGuest = (session_id: string, name: string, email: string) =>
  post('/api/payment/guest/complete', {
    session_id,
    name,
    email,
    password: 'another long password',
  });

/** The success page's confirmation of a checkout session. */
const confirm = (session_id: string, token: string) =>
  post('/api/payment/handle-success', { session_id }, token);

const webhook = (e: { payload: string; headers: Record<string, string> }) =>
  s.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/stripe',
    payload: e.payload,
    headers: e.headers,
  });

async function checkout(token: string, plan = 'basic') {
  const res = await post('/api/payment/create-checkout', { plan_id: plan, ...urls }, token);
  expect(res.statusCode).toBe(200);
  const { checkout_url, session_id } = res.json() as { checkout_url: string; session_id: string };
  expect(checkout_url).toBe(`https://checkout.stripe.test/c/pay/${session_id}`);
  return session_id;
}

describe('Stripe Checkout (against a local fake of the Stripe API)', () => {
  it('keeps the rules: sign-in message, no payment for the free plan, own-site URLs only', async () => {
    const anon = await post('/api/payment/create-checkout', { plan_id: 'basic', ...urls });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().code).toBe('UNAUTHENTICATED');
    expect(anon.json().detail).toBe('Please sign in to subscribe or use guest checkout');
    const { access_token } = await register(s.app);
    const free = await post(
      '/api/payment/create-checkout',
      { plan_id: 'free', ...urls },
      access_token,
    );
    expect(free.statusCode).toBe(400);
    expect(free.json().code).toBe('PLAN_NOT_PURCHASABLE');
    expect(free.json().detail).toBe('The free plan needs no payment');
    const evil = await post(
      '/api/payment/create-checkout',
      { plan_id: 'basic', success_url: 'https://evil.example/steal', cancel_url: urls.cancel_url },
      access_token,
    );
    expect(evil.statusCode).toBe(422);
    expect(evil.json().code).toBe('VALIDATION_FAILED');
    expect(evil.json().detail).toBe('success_url must be an address on this site');
    const config = (await s.app.inject({ method: 'GET', url: '/api/payment/config' })).json();
    expect(config.card_provider).toBe('stripe');
  });

  it('activates exactly once from 5 concurrent webhooks and 5 success-page reloads', async () => {
    const { access_token, user } = await register(s.app);
    const sessionId = await checkout(access_token);
    const created = stripe.sessions.get(sessionId)!;
    expect(created.amount_total).toBe(700);
    expect((created.metadata as { user_id: string }).user_id).toBe(user.id);

    // A forged success URL before paying: the server asks Stripe and activates nothing.
    const early = await confirm(sessionId, access_token);
    expect(early.statusCode).toBe(402);
    expect(early.json().code).toBe('PAYMENT_INCOMPLETE');
    expect((await me(s.app, access_token)).plan_id).toBe('free');

    const paid = stripe.pay(sessionId, user.email);
    const event = stripe.event('checkout.session.completed', paid);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(event)),
      ...Array.from({ length: 5 }, () => confirm(sessionId, access_token)),
    ]);
    for (const r of results) expect(r.statusCode).toBe(200);
    expect(results.slice(0, 5).filter((r) => !r.json().duplicate)).toHaveLength(1);
    for (const r of results.slice(5)) expect(r.json()).toEqual({ success: true, plan_id: 'basic' });

    const account = await me(s.app, access_token);
    expect(account.plan_id).toBe('basic');
    expect(account.credits_remaining).toBe(25 + 75);
    expect((await grantRows(s.ctx, user.id)).map((r) => r.delta_units)).toEqual([2500, 7500]);
    const sub = (await getJson(s.app, '/api/payment/subscription', access_token)).json();
    expect(sub.ads).toBe(false);
    expect(sub.subscription).toMatchObject({
      plan_id: 'basic',
      status: 'active',
      renews: true,
      provider: 'stripe',
    });
  });

  it('rejects a webhook whose signature or body does not verify, and a session of someone else', async () => {
    const { access_token, user } = await register(s.app);
    const sessionId = await checkout(access_token);
    const paid = stripe.pay(sessionId, user.email);
    const forged = stripe.event('checkout.session.completed', paid, undefined, 'whsec_wrong');
    expect((await webhook(forged)).statusCode).toBe(400);
    const good = stripe.event('checkout.session.completed', paid);
    const tampered = { ...good, payload: good.payload.replace('"paid"', '"paid" ') };
    expect((await webhook(tampered)).statusCode).toBe(400);
    expect((await me(s.app, access_token)).plan_id).toBe('free');

    const other = await register(s.app);
    const stolen = await confirm(sessionId, other.access_token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('NOT_FOUND');
    expect(stolen.json().detail).toBe('Invalid payment session');
    expect((await me(s.app, other.access_token)).plan_id).toBe('free');
    const unknown = await confirm('cs_test_nothing', access_token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('a plan change stops the replaced Stripe subscription from renewing', async () => {
    const { access_token, user } = await register(s.app);
    const first = await checkout(access_token, 'basic');
    const oldSub = stripe.pay(first, user.email).subscription as string;
    expect((await confirm(first, access_token)).statusCode).toBe(200);
    const second = await checkout(access_token, 'business');
    const newSub = stripe.pay(second, user.email).subscription as string;
    expect(
      (await webhook(stripe.event('checkout.session.completed', stripe.sessions.get(second))))
        .statusCode,
    ).toBe(200);
    expect(stripe.subscriptions.get(oldSub)!.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(newSub)!.cancel_at_period_end).toBe(false);
    // The old subscription's later events change nothing.
    const ended = stripe.event('customer.subscription.deleted', {
      id: oldSub,
      object: 'subscription',
    });
    expect((await webhook(ended)).statusCode).toBe(200);
    expect(await me(s.app, access_token)).toMatchObject({
      plan_id: 'business',
      credits_remaining: 25 + 75 + 750,
    });
  });

  it('turns the local test provider off once Stripe is configured', async () => {
    const { access_token, user } = await register(s.app);
    await insertLocalCheckout(s.ctx.db, {
      id: 'cs_local_left_over',
      flow: 'checkout',
      userId: user.id,
    });
    const approve = await postForm(s.app, '/api/payment/local/checkout/cs_local_left_over/approve');
    expect(approve.statusCode).toBe(404);
    const confirmed = await confirm('cs_local_left_over', access_token);
    expect(confirmed.statusCode).toBe(503);
    expect(confirmed.json().code).toBe('PAYMENT_NOT_CONFIGURED');
    expect((await me(s.app, access_token)).plan_id).toBe('free');
  });

  it('renews from invoice.paid once, ignores stale and out-of-order events, cancels at period end', async () => {
    const { access_token, user } = await register(s.app);
    const sessionId = await checkout(access_token, 'professional');
    const paid = stripe.pay(sessionId, user.email);
    const subId = paid.subscription as string;

    // Out of order: the subscription update arrives before the checkout event → retried later.
    const early = stripe.event('customer.subscription.updated', {
      id: subId,
      object: 'subscription',
      cancel_at_period_end: false,
    });
    expect((await webhook(early)).statusCode).toBe(503);
    // The first invoice comes with the checkout and grants nothing by itself.
    const firstInvoice = stripe.event('invoice.paid', {
      id: 'in_first',
      object: 'invoice',
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subId } },
      lines: { data: [] },
    });
    expect((await webhook(firstInvoice)).statusCode).toBe(200);
    expect((await webhook(stripe.event('checkout.session.completed', paid))).statusCode).toBe(200);
    expect((await webhook(early)).statusCode).toBe(200);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 200);

    const row = await subscriptionOf(s.ctx.db, user.id);
    const start = Math.floor(Date.parse(row.current_period_end) / 1000);
    const end = start + 30 * 86400;
    const invoice = (id: string, from: number, to: number) =>
      stripe.event('invoice.paid', {
        id,
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        parent: { subscription_details: { subscription: subId } },
        lines: { data: [{ period: { start: from, end: to } }] },
      });
    const renewal = invoice('in_2', start, end);
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook(renewal)));
    for (const r of replies) expect(r.statusCode).toBe(200);
    // The same renewal sent again as a different event, and an older period: nothing more.
    expect((await webhook(invoice('in_2', start, end))).statusCode).toBe(200);
    expect((await webhook(invoice('in_1', start - 30 * 86400, start))).statusCode).toBe(200);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 + 200 + 200);
    expect(await grantRows(s.ctx, user.id)).toHaveLength(3);

    const cancel = await post('/api/payment/cancel', {}, access_token);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ cancel_at_period_end: true, renews: false });
    expect(stripe.subscriptions.get(subId)!.cancel_at_period_end).toBe(true);
    // (Other tests' subscriptions in this database may expire in these sweeps too.)
    await sweepSubscriptions(s.ctx, (end - 60) * 1000);
    expect((await me(s.app, access_token)).plan_id).toBe('professional');
    await Promise.all([
      sweepSubscriptions(s.ctx, (end + 60) * 1000),
      sweepSubscriptions(s.ctx, (end + 60) * 1000),
    ]);
    const after = await me(s.app, access_token);
    expect(after.plan_id).toBe('free');
    expect(after.credits_remaining).toBe(425);
    const sub = (await getJson(s.app, '/api/payment/subscription', access_token)).json();
    expect(sub).toMatchObject({ plan_id: 'free', ads: true, subscription: { status: 'expired' } });
  });

  it('guest checkout with the email of a Business-annual account changes nothing until its owner claims and confirms', async () => {
    const sent = captureOutbox(s.ctx);
    const owner = await register(s.app);
    // The owner pays for Business annual with Stripe.
    const ownSession = await checkout(owner.access_token, 'business_annual');
    const ownSub = stripe.subscriptions.get(
      stripe.pay(ownSession, owner.user.email).subscription as string,
    )!;
    await confirm(ownSession, owner.access_token);
    const before = await me(s.app, owner.access_token);
    expect(before.plan_id).toBe('business_annual');
    expect(ownSub.cancel_at_period_end).toBe(false);
    const subscription = async () =>
      (await getJson(s.app, '/api/payment/subscription', owner.access_token)).json().subscription;
    const subBefore = await subscription();

    // Someone else buys Basic monthly as a guest, typing the owner's email.
    const res = await createGuestCheckout(s.app, 'basic');
    expect(res.statusCode).toBe(200);
    const sessionId = res.json().session_id as string;
    // Not paid yet: nothing to offer.
    const unpaid = await completeGuest(sessionId, 'X', owner.user.email);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().code).toBe('PAYMENT_INCOMPLETE');
    const paid = stripe.pay(sessionId, owner.user.email.toUpperCase());
    expect((await webhook(stripe.event('checkout.session.completed', paid))).statusCode).toBe(200);
    // The email must be the payer's.
    const wrong = await completeGuest(sessionId, 'X', 'someone-else@example.com');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('VALIDATION_FAILED');
    const offered = await completeGuest(sessionId, 'Mallory', owner.user.email);
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toEqual({
      attached: true,
      detail:
        'This email already has an account. We emailed its owner a link to claim the purchase; nothing changes on that account until they do.',
    });
    expect(offered.body).not.toContain('access_token');
    expect(offered.headers['set-cookie']).toBeUndefined();

    // The payment is recorded; the account, its subscription and its Stripe subscription are not touched.
    const recorded = await s.ctx.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ status: 'paid', user_id: null });
    expect(await me(s.app, owner.access_token)).toEqual(before);
    expect(await subscription()).toEqual(subBefore);
    expect(ownSub.cancel_at_period_end).toBe(false);
    const login = await post('/api/auth/login', {
      email: owner.user.email,
      password: 'another long password',
    });
    expect(login.statusCode).toBe(401);

    // The owner got one single-use claim link, stored only as a hash.
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe(owner.user.email);
    const token = new URL(sent[0].link).searchParams.get('claim')!;
    const stored = await s.ctx.db.selectFrom('billing_tokens').selectAll().execute();
    expect(stored.some((t) => t.token_hash === token)).toBe(false);
    // Replays offer nothing more.
    const again = await completeGuest(sessionId, 'Mallory', owner.user.email);
    expect(again.statusCode).toBe(409);
    expect(sent).toHaveLength(1);

    const stranger = await register(s.app);
    expect(
      (await post('/api/payment/guest/claim', { token, confirm: true }, stranger.access_token))
        .statusCode,
    ).toBe(403);
    // The confirmation screen: what would change.
    const preview = await post('/api/payment/guest/claim/preview', { token }, owner.access_token);
    expect(preview.json()).toEqual({
      plan_id: 'basic',
      current_plan_id: 'business_annual',
      current_period_end: subBefore.current_period_end,
      confirmation_required: true,
    });
    // Without the owner's explicit choice, the higher and longer plan stays.
    const unconfirmed = await post('/api/payment/guest/claim', { token }, owner.access_token);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('CONFIRMATION_REQUIRED');
    expect(await me(s.app, owner.access_token)).toEqual(before);
    expect(ownSub.cancel_at_period_end).toBe(false);
    // The owner chooses to switch: only then the plan changes and the old subscription stops.
    const claim = await post(
      '/api/payment/guest/claim',
      { token, confirm: true },
      owner.access_token,
    );
    expect(claim.json()).toEqual({ success: true, plan_id: 'basic' });
    expect((await me(s.app, owner.access_token)).plan_id).toBe('basic');
    expect(ownSub.cancel_at_period_end).toBe(true);
    const credits = (await me(s.app, owner.access_token)).credits_remaining;
    // The link works once.
    const replay = await post(
      '/api/payment/guest/claim',
      { token, confirm: true },
      owner.access_token,
    );
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe('GONE');
    expect((await me(s.app, owner.access_token)).credits_remaining).toBe(credits);
  });

  it('guest checkout: the owner of an account with no paid plan claims without a confirmation', async () => {
    const sent = captureOutbox(s.ctx);
    const owner = await register(s.app);
    const res = await createGuestCheckout(s.app, 'business');
    const sessionId = res.json().session_id as string;
    stripe.pay(sessionId, owner.user.email);
    const collected = await post('/api/payment/guest/collect-email', {
      session_id: sessionId,
      name: 'Owner',
      email: owner.user.email,
    });
    expect(collected.statusCode).toBe(200);
    expect((await me(s.app, owner.access_token)).plan_id).toBe('free');
    const token = new URL(sent[0].link).searchParams.get('claim')!;
    const preview = await post('/api/payment/guest/claim/preview', { token }, owner.access_token);
    expect(preview.json()).toMatchObject({ plan_id: 'business', confirmation_required: false });
    const claim = await post('/api/payment/guest/claim', { token }, owner.access_token);
    expect(claim.json()).toEqual({ success: true, plan_id: 'business' });
    expect(await me(s.app, owner.access_token)).toMatchObject({
      plan_id: 'business',
      credits_remaining: 25 + 750,
    });
    expect((await post('/api/payment/guest/claim', { token }, owner.access_token)).statusCode).toBe(
      410,
    );
  });

  it('guest checkout: a new email gets a single-use link that creates the account', async () => {
    const sent = captureOutbox(s.ctx);
    const res = await createGuestCheckout(s.app, 'basic_annual');
    const sessionId = res.json().session_id as string;
    const email = `guest-${Date.now()}@example.com`;
    const paid = stripe.pay(sessionId, email);
    expect((await webhook(stripe.event('checkout.session.completed', paid))).statusCode).toBe(200);
    const collected = await post('/api/payment/guest/collect-email', {
      session_id: sessionId,
      name: 'Guest Buyer',
      email,
    });
    expect(collected.statusCode).toBe(200);
    expect(collected.json().sent).toBe(true);
    const link = new URL(sent[0].link);
    expect(link.pathname).toBe('/verify-payment-email');
    const token = link.searchParams.get('token')!;
    const created = await post('/api/payment/guest/verify', {
      token,
      password: 'guest long password',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({
      email,
      plan_id: 'basic_annual',
      credits_remaining: 25 + 75,
    });
    expect(
      (await post('/api/payment/guest/verify', { token, password: 'guest long password' }))
        .statusCode,
    ).toBe(410);
  });
});
