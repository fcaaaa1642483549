import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { resendVerification } from './accountApi';
import { Button } from '../../components/Button';

/** Shown until the address is confirmed: what it is for, and the link sent again on request. */
export function VerifyEmailReminder({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setBusy(true);
    try {
      setAnswer({ ok: true, text: (await resendVerification()).detail });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error, 'The link could not be sent') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      role="region"
      aria-label="Confirm your email address"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">Please confirm your email address</p>
      <p className="mt-1 text-sm">
        We sent a link to {email}. Your account works already; a confirmed address is needed to
        invite team members and to recover the account.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" busy={busy} onClick={() => void resend()}>
          Send the link again
        </Button>
        {answer && (
          <span role="status" className="text-sm">
            {answer.text}
          </span>
        )}
      </div>
    </div>
  );
}
