import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { found, idIn, startFake, type FakeAnswer } from './fake-http.js';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_secret_for_tracery';
const noSuch = (what: string): FakeAnswer => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
});

/**
 * A local fake of the few Stripe endpoints Tracery uses: create/retrieve a Checkout Session and
 * update a subscription. `pay` plays the buyer paying on Stripe's page; `event` builds a real
 * signed webhook (stripe.webhooks.generateTestHeaderString).
 */
export async function startFakeStripe() {
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const fake = await startFake((req) => {
    const form = new URLSearchParams(req.body);
    let id: string | undefined;
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        status: 'open',
        payment_status: 'unpaid',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        customer_email: form.get('customer_email'),
        customer_details: null,
        customer: null,
        subscription: null,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        client_reference_id: form.get('client_reference_id'),
        metadata: {
          plan_id: form.get('metadata[plan_id]'),
          user_id: form.get('metadata[user_id]'),
        },
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if ((id = idIn(req, 'GET', /^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      return found(sessions.get(id), noSuch('checkout.session'));
    }
    if ((id = idIn(req, 'POST', /^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(id);
      if (!sub) return noSuch('subscription');
      if (form.has('cancel_at_period_end'))
        sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return { status: 200, body: sub };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unknown ${req.method} ${req.path}` },
      },
    };
  });
  const stripe = new Stripe('sk_test_fake');

  return {
    ...fake,
    sessions,
    subscriptions,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fake.port),
      STRIPE_API_PROTOCOL: 'http',
    },
    /** The buyer pays on Stripe's page; returns the completed session. */
    pay(sessionId: string, email: string) {
      const session = sessions.get(sessionId)!;
      const subId = `sub_${randomBytes(8).toString('hex')}`;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer_details: { email },
        customer: `cus_${randomBytes(6).toString('hex')}`,
        subscription: subId,
      });
      subscriptions.set(subId, {
        id: subId,
        object: 'subscription',
        cancel_at_period_end: false,
        status: 'active',
      });
      return session;
    },
    /** A webhook request as Stripe sends it: JSON body and a Stripe-Signature header. */
    event(
      type: string,
      object: unknown,
      id = `evt_${randomBytes(10).toString('hex')}`,
      secret = STRIPE_WEBHOOK_SECRET,
    ) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
      return {
        id,
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
