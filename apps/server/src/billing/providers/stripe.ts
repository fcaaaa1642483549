import Stripe from 'stripe';
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

type StripeConfig = NonNullable<BillingConfig['stripe']>;

const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Stripe Checkout in subscription mode (card). Renewals arrive as invoice.paid webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly recurring = true;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      host: config.host,
      port: config.port,
      protocol: config.protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
    });
  }

  async start(input: StartInput): Promise<StartedPayment> {
    const { plan } = input;
    const metadata = {
      plan_id: plan.id,
      user_id: input.userId ?? '',
      guest: input.guest ? '1' : '0',
    };
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: plan.priceCents,
              recurring: { interval: plan.billing === 'annual' ? 'year' : 'month' },
              product_data: { name: `Tracery ${plan.name} (${plan.billing})` },
            },
          },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.userId ?? undefined,
        customer_email: input.email ?? undefined,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new ProviderError('Stripe returned no checkout URL');
      return { id: session.id, url: session.url, status: session.status ?? 'open', links: [] };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw new ProviderError(`Stripe checkout could not be created: ${(error as Error).message}`);
    }
  }

  async fetch(id: string): Promise<PaymentState> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(id);
    } catch (error) {
      throw new ProviderError(`Stripe session could not be read: ${(error as Error).message}`);
    }
    return sessionState(session);
  }

  complete(id: string): Promise<PaymentState> {
    return this.fetch(id);
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    } catch (error) {
      throw new ProviderError(
        `Stripe could not cancel the subscription: ${(error as Error).message}`,
      );
    }
  }

  async parseWebhook(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null> {
    const signature = headers['stripe-signature'];
    if (!this.config.webhookSecret || typeof signature !== 'string') return null;
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature, this.config.webhookSecret);
    } catch {
      return null;
    }
    return { id: event.id, type: event.type, action: stripeAction(event) };
  }
}

function sessionState(session: Stripe.Checkout.Session): PaymentState {
  const paid =
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  return {
    status: paid ? 'paid' : session.status === 'expired' ? 'cancelled' : 'open',
    amountCents: session.amount_total ?? null,
    currency: session.currency ?? null,
    payerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
  };
}

function stripeAction(event: Stripe.Event): WebhookAction {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const state = sessionState(session);
      return state.status === 'paid'
        ? { kind: 'paid', paymentId: session.id, state }
        : { kind: 'ignored' };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      // The first invoice is paid with the checkout; only later cycles are renewals.
      if (invoice.billing_reason !== 'subscription_cycle') return { kind: 'ignored' };
      const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
      const subscriptionId =
        idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
      const period = invoice.lines?.data?.[0]?.period ?? {
        start: invoice.period_start,
        end: invoice.period_end,
      };
      if (!subscriptionId) return { kind: 'ignored' };
      return {
        kind: 'renewed',
        subscriptionId,
        periodStart: iso(period.start),
        periodEnd: iso(period.end),
      };
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      return {
        kind: 'subscription_updated',
        subscriptionId: sub.id,
        cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      };
    }
    case 'customer.subscription.deleted':
      return { kind: 'subscription_ended', subscriptionId: event.data.object.id };
    default:
      return { kind: 'ignored' };
  }
}
