import { randomBytes } from 'node:crypto';
import { found, idIn, startFake, type FakeAnswer } from './fake-http.js';

export const PAYPAL_WEBHOOK_ID = 'WH-FAKE-TRACERY';
const NOT_FOUND: FakeAnswer = { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };

interface FakeOrder {
  id: string;
  status: string;
  intent: string;
  purchase_units: {
    reference_id?: string;
    amount: { currency_code: string; value: string };
    items?: { name: string; sku?: string; quantity: string }[];
    payments?: {
      captures: { id: string; status: string; amount: { currency_code: string; value: string } }[];
    };
  }[];
  payer?: { email_address: string };
  payment_source?: { paypal: { email_address: string; account_status: string } };
  links: { rel: string; href: string; method: string }[];
}

interface FakePlan {
  id: string;
  product_id: string;
  name: string;
  status: string;
  billing_cycles: {
    frequency: { interval_unit: 'MONTH' | 'YEAR'; interval_count: number };
    pricing_scheme: { fixed_price: { value: string; currency_code: string } };
  }[];
}

interface FakeSubscription {
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  subscriber?: { email_address: string };
  billing_info?: {
    last_payment: { amount: { currency_code: string; value: string }; time: string };
    next_billing_time: string;
    cycle_executions: { tenure_type: string; sequence: number; cycles_completed: number }[];
  };
  links: { rel: string; href: string; method: string }[];
}

/**
 * A local fake of PayPal's REST API as Tracery uses it: OAuth token, Orders v2 (create, get,
 * capture), catalog products, billing plans and subscriptions (create, get, cancel) and
 * verify-webhook-signature. A webhook verifies when its transmission signature is
 * `sig-<transmission id>` (what `event` produces) and the webhook id is ours.
 */
export async function startFakePayPal() {
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, number>();
  const products = new Map<string, { id: string; name: string }>();
  const plans = new Map<string, FakePlan>();
  const subscriptions = new Map<string, FakeSubscription>();
  const token = `A21AA${randomBytes(8).toString('hex')}`;
  const fake = await startFake((req) => {
    let id: string | undefined;
    if (req.path === '/v1/oauth2/token') {
      const basic = Buffer.from('paypal-client:paypal-secret').toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return { status: 401, body: { error: 'invalid_client' } };
      return {
        status: 200,
        body: { access_token: token, token_type: 'Bearer', expires_in: 32400 },
      };
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const body = JSON.parse(req.body) as {
        intent: string;
        purchase_units: FakeOrder['purchase_units'];
      };
      return { status: 201, body: create(body.intent, body.purchase_units) };
    }
    if ((id = idIn(req, 'GET', /^\/v2\/checkout\/orders\/([^/]+)$/))) {
      return found(orders.get(id), NOT_FOUND);
    }
    if ((id = idIn(req, 'POST', /^\/v2\/checkout\/orders\/([^/]+)\/capture$/))) {
      const order = orders.get(id);
      if (!order) return NOT_FOUND;
      if (order.status === 'COMPLETED')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
        };
      if (order.status !== 'APPROVED')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
        };
      return { status: 201, body: capture(order) };
    }
    if ((id = idIn(req, 'GET', /^\/v1\/catalogs\/products\/([^/]+)$/))) {
      return found(products.get(id), NOT_FOUND);
    }
    if (req.method === 'POST' && req.path === '/v1/catalogs/products') {
      const body = JSON.parse(req.body) as { id: string; name: string };
      if (products.has(body.id))
        return {
          status: 422,
          body: {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'DUPLICATE_RESOURCE_IDENTIFIER' }],
          },
        };
      products.set(body.id, { id: body.id, name: body.name });
      return { status: 201, body: products.get(body.id) };
    }
    if (req.method === 'GET' && req.path === '/v1/billing/plans') {
      const product = req.query.get('product_id');
      const found = [...plans.values()].filter((p) => p.product_id === product);
      return {
        status: 200,
        body: { plans: found.map(({ id, name, status }) => ({ id, name, status })) },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/billing/plans') {
      const body = JSON.parse(req.body) as Omit<FakePlan, 'id'>;
      if (!products.has(body.product_id))
        return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY' } };
      const plan = { ...body, id: `P-${randomBytes(6).toString('hex').toUpperCase()}` };
      plans.set(plan.id, plan);
      return { status: 201, body: plan };
    }
    if (req.method === 'POST' && req.path === '/v1/billing/subscriptions') {
      const body = JSON.parse(req.body) as { plan_id: string; custom_id?: string };
      if (!plans.has(body.plan_id))
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INVALID_PLAN' }] },
        };
      const id = `I-${randomBytes(6).toString('hex').toUpperCase()}`;
      const sub: FakeSubscription = {
        id,
        status: 'APPROVAL_PENDING',
        plan_id: body.plan_id,
        custom_id: body.custom_id,
        links: [
          {
            rel: 'approve',
            href: `https://www.sandbox.paypal.test/webapps/billing/subscriptions?ba_token=BA-${id}`,
            method: 'GET',
          },
          { rel: 'self', href: `${fake.url}/v1/billing/subscriptions/${id}`, method: 'GET' },
        ],
      };
      subscriptions.set(id, sub);
      return { status: 201, body: sub };
    }
    if ((id = idIn(req, 'GET', /^\/v1\/billing\/subscriptions\/([^/]+)$/))) {
      return found(subscriptions.get(id), NOT_FOUND);
    }
    if ((id = idIn(req, 'POST', /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/))) {
      const sub = subscriptions.get(id);
      if (!sub) return NOT_FOUND;
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED')
        return {
          status: 422,
          body: {
            name: 'UNPROCESSABLE_ENTITY',
            details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }],
          },
        };
      sub.status = 'CANCELLED';
      return { status: 204, raw: '' };
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const body = JSON.parse(req.body) as {
        transmission_id?: string;
        transmission_sig?: string;
        webhook_id?: string;
      };
      const ok =
        body.webhook_id === PAYPAL_WEBHOOK_ID &&
        body.transmission_sig === `sig-${body.transmission_id}`;
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    return NOT_FOUND;
  });

  function capture(order: FakeOrder): FakeOrder {
    order.status = 'COMPLETED';
    const unit = order.purchase_units[0];
    unit.payments = {
      captures: [
        { id: `CAP${randomBytes(6).toString('hex')}`, status: 'COMPLETED', amount: unit.amount },
      ],
    };
    captures.set(order.id, (captures.get(order.id) ?? 0) + 1);
    return order;
  }

  function create(intent: string, units: FakeOrder['purchase_units']): FakeOrder {
    const id = randomBytes(8).toString('hex').toUpperCase();
    const order: FakeOrder = {
      id,
      intent,
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: units.map((u) => ({
        reference_id: u.reference_id,
        amount: u.amount,
        items: u.items,
      })),
      links: [
        { rel: 'self', href: `${fake.url}/v2/checkout/orders/${id}`, method: 'GET' },
        {
          rel: 'payer-action',
          href: `https://www.sandbox.paypal.test/checkoutnow?token=${id}`,
          method: 'GET',
        },
      ],
    };
    orders.set(id, order);
    return order;
  }

  /** The plan's price and the end of a period that starts at `from`. */
  function priced(sub: FakeSubscription, from: Date) {
    const cycle = plans.get(sub.plan_id)!.billing_cycles[0];
    const next = new Date(from);
    if (cycle.frequency.interval_unit === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
    else next.setUTCMonth(next.getUTCMonth() + 1);
    return { amount: cycle.pricing_scheme.fixed_price, next: next.toISOString() };
  }

  return {
    ...fake,
    orders,
    captures,
    products,
    plans,
    subscriptions,
    /** The buyer approves the subscription at PayPal, which activates it and takes the first payment. */
    approveSubscription(id: string, email: string) {
      const sub = subscriptions.get(id)!;
      const now = new Date();
      const { amount, next } = priced(sub, now);
      sub.status = 'ACTIVE';
      sub.subscriber = { email_address: email };
      sub.billing_info = {
        last_payment: { amount, time: now.toISOString() },
        next_billing_time: next,
        cycle_executions: [{ tenure_type: 'REGULAR', sequence: 1, cycles_completed: 1 }],
      };
      return sub;
    },
    /** PayPal charges the next cycle; returns the sale resource of PAYMENT.SALE.COMPLETED. */
    chargeSubscription(id: string) {
      const sub = subscriptions.get(id)!;
      const info = sub.billing_info!;
      const at = new Date(info.next_billing_time);
      const { amount, next } = priced(sub, at);
      info.cycle_executions[0].cycles_completed++;
      info.last_payment = { amount, time: at.toISOString() };
      info.next_billing_time = next;
      return {
        id: `SALE-${randomBytes(6).toString('hex').toUpperCase()}`,
        state: 'completed',
        amount: { total: amount.value, currency: amount.currency_code },
        billing_agreement_id: id,
        create_time: at.toISOString(),
      };
    },
    env: {
      PAYPAL_CLIENT_ID: 'paypal-client',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
      PAYPAL_WEBHOOK_ID,
      PAYPAL_API_BASE: fake.url,
    },
    /** An order made at PayPal without Tracery (a hosted button), optionally with an item. */
    createHostedOrder(value: string, item?: { name: string; sku?: string }) {
      return create('CAPTURE', [
        {
          amount: { currency_code: 'USD', value },
          items: item ? [{ ...item, quantity: '1' }] : undefined,
        },
      ]);
    },
    /**
     * The buyer approves the order on PayPal's page: with a verified PayPal account (PayPal
     * vouches for its email), or as a card payer who types any email (`verified: false`).
     */
    approve(orderId: string, email: string, verified = true) {
      const order = orders.get(orderId)!;
      order.status = 'APPROVED';
      order.payer = { email_address: email };
      if (verified)
        order.payment_source = { paypal: { email_address: email, account_status: 'VERIFIED' } };
      return order;
    },
    /** PayPal captures the order itself (hosted buttons do); returns the capture resource. */
    captureAtPayPal(orderId: string) {
      const order = capture(orders.get(orderId)!);
      const done = order.purchase_units[0].payments!.captures[0];
      return { ...done, supplementary_data: { related_ids: { order_id: order.id } } };
    },
    /** A webhook as PayPal sends it; `valid: false` gives it a signature PayPal rejects. */
    event(eventType: string, resource: unknown, valid = true) {
      const id = `WH-${randomBytes(8).toString('hex').toUpperCase()}`;
      const transmission = randomBytes(8).toString('hex');
      return {
        id,
        payload: JSON.stringify({ id, event_version: '1.0', event_type: eventType, resource }),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.test/v1/notifications/certs/CERT',
          'paypal-transmission-id': transmission,
          'paypal-transmission-sig': valid ? `sig-${transmission}` : 'forged',
          'paypal-transmission-time': new Date().toISOString(),
        },
      };
    },
  };
}
export type FakePayPal = Awaited<ReturnType<typeof startFakePayPal>>;
