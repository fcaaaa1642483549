import { AuthResponse, User } from '@tracery/contracts';
import { api } from '../../lib/api';

/** The emailed-link calls and the account's own settings. */
interface Detail {
  detail: string;
}

export const verifyEmail = (token: string) =>
  api('/auth/verify-email', { schema: User, body: { token } });

export const resendVerification = () =>
  api<Detail>('/auth/verify-email/resend', { method: 'POST', auth: true });

export const forgotPassword = (email: string) =>
  api<Detail>('/auth/forgot-password', { body: { email } });

export const resetPassword = (token: string, newPassword: string) =>
  api('/auth/reset-password', {
    schema: AuthResponse,
    body: { token, new_password: newPassword },
  });
