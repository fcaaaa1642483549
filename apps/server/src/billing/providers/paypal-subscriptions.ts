import type { Plan } from '@tracery/contracts';
import type { PaymentState, StartInput, StartedPayment, WebhookAction } from './types.js';
import { ProviderError } from './types.js';

/** A call to PayPal's REST API with the provider's OAuth token. */
export type PayPalApi = (
  method: string,
  path: string,
  body?: unknown,
  requestId?: string,
) => Promise<Response>;

interface Money {
  currency_code?: string;
  value?: string;
}
interface Link {
  rel: string;
  href: string;
  method?: string;
}
export interface PayPalSubscription {
  id: string;
  status?: string;
  subscriber?: { email_address?: string };
  billing_info?: {
    last_payment?: { amount?: Money; time?: string };
    next_billing_time?: string;
    cycle_executions?: { tenure_type?: string; cycles_completed?: number }[];
  };
  links?: Link[];
}

/** Subscription ids at PayPal start with `I-`; order ids never do. */
export const isSubscriptionId = (id: string) => id.startsWith('I-');

const PRODUCT_ID = 'TRACERY-VECTOR-PLANS';
const cents = (m?: Money) => (m?.value === undefined ? null : Math.round(Number(m.value) * 100));

/**
 * PayPal Subscriptions (v1/billing): each Tracery plan is a PayPal billing plan of one product,
 * found by name or created once (its name carries the price, so a price change makes a new plan);
 * a purchase is a subscription the buyer approves at PayPal, which then charges every month or
 * year by itself and tells us by webhook (renewal, suspension, cancellation, expiry).
 */
export class PayPalSubscriptions {
  private readonly planIds = new Map<string, Promise<string>>();

  constructor(private readonly api: PayPalApi) {}

  async start(input: StartInput): Promise<StartedPayment> {
    const res = await this.api('POST', '/v1/billing/subscriptions', {
      plan_id: await this.planFor(input.plan),
      custom_id: input.userId ?? undefined,
      application_context: {
        brand_name: 'Tracery',
        locale: 'en-US',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
    });
    if (!res.ok)
      throw new ProviderError(`PayPal subscription could not be created (${res.status})`);
    const sub = (await res.json()) as PayPalSubscription;
    const approve = sub.links?.find((l) => l.rel === 'approve');
    if (!approve) throw new ProviderError('PayPal returned no approval link');
    return {
      id: sub.id,
      url: approve.href,
      status: sub.status ?? 'APPROVAL_PENDING',
      links: sub.links ?? [],
    };
  }

  async get(id: string): Promise<PayPalSubscription | null> {
    const res = await this.api('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
    if (res.status === 404) return null;
    if (!res.ok) throw new ProviderError(`PayPal subscription could not be read (${res.status})`);
    return (await res.json()) as PayPalSubscription;
  }

  /** Stops the renewals; the period paid for stays (PayPal bills nothing more). */
  async cancel(id: string): Promise<void> {
    const res = await this.api(
      'POST',
      `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`,
      { reason: 'Cancelled by the subscriber' },
    );
    // 422: already cancelled or expired, which is what was asked.
    if (!res.ok && res.status !== 422)
      throw new ProviderError(`PayPal subscription could not be cancelled (${res.status})`);
  }

  /** What a subscription event means, or undefined for events of other kinds. */
  async webhookAction(
    eventType: string,
    resource: Record<string, unknown>,
  ): Promise<WebhookAction | undefined> {
    const id = typeof resource.id === 'string' ? resource.id : undefined;
    switch (eventType) {
      case 'BILLING.SUBSCRIPTION.ACTIVATED':
        return id
          ? {
              kind: 'paid',
              paymentId: id,
              state: subscriptionState(resource as unknown as PayPalSubscription),
            }
          : { kind: 'ignored' };
      case 'BILLING.SUBSCRIPTION.CANCELLED':
      case 'BILLING.SUBSCRIPTION.SUSPENDED':
        // No more charges: the period paid for runs out, then the plan ends (the sweep).
        return id
          ? { kind: 'subscription_updated', subscriptionId: id, cancelAtPeriodEnd: true }
          : { kind: 'ignored' };
      case 'BILLING.SUBSCRIPTION.RE-ACTIVATED':
        return id
          ? { kind: 'subscription_updated', subscriptionId: id, cancelAtPeriodEnd: false }
          : { kind: 'ignored' };
      case 'BILLING.SUBSCRIPTION.EXPIRED':
        return id ? { kind: 'subscription_ended', subscriptionId: id } : { kind: 'ignored' };
      case 'PAYMENT.SALE.COMPLETED':
        return this.renewal(resource);
      default:
        return undefined;
    }
  }

  /**
   * A completed sale of a subscription is a renewal from its second cycle on (the first paid
   * the period the activation started). The period comes from PayPal's own subscription record.
   */
  private async renewal(sale: Record<string, unknown>): Promise<WebhookAction> {
    const subscriptionId = sale.billing_agreement_id;
    if (typeof subscriptionId !== 'string' || sale.state !== 'completed')
      return { kind: 'ignored' };
    const sub = await this.get(subscriptionId);
    const info = sub?.billing_info;
    const cycles = info?.cycle_executions?.find((c) => c.tenure_type === 'REGULAR');
    const start = info?.last_payment?.time;
    const end = info?.next_billing_time;
    if (!cycles || (cycles.cycles_completed ?? 0) < 2 || !start || !end) return { kind: 'ignored' };
    return { kind: 'renewed', subscriptionId, periodStart: start, periodEnd: end };
  }

  private planFor(plan: Plan): Promise<string> {
    const price = (plan.priceCents / 100).toFixed(2);
    const name = `Tracery ${plan.name} ${plan.billing === 'annual' ? 'annual' : 'monthly'} ${price} USD`;
    let id = this.planIds.get(name);
    if (!id) {
      id = this.findOrCreatePlan(name, plan, price);
      // A failure is not remembered: the next purchase tries again.
      id.catch(() => this.planIds.delete(name));
      this.planIds.set(name, id);
    }
    return id;
  }

  private async findOrCreatePlan(name: string, plan: Plan, price: string): Promise<string> {
    await this.ensureProduct();
    const list = await this.api(
      'GET',
      `/v1/billing/plans?product_id=${PRODUCT_ID}&page_size=20&total_required=true`,
    );
    if (!list.ok) throw new ProviderError(`PayPal plans could not be listed (${list.status})`);
    const { plans = [] } = (await list.json()) as {
      plans?: { id: string; name?: string; status?: string }[];
    };
    const found = plans.find((p) => p.name === name && p.status === 'ACTIVE');
    if (found) return found.id;
    const res = await this.api(
      'POST',
      '/v1/billing/plans',
      {
        product_id: PRODUCT_ID,
        name,
        status: 'ACTIVE',
        billing_cycles: [
          {
            frequency: {
              interval_unit: plan.billing === 'annual' ? 'YEAR' : 'MONTH',
              interval_count: 1,
            },
            tenure_type: 'REGULAR',
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value: price, currency_code: 'USD' } },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 1 },
      },
      // Two processes creating the same plan at once get one plan.
      `tracery-plan-${name.replace(/\W+/g, '-')}`,
    );
    if (!res.ok) throw new ProviderError(`PayPal plan could not be created (${res.status})`);
    return ((await res.json()) as { id: string }).id;
  }

  private async ensureProduct(): Promise<void> {
    const found = await this.api('GET', `/v1/catalogs/products/${PRODUCT_ID}`);
    if (found.ok) return;
    const res = await this.api(
      'POST',
      '/v1/catalogs/products',
      { id: PRODUCT_ID, name: 'Tracery plans', type: 'SERVICE', category: 'SOFTWARE' },
      `tracery-product-${PRODUCT_ID}`,
    );
    if (!res.ok) throw new ProviderError(`PayPal product could not be created (${res.status})`);
  }
}

export function subscriptionState(sub: PayPalSubscription): PaymentState {
  const status: PaymentState['status'] =
    sub.status === 'ACTIVE'
      ? 'paid'
      : sub.status === 'APPROVED'
        ? 'approved'
        : sub.status === 'CANCELLED' || sub.status === 'EXPIRED'
          ? 'cancelled'
          : 'open';
  const amount = sub.billing_info?.last_payment?.amount;
  return {
    status,
    amountCents: cents(amount),
    currency: amount?.currency_code?.toLowerCase() ?? null,
    payerEmail: sub.subscriber?.email_address ?? null,
    subscriptionId: sub.id,
    customerId: null,
  };
}
