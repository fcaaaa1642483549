import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Page } from '../components/Page';
import { NewPasswordField } from '../components/TextField';
import { errorMessage } from '../lib/api';
import { useAuth } from '../features/auth/useAuth';
import { resetPassword } from '../features/account/accountApi';

/** The page of the emailed reset link: a new password, then signed in here and out elsewhere. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!token) return;
    setBusy(true);
    try {
      acceptSession(await resetPassword(token, password));
      toast.success('Your password was changed. Every other session was signed out.');
      navigate('/account');
    } catch (error) {
      const detail = errorMessage(error, 'The password could not be changed');
      setFailed(detail);
      toast.error(detail);
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <Page
        title="Link incomplete"
        lead='Open the link from the email we sent you, or ask for a new one with "Forgot password?" in the sign-in dialog.'
      >
        <Link to="/" className="btn-primary rounded-lg px-5 py-2.5 font-semibold">
          Go to Homepage
        </Link>
      </Page>
    );
  }
  return (
    <Page
      title="Choose a new password"
      lead="You will be signed in here and signed out on every other device."
    >
      <form onSubmit={onSubmit} className="max-w-md space-y-4">
        <NewPasswordField id="reset-password" value={password} onValue={setPassword} />
        {failed && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {failed}. Ask for a new link with &quot;Forgot password?&quot; in the sign-in dialog.
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="btn-primary rounded-lg px-5 py-2.5 font-semibold disabled:opacity-70"
        >
          {busy ? 'Loading...' : 'Set new password'}
        </button>
      </form>
    </Page>
  );
}
