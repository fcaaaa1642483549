import { AuthResponse, Detail, TeamAnswer, TeamInvitation, User } from '@tracery/contracts';
import { api } from '../../lib/api';

/** The emailed-link calls and the account's own settings. */
export const verifyEmail = (token: string) =>
  api('/auth/verify-email', { schema: User, body: { token } });

export const resendVerification = () =>
  api('/auth/verify-email/resend', { method: 'POST', auth: true, schema: Detail });

export const forgotPassword = (email: string) =>
  api('/auth/forgot-password', { body: { email }, schema: Detail });

export const resetPassword = (token: string, newPassword: string) =>
  api('/auth/reset-password', {
    schema: AuthResponse,
    body: { token, new_password: newPassword },
  });

export const fetchTeam = () => api('/team', { auth: true, schema: TeamAnswer });

export const inviteMember = (email: string) =>
  api('/team/invitations', { auth: true, body: { email }, schema: TeamInvitation });

export const acceptInvitation = (token: string) =>
  api('/team/invitations/accept', { auth: true, body: { token }, schema: TeamAnswer });

export const revokeInvitation = (id: string) =>
  api<void>(`/team/invitations/${encodeURIComponent(id)}`, { auth: true, method: 'DELETE' });

export const removeMember = (userId: string) =>
  api<void>(`/team/members/${encodeURIComponent(userId)}`, { auth: true, method: 'DELETE' });

/** Confirmed by the password (a Google-only account types its email: the server checks the one it has). */
export const deleteAccount = (confirmation: string) =>
  api<void>('/account', {
    auth: true,
    method: 'DELETE',
    body: { password: confirmation, email: confirmation },
  });
