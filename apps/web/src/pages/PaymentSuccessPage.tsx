import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CheckIcon, AlertIcon, SpinnerIcon } from '../components/icons';
import { errorMessage } from '../lib/api';
import { usePageMeta } from '../lib/usePageMeta';
import { useAuth } from '../features/auth/useAuth';
import { PAYMENT_MESSAGES } from '@tracery/contracts';
import { capturePayPal, handleSuccess, PAYMENT_REDIRECT_MS } from '../features/pricing/paymentApi';
import { ButtonLink, NextSteps } from '../components/Button';

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
        <Outcome
          icon={<SpinnerIcon size={48} className="text-brand" />}
          title="Processing Payment..."
          text="Please wait while we activate your subscription..."
        />
      )}
      {state.kind === 'success' && (
        <Outcome
          icon={
            <span className="rounded-full bg-emerald-100 p-4 text-emerald-800">
              <CheckIcon size={40} />
            </span>
          }
          title="Payment Successful!"
          text="Your subscription has been activated successfully! You'll be redirected to your account shortly."
        >
          <ButtonLink to="/account" className="mt-6">
            Go to Account
          </ButtonLink>
        </Outcome>
      )}
      {state.kind === 'error' && (
        <Outcome
          alert
          icon={
            <span className="rounded-full bg-red-100 p-4 text-red-800">
              <AlertIcon size={40} />
            </span>
          }
          title={state.message}
          text={
            state.message === PAYMENT_MESSAGES.invalidSession
              ? 'This page needs the reference your payment provider adds when it sends you back. Start again from the pricing page.'
              : 'If you were charged, your plan is activated as soon as the payment provider confirms it. Contact us with your receipt if it does not appear.'
          }
        >
          <NextSteps
            main={{ to: '/pricing', label: 'Back to pricing' }}
            other={{ to: '/contact', label: 'Contact support' }}
            className="mt-6 flex gap-3"
          />
        </Outcome>
      )}
    </div>
  );
}

/** Where the payment stands: an icon, a heading, a line, and what to do next. */
function Outcome({
  alert = false,
  icon,
  title,
  text,
  children,
}: {
  alert?: boolean;
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div role={alert ? 'alert' : 'status'} className="flex flex-col items-center">
      {icon}
      <h1 className="mt-4 text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-muted">{text}</p>
      {children}
    </div>
  );
}
