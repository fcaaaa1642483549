import { resetPassword } from '../features/account/accountApi';
import { PasswordFromLinkPage } from './PasswordFromLinkPage';

/** The page of the emailed reset link: a new password, then signed in here and out elsewhere. */
export default function ResetPasswordPage() {
  return (
    <PasswordFromLinkPage
      title="Choose a new password"
      lead="You will be signed in here and signed out on every other device."
      incompleteLead='Open the link from the email we sent you, or ask for a new one with "Forgot password?" in the sign-in dialog.'
      fieldId="reset-password"
      submitLabel="Set new password"
      submit={resetPassword}
      success="Your password was changed. Every other session was signed out."
      fallbackError="The password could not be changed"
      failedHint={<>Ask for a new link with &quot;Forgot password?&quot; in the sign-in dialog.</>}
    />
  );
}
