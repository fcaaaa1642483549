import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../src/features/auth/AuthContext';
import { AccessibilityProvider } from '../src/features/accessibility/AccessibilityContext';
import PaymentSuccessPage from '../src/pages/PaymentSuccessPage';
import { HistoryTab } from '../src/features/convert/HistoryTab';
import { LowCreditWarning } from '../src/features/convert/SidebarCards';
import { ErrorBoundary } from '../src/app/ErrorBoundary';

function wrap(ui: ReactNode, path = '/') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <AccessibilityProvider>
        <AuthProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </AccessibilityProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ detail: 'offline' }), { status: 503 })),
  );
});

describe('pages', () => {
  it('payment success without a session reports an invalid session', () => {
    wrap(<PaymentSuccessPage />, '/payment/success');
    expect(screen.getByRole('heading', { name: 'Invalid payment session' })).toBeInTheDocument();
  });

  it('payment success with a session shows the processing texts', () => {
    wrap(<PaymentSuccessPage />, '/payment/success?session_id=cs_1');
    expect(screen.getByText('Processing Payment...')).toBeInTheDocument();
    expect(
      screen.getByText('Please wait while we activate your subscription...'),
    ).toBeInTheDocument();
  });

  it('PayPal returning from a subscription confirms its subscription_id, not the token', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ detail: 'offline' }), { status: 503 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    wrap(
      <PaymentSuccessPage />,
      '/payment/success?provider=paypal&subscription_id=I-SUB1&ba_token=BA-1&token=EC-1',
    );
    expect(screen.getByText('Processing Payment...')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/payment/paypal/capture'),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/payment/paypal/capture')!;
    expect(JSON.parse(String(init?.body))).toEqual({ order_id: 'I-SUB1' });
  });

  it('history shows the empty message when signed out', () => {
    wrap(<HistoryTab />);
    expect(screen.getByText('No conversions yet')).toBeInTheDocument();
  });

  it('low-credit warning only for 1 to 5 credits', () => {
    const { rerender } = render(
      <MemoryRouter>
        <LowCreditWarning credits={3} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('low-credit-warning')).toBeInTheDocument();
    for (const credits of [0, 6, 25]) {
      rerender(
        <MemoryRouter>
          <LowCreditWarning credits={credits} />
        </MemoryRouter>,
      );
      expect(screen.queryByTestId('low-credit-warning')).toBeNull();
    }
  });

  it('error boundary shows the full-page error screen', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): ReactNode {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Oops! Something went wrong')).toBeInTheDocument();
    for (const name of ['Try Again', 'Reload Page'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    spy.mockRestore();
  });
});
