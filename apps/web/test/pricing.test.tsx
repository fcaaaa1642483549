import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PLANS } from '@tracery/contracts';
import { PlanCard } from '../src/features/pricing/PlanCard';
import { paypalAllowedFor as paypalAllowed } from '@tracery/contracts';

/** PlanCard reads the payment configuration through TanStack Query. */
function render(ui: ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

const base = { highlighted: false, current: false, onFreePlan: () => {}, signInThen: () => {} };

type CardProps = Partial<Parameters<typeof PlanCard>[0]> & {
  plan: (typeof PLANS)[keyof typeof PLANS];
};

/** One card in its list, signed out and by card unless `props` say otherwise. */
const renderCard = (props: CardProps) =>
  render(
    <ul>
      <PlanCard method="card" signedIn={false} allowGuest {...base} {...props} />
    </ul>,
  );

function label(props: CardProps) {
  const { container } = renderCard(props);
  const text = within(container).getAllByRole('button')[0].textContent;
  container.remove();
  return text;
}

describe('plan selector buttons', () => {
  it('labels each action as the description says', () => {
    expect(label({ plan: PLANS.free })).toBe('Get Started Free');
    expect(label({ plan: PLANS.professional, signedIn: true })).toBe('Subscribe with Card');
    expect(label({ plan: PLANS.professional })).toBe('Quick Subscribe (No Account Needed)');
    expect(label({ plan: PLANS.professional, allowGuest: false })).toBe('Sign In to Subscribe');
    expect(label({ plan: PLANS.professional, method: 'paypal' })).toBe('Sign In to Subscribe');
    expect(label({ plan: PLANS.basic, method: 'paypal', signedIn: true })).toBe(
      'Subscribe with PayPal',
    );
  });

  it('offers no "Get Started Free" to a paid account: the Free card says it is included', () => {
    renderCard({ plan: PLANS.free, signedIn: true });
    expect(screen.queryByRole('button', { name: 'Get Started Free' })).toBeNull();
    expect(screen.getByText('Included in your plan')).toBeInTheDocument();
  });

  it('signed out, a subscribe button asks for sign-in and keeps the checkout for afterwards', async () => {
    // Nothing answers: the order's request being made is what counts.
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    let pending: (() => void) | undefined;
    const signInThen = vi.fn((action: () => void) => (pending = action));
    renderCard({ plan: PLANS.basic, method: 'paypal', signInThen });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In to Subscribe' }));
    expect(signInThen).toHaveBeenCalledWith(expect.any(Function), 'Please sign in to subscribe');
    const ordered = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === '/api/payment/paypal/create-order');
    expect(ordered()).toEqual([]);
    pending!();
    await waitFor(() => expect(ordered()).toHaveLength(1));
  });

  it('allows PayPal only for basic, professional and business (annual ids included)', () => {
    expect(paypalAllowed('basic')).toBe(true);
    expect(paypalAllowed('professional_annual')).toBe(true);
    expect(paypalAllowed('business')).toBe(true);
    expect(paypalAllowed('free')).toBe(false);
  });

  it('the free plan never starts a payment', () => {
    const onFreePlan = vi.fn();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderCard({ plan: PLANS.free, onFreePlan });
    fireEvent.click(screen.getByRole('button', { name: 'Get Started Free' }));
    expect(onFreePlan).toHaveBeenCalledOnce();
    const started = fetchMock.mock.calls.filter(([url]) => String(url) !== '/api/payment/config');
    expect(started).toEqual([]);
  });

  it('shows Processing... while the checkout is requested, then returns to idle on error', async () => {
    let resolve!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    renderCard({ plan: PLANS.basic, signedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe with Card' }));
    const busy = await screen.findByRole('button', { name: /Processing\.\.\./ });
    expect(busy).toBeDisabled();
    resolve(
      new Response(JSON.stringify({ detail: 'Card processor unavailable' }), { status: 503 }),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Subscribe with Card' })).toBeEnabled(),
    );
  });
});
