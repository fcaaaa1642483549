import { isPlanId, PLAN_IDS, paypalAllowedFor, type Plan, planOf } from '@tracery/contracts';
import { findUserByEmail, normaliseEmail, type UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import type { PaymentProvider, PaymentState } from './providers/types.js';
import { findCheckout, insertCheckout, newCheckoutRow, type CheckoutRow } from './repository.js';

/**
 * The plan a hosted-button order pays for, from what PayPal says was charged (and the item's SKU
 * when the button sets one): never from the client. Null when it matches no plan sold by PayPal.
 */
export function hostedPlanOf(state: PaymentState): Plan | null {
  if (state.currency !== 'usd' || state.amountCents === null) return null;
  const matches = PLAN_IDS.map((id) => planOf(id)).filter(
    (plan) =>
      plan.base !== 'free' && paypalAllowedFor(plan.id) && plan.priceCents === state.amountCents,
  );
  const sku = state.itemSku;
  const chosen = sku && isPlanId(sku) ? matches.filter((plan) => plan.id === sku) : matches;
  return chosen.length === 1 ? chosen[0] : null;
}

/**
 * The order is the account's when both sides vouch for the same address: PayPal for its payer
 * (a verified PayPal account) and we for the account (an address proved by a link or Google).
 */
function bindsTo(seen: PaymentState, user: UserRow): boolean {
  return (
    Boolean(seen.verifiedPayerEmail) &&
    Boolean(user.email_verified_at) &&
    normaliseEmail(seen.verifiedPayerEmail!) === user.email
  );
}

const noPlan = () =>
  new DomainError('PAYMENT_AMOUNT_MISMATCH', 'The amount paid does not match any plan');

/**
 * PayPal hosted buttons make their orders at PayPal, without us: such an order belongs to the
 * account it binds to (see bindsTo) and buys the plan its amount pays for. A row is written only
 * once both hold, so an order id guessed, stolen or sent with the wrong plan leaves nothing behind.
 */
export class HostedOrders {
  constructor(
    private readonly ctx: AppContext,
    private readonly paypal: PaymentProvider,
  ) {}

  /** The signed-in buyer came back from PayPal: records the order for them if it is theirs. */
  async adopt(orderId: string, user: UserRow): Promise<CheckoutRow | undefined> {
    const seen = await this.paypal.fetch(orderId);
    if (seen.status !== 'approved' && seen.status !== 'paid') return undefined;
    if (!bindsTo(seen, user)) return undefined;
    const plan = hostedPlanOf(seen);
    if (!plan) throw noPlan();
    await this.record(orderId, plan, seen, user);
    return findCheckout(this.ctx.db, orderId);
  }

  /**
   * A webhook about an order we have not seen: a hosted order for a plan is recorded for the
   * account of its verified payer email, or as a guest purchase (paid, claimed later) otherwise.
   */
  async reconcile(orderId: string): Promise<CheckoutRow | undefined> {
    const seen = await this.paypal.fetch(orderId);
    if (seen.status !== 'approved' && seen.status !== 'paid') return undefined;
    const plan = hostedPlanOf(seen);
    if (!plan) return undefined;
    const found = seen.verifiedPayerEmail
      ? await findUserByEmail(this.ctx.db, seen.verifiedPayerEmail)
      : undefined;
    const owner = found && bindsTo(seen, found) ? found : null;
    await this.record(orderId, plan, seen, owner);
    return findCheckout(this.ctx.db, orderId);
  }

  private async record(
    orderId: string,
    plan: Plan,
    seen: PaymentState,
    owner: UserRow | null,
  ): Promise<void> {
    await insertCheckout(
      this.ctx.db,
      newCheckoutRow({
        id: orderId,
        provider: 'paypal',
        flow: 'order',
        plan_id: plan.id,
        user_id: owner?.id ?? null,
        guest: owner ? 0 : 1,
        payer_email: (seen.verifiedPayerEmail ?? seen.payerEmail)?.toLowerCase() ?? null,
        amount_cents: plan.priceCents,
        created_at: nowIso(),
      }),
      true,
    );
  }
}
