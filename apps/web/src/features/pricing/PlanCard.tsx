import { useState } from 'react';
import type { Plan } from '@tracery/contracts';
import { toast } from 'sonner';
import { CheckIcon, SpinnerIcon } from '../../components/icons';
import { errorMessage } from '../../lib/api';
import {
  approvalUrl,
  createCheckout,
  createGuestCheckout,
  createPayPalOrder,
  GUEST_CHECKOUT_KEY,
} from './paymentApi';
import { HostedPayPalButton } from './HostedPayPalButton';
import { usePaymentConfig } from './usePaymentConfig';
import { FORMATS, PAYMENT_MESSAGES, paypalAllowedFor } from '@tracery/contracts';

/** How a paid plan is bought. */
export type PaymentMethod = 'card' | 'paypal';

interface Props {
  plan: Plan;
  method: PaymentMethod;
  highlighted: boolean;
  signedIn: boolean;
  current: boolean;
  allowGuest: boolean;
  onFreePlan(): void;
  /** Opens the sign-in dialog and runs `action` once signed in (see useSignInThen). */
  signInThen(action: () => void, reason: string): void;
}

function features(plan: Plan): string[] {
  const mb = plan.maxFileBytes / (1024 * 1024);
  const retention =
    plan.retentionHours < 48
      ? `${plan.retentionHours} hours`
      : `${Math.round(plan.retentionHours / 24)} days`;
  return [
    `${plan.monthlyCredits} credits every month`,
    `${plan.formats.map((f) => FORMATS[f].label).join(', ')} output`,
    `Files up to ${mb} MB`,
    `Batches of up to ${plan.batchLimit} images`,
    `Downloads kept ${retention}`,
    ...(plan.seats > 1 ? [`${plan.seats} team seats`] : []),
    ...(plan.api ? ['API access'] : []),
    ...(plan.cloudSave ? ['Save to Google Drive, Dropbox and OneDrive'] : []),
    plan.ads ? 'Ad-supported' : 'No advertisements',
  ];
}

export function PlanCard({
  plan,
  method,
  highlighted,
  signedIn,
  current,
  allowGuest,
  onFreePlan,
  signInThen,
}: Props) {
  const [processing, setProcessing] = useState(false);
  const { data: config } = usePaymentConfig();
  // Real PayPal with hosted buttons configured: PayPal's own button; otherwise our order flow.
  const hosted =
    config?.paypal_provider === 'paypal' && config.paypal.client_id ? config.paypal : null;
  const free = plan.base === 'free';
  const paypalBlocked = !free && method === 'paypal' && !paypalAllowedFor(plan.id);
  const guest = !signedIn && allowGuest;

  const label = free
    ? 'Get Started Free'
    : signedIn
      ? method === 'paypal'
        ? 'Subscribe with PayPal'
        : 'Subscribe with Card'
      : guest && method === 'card'
        ? 'Quick Subscribe (No Account Needed)'
        : 'Sign In to Subscribe';

  async function startPayPal() {
    setProcessing(true);
    try {
      const order = await createPayPalOrder(plan.id);
      const url = approvalUrl(order);
      if (!url) throw new Error('No approval link');
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, PAYMENT_MESSAGES.paypalOrderFailed));
      setProcessing(false);
    }
  }

  async function startCheckout(asGuest: boolean) {
    setProcessing(true);
    try {
      const { checkout_url } = asGuest
        ? await createGuestCheckout(plan.id)
        : await createCheckout(plan.id);
      if (asGuest) localStorage.setItem(GUEST_CHECKOUT_KEY, 'true');
      window.location.assign(checkout_url);
    } catch (error) {
      toast.error(errorMessage(error, PAYMENT_MESSAGES.checkoutFailed));
      setProcessing(false);
    }
  }

  function onClick() {
    if (free) return onFreePlan();
    if (method === 'paypal') {
      // With PayPal's hosted buttons configured, their button replaces this one once signed in.
      const pay = () => void (hosted ? undefined : startPayPal());
      return signedIn ? pay() : signInThen(pay, PAYMENT_MESSAGES.signInToSubscribe);
    }
    if (signedIn || guest) return void startCheckout(!signedIn);
    signInThen(() => void startCheckout(false), PAYMENT_MESSAGES.signInToSubscribeOrGuest);
  }

  const price = plan.priceCents / 100;
  return (
    <li
      data-testid={`plan-${plan.base}`}
      className={`relative flex flex-col rounded-2xl border bg-surface p-6 ${highlighted ? 'border-brand ring-2 ring-brand' : 'border-line'}`}
    >
      {highlighted && (
        <p className="absolute -top-3 left-6 rounded-full border border-brand bg-surface px-2.5 py-0.5 text-xs font-semibold text-brand">
          Recommended
        </p>
      )}
      <h3 className="text-xl font-semibold">{plan.name}</h3>
      <p className="mt-2 text-3xl font-bold">
        ${price}
        <span className="text-base font-normal text-muted">
          {plan.billing === 'annual' ? '/year' : '/month'}
        </span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {features(plan).map((f) => (
          <li key={f} className="flex gap-2">
            <CheckIcon size={16} className="mt-0.5 shrink-0 text-emerald-700" />
            {f}
          </li>
        ))}
      </ul>
      {current || (free && signedIn) ? (
        // Signed in and not on Free: a paid plan, which includes everything Free has.
        <p className="mt-6 rounded-lg bg-canvas px-4 py-2.5 text-center text-sm font-semibold">
          {current ? 'Your current plan' : 'Included in your plan'}
        </p>
      ) : !free && method === 'paypal' && signedIn && hosted?.client_id ? (
        <div className="mt-6">
          <HostedPayPalButton
            planId={plan.id}
            clientId={hosted.client_id}
            buttons={hosted.hosted_buttons}
          />
          <p className="mt-2 text-xs text-muted">
            Pay with the verified PayPal account of your Tracery email: the plan is added to this
            account as soon as PayPal confirms the payment.
          </p>
        </div>
      ) : (
        <button
          type="button"
          onClick={onClick}
          disabled={processing || paypalBlocked}
          className="btn-primary mt-6 inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60"
        >
          {processing ? (
            <>
              <SpinnerIcon size={16} /> Processing...
            </>
          ) : (
            label
          )}
        </button>
      )}
      {paypalBlocked && (
        <p className="mt-2 text-xs text-muted">PayPal is not available for this plan.</p>
      )}
    </li>
  );
}
