import { useState } from 'react';
import { type BasePlanId, type PlanId, planOf } from '@tracery/contracts';
import { useAuth } from '../auth/useAuth';
import { useSignInThen } from '../auth/useSignInThen';
import { PlanCard, type PaymentMethod } from './PlanCard';
import { Segmented } from '../../components/Segmented';

interface Props {
  /** Plan to highlight (e.g. from /pricing/pro). */
  highlight?: BasePlanId;
  /** Guests may pay first and create the account afterwards (default on). */
  allowGuest?: boolean;
  onFreePlan(): void;
}

const BASES: BasePlanId[] = ['free', 'basic', 'professional', 'business'];

export function PlanSelector({ highlight = 'professional', allowGuest = true, onFreePlan }: Props) {
  const { user } = useAuth();
  const signInThen = useSignInThen();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [annual, setAnnual] = useState(false);

  const planFor = (base: BasePlanId): PlanId =>
    annual && base !== 'free' ? (`${base}_annual` as PlanId) : base;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-center gap-4">
        <Segmented
          label="Billing period"
          options={[
            { id: 'monthly', label: 'Monthly' },
            { id: 'annual', label: 'Annual (2 months free)' },
          ]}
          value={annual ? 'annual' : 'monthly'}
          onChange={(v) => setAnnual(v === 'annual')}
        />
        <Segmented
          label="Payment method"
          options={[
            { id: 'card', label: 'Credit Card' },
            { id: 'paypal', label: 'PayPal' },
          ]}
          value={method}
          onChange={setMethod}
        />
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {BASES.map((base) => (
          <PlanCard
            key={base}
            plan={planOf(planFor(base))}
            method={method}
            highlighted={base === highlight}
            signedIn={!!user}
            current={user?.plan_id === planFor(base)}
            allowGuest={allowGuest}
            onFreePlan={onFreePlan}
            signInThen={signInThen}
          />
        ))}
      </ul>
    </div>
  );
}
