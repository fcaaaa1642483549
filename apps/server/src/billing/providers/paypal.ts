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
 * PayPal Orders v2 over its REST API (create, get, capture; webhook signatures are checked by
 * PayPal's verify-webhook-signature call). The base URL is configurable, so tests run it against
 * a local fake. A PayPal payment buys one period; it does not renew by itself.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly recurring = false;
  private token: { value: string; expires: number } | undefined;

  constructor(private readonly config: PayPalConfig) {}

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

  async start(input: StartInput): Promise<StartedPayment> {
    const { plan } = input;
    const res = await this.api('POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: plan.id,
          custom_id: input.userId ?? undefined,
          description: `Tracery ${plan.name} (${plan.billing})`,
          amount: { currency_code: 'USD', value: (plan.priceCents / 100).toFixed(2) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: 'Tracery',
            locale: 'en-US',
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
            return_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
        },
      },
    });
    if (!res.ok) throw new ProviderError(`PayPal order could not be created (${res.status})`);
    const order = (await res.json()) as Order;
    const links = order.links ?? [];
    const approve = links.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (!approve) throw new ProviderError('PayPal returned no approval link');
    return { id: order.id, url: approve.href, status: order.status ?? 'CREATED', links };
  }

  async fetch(id: string): Promise<PaymentState> {
    const res = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (res.status === 404) return emptyState('cancelled');
    if (!res.ok) throw new ProviderError(`PayPal order could not be read (${res.status})`);
    return orderState((await res.json()) as Order);
  }

  async complete(id: string): Promise<PaymentState> {
    const current = await this.fetch(id);
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

  async cancelAtPeriodEnd(): Promise<void> {
    // One-time orders: nothing renews at PayPal.
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
    return { id: event.id, type: event.event_type, action: paypalAction(event) };
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
