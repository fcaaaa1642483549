import {
  PAYMENT_MESSAGES,
  PLANS,
  isPlanId,
  paypalAllowedFor,
  type PaymentConfig,
  type PlanId,
  type SubscriptionResponse,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { LocalProvider } from './providers/local.js';
import { PayPalProvider } from './providers/paypal.js';
import { StripeProvider } from './providers/stripe.js';
import type {
  Flow,
  PaymentProvider,
  PaymentState,
  ProviderName,
  WebhookAction,
} from './providers/types.js';
import {
  activateIn,
  expireIn,
  findCheckout,
  findSubscription,
  findSubscriptionByRef,
  markPaidIn,
  renewIn,
  toApiSubscription,
  type CheckoutRow,
  type Replaced,
} from './repository.js';
import { once } from './sweep.js';

/** Not ready yet (an event about a subscription we have not seen): the provider retries later. */
const retryLater = () =>
  new DomainError('PAYMENT_RETRY_LATER', 'The payment is not known yet; retry later');

export interface Providers {
  card: PaymentProvider;
  orders: PaymentProvider;
  byName: Partial<Record<ProviderName, PaymentProvider>>;
}

export function buildProviders(ctx: Pick<AppContext, 'config' | 'db'>): Providers {
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
  };
}

/**
 * Payments: starting them, confirming them server-side, applying verified webhooks, and the
 * subscription a user has. Fulfilment happens only from a provider's own answer (re-fetch or a
 * verified webhook), never from a URL, and every path ends in the same single-winner activation.
 */
export class BillingService {
  readonly providers: Providers;

  constructor(
    private readonly ctx: AppContext,
    private readonly log?: { warn(obj: object, msg: string): void },
  ) {
    this.providers = ctx.billingProviders ?? buildProviders(ctx);
  }

  /**
   * Activates a paid checkout for a user, once; a provider subscription the purchase replaces
   * (a plan change) is told to stop renewing, so the buyer is never billed for two plans.
   */
  async activate(row: CheckoutRow, userId: string, state: PaymentState | null): Promise<boolean> {
    const replaced: Replaced[] = [];
    const done = await once(this.ctx.db, (trx) =>
      activateIn(trx, row, userId, state, nowIso(), replaced),
    );
    if (done) await this.stopReplaced(replaced);
    return done;
  }

  async stopReplaced(replaced: Replaced[]): Promise<void> {
    for (const r of replaced) {
      // Only if no subscription of ours still stands on it (the activation committed).
      if (await findSubscriptionByRef(this.ctx.db, r.subscriptionId)) continue;
      const provider = this.providers.byName[r.provider as ProviderName];
      try {
        await provider?.cancelAtPeriodEnd(r.subscriptionId);
      } catch (error) {
        this.log?.warn(
          { err: error, subscription: r.subscriptionId },
          'could not stop a replaced subscription; cancel it with the provider',
        );
      }
    }
  }

  paymentConfig(): PaymentConfig {
    const b = this.ctx.config.billing;
    return {
      card_provider: this.providers.card.name === 'stripe' ? 'stripe' : 'local',
      paypal_provider: this.providers.orders.name === 'paypal' ? 'paypal' : 'local',
      test_mode: this.providers.card.name === 'local' || this.providers.orders.name === 'local',
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

  /** The local test provider only works while it stands in for a missing real provider. */
  localActive(flow: string): boolean {
    return (flow === 'order' ? this.providers.orders : this.providers.card).name === 'local';
  }

  private provider(name: string, flow?: string): PaymentProvider {
    if (name === 'local' && flow !== undefined && !this.localActive(flow))
      throw new DomainError(
        'PAYMENT_NOT_CONFIGURED',
        'Test payments are disabled: a payment provider is configured',
      );
    const p = this.providers.byName[name as ProviderName];
    if (!p)
      throw new DomainError(
        'PAYMENT_NOT_CONFIGURED',
        `The payment provider ${name} is not configured`,
      );
    return p;
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
      plan: (typeof PLANS)[PlanId];
      successUrl: string;
      cancelUrl: string;
      baseUrl: string;
      guest: boolean;
    },
  ) {
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
    await this.ctx.db
      .insertInto('checkout_sessions')
      .values({
        id: started.id,
        provider: provider.name,
        flow,
        plan_id: input.plan.id,
        user_id: input.user?.id ?? null,
        guest: input.guest ? 1 : 0,
        status: 'open',
        provider_status: 'open',
        payer_email: null,
        amount_cents: input.plan.priceCents,
        currency: 'usd',
        provider_subscription_id: null,
        provider_customer_id: null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        created_at: nowIso(),
        paid_at: null,
        fulfilled_at: null,
      })
      .execute();
    return started;
  }

  /** POST /payment/handle-success and /payment/paypal/capture: re-fetch, then activate once. */
  async confirm(
    paymentId: string,
    user: UserRow,
    flow: Flow,
    hostedPlan?: PlanId,
  ): Promise<{ success: boolean; plan_id: PlanId }> {
    let row = await findCheckout(this.ctx.db, paymentId);
    if (!row && flow === 'order' && hostedPlan && this.providers.byName.paypal) {
      row = await this.adoptHostedOrder(paymentId, user, hostedPlan);
    }
    if (!row || row.flow !== flow || row.guest === 1 || row.user_id !== user.id) {
      throw new DomainError('NOT_FOUND', PAYMENT_MESSAGES.invalidSession);
    }
    const planId = row.plan_id as PlanId;
    if (row.status === 'fulfilled') return { success: true, plan_id: planId };
    if (row.status === 'cancelled')
      throw new DomainError('PAYMENT_CANCELLED', 'This payment was cancelled');
    const state = await this.askProvider(row, flow === 'order');
    if (state.status !== 'paid') {
      throw new DomainError(
        'PAYMENT_INCOMPLETE',
        flow === 'order'
          ? `${PAYMENT_MESSAGES.captureFailed}: the order has not been approved`
          : 'The payment for this session has not been completed',
      );
    }
    this.checkAmount(row, state);
    await this.activate(row, user.id, state);
    const after = await findCheckout(this.ctx.db, paymentId);
    if (after?.status !== 'fulfilled' || after.user_id !== user.id) {
      throw new DomainError('CONFLICT', PAYMENT_MESSAGES.activationFailed);
    }
    return { success: true, plan_id: planId };
  }

  /** The provider's answer for a payment (a ProviderError is shown to the client). */
  async askProvider(row: CheckoutRow, complete: boolean): Promise<PaymentState> {
    const provider = this.provider(row.provider, row.flow);
    return complete ? provider.complete(row.id) : provider.fetch(row.id);
  }

  /** The provider must have charged exactly the plan's price, in US dollars. */
  checkAmount(row: CheckoutRow, state: PaymentState): void {
    if (!amountMatches(row, state)) {
      throw new DomainError(
        'PAYMENT_AMOUNT_MISMATCH',
        `The amount paid does not match the ${PLANS[row.plan_id as PlanId]?.name ?? row.plan_id} plan`,
      );
    }
  }

  /** A hosted PayPal button made the order at PayPal: record it for this user if it is paid. */
  private async adoptHostedOrder(
    orderId: string,
    user: UserRow,
    planId: PlanId,
  ): Promise<CheckoutRow | undefined> {
    const plan = paidPlan(planId);
    if (!paypalAllowedFor(plan.id)) return undefined;
    const paypal = this.providers.byName.paypal!;
    const state = await paypal.complete(orderId);
    if (state.status !== 'paid') return undefined;
    await this.ctx.db
      .insertInto('checkout_sessions')
      .values({
        id: orderId,
        provider: 'paypal',
        flow: 'order',
        plan_id: plan.id,
        user_id: user.id,
        guest: 0,
        status: 'open',
        provider_status: 'paid',
        payer_email: state.payerEmail,
        amount_cents: plan.priceCents,
        currency: 'usd',
        provider_subscription_id: null,
        provider_customer_id: null,
        success_url: '',
        cancel_url: '',
        created_at: nowIso(),
        paid_at: nowIso(),
        fulfilled_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return findCheckout(this.ctx.db, orderId);
  }

  /** A verified provider event, applied once (its id is stored in the same transaction). */
  async applyEvent(
    providerName: ProviderName,
    event: { id: string; type: string; action: WebhookAction },
  ): Promise<{ duplicate: boolean }> {
    let action = event.action;
    if (action.kind === 'approved') {
      // Approved but not captured (the buyer closed the tab): capture it ourselves.
      const row = await findCheckout(this.ctx.db, action.paymentId);
      if (!row) return { duplicate: false };
      const state = await this.askProvider(row, true);
      action =
        state.status === 'paid'
          ? { kind: 'paid', paymentId: action.paymentId, state }
          : { kind: 'ignored' };
    }
    const now = nowIso();
    const replaced: Replaced[] = [];
    const applied = await this.ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('billing_events')
        .values({
          id: `${providerName}:${event.id}`,
          provider: providerName,
          event_type: event.type,
          received_at: now,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await this.applyAction(trx, providerName, action, now, replaced);
      return true;
    });
    if (applied) await this.stopReplaced(replaced);
    return { duplicate: !applied };
  }

  private async applyAction(
    trx: AppContext['db'],
    providerName: ProviderName,
    action: WebhookAction,
    now: string,
    replaced: Replaced[],
  ): Promise<void> {
    switch (action.kind) {
      case 'paid': {
        const row = await findCheckout(trx, action.paymentId);
        if (!row || row.provider !== providerName) return; // not one of ours
        if (!amountMatches(row, action.state)) return; // recorded, never fulfilled
        if (row.user_id && row.guest === 0)
          await activateIn(trx, row, row.user_id, action.state, now, replaced);
        else await markPaidIn(trx, row, action.state, now);
        return;
      }
      case 'renewed': {
        const sub = await findSubscriptionByRef(trx, action.subscriptionId);
        if (!sub) return this.unknownSubscription(trx, action.subscriptionId);
        await renewIn(trx, sub, action.periodStart, action.periodEnd, now);
        return;
      }
      case 'subscription_updated': {
        const sub = await findSubscriptionByRef(trx, action.subscriptionId);
        if (!sub) return this.unknownSubscription(trx, action.subscriptionId);
        await trx
          .updateTable('subscriptions')
          .set({ cancel_at_period_end: action.cancelAtPeriodEnd ? 1 : 0, updated_at: now })
          .where('id', '=', sub.id)
          .execute();
        return;
      }
      case 'subscription_ended': {
        const sub = await findSubscriptionByRef(trx, action.subscriptionId);
        if (sub) await expireIn(trx, sub, now);
        return;
      }
      default:
        return;
    }
  }

  /**
   * An event about a subscription no user has (now): one replaced by a later purchase is
   * ignored; one whose checkout is not fulfilled yet (events out of order, a guest who has not
   * named the account) is refused so the provider delivers it again later.
   */
  private async unknownSubscription(trx: AppContext['db'], subscriptionId: string): Promise<void> {
    const origin = await trx
      .selectFrom('checkout_sessions')
      .select('status')
      .where('provider_subscription_id', '=', subscriptionId)
      .executeTakeFirst();
    if (origin?.status === 'fulfilled') return;
    throw retryLater();
  }

  async subscription(user: UserRow): Promise<SubscriptionResponse> {
    const sub = await findSubscription(this.ctx.db, user.id);
    const planId = isPlanId(user.plan_id) ? user.plan_id : 'free';
    return {
      plan_id: planId,
      ads: PLANS[planId].ads,
      subscription: sub ? toApiSubscription(sub) : null,
    };
  }

  /** Cancellation at period end: the plan stays until then; the sweep downgrades afterwards. */
  async cancel(user: UserRow): Promise<SubscriptionResponse> {
    const sub = await findSubscription(this.ctx.db, user.id);
    if (!sub || sub.status !== 'active')
      throw new DomainError('NOT_FOUND', 'You have no active subscription');
    if (sub.cancel_at_period_end === 0) {
      if (sub.provider_subscription_id) {
        await this.provider(sub.provider).cancelAtPeriodEnd(sub.provider_subscription_id);
      }
      await this.ctx.db
        .updateTable('subscriptions')
        .set({ cancel_at_period_end: 1, updated_at: nowIso() })
        .where('id', '=', sub.id)
        .where('status', '=', 'active')
        .execute();
    }
    return this.subscription(user);
  }
}

function amountMatches(row: CheckoutRow, state: PaymentState): boolean {
  return (
    (state.amountCents === null || state.amountCents === row.amount_cents) &&
    (state.currency === null || state.currency.toLowerCase() === row.currency)
  );
}

function paidPlan(planId: PlanId) {
  if (!isPlanId(planId))
    throw new DomainError('PLAN_NOT_PURCHASABLE', `Unknown plan ${String(planId)}`);
  const plan = PLANS[planId];
  if (plan.base === 'free') {
    throw new DomainError('PLAN_NOT_PURCHASABLE', 'The free plan needs no payment');
  }
  return plan;
}
