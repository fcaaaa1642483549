import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../components/Page';
import { errorMessage } from '../lib/api';
import { useAuth } from '../features/auth/useAuth';
import { verifyEmail } from '../features/account/accountApi';
import { ButtonLink } from '../components/Button';

type State =
  { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; detail: string };

/** The page of the emailed verification link: confirms the address once, on arrival. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, refreshUser } = useAuth();
  const [state, setState] = useState<State>({ kind: 'working' });
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail(token)
      .then((u) => {
        setState({ kind: 'done', email: u.email });
        void refreshUser();
      })
      .catch((error: unknown) =>
        setState({
          kind: 'failed',
          detail: errorMessage(error, 'This link is invalid, has expired or has already been used'),
        }),
      );
  }, [token, refreshUser]);

  if (!token || state.kind === 'failed') {
    return (
      <Page
        title="This link does not work"
        lead={
          !token
            ? 'Open the link from the email we sent you; it contains a one-time code.'
            : `${state.kind === 'failed' ? state.detail : ''}. ${user ? 'You can ask for a new link on your account page.' : 'Sign in and ask for a new link on your account page.'}`
        }
      >
        <ButtonLink to="/account">Go to Account</ButtonLink>
      </Page>
    );
  }
  if (state.kind === 'working') return <Page title="Confirming your email address..." />;
  return (
    <Page title="Email address confirmed" lead={`Thank you: ${state.email} is confirmed.`}>
      <ButtonLink to="/account">Go to Account</ButtonLink>
    </Page>
  );
}
