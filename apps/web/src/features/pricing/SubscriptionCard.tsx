import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { planOf } from '@tracery/contracts';
import { toast } from 'sonner';
import { Card } from '../../components/Page';
import { useAuth } from '../auth/useAuth';
import { cancelSubscription, fetchSubscription } from './paymentApi';
import { ClaimPurchase } from './ClaimPurchase';
import { queryKeys } from '../../lib/queryKeys';
import { useApiAction } from '../../lib/useApiAction';

/** The paid subscription (renewal, cancel) and the claim link of a purchase made as a guest. */
export function SubscriptionCard() {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const { data, isError } = useQuery({
    queryKey: queryKeys.subscription,
    queryFn: fetchSubscription,
    retry: 0,
  });
  const { busy, run } = useApiAction();
  const [params, setParams] = useSearchParams();
  const claimToken = params.get('claim');

  const cancel = () =>
    run('Could not cancel the subscription', async () => {
      queryClient.setQueryData(['subscription'], await cancelSubscription());
      toast.success('Your subscription will end at the close of the paid period.');
    });

  const sub = data?.subscription;
  return (
    <Card>
      {claimToken && (
        <ClaimPurchase
          token={claimToken}
          onDone={(claimed) => {
            setParams({}, { replace: true });
            if (!claimed) return;
            void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
            void refreshUser();
          }}
        />
      )}
      <h2 className="font-semibold">Subscription</h2>
      {isError && <p className="mt-2 text-sm text-muted">Subscription details are unavailable.</p>}
      {data && !sub && <p className="mt-2 text-sm text-muted">No paid subscription.</p>}
      {sub && (
        <>
          <p className="mt-2 text-sm">
            {planOf(sub.plan_id).name}, billed{' '}
            {sub.billing_period === 'annual' ? 'yearly' : 'monthly'} ({sub.status})
          </p>
          <p className="text-sm text-muted">
            {sub.renews && !sub.cancel_at_period_end ? 'Renews' : 'Ends'} on{' '}
            {new Date(sub.current_period_end).toLocaleDateString()}
          </p>
          {sub.status === 'active' && sub.renews && !sub.cancel_at_period_end && (
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={busy}
              className="mt-3 rounded-lg border border-line px-4 py-2 text-sm font-semibold disabled:opacity-60"
            >
              {busy ? 'Processing...' : 'Cancel at period end'}
            </button>
          )}
        </>
      )}
    </Card>
  );
}
