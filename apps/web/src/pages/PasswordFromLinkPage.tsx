import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AuthResponse } from '@tracery/contracts';
import { Button, ButtonLink } from '../components/Button';
import { LinkIncomplete } from '../components/LinkIncomplete';
import { Page } from '../components/Page';
import { NewPasswordField } from '../components/TextField';
import { errorMessage } from '../lib/api';
import { useAuth } from '../features/auth/useAuth';

type Props = {
  title: string;
  lead: string;
  /** What to say when the link came without its token. */
  incompleteLead: string;
  fieldId: string;
  submitLabel: string;
  submit(token: string, password: string): Promise<AuthResponse>;
  success: string;
  fallbackError: string;
  /** Shown under the field, after the error's text, when the link was refused. */
  failedHint?: ReactNode;
};

/**
 * An emailed link whose token plus a new password make a session: the reset link and the
 * guest buyer's verification link. Signed in, the user lands on their account.
 */
export function PasswordFromLinkPage(props: Props) {
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
      acceptSession(await props.submit(token, password));
      toast.success(props.success);
      navigate('/account');
    } catch (error) {
      const detail = errorMessage(error, props.fallbackError);
      setFailed(detail);
      toast.error(detail);
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <LinkIncomplete lead={props.incompleteLead}>
        <ButtonLink to="/">Go to Homepage</ButtonLink>
      </LinkIncomplete>
    );
  }
  return (
    <Page title={props.title} lead={props.lead}>
      <form onSubmit={onSubmit} className="max-w-md space-y-4">
        <NewPasswordField id={props.fieldId} value={password} onValue={setPassword} />
        {failed && props.failedHint && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {failed}. {props.failedHint}
          </p>
        )}
        <Button type="submit" busy={busy}>
          {props.submitLabel}
        </Button>
      </form>
    </Page>
  );
}
