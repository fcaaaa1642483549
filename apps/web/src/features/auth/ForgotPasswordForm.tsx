import { useState, type FormEvent } from 'react';
import { EmailField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { forgotPassword } from '../account/accountApi';
import { Button } from '../../components/Button';

/** "Forgot password?": asks for a reset link; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm({ email: initial, onBack }: { email: string; onBack(): void }) {
  const [email, setEmail] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      setAnswer({ ok: true, text: (await forgotPassword(email.trim())).detail });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error, 'The link could not be requested') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-5 space-y-4" onSubmit={onSubmit}>
      <p className="text-sm text-muted">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <EmailField id="forgot-email" value={email} onValue={setEmail} />
      {answer && (
        <p
          role="status"
          className={`text-sm ${answer.ok ? 'text-ink' : 'text-red-800 dark:text-red-300'}`}
        >
          {answer.text}
        </p>
      )}
      <Button type="submit" size="block" busy={busy}>
        Send reset link
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="w-full text-center text-sm font-semibold text-brand underline underline-offset-2"
      >
        Back to sign in
      </button>
    </form>
  );
}
