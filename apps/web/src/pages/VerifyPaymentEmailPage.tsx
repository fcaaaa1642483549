import { verifyGuestEmail } from '../features/pricing/paymentApi';
import { PasswordFromLinkPage } from './PasswordFromLinkPage';

/** The guest buyer's emailed link: a password turns the purchase into an account. */
export default function VerifyPaymentEmailPage() {
  return (
    <PasswordFromLinkPage
      title="Choose your password"
      lead="Last step: set a password for your new Tracery account. Your paid plan is already on it."
      incompleteLead="Open the link from the email we sent after your purchase; it contains a one-time code."
      fieldId="verify-password"
      submitLabel="Create my account"
      submit={verifyGuestEmail}
      success="Registration successful!"
      fallbackError="This link is invalid or has already been used."
    />
  );
}
