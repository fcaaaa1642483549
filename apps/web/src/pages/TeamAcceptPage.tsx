import type { Team } from '@tracery/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../components/Button';
import { LinkIncomplete } from '../components/LinkIncomplete';
import { Page } from '../components/Page';
import { errorMessage } from '../lib/api';
import { useAuth } from '../features/auth/useAuth';
import { acceptInvitation } from '../features/account/accountApi';

/** The page of an emailed team invitation: sign in (or sign up) as the invitee, then join. */
export default function TeamAcceptPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, loading, openAuthDialog, refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<Team | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function join() {
    if (!token) return;
    setBusy(true);
    setError(null);
    try {
      setJoined((await acceptInvitation(token)).team);
      await refreshUser();
    } catch (err) {
      setError(errorMessage(err, 'The invitation could not be accepted'));
    } finally {
      setBusy(false);
    }
  }

  if (!token)
    return (
      <LinkIncomplete lead="Open the link from the invitation email; it contains a one-time code." />
    );
  if (joined)
    return (
      <Page
        title="Welcome to the team"
        lead={`You joined ${joined.owner.name}'s team. Your conversions now use the team's shared credits.`}
      >
        <ButtonLink to="/convert">Start converting</ButtonLink>
      </Page>
    );
  if (loading) return <Page title="Team invitation" />;
  if (!user)
    return (
      <Page
        title="You are invited to a Tracery team"
        lead="Sign in, or create a free account, with the email address the invitation was sent to. Then come back to this page to join."
      >
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => openAuthDialog('signup')}>Create an account</Button>
          <Button variant="secondary" onClick={() => openAuthDialog('signin')}>
            Sign in
          </Button>
        </div>
      </Page>
    );
  return (
    <Page
      title="Join the team"
      lead={`Signed in as ${user.email}. Members convert with the team's shared credits and its Business plan.`}
    >
      <Button busy={busy} onClick={() => void join()}>
        Join the team
      </Button>
      {error && (
        <p role="alert" className="mt-4 text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </Page>
  );
}
