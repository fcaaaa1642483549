import { DomainError } from '../../errors.js';
import type { Plan } from '@tracery/contracts';

/**
 * One interface for every payment provider (DESIGN.md §5): Stripe Checkout, PayPal (Subscriptions,
 * and Orders v2 for hosted buttons) and the built-in `local` test provider. The service never trusts the browser: it asks the
 * provider (`fetch`, `complete`) or accepts a webhook the provider verified (`parseWebhook`).
 */
export type ProviderName = 'stripe' | 'paypal' | 'local';
export type Flow = 'checkout' | 'order';

export interface StartInput {
  flow: Flow;
  plan: Plan;
  /** Where the buyer goes after approving; `{CHECKOUT_SESSION_ID}` is replaced by the id. */
  successUrl: string;
  cancelUrl: string;
  userId: string | null;
  email: string | null;
  guest: boolean;
  /** Public origin of this server, for providers that serve their own pages. */
  baseUrl: string;
}

export interface StartedPayment {
  id: string;
  url: string;
  status: string;
  links: { rel: string; href: string; method?: string }[];
}

export interface PaymentState {
  status: 'open' | 'approved' | 'paid' | 'cancelled';
  amountCents: number | null;
  currency: string | null;
  payerEmail: string | null;
  /** The payer's email as the provider vouches for it (a verified PayPal account), if it does. */
  verifiedPayerEmail?: string | null;
  /** The item's SKU, when the provider's order lists one (PayPal hosted buttons). */
  itemSku?: string | null;
  subscriptionId: string | null;
  customerId: string | null;
}

export type WebhookAction =
  | { kind: 'paid'; paymentId: string; state: PaymentState }
  /** Approved by the buyer but not captured yet: the server completes it itself. */
  | { kind: 'approved'; paymentId: string }
  | { kind: 'renewed'; subscriptionId: string; periodStart: string; periodEnd: string }
  | { kind: 'subscription_updated'; subscriptionId: string; cancelAtPeriodEnd: boolean }
  | { kind: 'subscription_ended'; subscriptionId: string }
  | { kind: 'ignored' };

export interface WebhookEvent {
  id: string;
  type: string;
  action: WebhookAction;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Whether a paid period renews by itself (a provider-side subscription). */
  readonly recurring: boolean;
  start(input: StartInput): Promise<StartedPayment>;
  /** The provider's own view of a payment, fetched server-side. */
  fetch(id: string): Promise<PaymentState>;
  /** Finishes an approved payment that needs a server step (PayPal capture); idempotent. */
  complete(id: string): Promise<PaymentState>;
  /** Stops renewal at the end of the paid period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** A verified webhook event, or null when the signature does not verify. */
  parseWebhook?(
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent | null>;
}

/** The provider answered with an error; its message is safe to show. */
export class ProviderError extends DomainError {
  constructor(message: string) {
    super('PAYMENT_PROVIDER_ERROR', message);
  }
}
