import type { ReactNode } from 'react';
import type { User } from '@tracery/contracts';
import { useAuth } from '../features/auth/useAuth';
import { LoadingScreen } from '../app/LoadingScreen';
import { Page } from './Page';
import { Button } from './Button';

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
          <Button onClick={() => openAuthDialog('signin')}>Log in to continue</Button>
          <Button
            variant="secondary"
            className="bg-surface"
            onClick={() => openAuthDialog('signup')}
          >
            Create a free account
          </Button>
        </div>
      </Page>
    );
  }
  return <>{children(user)}</>;
}
