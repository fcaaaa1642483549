import { useState } from 'react';
import { type BasePlanId, type PlanId, planOf } from '@tracery/contracts';
import { useAuth } from '../auth/useAuth';
import { useSignInThen } from '../auth/useSignInThen';
import { PlanCard } from './PlanCard';

export type PaymentMethod = 'card' | 'paypal';

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
        <Toggle
          label="Billing period"
          options={[
            { id: 'monthly', label: 'Monthly' },
            { id: 'annual', label: 'Annual (2 months free)' },
          ]}
          value={annual ? 'annual' : 'monthly'}
          onChange={(v) => setAnnual(v === 'annual')}
        />
        <Toggle
          label="Payment method"
          options={[
            { id: 'card', label: 'Credit Card' },
            { id: 'paypal', label: 'PayPal' },
          ]}
          value={method}
          onChange={(v) => setMethod(v as PaymentMethod)}
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

function Toggle({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { id: string; label: string }[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex rounded-xl border border-line bg-surface p-1"
    >
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={value === o.id}
          onClick={() => onChange(o.id)}
          className={`rounded-lg px-4 py-2 text-sm font-semibold ${value === o.id ? 'btn-primary' : 'text-muted hover:text-ink'}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
