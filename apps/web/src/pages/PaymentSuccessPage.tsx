import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CheckIcon, AlertIcon, SpinnerIcon } from '../components/icons';
import { errorMessage } from '../lib/api';
import { usePageMeta } from '../lib/usePageMeta';
import { useAuth } from '../features/auth/useAuth';
import { PAYMENT_MESSAGES } from '@tracery/contracts';
import { capturePayPal, handleSuccess, PAYMENT_REDIRECT_MS } from '../features/pricing/paymentApi';
import { ButtonLink } from '../components/Button';

type State = { kind: 'processing' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function PaymentSuccessPage() {
  usePageMeta('Payment');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refreshUser } = useAuth();
  const sessionId = params.get('session_id');
  // PayPal appends `subscription_id` for a subscription, and an order's id as `token`.
  const paypalOrderId =
    params.get('paypal_order_id') ??
    (params.get('provider') === 'paypal'
      ? (params.get('subscription_id') ?? params.get('token'))
      : null);
  const [state, setState] = useState<State>(() =>
    sessionId || paypalOrderId
      ? { kind: 'processing' }
      : { kind: 'error', message: PAYMENT_MESSAGES.invalidSession },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || (!sessionId && !paypalOrderId)) return;
    started.current = true;
    const run = async () => {
      try {
        if (sessionId) {
          const res = await handleSuccess(sessionId);
          if (res && res.success === false) throw new Error('not activated');
          toast.success(PAYMENT_MESSAGES.subscriptionActivated);
        } else if (paypalOrderId) {
          const res = await capturePayPal(paypalOrderId);
          if (res && res.success === false) throw new Error('not captured');
          toast.success(PAYMENT_MESSAGES.paymentCompleted);
        }
        await refreshUser();
        setState({ kind: 'success' });
      } catch (error) {
        const message = sessionId
          ? PAYMENT_MESSAGES.activationFailed
          : errorMessage(error, PAYMENT_MESSAGES.captureFailed);
        toast.error(message);
        setState({ kind: 'error', message });
      }
    };
    void run();
  }, [sessionId, paypalOrderId, refreshUser]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = setTimeout(() => navigate('/account'), PAYMENT_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [state.kind, navigate]);

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      {state.kind === 'processing' && (
        <div role="status" className="flex flex-col items-center">
          <SpinnerIcon size={48} className="text-brand" />
          <h1 className="mt-4 text-3xl font-bold">Processing Payment...</h1>
          <p className="mt-2 text-muted">Please wait while we activate your subscription...</p>
        </div>
      )}
      {state.kind === 'success' && (
        <div role="status" className="flex flex-col items-center">
          <span className="rounded-full bg-emerald-100 p-4 text-emerald-800">
            <CheckIcon size={40} />
          </span>
          <h1 className="mt-4 text-3xl font-bold">Payment Successful!</h1>
          <p className="mt-2 text-muted">
            Your subscription has been activated successfully! You'll be redirected to your account
            shortly.
          </p>
          <Link to="/account" className="btn-primary mt-6 rounded-lg px-5 py-2.5 font-semibold">
            Go to Account
          </Link>
        </div>
      )}
      {state.kind === 'error' && (
        <div role="alert" className="flex flex-col items-center">
          <span className="rounded-full bg-red-100 p-4 text-red-800">
            <AlertIcon size={40} />
          </span>
          <h1 className="mt-4 text-3xl font-bold">{state.message}</h1>
          <p className="mt-2 text-muted">
            {state.message === PAYMENT_MESSAGES.invalidSession
              ? 'This page needs the reference your payment provider adds when it sends you back. Start again from the pricing page.'
              : 'If you were charged, your plan is activated as soon as the payment provider confirms it. Contact us with your receipt if it does not appear.'}
          </p>
          <div className="mt-6 flex gap-3">
            <ButtonLink to="/pricing">Back to pricing</ButtonLink>
            <ButtonLink variant="secondary" className="bg-surface" to="/contact">
              Contact support
            </ButtonLink>
          </div>
        </div>
      )}
    </div>
  );
}
