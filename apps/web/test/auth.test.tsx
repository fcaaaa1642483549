import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../src/features/auth/AuthContext';
import { AuthDialog } from '../src/features/auth/AuthDialog';
import { Header } from '../src/layout/Header';

const user = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  subscription_tier: 'free',
  plan_id: 'free',
  credits_remaining: 25,
  role: 'user',
  is_admin: false,
  avatar_url: null,
  created_at: new Date().toISOString(),
};

function setup(fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => fetchImpl(url, init));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <Header />
          <AuthDialog />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('auth dialog', () => {
  it('registers, stores the token, closes and shows Log Out with the credits', async () => {
    const fetchMock = setup(
      () =>
        new Response(JSON.stringify({ access_token: 'tok', token_type: 'bearer', user }), {
          status: 200,
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up Free' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('access_token')).toBe('tok');
    expect(screen.getByTestId('credits-remaining')).toHaveTextContent('25 credits');
    const register = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register');
    expect(register).toBeDefined();
    const init = register![1];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret123',
    });
  });

  it('sign-in mode has no Name field, shows Loading... while submitting and stays open on failure', async () => {
    let resolve!: (r: Response) => void;
    const pending = new Promise<Response>((r) => (resolve = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => pending),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <Header />
            <AuthDialog />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Name')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByRole('button', { name: 'Loading...' })).toBeDisabled();
    resolve(new Response(JSON.stringify({ detail: 'Invalid email or password' }), { status: 401 }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeEnabled(),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('logs out automatically when the stored token is rejected', async () => {
    localStorage.setItem('access_token', 'stale');
    setup(() => new Response(JSON.stringify({ detail: 'expired' }), { status: 401 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument());
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
