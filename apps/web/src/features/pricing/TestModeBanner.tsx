import { usePaymentConfig } from './usePaymentConfig';

/** On every page while the server takes test payments only: nothing bought here is real. */
export function TestModeBanner() {
  const { data: config } = usePaymentConfig();
  if (!config?.test_mode) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-900">
      <strong>Test mode</strong>: payments use the built-in test provider; no real money is charged
      and no purchase here is real.
    </div>
  );
}
