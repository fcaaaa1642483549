import { useEffect, useId, useState } from 'react';
import type { PlanId } from '@tracery/contracts';
import { toast } from 'sonner';
import { useScript } from '../../lib/useScript';

const CLIENT_ID = import.meta.env.VITE_PAYPAL_CLIENT_ID as string | undefined;
/** JSON map of plan id → PayPal hosted button id, one per paid plan and annual variant. */
const HOSTED_BUTTONS: Partial<Record<PlanId, string>> = (() => {
  try {
    return JSON.parse(
      (import.meta.env.VITE_PAYPAL_HOSTED_BUTTONS as string | undefined) ?? '{}',
    ) as Partial<Record<PlanId, string>>;
  } catch {
    return {};
  }
})();

export const RENDER_RETRY_MS = 100;
const SDK_URL = CLIENT_ID
  ? `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(CLIENT_ID)}&components=hosted-buttons&currency=USD&intent=capture&locale=en_US`
  : null;

interface PayPalNamespace {
  HostedButtons?: (opts: { hostedButtonId: string }) => { render(selector: string): Promise<void> };
}

export const hostedPayPalConfigured = () => !!CLIENT_ID;

type State = { kind: 'loading' } | { kind: 'rendered' } | { kind: 'error'; message: string };

/** PayPal's hosted subscribe button for one plan; retries rendering until the SDK is ready. */
export function HostedPayPalButton({ planId }: { planId: PlanId }) {
  const buttonId = HOSTED_BUTTONS[planId];
  const script = useScript(buttonId ? SDK_URL : null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const containerId = `paypal-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    if (!buttonId || script !== 'resolved') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const attempt = () => {
      if (cancelled) return;
      const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
      if (!paypal?.HostedButtons) {
        timer = setTimeout(attempt, RENDER_RETRY_MS);
        return;
      }
      try {
        paypal
          .HostedButtons({ hostedButtonId: buttonId })
          .render(`#${containerId}`)
          .then(() => !cancelled && setState({ kind: 'rendered' }))
          .catch(() => {
            if (cancelled) return;
            setState({ kind: 'error', message: 'Failed to render PayPal button' });
            toast.error('PayPal payment failed. Please try again.');
          });
      } catch {
        setState({ kind: 'error', message: 'PayPal button configuration error' });
      }
    };
    attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [buttonId, script, containerId]);

  if (!buttonId) {
    return (
      <p role="alert" className="text-sm text-red-800 dark:text-red-300">
        PayPal hosted button not configured for this plan ({planId})
      </p>
    );
  }
  const error =
    script === 'rejected'
      ? 'Failed to load PayPal SDK'
      : state.kind === 'error'
        ? state.message
        : null;
  if (error) {
    return (
      <div role="alert" className="text-sm text-red-800 dark:text-red-300">
        <p className="font-semibold">PayPal Error</p>
        <p>
          {error}.{' '}
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="font-semibold underline"
          >
            Retry
          </button>
        </p>
      </div>
    );
  }
  return (
    <div>
      {state.kind === 'loading' && <p className="text-sm text-muted">Loading PayPal...</p>}
      <div id={containerId} />
    </div>
  );
}
