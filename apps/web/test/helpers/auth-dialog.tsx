import type { User } from '@tracery/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AuthProvider } from '../../src/features/auth/AuthContext';
import { AuthDialog } from '../../src/features/auth/AuthDialog';
import { Header } from '../../src/layout/Header';

/** A Free account as the auth calls answer it; `fields` are what a test cares about. */
export const freeUser = (fields: Partial<User>): User => ({
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  email_verified: true,
  subscription_tier: 'free',
  plan_id: 'free',
  credits_remaining: 25,
  role: 'user',
  is_admin: false,
  avatar_url: null,
  created_at: new Date().toISOString(),
  ...fields,
});

/** The header with the sign-in dialog, as every page has them (fetch stubbed by the test). */
export function renderHeaderWithAuth() {
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
}

/** Clicks the header's button and returns the dialog it opens. */
export async function openAuthDialog(button: 'Log In' | 'Sign Up Free') {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog');
}
