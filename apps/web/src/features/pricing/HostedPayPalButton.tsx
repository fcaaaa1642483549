import { useEffect, useId, useState } from 'react';
import type { PlanId } from '@tracery/contracts';
import { toast } from 'sonner';
import { useScript } from '../../lib/useScript';
import { PAYMENT_MESSAGES } from '@tracery/contracts';

export const RENDER_RETRY_MS = 100;

const sdkUrl = (clientId: string) =>
  `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&components=hosted-buttons&currency=USD&intent=capture&locale=en_US`;

interface PayPalNamespace {
  HostedButtons?: (opts: { hostedButtonId: string }) => { render(selector: string): Promise<void> };
}

type State = { kind: 'loading' } | { kind: 'rendered' } | { kind: 'error'; message: string };

/** PayPal's hosted subscribe button for one plan; retries rendering until the SDK is ready. */
export function HostedPayPalButton({
  planId,
  clientId,
  buttons,
}: {
  planId: PlanId;
  clientId: string;
  buttons: Record<string, string>;
}) {
  const buttonId = buttons[planId];
  const script = useScript(buttonId ? sdkUrl(clientId) : null);
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
            toast.error(PAYMENT_MESSAGES.paypalButtonFailed);
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
        {PAYMENT_MESSAGES.hostedButtonMissing} ({planId})
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
