import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '../components/Page';
import { errorMessage } from '../lib/api';
import { useAuth } from '../features/auth/useAuth';
import { verifyGuestEmail } from '../features/pricing/paymentApi';
import { NewPasswordField } from '../components/TextField';

export default function VerifyPaymentEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!token) return;
    setBusy(true);
    try {
      acceptSession(await verifyGuestEmail(token, password));
      toast.success('Registration successful!');
      navigate('/account');
    } catch (error) {
      toast.error(errorMessage(error, 'This link is invalid or has already been used.'));
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <Page
        title="Link incomplete"
        lead="Open the link from the email we sent after your purchase; it contains a one-time code."
      >
        <Link to="/" className="btn-primary rounded-lg px-5 py-2.5 font-semibold">
          Go to Homepage
        </Link>
      </Page>
    );
  }
  return (
    <Page
      title="Choose your password"
      lead="Last step: set a password for your new Tracery account. Your paid plan is already on it."
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4">
        <NewPasswordField id="verify-password" value={password} onValue={setPassword} />
        <button
          type="submit"
          disabled={busy}
          className="btn-primary rounded-lg px-5 py-2.5 font-semibold disabled:opacity-70"
        >
          {busy ? 'Loading...' : 'Create my account'}
        </button>
      </form>
    </Page>
  );
}
