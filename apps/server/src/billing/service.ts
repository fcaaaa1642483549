import type { AppContext } from '../context.js';
import { CheckoutService } from './checkout.js';
import { FulfilmentService, type BillingLog } from './fulfilment.js';
import { buildProviders, localActive, type Providers } from './providers/registry.js';
import { SubscriptionService } from './subscriptions.js';
import { WebhookService } from './webhooks.js';

/**
 * Payments, one service per flow: starting them (checkout), turning a confirmed payment into a
 * plan (fulfilment), provider events (webhooks) and the plan a user has (subscriptions).
 */
export interface Billing {
  providers: Providers;
  /** The local test provider only works while it stands in for a missing real provider. */
  localActive(flow: string): boolean;
  checkout: CheckoutService;
  fulfilment: FulfilmentService;
  webhooks: WebhookService;
  subscriptions: SubscriptionService;
}

export function createBilling(ctx: AppContext, log?: BillingLog): Billing {
  const providers = ctx.billingProviders ?? buildProviders(ctx);
  const fulfilment = new FulfilmentService(ctx, providers, log);
  return {
    providers,
    localActive: (flow) => localActive(providers, flow),
    checkout: new CheckoutService(ctx, providers),
    fulfilment,
    webhooks: new WebhookService(ctx, fulfilment),
    subscriptions: new SubscriptionService(ctx, providers),
  };
}
