import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '@tracery/contracts';
import { Page } from '../components/Page';
import { useAuth } from '../features/auth/useAuth';
import { PAYMENT_MESSAGES } from '@tracery/contracts';
import {
  collectGuestEmail,
  completeGuest,
  GUEST_CHECKOUT_KEY,
} from '../features/pricing/paymentApi';
import { EmailField, NewPasswordField, TextField } from '../components/TextField';
import { Button, ButtonLink } from '../components/Button';
import { useApiAction } from '../lib/useApiAction';

/** A guest buyer names the new account after paying (the email must be the one paid with). */
export default function CollectEmailPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, run } = useApiAction();
  const [notice, setNotice] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!sessionId) return;
    await run('Could not create your account. Please try again.', async () => {
      const res = await completeGuest(sessionId, name.trim(), email.trim(), password);
      localStorage.removeItem(GUEST_CHECKOUT_KEY);
      if ('access_token' in res) {
        acceptSession(res);
        toast.success(MESSAGES.registrationSuccess);
        navigate('/account');
      } else {
        setNotice(res.detail);
      }
    });
  }

  async function sendLink() {
    if (!sessionId || !name.trim() || !email.trim()) {
      toast.error('Enter your name and the email you paid with first.');
      return;
    }
    await run('Could not send the link. Please try again.', async () => {
      const res = await collectGuestEmail(sessionId, name.trim(), email.trim());
      localStorage.removeItem(GUEST_CHECKOUT_KEY);
      setNotice(
        `${res.detail}. Open it to continue: a new account chooses its password there; an existing account's owner decides whether to add the purchase.`,
      );
    });
  }

  if (!sessionId) {
    return (
      <Page
        title={PAYMENT_MESSAGES.invalidSession}
        lead="This page is reached from checkout. If you paid as a guest, use the link in your payment receipt."
      >
        <ButtonLink to="/pricing">Back to pricing</ButtonLink>
      </Page>
    );
  }
  if (notice) {
    return (
      <Page title="Check your inbox" lead={notice}>
        <p className="text-muted">
          Links work once and expire after a day. If nothing arrives within a few minutes, look in
          your spam folder or contact support.
        </p>
      </Page>
    );
  }
  return (
    <Page
      title="Thank you! Now create your account"
      lead="Your payment went through. Use the email address you paid with; the plan is added to this account."
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4">
        <TextField
          id="guest-name"
          label="Name"
          required
          autoComplete="name"
          value={name}
          onValue={setName}
        />
        <EmailField id="guest-email" value={email} onValue={setEmail} />
        <NewPasswordField id="guest-password" value={password} onValue={setPassword} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={busy}>
            Create my account
          </Button>
          <button
            type="button"
            onClick={() => void sendLink()}
            disabled={busy}
            className="text-sm font-semibold text-brand underline"
          >
            Email me a link instead
          </button>
        </div>
      </form>
    </Page>
  );
}
