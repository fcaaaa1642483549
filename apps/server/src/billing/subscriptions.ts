import { isPlanId, type SubscriptionResponse, planOf } from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { providerFor, type Providers } from './providers/registry.js';
import { queueSubscriptionNoticeIn } from './notices.js';
import { findSubscription, setCancelAtPeriodEnd, toApiSubscription } from './repository.js';

/** The subscription a user has, and cancelling it at the end of the paid period. */
export class SubscriptionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly providers: Providers,
  ) {}

  async subscription(user: UserRow): Promise<SubscriptionResponse> {
    const sub = await findSubscription(this.ctx.db, user.id);
    const planId = isPlanId(user.plan_id) ? user.plan_id : 'free';
    return {
      plan_id: planId,
      ads: planOf(planId).ads,
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
        await providerFor(this.providers, sub.provider).cancelAtPeriodEnd(
          sub.provider_subscription_id,
        );
      }
      await this.ctx.db.transaction().execute(async (trx) => {
        await setCancelAtPeriodEnd(trx, sub, true, nowIso(), true);
        await queueSubscriptionNoticeIn(this.ctx.mail, trx, 'cancelled', sub);
      });
    }
    return this.subscription(user);
  }
}
