import type { BillingConfig } from '../../config.js';
import type {
  PaymentProvider,
  PaymentState,
  StartInput,
  StartedPayment,
  WebhookAction,
  WebhookEvent,
} from './types.js';
import { ProviderError } from './types.js';
import {
  isSubscriptionId,
  PayPalSubscriptions,
  subscriptionState,
} from './paypal-subscriptions.js';

type PayPalConfig = NonNullable<BillingConfig['paypal']>;

interface Money {
  currency_code?: string;
  value?: string;
}
interface Capture {
  id?: string;
  status?: string;
  amount?: Money;
}
interface Order {
  id: string;
  status?: string;
  links?: { rel: string; href: string; method?: string }[];
  payer?: { email_address?: string };
  payment_source?: { paypal?: { email_address?: string; account_status?: string } };
  purchase_units?: {
    amount?: Money;
    items?: { sku?: string }[];
    payments?: { captures?: Capture[] };
  }[];
}

const cents = (m?: Money) => (m?.value === undefined ? null : Math.round(Number(m.value) * 100));

/**
 * PayPal over its REST API; webhook signatures are checked by PayPal's verify-webhook-signature
 * call. A purchase made here is a PayPal subscription (paypal-subscriptions.ts) that renews every
 * month or year; orders of PayPal's hosted buttons (Orders v2: get, capture) buy one period.
 * The base URL is configurable, so tests run it against a local fake.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly recurring = true;
  private token: { value: string; expires: number } | undefined;
  private readonly subscriptions: PayPalSubscriptions;

  constructor(private readonly config: PayPalConfig) {
    this.subscriptions = new PayPalSubscriptions((method, path, body, requestId) =>
      this.api(method, path, body, requestId),
    );
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString(
      'base64',
    );
    const res = await this.http('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new ProviderError(`PayPal authentication failed (${res.status})`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    this.token = {
      value: body.access_token,
      expires: Date.now() + Math.max(60, (body.expires_in ?? 300) - 60) * 1000,
    };
    return body.access_token;
  }

  private async http(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.config.apiBase}${path}`, {
        ...init,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new ProviderError(`PayPal could not be reached: ${(error as Error).message}`);
    }
  }

  private async api(
    method: string,
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<Response> {
    const token = await this.accessToken();
    return this.http(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  start(input: StartInput): Promise<StartedPayment> {
    return this.subscriptions.start(input);
  }

  async fetch(id: string): Promise<PaymentState> {
    if (isSubscriptionId(id)) {
      const sub = await this.subscriptions.get(id);
      return sub ? subscriptionState(sub) : emptyState('cancelled');
    }
    const res = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (res.status === 404) return emptyState('cancelled');
    if (!res.ok) throw new ProviderError(`PayPal order could not be read (${res.status})`);
    return orderState((await res.json()) as Order);
  }

  async complete(id: string): Promise<PaymentState> {
    // An approved subscription is activated and charged by PayPal itself.
    const current = await this.fetch(id);
    if (isSubscriptionId(id)) return current;
    if (current.status !== 'approved') return current;
    const res = await this.api(
      'POST',
      `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      {},
      `capture-${id}`,
    );
    // Already captured (a second tab, a webhook): the order itself says how it ended.
    if (res.status === 422) return this.fetch(id);
    if (!res.ok) throw new ProviderError(`PayPal capture failed (${res.status})`);
    return orderState((await res.json()) as Order);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    await this.subscriptions.cancel(subscriptionId);
  }

  async parseWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null> {
    if (!this.config.webhookId) return null;
    const h = (name: string) => {
      const v = headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
    try {
      event = JSON.parse(raw.toString('utf8')) as typeof event;
    } catch {
      return null;
    }
    const res = await this.api('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: this.config.webhookId,
      webhook_event: event,
    });
    if (!res.ok) throw new ProviderError(`PayPal could not verify the webhook (${res.status})`);
    const verdict = (await res.json()) as { verification_status?: string };
    if (verdict.verification_status !== 'SUCCESS' || !event.id || !event.event_type) return null;
    const action =
      (await this.subscriptions.webhookAction(event.event_type, event.resource ?? {})) ??
      paypalAction(event);
    return { id: event.id, type: event.event_type, action };
  }
}

function emptyState(status: PaymentState['status']): PaymentState {
  return {
    status,
    amountCents: null,
    currency: null,
    payerEmail: null,
    subscriptionId: null,
    customerId: null,
  };
}

function orderState(order: Order): PaymentState {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const paid = order.status === 'COMPLETED' && capture?.status === 'COMPLETED';
  const status: PaymentState['status'] = paid
    ? 'paid'
    : order.status === 'APPROVED'
      ? 'approved'
      : order.status === 'VOIDED'
        ? 'cancelled'
        : 'open';
  const money = capture?.amount ?? order.purchase_units?.[0]?.amount;
  const wallet = order.payment_source?.paypal;
  return {
    status,
    amountCents: cents(money),
    currency: money?.currency_code?.toLowerCase() ?? null,
    payerEmail: order.payer?.email_address ?? null,
    // PayPal vouches for the email of a verified PayPal account only (a card payer types any).
    verifiedPayerEmail:
      wallet?.account_status === 'VERIFIED' ? (wallet.email_address ?? null) : null,
    itemSku: order.purchase_units?.[0]?.items?.[0]?.sku ?? null,
    subscriptionId: null,
    customerId: null,
  };
}

function paypalAction(event: {
  event_type?: string;
  resource?: Record<string, unknown>;
}): WebhookAction {
  const resource = event.resource ?? {};
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return typeof resource.id === 'string'
        ? { kind: 'approved', paymentId: resource.id }
        : { kind: 'ignored' };
    case 'CHECKOUT.ORDER.COMPLETED':
      return typeof resource.id === 'string'
        ? { kind: 'paid', paymentId: resource.id, state: orderState(resource as unknown as Order) }
        : { kind: 'ignored' };
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const capture = resource as Capture & {
        supplementary_data?: { related_ids?: { order_id?: string } };
      };
      const orderId = capture.supplementary_data?.related_ids?.order_id;
      if (!orderId || capture.status !== 'COMPLETED') return { kind: 'ignored' };
      return {
        kind: 'paid',
        paymentId: orderId,
        state: {
          ...emptyState('paid'),
          amountCents: cents(capture.amount),
          currency: capture.amount?.currency_code?.toLowerCase() ?? null,
        },
      };
    }
    default:
      return { kind: 'ignored' };
  }
}
