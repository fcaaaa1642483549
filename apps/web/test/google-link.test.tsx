import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { freeUser, openAuthDialog, renderHeaderWithAuth } from './helpers/auth-dialog';

// Google's script is not loaded in tests: a stand-in hands the page an ID token on demand.
vi.mock('../src/lib/loadScript', () => ({ loadScript: () => Promise.resolve() }));
let googleCallback: ((r: { credential: string }) => void) | undefined;
(window as unknown as { google: unknown }).google = {
  accounts: {
    id: {
      initialize: (config: { callback: (r: { credential: string }) => void }) => {
        googleCallback = config.callback;
      },
      renderButton: () => {},
    },
  },
};

const user = freeUser({ name: 'Pat', email: 'pat@example.com' });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('Google sign-in for an existing password account', () => {
  it('asks for the password on ACCOUNT_LINK_REQUIRED and links with the same Google credential', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') return new Response(null, { status: 204 });
      if (url === '/api/auth/config') return json({ google_client_id: 'cid' });
      if (url === '/api/auth/google')
        return json(
          {
            code: 'ACCOUNT_LINK_REQUIRED',
            detail:
              'An account with this email already exists. Enter its password to link your Google account.',
          },
          409,
        );
      if (url === '/api/auth/google/link')
        return json({ access_token: 'tok', token_type: 'bearer', user });
      return json({ code: 'NOT_FOUND', detail: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderHeaderWithAuth();
    const dialog = await openAuthDialog('Log In');
    await waitFor(() => expect(googleCallback).toBeDefined());
    googleCallback!({ credential: 'google-id-token' });
    const password = await within(dialog).findByLabelText('Password of your Tracery account');
    expect(within(dialog).getByText(/Enter its password to link/)).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'the owner password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link Google and sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument(),
    );
    const link = fetchMock.mock.calls.find(([url]) => url === '/api/auth/google/link');
    expect(JSON.parse(String((link as unknown as [string, RequestInit])[1].body))).toEqual({
      token: 'google-id-token',
      password: 'the owner password',
    });
  });
});
