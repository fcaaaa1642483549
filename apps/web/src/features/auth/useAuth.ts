import { useContext } from 'react';
import { isPlanId, type Plan, type User, planOf } from '@tracery/contracts';
import { AuthContext, type AuthState } from './AuthContext';

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}

export function isAdmin(user: User | null): boolean {
  return !!user && (user.role === 'admin' || user.is_admin);
}

/** The plan whose limits apply: a visitor converts (after signing in) on the free plan. */
export function userPlan(user: User | null): Plan {
  return planOf(user?.plan_id);
}

/** Free accounts and anonymous visitors see ads and the upgrade card. */
export function isFreeTier(user: User | null): boolean {
  if (!user) return true;
  const plan = isPlanId(user.plan_id) ? planOf(user.plan_id) : undefined;
  return plan ? plan.ads : user.subscription_tier.toLowerCase() === 'free';
}
