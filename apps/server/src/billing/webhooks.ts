import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { paymentEvents } from '../metrics/registry.js';
import { nowIso } from '../time.js';
import { amountMatches, type FulfilmentService } from './fulfilment.js';
import type { ProviderName, WebhookAction } from './providers/types.js';
import {
  checkoutStatusOfSubscription,
  expireIn,
  findCheckout,
  findSubscriptionByRef,
  markPaidIn,
  recordEventIn,
  renewIn,
  setCancelAtPeriodEnd,
  type Replaced,
} from './repository.js';

/** Not ready yet (an event about a subscription we have not seen): the provider retries later. */
const retryLater = () =>
  new DomainError('PAYMENT_RETRY_LATER', 'The payment is not known yet; retry later');

/** Verified provider events, each applied once (its id is stored in the same transaction). */
export class WebhookService {
  constructor(
    private readonly ctx: AppContext,
    private readonly fulfilment: FulfilmentService,
  ) {}

  async applyEvent(
    providerName: ProviderName,
    event: { id: string; type: string; action: WebhookAction },
  ): Promise<{ duplicate: boolean }> {
    let action = event.action;
    if (action.kind === 'paid' || action.kind === 'approved') {
      // An order a PayPal hosted button made that the buyer never brought back to us.
      const known = await findCheckout(this.ctx.db, action.paymentId);
      if (!known && providerName === 'paypal')
        await this.fulfilment.hostedOrders?.reconcile(action.paymentId);
    }
    if (action.kind === 'approved') {
      // Approved but not captured (the buyer closed the tab): capture it ourselves.
      const row = await findCheckout(this.ctx.db, action.paymentId);
      if (!row) return { duplicate: false };
      const state = await this.fulfilment.askProvider(row, true);
      action =
        state.status === 'paid'
          ? { kind: 'paid', paymentId: action.paymentId, state }
          : { kind: 'ignored' };
    }
    const now = nowIso();
    const replaced: Replaced[] = [];
    const applied = await this.ctx.db.transaction().execute(async (trx) => {
      const recorded = await recordEventIn(
        trx,
        { id: event.id, provider: providerName, type: event.type },
        now,
      );
      if (!recorded) return false;
      await this.applyAction(trx, providerName, action, now, replaced);
      return true;
    });
    paymentEvents.inc({
      provider: providerName,
      action: action.kind,
      result: applied ? 'applied' : 'duplicate',
    });
    if (applied) await this.fulfilment.stopReplaced(replaced);
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
          await this.fulfilment.activateIn(trx, row, row.user_id, action.state, now, replaced);
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
        await setCancelAtPeriodEnd(trx, sub, action.cancelAtPeriodEnd, now);
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
    if ((await checkoutStatusOfSubscription(trx, subscriptionId)) === 'fulfilled') return;
    throw retryLater();
  }
}
