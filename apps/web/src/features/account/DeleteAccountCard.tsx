import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api';
import { setToken } from '../../lib/token';
import { useAuth } from '../auth/useAuth';
import { deleteAccount } from './accountApi';
import { Button } from '../../components/Button';

/** Delete my account: says what goes and what stays, and asks for the password first. */
export function DeleteAccountCard() {
  const { refreshUser } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(confirmation);
      setToken(null);
      await refreshUser();
      toast.success('Your account was deleted');
      navigate('/');
    } catch (err) {
      setError(errorMessage(err, 'The account could not be deleted'));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3 text-sm">
      <p>
        Deleting your account removes your files, conversions, API keys, team and personal data at
        once and cancels an active subscription. Payment records stay, without your name or email,
        for the books. You can sign up again with the same email later; the new account starts
        fresh.
      </p>
      {!open ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="rounded-lg border border-red-700 px-3 py-1.5 font-semibold text-red-800 dark:text-red-300"
        >
          Delete my account
        </button>
      ) : (
        <form onSubmit={onSubmit} className="max-w-md space-y-3">
          <TextField
            id="delete-confirm"
            label="Your password (Google-only account: your email)"
            type="password"
            autoComplete="current-password"
            required
            value={confirmation}
            onValue={setConfirmation}
          />
          {error && (
            <p role="alert" className="text-red-800 dark:text-red-300">
              {error}
            </p>
          )}
          <div className="flex gap-3">
            <Button type="submit" variant="danger" size="md" busy={busy}>
              Delete my account for good
            </Button>
            <Button variant="secondary" size="md" onClick={() => setOpen(false)}>
              Keep my account
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
