import { paypalAllowedFor, type PaymentConfig, type PlanId } from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { paidPlan, type PaidPlan } from './paid-plan.js';
import { localActive, type Providers } from './providers/registry.js';
import type { Flow, PaymentProvider } from './providers/types.js';
import { insertCheckout, newCheckoutRow } from './repository.js';

/** Starting payments: a card checkout (signed in or guest) or a PayPal order, recorded as open. */
export class CheckoutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly providers: Providers,
  ) {}

  paymentConfig(): PaymentConfig {
    const b = this.ctx.config.billing;
    return {
      card_provider: this.providers.card.name === 'stripe' ? 'stripe' : 'local',
      paypal_provider: this.providers.orders.name === 'paypal' ? 'paypal' : 'local',
      test_mode: localActive(this.providers, 'checkout') || localActive(this.providers, 'order'),
      paypal: {
        client_id: b.paypalClientId ?? null,
        environment: b.paypalEnvironment,
        hosted_buttons: Object.fromEntries(
          Object.entries(b.paypalHostedButtons).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        ),
      },
    };
  }

  /** Starts a card checkout (signed in, or a guest who creates the account afterwards). */
  async startCheckout(input: {
    user: UserRow | null;
    planId: PlanId;
    successUrl: string;
    cancelUrl: string;
    baseUrl: string;
  }) {
    const plan = paidPlan(input.planId);
    const started = await this.start(this.providers.card, 'checkout', {
      ...input,
      plan,
      guest: input.user === null,
    });
    return { checkout_url: started.url, session_id: started.id };
  }

  async startOrder(input: {
    user: UserRow;
    planId: PlanId;
    returnUrl: string;
    cancelUrl: string;
    baseUrl: string;
  }) {
    const plan = paidPlan(input.planId);
    if (!paypalAllowedFor(plan.id)) {
      throw new DomainError(
        'PLAN_NOT_PURCHASABLE',
        'PayPal is available only for the basic, professional and business plans',
      );
    }
    const started = await this.start(this.providers.orders, 'order', {
      user: input.user,
      plan,
      successUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      baseUrl: input.baseUrl,
      guest: false,
    });
    return {
      order_id: started.id,
      status: started.status,
      approve_url: started.url,
      links: started.links,
      provider: this.providers.orders.name,
    };
  }

  private async start(
    provider: PaymentProvider,
    flow: Flow,
    input: {
      user: UserRow | null;
      plan: PaidPlan;
      successUrl: string;
      cancelUrl: string;
      baseUrl: string;
      guest: boolean;
    },
  ) {
    if (provider.name === 'local' && !localActive(this.providers, flow))
      throw new DomainError(
        'PAYMENT_NOT_CONFIGURED',
        'Payments are not available: no payment provider is configured',
      );
    const started = await provider.start({
      flow,
      plan: input.plan,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      userId: input.user?.id ?? null,
      email: input.user?.email ?? null,
      guest: input.guest,
      baseUrl: input.baseUrl,
    });
    await insertCheckout(
      this.ctx.db,
      newCheckoutRow({
        id: started.id,
        provider: provider.name,
        flow,
        plan_id: input.plan.id,
        user_id: input.user?.id ?? null,
        guest: input.guest ? 1 : 0,
        amount_cents: input.plan.priceCents,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      }),
    );
    return started;
  }
}
