import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { planOf } from '@tracery/contracts';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { claimGuestPurchase, previewGuestClaim } from './paymentApi';

/**
 * The confirmation screen of a claim link (`/account?claim=…`): a purchase made as a guest with
 * this account's email is added only when the owner chooses so here, and an active paid plan is
 * replaced only after the owner has read what it replaces.
 */
export function ClaimPurchase({
  token,
  onDone,
}: {
  token: string;
  onDone: (claimed: boolean) => void;
}) {
  const { data, error } = useQuery({
    queryKey: queryKeys.guestClaim(token),
    queryFn: () => previewGuestClaim(token),
    retry: 0,
  });
  const [busy, setBusy] = useState(false);

  async function claim() {
    setBusy(true);
    try {
      await claimGuestPurchase(token, true);
      toast.success('The purchase was added to your account.');
      onDone(true);
    } catch (e) {
      toast.error(errorMessage(e, 'This link could not be used'));
      setBusy(false);
    }
  }

  if (error) {
    return (
      <div role="alert" className="mb-4 rounded-lg border border-line p-3 text-sm">
        {errorMessage(error, 'This link could not be used')}{' '}
        <button type="button" className="underline" onClick={() => onDone(false)}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!data) return <p className="mb-4 text-sm text-muted">Checking the purchase...</p>;
  const plan = planOf(data.plan_id).name;
  return (
    <section aria-labelledby="claim-heading" className="mb-4 rounded-lg border border-line p-3">
      <h3 id="claim-heading" className="font-semibold">
        Claim a purchase made with your email
      </h3>
      <p className="mt-1 text-sm">
        A {plan} plan was bought as a guest with this account&apos;s email address. Nothing has
        changed on your account yet.
      </p>
      {data.confirmation_required && data.current_plan_id && (
        <p className="mt-1 text-sm font-semibold">
          Claiming it replaces your active {planOf(data.current_plan_id).name} plan
          {data.current_period_end
            ? ` (paid until ${new Date(data.current_period_end).toLocaleDateString()})`
            : ''}{' '}
          at once, and that plan stops renewing.
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={() => void claim()}
          disabled={busy}
          className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white disabled:opacity-60"
        >
          {data.confirmation_required
            ? `Replace my plan with ${plan}`
            : `Add ${plan} to my account`}
        </button>
        <button
          type="button"
          onClick={() => onDone(false)}
          disabled={busy}
          className="rounded-lg border border-line px-4 py-2 text-sm font-semibold"
        >
          Not now
        </button>
      </div>
    </section>
  );
}
