import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@tracery/contracts';
import { toast } from 'sonner';
import { Dialog } from '../../components/Dialog';
import { errorMessage } from '../../lib/api';
import { useAuth } from './useAuth';
import { GoogleSignIn } from './GoogleSignIn';
import { EmailField, NewPasswordField, TextField } from '../../components/TextField';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { Button } from '../../components/Button';

/** One dialog for both modes; the header opens it in sign-in or create-account mode. */
export function AuthDialog() {
  const { authDialog, closeAuthDialog, login, register, openAuthDialog } = useAuth();
  if (!authDialog) return null;
  return (
    <AuthForm
      key={authDialog}
      mode={authDialog}
      onClose={closeAuthDialog}
      onToggle={() => openAuthDialog(authDialog === 'signin' ? 'signup' : 'signin')}
      login={login}
      register={register}
    />
  );
}

interface AuthFormProps {
  mode: 'signin' | 'signup';
  onClose(): void;
  onToggle(): void;
  login(email: string, password: string): Promise<unknown>;
  register(name: string, email: string, password: string): Promise<unknown>;
}

function AuthForm({ mode, onClose, onToggle, login, register }: AuthFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [forgot, setForgot] = useState(false);
  const signUp = mode === 'signup';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    try {
      if (signUp) await register(name.trim(), email.trim(), password);
      else await login(email.trim(), password);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, signUp ? MESSAGES.registrationFailed : MESSAGES.loginFailed));
      setSubmitting(false);
    }
  }

  if (forgot) {
    return (
      <Dialog title="Reset your password" onClose={onClose}>
        <ForgotPasswordForm email={email} onBack={() => setForgot(false)} />
      </Dialog>
    );
  }
  return (
    <Dialog
      title={signUp ? 'Create your Tracery account' : 'Welcome back'}
      description={
        signUp
          ? 'Free plan: 25 credits every month, no card needed.'
          : 'Use the email and password of your Tracery account.'
      }
      onClose={onClose}
    >
      <form className="mt-5 space-y-4" onSubmit={onSubmit}>
        {signUp && (
          <TextField
            id="auth-name"
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onValue={setName}
          />
        )}
        <EmailField id="auth-email" value={email} onValue={setEmail} />
        {signUp ? (
          <NewPasswordField id="auth-password" value={password} onValue={setPassword} />
        ) : (
          <TextField
            id="auth-password"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValue={setPassword}
            hint={
              <button
                type="button"
                onClick={() => setForgot(true)}
                className="mt-1 text-sm font-semibold text-brand underline underline-offset-2"
              >
                Forgot password?
              </button>
            }
          />
        )}
        <Button type="submit" size="block" busy={submitting}>
          {signUp ? 'Create Account' : 'Sign In'}
        </Button>
      </form>
      <GoogleSignIn onDone={onClose} />
      <p className="mt-4 text-center text-sm text-muted">
        {signUp ? 'Already registered? ' : 'New to Tracery? '}
        <button
          type="button"
          onClick={onToggle}
          className="font-semibold text-brand underline underline-offset-2"
        >
          {signUp ? 'Use your existing account' : 'Register for free'}
        </button>
      </p>
    </Dialog>
  );
}
