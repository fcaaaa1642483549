import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@tracery/contracts';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { TextField } from '../../components/TextField';
import { Button } from '../../components/Button';

/**
 * Google sign-in for an email that already has a password account (409 ACCOUNT_LINK_REQUIRED):
 * the server's message, then that account's password, which links the Google account to it.
 */
export function GoogleLinkForm({
  detail,
  onLink,
}: {
  detail: string;
  onLink(password: string): Promise<unknown>;
}) {
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    try {
      await onLink(password);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.googleLoginFailed));
      setSubmitting(false);
    }
  }

  return (
    <form
      className="mt-2 w-full space-y-3 rounded-lg border border-line p-3"
      onSubmit={onSubmit}
      aria-label="Link your Google account"
    >
      <p role="status" className="text-sm">
        {detail}
      </p>
      <TextField
        id="google-link-password"
        label="Password of your Tracery account"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        autoFocus
        value={password}
        onValue={setPassword}
      />
      <Button type="submit" size="block" busy={submitting} busyLabel="Linking...">
        Link Google and sign in
      </Button>
    </form>
  );
}
