import { randomBytes } from 'node:crypto';
import { startFake } from './fake-http.js';

export const PAYPAL_WEBHOOK_ID = 'WH-FAKE-TRACERY';

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

/**
 * A local fake of PayPal's REST API as Tracery uses it: OAuth token, Orders v2 (create, get,
 * capture) and verify-webhook-signature. A webhook verifies when its transmission signature is
 * `sig-<transmission id>` (what `event` produces) and the webhook id is ours.
 */
export async function startFakePayPal() {
  const orders = new Map<string, FakeOrder>();
  const captures = new Map<string, number>();
  const token = `A21AA${randomBytes(8).toString('hex')}`;
  const fake = await startFake((req) => {
    let m: RegExpExecArray | null;
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
    if (req.method === 'GET' && (m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(req.path))) {
      const order = orders.get(decodeURIComponent(m[1]));
      return order
        ? { status: 200, body: order }
        : { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
    }
    if (
      req.method === 'POST' &&
      (m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path))
    ) {
      const order = orders.get(decodeURIComponent(m[1]));
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
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
    return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
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

  return {
    ...fake,
    orders,
    captures,
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
