import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { freeUser, openAuthDialog, renderHeaderWithAuth } from './helpers/auth-dialog';
import { api } from '../src/lib/api';
import { getToken, setToken } from '../src/lib/token';

const user = freeUser({ name: 'Ada', email: 'ada@example.com', email_verified: false });

const signedIn = (token = 'tok') =>
  new Response(JSON.stringify({ access_token: token, token_type: 'bearer', user }), {
    status: 200,
  });

/** The server's answers; the session refresh on load answers 204 (no cookie) and the sign-in settings offer no Google, unless `fetchImpl` says otherwise. */
function setup(fetchImpl: (url: string, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(
    async (url: string, init?: RequestInit) =>
      fetchImpl(url, init) ??
      (url === '/api/auth/refresh'
        ? new Response(null, { status: 204 })
        : url === '/api/auth/config'
          ? new Response(JSON.stringify({ google_client_id: null }))
          : signedIn()),
  );
  vi.stubGlobal('fetch', fetchMock);
  renderHeaderWithAuth();
  return fetchMock;
}

describe('auth dialog', () => {
  it('registers, keeps the token in memory, closes and shows Log Out with the credits', async () => {
    const fetchMock = setup(() => undefined);
    const dialog = await openAuthDialog('Sign Up Free');
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
    expect(getToken()).toBe('tok');
    expect(localStorage.length).toBe(0);
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
      vi.fn((url: string) =>
        url === '/api/auth/refresh'
          ? Promise.resolve(new Response(null, { status: 204 }))
          : pending,
      ),
    );
    renderHeaderWithAuth();
    const dialog = await openAuthDialog('Log In');
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

  it('signs in on load from the session cookie, with the CSRF header and no stored token', async () => {
    localStorage.setItem('access_token', 'left by an older version');
    const fetchMock = setup((url) => (url === '/api/auth/refresh' ? signedIn() : undefined));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument(),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/auth/refresh')!;
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'tracery' });
    expect(getToken()).toBe('tok');
  });

  it('shows Log In when the session cookie is refused', async () => {
    setup((url) =>
      url === '/api/auth/refresh'
        ? new Response(JSON.stringify({ code: 'UNAUTHENTICATED', detail: 'ended' }), {
            status: 401,
          })
        : undefined,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument());
    expect(getToken()).toBeNull();
  });

  it('renews an expired access token once from the cookie and repeats the call', async () => {
    let refreshed = 0;
    const fetchMock = setup((url, init) => {
      if (url === '/api/auth/refresh') return signedIn(`tok${++refreshed}`);
      if (url === '/api/auth/me') {
        const auth = (init?.headers as Record<string, string>).Authorization;
        return auth === 'Bearer tok2'
          ? new Response(JSON.stringify(user), { status: 200 })
          : new Response(JSON.stringify({ code: 'UNAUTHENTICATED', detail: 'expired' }), {
              status: 401,
            });
      }
      return undefined;
    });
    await waitFor(() => expect(getToken()).toBe('tok1'));
    await expect(api('/auth/me', { auth: true })).resolves.toMatchObject({ id: 'u1' });
    expect(refreshed).toBe(2);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/me')).toHaveLength(2);
  });

  it('sends a call made before the page restored its session again, once the cookie gave a token', async () => {
    setToken(null); // a freshly loaded page: no token yet
    // The refresh on load is slow (a busy machine, a slow network); the call goes out first.
    let answerRefresh!: () => void;
    const refreshing = new Promise<void>((r) => (answerRefresh = r));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/refresh') {
        await refreshing;
        return signedIn('tok-restored');
      }
      if (url === '/api/auth/config')
        return new Response(JSON.stringify({ google_client_id: null }));
      const auth = (init?.headers as Record<string, string>).Authorization;
      return auth === 'Bearer tok-restored'
        ? new Response(JSON.stringify({ success: true }), { status: 200 })
        : new Response(JSON.stringify({ code: 'UNAUTHENTICATED', detail: 'Please sign in' }), {
            status: 401,
          });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderHeaderWithAuth();
    const capture = api('/payment/paypal/capture', { auth: true, body: { order_id: 'o1' } });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => url === '/api/payment/paypal/capture'),
      ).toHaveLength(1),
    );
    answerRefresh();
    await expect(capture).resolves.toEqual({ success: true });
    const captures = fetchMock.mock.calls.filter(([url]) => url === '/api/payment/paypal/capture');
    expect(
      captures.map(([, init]) => (init?.headers as Record<string, string>).Authorization),
    ).toEqual([undefined, 'Bearer tok-restored']);
    // One refresh in all: the call waited for the page's own.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('answers a signed-out visitor 401 after asking the cookie once', async () => {
    const fetchMock = setup((url) =>
      url === '/api/payment/paypal/capture'
        ? new Response(JSON.stringify({ code: 'UNAUTHENTICATED', detail: 'Please sign in' }), {
            status: 401,
          })
        : undefined,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument());
    await expect(
      api('/payment/paypal/capture', { auth: true, body: { order_id: 'o1' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(
      fetchMock.mock.calls.filter(([url]) => url === '/api/payment/paypal/capture'),
    ).toHaveLength(1);
  });
});
