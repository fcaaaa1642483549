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

export interface TeamMember {
  user_id: string;
  name: string;
  email: string;
  joined_at: string;
  credits_used: number;
}
export interface TeamInvitation {
  id: string;
  email: string;
  created_at: string;
  expires_at: string;
}
export interface Team {
  id: string;
  role: 'owner' | 'member';
  owner: { user_id: string; name: string; email: string };
  plan_id: string;
  seats: number;
  seats_used: number;
  credits_remaining: number;
  members: TeamMember[];
  invitations: TeamInvitation[];
  active: boolean;
}

export const fetchTeam = () => api<{ team: Team | null }>('/team', { auth: true });

export const inviteMember = (email: string) =>
  api<TeamInvitation>('/team/invitations', { auth: true, body: { email } });

export const acceptInvitation = (token: string) =>
  api<{ team: Team | null }>('/team/invitations/accept', { auth: true, body: { token } });

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
