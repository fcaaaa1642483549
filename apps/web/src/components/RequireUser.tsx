import type { ReactNode } from 'react';
import type { User } from '@tracery/contracts';
import { useAuth } from '../features/auth/useAuth';
import { LoadingScreen } from '../app/LoadingScreen';
import { Page } from './Page';

/** Renders children with the signed-in user, or a sign-in prompt. */
export function RequireUser({
  title,
  children,
}: {
  title: string;
  children: (user: User) => ReactNode;
}) {
  const { user, loading, openAuthDialog } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!user) {
    return (
      <Page title={title} lead="This page shows your own account, so you need to be signed in.">
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => openAuthDialog('signin')}
            className="btn-primary rounded-lg px-5 py-2.5 font-semibold"
          >
            Log in to continue
          </button>
          <button
            type="button"
            onClick={() => openAuthDialog('signup')}
            className="rounded-lg border border-line bg-surface px-5 py-2.5 font-semibold"
          >
            Create a free account
          </button>
        </div>
      </Page>
    );
  }
  return <>{children(user)}</>;
}
