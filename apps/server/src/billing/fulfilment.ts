import { PAYMENT_MESSAGES, type PlanId, planOf } from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { once } from '../db/transactions.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { HostedOrders } from './hosted-orders.js';
import { queueReceiptIn } from './notices.js';
import { providerFor, type Providers } from './providers/registry.js';
import type { Flow, PaymentState, ProviderName } from './providers/types.js';
import {
  activateIn,
  findCheckout,
  findSubscriptionByRef,
  type CheckoutRow,
  type Replaced,
} from './repository.js';

export interface BillingLog {
  warn(obj: object, msg: string): void;
}

/** The provider charged exactly the plan's price, in US dollars (or did not say). */
export function amountMatches(row: CheckoutRow, state: PaymentState): boolean {
  return (
    (state.amountCents === null || state.amountCents === row.amount_cents) &&
    (state.currency === null || state.currency.toLowerCase() === row.currency)
  );
}

/**
 * Fulfilment: a payment becomes a plan only from the provider's own answer (re-fetched here, or a
 * verified webhook), never from a URL, and every path ends in the same single-winner activation.
 */
export class FulfilmentService {
  constructor(
    private readonly ctx: AppContext,
    private readonly providers: Providers,
    private readonly log?: BillingLog,
  ) {
    const paypal = providers.byName.paypal;
    this.hostedOrders = paypal ? new HostedOrders(ctx, paypal) : undefined;
  }

  /** Orders made by PayPal hosted buttons (only with PayPal configured). */
  readonly hostedOrders: HostedOrders | undefined;

  /**
   * Activates a paid checkout for a user, once; a provider subscription the purchase replaces
   * (a plan change) is told to stop renewing, so the buyer is never billed for two plans.
   */
  async activate(row: CheckoutRow, userId: string, state: PaymentState | null): Promise<boolean> {
    const replaced: Replaced[] = [];
    const done = await once(this.ctx.db, (trx) =>
      this.activateIn(trx, row, userId, state, nowIso(), replaced),
    );
    if (done) await this.stopReplaced(replaced);
    return done;
  }

  /** The activation inside a transaction the caller holds; the receipt is queued with it. */
  async activateIn(
    trx: AppContext['db'],
    row: CheckoutRow,
    userId: string,
    state: PaymentState | null,
    now: string,
    replaced: Replaced[],
  ): Promise<boolean> {
    const done = await activateIn(trx, row, userId, state, now, replaced);
    if (done) await queueReceiptIn(this.ctx.mail, trx, row, userId);
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

  /** POST /payment/handle-success and /payment/paypal/capture: re-fetch, then activate once. */
  async confirm(
    paymentId: string,
    user: UserRow,
    flow: Flow,
  ): Promise<{ success: boolean; plan_id: PlanId }> {
    let row = await findCheckout(this.ctx.db, paymentId);
    if (!row && flow === 'order') row = await this.hostedOrders?.adopt(paymentId, user);
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
    const provider = providerFor(this.providers, row.provider, row.flow);
    return complete ? provider.complete(row.id) : provider.fetch(row.id);
  }

  /** The provider must have charged exactly the plan's price, in US dollars. */
  checkAmount(row: CheckoutRow, state: PaymentState): void {
    if (!amountMatches(row, state)) {
      throw new DomainError(
        'PAYMENT_AMOUNT_MISMATCH',
        `The amount paid does not match the ${planOf(row.plan_id).name} plan`,
      );
    }
  }
}
