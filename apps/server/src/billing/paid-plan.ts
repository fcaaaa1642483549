import { isPlanId, type PlanId, planOf } from '@tracery/contracts';
import { DomainError } from '../errors.js';

/** The plan a payment is for: a known plan that costs something. */
export function paidPlan(planId: PlanId) {
  if (!isPlanId(planId))
    throw new DomainError('PLAN_NOT_PURCHASABLE', `Unknown plan ${String(planId)}`);
  const plan = planOf(planId);
  if (plan.base === 'free') {
    throw new DomainError('PLAN_NOT_PURCHASABLE', 'The free plan needs no payment');
  }
  return plan;
}

export type PaidPlan = ReturnType<typeof paidPlan>;
