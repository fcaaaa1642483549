import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { DomainError } from '../../errors.js';
import { LocalProvider } from './local.js';
import { PayPalProvider } from './paypal.js';
import { StripeProvider } from './stripe.js';
import type { PaymentProvider, ProviderName } from './types.js';

export interface Providers {
  card: PaymentProvider;
  orders: PaymentProvider;
  byName: Partial<Record<ProviderName, PaymentProvider>>;
  /** May the local provider stand in (never silently in production: ALLOW_TEST_PAYMENTS). */
  testPayments: boolean;
}

/** The configured providers; the local test provider stands in for each one that is missing. */
export function buildProviders(ctx: { config: Pick<Config, 'billing'>; db: Db }): Providers {
  const local = new LocalProvider(ctx.db);
  const stripe = ctx.config.billing.stripe
    ? new StripeProvider(ctx.config.billing.stripe)
    : undefined;
  const paypal = ctx.config.billing.paypal
    ? new PayPalProvider(ctx.config.billing.paypal)
    : undefined;
  return {
    card: stripe ?? local,
    orders: paypal ?? local,
    byName: { local, stripe, paypal },
    testPayments: ctx.config.billing.testPayments,
  };
}

/**
 * The local test provider only works while it stands in for a missing real provider, and in
 * production only with ALLOW_TEST_PAYMENTS=1.
 */
export function localActive(providers: Providers, flow: string): boolean {
  if (!providers.testPayments) return false;
  return (flow === 'order' ? providers.orders : providers.card).name === 'local';
}

/** The provider a stored payment or subscription belongs to. */
export function providerFor(providers: Providers, name: string, flow?: string): PaymentProvider {
  if (name === 'local' && flow !== undefined && !localActive(providers, flow))
    throw new DomainError(
      'PAYMENT_NOT_CONFIGURED',
      'Test payments are disabled: a payment provider is configured',
    );
  const p = providers.byName[name as ProviderName];
  if (!p)
    throw new DomainError(
      'PAYMENT_NOT_CONFIGURED',
      `The payment provider ${name} is not configured`,
    );
  return p;
}
