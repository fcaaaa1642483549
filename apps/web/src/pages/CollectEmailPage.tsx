import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '../components/Page';
import { errorMessage } from '../lib/api';
import { collectGuestEmail, GUEST_CHECKOUT_KEY } from '../features/pricing/paymentApi';

const input = 'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink';

export default function CollectEmailPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!sessionId) return;
    setBusy(true);
    try {
      await collectGuestEmail(sessionId, name.trim(), email.trim());
      localStorage.removeItem(GUEST_CHECKOUT_KEY);
      setSentTo(email.trim());
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save your email. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  if (!sessionId) {
    return (
      <Page
        title="Invalid payment session"
        lead="This page is reached from checkout. If you paid as a guest, use the link in your payment receipt."
      >
        <Link to="/pricing" className="btn-primary rounded-lg px-5 py-2.5 font-semibold">
          Back to pricing
        </Link>
      </Page>
    );
  }
  if (sentTo) {
    return (
      <Page
        title="Check your inbox"
        lead={`We sent a link to ${sentTo}. Open it to choose your password; your plan is already attached to the account.`}
      >
        <p className="text-muted">
          The link works once. If it does not arrive within a few minutes, look in your spam folder
          or contact support.
        </p>
      </Page>
    );
  }
  return (
    <Page
      title="Thank you! Now create your account"
      lead="Your payment went through. Tell us where to send the sign-in link for your new Tracery account."
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4">
        <div>
          <label htmlFor="guest-name" className="block text-sm font-medium">
            Name
          </label>
          <input
            id="guest-name"
            required
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="guest-email" className="block text-sm font-medium">
            Email
          </label>
          <input
            id="guest-email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={input}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="btn-primary rounded-lg px-5 py-2.5 font-semibold disabled:opacity-70"
        >
          {busy ? 'Loading...' : 'Send my account link'}
        </button>
      </form>
    </Page>
  );
}
